import Catalogue
import LuaRuntime

/// An entry whose script ran: its metadata, and its state kept for the hooks.
public struct LoadedEntry {
    public let file: EntryFile
    public let metadata: EntryMetadata
    /// The names of the functions the returned table provides, as
    /// "animator.animateTransition" (sorted).
    public let hooks: [String]
    public let state: LuaState
    /// The table the script returned, kept alive in the registry.
    public let table: LuaReference
}

/// Loads an entry script in a fresh sandboxed state and reads what it returns.
public enum EntryLoader {
    public static func load(_ file: EntryFile, limits: SandboxLimits = .default) throws(EntryError) -> LoadedEntry {
        let source: String
        do throws(CatalogueError) {
            source = try file.source()
        } catch {
            throw .unreadable(entry: file.stem, error)
        }
        let state: LuaState
        let returned: LuaValue
        do throws(LuaError) {
            state = try LuaState(entry: file.stem, limits: limits)
            try state.load(source, chunkName: file.displayPath)
            try state.call(hook: "main chunk", arguments: 0, results: 1)
            returned = state.value(at: -1, depth: 4)
        } catch {
            throw .script(error)
        }
        let reader = MetadataReader(file: file, source: source)
        guard let table = returned.table else {
            throw reader.problem("the script must return a table with its metadata and hooks; it returned \(returned.typeName)")
        }
        let metadata = try reader.metadata(from: table)
        return LoadedEntry(file: file, metadata: metadata, hooks: hookNames(table), state: state, table: state.reference())
    }

    static func hookNames(_ table: LuaTable) -> [String] {
        var names: [String] = []
        for (key, value) in table.entries {
            guard let key = key.string else { continue }
            if value == .opaque("function") { names.append(key) }
            if let section = value.table {
                for (inner, value) in section.entries where value == .opaque("function") {
                    if let inner = inner.string { names.append("\(key).\(inner)") }
                }
            }
        }
        return names.sorted()
    }
}

/// Checks the metadata fields and points at the line that needs fixing.
struct MetadataReader {
    let file: EntryFile
    let source: String

    func metadata(from table: LuaTable) throws(EntryError) -> EntryMetadata {
        let name = try optionalString("name", in: table) ?? file.stem
        guard EntryMetadata.isValidName(name) else {
            throw problem("'name' must be lowercase letters, digits and dashes (like \"half-sheet\"); got \"\(name)\"",
                          field: "name")
        }
        guard let title = try optionalString("title", in: table), !title.isEmpty else {
            throw problem("'title' is missing: give the entry a short title (a string)", field: "title")
        }
        guard let summary = try optionalString("summary", in: table), !summary.isEmpty else {
            throw problem("'summary' is missing: say in one sentence what the transition does", field: "summary")
        }
        let author = try optionalString("author", in: table)
        var tags: [String] = []
        switch table["tags"] {
        case .nil:
            break
        case .table(let list):
            for value in list.array {
                guard let tag = value.string else {
                    throw problem("'tags' must be a list of strings; it holds a \(value.typeName)", field: "tags")
                }
                tags.append(tag)
            }
        case let other:
            throw problem("'tags' must be a list of strings, got \(other.typeName)", field: "tags")
        }
        return EntryMetadata(name: name, title: title, summary: summary, tags: tags, author: author)
    }

    private func optionalString(_ field: String, in table: LuaTable) throws(EntryError) -> String? {
        switch table[field] {
        case .nil: return nil
        case .string(let value): return value
        case let other: throw problem("'\(field)' must be a string, got \(other.typeName)", field: field)
        }
    }

    /// A metadata problem at the field's line, or at the script's final
    /// `return` when the field is not written anywhere.
    func problem(_ message: String, field: String? = nil) -> EntryError {
        .badMetadata(entry: file.stem, location: ScriptLocation(file: file.displayPath, line: line(of: field)),
                     message: message)
    }

    private func line(of field: String?) -> Int {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        if let field, let index = lines.lastIndex(where: { Self.assigns(field, in: $0) }) {
            return index + 1
        }
        if let index = lines.lastIndex(where: { $0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("return") }) {
            return index + 1
        }
        return 1
    }

    /// Whether the line has `field =` as a table field (not `field ==`).
    static func assigns(_ field: String, in line: Substring) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: field) {
            let before = rest[..<range.lowerBound].last
            let after = rest[range.upperBound...].drop(while: { $0 == " " })
            let boundary = before.map { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") } ?? true
            if boundary, after.hasPrefix("="), !after.hasPrefix("==") { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}

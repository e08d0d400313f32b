import RenderTree
import Catalogue
import Foundation
import LuaRuntime
import TextSafety
import Transitions

/// An entry whose script ran: its metadata and what it implements. The Lua
/// state is gone by then: listing ten thousand entries holds ten thousand of
/// these, not ten thousand states.
public struct LoadedEntry: Sendable {
    public let file: EntryFile
    public let metadata: EntryMetadata
    /// The names of the functions the returned table provides, as
    /// "animator.animateTransition" (sorted).
    public let hooks: [String]
    /// The declared parameters, in name order.
    public let parameters: [ParameterSpec]
    /// What the script printed while it loaded.
    public let printed: [PrintedLine]
    /// The modules it required while it loaded, in the order they were first loaded.
    public let modules: [ModuleFile]
    /// Every module `require` looked for while it loaded, found or not, as it was read.
    public let moduleReads: [ModuleRead]
    /// What `segue check` last found, when this came from the cache and the
    /// entry was checked (every standard scenario, default options) since it last changed.
    public internal(set) var check: CheckStatus? = nil
}

/// A check's outcome in short: how many errors and warnings its scenarios found.
public struct CheckStatus: Sendable, Equatable {
    public let errors: Int
    public let warnings: Int

    public init(errors: Int, warnings: Int) {
        (self.errors, self.warnings) = (errors, warnings)
    }
}

/// One module name `require` looked for: the SHA-256 of the text read (nil
/// when there was no file to read) and whether it compiled.
public struct ModuleRead: Sendable, Equatable {
    public let name: String
    public let sha256: String?
    public internal(set) var compiled: Bool
}

/// Loads an entry script in a fresh sandbox, with the same environment the
/// scenarios give it (the prelude and the whole API), and reads what it
/// returns.
public enum EntryLoader {
    /// The entry from `cache` when its record still matches the files on
    /// disk, else loaded (and kept in `cache` for next time).
    /// With a cache, an entry it misses is loaded in one of `sandboxes` (the listing's own pool when not given).
    public static func load(_ file: EntryFile, limits: SandboxLimits = .default, cache: EntryCache? = nil,
                            sandboxes: SandboxPool? = nil) throws(EntryError) -> LoadedEntry {
        guard let cache else { return try load(file, source: read(file, file.source), limits: limits) }
        // A file its record vouches for (the same file, unchanged since well before it was read) is not read again:
        // most of a listing of unchanged entries was opening, reading and hashing them.
        if cache.keepsItsOwnTimes(file.directory), let identity = file.plainFileIdentity(),
           let kept = cache.lookup(file, identity: identity, limits: limits) {
            return kept
        }
        // Known bytes are text that loaded before: only a file the cache misses is decoded.
        let readAt = EntryCache.now()
        let (bytes, identity) = try read(file, file.contentsAndIdentity)
        return try load(file, hash: SHA256.hex(bytes), identity: cache.settled(identity, of: file, readAt: readAt), limits: limits,
                        cache: cache, sandboxes: sandboxes ?? listing) {
            () throws(EntryError) in try read(file) { () throws(CatalogueError) in try file.text(of: bytes) }
        }
    }

    /// What `body` reads of `file`, its failure as the entry's.
    private static func read<T>(_ file: EntryFile, _ body: () throws(CatalogueError) -> T) throws(EntryError) -> T {
        do throws(CatalogueError) {
            return try body()
        } catch {
            throw .unreadable(entry: file.stem, error)
        }
    }

    /// `source` is the entry's text as just read.
    public static func load(_ file: EntryFile, source: String, limits: SandboxLimits = .default,
                            cache: EntryCache?) throws(EntryError) -> LoadedEntry {
        guard let cache else { return try load(file, source: source, limits: limits) }
        return try load(file, hash: EntryCache.hash(source), identity: nil, limits: limits, cache: cache, sandboxes: nil) { source }
    }

    /// Ready sandboxes for entries loaded to be listed: one a worker at a time, without images of loaded entries.
    private static let listing = SandboxPool(keepsLoaded: false)

    /// The entry whose text has SHA-256 `hash` from `cache`, else its `source()` loaded (in one of `sandboxes`: rewound
    /// to its ready image, not made from nothing, which was most of what a new entry cost a listing) and kept there.
    /// `identity`: the file the text was read from, when settled (`EntryCache.settled`); a record without it gets it.
    private static func load(_ file: EntryFile, hash: String, identity: FileIdentity?, limits: SandboxLimits, cache: EntryCache,
                             sandboxes: SandboxPool?, source: () throws(EntryError) -> String) throws(EntryError) -> LoadedEntry {
        if let (kept, record) = cache.lookup(file, limits: limits, matches: { $0.source == hash }) {
            // The same text in a file touched, copied or restored since: the record vouches for this file from now on.
            if let identity, record.file != identity {
                cache.store(kept, sourceHash: hash, limits: limits, check: record.check, file: identity)
            }
            return kept
        }
        let loaded = try load(file, source: source(), limits: limits, sandbox: sandboxes?.lease(limits))
        cache.store(loaded, sourceHash: hash, limits: limits, file: identity)
        return loaded
    }

    /// - Parameters:
    ///   - chunks: where to keep the compiled files for the scenarios run next.
    ///   - style: the appearance the file's own code sees (`--appearance`), as its scenarios will.
    ///   - sandbox: the entry's sandbox from the run's pool: the entry is loaded in it (rewound to its ready image,
    ///     not made from nothing), and it keeps the entry loaded, where loading touched nothing of the run, for the
    ///     scenarios run with the same lease (`ScenarioOptions.sandbox`).
    public static func load(_ file: EntryFile, source: String, limits: SandboxLimits = .default,
                            chunks: ChunkCache? = nil, style: InterfaceStyle = .light,
                            sandbox: SandboxLease? = nil) throws(EntryError) -> LoadedEntry {
        let simulation = Simulation()
        simulation.interfaceStyle = style
        let runtime = try ScriptRuntime(file: file, source: source, simulation: simulation, limits: limits, chunks: chunks,
                                        prepared: sandbox?.sandbox)
        // Reading the table is the host's work on the entry's behalf: watched too.
        let reader = MetadataReader(file: file, source: source)
        guard let table = runtime.state.measuringTime({ runtime.metadataTable() }) else {
            throw reader.problem("the metadata hold far more than any entry needs (at most 16 tags, and a few hundred characters of text)")
        }
        let metadata = try reader.metadata(from: table)
        return LoadedEntry(file: file, metadata: metadata, hooks: hookNames(table), parameters: runtime.declaredParameters,
                           printed: runtime.state.printedWithDrops, modules: runtime.modules, moduleReads: runtime.moduleReads)
    }

    static func hookNames(_ table: LuaTable) -> [String] {
        var names: [String] = []
        for (key, value) in table.entries {
            guard let key = key.string else { continue }
            if value == .opaque("function") { names.append(key) }
            if let section = value.table {
                for (inner, value) in section.entries {
                    // A declared gesture (interaction.dismissal = {…}) counts as one, its rule's functions with it.
                    let declared = value == .opaque("function") || (key == "interaction" && (value.table != nil || value == .opaque("table")))
                    if declared, let inner = inner.string { names.append("\(key).\(inner)") }
                }
            }
        }
        return names.sorted()
    }
}

extension ScriptRuntime {
    /// The entry's table as far as metadata and hook names need it: the
    /// fields Segue knows (never the script's own `_` ones, which may be
    /// large), two levels deep, and no more entries than a checked entry has.
    /// Nil when the fields hold far more than a checked entry's (their copy stopped short).
    func metadataTable() -> LuaTable? {
        state.push(entry!)
        defer { state.pop() }
        var budget = EntryShape.keyLimit * 4
        var entries: [(key: LuaValue, value: LuaValue)] = []
        for key in EntryShape.topLevel where key != "parameters" {
            state.pushField(key, of: -1)
            let value = state.value(at: -1, depth: 1, budget: &budget, skippingOwnKeys: true)
            state.pop()
            if budget < 0 { return nil }
            if value != .nil { entries.append((.string(key), value)) }
        }
        return LuaTable(entries: entries)
    }
}

/// Checks the metadata fields and points at the line that needs fixing.
public struct MetadataReader {
    let file: EntryFile
    let source: String

    func metadata(from table: LuaTable) throws(EntryError) -> EntryMetadata {
        let given = try optionalString("name", in: table)
        let name = given ?? file.stem
        guard given != nil || EntryMetadata.isValidName(name) else {
            // No 'name' field to blame: the file's name is the entry's.
            // Written in Latin letters first, by ICU's transliterator (after NFKC, which
            // makes ℌ and 𝐁 plain letters): émoji-1 → emoji-1, Øresund → Oresund,
            // ｆｕｌｌ → full, Αθήνα → Athena.
            let compatible = name.precomposedStringWithCompatibilityMapping
            let folded = compatible.applyingTransform(StringTransform("Any-Latin; Latin-ASCII"), reverse: false)
                ?? compatible.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            let dashed = String(folded.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
            let suggested = dashed.split(separator: "-").joined(separator: "-")
            let hint = EntryMetadata.isValidName(suggested) ? " (\(suggested).lua, say)" : ""
            throw problem("the file's name \(Suggestion.shortened(file.stem)).lua is the entry's name, which must be lowercase letters, "
                          + "digits and dashes (like half-sheet.lua), at most 64 of them; rename the file\(hint)")
        }
        guard EntryMetadata.isValidName(name) else {
            throw problem("'name' must be lowercase letters, digits and dashes (like \"half-sheet\"), at most 64 of them; "
                          + "got \"\(Suggestion.shortened(name))\"", field: "name")
        }
        // Commands find an entry by its file's name: a different name could never be typed.
        guard name == file.stem else {
            throw problem("'name' is \"\(name)\" but the file is \(file.stem).lua: an entry is called by its file's name; "
                          + "rename the file to \(name).lua or leave 'name' out", field: "name")
        }
        guard let title = try optionalString("title", in: table), !title.isEmpty else {
            throw problem("'title' is missing: give the entry a short title (a string)", field: "title")
        }
        guard let summary = try optionalString("summary", in: table), !summary.isEmpty else {
            throw problem("'summary' is missing: say in one sentence what the transition does", field: "summary")
        }
        let author = try optionalString("author", in: table)
        let source = try optionalString("source", in: table)
        if let source, source.allSatisfy(\.isWhitespace) {
            throw problem("'source' is empty: name the library or guideline the entry follows, or leave 'source' out", field: "source")
        }
        for (field, value, limit) in [("title", title, 100), ("summary", summary, 1000), ("author", author ?? "", 200),
                                      ("source", source ?? "", 300)] {
            // Counted in Unicode scalars: a run of combining marks is one Character of any length.
            let length = value.unicodeScalars.count
            if length > limit { throw problem("'\(field)' is \(length) characters long; keep it under \(limit)", field: field) }
            if value.containsControlCharacters {
                throw problem("'\(field)' must be one line of text, without control characters", field: field)
            }
        }
        var tags: [String] = []
        switch table["tags"] {
        case .nil:
            break
        case .table(let list):
            guard list.entries.count <= 16 else { throw problem("'tags' holds \(list.entries.count) tags; at most 16", field: "tags") }
            for value in list.array {
                guard let tag = value.string else {
                    throw problem("'tags' must be a list of strings; it holds a \(value.typeName)", field: "tags")
                }
                guard tag.unicodeScalars.count <= 32, !tag.containsControlCharacters else {
                    throw problem("a tag is at most 32 characters of text, without control characters", field: "tags")
                }
                tags.append(tag)
            }
        case let other:
            throw problem("'tags' must be a list of strings, got \(other.typeName)", field: "tags")
        }
        return EntryMetadata(name: name, title: title, summary: summary, tags: tags, author: author, source: source)
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
        let lines = Self.lines(of: source)
        if let field, let index = Self.lastLine(assigning: field, in: lines) {
            return index
        }
        let keyword = Array("return".utf8)
        if let index = lines.lastIndex(where: { $0.drop(while: { $0 == 0x20 || $0 == 0x09 }).starts(with: keyword) }) {
            return index + 1
        }
        return 1
    }

    /// The script's lines as Lua counts them (`\n`, `\r`, `\r\n` and `\n\r` each end one), as bytes: Swift's
    /// characters hold `\r\n` as one, which would not split there, and a line number must be Lua's.
    static func lines(of source: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(source.utf8)
        var lines: [ArraySlice<UInt8>] = []
        var start = 0, i = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard byte == 0x0A || byte == 0x0D else { i += 1; continue }
            lines.append(bytes[start..<i])
            i += 1
            if i < bytes.count, bytes[i] != byte, bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
            start = i
        }
        lines.append(bytes[start..<bytes.count])
        return lines
    }

    /// The number of the last line that assigns `field`, if one does.
    static func lastLine(assigning field: String, in lines: [ArraySlice<UInt8>]) -> Int? {
        let name = Array(field.utf8)
        return lines.lastIndex { assigns(name, in: $0) }.map { $0 + 1 }
    }

    /// Whether the line has `field =` as a table field (not `field ==`).
    /// A field longer than any name (a key a script built, of megabytes) is
    /// not looked for: each line's search would cost the key's length.
    public static func assigns(_ field: String, in line: Substring) -> Bool {
        assigns(Array(field.utf8), in: ArraySlice(line.utf8))
    }

    /// By bytes: Lua's names are ASCII, so a byte of a longer name, a dot (a field of something else) or any
    /// non-ASCII byte before the field means it is not the field itself.
    static func assigns(_ field: [UInt8], in line: ArraySlice<UInt8>) -> Bool {
        guard let first = field.first, field.count <= LuaState.nameLimit, line.count > field.count else { return false }
        func joins(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        }
        var start = line.startIndex
        while start + field.count <= line.endIndex {
            defer { start += 1 }
            guard line[start] == first, line[start..<start + field.count].elementsEqual(field) else { continue }
            guard start == line.startIndex || !joins(line[start - 1]) else { continue }
            var after = start + field.count
            while after < line.endIndex, line[after] == 0x20 { after += 1 }
            guard after < line.endIndex, line[after] == UInt8(ascii: "=") else { continue }
            if after + 1 < line.endIndex, line[after + 1] == UInt8(ascii: "=") { continue }
            return true
        }
        return false
    }
}

import ArgumentParser
import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Transitions

/// What the shells' completion scripts ask segue for (`segue
/// --generate-completion-script bash|zsh|fish` writes them; ArgumentParser
/// calls back into segue for these). Each gets the words typed so far, the
/// index of the word being completed and its text up to the cursor.
enum Completion {
    /// Only candidates made of these reach a shell: bash's generated script
    /// passes candidates through `compgen -W`, which expands `$(…)`, `${…}`
    /// and backquotes, so a file named `$(rm …).lua` must never be offered.
    /// (Entry names are letters, digits and dashes anyway.)
    static func isSafe(_ word: String) -> Bool {
        !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._/~+-=:,@%".unicodeScalars.contains($0)) }
    }

    /// Entry names from the catalogues in use (with the command line's own
    /// `--catalogue` folders), `catalogue/entry`, and `.lua` files and
    /// folders once the word looks like a path.
    @Sendable static func entries(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        if prefix.hasPrefix(".") || prefix.hasPrefix("/") || prefix.hasPrefix("~") || looksLikePath(prefix, words: words) {
            return paths(prefix)
        }
        let folders = searchPath(words)?.folders ?? []
        var names: [String] = []
        if let slash = prefix.firstIndex(of: "/") {
            let catalogue = String(prefix[..<slash])
            for folder in folders where folder.name == catalogue {
                names += ((try? folder.entryFiles()) ?? []).map { "\(catalogue)/\($0.stem)" }
            }
        } else {
            for folder in folders { names += ((try? folder.entryFiles()) ?? []).map(\.stem) }
            // Scripts in the working directory are entries by their short name too.
            names += paths("").filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }
        }
        var seen = Set<String>()
        return names.filter { $0.hasPrefix(prefix) && isSafe($0) && seen.insert($0).inserted }.sorted()
    }

    /// `--param KEY=`: the parameter names of the entry on the command line,
    /// and a string parameter's choices once its `=` is typed.
    @Sendable static func parameters(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let searchPath = searchPath(words) else { return [] }
        // The first word after the command that names exactly one entry.
        for (i, word) in words.enumerated() where i >= 2 && i != index && !word.hasPrefix("-") {
            guard (try? Target.parse(word)) != nil,
                  let target = try? Target.resolve(word, in: { searchPath }), target.files.count == 1, target.problems.isEmpty,
                  let entry = try? EntryLoader.load(target.files[0], limits: SandboxLimits(memory: 16 << 20, time: .milliseconds(500)),
                                                    cache: CatalogueOptions.entryCache)
            else { continue }
            var candidates: [String] = []
            for spec in entry.parameters {
                candidates.append("\(spec.name)=")
                for choice in spec.choices ?? [] { candidates.append("\(spec.name)=\(choice)") }
                if spec.kind == .boolean { candidates += ["\(spec.name)=true", "\(spec.name)=false"] }
            }
            // Values only once the key is typed, so the first list is short.
            let shown = prefix.contains("=") ? candidates.filter { !$0.hasSuffix("=") } : candidates.filter { $0.hasSuffix("=") }
            return shown.filter { $0.hasPrefix(prefix) && isSafe($0) }
        }
        return []
    }

    /// `.lua` files and folders (for descending into) beginning with `prefix`.
    static func paths(_ prefix: String) -> [String] {
        let expanded = prefix.hasPrefix("~") ? NSString(string: prefix).expandingTildeInPath : prefix
        let folderPart = expanded.hasSuffix("/") ? expanded : (expanded as NSString).deletingLastPathComponent
        let shownFolder = prefix.hasSuffix("/") ? prefix : (prefix as NSString).deletingLastPathComponent
        let namePart = expanded.hasSuffix("/") ? "" : (expanded as NSString).lastPathComponent
        let folder = folderPart.isEmpty ? "." : folderPart
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var result: [String] = []
        // A folder of thousands of files still answers at once.
        for name in names.sorted().prefix(5000) where name.hasPrefix(namePart) && (!name.hasPrefix(".") || namePart.hasPrefix(".")) {
            var isDirectory: ObjCBool = false
            let path = (folder as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue || (name.hasSuffix(".lua") && !ModuleFile.isModuleFileName(name)) else { continue }
            let shown = shownFolder.isEmpty ? name : shownFolder.hasSuffix("/") ? shownFolder + name : shownFolder + "/" + name
            if isSafe(shown) { result.append(shown) }
        }
        return result
    }

    /// A word with a slash whose first part is not a catalogue's name is a path.
    private static func looksLikePath(_ prefix: String, words: [String]) -> Bool {
        guard let slash = prefix.firstIndex(of: "/") else { return false }
        let first = String(prefix[..<slash])
        return !(searchPath(words)?.folders.contains { $0.name == first } ?? false)
    }

    /// The catalogues in use, with the `--catalogue` folders typed so far.
    private static func searchPath(_ words: [String]) -> CatalogueSearchPath? {
        var extra: [String] = []
        for (i, word) in words.enumerated() {
            if word == "--catalogue", i + 1 < words.count { extra.append(words[i + 1]) }
            if word.hasPrefix("--catalogue=") { extra.append(String(word.dropFirst("--catalogue=".count))) }
        }
        return try? CatalogueSearchPath.standard(extra: extra)
    }
}

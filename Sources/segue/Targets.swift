import ArgumentParser
import Catalogue
import Foundation
import LuaRuntime
import TextSafety

/// What a command line names: an entry (`fade`, `half-sheet(edge: right)`), a
/// script file or a catalogue folder.
struct Target {
    var files: [EntryFile] = []
    var problems: [String] = []
    /// Parameters given in the name's parentheses.
    var parameters: [String: String] = [:]
    /// Catalogue folders in use that could not be read while looking (said, not fatal: the name may be elsewhere).
    var warnings: [String] = []
    /// A module's file (`_hero.lua`) was named: why it is not an entry. A
    /// command that takes one entry refuses it; check passes over it, so
    /// that `check team/*.lua` checks the entries and not their modules.
    var module: String?

    /// Splits `name(key: value, key: value)` into the name and its parameters.
    static func parse(_ text: String) throws -> (name: String, parameters: [String: String]) {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return (text, [:]) }
        let name = String(text[..<open])
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        var parameters: [String: String] = [:]
        for pair in inside.split(separator: ",") where !pair.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = pair.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("'\(text)': parameters are written name(key: value, …); '\(pair)' is not key: value")
            }
            guard parameters[parts[0]] == nil else {
                throw ValidationError("'\(text)': '\(parts[0])' is given twice")
            }
            var value = parts[1]
            // Quotes around a value are taken off in pairs; a lone one is a typo, not part of the value.
            if let first = value.first, first == "\"" || first == "'" {
                guard value.count >= 2, value.last == first else {
                    throw ValidationError("'\(text)': the value of '\(parts[0])' opens a quote it does not close")
                }
                value = String(value.dropFirst().dropLast())
            } else if value.last == "\"" || value.last == "'" {
                throw ValidationError("'\(text)': the value of '\(parts[0])' closes a quote it does not open")
            }
            parameters[parts[0]] = value
        }
        return (name, parameters)
    }

    /// `--param key=value`, repeatable.
    static func parameters(_ options: [String]) throws -> [String: String] {
        var result: [String: String] = [:]
        for option in options {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else { throw ValidationError("--param takes key=value, got '\(option)'") }
            // As in a name with arguments: the same parameter twice is a mistake, not a choice of the last.
            if let earlier = result[parts[0]], earlier != parts[1] {
                throw ValidationError("--param \(parts[0]) is given twice ('\(earlier)' and '\(parts[1])'): give it once")
            }
            result[parts[0]] = parts[1]
        }
        return result
    }

    /// What resolving found wrong, as an exit status: 2 when what was named
    /// does not exist, 64 when a name is ambiguous, 1 when a folder could
    /// not be read.
    var status: ExitCode = .success

    mutating func fail(_ problem: String, _ status: ExitCode) {
        problems.append(problem)
        self.status = ExitStatus.first(self.status, status)
    }

    /// Whether a word names a path rather than an entry: it has a slash or
    /// ends in `.lua`, or is `.` or `..`. A bare word is always a name, so a
    /// file `fade` or a folder `fade/` in the working folder (a clone of a
    /// stranger's repository named `built-in`, say) never stands in for the
    /// entry or catalogue of that name: it is named `./fade`.
    static func isPath(_ word: String) -> Bool {
        word.utf8.contains(UInt8(ascii: "/")) || word.hasSuffix(".lua") || word == "." || word == ".."
    }

    /// Resolves a command line's word. In order: a path (a `.lua` file or a
    /// folder of them); `catalogue/entry`; a short name, which is an entry of
    /// a catalogue in use or `./NAME.lua` in the working directory, and
    /// must be only one of them: a name found twice is refused, listing the
    /// names that say which (a file here never silently wins over an entry,
    /// nor one catalogue over another); one file reached both ways is one
    /// entry. A short name that is no entry but a catalogue's name is that
    /// catalogue's entries.
    static func resolve(_ text: String, in searchPath: () throws -> CatalogueSearchPath) throws -> Target {
        let (name, parameters) = try parse(text)
        var target = Target(parameters: parameters)
        var isDirectory: ObjCBool = false
        // `built-in` is segue's own catalogue, whatever the working folder holds (a folder of that name is `./built-in`).
        if name.trimmingSuffix("/") == BuiltinCatalogue.label, let builtin = try searchPath().folders.first(where: { $0.label == BuiltinCatalogue.label }) {
            do { target.files = try builtin.entryFiles() } catch { target.fail(error.description, ExitStatus.notFound) }
            return target
        }
        if isPath(name), FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) {
            let url = URL(fileURLWithPath: name)
            if isDirectory.boolValue {
                do {
                    target.files = try CatalogueFolder(url: url, label: CatalogueFolder.userLabel(name)).entryFiles()
                } catch {
                    target.fail(error.description, ExitStatus.notFound)
                }
            } else if ModuleFile.isModuleFileName(url.lastPathComponent) {
                target.module = moduleNotEntry(name.escapingControlCharacters, fileName: url.lastPathComponent)
            } else {
                // Its folder is the bound: a link out of it is refused, as
                // in a catalogue (a glob such as team/*.lua names every link).
                target.files = [EntryFile(url: url, catalogue: "(file)", folder: url.deletingLastPathComponent())]
            }
            return target
        }
        let folders = try searchPath().folders
        let shown = name.escapingControlCharacters
        if name.contains("/") || name.hasSuffix(".lua") {
            let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !name.hasSuffix(".lua"), let folder = folders.first(where: { $0.name == parts[0] }) else {
                target.fail(CatalogueError.notFound(path: shown).description, ExitStatus.notFound)
                return target
            }
            let files = (try? folder.entryFiles()) ?? []
            if let file = files.first(where: { $0.stem == parts[1] }) {
                target.files = [file]
            } else {
                let hint = Suggestion.nearest(to: parts[1], in: files.map(\.stem)).map { "; did you mean '\(parts[0])/\($0)'?" } ?? ""
                target.fail("\(shown): the catalogue '\(parts[0])' has no entry '\(parts[1].escapingControlCharacters)'\(hint)", ExitStatus.notFound)
            }
            return target
        }
        var found: [(qualified: String, file: EntryFile)] = []
        var known: [String] = []
        var searched: [String] = []
        for folder in folders {
            let files: [EntryFile]
            do {
                files = try folder.entryFiles()
            } catch {
                target.warnings.append(error.description)
                searched.append("\(folder.name.escapingControlCharacters) (\(folder.url.path.escapingControlCharacters), unreadable)")
                continue
            }
            searched.append("\(folder.name.escapingControlCharacters) (\(folder.url.path.escapingControlCharacters))")
            // A folder named by its path (a loose `./built-in`) is qualified by the entry's file, which is what can be typed.
            let qualified = folder.name.contains("/") ? "\(folder.name.escapingControlCharacters)/\(name).lua" : "\(folder.name.escapingControlCharacters)/\(name)"
            if let file = files.first(where: { $0.stem == name }) { found.append((qualified, file)) }
            known += files.map(\.stem)
        }
        let local = URL(fileURLWithPath: name + ".lua")
        if !ModuleFile.isModuleFileName(local.lastPathComponent),
           FileManager.default.fileExists(atPath: local.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            found.insert(("./\(name).lua", EntryFile(url: local, catalogue: "(file)", folder: local.deletingLastPathComponent())), at: 0)
        }
        found = sameFilesOnce(found)
        switch found.count {
        case 1:
            target.files = [found[0].file]
        case 0:
            if let catalogue = folders.first(where: { $0.name == name }) {
                do {
                    target.files = try catalogue.entryFiles()
                } catch {
                    target.fail(error.description, ExitStatus.problems)
                }
                return target
            }
            var pathHint = ""
            if FileManager.default.fileExists(atPath: name) {
                pathHint = "./\(shown) is in this folder: a file or folder is named by its path ('./\(shown)'); "
            }
            let hint = Suggestion.nearest(to: name, in: known).map { "did you mean '\($0)'? " } ?? ""
            target.fail("\(shown): no entry of that name; \(pathHint)\(hint)looked in ./\(shown).lua and the catalogues "
                + searched.joined(separator: ", ") + " (see 'segue list')", ExitStatus.notFound)
        default:
            target.fail("\(shown) names more than one entry: say which, as "
                + found.map { "'\($0.qualified)'" }.joined(separator: " or "), ExitStatus.usage)
        }
        return target
    }
}

extension Target {
    /// The found entries with each file once: `./x.lua` typed inside a
    /// catalogue folder in use is that catalogue's `x`, not a second entry
    /// (the catalogue's entry is kept, which messages can name). Files are
    /// the same when the system says so (device and inode), not when their
    /// paths read alike.
    static func sameFilesOnce(_ found: [(qualified: String, file: EntryFile)]) -> [(qualified: String, file: EntryFile)] {
        func identity(_ file: EntryFile) -> [UInt64]? {
            var info = stat()
            guard stat(file.url.path, &info) == 0 else { return nil }
            return [UInt64(info.st_dev), UInt64(info.st_ino)]
        }
        var place: [[UInt64]: Int] = [:]
        var kept: [(qualified: String, file: EntryFile)] = []
        for item in found {
            guard let id = identity(item.file) else {
                kept.append(item)
                continue
            }
            if let earlier = place[id] {
                // The catalogue's entry, which a message can name, stands for both.
                if kept[earlier].qualified.hasPrefix("./") { kept[earlier] = item }
                continue
            }
            place[id] = kept.count
            kept.append(item)
        }
        return kept
    }

    /// Why a module's file cannot be run, checked or previewed, and how it is used instead.
    static func moduleNotEntry(_ shown: String, fileName: String) -> String {
        let module = String(fileName.dropFirst().dropLast(".lua".count))
        return "\(shown): is a module the entries beside it share (its name starts with '_'), not an entry; "
            + "an entry loads it with require(\"\(module)\")"
    }

    /// The one entry a command that takes one is given; what is wrong is
    /// printed and thrown as its exit status (quiet: thrown as one sentence,
    /// for a caller that shows it elsewhere).
    func single(_ text: String, quiet: Bool = false) throws -> EntryFile {
        var problems = self.problems, status = self.status
        if let module {
            problems.append(module)
            status = ExitStatus.usage
        } else if files.count > 1 {
            problems.append("\(text.escapingControlCharacters): takes one entry, not a folder")
            status = ExitStatus.usage
        } else if files.isEmpty && problems.isEmpty {
            problems.append("\(text.escapingControlCharacters): the folder has no entries")
            status = ExitStatus.notFound
        }
        if !quiet { for warning in warnings { Output.warning(warning) } }
        guard problems.isEmpty, let file = files.first else {
            if quiet { throw ValidationError(problems.joined(separator: "; ")) }
            for problem in problems { Output.error(problem) }
            throw status
        }
        return file
    }
}

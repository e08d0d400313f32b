import ArgumentParser
import Catalogue
import Foundation

/// What a command line names: an entry (`fade`, `half-sheet(edge: right)`), a
/// script file or a catalogue folder.
struct Target {
    var files: [EntryFile] = []
    var problems: [String] = []
    /// Parameters given in the name's parentheses.
    var parameters: [String: String] = [:]

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
            result[parts[0]] = parts[1]
        }
        return result
    }

    static func resolve(_ text: String, in searchPath: () throws -> CatalogueSearchPath) throws -> Target {
        let (name, parameters) = try parse(text)
        var target = Target(parameters: parameters)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) {
            let url = URL(fileURLWithPath: name)
            if isDirectory.boolValue {
                do {
                    target.files = try CatalogueFolder(url: url, label: name).entryFiles()
                } catch {
                    target.problems.append(error.description)
                }
            } else {
                // Its folder is the bound: a link out of it is refused, as
                // in a catalogue (a glob such as team/*.lua names every link).
                target.files = [EntryFile(url: url, catalogue: "(file)", folder: url.deletingLastPathComponent())]
            }
            return target
        }
        if name.contains("/") || name.hasSuffix(".lua") {
            target.problems.append(CatalogueError.notFound(path: name).description)
            return target
        }
        var known: [String] = []
        for folder in try searchPath().folders {
            guard let files = try? folder.entryFiles() else { continue }
            if let file = files.first(where: { $0.stem == name }) {
                target.files = [file]
                return target
            }
            known += files.map(\.stem)
        }
        let hint = Suggestion.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? " (see 'segue list')"
        target.problems.append("\(name): no entry of that name in any catalogue in use\(hint)")
        return target
    }
}

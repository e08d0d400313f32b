import Foundation
import TextSafety
import TOMLKit

/// What a shared catalogue says about itself: `catalogue.toml` at the top of
/// its folder (docs/catalogue-format.md).
public struct CatalogueManifest: Sendable, Equatable {
    public static let fileName = "catalogue.toml"
    /// The format this segue reads; a newer one is refused with advice to update.
    public static let format = 1
    /// A manifest is a dozen lines; a larger file is a mistake or an attack.
    public static let sizeLimit = 64 << 10
    static let textLimit = 1000, listLimit = 100

    public var name: String
    public var version: SemanticVersion
    public var summary: String?
    public var authors: [String]
    public var licence: String?
    public var homepage: String?
    /// The oldest segue that can use this catalogue.
    public var segue: SemanticVersion?

    /// `license` is `licence` as SwiftPM, CocoaPods, npm and Cargo spell it: either is read, not both.
    static let keys = ["format", "name", "version", "summary", "authors", "licence", "license", "homepage", "segue"]

    /// Reads and checks `catalogue.toml` in `folder`.
    ///
    /// - Parameters:
    ///   - displayPath: the manifest's path as messages show it.
    ///   - segueVersion: the running segue's version; nil skips the `segue` check.
    /// - Returns: nil when the folder has no manifest (a loose folder).
    /// - Throws: `.manifest(path:line:message:)` for every problem, with its line.
    public static func load(in folder: URL, displayPath: String, segueVersion: String?) throws(CatalogueError) -> CatalogueManifest? {
        let url = folder.appendingPathComponent(fileName)
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .manifest(path: displayPath, line: 1, message: "is not a regular file (a link, a folder or a device)")
        }
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(url, limit: sizeLimit)
        } catch BoundedFile.Failure.tooLarge {
            throw .manifest(path: displayPath, line: 1, message: "is larger than \(sizeLimit >> 10) KiB; a manifest is a dozen lines")
        } catch {
            throw .manifest(path: displayPath, line: 1, message: "cannot be read (\(error))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .manifest(path: displayPath, line: 1, message: "is not UTF-8 text")
        }
        return try parse(text, path: displayPath, segueVersion: segueVersion)
    }

    public static func parse(_ text: String, path: String, segueVersion: String?) throws(CatalogueError) -> CatalogueManifest {
        guard text.utf8.count <= sizeLimit else {
            throw .manifest(path: path, line: 1, message: "is larger than \(sizeLimit >> 10) KiB; a manifest is a dozen lines")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .manifest(path: path, line: max(1, error.source.begin.line), message: "TOML: \(error.description) (column \(error.source.begin.column))")
        } catch {
            throw .manifest(path: path, line: 1, message: "TOML: \(error)")
        }
        let lines = ManifestLines(text)
        func fail(_ key: String?, _ message: String) -> CatalogueError {
            .manifest(path: path, line: key.map { lines.line(of: $0) } ?? 1, message: message)
        }
        for key in table.keys.sorted() where !keys.contains(key) {
            throw fail(key, "unknown key '\(Suggestion.shortened(key).escapingControlCharacters)'"
                + (Suggestion.nearest(to: key, in: keys).map { "; did you mean '\($0)'?" } ?? "; the keys are \(keys.joined(separator: ", "))"))
        }
        guard let format = table["format"] else {
            throw fail(nil, "'format' is missing; write format = \(Self.format) first")
        }
        guard let number = format.int else { throw fail("format", "'format' must be an integer (format = \(Self.format)), not \(format.type.withArticle)") }
        guard number == Self.format else {
            throw fail("format", number > Self.format
                ? "format \(number) is newer than this segue reads (\(Self.format)); update segue"
                : "format \(number) is not a catalogue format; write format = \(Self.format)")
        }
        func string(_ key: String, required: Bool, limit: Int = textLimit) throws(CatalogueError) -> String? {
            guard let value = table[key] else {
                if required { throw fail(nil, "'\(key)' is missing; add \(key) = \"…\"") }
                return nil
            }
            guard let text = value.string else { throw fail(key, "'\(key)' must be a string, not \(value.type.withArticle)") }
            try check(text, key, limit: limit)
            return text
        }
        func check(_ text: String, _ key: String, limit: Int) throws(CatalogueError) {
            // Scalars, not Characters: one Character can hold any number of combining marks.
            guard text.unicodeScalars.count <= limit else { throw fail(key, "'\(key)' is longer than \(limit) characters") }
            guard !text.unicodeScalars.contains(where: { $0.isControl }) else {
                throw fail(key, "'\(key)' holds a control character (a line break or an escape); keep it on one line")
            }
        }
        let name = try string("name", required: true, limit: 64) ?? ""
        guard EntryMetadata.isValidName(name) else {
            throw fail("name", "name '\(name)' is not a catalogue name: lowercase letters, digits and dashes, starting with a letter or digit")
        }
        guard name != BuiltinCatalogue.label else { throw fail("name", "'\(name)' is the name of segue's own catalogue; choose another") }
        let versionText = try string("version", required: true, limit: 128) ?? ""
        guard let version = SemanticVersion(versionText) else {
            throw fail("version", "version '\(versionText)' is not a semantic version (MAJOR.MINOR.PATCH, e.g. \"1.0.0\")")
        }
        var minimum: SemanticVersion?
        if let text = try string("segue", required: false, limit: 128) {
            guard let parsed = SemanticVersion(text, lenient: true) else {
                throw fail("segue", "segue '\(text)' is not a version (e.g. segue = \"0.1\")")
            }
            if let segueVersion, let running = SemanticVersion(segueVersion), running < parsed {
                throw fail("segue", "this catalogue needs segue \(text) or newer; this is segue \(segueVersion): update segue")
            }
            minimum = parsed
        }
        var authors: [String] = []
        if let value = table["authors"] {
            guard let array = value.array else { throw fail("authors", "'authors' must be a list of strings, e.g. authors = [\"Ana <ana@example.com>\"]") }
            guard array.count <= listLimit else { throw fail("authors", "'authors' lists more than \(listLimit) names") }
            for item in array {
                guard let author = item.string else { throw fail("authors", "'authors' must hold strings, not \(item.type.withArticle)") }
                try check(author, "authors", limit: 200)
                authors.append(author)
            }
        }
        let homepage = try string("homepage", required: false, limit: 500)
        if let homepage, !(homepage.hasPrefix("https://") || homepage.hasPrefix("http://")) {
            throw fail("homepage", "homepage must be a web address starting with https://")
        }
        if table["licence"] != nil && table["license"] != nil {
            throw fail("license", "'licence' and 'license' are the same key spelt two ways; keep one")
        }
        var licence = try string("licence", required: false, limit: 100)
        if licence == nil { licence = try string("license", required: false, limit: 100) }
        return CatalogueManifest(
            name: name, version: version, summary: try string("summary", required: false), authors: authors,
            licence: licence, homepage: homepage, segue: minimum)
    }
}

/// Where each top-level key of a manifest is written, for messages: TOMLKit
/// gives lines for syntax errors only.
struct ManifestLines {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var inTable = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[") {
                // A table's name is its key: `[entries]` or `[[entries]]`.
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" && $0 != "." }.trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, lines[Self.unquoted(name)] == nil { lines[Self.unquoted(name)] = index + 1 }
                inTable = true
                continue
            }
            guard !inTable, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].prefix { $0 != "." }.trimmingCharacters(in: .whitespaces)
            if !key.isEmpty, lines[Self.unquoted(key)] == nil { lines[Self.unquoted(key)] = index + 1 }
        }
    }

    private static func unquoted(_ key: String) -> String {
        if key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first {
            return String(key.dropFirst().dropLast())
        }
        return key
    }

    /// The line the key is written on; 1 when it cannot be found.
    func line(of key: String) -> Int { lines[key] ?? 1 }
}

extension TOMLType {
    /// "an integer", "a string": how a message names what was written.
    var withArticle: String {
        let word = description
        return ("aeiou".contains(word.first ?? "x") ? "an " : "a ") + word
    }
}

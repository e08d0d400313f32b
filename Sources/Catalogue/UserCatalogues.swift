import Foundation
import TOMLKit

/// The catalogue folders a user added with `segue catalogue add`, kept in
/// `catalogues.toml` as `folders = ["/path", …]`.
public struct UserCatalogues: Sendable, Equatable {
    public var folders: [String]

    public init(folders: [String] = []) { self.folders = folders }

    /// - Returns: an empty list when the file does not exist.
    public static func load(_ url: URL) throws(CatalogueError) -> UserCatalogues {
        guard FileManager.default.fileExists(atPath: url.path) else { return UserCatalogues() }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(url, limit: 1 << 20) } catch { throw .unreadable(path: url.path, reason: error.description) }
        let text = String(decoding: bytes, as: UTF8.self)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw .manifest(path: url.path, line: max(1, error.source.begin.line), message: "TOML: \(error.description)")
        } catch {
            throw .manifest(path: url.path, line: 1, message: "TOML: \(error)")
        }
        var result = UserCatalogues()
        if let value = table["folders"] {
            guard let array = value.array else { throw .manifest(path: url.path, line: 1, message: "'folders' must be a list of paths") }
            for item in array.prefix(1000) {
                guard let path = item.string else { throw .manifest(path: url.path, line: 1, message: "'folders' must hold strings") }
                result.folders.append(path)
            }
        }
        return result
    }

    /// Writes the list to a new file beside `url` and renames it over, so the list is never half-written.
    public func save(_ url: URL) throws(CatalogueError) {
        let lines = folders.map { "    \"\(Self.escaped($0))\",\n" }.joined()
        let text = "# Catalogue folders segue uses, added with 'segue catalogue add'.\nfolders = [\n\(lines)]\n"
        try AtomicFile.write(Array(text.utf8), to: url)
    }

    static func escaped(_ path: String) -> String {
        var result = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// A file replaced whole: written beside its place, flushed, renamed over.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to url: URL) throws(CatalogueError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: folder.path, reason: "cannot make the folder")
        }
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        do {
            try BoundedFile.create(temporary, bytes)
        } catch {
            unlink(temporary.path)
            throw .writeFailed(path: url.path, reason: error.description)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = BoundedFile.errorText()
            unlink(temporary.path)
            throw .writeFailed(path: url.path, reason: reason)
        }
        BoundedFile.syncFolder(folder)
    }
}

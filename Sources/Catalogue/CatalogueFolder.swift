import Foundation

/// A folder of entries: every `*.lua` file directly inside it is one entry.
public struct CatalogueFolder: Sendable, Equatable {
    public let url: URL
    /// How the folder is named in listings: "built-in", or the path as given.
    public let label: String

    public init(url: URL, label: String) {
        self.url = url.standardizedFileURL
        self.label = label
    }

    /// The folder's entry files, by file name (bytewise), so listings are
    /// the same on every machine.
    public func entryFiles() throws(CatalogueError) -> [EntryFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .notFound(path: label)
        }
        guard isDirectory.boolValue else { throw .notAFolder(path: label) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            throw .unreadable(path: label, reason: "cannot list the folder")
        }
        return names
            .filter { $0.hasSuffix(".lua") && !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { EntryFile(url: url.appendingPathComponent($0), catalogue: label, folder: url) }
    }
}

import Foundation

/// One entry's script on disk, before anything has been run.
public struct EntryFile: Sendable, Equatable {
    /// Where the script is.
    public let url: URL
    /// The path users see in messages: relative to the working directory when
    /// the file is below it, absolute otherwise.
    public let displayPath: String
    /// The catalogue it was found in ("built-in", or the folder as given).
    public let catalogue: String

    public init(url: URL, catalogue: String, workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.url = url.standardizedFileURL
        self.catalogue = catalogue
        let path = self.url.path
        let base = workingDirectory.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        self.displayPath = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The entry's default name: the file name without `.lua`.
    public var stem: String { url.deletingPathExtension().lastPathComponent }

    public func source() throws(CatalogueError) -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadable(path: displayPath, reason: "not UTF-8 text, or not readable")
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One entry's script on disk, before anything has been run.
public struct EntryFile: Sendable, Equatable {
    /// Where the script is: made from `path` when asked for (a listing of cached entries builds
    /// thousands of EntryFiles and asks few of them).
    public var url: URL { URL(fileURLWithPath: path, isDirectory: false) }
    /// The path users see in messages: relative to the working directory when
    /// the file is below it, absolute otherwise.
    public let displayPath: String
    /// The catalogue it was found in ("built-in", or the folder as given).
    public let catalogue: String
    /// The folder the script must stay inside (links are resolved first);
    /// nil for a file named on the command line, which is the user's own.
    public let folder: URL?
    /// The entry's default name: the file name without `.lua`. Worked out
    /// once: messages and checks ask for it many times an entry.
    public let stem: String
    /// `url.path`, and the folder the file is in (the path before its last `/`): kept as strings, since
    /// Foundation's URL arithmetic was most of listing a cached catalogue.
    public let path: String
    public let directory: String
    /// `folder?.path`.
    let folderPath: String?

    /// Scripts are a few kilobytes; anything far larger is a mistake or an attack.
    public static let sizeLimit = 1 << 20

    public init(url: URL, catalogue: String, folder: URL? = nil,
                workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        let url = url.standardizedFileURL
        self.catalogue = catalogue
        self.folder = folder
        self.displayPath = Self.shown(url.path, from: workingDirectory.standardizedFileURL.path)
        self.stem = url.deletingPathExtension().lastPathComponent
        self.path = url.path
        self.directory = Self.directory(of: path)
        self.folderPath = folder?.path
    }

    /// The file `name` of `folder`'s listing (a plain name ending in `.lua`:
    /// no `/`, not `.` or `..`): the same EntryFile `init(url:…)` makes of
    /// `folder.appendingPathComponent(name)`, with string paths instead of
    /// Foundation's URL arithmetic, which was most of listing a cached catalogue.
    /// `folderPath` is `folder.path`; `workingDirectory` a path.
    init(named name: String, in folder: URL, folderPath: String, catalogue: String, workingDirectory: String) {
        let path = folderPath.hasSuffix("/") ? folderPath + name : folderPath + "/" + name
        self.catalogue = catalogue
        self.folder = folder
        self.displayPath = Self.shown(path, from: workingDirectory)
        self.stem = String(name.dropLast(".lua".count))
        self.path = path
        self.directory = Self.directory(of: path)
        // The listing's name has no `/`: the file is in the folder the path names, trailing `/` or not.
        self.folderPath = directory
    }

    /// The path before its last `/` ("/" for a file at the root).
    private static func directory(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` as messages show it: relative to `base` when below it, else whole.
    private static func shown(_ path: String, from base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The script's text: a regular file of at most `sizeLimit` bytes of
    /// UTF-8, inside its catalogue folder once links are resolved.
    public func source() throws(CatalogueError) -> String {
        try text(of: contents())
    }

    /// `bytes` (the file's `contents()`) as its text, refused when not UTF-8.
    public func text(of bytes: ArraySlice<UInt8>) throws(CatalogueError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(path: displayPath, reason: "not UTF-8 text")
        }
        return text
    }

    /// The entry's bytes as `source()` reads them, not yet judged as text: a
    /// cache keyed by their hash need not decode a file it already knows.
    public func contents() throws(CatalogueError) -> ArraySlice<UInt8> {
        try contentsAndIdentity().bytes
    }

    /// The entry's bytes, and the identity of the file they were read from when it is a plain file of its folder
    /// itself (nil for a link, or a file named from elsewhere: what such a path names can change without the path's
    /// own file changing).
    public func contentsAndIdentity() throws(CatalogueError) -> (bytes: ArraySlice<UInt8>, identity: FileIdentity?) {
        var path = self.path
        // A plain file of the folder itself (the listing's case) is opened beneath the folder's descriptor, not
        // following a link: the kernel keeps it inside, with no path resolved (realpath read every component of
        // both paths as a link, seven calls an entry, a fifth of a cached `segue list`). Anything else (a link, a
        // file named from elsewhere) is resolved and judged as below.
        var fd = folderPath.map { openBeneath($0) } ?? -1
        let beneath = fd >= 0
        if fd < 0, let folder {
            guard let real = Self.realPath(path) else {
                // A folder's names are read as UTF-8, bytes that are not becoming U+FFFD: such a name finds no file.
                let name = url.lastPathComponent.contains("\u{FFFD}") ? "its name is not UTF-8 (shown with \u{FFFD}): rename it" : nil
                throw .unreadable(path: displayPath, reason: name ?? "a broken link, or gone")
            }
            path = real
            let root = Self.realPath(folder.path) ?? folder.resolvingSymlinksInPath().path
            guard path.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { throw .linkOutside(path: displayPath) }
        }
        // Opened without blocking and checked on the open file, so a FIFO or
        // a device named *.lua can neither hang nor feed us forever.
        if fd < 0 { fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard fd >= 0 else { throw .unreadable(path: displayPath, reason: "not readable") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path: displayPath, reason: "not a regular file")
        }
        guard Int(info.st_size) <= Self.sizeLimit else { throw .tooLarge(path: displayPath, limit: Self.sizeLimit) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            guard n > 0 else { break }
            count += n
        }
        return (bytes[..<count], beneath ? FileIdentity(info) : nil)
    }

    /// The identity of the entry's file as it stands, when it is a plain file of its folder itself (what `contentsAndIdentity()`
    /// gives one for), without opening it: a cache compares it with the identity of the file it read before.
    public func plainFileIdentity() -> FileIdentity? {
        guard let folderPath, nameIn(folderPath) != nil else { return nil }
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(info)
    }

    /// The entry opened as a file of `folder` itself (no link followed), or -1: it is not one, or it is a link.
    private func openBeneath(_ folder: String) -> Int32 {
        guard let name = nameIn(folder) else { return -1 }
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return -1 }
        defer { close(directory) }
        return openat(directory, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
    }

    /// The entry's name in `folder` when the path names a file of that folder itself (not `.` or `..`), else nil.
    private func nameIn(_ folder: String) -> String? {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[path.utf8.index(after: $0)...]) } ?? path
        guard directory == folder, !name.isEmpty, !name.utf8.elementsEqual(".".utf8), !name.utf8.elementsEqual("..".utf8) else {
            return nil
        }
        return name
    }

    /// The path with every link and `..` resolved, as the kernel finds it.
    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}

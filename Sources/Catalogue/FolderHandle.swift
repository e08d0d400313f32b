import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder held open by descriptor, whose children are reached with
/// `openat` and `O_NOFOLLOW` on every component.
///
/// A path string is resolved again by the kernel on each use: a folder
/// swapped for a link between a check and an open is followed, and a
/// stranger's catalogue reads (or writes) outside itself. A descriptor stays
/// on the folder that was checked.
final class FolderHandle {
    let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// The folder the user named; a link there is the user's own choice and is followed.
    static func open(_ url: URL) throws(BoundedFile.Failure) -> FolderHandle {
        let fd = Glibc.open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .system(BoundedFile.errorText()) }
        return FolderHandle(fd: fd)
    }

    /// A folder inside, never through a link: `.notRegular` when it is one, or is not a folder.
    func folder(_ name: String) throws(BoundedFile.Failure) -> FolderHandle {
        let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else { throw errno == ELOOP || errno == ENOTDIR ? .notRegular : .system(BoundedFile.errorText()) }
        return FolderHandle(fd: child)
    }

    /// The folder at `components` below this one, each step a `folder(_:)`.
    func folder(at components: some Sequence<String>) throws(BoundedFile.Failure) -> FolderHandle {
        var current = self
        for name in components { current = try current.folder(name) }
        return current
    }

    /// Makes the folder when it is not there, then opens it as `folder(_:)` does.
    func makeFolder(_ name: String) throws(BoundedFile.Failure) -> FolderHandle {
        guard mkdirat(fd, name, 0o755) == 0 || errno == EEXIST else { throw .system(BoundedFile.errorText()) }
        return try folder(name)
    }

    /// A regular file's bytes, at most `limit`; never through a link.
    func read(_ name: String, limit: Int) throws(BoundedFile.Failure) -> [UInt8] {
        let file = openat(fd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { throw errno == ELOOP ? .notRegular : .system(BoundedFile.errorText()) }
        defer { close(file) }
        return try BoundedFile.read(fd: file, limit: limit)
    }

    /// A new file (never an existing one, never through a link).
    func create(_ name: String) throws(BoundedFile.Failure) -> BoundedFile.Writer {
        let file = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw errno == EEXIST ? .system("exists") : .system(BoundedFile.errorText()) }
        return BoundedFile.Writer(fd: file)
    }

    struct Child {
        /// The name's bytes as the file system keeps them.
        var bytes: [UInt8]
        /// `S_IFREG`, `S_IFDIR`, `S_IFLNK`, … as `lstat` says.
        var type: mode_t
    }

    /// The folder's children (not `.` and `..`), at most `limit` of them; `nil` past that.
    func children(limit: Int) throws(BoundedFile.Failure) -> [Child]? {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            let reason = BoundedFile.errorText()
            if copy >= 0 { close(copy) }
            throw .system(reason)
        }
        defer { closedir(directory) }
        // The copy shares the descriptor's position: a folder listed before would read as empty.
        rewinddir(directory)
        var result: [Child] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            var info = stat()
            let statted = (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { fstatat(fd, $0.baseAddress!, &info, AT_SYMLINK_NOFOLLOW) }
            }
            guard statted == 0 else { throw .system(BoundedFile.errorText()) }
            result.append(Child(bytes: bytes, type: info.st_mode & S_IFMT))
            if result.count > limit { return nil }
        }
        return result
    }
}

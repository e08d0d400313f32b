import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing a shared catalogue's files without trusting them:
/// no link is followed, nothing but regular files, and a size counted while
/// reading (what `stat` says can change under us).
public enum BoundedFile {
    public enum Failure: Error, CustomStringConvertible {
        case tooLarge, notRegular, system(String)

        public var description: String {
            switch self {
            case .tooLarge: "too large"
            case .notRegular: "not a regular file"
            case .system(let reason): reason
            }
        }
    }

    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// The file's bytes, at most `limit` of them.
    static func read(_ url: URL, limit: Int) throws(Failure) -> [UInt8] {
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw errno == ELOOP ? .notRegular : .system(errorText()) }
        defer { close(fd) }
        return try read(fd: fd, limit: limit)
    }

    /// An open file's bytes, at most `limit` of them; `.notRegular` unless it is a regular file.
    public static func read(fd: Int32, limit: Int) throws(Failure) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegular }
        // Read straight into the array, with room for the file as it is now and one byte more: a file that stayed
        // the same is read in one call and its end seen in the next. (A 64 KiB chunk zeroed and copied each time
        // was most of reading a cached listing's thousand small files.)
        let room = min(max(Int(info.st_size), 0), limit) + 1
        var failure: Failure?
        var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            count = 0
            while count < buffer.count {
                let n = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
                if n < 0 { if errno == EINTR { continue } else { failure = .system(errorText()); return } }
                if n == 0 { return }
                count += n
            }
        }
        if let failure { throw failure }
        guard bytes.count <= limit else { throw .tooLarge }
        guard bytes.count == room else { return bytes }
        // The room filled: the file grew while read. The rest in chunks, counted against the limit.
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue } else { throw .system(errorText()) } }
            if n == 0 { break }
            guard bytes.count + n <= limit else { throw .tooLarge }
            bytes += chunk[..<n]
        }
        return bytes
    }

    /// Writes a new file (never an existing one, never through a link) and
    /// flushes it to the disk, so a later rename publishes whole contents.
    static func create(_ url: URL, _ bytes: some ContiguousBytes) throws(Failure) {
        let writer = try Writer(url)
        try writer.write(bytes)
        try writer.close()
    }

    final class Writer {
        private var fd: Int32

        init(_ url: URL) throws(Failure) {
            fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw errno == EEXIST ? .system("exists") : .system(BoundedFile.errorText()) }
        }

        /// Takes over a descriptor opened for writing.
        init(fd: Int32) { self.fd = fd }

        func write(_ bytes: some ContiguousBytes) throws(Failure) {
            let result: Failure? = bytes.withUnsafeBytes { buffer in
                var done = 0
                while done < buffer.count {
                    let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                    if n < 0 { if errno == EINTR { continue } else { return .system(BoundedFile.errorText()) } }
                    done += n
                }
                return nil
            }
            if let result { throw result }
        }

        func close() throws(Failure) {
            guard fd >= 0 else { return }
            defer { _ = Glibc.close(fd); fd = -1 }
            guard fsync(fd) == 0 else { throw .system(BoundedFile.errorText()) }
        }

        deinit { if fd >= 0 { _ = Glibc.close(fd) } }
    }

    /// Flushes a folder's names (a rename or a new file in it) to the disk.
    static func syncFolder(_ url: URL) {
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}

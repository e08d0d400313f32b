import Foundation

/// Writes a rendered file so that it is either all there or not there at all.
///
/// The bytes go to a temporary file beside the destination, which is then renamed over
/// it: rename within one folder is atomic, so a failed or interrupted render never
/// leaves a partial GIF where the user expects a good one, and an existing file is
/// replaced only by a complete one. The temporary file is removed on any failure.
public enum OutputFile {
    /// - Throws: `EncoderError.cannotWrite` naming `path`, saying whether the folder is
    ///   missing or not writable.
    public static func write(_ data: Data, to path: String) throws {
        // Ctrl-C, a hang-up or a kill request during these few milliseconds
        // waits until the file is whole (or gone): the signal is delivered
        // after, and no temporary file is left behind.
        try withStopSignalsHeld { try writeNow(data, to: path) }
    }

    /// Runs `body` with Ctrl-C, SIGTERM, SIGHUP and SIGQUIT held back on this thread; they arrive after it.
    static func withStopSignalsHeld<T>(_ body: () throws -> T) rethrows -> T {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    private static func writeNow(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        // 0666 less the umask, as any other new file of the user's gets.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw failure(path, folder: folder, errno) }
        do {
            try writeAll(data, to: fd)
            guard fsync(fd) == 0 else { throw POSIXError(errno) }
            guard close(fd) == 0 else { throw POSIXError(errno, closed: true) }
            guard rename(temporary, path) == 0 else { throw POSIXError(errno, closed: true) }
        } catch let error as POSIXError {
            if !error.closed { close(fd) }
            unlink(temporary)
            throw failure(path, folder: folder, error.code)
        }
    }

    private struct POSIXError: Error {
        let code: Int32
        var closed = false
        init(_ code: Int32, closed: Bool = false) {
            self.code = code
            self.closed = closed
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32) throws {
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(errno)
                }
                offset += n
            }
        }
    }

    /// Why `path` cannot be written, checked before any work goes into it
    /// (nil when it can be): its folder is missing, not a folder, or not
    /// writable, or the path itself is a folder.
    public static func problem(writing path: String) -> EncoderError? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            return failure(path, folder: folder, EISDIR)
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            return failure(path, folder: folder, ENOENT)
        }
        return access(folder, W_OK | X_OK) == 0 ? nil : failure(path, folder: folder, errno)
    }

    private static func failure(_ path: String, folder: String, _ code: Int32) -> EncoderError {
        var isFolder: ObjCBool = false
        let reason = switch code {
        // A folder of the kernel's (/proc, /sys) refuses new files as if they had no folder.
        case ENOENT where FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue:
            "files cannot be made in the folder \(folder)"
        case ENOENT, ENOTDIR: "the folder \(folder) does not exist"
        case EACCES, EPERM, EROFS: "the folder \(folder) is not writable"
        case EISDIR: "it is a folder"
        default: String(cString: strerror(code))
        }
        return .cannotWrite(path: path, reason: reason)
    }
}

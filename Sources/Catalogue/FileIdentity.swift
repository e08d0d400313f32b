#if canImport(Glibc)
import Glibc
#endif

/// Which file a path names, and as it stood: a file replaced (renamed over), written or changed since has another.
/// The change time is the kernel's (no call sets it), so even a file rewritten and given its old modification time
/// back differs; only a change within the same tick of the kernel's clock as the one before can keep it.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64, inode: UInt64, size: Int64
    public let modified: Int, modifiedNanoseconds: Int, changed: Int, changedNanoseconds: Int

    public init(_ info: stat) {
        (device, inode, size) = (UInt64(info.st_dev), UInt64(info.st_ino), Int64(info.st_size))
        (modified, modifiedNanoseconds) = (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
        (changed, changedNanoseconds) = (info.st_ctim.tv_sec, info.st_ctim.tv_nsec)
    }

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int, modifiedNanoseconds: Int, changed: Int,
                changedNanoseconds: Int) {
        (self.device, self.inode, self.size) = (device, inode, size)
        (self.modified, self.modifiedNanoseconds, self.changed, self.changedNanoseconds)
            = (modified, modifiedNanoseconds, changed, changedNanoseconds)
    }

    /// The file at `path` now, not followed through a link; nil when there is none.
    public init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// Whether the file last changed before `time` (seconds and nanoseconds since 1970), compared as a pair: a file's
    /// times are whatever its file system says, any year at all.
    public func changed(before time: (seconds: Int, nanoseconds: Int)) -> Bool {
        (changed, changedNanoseconds) < time
    }
}

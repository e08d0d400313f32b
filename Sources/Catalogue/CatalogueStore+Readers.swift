import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension CatalogueStore {
    /// A shared lock on one installed version's folder, held while a command
    /// reads it; released when this is deinitialised (or the process ends).
    public final class ReadLock: Sendable {
        let fd: Int32

        init(fd: Int32) { self.fd = fd }

        deinit { close(fd) }
    }

    /// The installed catalogues, each with its version locked for reading:
    /// an install meanwhile points the name elsewhere but leaves this version
    /// in place until the lock is released.
    public func openForReading() -> [(Installed, ReadLock)] {
        installed().compactMap { installed in
            // The name may be pointed elsewhere between reading the link and
            // taking the lock: taken on a version no longer in use, it is tried again.
            for _ in 0..<8 {
                guard let target = try? currentTarget(root.appendingPathComponent(installed.name)) else { return nil }
                let folder = root.appendingPathComponent(target).standardizedFileURL
                let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard fd >= 0 else { continue }
                var held = stat(), there = stat()
                if flock(fd, LOCK_SH) == 0, fstat(fd, &held) == 0, stat(folder.path, &there) == 0,
                   held.st_ino == there.st_ino, held.st_dev == there.st_dev,
                   (try? currentTarget(root.appendingPathComponent(installed.name))) == target {
                    return (Installed(name: installed.name, folder: folder), ReadLock(fd: fd))
                }
                close(fd)
            }
            return nil
        }
    }

    /// Deletes a version out of use unless a reader holds it; one still read
    /// stays, and `removeLeftovers` collects it once it is not.
    func discardUnlessRead(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return }
        discard(folder)
    }
}

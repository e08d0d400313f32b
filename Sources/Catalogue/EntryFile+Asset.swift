import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A picture an entry shows as its presented screen (`picture = "beach.png"`): a file of the `assets` folder beside
/// the entry, which a stranger's catalogue may have filled with links, devices or a name that climbs out.
extension EntryFile {
    /// The most bytes an asset may have: what a catalogue carries of any file (docs/catalogue-format.md).
    public static let assetSizeLimit = 8 << 20

    /// Whether `name` may name a file of `assets`: 1 to 100 bytes of ASCII letters, digits, `.`, `_` and `-`, not
    /// starting with `.`. Judged byte by byte, so no separator, no `..` and nothing a combining mark could hide.
    public static func isAssetName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...100).contains(bytes.count), bytes[0] != UInt8(ascii: ".") else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
    }

    /// The bytes of `assets/NAME` beside the entry, at most `assetSizeLimit`: the entry's folder opened as the user
    /// named it, then `assets` and the file each beneath it without following a link (the kernel keeps them inside).
    public func asset(_ name: String) throws(CatalogueError) -> [UInt8] {
        let shown = "assets/\(name)"
        guard Self.isAssetName(name) else {
            throw .unreadable(path: shown, reason: "not a plain file name of at most 100 bytes (letters, digits, '.', '_' and '-', not starting with '.')")
        }
        let bytes: [UInt8]
        do throws(BoundedFile.Failure) {
            let assets = try FolderHandle.open(URL(fileURLWithPath: directory)).folder("assets")
            bytes = try assets.read(name, limit: Self.assetSizeLimit)
        } catch {
            switch error {
            case .tooLarge: throw .tooLarge(path: shown, limit: Self.assetSizeLimit)
            case .notRegular: throw .unreadable(path: shown, reason: "not a regular file in a folder of its own (a link, a folder or a device)")
            case .system(let reason): throw .unreadable(path: shown, reason: reason)
            }
        }
        return bytes
    }

    /// What is wrong with `assets/NAME` as a PNG picture, or nil: the checks `asset` makes (its size by `fstat`, not by
    /// reading it) and the PNG signature, cheap enough for every scenario.
    public func assetProblem(_ name: String) -> String? {
        let shown = "assets/\(name)"
        guard Self.isAssetName(name) else {
            return "\(shown): not a plain file name of at most 100 bytes (letters, digits, '.', '_' and '-', not starting with '.')"
        }
        let assets: FolderHandle
        do throws(BoundedFile.Failure) {
            assets = try FolderHandle.open(URL(fileURLWithPath: directory)).folder("assets")
        } catch {
            if case .notRegular = error { return "\(shown): the assets folder is a link or not a folder" }
            return "\(shown): no assets folder beside the entry"
        }
        let fd = openat(assets.fd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ELOOP: return "\(shown): a link, not a file"
            case ENOENT: return "\(shown): no such file"
            default: return "\(shown): not readable (\(String(cString: strerror(errno))))"
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return "\(shown): not a regular file" }
        guard Int(info.st_size) <= Self.assetSizeLimit else { return "\(shown): larger than \(Self.assetSizeLimit >> 20) MiB" }
        var head = [UInt8](repeating: 0, count: 8)
        let count = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 8) }
        return count == 8 && head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] ? nil : "\(shown): not a PNG file"
    }
}

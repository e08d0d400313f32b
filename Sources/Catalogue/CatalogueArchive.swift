import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ZIPFoundation

/// A catalogue as one `.zip` file: `NAME/` holding the manifest, the files
/// and `SHA256SUMS`. The same folder always gives the same bytes.
public enum CatalogueArchive {
    /// Every entry's date: 1980-01-01, the first a zip can hold, so an archive says nothing of when it was made.
    static let fixedDate = Date(timeIntervalSince1970: 315_532_800)

    public struct Packed: Sendable {
        public let manifest: CatalogueManifest
        public let files: Int
        public let contentHash: String
    }

    /// Packs `folder` into `output`, replacing it in one rename when it exists.
    ///
    /// - Throws: `.noManifest` for a loose folder; `.refused` for a file that
    ///   could not be installed either (a link, a device, too large …).
    public static func pack(_ folder: URL, to output: URL, source: String, segueVersion: String?,
                            limits: CatalogueLimits = .standard) throws(CatalogueError) -> Packed {
        guard let manifest = try CatalogueManifest.load(in: folder, displayPath: source + "/" + CatalogueManifest.fileName,
                                                        segueVersion: segueVersion) else {
            throw .noManifest(folder: source)
        }
        let contents = try CatalogueContents.scan(folder, source: source, limits: limits)
        var files: [(String, [UInt8])] = []
        let checksums = try contents.digest(source: source, limits: limits) { path, bytes in files.append((path, bytes)) }
        files.append((CatalogueChecksums.fileName, Array(checksums.text.utf8)))
        files.sort { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        let temporary = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).\(UUID().uuidString).part")
        defer { try? FileManager.default.removeItem(at: temporary) }
        do {
            let archive = try Archive(url: temporary, accessMode: .create)
            for (path, bytes) in files {
                let data = Data(bytes)
                try archive.addEntry(with: manifest.name + "/" + path, type: .file, uncompressedSize: Int64(data.count),
                                     modificationDate: fixedDate, permissions: 0o644, compressionMethod: .deflate) { position, size in
                    data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
                }
            }
        } catch {
            throw .writeFailed(path: output.path, reason: "\(error)")
        }
        let handle = open(temporary.path, O_RDONLY | O_CLOEXEC)
        if handle >= 0 { fsync(handle); close(handle) }
        guard rename(temporary.path, output.path) == 0 else { throw .writeFailed(path: output.path, reason: BoundedFile.errorText()) }
        return Packed(manifest: manifest, files: files.count, contentHash: checksums.contentHash)
    }

    /// Unpacks `archive` into the empty folder `destination` under every rule,
    /// counting the bytes as they come out (no declared size is trusted).
    /// The checksums are checked afterwards, by the caller, on what was written.
    static func extract(_ archive: URL, into destination: URL, source: String, limits: CatalogueLimits,
                        pause: (String) -> Void = { _ in }) throws(CatalogueError) {
        let directory = try ZipDirectory.read(archive, source: source, limits: limits)
        var archiveSize = stat()
        guard stat(archive.path, &archiveSize) == 0 else { throw .unreadable(path: source, reason: BoundedFile.errorText()) }
        // A catalogue made elsewhere may hold macOS's resource forks and dot files: not part of it.
        let ignored = { (name: String) in name.hasPrefix("__MACOSX/") || name.split(separator: "/").contains { $0.hasPrefix(".") } }
        for item in directory.items where !ignored(item.name) {
            switch item.mode & UInt32(S_IFMT) {
            case 0, UInt32(S_IFREG), UInt32(S_IFDIR): break
            case UInt32(S_IFLNK):
                throw .refused(source: source, rule: .link, detail: "'\(item.name.escapingControls)' is a link; a shared catalogue holds only files and folders")
            default:
                throw .refused(source: source, rule: .specialFile, detail: "'\(item.name.escapingControls)' is a device file, FIFO or socket")
            }
            guard !item.encrypted else {
                throw .refused(source: source, rule: .notAnArchive, detail: "'\(item.name.escapingControls)' is encrypted")
            }
            _ = try limits.components(of: item.name.hasSuffix("/") ? String(item.name.dropLast()) : item.name, source: source)
        }
        let names = directory.items.map(\.name).filter { !ignored($0) }
        // One folder at the top holding the manifest (what pack writes, and what a zipped folder looks like) is unwrapped.
        var prefix = ""
        if !names.contains(CatalogueManifest.fileName), let first = names.first?.split(separator: "/").first,
           names.allSatisfy({ $0.hasPrefix(first + "/") }), names.contains(first + "/" + CatalogueManifest.fileName) {
            prefix = first + "/"
        }
        let zip: Archive
        do {
            zip = try Archive(url: archive, accessMode: .read)
        } catch {
            throw .refused(source: source, rule: .notAnArchive, detail: "\(error)")
        }
        var total = 0, files = 0
        var written = Set<String>()
        for entry in zip {
            let name = entry.path
            guard !ignored(name), name.count > prefix.count else { continue }
            guard name.hasPrefix(prefix) else {
                throw .refused(source: source, rule: .badName, detail: "'\(name.escapingControls)' is outside the archive's top folder")
            }
            let path = String(name.dropFirst(prefix.count)).trimmingSuffix("/")
            let parts = try limits.components(of: path, source: source)
            guard entry.type != .symlink else {
                throw .refused(source: source, rule: .link, detail: "'\(path.escapingControls)' is a link; a shared catalogue holds only files and folders")
            }
            guard written.insert(path).inserted else {
                throw .refused(source: source, rule: .duplicatePath, detail: "'\(path.escapingControls)' is in the archive twice")
            }
            var folder = destination
            for part in parts.dropLast() {
                folder.appendPathComponent(String(part))
                try makeFolder(folder, source: source)
            }
            let target = folder.appendingPathComponent(String(parts.last ?? ""))
            if entry.type == .directory {
                try makeFolder(target, source: source)
                continue
            }
            files += 1
            guard files <= limits.files else {
                throw .refused(source: source, rule: .tooManyFiles, detail: "more than \(limits.files) files")
            }
            let writer: BoundedFile.Writer
            do {
                writer = try BoundedFile.Writer(target)
            } catch {
                throw .refused(source: source, rule: .duplicatePath, detail: "'\(path.escapingControls)' cannot be created (\(error))")
            }
            let limit = limits.sizeLimit(for: path)
            var size = 0
            let checksum: CRC32
            do {
                checksum = try zip.extract(entry, skipCRC32: false) { chunk in
                    size += chunk.count
                    total += chunk.count
                    guard size <= limit else {
                        throw CatalogueError.refused(source: source, rule: .fileTooLarge,
                                                     detail: "'\(path.escapingControls)' unpacks to more than \(CatalogueContents.size(limit))")
                    }
                    guard total <= limits.totalSize else {
                        throw CatalogueError.refused(source: source, rule: .archiveBomb,
                                                     detail: "it unpacks to more than \(CatalogueContents.size(limits.totalSize))")
                    }
                    guard total <= 1 << 20 || total / max(1, Int(archiveSize.st_size)) <= limits.ratio else {
                        throw CatalogueError.refused(source: source, rule: .archiveBomb,
                                                     detail: "it unpacks to more than \(limits.ratio) times its own size")
                    }
                    try writer.write(chunk)
                }
                try writer.close()
            } catch let error as CatalogueError {
                throw error
            } catch let error as BoundedFile.Failure {
                throw .writeFailed(path: target.path, reason: error.description)
            } catch {
                throw .refused(source: source, rule: .notAnArchive, detail: "'\(path.escapingControls)' cannot be unpacked (\(error))")
            }
            guard checksum == entry.checksum else {
                throw .refused(source: source, rule: .checksumMismatch, detail: "'\(path.escapingControls)' is damaged (its CRC-32 differs)")
            }
            if files == 1 { pause("extract") }
        }
    }

    private static func makeFolder(_ url: URL, source: String) throws(CatalogueError) {
        if mkdir(url.path, 0o755) == 0 || errno == EEXIST {
            var info = stat()
            guard lstat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .refused(source: source, rule: .duplicatePath, detail: "'\(url.lastPathComponent.escapingControls)' is both a file and a folder")
            }
            return
        }
        throw .writeFailed(path: url.path, reason: BoundedFile.errorText())
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

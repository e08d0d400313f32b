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
    ///   could not be installed either (a link, a device, too large …);
    ///   `.packIntoItself` for an output inside the folder, which the next
    ///   pack would take in (archives at its top are skipped, but not deeper).
    public static func pack(_ folder: URL, to output: URL, source: String, segueVersion: String?,
                            limits: CatalogueLimits = .standard) throws(CatalogueError) -> Packed {
        guard let manifest = try CatalogueManifest.load(in: folder, displayPath: source + "/" + CatalogueManifest.fileName,
                                                        segueVersion: segueVersion) else {
            throw .noManifest(folder: source)
        }
        if isInside(output.deletingLastPathComponent(), folder) {
            throw .packIntoItself(folder: source, output: output.path)
        }
        let contents = try CatalogueContents.scan(folder, source: source, limits: limits)
        var files: [(String, [UInt8])] = []
        let checksums = try contents.digest(source: source, limits: limits) { path, _, bytes in files.append((path, bytes)) }
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

    /// Whether `folder` is `container` or inside it, links resolved (`.` and
    /// the folder's own path are one folder).
    public static func isInside(_ folder: URL, _ container: URL) -> Bool {
        // A folder not made yet is inside wherever its nearest existing parent is.
        var existing = folder.standardizedFileURL
        while access(existing.path, F_OK) != 0 && existing.path != "/" { existing.deleteLastPathComponent() }
        guard let inner = realpath(existing.path, nil), let outer = realpath(container.path, nil) else { return false }
        defer { free(inner); free(outer) }
        let a = String(cString: inner), b = String(cString: outer)
        return a == b || a.hasPrefix(b == "/" ? "/" : b + "/")
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

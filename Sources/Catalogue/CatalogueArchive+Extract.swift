#if canImport(Glibc)
import Foundation
import Glibc
import TextSafety
#endif

extension CatalogueArchive {
    /// Unpacks `archive` into the empty folder `destination` under every rule,
    /// counting the bytes as they come out (no declared size is trusted).
    ///
    /// The listing checked is the listing unpacked (`ZipReader`), each item by
    /// its own offset, and every folder and file is made relative to its
    /// parent's descriptor with `O_NOFOLLOW`, never by a path string. The
    /// checksums are checked afterwards, by the caller, on what was written.
    static func extract(_ archive: URL, into destination: URL, source: String, limits: CatalogueLimits,
                        pause: (String) -> Void = { _ in }) throws(CatalogueError) {
        let zip = try ZipReader.open(archive, source: source, limits: limits)
        defer { zip.close() }
        var planned: [(item: ZipReader.Item, parts: [String])] = []
        var exact = Set<[UInt8]>()
        var collisions = PathCollisions()
        for item in zip.items {
            let shown = item.name.escapingControlCharacters
            switch item.mode & UInt32(S_IFMT) {
            case 0, UInt32(S_IFREG), UInt32(S_IFDIR): break
            case UInt32(S_IFLNK):
                throw .refused(source: source, rule: .link, detail: "'\(shown)' is a link; a shared catalogue holds only files and folders")
            default:
                throw .refused(source: source, rule: .specialFile, detail: "'\(shown)' is a device file, FIFO or socket")
            }
            guard !item.encrypted else { throw .refused(source: source, rule: .notAnArchive, detail: "'\(shown)' is encrypted") }
            let parts = try limits.components(of: item.isFolder ? String(item.name.dropLast()) : item.name, source: source, wrapped: true)
            guard exact.insert(Array(parts.joined(separator: "/").utf8)).inserted else {
                throw .refused(source: source, rule: .duplicatePath, detail: "'\(shown)' is in the archive twice")
            }
            try collisions.insert(parts, source: source)
            planned.append((item, parts))
        }
        // One folder at the top holding the manifest (what pack writes, and what a zipped folder looks like) is unwrapped.
        let kept = planned.filter { !CataloguePath.isHidden($0.parts) }
        if !kept.contains(where: { $0.parts == [CatalogueManifest.fileName] }), let top = kept.first?.parts.first,
           kept.allSatisfy({ $0.parts.first == top && ($0.parts.count > 1 || $0.item.isFolder) }),
           kept.contains(where: { $0.parts == [top, CatalogueManifest.fileName] }) {
            planned = planned.compactMap { $0.parts.first == top && $0.parts.count > 1 ? ($0.item, Array($0.parts.dropFirst())) : nil }
        }
        // The depth as the catalogue has it: `depth` folders and a file, whether or not the archive wrapped it.
        if let deep = planned.first(where: { $0.parts.count > limits.depth + ($0.item.isFolder ? 0 : 1) }) {
            throw .refused(source: source, rule: .tooDeep,
                           detail: "'\(deep.parts.joined(separator: "/").escapingControlCharacters)' is more than \(limits.depth) folders deep")
        }
        let root: FolderHandle
        do { root = try FolderHandle.open(destination) } catch { throw .writeFailed(path: destination.path, reason: error.description) }
        var total = 0, files = 0
        for (item, parts) in planned where CataloguePath.isPartOfCatalogue(parts) {
            let path = parts.joined(separator: "/"), shown = path.escapingControlCharacters
            var folder = root
            do {
                for part in item.isFolder ? parts : Array(parts.dropLast()) { folder = try folder.makeFolder(part) }
            } catch .notRegular {
                throw .refused(source: source, rule: .duplicatePath, detail: "'\(shown)' is both a file and a folder, or under one")
            } catch {
                throw .writeFailed(path: destination.path + "/" + path, reason: error.description)
            }
            if item.isFolder { continue }
            files += 1
            guard files <= limits.files else { throw .refused(source: source, rule: .tooManyFiles, detail: "more than \(limits.files) files") }
            let writer: BoundedFile.Writer
            do {
                writer = try folder.create(parts[parts.count - 1])
            } catch {
                throw .refused(source: source, rule: .duplicatePath, detail: "'\(shown)' cannot be created (\(error))")
            }
            let limit = limits.sizeLimit(for: path)
            var size = 0
            let failure: ZipReader.InflateFailure? = try zip.extract(item) { (chunk: [UInt8]) throws(CatalogueError) -> Void in
                size += chunk.count
                total += chunk.count
                guard size <= limit else {
                    throw .refused(source: source, rule: .fileTooLarge, detail: "'\(shown)' unpacks to more than \(CatalogueContents.size(limit))")
                }
                guard total <= limits.totalSize else {
                    throw .refused(source: source, rule: .archiveBomb, detail: "it unpacks to more than \(CatalogueContents.size(limits.totalSize))")
                }
                guard total <= 1 << 20 || total / max(1, zip.fileSize) <= limits.ratio else {
                    throw .refused(source: source, rule: .archiveBomb, detail: "it unpacks to more than \(limits.ratio) times its own size")
                }
                do throws(BoundedFile.Failure) { try writer.write(chunk) } catch { throw .writeFailed(path: destination.path + "/" + path, reason: error.description) }
            }
            switch failure {
            case .crcDiffers?:
                throw .refused(source: source, rule: .checksumMismatch, detail: "'\(shown)' is damaged (its CRC-32 differs)")
            case .sizeDiffers?:
                throw .refused(source: source, rule: .checksumMismatch, detail: "'\(shown)' is damaged (its size differs from the directory's)")
            case .damaged?:
                throw .refused(source: source, rule: .notAnArchive, detail: "'\(shown)' cannot be unpacked (its compressed data is damaged)")
            case nil:
                break
            }
            do { try writer.close() } catch { throw .writeFailed(path: destination.path + "/" + path, reason: error.description) }
            if files == 1 { pause("extract") }
        }
    }
}

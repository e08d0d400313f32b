#if canImport(Glibc)
import Foundation
import Glibc
import TextSafety
#endif

/// The files of a catalogue folder, found under the safety rules: no links,
/// no devices, bounded in number, depth and size. Hidden names (`.git`,
/// `.DS_Store`) and archives at the top (`CataloguePath.isPartOfCatalogue`)
/// are not part of a catalogue and are skipped.
///
/// The folder is walked by descriptor from the one it was given
/// (`FolderHandle`): scanning and reading reach each file through the same
/// folders, none through a link, even one swapped in between.
struct CatalogueContents {
    /// Relative path → its components, sorted bytewise; `SHA256SUMS` at the top is not included.
    var files: [(path: String, parts: [String])] = []
    var hasChecksums = false
    let root: FolderHandle

    /// - Parameter everything: list hidden files and archives too: a folder segue
    ///   wrote must hold what its SHA256SUMS lists and nothing else.
    static func scan(_ folder: URL, source: String, limits: CatalogueLimits, everything: Bool = false) throws(CatalogueError) -> CatalogueContents {
        let root: FolderHandle
        do { root = try FolderHandle.open(folder) } catch { throw .unreadable(path: source, reason: error.description) }
        var contents = CatalogueContents(root: root)
        var collisions = PathCollisions()
        var pending: [[String]] = [[]]
        var seen = 0
        while let parts = pending.popLast() {
            let prefix = parts.joined(separator: "/")
            let children: [FolderHandle.Child]?
            do {
                children = try root.folder(at: parts).children(limit: limits.files * 2 - seen)
            } catch .notRegular {
                throw .refused(source: source, rule: .link, detail: "'\(prefix.escapingControlCharacters)' changed into a link while being read")
            } catch {
                throw .unreadable(path: prefix.isEmpty ? source : prefix, reason: error.description)
            }
            guard let children else { throw .refused(source: source, rule: .tooManyFiles, detail: "more than \(limits.files) files") }
            for child in children {
                let name = String(decoding: child.bytes, as: UTF8.self)
                guard CataloguePath.isUTF8(child.bytes) else {
                    throw .refused(source: source, rule: .badName, detail: "'\((prefix.isEmpty ? "" : prefix + "/") + name.escapingControlCharacters)' is not UTF-8")
                }
                let childParts = parts + [name]
                if !everything && !CataloguePath.isPartOfCatalogue(childParts) { continue }
                seen += 1
                guard seen <= limits.files * 2 else { throw .refused(source: source, rule: .tooManyFiles, detail: "more than \(limits.files) files") }
                let path = prefix.isEmpty ? name : prefix + "/" + name
                _ = try limits.components(of: path, source: source)
                try collisions.insert(childParts, source: source)
                switch child.type {
                case S_IFREG:
                    if path == CatalogueChecksums.fileName { contents.hasChecksums = true; continue }
                    // The SHA256SUMS pack writes would be a second spelling of it: the archive is refused when read back.
                    if childParts.count == 1, PathCollisions.key(name) == PathCollisions.key(CatalogueChecksums.fileName) {
                        throw .refused(source: source, rule: .duplicatePath, detail: "'\(path.escapingControlCharacters)' is \(CatalogueChecksums.fileName) "
                            + "spelt another way; rename it (pack writes \(CatalogueChecksums.fileName) itself)")
                    }
                    contents.files.append((path, childParts))
                    guard contents.files.count <= limits.files else {
                        throw .refused(source: source, rule: .tooManyFiles, detail: "more than \(limits.files) files")
                    }
                case S_IFDIR:
                    guard childParts.count <= limits.depth else {
                        throw .refused(source: source, rule: .tooDeep, detail: "'\(path.escapingControlCharacters)' is more than \(limits.depth) folders deep")
                    }
                    pending.append(childParts)
                case S_IFLNK:
                    throw .refused(source: source, rule: .link, detail: "'\(path.escapingControlCharacters)' is a link; a shared catalogue holds only files and folders")
                default:
                    throw .refused(source: source, rule: .specialFile, detail: "'\(path.escapingControlCharacters)' is a device file, FIFO or socket")
                }
            }
        }
        contents.files.sort { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        // Tests only: a window between listing and reading, to swap a folder for a link in.
        CatalogueStore.pause("scan")
        return contents
    }

    /// Reads every file under its bound, hashing it; `body` sees each file's bytes.
    func digest(source: String, limits: CatalogueLimits,
                _ body: (String, [String], [UInt8]) throws(CatalogueError) -> Void = { _, _, _ in }) throws(CatalogueError) -> CatalogueChecksums {
        var digests: [String: String] = [:]
        var total = 0
        for (path, parts) in files {
            let limit = limits.sizeLimit(for: path)
            let bytes: [UInt8]
            do {
                bytes = try root.folder(at: parts.dropLast()).read(parts[parts.count - 1], limit: limit)
            } catch .tooLarge {
                throw .refused(source: source, rule: .fileTooLarge, detail: "'\(path.escapingControlCharacters)' is larger than \(Self.size(limit))")
            } catch .notRegular {
                throw .refused(source: source, rule: .link, detail: "'\(path.escapingControlCharacters)' or a folder above it changed into a link or a special file while being read")
            } catch {
                throw .unreadable(path: path, reason: error.description)
            }
            total += bytes.count
            guard total <= limits.totalSize else {
                throw .refused(source: source, rule: .archiveBomb, detail: "more than \(Self.size(limits.totalSize)) in all")
            }
            digests[path] = SHA256.hex(bytes)
            try body(path, parts, bytes)
        }
        return CatalogueChecksums(digests: digests)
    }

    /// Compares a folder with its `SHA256SUMS`: every file listed, every listed file there, every digest equal.
    static func verify(_ folder: URL, source: String, limits: CatalogueLimits, everything: Bool = false) throws(CatalogueError) -> CatalogueChecksums {
        let contents = try scan(folder, source: source, limits: limits, everything: everything)
        guard contents.hasChecksums else {
            throw .refused(source: source, rule: .checksumMissing, detail: "there is no \(CatalogueChecksums.fileName) (made by 'segue catalogue pack')")
        }
        let listed = try CatalogueChecksums.parse(try contents.readChecksums(source: source), source: source, limits: limits)
        let actual = try contents.digest(source: source, limits: limits)
        try compare(listed: listed, actual: actual, source: source)
        return actual
    }

    func readChecksums(source: String) throws(CatalogueError) -> [UInt8] {
        do {
            return try root.read(CatalogueChecksums.fileName, limit: 1 << 20)
        } catch {
            throw .refused(source: source, rule: .checksumMissing, detail: "\(CatalogueChecksums.fileName) cannot be read (\(error))")
        }
    }

    static func compare(listed: CatalogueChecksums, actual: CatalogueChecksums, source: String) throws(CatalogueError) {
        let order = { (a: String, b: String) in Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }
        // Dictionary lookups compare Strings canonically ('é' composed finds 'é' decomposed): the bytes are compared here.
        let listedBytes = Set(listed.digests.keys.map { Array($0.utf8) })
        for path in actual.digests.keys.sorted(by: order) where listed.digests[path] == nil || !listedBytes.contains(Array(path.utf8)) {
            throw .refused(source: source, rule: .checksumMismatch, detail: "'\(path.escapingControlCharacters)' is not listed in \(CatalogueChecksums.fileName)")
        }
        let actualBytes = Set(actual.digests.keys.map { Array($0.utf8) })
        for (path, digest) in listed.digests.sorted(by: { order($0.key, $1.key) }) {
            guard let found = actual.digests[path], actualBytes.contains(Array(path.utf8)) else {
                throw .refused(source: source, rule: .checksumMismatch, detail: "'\(path.escapingControlCharacters)' is listed in \(CatalogueChecksums.fileName) but missing")
            }
            guard found == digest else {
                throw .refused(source: source, rule: .checksumMismatch, detail: "'\(path.escapingControlCharacters)' has SHA-256 \(found), but \(CatalogueChecksums.fileName) says \(digest)")
            }
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}

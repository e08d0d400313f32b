import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `SHA256SUMS`: a SHA-256 per file of a catalogue, in `sha256sum`'s format
/// (`sha256sum -c SHA256SUMS` checks it), sorted by path bytewise.
public struct CatalogueChecksums: Sendable, Equatable {
    public static let fileName = "SHA256SUMS"

    /// Path → lowercase hex digest.
    public var digests: [String: String]

    public init(digests: [String: String]) { self.digests = digests }

    public var text: String {
        digests.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .map { "\(digests[$0] ?? "")  \($0)\n" }.joined()
    }

    /// The catalogue's content hash, what segue.lock records: the SHA-256 of
    /// this file's canonical text, so it names every file's bytes and path.
    public var contentHash: String { "sha256:" + SHA256.hex(Array(text.utf8)) }

    static func parse(_ text: String, source: String, limits: CatalogueLimits) throws(CatalogueError) -> CatalogueChecksums {
        var digests: [String: String] = [:]
        for (index, line) in text.split(separator: "\n").enumerated() {
            guard index < limits.files else {
                throw .refused(source: source, rule: .tooManyFiles, detail: "\(fileName) lists more than \(limits.files) files")
            }
            let hex = line.prefix(64)
            let rest = line.dropFirst(64)
            guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase }), rest.hasPrefix("  ") || rest.hasPrefix(" *") else {
                throw .refused(source: source, rule: .checksumMismatch, detail: "\(fileName) line \(index + 1) is not 'SHA-256  path'")
            }
            let path = String(rest.dropFirst(2))
            _ = try limits.components(of: path, source: source)
            guard digests[path] == nil else {
                throw .refused(source: source, rule: .duplicatePath, detail: "\(fileName) lists '\(path.escapingControls)' twice")
            }
            digests[path] = String(hex)
        }
        return CatalogueChecksums(digests: digests)
    }
}

/// The files of a catalogue folder, found under the safety rules: no links,
/// no devices, bounded in number, depth and size. Hidden names (`.git`,
/// `.DS_Store`) are not part of a catalogue and are skipped.
struct CatalogueContents {
    /// Relative path → file, sorted bytewise; `SHA256SUMS` at the top is not included.
    var files: [(path: String, url: URL)] = []
    var hasChecksums = false

    static func scan(_ folder: URL, source: String, limits: CatalogueLimits) throws(CatalogueError) -> CatalogueContents {
        var contents = CatalogueContents()
        var pending: [(url: URL, path: String, depth: Int)] = [(folder, "", 0)]
        var seen = 0
        while let (url, prefix, depth) = pending.popLast() {
            guard let directory = opendir(url.path) else {
                throw .unreadable(path: prefix.isEmpty ? source : prefix, reason: BoundedFile.errorText())
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") { continue }
                seen += 1
                guard seen <= limits.files * 2 else {
                    throw .refused(source: source, rule: .tooManyFiles, detail: "more than \(limits.files) files")
                }
                let path = prefix.isEmpty ? name : prefix + "/" + name
                let child = url.appendingPathComponent(name)
                _ = try limits.components(of: path, source: source)
                var info = stat()
                guard lstat(child.path, &info) == 0 else { throw .unreadable(path: path, reason: BoundedFile.errorText()) }
                switch info.st_mode & S_IFMT {
                case S_IFREG:
                    if path == CatalogueChecksums.fileName { contents.hasChecksums = true; continue }
                    contents.files.append((path, child))
                    guard contents.files.count <= limits.files else {
                        throw .refused(source: source, rule: .tooManyFiles, detail: "more than \(limits.files) files")
                    }
                case S_IFDIR:
                    guard depth + 1 < limits.depth else {
                        throw .refused(source: source, rule: .tooDeep, detail: "'\(path.escapingControls)' is more than \(limits.depth) folders deep")
                    }
                    pending.append((child, path, depth + 1))
                case S_IFLNK:
                    throw .refused(source: source, rule: .link, detail: "'\(path.escapingControls)' is a link; a shared catalogue holds only files and folders")
                default:
                    throw .refused(source: source, rule: .specialFile, detail: "'\(path.escapingControls)' is a device file, FIFO or socket")
                }
            }
        }
        contents.files.sort { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
        return contents
    }

    /// Reads every file under its bound, hashing it; `body` sees each file's bytes.
    func digest(source: String, limits: CatalogueLimits,
                _ body: (String, [UInt8]) throws(CatalogueError) -> Void = { _, _ in }) throws(CatalogueError) -> CatalogueChecksums {
        var digests: [String: String] = [:]
        var total = 0
        for (path, url) in files {
            let limit = limits.sizeLimit(for: path)
            let bytes: [UInt8]
            do {
                bytes = try BoundedFile.read(url, limit: limit)
            } catch .tooLarge {
                throw .refused(source: source, rule: .fileTooLarge, detail: "'\(path.escapingControls)' is larger than \(Self.size(limit))")
            } catch .notRegular {
                throw .refused(source: source, rule: .link, detail: "'\(path.escapingControls)' changed into a link or a special file while being read")
            } catch {
                throw .unreadable(path: path, reason: error.description)
            }
            total += bytes.count
            guard total <= limits.totalSize else {
                throw .refused(source: source, rule: .archiveBomb, detail: "more than \(Self.size(limits.totalSize)) in all")
            }
            digests[path] = SHA256.hex(bytes)
            try body(path, bytes)
        }
        return CatalogueChecksums(digests: digests)
    }

    /// Compares a folder with its `SHA256SUMS`: every file listed, every listed file there, every digest equal.
    static func verify(_ folder: URL, source: String, limits: CatalogueLimits) throws(CatalogueError) -> CatalogueChecksums {
        let contents = try scan(folder, source: source, limits: limits)
        guard contents.hasChecksums else {
            throw .refused(source: source, rule: .checksumMissing, detail: "there is no \(CatalogueChecksums.fileName) (made by 'segue catalogue pack')")
        }
        let listed = try CatalogueChecksums.parse(try readChecksums(folder, source: source), source: source, limits: limits)
        let actual = try contents.digest(source: source, limits: limits)
        try compare(listed: listed, actual: actual, source: source)
        return actual
    }

    static func readChecksums(_ folder: URL, source: String) throws(CatalogueError) -> String {
        do {
            let bytes = try BoundedFile.read(folder.appendingPathComponent(CatalogueChecksums.fileName), limit: 1 << 20)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            throw .refused(source: source, rule: .checksumMissing, detail: "\(CatalogueChecksums.fileName) cannot be read (\(error))")
        }
    }

    static func compare(listed: CatalogueChecksums, actual: CatalogueChecksums, source: String) throws(CatalogueError) {
        let order = { (a: String, b: String) in Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8)) }
        for path in actual.digests.keys.sorted(by: order) where listed.digests[path] == nil {
            throw .refused(source: source, rule: .checksumMismatch, detail: "'\(path.escapingControls)' is not listed in \(CatalogueChecksums.fileName)")
        }
        for (path, digest) in listed.digests.sorted(by: { order($0.key, $1.key) }) {
            guard let found = actual.digests[path] else {
                throw .refused(source: source, rule: .checksumMismatch, detail: "'\(path.escapingControls)' is listed in \(CatalogueChecksums.fileName) but missing")
            }
            guard found == digest else {
                throw .refused(source: source, rule: .checksumMismatch, detail: "'\(path.escapingControls)' has SHA-256 \(found), but \(CatalogueChecksums.fileName) says \(digest)")
            }
        }
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}

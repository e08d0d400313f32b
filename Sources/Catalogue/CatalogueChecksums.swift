#if canImport(Glibc)
import Foundation
import Glibc
import TextSafety
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

    /// Reads `sha256sum`'s lines by bytes: a line is 64 lowercase hex digits,
    /// two characters (`  ` or ` *`), then the path's bytes to the newline.
    static func parse(_ bytes: [UInt8], source: String, limits: CatalogueLimits) throws(CatalogueError) -> CatalogueChecksums {
        var digests: [String: String] = [:]
        var exact = Set<[UInt8]>()
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard index < limits.files else {
                throw .refused(source: source, rule: .tooManyFiles, detail: "\(fileName) lists more than \(limits.files) files")
            }
            let line = Array(line)
            let hex = line.prefix(64)
            let separator = Array(line.dropFirst(64).prefix(2))
            guard hex.count == 64, hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
                  separator == Array("  ".utf8) || separator == Array(" *".utf8), CataloguePath.isUTF8(line.dropFirst(66)) else {
                throw .refused(source: source, rule: .checksumMismatch, detail: "\(fileName) line \(index + 1) is not 'SHA-256  path'")
            }
            let pathBytes = Array(line.dropFirst(66))
            let path = String(decoding: pathBytes, as: UTF8.self)
            _ = try limits.components(of: path, source: source)
            // Swift's String compares canonically equivalent spellings equal: the bytes decide what is a duplicate.
            guard exact.insert(pathBytes).inserted, digests[path] == nil else {
                throw .refused(source: source, rule: .duplicatePath, detail: "\(fileName) lists '\(path.escapingControlCharacters)' twice")
            }
            digests[path] = String(decoding: hex, as: UTF8.self)
        }
        return CatalogueChecksums(digests: digests)
    }
}

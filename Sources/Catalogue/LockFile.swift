import Foundation
import TextSafety

/// `segue.lock`: the catalogues a project installed, each with where it came
/// from, its version and its content hash, as SwiftPM's Package.resolved
/// records packages. JSON with sorted keys, so the same set is the same bytes.
public struct LockFile: Sendable, Equatable, Codable {
    public static let fileName = "segue.lock"
    public static let currentSchema = 1

    public var schema: Int
    public var catalogues: [Locked]

    public struct Locked: Sendable, Equatable, Codable {
        public var name: String
        public var version: String
        /// An archive or folder (relative to the lock file when it is below it), or a git address.
        public var source: String
        /// For git: the commit, in full.
        public var revision: String?
        /// "sha256:" and the SHA-256 of the catalogue's canonical SHA256SUMS.
        public var hash: String

        public init(name: String, version: String, source: String, revision: String?, hash: String) {
            (self.name, self.version, self.source, self.revision, self.hash) = (name, version, source, revision, hash)
        }
    }

    public init(catalogues: [Locked] = []) {
        schema = Self.currentSchema
        self.catalogues = catalogues
    }

    /// - Returns: nil when there is no lock file.
    public static func load(_ url: URL) throws(CatalogueError) -> LockFile? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(url, limit: 4 << 20) } catch { throw .lockFile(path: url.path, reason: "cannot be read (\(error))") }
        let lock: LockFile
        do {
            lock = try JSONDecoder().decode(LockFile.self, from: Data(bytes))
        } catch {
            throw .lockFile(path: url.path, reason: "is not a segue lock file: \(Self.describe(error))")
        }
        guard lock.schema == currentSchema else {
            throw .lockFile(path: url.path, reason: "has schema \(lock.schema); this segue reads schema \(currentSchema): update segue")
        }
        guard lock.catalogues.count <= 1000 else { throw .lockFile(path: url.path, reason: "locks more than 1000 catalogues") }
        var names = Set<String>()
        for locked in lock.catalogues {
            guard EntryMetadata.isValidName(locked.name) else {
                throw .lockFile(path: url.path, reason: "'\(Suggestion.shortened(locked.name).escapingControlCharacters)' is not a catalogue name")
            }
            guard names.insert(locked.name).inserted else {
                throw .lockFile(path: url.path, reason: "locks \(locked.name) twice; keep one of them")
            }
        }
        return lock
    }

    /// A decoding error in a sentence: where in the file, what was wrong (not Swift's debug description).
    static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func place(_ path: [CodingKey]) -> String {
            path.isEmpty ? "at the top" : "at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context):
            // JSONSerialization says where: "…around line 2, column 5."
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "not valid JSON" + (detail.map { " (\($0))" } ?? "")
        case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing \(place(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "a value of the wrong kind \(place(context.codingPath))"
        @unknown default: return "\(error)"
        }
    }

    /// Adds or replaces the catalogue of the same name.
    public mutating func record(_ locked: Locked) {
        catalogues.removeAll { $0.name == locked.name }
        catalogues.append(locked)
        catalogues.sort { $0.name < $1.name }
    }

    /// Takes the catalogue of that name out; whether it was there.
    @discardableResult
    public mutating func forget(_ name: String) -> Bool {
        let before = catalogues.count
        catalogues.removeAll { $0.name == name }
        return catalogues.count != before
    }

    public var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data()
        return Array(data) + Array("\n".utf8)
    }

    public func save(_ url: URL) throws(CatalogueError) {
        try AtomicFile.write(bytes, to: url)
    }
}

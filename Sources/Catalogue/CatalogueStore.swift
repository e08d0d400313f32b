import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The catalogues installed for this user, each version in a folder of its own:
///
///     catalogues/
///       team-kit -> .store/team-kit-1.2.0-3f1c9a0b2d4e   (a symlink)
///       .store/team-kit-1.2.0-3f1c9a0b2d4e/              (complete, verified, never changed)
///
/// An install unpacks and verifies into `.staging-…`, renames that into
/// `.store/`, then points the name at it by renaming a new symlink over the
/// old one: rename(2) replaces a name in one step on every Linux file system,
/// where renameat2's RENAME_EXCHANGE is not supported by all (overlayfs,
/// older NFS). Until that rename the old version is in use; after it, the new
/// one. A crash, a kill or a full disk at any moment leaves one of the two, whole.
/// Leftovers of an interrupted install are removed by the next one.
///
/// A reader keeps the version it started on, as `Installed.folder` promises:
/// it holds a shared lock on the version's folder for the whole command
/// (`openForReading`), and a version out of use is deleted only when its
/// exclusive lock can be taken at once; one still read is collected later.
public struct CatalogueStore: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    var store: URL { root.appendingPathComponent(".store") }

    public enum Source: Sendable {
        case archive(URL)
        case folder(URL)
    }

    public struct Installed: Sendable, Equatable {
        public let name: String
        /// The version's own folder (the link resolved), so a reader keeps one version even while another is installed.
        public let folder: URL
    }

    public struct Outcome: Sendable {
        public let manifest: CatalogueManifest
        public let contentHash: String
        /// The version that was installed before, if another was.
        public let replaced: String?
        /// The same content was already installed: nothing changed.
        public let unchanged: Bool
    }

    /// Tests only: `SEGUE_TEST_INSTALL_PAUSE=scan|extract|swap|cleanup` makes an
    /// install stop at that point for 30 s (or `SEGUE_TEST_INSTALL_PAUSE_SECONDS`),
    /// saying so on standard error, so a test can kill it there or change the
    /// folder under it (Tests/SegueCLITests/CatalogueCommandTests.swift, FolderTrustTests.swift).
    static let pauseVariable = "SEGUE_TEST_INSTALL_PAUSE"

    static func pause(_ point: String) {
        let environment = ProcessInfo.processInfo.environment
        guard environment[pauseVariable] == point else { return }
        FileHandle.standardError.write(Data("segue: test pause at \(point)\n".utf8))
        sleep(environment[pauseVariable + "_SECONDS"].flatMap { UInt32($0) }.map { min($0, 30) } ?? 30)
    }

    /// Verifies `source` completely, then makes it the installed version of its catalogue.
    ///
    /// - Parameter expectedHash: from segue.lock: content with another hash is refused before anything is written.
    /// - Parameter locked: what a lock file says the source holds (its hash, and the name and
    ///   version it was locked under): anything else is refused before it is installed.
    public func install(_ source: Source, shownAs shown: String, expectedHash: String? = nil, locked: LockFile.Locked? = nil,
                        segueVersion: String?, limits: CatalogueLimits = .standard) throws(CatalogueError) -> Outcome {
        let lock = try lockStore()
        defer { close(lock) }
        removeLeftovers()
        let staging = root.appendingPathComponent(".staging-\(UUID().uuidString)")
        guard mkdir(staging.path, 0o755) == 0 else { throw .writeFailed(path: staging.path, reason: BoundedFile.errorText()) }
        defer { try? FileManager.default.removeItem(at: staging) }
        switch source {
        case .archive(let url):
            try CatalogueArchive.extract(url, into: staging, source: shown, limits: limits, pause: Self.pause)
        case .folder(let url):
            _ = try Self.copy(url, into: staging, source: shown, limits: limits)
        }
        // What is about to be used, listed again, hidden names included: a file in no line of SHA256SUMS is refused.
        let checksums = try CatalogueContents.verify(staging, source: shown, limits: limits, everything: true)
        guard let manifest = try CatalogueManifest.load(in: staging, displayPath: shown + "/" + CatalogueManifest.fileName,
                                                        segueVersion: segueVersion) else {
            throw .noManifest(folder: shown)
        }
        let hash = checksums.contentHash
        if let expectedHash, expectedHash != hash { throw .hashMismatch(name: manifest.name, locked: expectedHash, actual: hash) }
        if let locked, locked.name != manifest.name || locked.version != manifest.version.description {
            throw .lockFile(path: LockFile.fileName, reason: "locks \(locked.name) \(locked.version), but \(shown) holds "
                            + "\(manifest.name) \(manifest.version)")
        }
        Self.syncFolders(staging)

        let versionName = "\(manifest.name)-\(manifest.version)-\(hash.dropFirst("sha256:".count).prefix(12))"
        let link = root.appendingPathComponent(manifest.name)
        let current = try currentTarget(link)
        if current == ".store/" + versionName {
            return Outcome(manifest: manifest, contentHash: hash, replaced: nil, unchanged: true)
        }
        let final = store.appendingPathComponent(versionName)
        if !FileManager.default.fileExists(atPath: final.path) {
            guard rename(staging.path, final.path) == 0 else { throw .writeFailed(path: final.path, reason: BoundedFile.errorText()) }
            BoundedFile.syncFolder(store)
        }
        Self.pause("swap")
        let newLink = root.appendingPathComponent(".link-\(UUID().uuidString)")
        guard symlink(".store/" + versionName, newLink.path) == 0 else { throw .writeFailed(path: newLink.path, reason: BoundedFile.errorText()) }
        guard rename(newLink.path, link.path) == 0 else {
            let reason = BoundedFile.errorText()
            unlink(newLink.path)
            throw .writeFailed(path: link.path, reason: reason)
        }
        BoundedFile.syncFolder(root)
        Self.pause("cleanup")
        var replaced: String?
        if let current {
            let old = root.appendingPathComponent(current)
            replaced = (try? CatalogueManifest.load(in: old, displayPath: "", segueVersion: nil))??.version.description
            discardUnlessRead(old)
        }
        return Outcome(manifest: manifest, contentHash: hash, replaced: replaced, unchanged: false)
    }

    /// The installed catalogues, by name.
    public func installed() -> [Installed] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return [] }
        // A link called built-in put here by hand would pass for segue's own catalogue; segue never installs one.
        return names.filter { !$0.hasPrefix(".") && EntryMetadata.isValidName($0) && $0 != BuiltinCatalogue.label }.sorted().prefix(1000).compactMap { name in
            guard let target = try? currentTarget(root.appendingPathComponent(name)) else { return nil }
            return Installed(name: name, folder: root.appendingPathComponent(target).standardizedFileURL)
        }
    }

    /// Takes an installed catalogue out of use in one rename, then deletes its files.
    public func remove(_ name: String) throws(CatalogueError) {
        let lock = try lockStore()
        defer { close(lock) }
        let link = root.appendingPathComponent(name)
        guard EntryMetadata.isValidName(name), let target = try currentTarget(link) else {
            throw .notInstalled(name: name, installed: installed().map(\.name))
        }
        let away = root.appendingPathComponent(".trash-\(UUID().uuidString)")
        guard rename(link.path, away.path) == 0 else { throw .writeFailed(path: link.path, reason: BoundedFile.errorText()) }
        BoundedFile.syncFolder(root)
        unlink(away.path)
        discardUnlessRead(root.appendingPathComponent(target))
    }

    /// Where the name points (".store/…"), nil when nothing is installed under it.
    func currentTarget(_ link: URL) throws(CatalogueError) -> String? {
        var info = stat()
        guard lstat(link.path, &info) == 0 else { return nil }
        guard (info.st_mode & S_IFMT) == S_IFLNK, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link.path),
              // By bytes: a '/' followed by a combining mark is one Character, and would hide from contains("/").
              target.utf8.starts(with: ".store/".utf8), !target.utf8.dropFirst(7).contains(UInt8(ascii: "/")),
              target.utf8.dropFirst(7).first.map({ $0 != UInt8(ascii: ".") }) ?? false else {
            throw .writeFailed(path: link.path, reason: "it is not a catalogue segue installed; move it away")
        }
        return target
    }

    func discard(_ folder: URL) {
        let away = root.appendingPathComponent(".trash-\(UUID().uuidString)")
        if rename(folder.path, away.path) == 0 {
            BoundedFile.syncFolder(root)
            try? FileManager.default.removeItem(at: away)
        }
    }

    /// Installs one at a time: a second segue waits for the first.
    private func lockStore() throws(CatalogueError) -> Int32 {
        do {
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: store.path, reason: "cannot make the folder")
        }
        let fd = open(root.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: root.path, reason: BoundedFile.errorText()) }
        guard flock(fd, LOCK_EX) == 0 else {
            close(fd)
            throw .writeFailed(path: root.path, reason: BoundedFile.errorText())
        }
        return fd
    }

    /// What an interrupted install or removal left: its staging folder, a new
    /// link not yet renamed, an old version not yet deleted, a version
    /// unpacked but never put in use.
    private func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        for name in names.prefix(10_000) where name.hasPrefix(".staging-") || name.hasPrefix(".trash-") || name.hasPrefix(".link-") {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        let inUse = Set(installed().map(\.folder.lastPathComponent))
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []).prefix(10_000) where !inUse.contains(name) {
            discardUnlessRead(store.appendingPathComponent(name))
        }
    }

    /// Copies a folder's files under the rules, checking its SHA256SUMS when it has one and writing it when not.
    /// Both sides are reached by descriptor (`FolderHandle`), never through a link.
    static func copy(_ folder: URL, into staging: URL, source: String, limits: CatalogueLimits) throws(CatalogueError) -> CatalogueChecksums {
        let contents = try CatalogueContents.scan(folder, source: source, limits: limits)
        let target: FolderHandle
        do { target = try FolderHandle.open(staging) } catch { throw .writeFailed(path: staging.path, reason: error.description) }
        let actual = try contents.digest(source: source, limits: limits) { path, parts, bytes throws(CatalogueError) in
            do throws(BoundedFile.Failure) {
                var parent = target
                for part in parts.dropLast() { parent = try parent.makeFolder(part) }
                let writer = try parent.create(parts[parts.count - 1])
                try writer.write(bytes)
                try writer.close()
            } catch {
                throw .writeFailed(path: staging.path + "/" + path, reason: error.description)
            }
        }
        if contents.hasChecksums {
            let listed = try CatalogueChecksums.parse(try contents.readChecksums(source: source), source: source, limits: limits)
            try CatalogueContents.compare(listed: listed, actual: actual, source: source)
        }
        pause("extract")
        do throws(BoundedFile.Failure) {
            let writer = try target.create(CatalogueChecksums.fileName)
            try writer.write(Array(actual.text.utf8))
            try writer.close()
        } catch {
            throw .writeFailed(path: staging.path, reason: error.description)
        }
        return actual
    }

    /// Flushes every folder's names, so the rename that publishes them publishes whole folders.
    static func syncFolders(_ folder: URL) {
        var pending = [folder]
        var count = 0
        while let next = pending.popLast(), count < 10_000 {
            count += 1
            BoundedFile.syncFolder(next)
            let children = (try? FileManager.default.contentsOfDirectory(at: next, includingPropertiesForKeys: [.isDirectoryKey])) ?? []
            pending += children.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
        }
    }
}

extension CatalogueStore {
    /// Checks a folder against its SHA256SUMS, under the install rules.
    public static func verifyChecksums(_ folder: URL, source: String, limits: CatalogueLimits = .standard) throws(CatalogueError) -> CatalogueChecksums {
        try CatalogueContents.verify(folder, source: source, limits: limits)
    }

    /// Unpacks an archive into a new folder under the install rules and checks its checksums, as an install would.
    public static func unpack(_ archive: URL, into folder: URL, source: String,
                              limits: CatalogueLimits = .standard) throws(CatalogueError) -> CatalogueChecksums {
        guard mkdir(folder.path, 0o700) == 0 else { throw .writeFailed(path: folder.path, reason: BoundedFile.errorText()) }
        try CatalogueArchive.extract(archive, into: folder, source: source, limits: limits)
        return try CatalogueContents.verify(folder, source: source, limits: limits, everything: true)
    }
}

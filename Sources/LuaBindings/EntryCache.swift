import Catalogue
import Foundation
import LuaRuntime
#if canImport(Glibc)
import Glibc
#endif

/// What loading an entry found (its metadata, hooks, parameters, what it
/// printed, the modules it required), kept on disk so that `list` and
/// `show` need not run an unchanged entry's script again.
///
/// A record is found by where the entry is (as found and as shown) and the
/// limits it was loaded under, and holds the SHA-256 of the entry's text and
/// of each module `require` looked for (the text the script ran, or none
/// where there was no file), which build of segue wrote it, and the SHA-256
/// of itself. It is used only when all of them still match: a changed entry
/// or module (whatever its size and time say), a module added or fixed, a
/// damaged record, or one another build wrote is loaded again and written
/// over. One record an entry and limits: edits replace it. `segue check`
/// adds what it found (`CheckStatus`) to the record of the entry it checked.
///
/// Records live in `$XDG_CACHE_HOME/segue/entries` (`~/.cache/...`), are
/// written to a temporary file and renamed (a reader never sees half of
/// one), and only successful loads are kept: a broken entry is loaded again
/// to say what is wrong with it now.
public struct EntryCache: Sendable {
    public let folder: URL
    /// The segue build: a record from any other is not trusted.
    public let build: String
    private let folderPath: String

    /// Records far larger than any entry's metadata are not read.
    static let recordLimit = 1 << 20

    public init(folder: URL, build: String) {
        self.folder = folder
        self.build = build
        folderPath = folder.path
    }

    /// The user's cache folder for `build`, or nil when there is no home to put it in.
    public static func standard(build: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> EntryCache? {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            return nil
        }
        return EntryCache(folder: URL(fileURLWithPath: base).appendingPathComponent("segue/entries"), build: build)
    }

    /// This executable's identity, for `build`: a new build (or a copy put
    /// in its place) has another, so it never reads what an older one wrote.
    public static func executableIdentity(version: String) -> String {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return version }
        return "\(version) \(info.st_dev):\(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The entry as loaded when its record matches the text and modules now
    /// on disk; nil otherwise (no record, a damaged one, a changed file).
    public func lookup(_ file: EntryFile, source: String, limits: SandboxLimits) -> LoadedEntry? {
        lookup(file, sourceHash: Self.hash(source), limits: limits)
    }

    /// The SHA-256 of an entry's text, as records hold it.
    static func hash(_ source: String) -> String { SHA256.hex(Array(source.utf8)) }

    func lookup(_ file: EntryFile, sourceHash: String, limits: SandboxLimits) -> LoadedEntry? {
        guard let bytes = Self.readRecord(recordPath(file, limits: limits)),
              let record = Record(bytes), record.build == build, record.source == sourceHash else { return nil }
        // Each module as require would find it now: the same text, or still no file, where there was none.
        var modules: [ModuleFile] = []
        for read in record.modules {
            let now = ModuleHashes.shared.state(of: read.name, besideEntry: file)
            guard now.sha256 == read.sha256 else { return nil }
            if read.compiled {
                guard let module = now.module else { return nil }
                modules.append(module)
            }
        }
        return LoadedEntry(file: file, metadata: record.metadata, hooks: record.hooks, parameters: record.parameters,
                           printed: record.printed, modules: modules, moduleReads: record.modules, check: record.check)
    }

    /// Keeps what loading `file` found. Best effort: a cache that cannot be
    /// written (a read-only home, a full disk) only means loading next time.
    /// `check`: what checking it found (every standard scenario, default
    /// options), kept with the record until the entry or a module changes.
    public func store(_ loaded: LoadedEntry, source: String, limits: SandboxLimits, check: CheckStatus? = nil) {
        store(loaded, sourceHash: Self.hash(source), limits: limits, check: check)
    }

    func store(_ loaded: LoadedEntry, sourceHash: String, limits: SandboxLimits, check: CheckStatus? = nil) {
        // The modules' hashes are of the very text the script ran (a module saved while the entry
        // loaded misses next time), missing and broken modules included (one added or fixed misses too).
        let record = Record(build: build, source: sourceHash, metadata: loaded.metadata, hooks: loaded.hooks,
                            parameters: loaded.parameters, printed: loaded.printed, modules: loaded.moduleReads, check: check)
        write(record.bytes, to: recordPath(loaded.file, limits: limits))
    }

    /// Where `file`'s record is, for tests and tools.
    public func recordURL(_ file: EntryFile, limits: SandboxLimits) -> URL {
        URL(fileURLWithPath: recordPath(file, limits: limits))
    }

    /// One file per entry path and limits: its name is their hash.
    func recordPath(_ file: EntryFile, limits: SandboxLimits) -> String {
        // The shown path too: printed lines' locations are written as the working folder shows them.
        let key = "\(file.url.path)\u{0}\(file.displayPath)\u{0}\(file.catalogue)\u{0}\(limits.memory)\u{0}\(limits.time)"
        return folderPath + "/" + SHA256.hex(Array(key.utf8)) + ".record"
    }

    /// The record's bytes: a regular file of at most `recordLimit` bytes, not followed through a link.
    private static func readRecord(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= recordLimit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            guard count > 0 else { return nil }
            filled += count
        }
        return bytes
    }

    /// Written beside its final name and renamed over it: readers see the old record or the new one, whole.
    private func write(_ data: [UInt8], to path: String) {
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])) != nil else { return }
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        close(fd)
        if !written || rename(temporary, path) != 0 { unlink(temporary) }
    }
}

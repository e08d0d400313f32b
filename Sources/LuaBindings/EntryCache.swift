import CFileSystem
import Catalogue
import Foundation
import LuaRuntime
import Synchronization
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
/// or module (whatever its size and modification time say), a module added or fixed, a
/// damaged record, or one another build wrote is loaded again and written
/// over. One record an entry and limits: edits replace it. `segue check`
/// adds what it found (`CheckStatus`) to the record of the entry it checked.
///
/// A record also keeps the identity of the entry's file as it was read (`FileIdentity`: device, inode, size,
/// modification and change times), when that file is a plain file of its folder and had last changed at least
/// `settledAfter` before it was read. While the file keeps that identity it is not read again: the kernel sets the
/// change time at every write, rename and change of times, so only a change in the very tick of the change before it
/// could keep it, and that tick was long before the reading (as Git's index trusts a file's stat only once the file is
/// older than the index). A file changed more recently is judged by its text, as every module is.
///
/// Records live in `$XDG_CACHE_HOME/segue/entries` (`~/.cache/...`), one
/// file (`Pack`) for each catalogue folder and limits, written to a temporary
/// file and renamed (a reader never sees half of one); only successful loads
/// are kept: a broken entry is loaded again to say what is wrong with it now.
/// A cache made with `defersWrites` keeps what it is given until `flush()`
/// (segue writes each pack once a command, when it finishes).
public final class EntryCache: Sendable {
    public let folder: URL
    /// The segue build: a record from any other is not trusted.
    public let build: String
    private let folderPath: String
    private let defersWrites: Bool
    /// How long before its reading a file must have last changed for its identity to vouch for its text (a margin
    /// for file systems whose clock is not quite ours).
    let settledAfter: Duration

    /// How long a deferring cache keeps records before writing them anyway.
    static let flushInterval = 0.5

    /// Records far larger than any entry's metadata are not read.
    static let recordLimit = 1 << 20
    /// Nor are packs past this (a thousand entries, the most a catalogue holds, take about 3 MB); one written past it
    /// keeps only what this command gave it.
    static let packLimit = 64 << 20

    private struct Packs {
        /// Each pack as last read, the file it was read from (a pack changed on disk is read again) and when that was
        /// last looked at (seconds of uptime): a listing looks once, not once an entry.
        var read: [String: (file: FileIdentity, pack: Pack, seen: Double)] = [:]
        /// Records given and not yet written, by pack.
        var pending: [String: [String: [UInt8]]] = [:]
        /// Each catalogue folder's pack (its name is a hash).
        var names: [PackKey: String] = [:]
        /// Whether each entry folder's file system keeps its own times (`keepsItsOwnTimes`).
        var ownTimes: [String: Bool] = [:]
        /// When a deferring cache last wrote (seconds of uptime).
        var lastFlush = ProcessInfo.processInfo.systemUptime
    }
    private let packs = Mutex(Packs())
    /// Held while a pack is looked at on disk and read.
    private let reading = Mutex(())

    /// `settledAfter` as segue has it.
    public static let settled = Duration.seconds(2)

    public init(folder: URL, build: String, defersWrites: Bool = false, settledAfter: Duration = EntryCache.settled) {
        self.folder = folder
        self.build = build
        self.defersWrites = defersWrites
        folderPath = folder.path
        self.settledAfter = settledAfter
    }

    /// The user's cache folder for `build`, or nil when there is no home to put it in.
    public static func standard(build: String, defersWrites: Bool = false,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> EntryCache? {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.cache"
        } else {
            return nil
        }
        return EntryCache(folder: URL(fileURLWithPath: base).appendingPathComponent("segue/entries"), build: build,
                          defersWrites: defersWrites)
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
        lookup(file, limits: limits) { $0.source == sourceHash }?.entry
    }

    /// The entry as its record has it when the record vouches for the file as it stands now (`file`, its identity:
    /// `EntryFile.plainFileIdentity()`), without its text being read; nil otherwise.
    func lookup(_ file: EntryFile, identity: FileIdentity, limits: SandboxLimits) -> LoadedEntry? {
        guard !Self.isLoopDevice(identity.device) else { return nil }
        return lookup(file, limits: limits) { $0.file == identity }?.entry
    }

    /// The identity a record may keep for `file` read at `readAt` (the clock file times are kept by, taken before the
    /// file was looked at): the file's own when it had last changed at least `settledAfter` before, on a file system
    /// that keeps its own times (`keepsItsOwnTimes`), else none.
    func settled(_ identity: FileIdentity?, of file: EntryFile, readAt: timespec) -> FileIdentity? {
        let (seconds, attoseconds) = settledAfter.components
        var limit = (seconds: readAt.tv_sec - Int(seconds), nanoseconds: readAt.tv_nsec - Int(attoseconds / 1_000_000_000))
        if limit.nanoseconds < 0 { limit = (limit.seconds - 1, limit.nanoseconds + 1_000_000_000) }
        guard let identity, identity.changed(before: limit), keepsItsOwnTimes(file.directory),
              !Self.isLoopDevice(identity.device) else { return nil }
        return identity
    }

    /// The clock file times are kept by.
    static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time
    }

    /// Whether the files of `folder` are on a file system whose change times this machine's kernel sets and no one
    /// else: a local disk's (ext2/3/4, XFS, Btrfs, F2FS, ZFS), tmpfs or an overlay of them, and not a disk image mounted
    /// through a loop device, whose maker chose every time in it (as a share from another machine's server, a FAT
    /// stick's or a FUSE file system's may). Elsewhere every entry is judged by its text. Looked at once a folder.
    func keepsItsOwnTimes(_ folder: String) -> Bool {
        if let known = packs.withLock({ $0.ownTimes[folder] }) { return known }
        var system = statfs(), info = stat()
        let keeps = statfs(folder, &system) == 0 && stat(folder, &info) == 0
            && Self.keepsItsOwnTimes(fileSystem: UInt(bitPattern: Int(system.f_type)), device: UInt64(info.st_dev))
        packs.withLock { $0.ownTimes[folder] = keeps }
        return keeps
    }

    /// The rule itself, by the file system's magic number (`statfs`'s f_type, linux/magic.h) and the device.
    static func keepsItsOwnTimes(fileSystem: UInt, device: UInt64) -> Bool {
        let local: Set<UInt> = [0xEF53 /* ext2/3/4 */, 0x5846_5342 /* XFS */, 0x9123_683E /* Btrfs */, 0xF2F5_2010 /* F2FS */,
                                0x2FC1_2FC1 /* ZFS */, 0x0102_1994 /* tmpfs */, 0x794C_7630 /* overlay */]
        return local.contains(fileSystem) && !isLoopDevice(device)
    }

    /// Whether a device is a loop device (major 7, as glibc's gnu_dev_major takes it): asked of the folder and of the
    /// file itself, which a bind mount may bring from elsewhere. (An overlay or a device mapper built over an image,
    /// which only root can make, hides the image and is trusted as a local disk is.)
    static func isLoopDevice(_ device: UInt64) -> Bool {
        ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF) == 7
    }

    /// The entry and its record, when the record is this build's and `matches`, and every module it read is as
    /// `require` would find it now.
    func lookup(_ file: EntryFile, limits: SandboxLimits, matches: (Record) -> Bool) -> (entry: LoadedEntry, record: Record)? {
        // The pack as read a moment ago, then (another segue may have written the record since) as it is on disk.
        if let found = lookup(file, record: recordBytes(file, limits: limits, lookAgain: false), matches: matches) { return found }
        return lookup(file, record: recordBytes(file, limits: limits, lookAgain: true), matches: matches)
    }

    private func lookup(_ file: EntryFile, record bytes: [UInt8]?, matches: (Record) -> Bool) -> (entry: LoadedEntry, record: Record)? {
        guard let bytes, let record = Record(bytes), record.build == build, matches(record) else { return nil }
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
        return (LoadedEntry(file: file, metadata: record.metadata, hooks: record.hooks, parameters: record.parameters,
                            printed: record.printed, modules: modules, moduleReads: record.modules, check: record.check), record)
    }

    /// Keeps what loading `file` found. Best effort: a cache that cannot be
    /// written (a read-only home, a full disk) only means loading next time.
    /// `check`: what checking it found (every standard scenario, default
    /// options), kept with the record until the entry or a module changes.
    public func store(_ loaded: LoadedEntry, source: String, limits: SandboxLimits, check: CheckStatus? = nil) {
        store(loaded, sourceHash: Self.hash(source), limits: limits, check: check)
    }

    /// - Parameter file: the identity of the entry's file the text of hash `sourceHash` was read from, when `settled`;
    ///   without one, a record of the same text keeps its own.
    func store(_ loaded: LoadedEntry, sourceHash: String, limits: SandboxLimits, check: CheckStatus? = nil,
               file: FileIdentity? = nil) {
        let path = packPath(loaded.file, limits: limits), key = recordKey(loaded.file, limits: limits)
        let kept = file == nil ? recordBytes(loaded.file, limits: limits, lookAgain: false).flatMap(Record.init) : nil
        // The modules' hashes are of the very text the script ran (a module saved while the entry
        // loaded misses next time), missing and broken modules included (one added or fixed misses too).
        let record = Record(build: build, source: sourceHash, metadata: loaded.metadata, hooks: loaded.hooks,
                            parameters: loaded.parameters, printed: loaded.printed, modules: loaded.moduleReads, check: check,
                            file: file ?? kept.flatMap { $0.build == build && $0.source == sourceHash ? $0.file : nil })
        let bytes = record.bytes
        let now = ProcessInfo.processInfo.systemUptime
        // Deferred, but not for long: a long check cut short, or a list whose reader went away, keeps what it did.
        let due = packs.withLock { state in
            state.pending[path, default: [:]][key] = bytes
            guard now - state.lastFlush >= Self.flushInterval else { return false }
            state.lastFlush = now
            return true
        }
        if !defersWrites || due { flush() }
    }

    /// Where `file`'s record is kept (the pack of its catalogue folder), for tests and tools.
    public func recordURL(_ file: EntryFile, limits: SandboxLimits) -> URL {
        URL(fileURLWithPath: packPath(file, limits: limits))
    }

    /// What a pack is kept for: a catalogue folder and limits.
    struct PackKey: Hashable {
        let directory: String, catalogue: String, limits: SandboxLimits

        init(_ file: EntryFile, _ limits: SandboxLimits) {
            (directory, catalogue, self.limits) = (file.directory, file.catalogue, limits)
        }
    }

    /// One pack for each catalogue folder and limits: its name is their hash (worked out once a folder).
    func packPath(_ file: EntryFile, limits: SandboxLimits) -> String {
        let key = PackKey(file, limits)
        if let path = packs.withLock({ $0.names[key] }) { return path }
        let text = "\(file.directory)\u{0}\(file.catalogue)\u{0}\(Self.text(of: limits))"
        let path = folderPath + "/" + SHA256.hex(Array(text.utf8)) + ".pack"
        packs.withLock { $0.names[key] = path }
        return path
    }

    /// The record's key in its pack: the entry's path, shown path, catalogue and limits (`Pack`).
    func recordKey(_ file: EntryFile, limits: SandboxLimits) -> String {
        // The shown path too: printed lines' locations are written as the working folder shows them.
        "\(file.path)\u{0}\(file.displayPath)\u{0}\(file.catalogue)\u{0}\(Self.text(of: limits))"
    }

    /// The limits in a key, as integers (a Duration's description, worked out for every entry, was most of a key).
    private static func text(of limits: SandboxLimits) -> String {
        let (seconds, attoseconds) = limits.time.components
        return "\(limits.memory)\u{0}\(seconds)s\(attoseconds)as"
    }

    /// The entry's record: one given to this cache and not yet written, or the one in its pack as the pack is on
    /// disk now (read once while it stays the same file).
    /// - Parameter lookAgain: whether to see whether the pack changed on disk even when it was read a moment ago (a
    ///   listing looks once a pack, not once an entry: a record is still checked against the files, so an older copy
    ///   of the pack can only miss, and a miss looks again).
    private func recordBytes(_ file: EntryFile, limits: SandboxLimits, lookAgain: Bool) -> [UInt8]? {
        let packKey = PackKey(file, limits), key = recordKey(file, limits: limits)
        let now = ProcessInfo.processInfo.systemUptime
        // One lock for what a lookup mostly needs (the workers of a listing take it for every entry).
        let (known, pending, recent) = packs.withLock { state -> (String?, [UInt8]?, Pack?) in
            guard let path = state.names[packKey] else { return (nil, nil, nil) }
            if let pending = state.pending[path]?[key] { return (path, pending, nil) }
            guard !lookAgain, let read = state.read[path], now - read.seen < Self.flushInterval else { return (path, nil, nil) }
            return (path, nil, read.pack)
        }
        let path = known ?? packPath(file, limits: limits)
        if let pending { return pending }
        if let recent { return recent.items[key] }
        // One reader at a time: a listing's workers reach each catalogue's first entries together, and each read
        // the same pack (two reads of each, most of what the cache cost them); the second now finds it read.
        return reading.withLock { _ in
            guard let identity = FileIdentity(path) else { return nil }
            if let read = packs.withLock({ state -> Pack? in
                guard let read = state.read[path], read.file == identity else { return nil }
                state.read[path]?.seen = now
                return read.pack
            }) { return read.items[key] }
            guard let (pack, file) = Self.readPack(path) else { return nil }
            packs.withLock { $0.read[path] = (file, pack, now) }
            return pack.items[key]
        }
    }

    /// Writes every record given since the last flush into its pack, over what the pack holds on disk now (another
    /// segue may have written it meanwhile), leaving out the records of entries whose files are gone. Best effort: a
    /// cache that cannot be written (a read-only home, a full disk) only means loading next time.
    public func flush() {
        let pending = packs.withLock { state in
            defer { state.pending = [:] }
            return state.pending
        }
        guard !pending.isEmpty, (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                                         attributes: [.posixPermissions: 0o700])) != nil else { return }
        for (path, given) in pending.sorted(by: { $0.key < $1.key }) {
            var pack = Self.readPack(path)?.pack ?? Pack()
            pack.items = pack.items.filter { access(Pack.path(ofKey: $0.key), F_OK) == 0 }
            for (key, record) in given where !Self.keepsCheck(pack.items[key], over: record) { pack.items[key] = record }
            var bytes = pack.bytes
            if bytes.count > Self.packLimit {
                pack.items = given
                bytes = pack.bytes
            }
            guard Self.write(bytes, to: path), let written = FileIdentity(path) else { continue }
            packs.withLock { $0.read[path] = (written, pack, ProcessInfo.processInfo.systemUptime) }
        }
    }

    /// Whether the record on disk should stay: the same load (build, text, modules) with what `check` found, where the
    /// new one has no check (a `list` that ran beside the check would otherwise throw its finding away).
    private static func keepsCheck(_ old: [UInt8]?, over new: [UInt8]) -> Bool {
        guard let old, let kept = Record(old), let given = Record(new), given.check == nil, kept.check != nil else { return false }
        return kept.build == given.build && kept.source == given.source && kept.modules == given.modules
    }

    /// The pack's bytes: a regular file of at most `packLimit` bytes, not followed through a link, and the file read.
    private static func readPack(_ path: String) -> (pack: Pack, file: FileIdentity)? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, let bytes = try? BoundedFile.read(fd: fd, limit: packLimit) else { return nil }
        return (Pack(bytes), FileIdentity(info))
    }

    /// Written beside its final name and renamed over it: readers see the old pack or the new one, whole.
    private static func write(_ data: [UInt8], to path: String) -> Bool {
        let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
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
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}

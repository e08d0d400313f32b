import CFileSystem
import Catalogue
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import LuaBindings
import LuaRuntime
import Testing
import TestSupport

/// `EntryCache`: an unchanged entry's metadata comes from its record; any
/// change to what the script would read (its text, a module's), a damaged
/// record or another build's, and the entry runs again.
@Suite struct EntryCacheTests {
    static let limits = SandboxLimits(time: .seconds(2))

    static func entry(title: String, module: Bool = true) -> String {
        """
        \(module ? "local shared = require(\"shared\")" : "")
        print("loading")
        return {
          title = "\(title)", summary = "S.", tags = {"b", "a"},
          parameters = {
            duration = {type = "number", default = 0.35, min = 0.05, max = 5, description = "Seconds."},
            count = {type = "integer", default = 3},
            style = {type = "string", default = "up", choices = {"up", "down"}},
            bounce = {type = "boolean", default = false},
          },
          animator = {animateTransition = function(ctx) ctx:completeTransition(true) end},
        }
        """
    }

    /// A catalogue folder with `sample.lua` and `_shared.lua`, and a cache folder beside it.
    struct Fixture {
        let folder: TemporaryFolder
        let file: EntryFile
        let cache: EntryCache
        let settledAfter: Duration

        /// - Parameter settledAfter: how long before its reading a file must have changed for its identity to vouch
        ///   for its text; the default, as segue has it, leaves every file this fixture writes to be read.
        init(entry: String = EntryCacheTests.entry(title: "First"), build: String = "build 1",
             settledAfter: Duration = .seconds(2)) throws {
            folder = try TemporaryFolder()
            try folder.write("cat/_shared.lua", "return {value = 1}")
            let url = try folder.write("cat/sample.lua", entry)
            file = EntryFile(url: url, catalogue: "test", folder: url.deletingLastPathComponent(), workingDirectory: folder.url)
            cache = EntryCache(folder: folder.url.appendingPathComponent("cache"), build: build, settledAfter: settledAfter)
            self.settledAfter = settledAfter
        }

        /// Another segue's cache of the same folder: it reads the pack as the disk has it now (a cache that wrote the
        /// pack a moment ago serves what it wrote, valid as that still is).
        var another: EntryCache { EntryCache(folder: cache.folder, build: cache.build, settledAfter: settledAfter) }

        func load(_ cache: EntryCache? = nil) throws -> LoadedEntry {
            try EntryLoader.load(file, limits: EntryCacheTests.limits, cache: cache ?? self.cache)
        }

        func lookup(_ cache: EntryCache? = nil) throws -> LoadedEntry? {
            (cache ?? self.cache).lookup(file, source: try file.source(), limits: EntryCacheTests.limits)
        }

        var record: URL { cache.recordURL(file, limits: EntryCacheTests.limits) }

        /// Rewrites the record's title to `title` (of the same length) and
        /// its checksum (the SHA-256 of what follows the magic line and the
        /// checksum's 64 digits), keeping every other hash: what a lookup then
        /// returns can only have come from the record.
        func forgeTitle(_ title: String) throws {
            try forge(["First": title])
        }

        /// The same for any of the record's text, each `old` by a `new` of the same length (the entry's hash too).
        func forge(_ replacements: KeyValuePairs<String, String>) throws {
            var bytes = [UInt8](try Data(contentsOf: record))
            for (old, new) in replacements.map({ (Array($0.utf8), Array($1.utf8)) }) {
                try #require(old.count == new.count)
                let at = try #require(bytes.indices.first { bytes[$0...].starts(with: old) })
                bytes.replaceSubrange(at..<at + old.count, with: new)
            }
            // The record is the pack's only one, and its last bytes: its own magic line, its checksum, its body.
            let range = try recordRange(in: bytes)
            let magic = try #require(bytes[range].firstIndex(of: UInt8(ascii: "\n"))) + 1
            bytes.replaceSubrange(magic..<magic + 64, with: Array(SHA256.hex(bytes[(magic + 64)...]).utf8))
            try Data(bytes).write(to: record)
        }

        /// Where the entry's record lies in its pack (the pack holds this one record only).
        func recordRange(in pack: [UInt8]) throws -> Range<Int> {
            let magic = Array("segue entry record ".utf8)
            let start = try #require(pack.indices.first { pack[$0...].starts(with: magic) })
            return start..<pack.count
        }
    }

    /// What a record gives back is what loading gave: every field.
    @Test func anUnchangedEntryComesBackWhole() throws {
        let fixture = try Fixture()
        #expect(try fixture.lookup() == nil)
        let loaded = try fixture.load()
        let kept = try #require(try fixture.lookup())
        #expect(kept.metadata == loaded.metadata)
        #expect(kept.hooks == loaded.hooks)
        #expect(kept.parameters == loaded.parameters)
        #expect(kept.printed == loaded.printed)
        #expect(kept.modules == loaded.modules)
        #expect(kept.file == loaded.file)
        // The four kinds of default keep their Lua types (an integer stays an integer).
        #expect(kept.parameters.map(\.defaultValue) == [.boolean(false), .integer(3), .number(0.35), .string("up")])
    }

    /// Served from the record, not run again: a record whose title was
    /// rewritten (hashes kept) is what comes back.
    @Test func anUnchangedEntryIsNotRunAgain() throws {
        let fixture = try Fixture()
        _ = try fixture.load()
        try fixture.forgeTitle("Kept!")
        #expect(try fixture.load().metadata.title == "Kept!")
    }

    @Test func anEditedEntryRunsAgain() throws {
        let fixture = try Fixture()
        _ = try fixture.load()
        try fixture.forgeTitle("Stale")
        try fixture.folder.write("cat/sample.lua", EntryCacheTests.entry(title: "Edited"))
        #expect(try fixture.lookup() == nil)
        #expect(try fixture.load().metadata.title == "Edited")
        // And the record now says so.
        #expect(try fixture.lookup()?.metadata.title == "Edited")
    }

    /// A module that was not there (its require failed, and the entry went
    /// on) is part of what the entry read: added later, the entry runs again.
    @Test(arguments: [nil, "return {"])
    func aModuleMissingOrBrokenThenFixedRunsTheEntryAgain(before: String?) throws {
        let entry = """
            local ok, extra = pcall(require, "extra")
            return {title = ok and "With extra" or "No extra", summary = "S.",
                    animator = {animateTransition = function(ctx) ctx:completeTransition(true) end}}
            """
        let fixture = try Fixture(entry: entry)
        if let before { try fixture.folder.write("cat/_extra.lua", before) }
        #expect(try fixture.load().metadata.title == "No extra")
        #expect(try fixture.lookup()?.metadata.title == "No extra")
        try fixture.folder.write("cat/_extra.lua", "return {}")
        #expect(try fixture.lookup() == nil)
        let loaded = try fixture.load()
        #expect(loaded.metadata.title == "With extra")
        #expect(loaded.modules.map(\.name) == ["extra"])
        #expect(try fixture.lookup()?.modules.map(\.name) == ["extra"])
    }

    /// A module saved while its entry was loading: the record holds the hash
    /// of the text the script ran, so the next lookup sees the change.
    @Test func aModuleSavedWhileTheEntryLoadedIsSeenNextTime() throws {
        let fixture = try Fixture()
        let source = try fixture.file.source()
        let loaded = try EntryLoader.load(fixture.file, source: source, limits: EntryCacheTests.limits)
        try fixture.folder.write("cat/_shared.lua", "return {value = 2}")
        fixture.cache.store(loaded, source: source, limits: EntryCacheTests.limits)
        #expect(try fixture.lookup() == nil)
    }

    @Test func anEditedModuleRunsTheEntryAgain() throws {
        let fixture = try Fixture()
        _ = try fixture.load()
        try fixture.forgeTitle("Stale")
        try fixture.folder.write("cat/_shared.lua", "return {value = 2}")
        #expect(try fixture.lookup() == nil)
        #expect(try fixture.load().metadata.title == "First")
    }

    /// The same size and the same modification time, other bytes: judged by content, so loaded again.
    @Test func aFileReplacedWithTheSameSizeAndTimeRunsAgain() throws {
        let fixture = try Fixture()
        _ = try fixture.load()
        try fixture.forgeTitle("Stale")
        let path = fixture.file.url.path
        var before = stat()
        #expect(stat(path, &before) == 0)
        try fixture.folder.write("cat/sample.lua", EntryCacheTests.entry(title: "Fresh"))   // "First" and "Fresh": 5 letters each
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_size == before.st_size)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        #expect(try fixture.load().metadata.title == "Fresh")
    }

    /// The record with its title rewritten and its hash of the entry's text made one no text has: only the file's
    /// identity can vouch for it now.
    func forgeAllButTheIdentity(_ fixture: Fixture, title: String) throws {
        let hash = EntryCache.hash(try fixture.file.source())
        try fixture.forge(["First": title, hash: String(repeating: "0", count: hash.utf8.count)])
    }

    /// A file unchanged since well before it was read is not read again: the record of the file as it was vouches.
    @Test func aSettledFileIsNotReadAgain() throws {
        let fixture = try Fixture(settledAfter: .zero)
        _ = try fixture.load()
        try forgeAllButTheIdentity(fixture, title: "Kept!")
        #expect(try fixture.load(fixture.another).metadata.title == "Kept!")
        // Its text no longer matches: judged by the text, the record is not this file's.
        #expect(try fixture.lookup(fixture.another) == nil)
    }

    /// A file changed less than `settledAfter` before it was read may change again within the same tick of the
    /// kernel's clock, keeping its identity: its record keeps none, and it is read and judged by its text each time.
    @Test func aFileChangedJustBeforeItWasReadIsJudgedByItsText() throws {
        let fixture = try Fixture(settledAfter: .seconds(3600))
        _ = try fixture.load()
        try forgeAllButTheIdentity(fixture, title: "Kept!")
        #expect(try fixture.load(fixture.another).metadata.title == "First")
    }

    /// Written over with the same size and modification time: the change time (which only the kernel sets) differs,
    /// so the identity does not vouch, whatever the margin.
    @Test(arguments: [Duration.zero, .seconds(2)])
    func aFileRewrittenWithItsOldTimesIsReadAgain(settledAfter: Duration) throws {
        let fixture = try Fixture(settledAfter: settledAfter)
        _ = try fixture.load()
        try fixture.forgeTitle("Stale")
        let path = fixture.file.path
        var before = stat()
        #expect(stat(path, &before) == 0)
        let identity = try #require(fixture.file.plainFileIdentity())
        try fixture.folder.write("cat/sample.lua", EntryCacheTests.entry(title: "Fresh"))
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let now = try #require(fixture.file.plainFileIdentity())
        #expect(now.size == identity.size && now.modified == identity.modified && now.modifiedNanoseconds == identity.modifiedNanoseconds)
        #expect(now != identity)
        #expect(try fixture.load(fixture.another).metadata.title == "Fresh")
    }

    /// The same text in a file touched since: found by its text, and the record vouches for the file as it is now.
    @Test func aTouchedFileIsVouchedForAgain() throws {
        let fixture = try Fixture(settledAfter: .zero)
        _ = try fixture.load()
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, fixture.file.path, &times, 0) == 0)
        #expect(try fixture.load(fixture.another).metadata.title == "First")
        // Vouched for by the identity it has since it was touched: nothing else in the record matches any more.
        try forgeAllButTheIdentity(fixture, title: "Again")
        #expect(try fixture.load(fixture.another).metadata.title == "Again")
    }

    /// A file's times are whatever its file system says: one dated past 2262 (what a nanosecond count since 1970 can
    /// hold) or at the very end of time is compared as seconds and nanoseconds, never multiplied into one number.
    @Test(arguments: [9_300_000_000, Int.max, Int.min])
    func aChangeTimeFromAnyYearIsNeverSettledAndNothingOverflows(seconds: Int) throws {
        let fixture = try Fixture(settledAfter: .zero)
        let identity = FileIdentity(device: 1, inode: 2, size: 3, modified: seconds, modifiedNanoseconds: 999_999_999, changed: seconds,
                                    changedNanoseconds: 999_999_999)
        let settled = fixture.cache.settled(identity, of: fixture.file, readAt: EntryCache.now())
        // Only a time before now is settled: the year 1677's is, the far future's is not.
        #expect((settled != nil) == (seconds < 0))
    }

    /// The file systems whose change times only this machine's kernel sets (by their magic numbers in linux/magic.h),
    /// and not through a loop device (major 7): a disk image's, a share's, a FAT stick's or a FUSE file system's times
    /// are whatever their maker wrote.
    @Test func onlyALocalDisksOwnTimesVouch() {
        let disk = UInt64(8 << 8 | 1), loop = UInt64(7 << 8 | 3), bigMajor = UInt64(259) << 8
        for local: UInt in [0xEF53, 0x5846_5342, 0x9123_683E, 0xF2F5_2010, 0x2FC1_2FC1, 0x0102_1994, 0x794C_7630] {
            #expect(EntryCache.keepsItsOwnTimes(fileSystem: local, device: disk))
            #expect(EntryCache.keepsItsOwnTimes(fileSystem: local, device: bigMajor))
            #expect(!EntryCache.keepsItsOwnTimes(fileSystem: local, device: loop))
        }
        // NFS, SMB (CIFS and SMB2), FUSE, FAT, exFAT, NTFS (ntfs3), ISO 9660, SquashFS.
        for other: UInt in [0x6969, 0xFF53_4D42, 0xFE53_4D42, 0x6573_5546, 0x4D44, 0x2011_BAB0, 0x7366_746E, 0x9660, 0x7371_7368] {
            #expect(!EntryCache.keepsItsOwnTimes(fileSystem: other, device: disk))
        }
    }

    /// The cache asks the folder's own file system and device, once, and keeps a settled identity only where they vouch.
    @Test func theFoldersOwnFileSystemDecides() throws {
        let fixture = try Fixture(settledAfter: .zero)
        var system = statfs(), info = stat()
        try #require(statfs(fixture.file.directory, &system) == 0 && stat(fixture.file.directory, &info) == 0)
        let keeps = EntryCache.keepsItsOwnTimes(fileSystem: UInt(bitPattern: Int(system.f_type)), device: UInt64(info.st_dev))
        #expect(fixture.cache.keepsItsOwnTimes(fixture.file.directory) == keeps)
        let identity = try #require(try fixture.file.contentsAndIdentity().identity)
        #expect((fixture.cache.settled(identity, of: fixture.file, readAt: EntryCache.now()) != nil) == keeps)
        // The file's own device is asked too: a file bind-mounted from an image into this folder is on a loop device.
        let bound = FileIdentity(device: 7 << 8 | 2, inode: identity.inode, size: identity.size, modified: identity.modified,
                                 modifiedNanoseconds: identity.modifiedNanoseconds, changed: identity.changed,
                                 changedNanoseconds: identity.changedNanoseconds)
        #expect(fixture.cache.settled(bound, of: fixture.file, readAt: EntryCache.now()) == nil)
        #expect(fixture.cache.lookup(fixture.file, identity: bound, limits: EntryCacheTests.limits) == nil)
    }

    /// A link is judged by its text: what it points at can change while the link itself stays the same file.
    @Test func aLinkedEntryIsReadEachTime() throws {
        let fixture = try Fixture(settledAfter: .zero)
        try fixture.folder.write("cat/target.lua", EntryCacheTests.entry(title: "First"))
        try FileManager.default.removeItem(at: fixture.file.url)
        try FileManager.default.createSymbolicLink(atPath: fixture.file.path, withDestinationPath: "target.lua")
        #expect(fixture.file.plainFileIdentity() == nil)
        #expect(try fixture.file.contentsAndIdentity().identity == nil)
        _ = try fixture.load()
        try forgeAllButTheIdentity(fixture, title: "Kept!")
        #expect(try fixture.load(fixture.another).metadata.title == "First")
    }

    @Test(arguments: ["", "segue entry record 1\n", "segue entry record 1\n\u{7}", String(repeating: "x", count: 100)])
    func aDamagedRecordIsIgnoredAndWrittenAgain(damage: String) throws {
        let fixture = try Fixture()
        _ = try fixture.load()
        try damage.write(to: fixture.record, atomically: false, encoding: .utf8)
        // Another segue's cache, which reads the pack as the disk has it.
        let reader = fixture.another
        #expect(try fixture.lookup(reader) == nil)
        #expect(try fixture.load(reader).metadata.title == "First")
        #expect(try fixture.lookup(fixture.another)?.metadata.title == "First")
    }

    /// Every cut of a real record is refused whole, and no changed byte crashes the reader.
    @Test func everyTruncationIsRefusedAndNoByteCrashes() throws {
        let fixture = try Fixture()
        _ = try fixture.load()
        let whole = [UInt8](try Data(contentsOf: fixture.record))
        for length in 0..<whole.count {
            try Data(whole[..<length]).write(to: fixture.record)
            #expect(try fixture.lookup(fixture.another) == nil, "a record cut at \(length) of \(whole.count) bytes")
        }
        // And no byte can change what is served: the record carries the SHA-256 of itself, so a change inside it is
        // refused; a change before it (the pack's lines, the entry's path kept for pruning) leaves the record
        // unfound or serves it as it was.
        let record = try fixture.recordRange(in: whole)
        let served = try #require(try { try Data(whole).write(to: fixture.record); return try fixture.lookup(fixture.another) }())
        for index in whole.indices {
            var changed = whole
            changed[index] ^= 0xff
            try Data(changed).write(to: fixture.record)
            let found = try fixture.lookup(fixture.another)
            if record.contains(index) {
                #expect(found == nil, "byte \(index) of \(whole.count) changed, inside the record")
            } else {
                let same = found.map { $0.metadata == served.metadata && $0.hooks == served.hooks && $0.printed == served.printed }
                #expect(same ?? true, "byte \(index) of \(whole.count) changed, before the record")
            }
        }
    }

    @Test func anotherBuildsRecordIsNotTrusted() throws {
        let fixture = try Fixture()
        _ = try fixture.load()
        try fixture.forgeTitle("Older")
        let newer = EntryCache(folder: fixture.cache.folder, build: "build 2")
        #expect(try fixture.lookup(newer) == nil)
        #expect(try fixture.load(newer).metadata.title == "First")
    }

    /// A record is read as a plain file only: a link in its place is not followed.
    @Test func aLinkInPlaceOfARecordIsNotFollowed() throws {
        let fixture = try Fixture()
        _ = try fixture.load()
        let elsewhere = fixture.folder.url.appendingPathComponent("elsewhere.json")
        try FileManager.default.moveItem(at: fixture.record, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: fixture.record, withDestinationURL: elsewhere)
        #expect(try fixture.lookup(fixture.another) == nil)
    }

    /// A broken entry is not kept: fixed, it loads; broken again, it says so again.
    @Test func onlyWhatLoadedIsKept() throws {
        let fixture = try Fixture(entry: "return 42")
        #expect(throws: EntryError.self) { try fixture.load() }
        #expect(!FileManager.default.fileExists(atPath: fixture.record.path))
    }

    /// An entry the cache misses loads in a sandbox rewound to its ready image: what one entry's main chunk leaves in
    /// the libraries and globals, the next never sees, and every entry reads as it does in a sandbox made for it alone.
    @Test func entriesNewToTheCacheLoadAsInASandboxOfTheirOwn() throws {
        let folder = try TemporaryFolder()
        let leaker = """
        rawset(_G, "leaked", "yes")
        rawset(string, "leak", "yes")
        math.pi = 3
        return {title = "Leaker", summary = "Leaves things behind.", tags = {"test"},
                animator = {animateTransition = function(ctx) ctx:completeTransition(true) end}}
        """
        let reader = """
        return {title = "Reader " .. tostring(rawget(_G, "leaked")) .. " " .. tostring(rawget(string, "leak")) .. " " .. math.pi,
                summary = "Reads what others left.", tags = {"test"},
                animator = {animateTransition = function(ctx) ctx:completeTransition(true) end}}
        """
        let files = try [("leaker", leaker), ("reader", reader)].map { name, text in
            let url = try folder.write("cat/\(name).lua", text)
            return EntryFile(url: url, catalogue: "test", folder: url.deletingLastPathComponent(), workingDirectory: folder.url)
        }
        // Alone in a new sandbox: nothing leaked, and pi as Lua writes a number into a string (C's "%.14g").
        let alone = "Reader nil nil " + String(format: "%.14g", Double.pi)
        #expect(try EntryLoader.load(files[1], source: files[1].source(), limits: Self.limits).metadata.title == alone)
        let pool = SandboxPool(keepsLoaded: false)
        for round in 0..<3 {
            // A new cache each round: every load misses, so every one runs its main chunk.
            let cache = EntryCache(folder: folder.url.appendingPathComponent("cache-\(round)"), build: "b")
            #expect(try EntryLoader.load(files[0], limits: Self.limits, cache: cache, sandboxes: pool).metadata.title == "Leaker")
            #expect(try EntryLoader.load(files[1], limits: Self.limits, cache: cache, sandboxes: pool).metadata.title == alone)
        }
        // Six loads on one sandbox: the first made it ready, the other five started from its image.
        #expect(pool.rewinds == 5)
    }

    /// The standard folder: XDG_CACHE_HOME when absolute, else ~/.cache; none without a home.
    @Test func theCacheFolderFollowsXDG() {
        #expect(EntryCache.standard(build: "b", environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.folder.path
            == "/x/cache/segue/entries")
        #expect(EntryCache.standard(build: "b", environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.folder.path
            == "/home/u/.cache/segue/entries")
        #expect(EntryCache.standard(build: "b", environment: [:]) == nil)
    }
}

/// Records kept a catalogue folder to a file: written once a command, read once while the file stays the same, and
/// rid of the entries that are gone.
@Suite struct EntryCachePackTests {
    /// Three entries of one folder, whose name holds a newline (paths are length-prefixed in a pack, never split on).
    struct Folder {
        let folder: TemporaryFolder
        let files: [EntryFile]

        init() throws {
            let folder = try TemporaryFolder()
            try folder.write("c\nat/_shared.lua", "return {value = 1}")
            files = try ["one", "two", "three"].map { name in
                let url = try folder.write("c\nat/\(name).lua", EntryCacheTests.entry(title: "T-\(name.prefix(3))"))
                return EntryFile(url: url, catalogue: "test", folder: url.deletingLastPathComponent(), workingDirectory: folder.url)
            }
            self.folder = folder
        }

        var cacheFolder: URL { folder.url.appendingPathComponent("cache") }

        func packs() throws -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path))?.sorted() ?? []
        }
    }

    @Test func aCommandsRecordsAreWrittenOnceIntoTheirFoldersPack() throws {
        let folder = try Folder()
        let cache = EntryCache(folder: folder.cacheFolder, build: "b", defersWrites: true)
        for file in folder.files { _ = try EntryLoader.load(file, limits: EntryCacheTests.limits, cache: cache) }
        // Given, not written: still served from memory.
        #expect(try folder.packs().isEmpty)
        #expect(cache.lookup(folder.files[0], source: try folder.files[0].source(), limits: EntryCacheTests.limits)?.metadata.title == "T-one")
        cache.flush()
        #expect(try folder.packs().count == 1)
        // Another process (a fresh cache) finds each entry in the one file.
        let next = EntryCache(folder: folder.cacheFolder, build: "b")
        #expect(try folder.files.map { next.lookup($0, source: try $0.source(), limits: EntryCacheTests.limits)?.metadata.title }
            == ["T-one", "T-two", "T-thr"])
    }

    @Test func aGoneEntrysRecordIsDroppedAtTheNextWrite() throws {
        let folder = try Folder()
        let cache = EntryCache(folder: folder.cacheFolder, build: "b")
        for file in folder.files { _ = try EntryLoader.load(file, limits: EntryCacheTests.limits, cache: cache) }
        let pack = cache.recordURL(folder.files[0], limits: EntryCacheTests.limits)
        let before = try Data(contentsOf: pack).count
        try FileManager.default.removeItem(at: folder.files[1].url)
        // Written again for another entry: the gone one's record goes, the others stay.
        try folder.folder.write("c\nat/one.lua", EntryCacheTests.entry(title: "Again"))
        _ = try EntryLoader.load(folder.files[0], limits: EntryCacheTests.limits, cache: cache)
        let text = String(decoding: try Data(contentsOf: pack), as: UTF8.self)
        #expect(!text.contains(folder.files[1].url.path))
        #expect(text.contains(folder.files[2].url.path))
        #expect(try Data(contentsOf: pack).count < before)
    }

    /// A list that loaded the entry while a check of it ran writes its record after the check's: what the check found
    /// stays (the same load, and the list found nothing to say about the check).
    @Test func aListBesideACheckKeepsTheChecksFinding() throws {
        let folder = try Folder()
        let file = folder.files[0]
        let lister = EntryCache(folder: folder.cacheFolder, build: "b", defersWrites: true)
        let loaded = try EntryLoader.load(file, limits: EntryCacheTests.limits, cache: lister)
        let checker = EntryCache(folder: folder.cacheFolder, build: "b")
        checker.store(loaded, source: try file.source(), limits: EntryCacheTests.limits, check: CheckStatus(errors: 0, warnings: 1))
        lister.flush()
        let next = EntryCache(folder: folder.cacheFolder, build: "b")
        #expect(next.lookup(file, source: try file.source(), limits: EntryCacheTests.limits)?.check == CheckStatus(errors: 0, warnings: 1))
        // Edited since, the list's new load is what counts: the old finding is not carried over.
        try folder.folder.write("c\nat/one.lua", EntryCacheTests.entry(title: "Changed"))
        _ = try EntryLoader.load(file, limits: EntryCacheTests.limits, cache: lister)
        lister.flush()
        let after = EntryCache(folder: folder.cacheFolder, build: "b").lookup(file, source: try file.source(), limits: EntryCacheTests.limits)
        #expect(after?.metadata.title == "Changed" && after?.check == nil)
    }

    @Test func aPackAnotherProcessWroteIsReadAgain() throws {
        let folder = try Folder()
        let file = folder.files[0]
        let reader = EntryCache(folder: folder.cacheFolder, build: "b")
        _ = try EntryLoader.load(file, limits: EntryCacheTests.limits, cache: reader)
        #expect(reader.lookup(file, source: try file.source(), limits: EntryCacheTests.limits)?.metadata.title == "T-one")
        // Edited and loaded by another segue: the reader's copy of the pack is stale, the file on disk says so.
        try folder.folder.write("c\nat/one.lua", EntryCacheTests.entry(title: "Newer"))
        _ = try EntryLoader.load(file, limits: EntryCacheTests.limits, cache: EntryCache(folder: folder.cacheFolder, build: "b"))
        #expect(reader.lookup(file, source: try file.source(), limits: EntryCacheTests.limits)?.metadata.title == "Newer")
    }
}

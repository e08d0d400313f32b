import Foundation
import Testing

/// Archives built byte by byte to break the rules a reader judging names by
/// `Character`, or a second reader of the same file, let through (issue 34,
/// finding 4). Each is refused, and nothing installed changes.
@Suite struct ArchiveTrustTests {
    static let good = "return {title = 'Good', summary = 'Fine.'}"

    /// A catalogue with `extra` added (listed in SHA256SUMS when `listed`), as a zip's bytes.
    static func archive(_ extra: [(String, String)], listed: Bool, scratch: URL) throws -> [UInt8] {
        var zip = HandmadeZip()
        var files: [(String, [UInt8])] = [("catalogue.toml", Array(Tools.manifest.utf8)), ("swoosh.lua", Array(good.utf8))]
        for (name, data) in extra { files.append((name, Array(data.utf8))) }
        for (name, data) in files { zip.add(name, data) }
        let listedFiles = listed ? files : Array(files.prefix(2))
        zip.add("SHA256SUMS", try HandmadeZip.sums(listedFiles, scratch: scratch))
        return zip.finished()
    }

    @Test func namesAreJudgedByTheirBytesNotByCharacters() throws {
        let machine = try CatalogueMachine()
        let first = try machine.catalogue("kit", files: ["swoosh.lua": Self.good])
        #expect(try machine.segue(["catalogue", "install", first.path]).status == 0)
        let before = try machine.snapshot()
        let cases: [(String, [(String, String)], Bool, String)] = [
            // '/' then a combining mark is one Character: split by Characters, this path has no '..' part.
            ("dot-dot-mark", [("../\u{0300}x.lua", "x")], false, "refused (path traversal)"),
            ("dot-dot-mark-inside", [("assets/../\u{0301}../y.lua", "x")], false, "refused (path traversal)"),
            // Right-to-left override: 'readme-\u{202E}gnp.exe' shows as 'readme-exe.png'.
            ("bidi", [("readme-\u{202E}gnp.exe", "x")], true, "refused (file name)"),
            ("isolate", [("a\u{2067}b.lua", "x")], true, "refused (file name)"),
            ("c1", [("a\u{0085}b.lua", "x")], true, "refused (file name)"),
            ("combining-first", [("assets/\u{0300}x.png", "x")], true, "refused (file name)"),
            ("case", [("Fade.lua", Self.good), ("fade.lua", Self.good)], true, "are one name on file systems that ignore case"),
            ("case-folder", [("Assets/a.png", "a"), ("assets/b.png", "b")], true, "are one name on file systems that ignore case"),
            ("nfc-nfd", [("caf\u{E9}.lua", Self.good), ("cafe\u{301}.lua", Self.good)], true, "are one name on file systems that ignore case or Unicode normalisation"),
        ]
        for (label, extra, listed, expected) in cases {
            let archive = machine.root.appendingPathComponent("\(label).zip")
            try Data(try Self.archive(extra, listed: listed, scratch: machine.root)).write(to: archive)
            let run = try machine.segue(["catalogue", "install", archive.path])
            #expect(run.status == 1, "\(label): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains(expected), "\(label): \(run.stderr)")
            #expect(!run.stderr.contains("\u{202E}") && !run.stderr.contains("\u{2067}"), "\(label): a name's direction control reached the terminal")
            #expect(try machine.snapshot() == before, "\(label) changed the installed catalogues")
        }
        // Nothing was written beside the store either.
        let beside = try FileManager.default.contentsOfDirectory(atPath: machine.installed.deletingLastPathComponent().path)
        #expect(beside == ["catalogues"], "\(beside)")
    }

    /// A hidden file under a folder whose name ends in a combining mark is
    /// not part of the catalogue: never unpacked, never installed unlisted.
    @Test func aHiddenFileBehindACombiningMarkIsNotInstalled() throws {
        let machine = try CatalogueMachine()
        let archive = machine.root.appendingPathComponent("payload.zip")
        try Data(try Self.archive([("d\u{0300}/.payload", "secret"), ("d\u{0300}/ok.png", "png")], listed: false, scratch: machine.root)).write(to: archive)
        let run = try machine.segue(["catalogue", "install", archive.path])
        // d̀/ok.png is not listed: refused; had it been, .payload would still not be there.
        #expect(run.status == 1 && run.stderr.contains("'d\u{0300}/ok.png' is not listed in SHA256SUMS"), "\(run.stderr)")
        #expect(try machine.snapshot().keys.allSatisfy { !$0.contains(".payload") })
    }

    /// The archive a reader preferring ZIP64 sees (1,500 folders more) is not
    /// the one the plain end record lists: refused, not unpacked by either.
    @Test func anArchiveWithTwoDirectoriesIsRefused() throws {
        let machine = try CatalogueMachine()
        var zip = HandmadeZip()
        let files: [(String, [UInt8])] = [("catalogue.toml", Array(Tools.manifest.utf8)), ("swoosh.lua", Array(Self.good.utf8))]
        var plain: [HandmadeZip.Item] = []
        for (name, data) in files { plain.append(zip.add(name, data)) }
        plain.append(zip.add("SHA256SUMS", Array(try HandmadeZip.sums(files, scratch: machine.root).utf8)))
        for index in 0..<1500 { zip.add(String(format: "f%04d/", index), []) }
        let archive = machine.root.appendingPathComponent("two.zip")
        try Data(zip.twoDirectories(plain: plain)).write(to: archive)
        let started = Date()
        let run = try machine.segue(["catalogue", "install", archive.path])
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(run.status == 1, "\(run.stdout)")
        #expect(run.stderr.contains("refused (not a zip archive)"), "\(run.stderr)")
        #expect(try machine.snapshot().keys.allSatisfy { !$0.contains("f0000") })
        #expect(!FileManager.default.fileExists(atPath: machine.installed.appendingPathComponent("team-kit").path))
        // The same archive with one directory is fine: what was refused is the second listing.
        let single = machine.root.appendingPathComponent("single.zip")
        var clean = HandmadeZip()
        for (name, data) in files { clean.add(name, data) }
        clean.add("SHA256SUMS", try HandmadeZip.sums(files, scratch: machine.root))
        try Data(clean.finished()).write(to: single)
        let good = try machine.segue(["catalogue", "install", single.path])
        #expect(good.status == 0, "\(good.stderr)")
    }

    /// What a local header says is not trusted over the directory: a header naming another file is refused.
    @Test func aLocalHeaderThatNamesAnotherFileIsRefused() throws {
        let machine = try CatalogueMachine()
        let files: [(String, [UInt8])] = [("catalogue.toml", Array(Tools.manifest.utf8)), ("swoosh.lua", Array(Self.good.utf8))]
        var zip = HandmadeZip()
        for (name, data) in files { zip.add(name, data) }
        zip.add("SHA256SUMS", try HandmadeZip.sums(files, scratch: machine.root))
        var bytes = zip.finished()
        // The second local header's name: 'swoosh.lua' → 'swoosh.lub'.
        let header = zip.items[1].offset + 30 + "swoosh.lu".utf8.count
        bytes[header] = UInt8(ascii: "b")
        let archive = machine.root.appendingPathComponent("header.zip")
        try Data(bytes).write(to: archive)
        let run = try machine.segue(["catalogue", "install", archive.path])
        #expect(run.status == 1 && run.stderr.contains("'swoosh.lua': its local header differs from the directory"), "\(run.stderr)")
    }
}

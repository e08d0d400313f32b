import Catalogue
import Foundation
import LuaBindings
import Testing

/// An entry's `picture`: a PNG of the `assets` folder beside it, named by a plain name and reached without a link.
@Suite struct EntryAssetTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]

    /// A folder with an entry whose `picture` is `name`, and what `prepare` puts in it.
    func fixture(picture name: String, _ prepare: (URL) throws -> Void) throws -> (file: EntryFile, source: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-asset-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try prepare(folder)
        let source = """
            return {
              title = "T", summary = "S.",
              picture = "\(name)",
              animator = {animateTransition = function(ctx)
                ctx.containerView:addSubview(ctx:viewForKey("to")); ctx:completeTransition(true)
              end},
            }
            """
        let url = folder.appendingPathComponent("e.lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        return (EntryFile(url: url, catalogue: "test", workingDirectory: folder), source, folder)
    }

    @Test func namesAreJudgedByteByByte() {
        for name in ["beach.png", "a", "A-1_b.PNG", String(repeating: "x", count: 100)] { #expect(EntryFile.isAssetName(name), "\(name)") }
        // Climbing out, a folder, hidden, empty, too long, and letters that are not ASCII (a combining accent after
        // the dot of "..": one Character, three scalars) are all refused.
        for name in ["../x.png", "a/b.png", ".hidden.png", "", String(repeating: "x", count: 101), "caf\u{E9}.png", ".\u{301}./x",
                     "a\u{0}.png", "a b.png"] {
            #expect(!EntryFile.isAssetName(name), "\(name.unicodeScalars.map { $0.value })")
        }
    }

    @Test func aPlainPNGIsReadAndEverythingElseIsRefused() throws {
        let plain = try fixture(picture: "beach.png") { folder in
            try Data(Self.png).write(to: folder.appendingPathComponent("assets/beach.png"))
        }
        #expect(plain.file.assetProblem("beach.png") == nil)
        #expect(try plain.file.asset("beach.png") == Self.png)
        // Not a PNG.
        try Data("hello".utf8).write(to: plain.folder.appendingPathComponent("assets/note.png"))
        #expect(plain.file.assetProblem("note.png") == "assets/note.png: not a PNG file")
        // A link to a PNG outside the catalogue: never followed.
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("segue-outside-\(UUID().uuidString).png")
        try Data(Self.png).write(to: outside)
        try FileManager.default.createSymbolicLink(at: plain.folder.appendingPathComponent("assets/link.png"), withDestinationURL: outside)
        #expect(plain.file.assetProblem("link.png") == "assets/link.png: a link, not a file")
        #expect(throws: CatalogueError.self) { try plain.file.asset("link.png") }
        // A FIFO cannot hang the read.
        #expect(mkfifo(plain.folder.appendingPathComponent("assets/pipe.png").path, 0o644) == 0)
        #expect(plain.file.assetProblem("pipe.png") == "assets/pipe.png: not a regular file")
        #expect(plain.file.assetProblem("missing.png") == "assets/missing.png: no such file")
        // The assets folder itself a link to a folder outside.
        let linked = try fixture(picture: "beach.png") { folder in
            try FileManager.default.removeItem(at: folder.appendingPathComponent("assets"))
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("assets"), withDestinationURL: plain.folder.appendingPathComponent("assets"))
        }
        #expect(linked.file.assetProblem("beach.png") == "assets/beach.png: the assets folder is a link or not a folder")
    }

    @Test func anEntrysPictureIsCheckedAtItsLine() throws {
        let missing = try fixture(picture: "gone.png") { _ in }
        let outcome = ScenarioRunner.run(missing.file, source: missing.source, scenario: .present, options: ScenarioOptions())
        let error = outcome.errors.first { $0.message.contains("picture: assets/gone.png: no such file") }
        #expect(error?.location?.line == 3, "\(outcome.errors.map(\.message))")
        let climbing = try fixture(picture: "../e.lua") { _ in }
        let refused = ScenarioRunner.run(climbing.file, source: climbing.source, scenario: .present, options: ScenarioOptions())
        #expect(refused.errors.contains { $0.message.contains("not a plain file name") }, "\(refused.errors.map(\.message))")
        let good = try fixture(picture: "beach.png") { folder in try Data(Self.png).write(to: folder.appendingPathComponent("assets/beach.png")) }
        #expect(ScenarioRunner.run(good.file, source: good.source, scenario: .present, options: ScenarioOptions()).picture == "beach.png")
    }
}

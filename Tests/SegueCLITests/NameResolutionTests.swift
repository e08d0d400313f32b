import Foundation
import Testing

/// What a word on the command line names: a bare word is an entry (or a
/// catalogue), never whatever happens to sit in the working folder; a path
/// says it is one; one file reached two ways is one entry.
@Suite struct NameResolutionTests {
    static let stranger = "error('a stranger\\'s script ran')\nreturn {}"

    @Test func aFileOrFolderNamedLikeAnEntryDoesNotReplaceIt() throws {
        let machine = try CatalogueMachine()
        try Self.stranger.write(to: machine.project.appendingPathComponent("fade"), atomically: true, encoding: .utf8)
        let show = try machine.segue(["show", "fade"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("built-in"), "\(show.stdout)")

        try FileManager.default.removeItem(at: machine.project.appendingPathComponent("fade"))
        try machine.catalogue("project/fade", files: ["own.lua": CatalogueCommandTests.good])
        let check = try machine.segue(["check", "fade"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(!check.stdout.contains("own"), "\(check.stdout)")
        // Named by its path, the folder is what is checked.
        let path = try machine.segue(["check", "./fade"])
        #expect(path.status == 0 && path.stdout.contains("own"), "\(path.stdout)\(path.stderr)")
    }

    /// A clone of a repository named `built-in` is a folder, not segue's own catalogue.
    @Test func aFolderNamedBuiltInIsNotTheBuiltInCatalogue() throws {
        let machine = try CatalogueMachine()
        try machine.catalogue("project/built-in", name: "not-ours", files: ["evil.lua": Self.stranger])
        let check = try machine.segue(["check", "built-in"])
        #expect(!(check.stdout + check.stderr).contains("stranger"), "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("fade"), "\(check.stdout)")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    /// A name not found is said as such, without a row of zeros after it (from a new user).
    @Test func aNameNotFoundPrintsNoCounts() throws {
        let machine = try CatalogueMachine()
        let check = try machine.segue(["check", "nosuch"])
        #expect(check.status == 2, "\(check.stderr)")
        #expect(!check.stdout.contains("0 checked"), "\(check.stdout)")
    }

    /// A repository address is judged by scalar: "\r\n" is one Character, which a Character search for "\n" misses.
    @Test func aRepositoryAddressWithALineBreakIsRefused() throws {
        let machine = try CatalogueMachine()
        let install = try machine.segue(["catalogue", "install", "https://127.0.0.1:9/kit\r\n.git"])
        #expect(install.status != 0 && install.stderr.contains("not a repository address"), "\(install.stderr)")
    }

    /// gallery reads its words as every command does: a folder here named like nothing in use is not taken for one.
    @Test func galleryTakesABareWordAsACataloguesName() throws {
        let machine = try CatalogueMachine()
        try machine.catalogue("project/zz", files: ["evil.lua": Self.stranger])
        let bare = try machine.segue(["gallery", "zz", "--out", machine.root.appendingPathComponent("site").path, "--fps", "5"])
        #expect(bare.status == 2, "\(bare.stdout)\(bare.stderr)")
        #expect(bare.stderr.contains("named by its path, './zz'"), "\(bare.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machine.root.appendingPathComponent("site").path))
    }

    /// Inside an added catalogue's folder, `x` is both `./x.lua` and `kit/x`: the same file, so one entry.
    @Test func theSameFileReachedTwoWaysIsOneEntry() throws {
        let machine = try CatalogueMachine()
        let kit = try machine.catalogue("kit", files: ["swoosh.lua": CatalogueCommandTests.good])
        #expect(try machine.segue(["catalogue", "add", kit.path]).status == 0)
        let show = try machine.segue(["show", "swoosh"], in: kit)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(!show.stderr.contains("more than one"), "\(show.stderr)")
        // Two different files of one name are still refused, each named.
        try CatalogueCommandTests.good.write(to: machine.project.appendingPathComponent("swoosh.lua"), atomically: true, encoding: .utf8)
        let ambiguous = try machine.segue(["show", "swoosh"])
        #expect(ambiguous.status == 64, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains("'./swoosh.lua'") && ambiguous.stderr.contains("'team-kit/swoosh'"), "\(ambiguous.stderr)")
    }
}

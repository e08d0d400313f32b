import Foundation
import Testing

/// What pack writes, verify and install take back: the limits are the same
/// on both sides (found by a breaker: a catalogue 7 folders deep packed, and
/// its own archive was refused as more than 8 deep).
@Suite struct PackRoundTripTests {
    @Test(arguments: [7, 8])
    func aCatalogueAsDeepAsTheLimitRoundTrips(folders: Int) throws {
        let machine = try CatalogueMachine()
        let deep = Array(repeating: "d", count: folders).joined(separator: "/") + "/x.txt"
        let folder = try machine.catalogue("kit", files: ["swoosh.lua": CatalogueCommandTests.good, deep: "deep"])
        let archive = machine.root.appendingPathComponent("kit.zip")
        let pack = try machine.segue(["catalogue", "pack", folder.path, "--out", archive.path])
        #expect(pack.status == 0, "\(pack.stderr)")
        let verify = try machine.segue(["catalogue", "verify", archive.path])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        let install = try machine.segue(["catalogue", "install", archive.path])
        #expect(install.status == 0, "\(install.stderr)")
    }

    @Test func oneFolderDeeperIsRefusedOnBothSides() throws {
        let machine = try CatalogueMachine()
        let deep = Array(repeating: "d", count: 9).joined(separator: "/") + "/x.txt"
        let folder = try machine.catalogue("kit", files: ["swoosh.lua": CatalogueCommandTests.good, deep: "deep"])
        let pack = try machine.segue(["catalogue", "pack", folder.path, "--out", machine.root.appendingPathComponent("kit.zip").path])
        #expect(pack.status == 1 && pack.stderr.contains("more than 8 folders deep"), "\(pack.stderr)")
    }

    @Test func aSecondSpellingOfSHA256SUMSIsRefusedByPack() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("kit", files: ["swoosh.lua": CatalogueCommandTests.good, "sha256sums": "mine"])
        let pack = try machine.segue(["catalogue", "pack", folder.path, "--out", machine.root.appendingPathComponent("kit.zip").path])
        #expect(pack.status != 0 && pack.stderr.contains("is SHA256SUMS spelt another way"), "\(pack.stderr)")
    }

    /// `built-in` is segue's own everywhere: `catalogue remove built-in` never removes a folder that happens to be called so.
    @Test func removeBuiltInIsRefusedAndTheFolderIsRemovedByItsPath() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("project/built-in", name: "not-ours", files: ["swoosh.lua": CatalogueCommandTests.good])
        #expect(try machine.segue(["catalogue", "add", folder.path]).status == 0)
        let refused = try machine.segue(["catalogue", "remove", "built-in"])
        #expect(refused.status == 64 && refused.stderr.contains("segue's own catalogue and cannot be removed"), "\(refused.stderr)")
        #expect(try machine.segue(["list"]).stdout.contains("swoosh"))
        let byPath = try machine.segue(["catalogue", "remove", "./built-in"])
        #expect(byPath.status == 0, "\(byPath.stderr)")
        #expect(!(try machine.segue(["list"]).stdout.contains("swoosh")))
    }
}

import Catalogue
import Foundation
import Testing
import TestSupport

/// The store keeps a version while a reader holds it (issue 34, finding 7):
/// the readers' locks and the installer's non-blocking try, in one process
/// (flock locks belong to open files, so one process can play both parts).
@Suite struct CatalogueStoreReaderTests {
    func version(_ version: String, in folder: TemporaryFolder) throws -> URL {
        try folder.write("v\(version)/catalogue.toml", "format = 1\nname = \"team-kit\"\nversion = \"\(version)\"\nsummary = \"Kit.\"\n")
        try folder.write("v\(version)/swoosh.lua", "return {title = 'Swoosh', summary = 'Fine.'} -- \(version)")
        return folder.url.appendingPathComponent("v\(version)")
    }

    @Test func aVersionBeingReadIsKeptUntilItsReaderIsDone() throws {
        let home = try TemporaryFolder()
        let sources = try TemporaryFolder()
        let store = CatalogueStore(root: home.url.appendingPathComponent(".local/share/segue/catalogues"))
        let environment = ["HOME": home.url.path]
        _ = try store.install(.folder(try version("1.0.0", in: sources)), shownAs: "v1", segueVersion: nil)

        var reader: CatalogueSearchPath? = try CatalogueSearchPath.standard(extra: [], environment: environment)
        let old = try #require(reader?.folders.first { $0.name == "team-kit" }).url
        _ = try store.install(.folder(try version("2.0.0", in: sources)), shownAs: "v2", segueVersion: nil)
        #expect(FileManager.default.fileExists(atPath: old.appendingPathComponent("swoosh.lua").path), "the reader's version was deleted under it")
        // A new reader gets the new version.
        let now = try CatalogueSearchPath.standard(extra: [], environment: environment)
        #expect(try #require(now.folders.first { $0.name == "team-kit" }).url != old)

        reader = nil
        _ = try store.install(.folder(try version("3.0.0", in: sources)), shownAs: "v3", segueVersion: nil)
        #expect(!FileManager.default.fileExists(atPath: old.path), "a version no one reads is collected")
        withExtendedLifetime(now) {}
    }
}

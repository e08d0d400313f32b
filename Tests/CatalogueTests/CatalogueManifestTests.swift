import Catalogue
import Foundation
import Testing

@Suite struct CatalogueManifestTests {
    static let valid = """
        format = 1
        name = "team-kit"
        version = "1.2.0"
        summary = "Our transitions."
        authors = ["Ana <ana@example.com>"]
        licence = "MIT"
        homepage = "https://example.com/kit"
        segue = "0.1"
        """

    func problem(_ text: String, segue: String? = "0.1.0") -> String? {
        do {
            _ = try CatalogueManifest.parse(text, path: "kit/catalogue.toml", segueVersion: segue)
            return nil
        } catch {
            return error.description
        }
    }

    /// The valid manifest with one line replaced (lines are 1-based).
    func with(_ line: Int, _ replacement: String) -> String {
        var lines = Self.valid.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[line - 1] = replacement
        return lines.joined(separator: "\n")
    }

    @Test func aValidManifestIsRead() throws {
        let manifest = try CatalogueManifest.parse(Self.valid, path: "kit/catalogue.toml", segueVersion: "0.1.0")
        #expect(manifest.name == "team-kit")
        #expect(manifest.version.description == "1.2.0")
        #expect(manifest.summary == "Our transitions.")
        #expect(manifest.authors == ["Ana <ana@example.com>"])
        #expect(manifest.licence == "MIT")
        #expect(manifest.homepage == "https://example.com/kit")
        #expect(manifest.segue?.description == "0.1.0")
    }

    /// SwiftPM, CocoaPods, npm and Cargo spell it `license`; a manifest copied from one of them is read.
    @Test func licenseIsReadAsLicence() throws {
        let manifest = try CatalogueManifest.parse(with(6, "license = \"Apache-2.0\""), path: "kit/catalogue.toml", segueVersion: "0.1.0")
        #expect(manifest.licence == "Apache-2.0")
    }

    @Test func eachProblemNamesItsLine() {
        let cases: [(String, String)] = [
            // TOML syntax: TOMLKit's own line.
            (with(4, "summary = \"unterminated"), "kit/catalogue.toml:4: TOML: "),
            (with(2, "name = 'team-kit'\nname = 'again'"), "kit/catalogue.toml:3: TOML: "),
            // Semantic problems: the key's own line.
            (with(2, "name = 42"), "kit/catalogue.toml:2: 'name' must be a string, not an integer"),
            (with(2, "name = \"Team Kit\""), "kit/catalogue.toml:2: name 'Team Kit' is not a catalogue name"),
            (with(2, "name = \"built-in\""), "kit/catalogue.toml:2: 'built-in' is the name of segue's own catalogue"),
            (with(3, "version = \"1.2\""), "kit/catalogue.toml:3: version '1.2' is not a semantic version"),
            (with(3, "version = \"01.2.0\""), "kit/catalogue.toml:3: version '01.2.0' is not a semantic version"),
            (with(6, "licence = \"MIT\"\nlicense = \"MIT\""), "kit/catalogue.toml:7: 'licence' and 'license' are the same key spelt two ways"),
            (with(6, "lisence = \"MIT\""), "kit/catalogue.toml:6: unknown key 'lisence'; did you mean 'licence'?"),
            (with(4, "summary = \"readme-\\u202Egnp.exe\""), "kit/catalogue.toml:4: 'summary' holds a control character"),
            (with(7, "homepage = \"ftp://x\""), "kit/catalogue.toml:7: homepage must be a web address"),
            (with(5, "authors = \"Ana\""), "kit/catalogue.toml:5: 'authors' must be a list of strings"),
            (with(5, "authors = [1]"), "kit/catalogue.toml:5: 'authors' must hold strings, not an integer"),
            (with(8, "segue = \"9.0\""), "kit/catalogue.toml:8: this catalogue needs segue 9.0 or newer; this is segue 0.1.0"),
            (with(8, "segue = \"soon\""), "kit/catalogue.toml:8: segue 'soon' is not a version"),
            (with(1, "format = 2"), "kit/catalogue.toml:1: format 2 is newer than this segue reads (1); update segue"),
            (with(1, "format = \"1\""), "kit/catalogue.toml:1: 'format' must be an integer"),
            (with(4, "summary = \"a\\u001b[2Jb\""), "kit/catalogue.toml:4: 'summary' holds a control character"),
            (with(4, "summary = \"\(String(repeating: "a", count: 1001))\""), "kit/catalogue.toml:4: 'summary' is longer than 1000 characters"),
            (Self.valid + "\n\n[entries]\nfade = 1", "kit/catalogue.toml:10: unknown key 'entries'"),
            // Missing keys have no line of their own: the first.
            (with(2, ""), "kit/catalogue.toml:1: 'name' is missing"),
            (with(1, ""), "kit/catalogue.toml:1: 'format' is missing"),
        ]
        for (text, expected) in cases {
            let message = problem(text)
            #expect(message?.hasPrefix(expected) == true, "\(expected) ← \(message ?? "no problem")")
        }
    }

    @Test func aManifestOver64KiBIsRefusedUnread() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let big = Self.valid + "\n#" + String(repeating: "x", count: 64 << 10)
        try big.write(to: folder.appendingPathComponent("catalogue.toml"), atomically: true, encoding: .utf8)
        #expect(throws: CatalogueError.manifest(path: "kit/catalogue.toml", line: 1, message: "is larger than 64 KiB; a manifest is a dozen lines")) {
            try CatalogueManifest.load(in: folder, displayPath: "kit/catalogue.toml", segueVersion: nil)
        }
    }

    @Test func aFolderWithoutAManifestIsLoose() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CatalogueManifest.load(in: folder, displayPath: "x", segueVersion: nil) == nil)
        let opened = CatalogueFolder.open(url: folder, label: "x", segueVersion: nil)
        #expect(opened.name == folder.lastPathComponent)
        #expect(opened.manifest == nil && opened.manifestProblem == nil)
        #expect(CatalogueFolder(url: folder, label: "built-in").name == "built-in")
    }

    @Test func semanticVersionsOrderAsSemverSays() throws {
        let ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "2.0.0"]
        let versions = try ordered.map { try #require(SemanticVersion($0)) }
        for (a, b) in zip(versions, versions.dropFirst()) { #expect(a < b, "\(a) < \(b)") }
        #expect(SemanticVersion("1.0.0+build.5")?.build == "build.5")
        for bad in ["1", "1.2", "1.2.3.4", "v1.2.3", "1.2.3-", "1.2.3-01", "", "1..3"] { #expect(SemanticVersion(bad) == nil, "\(bad)") }
        #expect(SemanticVersion("0.1", lenient: true)?.description == "0.1.0")
    }
}

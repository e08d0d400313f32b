import Foundation
import Testing

/// `segue catalogue …` as a user runs it, each test on a machine of its own (a HOME in a temporary folder).
@Suite struct CatalogueCommandTests {
    static let good = "return {title = 'Good', summary = 'Fine.'}"

    @Test func packInstallVerifyRoundTrip() throws {
        let machine = try CatalogueMachine()
        let folder = try machine.catalogue("kit", files: ["swoosh.lua": Self.good, "assets/from.png": "PNG", "README.md": "# Kit\n"])
        let archive = machine.root.appendingPathComponent("kit.zip")
        let pack = try machine.segue(["catalogue", "pack", folder.path, "--out", archive.path])
        #expect(pack.status == 0, "\(pack.stderr)")
        // Deterministic: packing again gives the same bytes.
        let again = machine.root.appendingPathComponent("again.zip")
        _ = try machine.segue(["catalogue", "pack", folder.path, "--out", again.path])
        #expect(try Tools.sha256(archive) == Tools.sha256(again))
        // What unzip sees: one top folder with the files and a SHA256SUMS that sha256sum accepts.
        let unzipped = machine.root.appendingPathComponent("unzipped")
        try Tools.run("unzip", ["-q", archive.path, "-d", unzipped.path])
        let top = unzipped.appendingPathComponent("team-kit")
        #expect(try Tools.run("sha256sum", ["-c", "SHA256SUMS"], in: top).split(separator: "\n").count == 4)
        let hash = try Tools.contentHash(of: folder)

        let install = try machine.segue(["catalogue", "install", archive.path])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("installed team-kit 1.0.0 (\(hash))"))
        let link = machine.installed.appendingPathComponent("team-kit")
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
        #expect(target == ".store/team-kit-1.0.0-\(hash.dropFirst(7).prefix(12))")
        #expect(try Tools.contentHash(of: link) == hash)
        let lock = try String(contentsOf: machine.project.appendingPathComponent("segue.lock"), encoding: .utf8)
        #expect(lock == """
            {
              "catalogues" : [
                {
                  "hash" : "\(hash)",
                  "name" : "team-kit",
                  "source" : "\(archive.path)",
                  "version" : "1.0.0"
                }
              ],
              "schema" : 1
            }

            """)

        let verifyArchive = try machine.segue(["catalogue", "verify", archive.path])
        #expect(verifyArchive.status == 0, "\(verifyArchive.stdout)")
        #expect(verifyArchive.stdout.contains("ok       4 files match SHA256SUMS"))
        #expect(verifyArchive.stdout.contains("1 entry checked: 1 ok, 0 failed"))
        let verifyInstalled = try machine.segue(["catalogue", "verify", link.path])
        #expect(verifyInstalled.status == 0, "\(verifyInstalled.stdout)")
        // The installed entry is in use by every command.
        let list = try machine.segue(["list"])
        #expect(list.stdout.split(separator: "\n").contains { $0.hasPrefix("swoosh ") && $0.contains("team-kit") })

        // An edited file no longer matches its checksum.
        let damaged = top.appendingPathComponent("swoosh.lua")
        try (Self.good + " -- edited").write(to: damaged, atomically: true, encoding: .utf8)
        let verifyDamaged = try machine.segue(["catalogue", "verify", top.path])
        #expect(verifyDamaged.status == 1)
        #expect(verifyDamaged.stdout.contains("refused (checksum mismatch): 'swoosh.lua' has SHA-256 \(try Tools.sha256(damaged))"))
    }

    @Test func aLooseFolderCannotBePackedAndSaysHowToFixIt() throws {
        let machine = try CatalogueMachine()
        let loose = machine.root.appendingPathComponent("loose")
        try FileManager.default.createDirectory(at: loose, withIntermediateDirectories: true)
        try Self.good.write(to: loose.appendingPathComponent("a.lua"), atomically: true, encoding: .utf8)
        let run = try machine.segue(["catalogue", "pack", loose.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("has no catalogue.toml; a shared catalogue needs one: write one with format = 1, name, version and summary (see docs/catalogue-format.md)"))
    }

    @Test func everyHostileArchiveIsRefusedByItsRuleAndChangesNothing() throws {
        let machine = try CatalogueMachine()
        let first = try machine.catalogue("kit", files: ["swoosh.lua": Self.good])
        #expect(try machine.segue(["catalogue", "install", first.path]).status == 0)
        let before = try machine.snapshot()
        let manifest: [String: Any] = ["name": "catalogue.toml", "data": Tools.manifest]
        let script: [String: Any] = ["name": "fade2.lua", "data": Self.good]
        let cases: [(String, [[String: Any]], Bool, String)] = [
            ("traversal", [manifest, script, ["name": "../../evil.lua", "data": "x"]], true, "refused (path traversal): '../../evil.lua'"),
            ("traversal-inside", [manifest, ["name": "assets/../../x", "data": "x"]], true, "refused (path traversal)"),
            ("absolute", [manifest, ["name": "/tmp/evil.lua", "data": "x"]], true, "refused (absolute path): '/tmp/evil.lua'"),
            ("symlink", [manifest, ["name": "passwd.lua", "link": "/etc/passwd"]], true, "refused (link): 'passwd.lua' is a link"),
            ("fifo", [manifest, ["name": "pipe.lua", "data": "", "mode": 0o010644]], true, "refused (device file or FIFO): 'pipe.lua'"),
            ("device", [manifest, ["name": "disk", "data": "", "mode": 0o060644]], true, "refused (device file or FIFO): 'disk'"),
            ("big-script", [manifest, ["name": "huge.lua", "random": (1 << 20) + 1]], true, "refused (file too large): 'huge.lua' unpacks to more than 1 MiB"),
            ("big-asset", [manifest, ["name": "assets/huge.png", "random": (8 << 20) + 1]], true, "refused (file too large): 'assets/huge.png' unpacks to more than 8 MiB"),
            ("many", [manifest] + (0..<1001).map { ["name": "e\($0).lua", "data": "x"] }, true, "refused (too many files)"),
            ("bomb", [manifest] + (0..<9).map { ["name": "assets/z\($0).bin", "random": 15 << 19] }, true, "refused (archive bomb): it unpacks to more than 64 MiB"),
            ("ratio", [manifest, ["name": "assets/z.bin", "zeros": 3 << 20]], true, "refused (archive bomb): it unpacks to more than 100 times its own size"),
            ("no-sums", [manifest, script], false, "refused (no checksum): there is no SHA256SUMS"),
            ("unlisted", [manifest, script, ["name": "extra.lua", "data": "x", "sum": false]], true, "refused (checksum mismatch): 'extra.lua' is not listed in SHA256SUMS"),
            ("no-manifest", [script], true, "has no catalogue.toml"),
            ("bad-manifest", [["name": "catalogue.toml", "data": "format = 1\nname = \"team-kit\"\nversion = \"two\"\n"], script], true,
             "catalogue.toml:3: version 'two' is not a semantic version"),
            ("duplicate", [manifest, script, script], true, "refused (duplicate path): 'fade2.lua'"),
        ]
        for (label, entries, sums, expected) in cases {
            let archive = machine.root.appendingPathComponent("\(label).zip")
            try Tools.zip(archive, entries, sums: sums)
            let run = try machine.segue(["catalogue", "install", archive.path])
            #expect(run.status == 1, "\(label): \(run.stderr)")
            #expect(run.stderr.contains(expected), "\(label): \(run.stderr)")
            #expect(try machine.snapshot() == before, "\(label) changed the installed catalogues")
        }
        // A checksum that differs: SHA256SUMS rewritten to lie about one file.
        let lying = machine.root.appendingPathComponent("lying.zip")
        let wrong = String(repeating: "0", count: 64)
        try Tools.zip(lying, [manifest, script, ["name": "SHA256SUMS", "data": "\(wrong)  catalogue.toml\n\(wrong)  fade2.lua\n", "sum": false]], sums: false)
        let run = try machine.segue(["catalogue", "install", lying.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("refused (checksum mismatch): 'catalogue.toml' has SHA-256"), "\(run.stderr)")
        #expect(try machine.snapshot() == before)
        // Not a zip at all.
        let text = machine.root.appendingPathComponent("notes.zip")
        try "hello".write(to: text, atomically: true, encoding: .utf8)
        #expect(try machine.segue(["catalogue", "install", text.path]).stderr.contains("refused (not a zip archive)"))
        #expect(try machine.snapshot() == before)
        // The same rules for a folder: a link in it is refused.
        let linked = try machine.catalogue("linked", files: ["a.lua": Self.good])
        try FileManager.default.createSymbolicLink(atPath: linked.appendingPathComponent("b.lua").path, withDestinationPath: "/etc/passwd")
        let folderRun = try machine.segue(["catalogue", "install", linked.path])
        #expect(folderRun.status == 1 && folderRun.stderr.contains("refused (link): 'b.lua' is a link"), "\(folderRun.stderr)")
        #expect(try machine.snapshot() == before)
    }

    /// A real `segue catalogue install` killed with SIGKILL at its riskiest
    /// moments (mid-unpacking; the new version complete, the name not yet
    /// swapped) leaves the previous version in use, whole; a later install works.
    @Test(arguments: ["extract", "swap"])
    func aKilledInstallLeavesThePreviousVersion(at point: String) throws {
        let machine = try CatalogueMachine()
        let v1 = try machine.catalogue("v1", files: ["swoosh.lua": Self.good])
        #expect(try machine.segue(["catalogue", "install", v1.path]).status == 0)
        let before = try machine.snapshot()
        let v2 = try machine.catalogue("v2", version: "2.0.0", files: ["swoosh.lua": Self.good + " -- v2", "vortex.lua": Self.good])
        let archive = machine.root.appendingPathComponent("v2.zip")
        #expect(try machine.segue(["catalogue", "pack", v2.path, "--out", archive.path]).status == 0)

        let process = Process()
        process.executableURL = SegueCommandTests.productsDirectory.appendingPathComponent("segue")
        process.arguments = ["catalogue", "install", archive.path]
        process.currentDirectoryURL = machine.project
        process.environment = ProcessInfo.processInfo.environment.merging(machine.environment) { $1 }
            .merging(["SEGUE_TEST_INSTALL_PAUSE": point]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("test pause at \(point)") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        #expect(String(decoding: said, as: UTF8.self).contains("test pause at \(point)"))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        // The name still points at the first version, whose files are untouched.
        let after = try machine.snapshot()
        #expect(after.filter { !$0.key.hasPrefix(".staging-") && !$0.key.hasPrefix(".store/team-kit-2.0.0") } == before)
        #expect(after["team-kit"] == before["team-kit"])
        let list = try machine.segue(["list"])
        #expect(list.stdout.contains("swoosh") && !list.stdout.contains("vortex"))

        let retry = try machine.segue(["catalogue", "install", archive.path])
        #expect(retry.status == 0, "\(retry.stderr)")
        #expect(retry.stdout.contains("installed team-kit 2.0.0 (was 1.0.0)"))
        // Leftovers of the killed install are gone; only the new version is kept.
        let names = try FileManager.default.contentsOfDirectory(atPath: machine.installed.path).sorted()
        #expect(names == [".lock", ".store", "team-kit"])
        let versions = try FileManager.default.contentsOfDirectory(atPath: machine.installed.appendingPathComponent(".store").path)
        #expect(versions.count == 1 && versions[0].hasPrefix("team-kit-2.0.0-"))
        #expect(try machine.segue(["list"]).stdout.contains("vortex"))
    }

    @Test func aLockFileIsReproducedOnAnotherMachineAndRefusedAfterTampering() throws {
        let machine = try CatalogueMachine()
        let kit = try machine.catalogue("project/vendor/kit", files: ["swoosh.lua": Self.good])
        let archive = machine.project.appendingPathComponent("vendor/kit.zip")
        #expect(try machine.segue(["catalogue", "pack", kit.path, "--out", archive.path]).status == 0)
        let other = try machine.catalogue("project/vendor/other", name: "other-kit", version: "0.3.0", files: ["vortex.lua": Self.good])
        #expect(try machine.segue(["catalogue", "install", "vendor/kit.zip"]).status == 0)
        #expect(try machine.segue(["catalogue", "install", other.path]).status == 0)
        let lockURL = machine.project.appendingPathComponent("segue.lock")
        let lock = try Data(contentsOf: lockURL)
        let text = String(decoding: lock, as: UTF8.self)
        #expect(text.contains("\"source\" : \"vendor/kit.zip\""))
        #expect(text.contains("\"source\" : \"vendor/other\""))
        let kitHash = try Tools.contentHash(of: kit), otherHash = try Tools.contentHash(of: other)
        #expect(text.contains(kitHash) && text.contains(otherHash))

        // A second machine: another HOME, the same project folder.
        let second = try CatalogueMachine()
        try FileManager.default.removeItem(at: second.project)
        try FileManager.default.copyItem(at: machine.project, to: second.project)
        let reproduce = try second.segue(["catalogue", "install"])
        #expect(reproduce.status == 0, "\(reproduce.stderr)")
        #expect(try second.snapshot() == machine.snapshot())
        #expect(try Data(contentsOf: second.project.appendingPathComponent("segue.lock")) == lock)
        #expect(try second.segue(["catalogue", "install"]).stdout.contains("team-kit 1.0.0 is already installed"))
        // A catalogue installed on that machine that the lock does not name stays, and is said.
        let extra = try second.catalogue("extra", name: "extra-kit", files: ["zip.lua": Self.good])
        #expect(try second.segue(["catalogue", "install", extra.path], in: second.root).status == 0)
        let again = try second.segue(["catalogue", "install"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("extra-kit is installed but not in segue.lock"), "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: second.installed.appendingPathComponent("extra-kit").path))

        // Tampering: the folder's script changed since it was locked.
        let third = try CatalogueMachine()
        try FileManager.default.removeItem(at: third.project)
        try FileManager.default.copyItem(at: machine.project, to: third.project)
        try (Self.good + " -- tampered").write(to: third.project.appendingPathComponent("vendor/other/vortex.lua"), atomically: true, encoding: .utf8)
        let locked = try Tools.contentHash(of: other)
        let actual = try Tools.contentHash(of: third.project.appendingPathComponent("vendor/other"))
        let refused = try third.segue(["catalogue", "install"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("other-kit: its content hash is \(actual), but segue.lock has \(locked)"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: third.installed.appendingPathComponent("other-kit").path))
        // No lock file: nothing to do.
        let empty = try CatalogueMachine()
        #expect(try empty.segue(["catalogue", "install"]).status == 2)
    }

    @Test func aBrokenEntryInAnInstalledCatalogueIsListedWithItsReason() throws {
        let machine = try CatalogueMachine()
        let kit = try machine.catalogue("kit", files: ["swoosh.lua": Self.good, "broken.lua": "return {title = }", "escape.lua": "return os.execute('true')"])
        #expect(try machine.segue(["catalogue", "install", kit.path]).status == 0)
        let list = try machine.segue(["list"])
        #expect(list.status == 1)
        #expect(list.stdout.split(separator: "\n").contains { $0.hasPrefix("swoosh ") && $0.contains("team-kit") })
        #expect(list.stdout.contains("fade "))
        #expect(list.stderr.contains("broken.lua:1: syntax error: unexpected symbol near '}'"), "\(list.stderr)")
        #expect(list.stderr.contains("escape.lua:1: attempt to index a nil value (global 'os')"), "\(list.stderr)")
        let catalogues = try machine.segue(["catalogue", "list", "--json"])
        #expect(catalogues.status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(catalogues.stdout.utf8)) as? [String: Any])
        #expect(json["schema"] as? String == "segue.catalogues/1")
        let rows = try #require(json["catalogues"] as? [[String: Any]])
        let row = try #require(rows.first { $0["name"] as? String == "team-kit" })
        #expect(row["kind"] as? String == "installed")
        #expect(row["version"] as? String == "1.0.0")
        #expect(row["entries"] as? Int == 1)
        #expect((row["broken"] as? [[String: Any]])?.count == 2)
        #expect(rows.first?["name"] as? String == "built-in")
    }

    @Test func aGitRepositoryIsInstalledAtATagOrCommit() throws {
        let machine = try CatalogueMachine()
        let repo = try machine.catalogue("repo", files: ["swoosh.lua": Self.good])
        let git = { (arguments: [String]) in
            try Tools.run("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"] + arguments, in: repo)
        }
        _ = try git(["init", "-q"])
        _ = try git(["add", "."])
        _ = try git(["commit", "-qm", "one"])
        _ = try git(["tag", "v1"])
        let first = try git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.good.write(to: repo.appendingPathComponent("vortex.lua"), atomically: true, encoding: .utf8)
        try "format = 1\nname = \"team-kit\"\nversion = \"1.1.0\"\n".write(to: repo.appendingPathComponent("catalogue.toml"), atomically: true, encoding: .utf8)
        _ = try git(["commit", "-qam", "two"])
        _ = try git(["add", "."])
        _ = try git(["commit", "-qm", "three"])

        let url = "file://" + repo.path
        let tagged = try machine.segue(["catalogue", "install", url, "--at", "v1"])
        #expect(tagged.status == 0, "\(tagged.stderr)")
        #expect(tagged.stdout.contains("installed team-kit 1.0.0"))
        let lock = try String(contentsOf: machine.project.appendingPathComponent("segue.lock"), encoding: .utf8)
        #expect(lock.contains("\"revision\" : \"\(first)\"") && lock.contains("\"source\" : \"\(url)\""))
        // .git is not part of the catalogue.
        let installed = machine.installed.appendingPathComponent("team-kit")
        #expect(!FileManager.default.fileExists(atPath: installed.appendingPathComponent(".git").path))
        #expect(try Tools.contentHash(of: installed) == lock.split(separator: "\"").first { $0.hasPrefix("sha256:") }.map(String.init))
        let latest = try machine.segue(["catalogue", "install", url])
        #expect(latest.stdout.contains("installed team-kit 1.1.0 (was 1.0.0)"), "\(latest.stderr)")
        let missing = try machine.segue(["catalogue", "install", url, "--at", "v9"])
        #expect(missing.status == 1 && missing.stderr.contains("no tag or commit 'v9'"))
    }

    @Test func foldersAreAddedListedAndRemoved() throws {
        let machine = try CatalogueMachine()
        let mine = try machine.catalogue("mine", name: "my-kit", files: ["swoosh.lua": Self.good])
        let add = try machine.segue(["catalogue", "add", mine.path])
        #expect(add.status == 0 && add.stdout.contains("added my-kit"), "\(add.stderr)")
        let config = try String(contentsOf: machine.home.appendingPathComponent(".config/segue/catalogues.toml"), encoding: .utf8)
        #expect(config.contains("\"\(mine.path)\""))
        let list = try machine.segue(["catalogue", "list"])
        #expect(list.stdout.split(separator: "\n").contains { $0.hasPrefix("my-kit") && $0.contains("added") && $0.contains(mine.path) })
        #expect(try machine.segue(["list"]).stdout.contains("swoosh"))

        let kit = try machine.catalogue("kit", files: ["vortex.lua": Self.good])
        let other = try machine.catalogue("other", name: "other-kit", files: ["zip.lua": Self.good])
        #expect(try machine.segue(["catalogue", "install", kit.path]).status == 0)
        #expect(try machine.segue(["catalogue", "install", other.path]).status == 0)
        let lockURL = machine.project.appendingPathComponent("segue.lock")
        let removeInstalled = try machine.segue(["catalogue", "remove", "team-kit"])
        #expect(removeInstalled.status == 0, "\(removeInstalled.stderr)")
        // Out of the project's lock too, the other catalogue still in it.
        let lock = try String(contentsOf: lockURL, encoding: .utf8)
        #expect(!lock.contains("team-kit") && lock.contains("other-kit"))
        #expect(try machine.segue(["catalogue", "remove", "other-kit"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: machine.installed.appendingPathComponent(".store").path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: machine.installed.appendingPathComponent("team-kit").path))
        let removeAdded = try machine.segue(["catalogue", "remove", "my-kit"])
        #expect(removeAdded.status == 0 && removeAdded.stdout.contains("forgot"))
        #expect(FileManager.default.fileExists(atPath: mine.appendingPathComponent("swoosh.lua").path))
        #expect(!(try machine.segue(["list"]).stdout.contains("swoosh")))
        let unknown = try machine.segue(["catalogue", "remove", "team-kits"])
        #expect(unknown.status == 2)
    }

    /// A lock that cannot be updated, or that says something other than what a source holds,
    /// stops the command before anything is installed or deleted.
    @Test func theLockIsCheckedBeforeAnythingChanges() throws {
        let machine = try CatalogueMachine()
        let kit = try machine.catalogue("project/kit", files: ["swoosh.lua": Self.good])
        let lockURL = machine.project.appendingPathComponent("segue.lock")
        try "{broken".write(to: lockURL, atomically: true, encoding: .utf8)
        let broken = try machine.segue(["catalogue", "install", kit.path])
        #expect(broken.status == 1 && broken.stderr.contains("is not a segue lock file: not valid JSON"), "\(broken.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machine.installed.appendingPathComponent("team-kit").path))

        try FileManager.default.removeItem(at: lockURL)
        #expect(try machine.segue(["catalogue", "install", "kit"]).status == 0)
        let good = try String(contentsOf: lockURL, encoding: .utf8)
        // Another name for the same content, or another version: refused, naming both.
        try FileManager.default.removeItem(at: machine.installed)
        try good.replacingOccurrences(of: "\"team-kit\"", with: "\"evil\"").write(to: lockURL, atomically: true, encoding: .utf8)
        let renamed = try machine.segue(["catalogue", "install"])
        #expect(renamed.status == 1 && renamed.stderr.contains("locks evil 1.0.0, but"), "\(renamed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: machine.installed.appendingPathComponent("team-kit").path))
        // The same catalogue twice.
        let entry = try #require(good.range(of: "{\n      \"hash\"")).lowerBound
        let end = try #require(good.range(of: "}", range: entry..<good.endIndex)).upperBound
        let twice = good.replacingCharacters(in: entry..<end, with: good[entry..<end] + ",\n    " + good[entry..<end])
        try twice.write(to: lockURL, atomically: true, encoding: .utf8)
        let doubled = try machine.segue(["catalogue", "install"])
        #expect(doubled.status == 1 && doubled.stderr.contains("locks team-kit twice"), "\(doubled.stderr)")

        // Locked here but never installed on this machine: remove takes it out of the lock.
        try good.write(to: lockURL, atomically: true, encoding: .utf8)
        let remove = try machine.segue(["catalogue", "remove", "team-kit"])
        #expect(remove.status == 0 && remove.stdout.contains("took team-kit out of segue.lock"), "\(remove.stderr)")
        #expect(!(try String(contentsOf: lockURL, encoding: .utf8)).contains("team-kit"))
    }

    /// A catalogues.toml that cannot be read takes its folders out of use: every command says so.
    @Test func aBrokenListOfAddedFoldersIsWarnedAboutEverywhere() throws {
        let machine = try CatalogueMachine()
        let config = machine.home.appendingPathComponent(".config/segue/catalogues.toml")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "folders = [\"/a\",\n".write(to: config, atomically: true, encoding: .utf8)
        for command in [["list"], ["check", "fade"], ["show", "fade"]] {
            let run = try machine.segue(command)
            #expect(run.stderr.contains("catalogues.toml"), "\(command): \(run.stderr)")
            #expect(run.stderr.components(separatedBy: "catalogues.toml").count == 2, "said more than once: \(run.stderr)")
        }
        // catalogue list reports it itself, once, as an error.
        let listed = try machine.segue(["catalogue", "list"])
        #expect(listed.status == 1 && listed.stderr.components(separatedBy: "catalogues.toml").count == 2, "\(listed.stderr)")
    }
}

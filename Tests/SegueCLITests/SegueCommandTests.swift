import Foundation
import Testing

/// The built `segue` binary, run as a user runs it.
@Suite struct SegueCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var productsDirectory: URL {
        // Linux: .build/<triple>/debug/SeguePackageTests.xctest is the test binary.
        let bundle = Bundle.main.bundleURL
        return bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
    }

    /// Puts the built `segue` at `destination`, as `make install` would: a
    /// hard link where it can be (the same file system), else a copy.
    ///
    /// A copy is briefly busy to exec (ETXTBSY): a process another test
    /// forks while the copy's descriptor is open holds it until that process
    /// execs. A link writes nothing; `segue` retries a busy binary too.
    static func install(at destination: URL) throws {
        let built = productsDirectory.appendingPathComponent("segue")
        do {
            try FileManager.default.linkItem(at: built, to: destination)
        } catch {
            try FileManager.default.copyItem(at: built, to: destination)
        }
    }

    func segue(_ arguments: [String], executable: URL = productsDirectory.appendingPathComponent("segue"),
               in directory: URL = FileManager.default.temporaryDirectory, environment: [String: String] = [:]) throws -> Run {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SEGUE_CATALOGUE_PATH")
        env.merge(environment) { $1 }
        var process: Process
        let out = Pipe(), err = Pipe()
        var attempts = 0
        while true {
            process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.environment = env
            process.standardOutput = out
            process.standardError = err
            do {
                try process.run()
                break
            } catch let error as NSError {
                // A binary a test has just copied (see `install(at:)`), for up to 5 s.
                let busy = (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY)
                guard busy, attempts < 100 else { throw error }
                attempts += 1
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func versionAndHelp() throws {
        #expect(try segue(["--version"]).stdout == "segue 0.1.0\n")
        let help = try segue(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("list"))
        #expect(help.stdout.contains("check"))
    }

    @Test func listShowsTheBuiltinCatalogueFromAnyDirectory() throws {
        let run = try segue(["list"], in: URL(fileURLWithPath: "/"))
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(lines.contains { $0.hasPrefix("fade ") && $0.contains("built-in") && $0.contains("Fade") })
        #expect(run.stderr.isEmpty)
    }

    @Test func listAsJSON() throws {
        let run = try segue(["list", "--json"])
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(document?["schema"] as? String == "segue.list/1")
        let rows = document?["entries"] as? [[String: Any]]
        let fade = try #require(rows?.first { $0["name"] as? String == "fade" })
        #expect(fade["catalogue"] as? String == "built-in")
        #expect(fade["tags"] as? [String] == ["basic", "opacity", "seed-001"])
    }

    @Test func checkReportsEveryBrokenEntryAndKeepsTheGoodOnes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scripts = [
            "good.lua": "return {title = 'Good', summary = 'Fine.'}",
            "spin.lua": "local n = 0\nwhile true do n = n + 1 end",
            "escape.lua": "return os.execute('true')",
            "syntax.lua": "return {title = }",
        ]
        for (name, source) in scripts {
            try source.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let run = try segue(["check", ".", "fade", "--time-limit", "0.3"], in: folder)
        #expect(run.status == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("ok       good  good.lua  (6 scenarios)"))
        #expect(lines.contains { $0.hasPrefix("ok       fade  ") })
        #expect(lines.contains("error    escape: main chunk: escape.lua:1: attempt to index a nil value (global 'os')"))
        #expect(lines.contains { $0.hasPrefix("error    spin: main chunk: spin.lua:2: stopped after running longer than the time limit (300 ms)") })
        #expect(lines.contains("error    syntax: syntax.lua:1: syntax error: unexpected symbol near '}'"))
        #expect(lines.last == "5 checked: 2 ok, 3 failed")
    }

    /// `check --device/--landscape` runs every scenario on that screen, and
    /// its rerun command says so: an entry that breaks only on a wide screen
    /// passes on the default phone and fails on an iPad and on a phone turned.
    @Test func checkRunsOnTheDeviceAsked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
            return {
              title = "Narrow", summary = "Fails on a wide screen.",
              animator = {
                transitionDuration = function() return 0.3 end,
                animateTransition = function(ctx)
                  assert(ctx.containerView.bounds.width < 600, "too wide")
                  local to = ctx:viewForKey("to")
                  if to then ctx.containerView:addSubview(to) end
                  ctx:completeTransition(true)
                end,
              },
            }
            """.write(to: folder.appendingPathComponent("narrow.lua"), atomically: true, encoding: .utf8)
        #expect(try segue(["check", "narrow.lua"], in: folder).status == 0)
        for screen in [["--device", "ipad-11"], ["--landscape"]] {
            let run = try segue(["check", "narrow.lua"] + screen, in: folder)
            #expect(run.status == 1, "\(screen)")
            #expect(run.stdout.contains("narrow.lua:6: too wide"), "\(run.stdout)")
            #expect(run.stdout.contains("rerun with: segue run narrow.lua --scenario present \(screen.joined(separator: " "))"), "\(run.stdout)")
        }
        let misspelt = try segue(["check", "narrow.lua", "--device", "ipad-12"], in: folder)
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.contains("unknown device 'ipad-12'; did you mean 'ipad-11'?"), "\(misspelt.stderr)")
    }

    /// The rerun line is a command a shell runs as it is, a file name with a
    /// newline and a quote in it too.
    @Test func theRerunLineRunsInAShell() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString)")
        let odd = folder.appendingPathComponent("it's\nhere")
        try FileManager.default.createDirectory(at: odd, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "return {title = 'Broken', summary = 'Fails.', animator = {animateTransition = function(ctx) error('broken') end}}"
            .write(to: odd.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        let run = try segue(["check", "it's\nhere/broken.lua"], in: folder)
        #expect(run.status == 1)
        let rerun = try #require(run.stdout.split(separator: "\n").first { $0.contains("rerun with: ") })
        let command = String(rerun[rerun.range(of: "rerun with: segue ")!.upperBound...])
        #expect(command.hasPrefix("run $'it\\'s\\nhere/broken.lua' --scenario present"), "\(command)")
        let segue = Self.productsDirectory.appendingPathComponent("segue").path
        let again = try self.segue(["-c", "\"$0\" " + command, segue], executable: URL(fileURLWithPath: "/bin/bash"), in: folder)
        #expect(again.status == 1)
        #expect((again.stderr + again.stdout).contains("broken: animateTransition: it's\\nhere/broken.lua:1: broken"), "\(again.stdout) \(again.stderr)")
    }

    @Test func checkOfTheBuiltinCatalogueIsClean() throws {
        let run = try segue(["check"])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("failed\n") && run.stdout.contains(", 0 failed"))
    }

    /// More memory than the process can have would end it (a refused Swift
    /// allocation traps) rather than the entry: refused up front, with the
    /// figure, under a 2 GB address-space ulimit (1953 MiB: less 192 MiB for
    /// the process itself, a third is 587 MiB).
    @Test func aMemoryLimitBeyondWhatTheProcessMayHaveIsRefused() throws {
        let segue = Self.productsDirectory.appendingPathComponent("segue").path
        func underUlimit(_ arguments: [String]) throws -> Run {
            try self.segue(["-c", "ulimit -v 2000000 && exec \"$0\" \"$@\"", segue] + arguments, executable: URL(fileURLWithPath: "/bin/sh"))
        }
        let tooMuch = try underUlimit(["--memory-limit", "588", "list"])
        #expect(tooMuch.status == 64)
        #expect(tooMuch.stderr.contains("--memory-limit must be at most 587 MiB here"), "\(tooMuch.stderr)")
        let enough = try underUlimit(["--memory-limit", "587", "list", "fade"])
        #expect(enough.status == 0, "\(enough.stderr)")
        // Not given, the default is lowered to what the process can afford instead of refused.
        let small = try self.segue(["-c", "ulimit -v 300000 && exec \"$0\" \"$@\"", segue, "run", "fade"], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(small.status == 0, "\(small.stderr)")
    }

    @Test func wrongInputIsAClearErrorWithStatus() throws {
        let missing = try segue(["check", "no/such/file.lua"])
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("error    no/such/file.lua: no such file or folder"))
        for limit in ["0", "0.0004", "3601"] {
            let badFlag = try segue(["list", "--time-limit", limit])
            #expect(badFlag.status == 64)
            #expect(badFlag.stderr.contains("--time-limit must be at least 0.001 and at most 3600 seconds"), "\(limit)")
        }
        for limit in ["0x10", "1e1", "inf", "nan", "-1", "2s", "."] {
            let notDecimal = try segue(["list", "--time-limit", limit])
            #expect(notDecimal.status == 64, "\(limit)")
            #expect(notDecimal.stderr.contains("seconds are a decimal number, such as 2 or 0.5"), "\(limit): \(notDecimal.stderr)")
        }
        // Every number option reads decimals only: "0x10" was sixteen seconds to --at.
        for arguments in [["preview", "fade", "--at", "0x10", "--out", "x.png"], ["preview", "fade", "--fps", "1e2", "--out", "x.gif"],
                          ["run", "fade", "--fps", "inf"], ["gallery", "--fps", "0x14"], ["preview", "fade", "--speed", "nan"],
                          ["run", "fade", "--interactive", "release:0.5", "--release-velocity=-0x10"]] {
            let notDecimal = try segue(arguments)
            #expect(notDecimal.status == 64, "\(arguments)")
            #expect(notDecimal.stderr.contains("a decimal number, such as"), "\(arguments): \(notDecimal.stderr)")
        }
        #expect(try segue(["run", "fade", "--interactive", "release:0.5", "--release-velocity=-500.5", "--fps", "30.5"]).status == 0)
        let unknown = try segue(["lst"])
        #expect(unknown.status == 64)
    }

    /// `make install` lays out <prefix>/bin/segue and <prefix>/share/segue/Catalogue.
    @Test func installedBinaryFindsItsCatalogue() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("segue-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let bin = prefix.appendingPathComponent("bin"), catalogue = prefix.appendingPathComponent("share/segue/Catalogue")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: catalogue, withIntermediateDirectories: true)
        try Self.install(at: bin.appendingPathComponent("segue"))
        try "return {title = 'Installed', summary = 'Only in the installed copy.'}"
            .write(to: catalogue.appendingPathComponent("installed-only.lua"), atomically: true, encoding: .utf8)
        let run = try segue(["list"], executable: bin.appendingPathComponent("segue"), in: URL(fileURLWithPath: "/"))
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").contains { $0.hasPrefix("installed-only") && $0.contains("Installed") })
        #expect(!run.stdout.contains("fade "))
    }

    @Test func environmentAddsCatalogues() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "return {title = 'Team', summary = 'From the team folder.', tags = {'team'}}"
            .write(to: folder.appendingPathComponent("team-entry.lua"), atomically: true, encoding: .utf8)
        let run = try segue(["list"], environment: ["SEGUE_CATALOGUE_PATH": folder.path])
        #expect(run.status == 0)
        let row = run.stdout.split(separator: "\n").first { $0.hasPrefix("team-entry ") }
        #expect(row?.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == ["team-entry", "Team", Substring(folder.path)])
    }
}

import Foundation
import Testing

/// An install never pulls a version from under a command reading it (issue 34, finding 7).
@Suite struct InstalledReaderTests {
    /// `segue check` of two entries of an installed catalogue, the first slow:
    /// a new version installed meanwhile leaves the old one to the check,
    /// which finds its second entry; a later install collects the old one.
    @Test func aCheckKeepsTheVersionItStartedOn() throws {
        let machine = try CatalogueMachine()
        let slow = HostileFolderTests.good.replacingOccurrences(of: "local function animateTransition(ctx)",
                                                                 with: "local function animateTransition(ctx) while true do end")
        let v1 = try machine.catalogue("v1", files: ["a-slow.lua": slow, "b.lua": HostileFolderTests.good])
        #expect(try machine.segue(["catalogue", "install", v1.path]).status == 0)
        let v2 = try machine.catalogue("v2", version: "2.0.0", files: ["c.lua": HostileFolderTests.good])

        let process = Process()
        process.executableURL = SegueCommandTests.productsDirectory.appendingPathComponent("segue")
        process.arguments = ["check", "team-kit/a-slow", "team-kit/b", "--jobs", "1", "--time-limit", "1"]
        process.currentDirectoryURL = machine.project
        process.environment = ProcessInfo.processInfo.environment.merging(machine.environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Installed once the check holds its version (flock(1) cannot take it), or after 3 s, still
        // inside the slow entry's 4 s of processor time: a segue that takes no lock is caught either way.
        let version = machine.installed.appendingPathComponent(try FileManager.default.destinationOfSymbolicLink(
            atPath: machine.installed.appendingPathComponent("team-kit").path))
        let started = Date()
        while Date().timeIntervalSince(started) < 3, (try? Tools.run("flock", ["-n", "-x", version.path, "true"])) != nil {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let install = try machine.segue(["catalogue", "install", v2.path])
        #expect(install.status == 0, "\(install.stderr)")
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(said.split(separator: "\n").contains { $0.hasPrefix("ok") && $0.contains("b.lua") }, "\(said)")
        #expect(said.contains("a-slow"), "the slow entry was still running when the new version came: \(said)")

        // The old version, read no more, is collected by the next install.
        let v3 = try machine.catalogue("v3", version: "3.0.0", files: ["d.lua": HostileFolderTests.good])
        #expect(try machine.segue(["catalogue", "install", v3.path]).status == 0)
        let versions = try FileManager.default.contentsOfDirectory(atPath: machine.installed.appendingPathComponent(".store").path)
        #expect(versions.count == 1 && versions[0].hasPrefix("team-kit-3.0.0-"), "\(versions)")
    }
}

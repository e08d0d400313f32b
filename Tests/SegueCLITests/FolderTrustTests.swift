import Foundation
import Testing

/// Packing and installing a folder that changes under segue (issue 34,
/// finding 5), and packing a folder into itself (from a new user).
@Suite struct FolderTrustTests {
    static let good = "return {title = 'Good', summary = 'Fine.'}"

    /// Runs segue paused after it has listed the folder (`SEGUE_TEST_INSTALL_PAUSE=scan`),
    /// calls `meanwhile` in the pause, and returns how it ended.
    static func pausedAtScan(_ machine: CatalogueMachine, _ arguments: [String], meanwhile: () throws -> Void) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = SegueCommandTests.productsDirectory.appendingPathComponent("segue")
        process.arguments = arguments
        process.currentDirectoryURL = machine.project
        process.environment = ProcessInfo.processInfo.environment.merging(machine.environment) { $1 }
            .merging(["SEGUE_TEST_INSTALL_PAUSE": "scan", "SEGUE_TEST_INSTALL_PAUSE_SECONDS": "2"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("test pause at scan") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += chunk
        }
        try meanwhile()
        said += errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: said, as: UTF8.self)
        #expect(text.contains("test pause at scan"), "segue never paused between listing and reading: \(text)")
        return (process.terminationStatus, text)
    }

    /// `sub/` is listed as a folder, then swapped for a link to the user's
    /// private files before they are read: the link is not followed.
    @Test(arguments: ["install", "pack"])
    func aFolderSwappedForALinkIsNotFollowed(_ command: String) throws {
        let machine = try CatalogueMachine()
        let kit = try machine.catalogue("kit", files: ["swoosh.lua": Self.good, "sub/notes.md": "notes"])
        let secret = machine.root.appendingPathComponent("private")
        try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
        try "the user's private data".write(to: secret.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        let archive = machine.root.appendingPathComponent("kit.zip")
        let arguments = command == "install" ? ["catalogue", "install", kit.path] : ["catalogue", "pack", kit.path, "--out", archive.path]
        let run = try Self.pausedAtScan(machine, arguments) {
            try FileManager.default.moveItem(at: kit.appendingPathComponent("sub"), to: machine.root.appendingPathComponent("sub-moved"))
            try FileManager.default.createSymbolicLink(at: kit.appendingPathComponent("sub"), withDestinationURL: secret)
        }
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("refused (link): 'sub/notes.md' or a folder above it changed into a link"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: archive.path))
        #expect(!FileManager.default.fileExists(atPath: machine.installed.appendingPathComponent("team-kit").path))
    }

    /// `segue catalogue pack .` writes beside the folder, never into it, and
    /// packing again gives the same bytes and hash; an archive at the folder's
    /// top is not part of it; an --out inside the folder is refused.
    @Test func packingAFolderNeverTakesInItsOwnArchive() throws {
        let machine = try CatalogueMachine()
        let kit = try machine.catalogue("kit", files: ["swoosh.lua": Self.good])
        try Data("PK old archive".utf8).write(to: kit.appendingPathComponent("team-kit-0.9.0.zip"))
        let first = try machine.segue(["catalogue", "pack", "."], in: kit)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("into ../team-kit-1.0.0.zip"), "\(first.stdout)")
        let beside = machine.root.appendingPathComponent("team-kit-1.0.0.zip")
        #expect(FileManager.default.fileExists(atPath: beside.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: kit.path).sorted() == ["catalogue.toml", "swoosh.lua", "team-kit-0.9.0.zip"])
        let listing = try Tools.run("unzip", ["-Z1", beside.path]).split(separator: "\n").sorted()
        #expect(listing == ["team-kit/SHA256SUMS", "team-kit/catalogue.toml", "team-kit/swoosh.lua"])
        let bytes = try Tools.sha256(beside)
        let second = try machine.segue(["catalogue", "pack", "."], in: kit)
        #expect(second.status == 0)
        #expect(try Tools.sha256(beside) == bytes)
        #expect(first.stdout == second.stdout)

        let inside = try machine.segue(["catalogue", "pack", kit.path, "--out", kit.appendingPathComponent("assets/x.zip").path])
        #expect(inside.status == 64)
        let inside2 = try machine.segue(["catalogue", "pack", ".", "--out", "again.zip"], in: kit)
        #expect(inside2.status == 64, "\(inside2.stdout)")
        #expect(inside2.stderr.contains("is inside ., the folder being packed"), "\(inside2.stderr)")
        #expect(!FileManager.default.fileExists(atPath: kit.appendingPathComponent("again.zip").path))
    }
}

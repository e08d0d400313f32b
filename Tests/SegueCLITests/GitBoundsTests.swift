import Foundation
import Testing

/// git sources held to the catalogue limits before anything is checked out,
/// and to a time limit on every git process (issue 34, finding 6). Servers
/// are on 127.0.0.1 only, made and closed by the test.
@Suite struct GitBoundsTests {
    static let good = "return {title = 'Good', summary = 'Fine.'}"

    static func repository(_ machine: CatalogueMachine, _ files: (URL) throws -> Void) throws -> URL {
        let repo = try machine.catalogue("repo", files: ["swoosh.lua": Self.good])
        try files(repo)
        let git = { (arguments: [String]) in
            try Tools.run("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"] + arguments, in: repo)
        }
        _ = try git(["init", "-q"])
        _ = try git(["add", "."])
        _ = try git(["commit", "-qm", "one"])
        return repo
    }

    /// A 9 MiB file of zeros is a few kilobytes in git: under a 4 MiB limit on
    /// the files segue may write, checking it out would fail; it is refused
    /// from the tree's listing before that.
    @Test func aTreeOverTheLimitsIsRefusedBeforeCheckout() throws {
        let machine = try CatalogueMachine()
        let repo = try Self.repository(machine) { repo in
            try FileManager.default.createDirectory(at: repo.appendingPathComponent("assets"), withIntermediateDirectories: true)
            try Data(count: 9 << 20).write(to: repo.appendingPathComponent("assets/big.bin"))
        }
        let segue = SegueCommandTests.productsDirectory.appendingPathComponent("segue").path
        let run = try SegueCommandTests().segue(["-c", "ulimit -f 4096; exec \"$0\" \"$@\"", segue, "catalogue", "install", "file://" + repo.path],
                                                executable: URL(fileURLWithPath: "/bin/sh"), in: machine.project, environment: machine.environment)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("refused (file too large): 'assets/big.bin' is larger than 8 MiB"), "\(run.stderr)")

        let linked = try CatalogueMachine()
        let withLink = try Self.repository(linked) { repo in
            try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("passwd.lua").path, withDestinationPath: "/etc/passwd")
        }
        let link = try linked.segue(["catalogue", "install", "file://" + withLink.path])
        #expect(link.status == 1 && link.stderr.contains("refused (link): 'passwd.lua' is a link"), "\(link.stderr)")
    }

    /// A listener on 127.0.0.1 that accepts and never answers.
    final class SilentServer {
        let fd: Int32
        let port: UInt16

        init() throws {
            let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) } }
            guard socketFD >= 0, bound == 0, listen(socketFD, 16) == 0 else {
                if socketFD >= 0 { close(socketFD) }
                throw CocoaError(.fileWriteUnknown)
            }
            _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) } }
            fd = socketFD
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(fd) }
    }

    /// Runs segue, killing it after `seconds` (a hang is a failure, not a stuck test run).
    static func bounded(_ machine: CatalogueMachine, _ arguments: [String], extra: [String: String], seconds: Double) throws -> (status: Int32, stderr: String, took: Double) {
        let process = Process()
        process.executableURL = SegueCommandTests.productsDirectory.appendingPathComponent("segue")
        process.arguments = arguments
        process.currentDirectoryURL = machine.project
        process.environment = ProcessInfo.processInfo.environment.merging(machine.environment) { $1 }.merging(extra) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        let deadline = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: deadline)
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.cancel()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self), Date().timeIntervalSince(started))
    }

    @Test func aServerThatNeverAnswersIsGivenUpOnWithItsName() throws {
        let server = try SilentServer()
        let url = "git://127.0.0.1:\(server.port)/kit.git"
        let machine = try CatalogueMachine()
        let direct = try Self.bounded(machine, ["catalogue", "install", url], extra: ["SEGUE_GIT_TIMEOUT": "2"], seconds: 40)
        #expect(direct.took < 30, "install waited \(direct.took) s")
        #expect(direct.status == 1, "\(direct.stderr)")
        #expect(direct.stderr.contains("\(url): git: no answer within 2 s"), "\(direct.stderr)")

        // The same source named by a lock file, as `segue catalogue install` with no argument reads it.
        let lock = """
            {"schema": 1, "catalogues": [{"name": "team-kit", "version": "1.0.0", "source": "\(url)",
              "revision": "\(String(repeating: "a", count: 40))", "hash": "sha256:\(String(repeating: "0", count: 64))"}]}
            """
        try lock.write(to: machine.project.appendingPathComponent("segue.lock"), atomically: true, encoding: .utf8)
        let locked = try Self.bounded(machine, ["catalogue", "install"], extra: ["SEGUE_GIT_TIMEOUT": "2"], seconds: 40)
        #expect(locked.took < 30, "install from the lock waited \(locked.took) s")
        #expect(locked.status == 1)
        #expect(locked.stderr.contains("\(url): git: no answer within 2 s"), "\(locked.stderr)")
        withExtendedLifetime(server) {}
    }
}

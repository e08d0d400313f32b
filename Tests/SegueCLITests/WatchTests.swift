import Foundation
import Testing

/// `segue preview --watch`: an edit draws again within a second, a broken
/// edit is reported with its file and line, and the watch goes on.
@Suite struct WatchTests {
    /// A running `segue` whose stderr is read as it comes.
    final class Running {
        let process = Process()
        private let text = Collected()

        /// What stderr said so far, appended from the pipe's own thread.
        final class Collected: @unchecked Sendable {
            private let lock = NSLock()
            private var text = ""
            func append(_ data: Data) { lock.withLock { text += String(decoding: data, as: UTF8.self) } }
            var all: String { lock.withLock { text } }
        }

        init(_ arguments: [String], in dir: URL) throws {
            process.executableURL = SegueCommandTests.productsDirectory.appendingPathComponent("segue")
            process.arguments = arguments
            process.currentDirectoryURL = dir
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            err.fileHandleForReading.readabilityHandler = { [text] handle in text.append(handle.availableData) }
            try process.run()
        }

        var stderr: String { text.all }

        /// Waits until stderr says `needle` `count` times; the seconds it took, or nil after `timeout`.
        func wait(for needle: String, count: Int, timeout: Double = 20) -> Double? {
            let start = Date()
            while Date().timeIntervalSince(start) < timeout {
                if stderr.components(separatedBy: needle).count - 1 >= count { return Date().timeIntervalSince(start) }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return nil
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    @Test func anEditDrawsAgainABrokenOneIsReportedAndTheWatchGoesOn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let builtin = SegueCommandTests.productsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Catalogue/fade.lua")
        let original = try String(contentsOf: builtin, encoding: .utf8)
        let script = dir.appendingPathComponent("mine.lua"), out = dir.appendingPathComponent("mine.png")
        try original.write(to: script, atomically: true, encoding: .utf8)

        let watch = try Running(["preview", "mine.lua", "--watch", "--at", "0.2", "--out", "mine.png"], in: dir)
        defer { watch.stop() }
        #expect(watch.wait(for: "wrote", count: 1) != nil, "\(watch.stderr)")
        #expect(watch.wait(for: "watching", count: 1) != nil)
        let first = try Data(contentsOf: out)

        // Half the speed: at 0.2 s the presented view is less faded in, so the picture differs.
        let slower = original.replacingOccurrences(of: "return params.duration", with: "return params.duration * 2")
        #expect(slower != original)
        try slower.write(to: script, atomically: true, encoding: .utf8)
        let took = watch.wait(for: "wrote", count: 2)
        #expect(took != nil && took! < 1, "redrawn after \(String(describing: took)) s: \(watch.stderr)")
        #expect(try Data(contentsOf: out) != first)

        // A syntax error on line 7: reported with where, and nothing written.
        var lines = slower.components(separatedBy: "\n")
        lines[6] = "  return params.duration *"
        try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        #expect(watch.wait(for: "mine.lua:", count: 1) != nil, "\(watch.stderr)")
        #expect(watch.stderr.components(separatedBy: "wrote").count - 1 == 2)

        // Too big to be a script: said, as without --watch, and the watch goes on.
        try ("-- " + String(repeating: "x", count: 1 << 20) + "\n" + original).write(to: script, atomically: true, encoding: .utf8)
        #expect(watch.wait(for: "larger than 1 MiB", count: 1) != nil, "\(watch.stderr)")

        // Mended: drawn again, the same picture as the first good edit's.
        try original.write(to: script, atomically: true, encoding: .utf8)
        #expect(watch.wait(for: "wrote", count: 3) != nil, "\(watch.stderr)")
        #expect(try Data(contentsOf: out) == first)
        #expect(watch.process.isRunning)
    }
}

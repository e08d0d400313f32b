import ArgumentParser
import Catalogue
import Foundation

/// `segue preview --watch`: the time from saving the entry to its new
/// picture, beside the baseline of starting `segue preview` afresh for the
/// same picture (what a user without --watch would wait).
struct WatchLatency: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Time from an edit to the redrawn preview under --watch, beside a fresh `segue preview`."
    )

    @Option(help: ArgumentHelp("The segue binary.", valueName: "PATH"))
    var segue: String

    @Option(help: "Edits timed; the median and the slowest are printed.")
    var edits = 15

    /// A 1-second fade, one frame mid-way, at the device's full @1× size:
    /// more pixels than any terminal shows (a 100×50-cell terminal draws
    /// 100×100 pixels with half blocks), so an upper bound for the player.
    static let arguments = ["--param", "duration=1", "--at", "0.5", "--out", "mine.png", "--scale", "1"]

    func run() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-watch-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let builtin = try BuiltinCatalogue.locate().entryFiles().first { $0.stem == "fade" }!
        let script = dir.appendingPathComponent("mine.lua")
        let source = try builtin.source()
        try source.write(to: script, atomically: true, encoding: .utf8)

        // The baseline: a fresh process drawing the same picture.
        var fresh: [Double] = []
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            let process = Process()
            process.executableURL = URL(fileURLWithPath: segue)
            process.arguments = ["preview", "mine.lua"] + Self.arguments
            process.currentDirectoryURL = dir
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            fresh.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }

        let watch = Process()
        watch.executableURL = URL(fileURLWithPath: segue)
        watch.arguments = ["preview", "mine.lua", "--watch"] + Self.arguments
        watch.currentDirectoryURL = dir
        let err = Pipe()
        watch.standardError = err
        try watch.run()
        defer { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() }
        var said = ""
        /// Reads stderr until it has said "wrote" `count` times in all.
        func waitForWrote(_ count: Int) {
            while said.components(separatedBy: "wrote").count - 1 < count {
                let data = err.fileHandleForReading.availableData
                if data.isEmpty { return }
                said += String(decoding: data, as: UTF8.self)
            }
        }
        waitForWrote(1)
        while !said.contains("watching") { said += String(decoding: err.fileHandleForReading.availableData, as: UTF8.self) }
        var latencies: [Double] = []
        for edit in 1...edits {
            Thread.sleep(forTimeInterval: 0.12)  // the watch's poll finds nothing new in between
            let start = DispatchTime.now().uptimeNanoseconds
            try (source + "\n-- edit \(edit)\n").write(to: script, atomically: true, encoding: .utf8)
            waitForWrote(edit + 1)
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        latencies.sort()
        fresh.sort()
        print("watch: a 1 s fade's frame at 0.5 s, 390×844 @1×, from saving the file to the new picture written: "
            + "median \(String(format: "%.0f", latencies[latencies.count / 2])) ms, slowest \(String(format: "%.0f", latencies.last!)) ms "
            + "(target 200 ms; the watch polls every 50 ms); a fresh `segue preview` for the same picture: "
            + "median \(String(format: "%.0f", fresh[fresh.count / 2])) ms")
    }
}

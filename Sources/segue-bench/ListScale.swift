import ArgumentParser
import Catalogue
import Foundation
import LuaBindings

/// `segue list` over ten catalogues as a user runs it (the real binary, a
/// child process each time, output thrown away): wall time, CPU time and
/// peak memory for 100, 1,000 and 10,000 entries in all, twice: entries
/// new to segue's cache (each run starts from an empty one: every script
/// runs and its record is written) and entries unchanged since the last
/// run (every record read and checked against the files, no script run).
///
/// The baseline, measured in the same run: the same ten catalogues empty,
/// which is what every run pays whatever the count (starting the process,
/// the built-in catalogue). Each count's cost over that, per entry, is set
/// beside the 100 entries' to show the cost is linear; 1,000 entries is
/// set beside the targets.
struct ListScale: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-scale",
        abstract: "Time 'segue list' over 100, 1,000 and 10,000 entries in 10 catalogues, new and cached, with peak memory, beside the empty catalogues and the targets."
    )

    @Option(help: ArgumentHelp("The segue executable to measure.", valueName: "PATH"))
    var segue: String

    @Option(help: "The entry counts to measure, in all (spread over the catalogues).")
    var counts: [Int] = [100, 1000, 10000]

    @Option(help: "Catalogues the entries are spread over.")
    var catalogues = 10

    @Option(help: "Runs of each count; the median wall time is printed.")
    var runs = 5

    /// The targets for 1,000 entries (issue 37): new to the cache, and unchanged.
    static let newTarget = 0.3
    static let unchangedTarget = 0.05

    func run() throws {
        let sources = try BuiltinCatalogue.locate().entryFiles().map { ($0.stem, try $0.source()) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("segue list over \(catalogues) generated catalogues (copies of the \(sources.count) built-in entries under names of "
              + "their own), \(cores) cores, median of \(runs) runs")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("segue-list-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent("cache")
        let environment = ["XDG_CACHE_HOME": cache.path]
        var new: [(count: Int, run: SpawnedRun)] = []
        var unchanged: [(count: Int, run: SpawnedRun)] = []
        for count in [0] + counts {
            let folders = (0..<catalogues).map { root.appendingPathComponent("\(count)/c\($0)") }
            for (k, folder) in folders.enumerated() {
                // Spread evenly; names unique across catalogues, so no name is in two of them.
                let share = count / catalogues + (k < count % catalogues ? 1 : 0)
                try GeneratedCatalogue.write(share, to: folder, from: sources, tag: "-c\(k)")
            }
            let written = ContinuousClock.now
            let arguments = ["list"] + folders.flatMap { ["--catalogue", $0.path] }
            let clear = { try? FileManager.default.removeItem(at: cache); return }
            new.append((count, try SpawnedRun.median(of: runs, segue, arguments, environment: environment, before: clear)))
            // One run (not timed) fills the cache; the runs after it find every entry unchanged. The files are first
            // let settle, as an unchanged catalogue's are: one changed in the last moment is read and hashed each time
            // (EntryCache.settled), and these were written a moment ago.
            let settled = written + EntryCache.settled + .milliseconds(100)
            let wait = settled - ContinuousClock.now
            if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18) }
            _ = try SpawnedRun.measure(segue, arguments, environment: environment)
            unchanged.append((count, try SpawnedRun.median(of: runs, segue, arguments, environment: environment)))
            try? FileManager.default.removeItem(at: root.appendingPathComponent("\(count)"))
        }
        report("entries new to the cache (every script runs, every record is written)", new, target: Self.newTarget)
        report("entries unchanged since the last run (every record read and checked, no script run)", unchanged,
               target: Self.unchangedTarget)
    }

    private func report(_ title: String, _ results: [(count: Int, run: SpawnedRun)], target: Double) {
        print("\n\(title)")
        print("entries  wall       cpu        peak memory  per entry over the empty run, wall / cpu  vs 100 entries, wall / cpu  exit")
        let empty = results[0].run
        // What an entry adds: the run less the empty run, shared out.
        func perEntry(_ count: Int, _ run: SpawnedRun) -> (wall: Double, cpu: Double) {
            ((run.seconds - empty.seconds) / Double(max(count, 1)), (run.cpuSeconds - empty.cpuSeconds) / Double(max(count, 1)))
        }
        let reference = results.first { $0.count == 100 }.map { perEntry($0.count, $0.run) }
        for (count, run) in results {
            var line = String(count).padding(toLength: 7, withPad: " ", startingAt: 0)
            line += "  " + Self.time(run.seconds) + " " + Self.time(run.cpuSeconds)
            line += " " + String(format: "%7.1f MB", Double(run.peakBytes) / 1e6).padding(toLength: 12, withPad: " ", startingAt: 0)
            if count == 0 {
                line += " " + "(the baseline: what every run pays)".padding(toLength: 41, withPad: " ", startingAt: 0)
                line += "  " + "".padding(toLength: 26, withPad: " ", startingAt: 0)
            } else {
                let cost = perEntry(count, run)
                line += " " + String(format: "%6.1f µs / %6.1f µs", cost.wall * 1e6, cost.cpu * 1e6).padding(toLength: 41, withPad: " ", startingAt: 0)
                line += "  " + (reference.map { String(format: "%5.2f× / %5.2f×", cost.wall / $0.wall, cost.cpu / $0.cpu) } ?? "-")
                    .padding(toLength: 26, withPad: " ", startingAt: 0)
            }
            print(line + "  \(run.status)")
        }
        if let thousand = results.first(where: { $0.count == 1000 })?.run {
            print("target at 1,000 entries: under \(Int(target * 1000)) ms: "
                  + "\(thousand.seconds < target ? "met" : "NOT MET") (\(Self.time(thousand.seconds).trimmingCharacters(in: .whitespaces)), "
                  + String(format: "%.2f× the target; the empty catalogues: %@)", thousand.seconds / target,
                           Self.time(results[0].run.seconds).trimmingCharacters(in: .whitespaces)))
        }
        if let first = results.dropFirst().first, let last = results.last, last.count != first.count {
            print(String(format: "peak memory, %d vs %d entries: %.2f×", last.count, first.count, Double(last.run.peakBytes) / Double(first.run.peakBytes)))
        }
    }

    static func time(_ seconds: Double) -> String {
        seconds < 1 ? String(format: "%6.0f ms ", seconds * 1000) : String(format: "%6.2f s  ", seconds)
    }
}

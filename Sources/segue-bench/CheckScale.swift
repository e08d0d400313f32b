import ArgumentParser
import Catalogue
import Foundation

/// `segue check` over large catalogues, as a user runs it (the real binary,
/// a child process each time): wall time and peak memory for 100 and 1,000
/// entries, and the 1,000 on one worker beside all cores, in the same run.
/// Peak memory must not grow with the number of entries: results stream and
/// each entry's sandboxes are gone once it is reported.
struct CheckScale: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-scale",
        abstract: "Time 'segue check' over 100 and 1,000 entries and report each run's peak memory beside the targets."
    )

    @Option(help: ArgumentHelp("The segue executable to measure.", valueName: "PATH"))
    var segue: String

    @Option(help: "The entry counts to measure.")
    var counts: [Int] = [100, 1000]

    /// The targets for 1,000 entries: issue 37's time and speed-up, issue 10's memory.
    static let targetSeconds = 4.0, targetCores = 2, targetBytes = 300_000_000, targetSpeedUp = 1.7

    /// The run, if segue check passed: a copy that fails is over at once, so the run would be timed cheaper than the
    /// catalogue it stands for.
    static func clean(_ run: SpawnedRun, _ count: Int) throws -> SpawnedRun {
        guard run.status == 0 else { throw ValidationError("segue check exited \(run.status) over \(count) entries: an entry failed, so its time would not hold") }
        return run
    }

    func run() throws {
        let sources = try BuiltinCatalogue.locate().entryFiles().map { ($0.stem, try $0.source()) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("segue check over generated catalogues (copies of the \(sources.count) built-in entries), \(cores) cores")
        var rows: [(String, SpawnedRun)] = []
        var allCores: [Int: SpawnedRun] = [:]
        for count in counts {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-scale-\(count)-\(UUID().uuidString)")
            try GeneratedCatalogue.write(count, to: folder, from: sources)
            defer { try? FileManager.default.removeItem(at: folder) }
            let all = try Self.clean(SpawnedRun.measure(segue, ["check", folder.path]), count)
            rows.append(("\(count) entries, \(cores) workers", all))
            allCores[count] = all
            if count == counts.last {
                if cores > 1 { rows.append(("\(count) entries, 1 worker", try Self.clean(SpawnedRun.measure(segue, ["check", "--jobs", "1", folder.path]), count))) }
            }
        }
        for (label, m) in rows {
            print("\(label.padding(toLength: 28, withPad: " ", startingAt: 0)) \(String(format: "%6.2f s", m.seconds))   "
                + "peak memory \(String(format: "%6.1f MB", Double(m.peakBytes) / 1e6))   exit \(m.status)")
        }
        if rows.count >= 3 {
            let parallel = rows[rows.count - 2].1, serial = rows[rows.count - 1].1
            let speedUp = serial.seconds / parallel.seconds
            print(String(format: "parallel speed-up at %d entries: %.2f× on %d cores; target (issue 37) at least %.1f× — %@", counts.last!,
                         speedUp, cores, Self.targetSpeedUp, speedUp >= Self.targetSpeedUp ? "met" : "NOT MET"))
            print(String(format: "peak memory, %d vs %d entries: %.2f×", counts.last!, counts.first!,
                         Double(rows[rows.count - 2].1.peakBytes) / Double(rows[0].1.peakBytes)))
        }
        if let run = allCores[1000] {
            let onCores = cores == Self.targetCores ? "" : " (this machine has \(cores))"
            print("targets at 1,000 entries: wall under \(Int(Self.targetSeconds)) s on \(Self.targetCores) cores\(onCores): "
                + "\(run.seconds < Self.targetSeconds ? "met" : "NOT MET") (\(String(format: "%.2f s", run.seconds))); "
                + "peak memory under \(Self.targetBytes / 1_000_000) MB: \(run.peakBytes < Self.targetBytes ? "met" : "NOT MET") "
                + "(\(String(format: "%.1f MB", Double(run.peakBytes) / 1e6)))")
        }
    }
}

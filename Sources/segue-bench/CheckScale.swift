import ArgumentParser
import Catalogue
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `segue check` over large catalogues, as a user runs it (the real binary,
/// a child process each time): wall time and peak memory for 100 and 1,000
/// entries, and the 1,000 on one worker beside all cores, in the same run.
/// Peak memory must not grow with the number of entries: results stream and
/// each entry's sandboxes are gone once it is reported.
struct CheckScale: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-scale",
        abstract: "Time 'segue check' over 100 and 1,000 entries and report each run's peak memory."
    )

    @Option(help: ArgumentHelp("The segue executable to measure.", valueName: "PATH"))
    var segue: String

    @Option(help: "The entry counts to measure.")
    var counts: [Int] = [100, 1000]

    func run() throws {
        let sources = try BuiltinCatalogue.locate().entryFiles().map { ($0.stem, try $0.source()) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("segue check over generated catalogues (copies of the \(sources.count) built-in entries), \(cores) cores")
        var rows: [(String, Measurement)] = []
        for count in counts {
            let folder = try makeCatalogue(count: count, from: sources)
            defer { try? FileManager.default.removeItem(at: folder) }
            rows.append(("\(count) entries, \(cores) workers", try measure(["check", folder.path])))
            if count == counts.last, cores > 1 {
                rows.append(("\(count) entries, 1 worker", try measure(["check", "--jobs", "1", folder.path])))
            }
        }
        for (label, m) in rows {
            print("\(label.padding(toLength: 28, withPad: " ", startingAt: 0)) \(String(format: "%6.2f s", m.seconds))   "
                + "peak memory \(String(format: "%6.1f MB", Double(m.peakBytes) / 1e6))   exit \(m.status)")
        }
        if rows.count >= 3 {
            let parallel = rows[rows.count - 2].1, serial = rows[rows.count - 1].1
            print(String(format: "parallel speed-up at %d entries: %.2f× on %d cores", counts.last!, serial.seconds / parallel.seconds, cores))
            print(String(format: "peak memory, %d vs %d entries: %.2f×", counts.last!, counts.first!,
                         Double(rows[rows.count - 2].1.peakBytes) / Double(rows[0].1.peakBytes)))
        }
    }

    struct Measurement {
        let seconds: Double
        let peakBytes: Int
        let status: Int32
    }

    /// Runs segue with its output thrown away and reads the child's own
    /// peak resident memory back from wait4.
    private func measure(_ arguments: [String]) throws -> Measurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([segue] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, segue, &actions, nil, argv, environ) == 0 else {
            throw ValidationError("cannot run \(segue)")
        }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw ValidationError("lost the child process") }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // ru_maxrss is in kilobytes on Linux.
        return Measurement(seconds: seconds, peakBytes: usage.ru_maxrss * 1024, status: (status >> 8) & 0xff)
    }

    /// `count` entries named entry-0001 … cycling through the built-in ones.
    private func makeCatalogue(count: Int, from sources: [(String, String)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-scale-\(count)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for i in 0..<count {
            let (stem, source) = sources[i % sources.count]
            try source.write(to: folder.appendingPathComponent(String(format: "%@-%04d.lua", stem, i)), atomically: false, encoding: .utf8)
        }
        return folder
    }
}

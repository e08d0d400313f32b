import Export
import Foundation
import LuaBindings
import Transitions

/// `segue-bench check`'s baseline: the scenarios check ran for an entry, run again by the entry's exported Swift
/// (`--verify` proves it does, bit for bit, what the Lua does), compiled with `-O` against the same engine and
/// contract, with the same touches, and without a trace, as check runs.
extension ExportVerifier {
    public struct ExportTimingError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The fastest of `rounds` runs of each scenario check ran (`outcomes`, those not skipped), in seconds, in their
    /// order. The runs are one after another, one process a scenario: timed inside it, so its start is not counted.
    public func time(_ swift: ExportedFile, outcomes: [ScenarioOutcome], rounds: Int) throws -> [(scenario: String, seconds: Double)] {
        let runner = try compiled(swift, optimized: true)
        var times: [(scenario: String, seconds: Double)] = []
        for outcome in outcomes where outcome.skipped == nil {
            let name = outcome.scenario.rawValue
            let input = TouchEvents.write(outcome.drives.map(\.events), taps: outcome.taps, scrolled: outcome.scrolledBefore)
            let result = try execute(runner, arguments: ["--time-rounds", String(rounds), name], input: input,
                                     environment: ["SEGUE_VERIFY_DRAG_KINDS": outcome.drives.map(\.kind.rawValue).joined(separator: ",")],
                                     limit: runLimit, memory: Self.runMemory)
            let line = result.output.split(separator: "\n").first { $0.hasPrefix("time \(name) ") }
            guard result.status == 0, !result.timedOut, let line, let seconds = Double(line.split(separator: " ").last ?? "") else {
                throw ExportTimingError(description: "\(swift.name) did not time \(name): exit status \(result.status)"
                                        + (result.timedOut ? ", stopped after \(runLimit) s" : "") + " \(result.errors.suffix(300))")
            }
            times.append((name, seconds))
        }
        return times
    }
}

extension ExportVerifier {
    /// Compiles each file's optimised runner beforehand, a file on each core (time runs them one at a time).
    public func compileForTiming(_ files: [ExportedFile]) throws {
        let failures = Self.concurrently(files.map { swift in { @Sendable () -> String? in
            do { _ = try self.compiled(swift, optimized: true); return nil } catch { return "\(swift.name): \(error)" }
        } })
        if let failure = failures.compactMap({ $0 }).first { throw ExportTimingError(description: failure) }
    }
}

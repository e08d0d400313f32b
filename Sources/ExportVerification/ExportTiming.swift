import Export
import Foundation
import LuaBindings
import Transitions

/// `segue-bench check`'s baseline: the scenarios check ran for an entry, run again by the entry's exported Swift
/// (`--verify` proves it does, bit for bit, what the Lua does), compiled with `-O` against the same engine and
/// contract, with the same touches, and without a trace, as check runs.
extension ExportVerifier {
    /// Each scenario check ran (`outcomes`, those not skipped), in their order, with the seconds of each of `rounds`
    /// runs (after one untimed, the process's first). One process a scenario, one after another, each timed inside
    /// itself, so its start is not counted. The entry's defaults, whatever SEGUE_VERIFY_VARIANT the caller has.
    public func time(_ swift: ExportedFile, outcomes: [ScenarioOutcome], rounds: Int) throws -> [(scenario: String, rounds: [Double])] {
        let runner = try compiled(swift, optimized: true)
        var times: [(scenario: String, rounds: [Double])] = []
        for outcome in outcomes where outcome.skipped == nil {
            let name = outcome.scenario.rawValue
            let result = try execute(runner, arguments: ["--time-rounds", String(rounds), name], input: outcome.runnerInput,
                                     environment: ["SEGUE_VERIFY_DRAG_KINDS": outcome.runnerDragKinds, "SEGUE_VERIFY_VARIANT": ""],
                                     limit: runLimit, memory: Self.runMemory)
            let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("time \(name) ") }
            let seconds = lines.first.map { $0.split(separator: " ").dropFirst(2).compactMap { Double($0) } } ?? []
            guard result.status == 0, !result.timedOut, lines.count == 1, seconds.count == rounds else {
                // Why, as --verify says it: a trap's "Fatal error" line (the backtrace after it is kilobytes), the
                // runner's own refusal, else the first thing it said.
                let said = (result.errors + result.output).split(separator: "\n")
                let why = said.first { $0.contains("Fatal error") || $0.contains("did not run as check's did") || $0.contains("--time-rounds") }
                    ?? said.first
                throw ExportVerifyError("\(swift.name) did not time \(name): exit status \(result.status)"
                                        + (result.timedOut ? ", stopped after \(runLimit) s" : "") + (why.map { ": \($0.prefix(300))" } ?? ""))
            }
            times.append((name, seconds))
        }
        return times
    }

    /// Compiles each file's optimised runner beforehand, a file on each core (time runs them one at a time).
    public func compileForTiming(_ files: [ExportedFile]) throws {
        let failures = Self.concurrently(files.map { swift in { @Sendable () -> String? in
            do { _ = try self.compiled(swift, optimized: true); return nil } catch { return "\(swift.name): \(error)" }
        } })
        if let failure = failures.compactMap({ $0 }).first { throw ExportVerifyError(failure) }
    }

    /// Where the UIKit layer the runners link is, for the bench to name.
    public var layerFolder: URL { layer }
}

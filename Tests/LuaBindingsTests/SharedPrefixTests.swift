import Catalogue
import Contract
import Foundation
import LuaRuntime
@testable import LuaBindings
import Testing
import Transitions

/// check reads `present`, `non-animated-present` and `push` off the runs of `present-then-dismiss`, `dismiss` and `pop`,
/// whose first part they are (Scenario.sharedPrefix). What it reports must be what each scenario's own run reports: the
/// expected outcomes here come from `ScenarioRunner.run`, one scenario alone in a sandbox of its own.
@Suite struct SharedPrefixTests {
    /// The outcome of `scenario` run alone, in a new sandbox, as `segue run --scenario` runs it.
    static func alone(_ file: EntryFile, source: String, _ scenario: Scenario, limits: SandboxLimits = .default) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.limits = limits
        return ScenarioRunner.run(file, source: source, scenario: scenario, options: options)
    }

    /// `outcome` says what the scenario's own run says.
    static func expectSame(_ outcome: ScenarioOutcome, _ alone: ScenarioOutcome, _ label: String) {
        #expect(outcome.problems.map(\.description) == alone.problems.map(\.description), "\(label)")
        #expect(outcome.skipped == alone.skipped, "\(label)")
        #expect(outcome.printed.map(\.text) == alone.printed.map(\.text), "\(label)")
        #expect(outcome.offersTap == alone.offersTap, "\(label)")
        #expect(outcome.trace == alone.trace, "\(label)")
        // Lua seeds its string hashes from the state's address (PreparedSandboxTests): within a kilobyte.
        #expect(abs(outcome.memoryPeak - alone.memoryPeak) <= 1024, "\(label): \(outcome.memoryPeak) against \(alone.memoryPeak)")
    }

    /// The pairs of `outcomes` both run: how many runs sharing saves at most.
    static func pairsRun(_ outcomes: [ScenarioOutcome]) -> Int {
        let ran = Set(outcomes.filter { $0.skipped == nil }.map(\.scenario))
        return ran.filter { $0.sharedBy.map(ran.contains) == true }.count
    }

    /// Every built-in entry as check runs it: each scenario's outcome is its own run's, and each pair took one run.
    @Test func everyBuiltinEntryReportsWhatEachScenarioAloneDoes() throws {
        var compared = 0, saved = 0
        let sandboxes = SandboxPool()
        for file in try builtinEntries() {
            let source = try file.source()
            var options = ScenarioOptions()
            options.chunks = ChunkCache()
            options.sandboxes = sandboxes
            let lease = sandboxes.lease(.default)
            options.sandbox = lease
            _ = try? EntryLoader.load(file, source: source, chunks: options.chunks, sandbox: lease)
            let before = lease.sandbox.rewinds
            let outcomes = ScenarioRunner.runAll(file, source: source, options: options)
            let runs = lease.sandbox.rewinds - before
            let ran = outcomes.filter { $0.skipped == nil }
            // The catalogue's presentations leave nothing to report once still: every pair is one run.
            #expect(runs == ran.count - Self.pairsRun(outcomes), "\(file.stem): \(runs) runs for \(ran.count) scenarios")
            saved += ran.count - runs
            for outcome in ran {
                Self.expectSame(outcome, Self.alone(file, source: source, outcome.scenario), "\(file.stem) / \(outcome.scenario.rawValue)")
                compared += 1
            }
        }
        #expect(compared > 400)
        // present and non-animated-present of every entry, push of the navigation ones.
        #expect(saved >= 2 * 47)
    }

    /// An entry whose `call`th animateTransition (the first: the presentation) does `first` and whose others complete
    /// normally.
    static func entry(first: String, call: Int = 1) -> String {
        """
        local calls = 0
        return {
          title = "Prefix", summary = "Presents its own way.", tags = {"test"},
          animator = {
            transitionDuration = function() return 0.3 end,
            animateTransition = function(ctx)
              calls = calls + 1
              local to = ctx:viewForKey("to")
              if calls == \(call) then
        \(first)
              end
              if to then ctx.containerView:addSubview(to) end
              UIView.animate(0.3, function() end, function() ctx:completeTransition(true) end)
            end,
          },
        }
        """
    }

    /// runAll over `source`, with the runs it made.
    static func runAll(_ source: String, limits: SandboxLimits = .default) throws -> (outcomes: [ScenarioOutcome], runs: Int,
                                                                                    file: EntryFile, folder: URL) {
        let (file, folder) = try PreparedSandboxTests.write(source, name: "prefix")
        var options = ScenarioOptions()
        options.limits = limits
        let lease = SandboxPool().lease(limits)
        options.sandbox = lease
        let outcomes = ScenarioRunner.runAll(file, source: source, options: options)
        // The first run makes the sandbox; each later one rewinds it.
        return (outcomes, lease.sandbox.rewinds + 1, file, folder)
    }

    /// Where the presentation leaves something for the end of a run to report (a contract breach, a display link still
    /// running, delayed work not yet run), the shorter scenario runs alone: reporting it would change the longer run.
    @Test func aPresentationThatLeavesSomethingToReportRunsAlone() throws {
        let notVisible = try #require(Rules.rule(for: .presentedViewNotVisible))
        let cases: [(first: String, says: String)] = [
            // Completed before the view is added: the presented view is never shown.
            ("      ctx:completeTransition(true)\n      do return end", notVisible.summary),
            ("      DispatchQueue.main:asyncAfter(0.1, function() CADisplayLink.new(function() end):add() end)",
             "a display link was still running when the run ended"),
        ]
        for (first, says) in cases {
            let source = Self.entry(first: first)
            let (outcomes, runs, file, folder) = try Self.runAll(source)
            defer { try? FileManager.default.removeItem(at: folder) }
            let ran = outcomes.filter { $0.skipped == nil }
            let present = try #require(outcomes.first { $0.scenario == .present })
            #expect(present.problems.contains { $0.message.contains(says) || $0.rule == notVisible.id && says == notVisible.summary },
                    "\(says): \(present.problems)")
            // present and non-animated-present each ran alone as well: two runs more than scenarios less pairs.
            #expect(runs == ran.count - Self.pairsRun(outcomes) + 2, "\(says): \(runs) runs for \(ran.count)")
            for outcome in ran { Self.expectSame(outcome, Self.alone(file, source: source, outcome.scenario), "\(says) / \(outcome.scenario.rawValue)") }
        }
    }

    /// A presentation that runs out of time ends both runs alike: present says so once, at one time limit's cost, and
    /// the other scenarios are not run, as when present ran alone first.
    @Test func aPresentationOutOfTimeCostsOneLimit() throws {
        let limits = SandboxLimits(time: .milliseconds(300))
        let source = Self.entry(first: "      while true do end")
        var result: (outcomes: [ScenarioOutcome], runs: Int, file: EntryFile, folder: URL)?
        let spent = ThreadTime.measure { result = try? Self.runAll(source, limits: limits) }
        let (outcomes, runs, file, folder) = try #require(result)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(runs == 1)
        #expect(spent < .milliseconds(550), "\(spent)")
        let present = try #require(outcomes.first)
        #expect(present.scenario == .present)
        #expect(present.problems.contains { $0.isLimit }, "\(present.problems)")
        Self.expectSame(present, Self.alone(file, source: source, .present, limits: limits), "present")
        let stopped = outcomes.dropFirst().allSatisfy { $0.skipped?.hasPrefix("not run: the entry ran out of its limits in present") == true }
        #expect(stopped)
    }

    /// A dismissal that runs out of time: present, read off the first run, is as its own; dismiss runs out and stops
    /// the rest, as before.
    @Test func aDismissalOutOfTimeStopsTheRestAsBefore() throws {
        let limits = SandboxLimits(time: .milliseconds(300))
        // The second call: the dismissal, whether the presentation before it was animated or not.
        let source = Self.entry(first: "      while true do end", call: 2)
        let (outcomes, _, file, folder) = try Self.runAll(source, limits: limits)
        defer { try? FileManager.default.removeItem(at: folder) }
        let present = try #require(outcomes.first { $0.scenario == .present })
        Self.expectSame(present, Self.alone(file, source: source, .present, limits: limits), "present")
        #expect(present.problems.isEmpty, "\(present.problems)")
        let dismiss = try #require(outcomes.first { $0.scenario == .dismiss })
        #expect(dismiss.problems.contains { $0.isLimit }, "\(dismiss.problems)")
        let rest = outcomes.drop { $0.scenario != .dismiss }.dropFirst()
        let stopped = rest.allSatisfy { $0.skipped?.hasPrefix("not run: the entry ran out of its limits in dismiss") == true }
        #expect(!rest.isEmpty && stopped)
    }
}

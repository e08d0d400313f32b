import Catalogue
@testable import Export
import ExportVerification
import Foundation
import LuaBindings
import Testing

/// `segue-bench check`'s baseline: the scenarios check ran for an entry, timed again by its exported Swift.
@Suite(.serialized) struct ExportTimingTests {
    /// What check ran for fade, and the Swift timing each of those scenarios, in the same order, and nothing else.
    @Test func timesEachScenarioCheckRan() throws {
        let (file, source, swift) = try ExportVerificationTests.fade()
        let outcomes = ScenarioRunner.runAll(file, source: source)
        let ran = outcomes.filter { $0.skipped == nil }.map(\.scenario.rawValue)
        #expect(ran.count >= 5 && ran.count < outcomes.count, "fade runs some scenarios and skips its drags: \(outcomes.map(\.scenario))")
        let times = try ExportVerificationTests.verifier().time(swift, outcomes: outcomes, rounds: 2)
        #expect(times.map(\.scenario) == ran)
        #expect(times.allSatisfy { $0.seconds > 0 && $0.seconds < 1 })
    }

    /// The time is the scenario's work: the same fade lasting ten times as long steps the engine through ten times the
    /// frames, so its present costs clearly more (the scenario's set-up is the same for both).
    @Test func theTimeFollowsTheFramesTheScenarioRuns() throws {
        let (file, source, swift) = try ExportVerificationTests.fade()
        let slow = try ExportVerificationTests.altered(swift, "init(duration: Double = 0.35)", "init(duration: Double = 3.5)")
        let present = ScenarioRunner.runAll(file, source: source).filter { $0.scenario == .present }
        let verifier = try ExportVerificationTests.verifier()
        let quick = try verifier.time(swift, outcomes: present, rounds: 5)
        let long = try verifier.time(slow, outcomes: present, rounds: 5)
        #expect(quick.count == 1 && long.count == 1)
        #expect(long[0].seconds > 2 * quick[0].seconds, "0.35 s: \(quick[0].seconds) s, 3.5 s: \(long[0].seconds) s")
    }

    /// Swift that stops says which file and scenario; it is not timed as if it ran.
    @Test func aRunnerThatStopsIsAnError() throws {
        let (file, source, swift) = try ExportVerificationTests.fade()
        let stopping = try ExportVerificationTests.altered(swift, "init(duration: Double = 0.35) {", "init(duration: Double = 0.35) {\n            if duration > 0 { fatalError(\"stop\") }")
        let present = ScenarioRunner.runAll(file, source: source).filter { $0.scenario == .present }
        #expect {
            _ = try ExportVerificationTests.verifier().time(stopping, outcomes: present, rounds: 1)
        } throws: { "\($0)".contains("FadeTransition.swift did not time present") }
    }
}

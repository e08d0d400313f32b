import Catalogue
import LuaBindings
import Testing

@Suite struct CatalogueScenarioTests {
    /// Every built-in entry passes every scenario with no diagnostic.
    @Test(arguments: Scenario.allCases)
    func builtinEntriesPass(scenario: Scenario) throws {
        for file in try builtinEntries() {
            let outcome = ScenarioRunner.run(file, source: try file.source(), scenario: scenario)
            #expect(outcome.problems.isEmpty, "\(file.stem) / \(scenario.rawValue):\n\(outcome.problems.map(\.description).joined(separator: "\n"))")
        }
    }
}

@Suite struct ScenarioShapeTests {
    /// check skips the scenarios an entry's shape rules out without running them: each such skip, for every built-in
    /// entry, is the one the scenario's own run (a sandbox of its own, the entry loaded and configured) gives.
    @Test func skipsWithoutRunningAsEachRunWould() throws {
        var shapeSkipped = 0
        for file in try builtinEntries() {
            let source = try file.source()
            // tap-to-dismiss is decided by the present scenario's taps, not by the entry's shape (an entry that
            // dismisses itself before anyone could tap, toast, runs it alone to no effect).
            for outcome in ScenarioRunner.runAll(file, source: source) where outcome.scenario != .tapToDismiss {
                guard let reason = outcome.skipped else { continue }
                let alone = ScenarioRunner.run(file, source: source, scenario: outcome.scenario)
                #expect(alone.skipped == reason, "\(file.stem) / \(outcome.scenario.rawValue)")
                // Skipped without a sandbox: nothing was ever held for the entry.
                if outcome.memoryPeak == 0 { shapeSkipped += 1 }
            }
        }
        // The modal entries skip the four navigation scenarios, most skip some drags: hundreds in all.
        #expect(shapeSkipped > 100)
    }
}

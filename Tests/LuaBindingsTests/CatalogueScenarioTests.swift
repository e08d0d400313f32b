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

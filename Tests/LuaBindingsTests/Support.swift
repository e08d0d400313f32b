import Catalogue
import Foundation
import Geometry
import LuaBindings
import Transitions

/// Writes a script to a temporary folder and runs a scenario on it.
func run(_ source: String, name: String = "sample", scenario: Scenario, options: ScenarioOptions = ScenarioOptions(),
         interaction: InteractionPlan? = nil, gesture: GestureInput? = nil, tap: Point? = nil) -> ScenarioOutcome {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bindings-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("\(name).lua")
    try? source.write(to: url, atomically: true, encoding: .utf8)
    return ScenarioRunner.run(EntryFile(url: url, catalogue: "test", workingDirectory: folder), source: source, scenario: scenario,
                              options: options, interaction: interaction, gesture: gesture, tap: tap)
}

/// The built-in catalogue's entry files.
func builtinEntries() throws -> [EntryFile] {
    try BuiltinCatalogue.locate().entryFiles()
}

/// The 1-based line of the first line containing `needle`.
func line(of needle: String, in source: String) -> Int {
    (source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(needle) } ?? -1) + 1
}

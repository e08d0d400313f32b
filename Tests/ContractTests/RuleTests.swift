import Catalogue
import Contract
import Foundation
import LuaBindings
import Testing
import Transitions

/// The contract's rules: one for each kind of finding the engine makes,
/// each explained, and each one's examples run through check's scenarios as
/// its tests: the breaking entry is found out by that rule, the corrected
/// one by no rule at all.
@Suite struct RuleTests {
    /// Rules no standard scenario can exercise from a script, and why.
    static let unreachable: [String: String] = [
        "covered-by-keyboard": "no standard scenario raises the keyboard",
    ]

    @Test func everyKindOfFindingHasOneRule() {
        for kind in Diagnostic.Kind.allCases {
            #expect(Rules.all.filter { $0.kind == kind }.count == 1, "\(kind)")
        }
        let ids = Rules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in Rules.all {
            #expect(rule.id.range(of: "^[a-z]+(-[a-z]+)*$", options: .regularExpression) != nil, "\(rule.id)")
            #expect(!rule.summary.isEmpty && rule.explanation.count > 80, "\(rule.id) explains itself")
            #expect(!rule.references.isEmpty && rule.references.allSatisfy { $0.url.hasPrefix("https://developer.apple.com/documentation/uikit/") },
                    "\(rule.id) names the UIKit documentation it rests on")
        }
    }

    @Test(arguments: Rules.all.map(\.id))
    func theRulesExamplesBreakAndKeepIt(id: String) throws {
        let rule = try #require(Rules.rule(id: id))
        if let reason = Self.unreachable[id] {
            #expect(rule.examples.isEmpty, "\(id): \(reason), yet it has examples")
            return
        }
        #expect(rule.examples.contains { $0.triggers } && rule.examples.contains { !$0.triggers }, "\(id) shows both")
        for (index, example) in rule.examples.enumerated() {
            #expect(example.options.isEmpty, "options are not run here; give the scenario alone")
            let outcomes = try Self.check(example.source, name: "\(id)-\(index)")
            let found = outcomes.flatMap { outcome in outcome.problems.map { (outcome.scenario.rawValue, $0) } }
            if example.triggers {
                #expect(found.contains { $0.0 == example.scenario && $0.1.rule == id },
                        "\(id): the breaking example is not found out in \(example.scenario): \(found.map { "\($0.0): \($0.1.message)" })")
                #expect(found.allSatisfy { $0.1.rule == id }, "\(id): the breaking example breaks other rules too: \(found.map(\.1.message))")
            } else {
                #expect(found.isEmpty, "\(id): the corrected example still has findings: \(found.map { "\($0.0): \($0.1.message)" })")
            }
        }
    }

    static func check(_ source: String, name: String) throws -> [ScenarioOutcome] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("\(name).lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        return ScenarioRunner.runAll(EntryFile(url: url, catalogue: "rules", workingDirectory: folder), source: source)
    }
}

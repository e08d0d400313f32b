import ArgumentParser
import Catalogue
import Foundation
import LuaBindings

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every entry through the standard scenarios and report every breach of UIKit's contract.",
        discussion: """
            Each TARGET is an entry name (with parameters: 'half-sheet(edge: right)'), a script \
            file, or a catalogue folder; with none, every catalogue in use is checked. Scenarios: \
            \(Scenario.allCases.map(\.rawValue).joined(separator: ", ")). Exits with status 1 if \
            anything failed; messages read entry: hook: file:line: what is wrong.
            """
    )

    @Argument(help: ArgumentHelp("Entry names, .lua files or catalogue folders.", valueName: "TARGET"))
    var targets: [String] = []

    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter for every entry checked, key=value (repeatable).", valueName: "KEY=VALUE"))
    var parameters: [String] = []

    @Flag(help: "Print the results as JSON.")
    var json = false

    @OptionGroup var options: CatalogueOptions

    struct Result: Encodable {
        let entry, file: String
        let scenarios: [ScenarioResult]
        let problems: [String]
    }

    struct ScenarioResult: Encodable {
        let scenario: String
        let problems: [String]
        let skipped: String?
    }

    func run() throws {
        let given = try Target.parameters(parameters)
        var plan: [(EntryFile, [String: String])] = []
        var problems: [String] = []
        if targets.isEmpty {
            for folder in try options.searchPath().folders {
                do { plan += try folder.entryFiles().map { ($0, given) } } catch { problems.append(error.description) }
            }
        } else {
            for text in targets {
                let target = try Target.resolve(text, in: options.searchPath)
                plan += target.files.map { ($0, given.merging(target.parameters) { $1 }) }
                problems += target.problems
            }
        }
        let progress = Progress(total: plan.count, enabled: !json)
        var results: [Result] = []
        for (index, (file, parameters)) in plan.enumerated() {
            progress.show(index, file.stem)
            results.append(check(file, parameters: parameters))
        }
        progress.finish()
        let failed = results.filter { !$0.problems.isEmpty || $0.scenarios.contains { !$0.problems.isEmpty } }.count + problems.count
        if json {
            print(try Output.json(results))
        } else {
            for result in results {
                let lines = result.problems + result.scenarios.flatMap { s in s.problems.map { "[\(s.scenario)] \($0)" } }
                if lines.isEmpty {
                    let ran = result.scenarios.filter { $0.skipped == nil }.count
                    print("ok     \(result.entry)  \(result.file)  (\(ran) scenarios)")
                } else {
                    for line in unique(lines) { print("error  \(line)") }
                }
            }
            for problem in problems { print("error  \(problem)") }
            print("\(results.count + problems.count) checked: \(results.count + problems.count - failed) ok, \(failed) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }

    private func check(_ file: EntryFile, parameters: [String: String]) -> Result {
        do {
            let entry = try EntryLoader.load(file, limits: options.limits)
            let source = try file.source()
            var scenarioOptions = ScenarioOptions()
            scenarioOptions.limits = options.limits
            scenarioOptions.parameters = parameters
            let scenarios = Scenario.allCases.map { scenario in
                let outcome = ScenarioRunner.run(file, source: source, scenario: scenario, options: scenarioOptions)
                return ScenarioResult(scenario: scenario.rawValue, problems: outcome.problems, skipped: outcome.skipped)
            }
            return Result(entry: entry.metadata.name, file: file.displayPath, scenarios: scenarios, problems: [])
        } catch {
            return Result(entry: file.stem, file: file.displayPath, scenarios: [], problems: [String(describing: error)])
        }
    }

    /// The same mistake found by several scenarios is said once, with the first scenario.
    private func unique(_ lines: [String]) -> [String] {
        var seen = Set<String>()
        return lines.filter { line in
            let key = line.hasPrefix("[") ? String(line.drop(while: { $0 != "]" }).dropFirst(2)) : line
            return seen.insert(key).inserted
        }
    }
}

/// A one-line progress report on a terminal; nothing when output is piped.
final class Progress {
    let total: Int
    let enabled: Bool

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && isatty(STDERR_FILENO) != 0 && total > 1
    }

    func show(_ index: Int, _ name: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2Kchecking \(index + 1)/\(total): \(name)".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}

import ArgumentParser
import Catalogue
import Foundation
import LuaBindings
import LuaRuntime

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every entry through the standard scenarios and report every breach of UIKit's contract.",
        discussion: """
            Each TARGET is an entry name (with parameters: 'half-sheet(edge: right)'), a script \
            file, or a catalogue folder; with none, every catalogue in use is checked. Scenarios: \
            \(Scenario.allCases.map(\.rawValue).joined(separator: ", ")). An error is something an \
            app's user would see or suffer; a warning is hygiene UIKit tolerates. Exits with status 1 \
            if any entry has an error (or, with --strict, a warning); messages read \
            entry: hook: file:line: what is wrong, followed by the command that reproduces it.
            """
    )

    @Argument(help: ArgumentHelp("Entry names, .lua files or catalogue folders.", valueName: "TARGET"))
    var targets: [String] = []

    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter for every entry checked, key=value (repeatable).", valueName: "KEY=VALUE"))
    var parameters: [String] = []

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Flag(help: "Also show what the scripts print.")
    var verbose = false

    @Option(help: ArgumentHelp("Entries checked at once (default: one per core).", valueName: "N"))
    var jobs: Int?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @OptionGroup var options: CatalogueOptions

    struct Result: Encodable, Sendable {
        let entry, file: String
        let scenarios: [ScenarioResult]
        let problems: [Problem]
        let printed: [String]

        var all: [Problem] { problems + scenarios.flatMap(\.problems) }
    }

    struct ScenarioResult: Encodable, Sendable {
        let scenario: String
        let problems: [Problem]
        let skipped: String?
    }

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256, got \(jobs)") }
    }

    func run() throws {
        let given = try Target.parameters(parameters)
        var plan: [(file: EntryFile, parameters: [String: String])] = []
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
        let limits = options.limits
        var results: [Result] = []
        var failed = problems.count
        let work = plan
        // Each worker may hold one entry's memory limit: keep them all
        // together under 768 MiB, whatever --jobs asks.
        let affordable = max(1, (768 << 20) / max(limits.memory, 1))
        let workers = min(jobs ?? ProcessInfo.processInfo.activeProcessorCount, affordable)
        orderedParallel(plan.count, workers: workers) { index in
            Self.check(work[index].file, parameters: work[index].parameters, limits: limits)
        } emit: { index, result in
            if result.all.contains(where: { $0.severity == .error || strict }) { failed += 1 }
            if json {
                results.append(result)
            } else {
                progress.clear()
                report(result, parameters: plan[index].parameters)
            }
            progress.show(index, result.entry)
        }
        progress.finish()
        if json {
            print(try Output.json(results))
        } else {
            for problem in problems { print("error    \(problem)") }
            let total = plan.count + problems.count
            print("\(total) checked: \(total - failed) ok, \(failed) failed")
        }
        if failed > 0 { throw ExitCode(1) }
    }

    private func report(_ result: Result, parameters: [String: String]) {
        if verbose {
            for line in result.printed { print("print    \(result.entry): \(line)") }
        }
        let all = result.all
        if all.isEmpty {
            let ran = result.scenarios.filter { $0.skipped == nil }.count
            print("ok       \(result.entry)  \(result.file.escapingControlCharacters)  (\(ran) scenarios)")
            return
        }
        var seen = Set<String>()
        var failing: [String] = []
        var warnings = 0
        for problem in all {
            // The same mistake found by several scenarios is said once, with the first.
            if seen.insert("\(problem.severity) \(problem.description)").inserted {
                if problem.severity == .warning { warnings += 1 }
                let scenario = problem.scenario.map { "[\($0)] " } ?? ""
                print("\(problem.severity.column) \(scenario)\(problem)")
            }
            if let scenario = problem.scenario, !failing.contains(scenario) { failing.append(scenario) }
        }
        // Everything that shaped the run: parameters and limits other than the defaults.
        var flags = parameters.keys.sorted().map { " --param \(Self.quoted("\($0)=\(parameters[$0]!)"))" }.joined()
        if options.timeLimit != CatalogueOptions.defaultTimeLimit { flags += " --time-limit \(String(format: "%g", options.timeLimit))" }
        if options.memoryLimit != CatalogueOptions.defaultMemoryLimit { flags += " --memory-limit \(options.memoryLimit)" }
        for scenario in failing where all.contains(where: { $0.scenario == scenario && $0.severity == .error }) || strict {
            print("         rerun with: segue run \(Self.quoted(result.file)) --scenario \(scenario)\(flags)")
        }
        if all.allSatisfy({ $0.severity == .warning }) {
            print("ok       \(result.entry)  \(result.file.escapingControlCharacters)  (\(warnings) warning(s)\(strict ? ", failing with --strict" : ""))")
        }
    }

    /// A word as a shell reads it back.
    static func quoted(_ word: String) -> String {
        word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:".contains($0)) }) ? word
            : "'" + word.escapingControlCharacters.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Loads the entry once (a broken entry is one result with its reason),
    /// then runs every scenario in a fresh sandbox of its own.
    static func check(_ file: EntryFile, parameters: [String: String], limits: SandboxLimits) -> Result {
        let source: String
        let entry: LoadedEntry
        do {
            source = try file.source()
            entry = try EntryLoader.load(file, source: source, limits: limits)
        } catch let error as EntryError {
            return Result(entry: file.stem, file: file.displayPath, scenarios: [], problems: [Problem(error)], printed: [])
        } catch {
            return Result(entry: file.stem, file: file.displayPath, scenarios: [],
                          problems: [Problem(.error, entry: file.stem, message: String(describing: error))], printed: [])
        }
        var scenarioOptions = ScenarioOptions()
        scenarioOptions.limits = limits
        scenarioOptions.parameters = parameters
        var printed = entry.printed.map(\.description)
        let scenarios = ScenarioRunner.runAll(file, source: source, options: scenarioOptions).map { outcome in
            printed += outcome.printed.map { "[\(outcome.scenario.rawValue)] \($0)" }
            return ScenarioResult(scenario: outcome.scenario.rawValue, problems: outcome.problems, skipped: outcome.skipped)
        }
        return Result(entry: entry.metadata.name, file: file.displayPath, scenarios: scenarios, problems: [], printed: printed)
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

    /// Clears the line before other output is written under it.
    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }

    func finish() { clear() }
}

import RenderTree
import ArgumentParser
import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import TextSafety
import Transitions

struct Check: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every entry through the standard scenarios and report every breach of UIKit's contract.",
        discussion: """
            Each TARGET is an entry name (with parameters: 'half-sheet(edge: right)'), a script \
            file, or a catalogue folder; with none, every catalogue in use is checked. Scenarios: \
            \(Scenario.allCases.map(\.rawValue).joined(separator: ", ")). An error is something an \
            app's user would see or suffer; a warning is hygiene UIKit tolerates. Exits with status 1 \
            if any entry has an error (or, with --strict, a warning); messages read \
            entry: hook: file:line: what is wrong, followed by the command that reproduces it. \
            Exits with 2 when a target is not found or there is nothing to check.

            Examples:
              segue check
              segue check fade my-entry.lua team-catalogue/
              segue check 'half-sheet(edge: top)' --strict
              segue check --json > report.json
            """
    )

    @Argument(help: ArgumentHelp("Entry names, .lua files or catalogue folders.", valueName: "TARGET"), completion: .custom(Completion.entries))
    var targets: [String] = []

    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter for every entry checked, key=value (repeatable).", valueName: "KEY=VALUE"),
            completion: .custom(Completion.parameters))
    var parameters: [String] = []

    @Option(help: ArgumentHelp("The row of the presenting screen's list a zoom grows from (ctx.sourceView), from 1 "
                               + "(default: 3).", valueName: "N"))
    var sourceRow: Int?

    @Option(help: ArgumentHelp("The device whose screen and safe area every scenario uses: \(Device.all.map(\.name).joined(separator: ", ")) "
                               + "(default: iphone-14).", valueName: "NAME"), completion: .list(Device.all.map(\.name)))
    var device: String?

    @Flag(help: "Turn the device to landscape.")
    var landscape = false

    @Option(help: ArgumentHelp("Light or dark: what UIKit's dynamic colours (UIColor.systemBackground …) resolve to in every "
                               + "scenario (default: light).", valueName: "STYLE"))
    var appearance: InterfaceStyle?

    @Flag(help: "Fail on warnings too.")
    var strict = false

    @Flag(help: "Also show what the scripts print.")
    var verbose = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Entries checked at once (default: one per core).", valueName: "N"))
    var jobs: Int?

    @Flag(help: "Print the results as JSON.")
    var json = false

    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    struct Result: Sendable {
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

        enum CodingKeys: CodingKey { case scenario, problems, skipped }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scenario, forKey: .scenario)
            try container.encode(problems, forKey: .problems)
            try container.encode(skipped, forKey: .skipped)
        }
    }

    /// `check --json` (docs/json.md).
    struct Document: Encodable {
        struct Entry: Encodable {
            let entry, file: String
            let status: JSONShapes.Status
            let scenarios: [ScenarioResult]
            /// Problems found before any scenario ran (the entry did not load).
            let problems: [Problem]
            let printed: [String]
        }

        struct Summary: Encodable {
            let checked, passed, failed: Int
        }

        let schema = JSONShapes.check
        let entries: [Entry]
        /// Targets that could not be resolved, folders that could not be read.
        let problems: [Problem]
        let summary: Summary
    }

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be between 1 and 256, got \(jobs)") }
        if let sourceRow, sourceRow < 1 { throw ValidationError("--source-row counts the list's rows from 1; got \(sourceRow)") }
        let screen = try self.screen()
        _ = try ScenarioArguments.sourceRow(sourceRow, windowSize: screen.windowSize, device: screen.device)
    }

    /// The screen every scenario runs on: the default phone unless a device or landscape was asked for.
    func screen() throws -> Screen {
        let style = appearance ?? .light
        guard device != nil || landscape else { return Screen(style: style) }
        let named = try ScenarioArguments.device(named: device ?? "iphone-14")
        return Screen(device: named, windowSize: named.size(landscape: landscape), style: style)
    }

    /// The device, window size and interface style scenarios run on.
    struct Screen: Sendable {
        var device: Device?
        var windowSize = ScenarioOptions().windowSize
        var style = InterfaceStyle.light
    }

    func run() throws {
        let given = try Target.parameters(parameters)
        var plan: [(file: EntryFile, parameters: [String: String])] = []
        var problems: [String] = []
        // Whatever went wrong before checking: a name not found (2) or ambiguous (64), a folder unreadable (1).
        var status = ExitCode.success
        if targets.isEmpty {
            for folder in try options.searchPath().folders {
                do { plan += try folder.entryFiles().map { ($0, given) } } catch {
                    problems.append(error.description)
                    status = ExitStatus.problems
                }
            }
        } else {
            for text in targets {
                let target = try Target.resolve(text, in: options.searchPath)
                plan += target.files.map { ($0, given.merging(target.parameters) { $1 }) }
                problems += target.problems
                for warning in target.warnings where !json { Output.warning(warning) }
                if let module = target.module, !json { Output.warning(module + "; passed over: the entries that require it check it") }
                if target.status != .success { status = ExitStatus.first(status, target.status) }
            }
        }
        let progress = Progress(total: plan.count, enabled: !json)
        let limits = options.limits
        var entries: [Document.Entry] = []
        var failed = 0
        let work = plan
        let sourceRow = sourceRow
        let screen = try self.screen()
        // Each worker may hold one entry's memory limit, whatever --jobs asks.
        orderedParallel(plan.count, workers: workerCount(limits: limits, asked: jobs)) { index in
            Self.check(work[index].file, parameters: work[index].parameters, limits: limits, sourceRow: sourceRow, screen: screen)
        } givenUp: { index, reason in
            Self.givenUp(work[index].file, reason)
        } emit: { index, result in
            let verdict = JSONShapes.Status(result.all, strict: strict)
            if !verdict.passed { failed += 1 }
            if json {
                entries.append(.init(entry: result.entry, file: result.file, status: verdict, scenarios: result.scenarios,
                                     problems: result.problems, printed: result.printed))
            } else {
                progress.clear()
                report(result, parameters: plan[index].parameters)
            }
            progress.show(index, result.entry)
        }
        progress.finish()
        if json {
            let summary = Document.Summary(checked: plan.count, passed: plan.count - failed, failed: failed)
            print(try Output.json(Document(entries: entries, problems: problems.map { Problem(.error, entry: "", message: $0) },
                                           summary: summary)))
        } else {
            for problem in problems { print(Output.fitted(Style.paint(Problem.Severity.error.column, .error) + " " + problem)) }
            // Nothing was checked because a name was not found or was ambiguous: the error says so, not a row of zeros.
            if !(plan.isEmpty && status != .success) {
                let counts = "\(plan.count) checked: \(plan.count - failed) ok, \(failed) failed"
                print(Style.paint(counts, failed > 0 ? .error : .ok))
            }
        }
        // A mistake in what was asked comes first: the rest is then incomplete.
        if status != .success { throw status }
        if plan.isEmpty {
            Output.error("nothing to check: \(targets.isEmpty ? "no catalogue in use has entries" : "the folders named have no entries")")
            throw ExitStatus.notFound
        }
        if failed > 0 { throw ExitStatus.problems }
    }

    private func report(_ result: Result, parameters: [String: String]) {
        if verbose {
            for line in result.printed { print(Style.paint("print   ", .quiet) + " \(result.entry): \(line)") }
        }
        let all = result.all
        let ok = Style.paint("ok      ", .ok)
        if all.isEmpty {
            let ran = result.scenarios.filter { $0.skipped == nil }.count
            print("\(ok) \(Style.paint(result.entry, .name))  \(result.file.escapingControlCharacters)  (\(ran) scenarios)")
            return
        }
        // Everything that shaped the run: parameters and limits other than the defaults.
        var flags = parameters.keys.sorted().map { " --param \(Self.quoted("\($0)=\(parameters[$0]!)"))" }.joined()
        if options.timeLimit != CatalogueOptions.defaultTimeLimit { flags += " --time-limit \(String(format: "%g", options.timeLimit))" }
        if options.memoryLimitMiB != CatalogueOptions.defaultMemoryLimit { flags += " --memory-limit \(options.memoryLimitMiB)" }
        if let device { flags += " --device \(Self.quoted(device))" }
        if landscape { flags += " --landscape" }
        if let sourceRow { flags += " --source-row \(sourceRow)" }
        if let appearance, appearance != .light { flags += " --appearance \(appearance.rawValue)" }
        // The same mistake found by several scenarios is said once, with the
        // first, and under it the run that shows it.
        var groups: [(problem: Problem, scenarios: [String])] = []
        var index: [String: Int] = [:]
        for problem in all {
            let key = "\(problem.severity) \(problem.description)"
            if let at = index[key] {
                if let scenario = problem.scenario, !groups[at].scenarios.contains(scenario) { groups[at].scenarios.append(scenario) }
            } else {
                index[key] = groups.count
                groups.append((problem, problem.scenario.map { [$0] } ?? []))
            }
        }
        var warnings = 0
        for (problem, scenarios) in groups {
            if problem.severity == .warning { warnings += 1 }
            print(Output.fitted(Output.line(problem)))
            guard let first = scenarios.first, problem.severity == .error || strict else { continue }
            print(Output.fitted(Style.paint("         rerun with: segue run \(Self.quoted(result.file)) --scenario \(first)\(flags)", .quiet)))
        }
        if all.allSatisfy({ $0.severity == .warning }) {
            let note = "(\(warnings) warning\(warnings == 1 ? "" : "s")\(strict ? ", failing with --strict" : ""))"
            print("\(strict ? Style.paint("failed  ", .error) : ok) \(Style.paint(result.entry, .name))  \(result.file.escapingControlCharacters)  \(note)")
        }
    }

    /// A word as a shell reads it back.
    static func quoted(_ word: String) -> String {
        if word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./=:".contains($0)) }) { return word }
        // Control characters (a tab too) only as escapes: $'…' is what bash and zsh read them back from.
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        if word.unicodeScalars.contains(where: isControl) {
            var escaped = ""
            for scalar in word.unicodeScalars {
                switch scalar {
                case "\\", "'": escaped += "\\" + String(scalar)
                case "\n": escaped += "\\n"
                case "\t": escaped += "\\t"
                case "\r": escaped += "\\r"
                case _ where isControl(scalar): escaped += String(format: "\\x%02X", scalar.value)
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return "$'" + escaped + "'"
        }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Loads the entry once (a broken entry is one result with its reason),
    /// then runs every scenario, each as in a sandbox of its own (from an image of one kept for the worker).
    static func check(_ file: EntryFile, parameters: [String: String], limits: SandboxLimits, sourceRow: Int? = nil,
                      screen: Screen = Screen()) -> Result {
        let source: String
        let entry: LoadedEntry
        let chunks = ChunkCache()
        // One of the pool's sandboxes for the whole entry: its metadata read in it, then its scenarios run in it.
        let sandbox = sandboxes.lease(limits)
        do {
            source = try file.source()
            entry = try EntryLoader.load(file, source: source, limits: limits, chunks: chunks, style: screen.style, sandbox: sandbox)
        } catch let error as EntryError {
            return Result(entry: file.stem, file: file.displayPath, scenarios: [], problems: [Problem(error)], printed: [])
        } catch {
            return Result(entry: file.stem, file: file.displayPath, scenarios: [],
                          problems: [Problem(.error, entry: file.stem, message: String(describing: error))], printed: [])
        }
        return check(entry, source: source, parameters: parameters, limits: limits, sourceRow: sourceRow, screen: screen, chunks: chunks,
                     sandbox: sandbox)
    }

    /// An entry given up on (its script stuck inside Lua's own code, or too many before it).
    static func givenUp(_ file: EntryFile, _ reason: GivenUp) -> Result {
        Result(entry: file.stem, file: file.displayPath, scenarios: [], problems: [reason.problem(entry: file.stem)], printed: [])
    }

    /// Ready sandboxes for every entry this process checks: each entry's first scenario starts from one.
    static let sandboxes = SandboxPool()

    /// Every scenario of an entry already loaded from `source`.
    static func check(_ entry: LoadedEntry, source: String, parameters: [String: String], limits: SandboxLimits,
                      sourceRow: Int? = nil, screen: Screen = Screen(), chunks: ChunkCache? = nil, sandbox: SandboxLease? = nil) -> Result {
        let file = entry.file
        var scenarioOptions = ScenarioOptions()
        scenarioOptions.chunks = chunks
        scenarioOptions.sandboxes = sandboxes
        scenarioOptions.sandbox = sandbox
        scenarioOptions.device = screen.device
        scenarioOptions.windowSize = screen.windowSize
        scenarioOptions.interfaceStyle = screen.style
        scenarioOptions.limits = limits
        scenarioOptions.sourceRow = sourceRow
        scenarioOptions.parameters = parameters
        var printed = entry.printed.map(\.description)
        let outcomes = ScenarioRunner.runAll(file, source: source, options: scenarioOptions)
        var scenarios = outcomes.map { outcome in
            printed += outcome.printed.map { "[\(outcome.scenario.rawValue)] \($0)" }
            return ScenarioResult(scenario: outcome.scenario.rawValue, problems: outcome.problems, skipped: outcome.skipped)
        }
        // The entry's own picture decoded as a preview will decode it (the run checked only that a PNG is there).
        let picture = outcomes.first { $0.picture != nil }
        if let picture, !scenarios.isEmpty {
            do {
                _ = try EntryPicture.painter(file, picture, from: nil, style: .light)
            } catch {
                let message = (error as? ValidationError)?.message ?? "\(error)"
                let problem = Problem(.error, entry: entry.metadata.name, hook: "picture", location: picture.pictureLocation,
                                      message: message.replacingOccurrences(of: "\(file.stem): picture: ", with: ""))
                scenarios[0] = ScenarioResult(scenario: scenarios[0].scenario, problems: scenarios[0].problems + [problem],
                                              skipped: scenarios[0].skipped)
            }
        }
        // Kept with the entry's cached metadata for list: only a check as the entry stands (no parameters, the
        // standard screen), and never one a time or memory limit cut short (that depends on the machine's load).
        let standard = parameters.isEmpty && sourceRow == nil && screen.device == nil && screen.windowSize == Screen().windowSize
            && screen.style == .light
        let found = Problem.distinct(scenarios.flatMap(\.problems))
        // Nor one of an entry with a picture: the cache knows the entry's files and modules, not its assets, and would
        // keep the status after the picture changed.
        if standard, picture == nil, !found.contains(where: \.isLimit), let cache = CatalogueOptions.entryCache {
            let errors = found.filter { $0.severity == .error }.count
            cache.store(entry, source: source, limits: limits, check: CheckStatus(errors: errors, warnings: found.count - errors))
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
        Output.replaceLine("checking \(index + 1)/\(total): \(name.escapingControlCharacters)")
    }

    /// Clears the line before other output is written under it.
    func clear() {
        guard enabled else { return }
        Output.replaceLine()
    }

    func finish() { clear() }
}

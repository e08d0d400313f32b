import ArgumentParser
import Catalogue
import Foundation
import Geometry
import LuaBindings
import LuaRuntime
import Transitions

extension Scenario: ExpressibleByArgument {}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run one scenario headlessly and print its trace: the hook calls in order and the views over time.",
        discussion: """
            Presents the entry (and dismisses it with --dismiss), sampling every 1/fps seconds. \
            --interactive drives the presentation (or, with --dismiss, the dismissal) by a drag: \
            finish:0.7 drags to 70 % then finishes, cancel:0.3 drags to 30 % then cancels, release:0.6 \
            drags to 60 % and lets go, and the entry's interaction rule decides. --scenario runs one \
            of check's standard scenarios exactly as check does (\(Scenario.allCases.map(\.rawValue).joined(separator: ", "))). \
            What the script prints goes to standard error, with its file:line.
            """
    )

    @Argument(help: ArgumentHelp("An entry name or a .lua file.", valueName: "ENTRY"))
    var entry: String

    @Flag(help: "Present, then dismiss.")
    var dismiss = false

    @Option(help: ArgumentHelp("Drive the transition by a drag: finish:P, cancel:P or release:P (P from 0 to 1).", valueName: "SPEC"))
    var interactive: String?

    @Option(help: ArgumentHelp("One of check's standard scenarios.", valueName: "NAME"))
    var scenario: Scenario?

    @Option(help: ArgumentHelp("Window size in points.", valueName: "WxH"))
    var size = "390x844"

    @Option(help: "Samples a second.")
    var fps = 60.0

    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter, key=value (repeatable).", valueName: "KEY=VALUE"))
    var parameters: [String] = []

    @Flag(help: "Print the whole trace as JSON (sorted keys; the same bytes on every run).")
    var json = false

    @OptionGroup var options: CatalogueOptions

    func validate() throws {
        if scenario != nil && (dismiss || interactive != nil) {
            throw ValidationError("--scenario names the whole run: leave out --dismiss and --interactive")
        }
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        _ = try windowSize()
        _ = try drag()
    }

    func windowSize() throws -> Size {
        let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 >= 100 && $0 <= 4000 }) else {
            throw ValidationError("--size takes WIDTHxHEIGHT in points, each 100 to 4000, like 390x844; got '\(size)'")
        }
        return Size(width: parts[0], height: parts[1])
    }

    /// The --interactive drag: a plan that ends as told, or a fraction to let go at.
    func drag() throws -> (plan: InteractionPlan?, release: Double?) {
        guard let interactive else { return (nil, nil) }
        let parts = interactive.split(separator: ":").map(String.init)
        guard parts.count == 2, let percent = Double(parts[1]), (0...1).contains(percent),
              ["finish", "cancel", "release"].contains(parts[0]) else {
            throw ValidationError("--interactive takes finish:PERCENT, cancel:PERCENT or release:PERCENT with PERCENT from 0 to 1, "
                + "like finish:0.7; got '\(interactive)'")
        }
        if parts[0] == "release" { return (nil, percent) }
        return (.drag(to: percent, over: 0.4, then: parts[0] == "finish" ? .finish : .cancel), nil)
    }

    func run() throws {
        let target = try Target.resolve(entry, in: options.searchPath)
        guard let file = target.files.first, target.files.count == 1, target.problems.isEmpty else {
            for problem in target.problems { Output.error(problem) }
            if target.files.count > 1 { Output.error("\(entry): run takes one entry, not a folder") }
            throw ExitCode(target.files.count > 1 ? 64 : 2)
        }
        var scenarioOptions = ScenarioOptions()
        scenarioOptions.fps = fps
        scenarioOptions.windowSize = try windowSize()
        scenarioOptions.limits = options.limits
        scenarioOptions.parameters = try Target.parameters(parameters).merging(target.parameters) { $1 }
        scenarioOptions.sampling = true
        let source = try file.source()
        // The same checks as check and list, metadata values included.
        do {
            _ = try EntryLoader.load(file, source: source, limits: options.limits)
        } catch {
            FileHandle.standardError.write(Data("error    \(Problem(error))\n".utf8))
            throw ExitCode(1)
        }
        let (plan, release) = try drag()
        let scenario = self.scenario ?? (dismiss ? (interactive == nil ? .presentThenDismiss : .interactiveFinish) : .present)
        let outcome = ScenarioRunner.run(file, source: source, scenario: scenario, options: scenarioOptions,
                                         interaction: plan, release: release)
        for line in outcome.printed { FileHandle.standardError.write(Data("print    \(file.stem): \(line)\n".utf8)) }
        if json {
            let document = TraceDocument(entry: file.stem, file: file, outcome: outcome, options: scenarioOptions)
            print(String(decoding: try document.json(), as: UTF8.self))
        } else if let trace = outcome.trace {
            print("\(file.stem): \(scenario.rawValue)\(interactive.map { " (interactive \($0))" } ?? ""), "
                + "\(size) points, \(formatted(fps)) samples a second")
            print("hooks:")
            for hook in trace.hooks {
                print("  \(String(format: "%7.3f", hook.time)) s  \(hook.hook)\(hook.detail.map { "(\($0))" } ?? "")")
            }
            if let last = trace.samples.last {
                print("samples: \(trace.samples.count), from 0 to \(String(format: "%.3f", last.time)) s")
                print("on screen at the end (back to front):")
                for view in last.views {
                    let f = view.frame
                    print("  \(view.name.escapingControlCharacters)  frame (\(formatted(f.minX)), \(formatted(f.minY)), \(formatted(f.width)), \(formatted(f.height)))  alpha \(formatted(view.alpha))")
                }
            }
        }
        for problem in outcome.problems {
            FileHandle.standardError.write(Data("\(problem.severity.column) \(problem)\n".utf8))
        }
        if outcome.skipped != nil { FileHandle.standardError.write(Data("skipped  \(file.stem): \(outcome.skipped!)\n".utf8)) }
        if !outcome.errors.isEmpty { throw ExitCode(1) }
    }

    private func formatted(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }
}

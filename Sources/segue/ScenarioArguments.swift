import ArgumentParser
import Catalogue
import Foundation
import Geometry
import LuaBindings
import Transitions

extension Scenario: ExpressibleByArgument {}

/// The options that say which run of an entry to make: shared by `run` and
/// `preview`, so a preview shows exactly the run that `run` prints.
struct ScenarioArguments: ParsableArguments {
    @Flag(help: "Present, then dismiss.")
    var dismiss = false

    @Option(help: ArgumentHelp("Drive the transition by a drag: finish:P, cancel:P or release:P (P from 0 to 1).", valueName: "SPEC"))
    var interactive: String?

    @Option(help: ArgumentHelp("One of check's standard scenarios.", valueName: "NAME"))
    var scenario: Scenario?

    @Option(help: ArgumentHelp("Window size in points (default: the device's screen).", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("The device whose screen and safe area to use: \(Device.all.map(\.name).joined(separator: ", ")) "
                               + "(default: iphone-14).", valueName: "NAME"), completion: .list(Device.all.map(\.name)))
    var device: String?

    @Flag(help: "Turn the device to landscape.")
    var landscape = false

    @Flag(help: "Run with Reduce Motion on (UIAccessibility.isReduceMotionEnabled): large motion is reported.")
    var reduceMotion = false

    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter, key=value (repeatable).", valueName: "KEY=VALUE"),
            completion: .custom(Completion.parameters))
    var parameters: [String] = []

    func validate() throws {
        if scenario != nil && (dismiss || interactive != nil) {
            throw ValidationError("--scenario names the whole run: leave out --dismiss and --interactive")
        }
        if size != nil && device != nil {
            throw ValidationError("--size and --device both say how big the screen is: give one of them")
        }
        _ = try namedDevice()
        _ = try windowSize()
        _ = try drag()
    }

    func namedDevice() throws -> Device { try Self.device(named: device ?? "iphone-14") }

    /// The device of that name, or a usage error listing them (with a did-you-mean).
    static func device(named device: String) throws -> Device {
        guard let found = Device.named(device) else {
            let names = Device.all.map(\.name)
            let hint = Suggestion.nearest(to: device, in: names).map { "did you mean '\($0)'? " } ?? ""
            throw ValidationError("unknown device '\(device)'; \(hint)(one of \(names.joined(separator: ", ")))")
        }
        return found
    }

    func windowSize() throws -> Size {
        guard let size else { return try namedDevice().size(landscape: landscape) }
        let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 >= 100 && $0 <= 4000 }) else {
            throw ValidationError("--size takes WIDTHxHEIGHT in points, each 100 to 4000, like 390x844; got '\(size)'")
        }
        return landscape ? Size(width: max(parts[0], parts[1]), height: min(parts[0], parts[1])) : Size(width: parts[0], height: parts[1])
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

    var chosenScenario: Scenario {
        scenario ?? (dismiss ? (interactive == nil ? .presentThenDismiss : .interactiveFinish) : .present)
    }

    /// What the run is called in a title: "present", "interactive dismissal (release:0.6)".
    var title: String {
        let calm = reduceMotion ? ", Reduce Motion" : ""
        guard let interactive else { return chosenScenario.rawValue + calm }
        return "interactive \(dismiss ? "dismissal" : "presentation") (\(interactive))" + calm
    }

    /// Resolves the entry, checks its metadata as `check` does, and runs the
    /// scenario. Problems with the entry are printed; exits 2 when there is
    /// no such entry, 64 when the name is ambiguous, 1 when its metadata is broken.
    func run(_ entry: String, catalogue: CatalogueOptions, fps: Double, sampling: Bool, rendering: Bool) throws
        -> (file: EntryFile, outcome: ScenarioOutcome, options: ScenarioOptions) {
        let (file, outcome, options, _) = try attempt(entry, catalogue: catalogue, fps: fps, sampling: sampling, rendering: rendering)
        guard let outcome else { throw ExitStatus.problems }
        return (file, outcome, options)
    }

    /// As `run`, but an entry whose metadata is broken gives no outcome
    /// (its problem printed) instead of exiting: the other entries of a
    /// comparison go on, and a watch watches its file.
    ///
    /// - Parameter quiet: print nothing (a picture is on the terminal); a
    ///   broken entry's problem comes back in `loadProblem`.
    func attempt(_ entry: String, catalogue: CatalogueOptions, fps: Double, sampling: Bool, rendering: Bool, quiet: Bool = false) throws
        -> (file: EntryFile, outcome: ScenarioOutcome?, options: ScenarioOptions, loadProblem: Problem?) {
        let target = try Target.resolve(entry, in: catalogue.searchPath)
        // Quiet (a picture on the terminal): the caller shows the problem where it belongs.
        let file = try target.single(entry, quiet: quiet)
        var options = ScenarioOptions()
        options.fps = fps
        options.windowSize = try windowSize()
        options.device = size == nil ? try namedDevice() : nil
        options.limits = catalogue.limits
        options.reduceMotion = reduceMotion
        let flags = try Target.parameters(parameters)
        for (key, value) in target.parameters {
            if let flagged = flags[key], flagged != value {
                throw ValidationError("'\(key)' is given twice, as \(value) in the name and as \(flagged) by --param: give it once")
            }
        }
        options.parameters = flags.merging(target.parameters) { $1 }
        options.sampling = sampling
        options.rendering = rendering
        var unreadable = ""
        guard let source = Result(catching: { try file.source() }).success(or: { unreadable = "\($0)" }) else {
            // Said as a sentence like the entry's other problems (a watch goes on after it).
            if quiet { throw ValidationError(unreadable) }
            Output.error(unreadable)
            throw ExitStatus.problems
        }
        // The same checks as check and list, metadata values included.
        do {
            _ = try EntryLoader.load(file, source: source, limits: catalogue.limits)
        } catch {
            if !quiet { Output.report(Problem(error)) }
            return (file, nil, options, Problem(error))
        }
        let (plan, release) = try drag()
        let outcome = ScenarioRunner.run(file, source: source, scenario: chosenScenario, options: options,
                                         interaction: plan, release: release)
        if !quiet { for line in outcome.printed { Output.standardError("print    \(file.stem): \(line)\n") } }
        return (file, outcome, options, nil)
    }

    /// Prints the run's problems as `check` does.
    static func report(_ outcome: ScenarioOutcome, entry: String) {
        for problem in outcome.problems { Output.report(problem) }
        if let skipped = outcome.skipped { Output.standardError("skipped  \(entry): \(skipped)\n") }
    }
}

extension Result {
    /// The value, or nil after handing the error to `failed`.
    func success(or failed: (Failure) -> Void) -> Success? {
        switch self {
        case .success(let value): return value
        case .failure(let error): failed(error); return nil
        }
    }
}

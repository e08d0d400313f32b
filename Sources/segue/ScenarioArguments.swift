import RenderTree
import ArgumentParser
import Catalogue
import Foundation
import Geometry
import TextSafety
import LuaBindings
import Transitions

extension Scenario: ExpressibleByArgument {}
extension TouchPath.Preset: ExpressibleByArgument {}
extension InterfaceStyle: ExpressibleByArgument {}

/// The options that say which run of an entry to make: shared by `run` and
/// `preview`, so a preview shows exactly the run that `run` prints.
struct ScenarioArguments: ParsableArguments {
    @Flag(help: "Present, then dismiss.")
    var dismiss = false

    @Flag(help: "Push the screen on a navigation controller instead of presenting it (an entry with navigation = true).")
    var push = false

    @Flag(help: "Push, then pop (a drive given drives the pop: UIKit's edge swipe unless the entry says otherwise).")
    var pop = false

    @Option(help: ArgumentHelp("Drive the transition by a drag: finish:P, cancel:P or release:P (P from 0 to 1).", valueName: "SPEC"))
    var interactive: String?

    @Option(help: ArgumentHelp("Drive it by the entry's own gesture: \(TouchPath.Preset.allCases.map(\.rawValue).joined(separator: ", ")).",
                               valueName: "PRESET"), completion: .list(TouchPath.Preset.allCases.map(\.rawValue)))
    var gesture: TouchPath.Preset?

    @Option(help: ArgumentHelp("Drive it by one finger through these points: 'T:X,Y T:X,Y …' (seconds, window points).",
                               valueName: "PATH"))
    var touches: String?

    @Option(help: ArgumentHelp("Drive it by two fingers pinching through these scales: 'T:SCALE T:SCALE …'.", valueName: "PATH"))
    var pinch: String?

    @Option(help: ArgumentHelp("The speed at release along the gesture, points (or scale) a second; a negative one as --release-velocity=-500.",
                               valueName: "V"), transform: DecimalOption.parse)
    var releaseVelocity: Double?

    @Option(help: ArgumentHelp("Present, then tap here once presented: 'X,Y' in window points (the tap-to-dismiss scenario "
                               + "at this point); a negative one as --tap=-5,10.", valueName: "X,Y"))
    var tap: String?

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

    @Option(help: ArgumentHelp("Light or dark: what UIKit's dynamic colours (UIColor.systemBackground …) resolve to, and in "
                               + "pictures how the screens look (default: light).", valueName: "STYLE"))
    var appearance: InterfaceStyle?

    @Option(help: ArgumentHelp("The row of the presenting screen's list a zoom grows from (ctx.sourceView), from 1 "
                               + "(default: \(Simulation.defaultSourceRow)).", valueName: "N"))
    var sourceRow: Int?

    @Option(name: .customLong("param"), help: ArgumentHelp("A parameter, key=value (repeatable).", valueName: "KEY=VALUE"),
            completion: .custom(Completion.parameters))
    var parameters: [String] = []

    func validate() throws {
        let drives = [("--interactive", interactive != nil), ("--gesture", gesture != nil), ("--touches", touches != nil),
                      ("--pinch", pinch != nil)].filter(\.1).map(\.0)
        if drives.count > 1 {
            throw ValidationError("\(drives.joined(separator: " and ")) each say how the transition is driven: give one of them")
        }
        if releaseVelocity != nil && (drives.isEmpty || interactive.map { !$0.hasPrefix("release:") } == true) {
            throw ValidationError("--release-velocity is the speed a gesture is let go at: give it with --gesture, --touches, "
                + "--pinch or --interactive release:P")
        }
        if let releaseVelocity, !releaseVelocity.isFinite || abs(releaseVelocity) > 100_000 {
            throw ValidationError("--release-velocity must be a finite number of points a second, at most 100000 either way")
        }
        if scenario != nil && (dismiss || push || pop || !drives.isEmpty) {
            let extra = [("--dismiss", dismiss), ("--push", push), ("--pop", pop)].filter(\.1).map(\.0) + drives
            throw ValidationError("--scenario names the whole run: leave out \(extra.joined(separator: ", "))")
        }
        if tap != nil && (dismiss || push || pop || !drives.isEmpty || (scenario != nil && scenario != .tapToDismiss)) {
            throw ValidationError("--tap presents, then taps: it is the tap-to-dismiss scenario, and takes no other drive, "
                + "--dismiss, --push, --pop or other --scenario")
        }
        _ = try tapPoint()
        if push && pop { throw ValidationError("--pop pushes first, then pops: give one of --push and --pop") }
        if dismiss && (push || pop) {
            throw ValidationError("--dismiss is for a presentation and \(push ? "--push" : "--pop") for a navigation controller: give one")
        }
        if push && !drives.isEmpty {
            throw ValidationError("an interactive push is not simulated: drive the pop instead, with --pop \(drives[0])")
        }
        if let sourceRow, sourceRow < 1 { throw ValidationError("--source-row counts the list's rows from 1; got \(sourceRow)") }
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
            throw ValidationError("unknown device '\(device)'; \(hint)say one of \(names.joined(separator: ", "))")
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

    /// The drive: a forced plan (--interactive finish:P or cancel:P), or touches the entry's gesture reads.
    func drag() throws -> (plan: InteractionPlan?, gesture: GestureInput?) {
        if let gesture { return (nil, GestureInput(.preset(gesture), releaseVelocity: releaseVelocity)) }
        if let touches { return (nil, GestureInput(.path(try Self.path(touches, option: "--touches", pinch: false)), releaseVelocity: releaseVelocity)) }
        if let pinch { return (nil, GestureInput(.path(try Self.path(pinch, option: "--pinch", pinch: true)), releaseVelocity: releaseVelocity)) }
        guard let interactive else { return (nil, nil) }
        let parts = interactive.split(separator: ":").map(String.init)
        guard parts.count == 2, let percent = Double(parts[1]), (0...1).contains(percent),
              ["finish", "cancel", "release"].contains(parts[0]) else {
            throw ValidationError("--interactive takes finish:PERCENT, cancel:PERCENT or release:PERCENT with PERCENT from 0 to 1, "
                + "like finish:0.7; got '\(Suggestion.shortened(interactive))'")
        }
        if parts[0] == "release" { return (nil, GestureInput(.release(at: percent), releaseVelocity: releaseVelocity)) }
        return (.drag(to: percent, over: 0.4, then: parts[0] == "finish" ? .finish : .cancel), nil)
    }

    /// --tap's point: two finite numbers within 100,000 points of the window's origin.
    func tapPoint() throws -> Point? {
        guard let tap else { return nil }
        // Decimal numbers only, judged by their bytes (Double would also read hexadecimal, "nan" and "inf").
        let decimal = Set("0123456789.-+eE".utf8)
        let parts = tap.split(separator: ",", omittingEmptySubsequences: false).map { part -> Double? in
            let text = part.trimmingCharacters(in: .whitespaces)
            return !text.isEmpty && text.utf8.allSatisfy(decimal.contains) ? Double(text) : nil
        }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite, abs(x) <= 100_000, abs(y) <= 100_000 else {
            throw ValidationError("--tap takes a point X,Y in window points, each a decimal number within ±100000, like 100,200 "
                + "(a negative one as --tap=-5,10); got '\(Suggestion.shortened(tap).escapingControlCharacters)'")
        }
        return Point(x: x, y: y)
    }

    /// The row, checked against the rows the list shows on this screen (a
    /// landscape phone shows two).
    static func sourceRow(_ row: Int?, windowSize: Size, device: Device?) throws -> Int? {
        guard let row else { return nil }
        let probe = Simulation(windowSize: windowSize)
        probe.device = device
        let count = probe.visibleRows.count
        guard probe.visibleRow(row) != nil else {
            throw ValidationError("--source-row \(row): this screen's list shows \(count == 0 ? "no rows" : "rows 1 to \(count)")")
        }
        return row
    }

    /// How long a given touch path may last: a run is followed for 10 s.
    static let touchDuration = 10.0

    /// 'T:X,Y T:X,Y …' (one finger) or 'T:SCALE …' (a pinch about the window's centre), times rising from 0.
    static func path(_ text: String, option: String, pinch: Bool) throws -> TouchPath {
        let form = pinch ? "'0:1 0.3:0.5'" : "'0:195,300 0.3:195,600'"
        let words = text.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty, words.count <= TouchPath.keyLimit else {
            throw ValidationError("\(option) takes 1 to \(TouchPath.keyLimit) points like \(form); got \(words.count)")
        }
        var keys: [(time: Double, values: [Double])] = []
        for word in words {
            let parts = word.split(separator: ":", maxSplits: 1)
            let values = parts.count == 2 ? parts[1].split(separator: ",").map { Double($0) } : []
            guard parts.count == 2, let time = Double(parts[0]), time.isFinite, keys.last.map({ time > $0.time }) ?? (time >= 0),
                  time <= Self.touchDuration, values.count == (pinch ? 1 : 2),
                  values.allSatisfy({ $0.map { $0.isFinite && abs($0) <= 100_000 } ?? false }) else {
                throw ValidationError("\(option): '\(Suggestion.shortened(String(word)))' is not a point like \(form) "
                    + "(seconds from 0 to \(Int(Self.touchDuration)), each later than the one before; finite numbers)")
            }
            keys.append((time, values.compactMap { $0 }))
        }
        if pinch {
            guard keys.allSatisfy({ $0.values[0] > 0 }) else { throw ValidationError("\(option): scales must be above 0") }
            guard keys[0].values[0] == 1 else {
                throw ValidationError("\(option): a pinch's scale starts at 1 (the fingers' distance over itself); got \(keys[0].values[0])")
            }
            return TouchPath(.pinch(centre: Point(x: 195, y: 422), span: 200, scales: keys.map { ($0.time, $0.values[0]) }))
        }
        return TouchPath(.one(keys.map { ($0.time, Point(x: $0.values[0], y: $0.values[1])) }))
    }

    var chosenScenario: Scenario {
        let driven = interactive != nil || gesture != nil || touches != nil || pinch != nil
        if let scenario { return scenario }
        if tap != nil { return .tapToDismiss }
        if push { return .push }
        if pop { return driven ? .interactivePop : .pop }
        return dismiss ? (driven ? .interactiveFinish : .presentThenDismiss) : .present
    }

    /// What the run is called in a title: "present", "interactive dismissal (release:0.6)".
    var title: String {
        let calm = (reduceMotion ? ", Reduce Motion" : "") + (appearance == .dark ? ", dark" : "")
            + (sourceRow.map { ", source row \($0)" } ?? "")
        let drive = interactive ?? gesture.map { "gesture \($0.rawValue)" } ?? touches.map { _ in "touches" } ?? pinch.map { _ in "pinch" }
        if let tap { return "tap at \(tap)" + calm }
        guard let drive else { return chosenScenario.rawValue + calm }
        return "interactive \(pop ? "pop" : dismiss ? "dismissal" : "presentation") (\(drive))" + calm
    }

    /// Resolves the entry, checks its metadata as `check` does, and runs the
    /// scenario. Problems with the entry are printed; exits 2 when there is
    /// no such entry, 64 when the name is ambiguous, 1 when its metadata is broken.
    ///
    /// - Parameter exact: the trace's numbers as computed (`run --json`, for replaying), not rounded to 1/10000.
    func run(_ entry: String, catalogue: CatalogueOptions, fps: Double, sampling: Bool, rendering: Bool, exact: Bool = false) throws
        -> (file: EntryFile, outcome: ScenarioOutcome, options: ScenarioOptions) {
        let (file, outcome, options, _) = try attempt(entry, catalogue: catalogue, fps: fps, sampling: sampling, rendering: rendering,
                                                      exact: exact)
        guard let outcome else { throw ExitStatus.problems }
        return (file, outcome, options)
    }

    /// As `run`, but an entry whose metadata is broken gives no outcome
    /// (its problem printed) instead of exiting: the other entries of a
    /// comparison go on, and a watch watches its file.
    ///
    /// - Parameter quiet: print nothing (a picture is on the terminal); a
    ///   broken entry's problem comes back in `loadProblem`.
    func attempt(_ entry: String, catalogue: CatalogueOptions, fps: Double, sampling: Bool, rendering: Bool, quiet: Bool = false,
                 exact: Bool = false) throws
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
        options.interfaceStyle = appearance ?? .light
        options.sourceRow = try Self.sourceRow(sourceRow, windowSize: options.windowSize, device: options.device)
        let flags = try Target.parameters(parameters)
        for (key, value) in target.parameters {
            if let flagged = flags[key], flagged != value {
                throw ValidationError("'\(key)' is given twice, as \(value) in the name and as \(flagged) by --param: give it once")
            }
        }
        options.parameters = flags.merging(target.parameters) { $1 }
        options.sampling = sampling
        options.exactSamples = exact
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
            _ = try EntryLoader.load(file, source: source, limits: catalogue.limits, style: appearance ?? .light)
        } catch {
            if !quiet { Output.report(Problem(error)) }
            return (file, nil, options, Problem(error))
        }
        var (plan, gesture) = try drag()
        // A pinch is about the window's centre, whatever its size.
        if case .path(var path)? = gesture?.shape, case .pinch(_, let span, let scales) = path.fingers {
            path.fingers = .pinch(centre: Point(x: options.windowSize.width / 2, y: options.windowSize.height / 2), span: span, scales: scales)
            gesture?.shape = .path(path)
        }
        let outcome = ScenarioRunner.run(file, source: source, scenario: chosenScenario, options: options,
                                         interaction: plan, gesture: gesture, tap: try tapPoint())
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

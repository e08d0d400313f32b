import Animation
import Catalogue
import Geometry
import LuaRuntime
import Transitions

/// The standard runs `segue check` puts every entry through.
public enum Scenario: String, Sendable, CaseIterable {
    case present
    case dismiss
    case presentThenDismiss = "present-then-dismiss"
    case interactiveFinish = "interactive-finish"
    case interactiveCancel10 = "interactive-cancel-10"
    case interactiveCancel50 = "interactive-cancel-50"
    case interactiveCancel99 = "interactive-cancel-99"
    case rotation = "rotation-while-presented"
    case nonAnimatedPresent = "non-animated-present"

    var cancelAt: Double? {
        switch self {
        case .interactiveCancel10: 0.1
        case .interactiveCancel50: 0.5
        case .interactiveCancel99: 0.99
        default: nil
        }
    }

    var isInteractive: Bool { self == .interactiveFinish || cancelAt != nil }
}

/// How to run a scenario.
public struct ScenarioOptions: Sendable {
    public var fps: Double = 60
    public var windowSize = Size(width: 390, height: 844)
    public var parameters: [String: String] = [:]
    public var limits = SandboxLimits.default
    /// Record a sample of the visible views at every frame.
    public var sampling = false

    public init() {}
}

/// What a scenario found.
public struct ScenarioOutcome {
    public let scenario: Scenario
    /// One line each: "entry: hook: file:line: message".
    public let problems: [String]
    /// Why the scenario did not apply to the entry (it has no interactive dismissal).
    public let skipped: String?
    public let trace: Trace?
    /// Nanoseconds spent inside the script during the scenario.
    public var scriptTime: UInt64 = 0
}

public enum ScenarioRunner {
    /// - Parameters:
    ///   - given: drives the interactive part of the scenario instead of the standard drag.
    ///   - release: drag to this fraction and let go, and the entry's own rule decides
    ///     whether that finishes or cancels.
    public static func run(_ file: EntryFile, source: String, scenario: Scenario, options: ScenarioOptions = ScenarioOptions(),
                           interaction given: InteractionPlan? = nil, release: Double? = nil) -> ScenarioOutcome {
        let simulation = Simulation(windowSize: options.windowSize)
        let runtime: ScriptRuntime
        do {
            runtime = try ScriptRuntime(file: file, source: source, simulation: simulation, limits: options.limits,
                                        parameters: options.parameters)
        } catch {
            return ScenarioOutcome(scenario: scenario, problems: [error.description], skipped: nil, trace: nil)
        }
        let presented = simulation.makeViewController(name: "presented")
        presented.view.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.95)
        let delegate = ScriptedDelegate(runtime: runtime)
        presented.transitioningDelegate = delegate
        do {
            try runtime.configure(presented)
        } catch {
            return ScenarioOutcome(scenario: scenario, problems: [error.description], skipped: nil, trace: nil)
        }
        let interaction = runtime.interaction(windowSize: options.windowSize)
        // A plan from the caller may drive an entry that declares no interaction: UIKit's defaults then.
        let rule = interaction ?? EntryInteraction(distance: options.windowSize.height)
        let plan = given ?? release.map { fraction in
            InteractionPlan.drag(to: fraction, over: 0.4, then: rule.finishes(at: fraction) ? .finish : .cancel)
        }
        if scenario.isInteractive && interaction == nil && plan == nil {
            return ScenarioOutcome(scenario: scenario, problems: [], skipped: "no interactive dismissal", trace: nil)
        }
        var samples: [Sample] = []
        let sample: ((Simulation) -> Void)? = options.sampling ? { samples.append($0.sample()) } : nil
        var phases: [(range: Range<Int>, dismissing: Bool)] = []
        func phase(dismissing: Bool, _ body: () -> Void) {
            let start = simulation.diagnostics.count
            body()
            phases.append((start..<simulation.diagnostics.count, dismissing))
        }

        switch scenario {
        case .present:
            // With a plan the presentation itself is interactive (a drag that brings a sheet up).
            if plan != nil { delegate.interactive = (rule.completionSpeed, rule.completionCurve) }
            phase(dismissing: false) {
                simulation.present(presented, interaction: plan)
                simulation.runUntilIdle(fps: options.fps, sample: sample)
            }
            delegate.interactive = nil
        case .nonAnimatedPresent:
            phase(dismissing: false) { simulation.present(presented, animated: false); simulation.runUntilIdle(fps: options.fps, sample: sample) }
        case .dismiss, .presentThenDismiss:
            phase(dismissing: false) {
                simulation.present(presented, animated: scenario == .presentThenDismiss)
                simulation.runUntilIdle(fps: options.fps, sample: scenario == .presentThenDismiss ? sample : nil)
            }
            if simulation.topViewController === presented {
                phase(dismissing: true) { simulation.dismiss(); simulation.runUntilIdle(fps: options.fps, sample: sample) }
            }
        case .interactiveFinish, .interactiveCancel10, .interactiveCancel50, .interactiveCancel99:
            phase(dismissing: false) { simulation.present(presented); simulation.runUntilIdle(fps: options.fps) }
            if simulation.topViewController === presented {
                delegate.interactive = (rule.completionSpeed, rule.completionCurve)
                // Finishing: a drag to 70 % let go, which the entry's own rule must call a finish.
                let drag = plan ?? (scenario.cancelAt.map { InteractionPlan.drag(to: $0, over: 0.4, then: .cancel) }
                    ?? InteractionPlan.drag(to: 0.7, over: 0.4, then: rule.finishes(at: 0.7) ? .finish : .cancel))
                phase(dismissing: true) { simulation.dismiss(interaction: drag); simulation.runUntilIdle(fps: options.fps, sample: sample) }
                delegate.interactive = nil
            }
        case .rotation:
            phase(dismissing: false) {
                simulation.present(presented)
                simulation.runUntilIdle(fps: options.fps)
                simulation.setWindowSize(Size(width: options.windowSize.height, height: options.windowSize.width))
                simulation.runUntilIdle(fps: options.fps, sample: sample)
            }
        }

        var problems = runtime.errors.map(\.description) + runtime.findings.map(\.description)
        for (range, dismissing) in phases {
            for diagnostic in simulation.diagnostics[range] {
                if let line = runtime.place(diagnostic, dismissing: dismissing) { problems.append(line) }
            }
        }
        var outcome = ScenarioOutcome(scenario: scenario, problems: problems, skipped: nil, trace: simulation.trace(samples: samples))
        outcome.scriptTime = runtime.scriptTime
        return outcome
    }
}

/// An entry's `interaction.dismissal` declaration: how far a drag goes for
/// the whole transition, and when letting go finishes it.
public struct EntryInteraction: Sendable {
    public var distance: Double
    public var completionSpeed: Double
    public var completionCurve: TimingCurve
    /// Finish when let go past this fraction…
    public var finishThreshold = 0.5
    /// …or when flicked faster than this (points a second).
    public var velocityThreshold = 1000.0

    public init(distance: Double, completionSpeed: Double = 1, completionCurve: TimingCurve = .easeInOut) {
        self.distance = distance
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
    }

    /// Whether letting go at `progress` with `velocity` finishes the transition.
    public func finishes(at progress: Double, velocity: Double = 0) -> Bool {
        progress > finishThreshold || velocity > velocityThreshold
    }
}

extension ScriptRuntime {
    /// Applies the entry's presentationStyle and transitionStyle to the presented controller.
    func configure(_ presented: ViewController) throws(EntryError) {
        state.push(entry!)
        defer { state.pop() }
        state.pushField("presentationStyle", of: -1)
        let style = state.string(at: -1) ?? "custom"
        state.pop()
        guard let presentation = PresentationStyle(rawValue: style) else {
            throw .badMetadata(entry: entryName, location: ScriptLocation(file: file.displayPath, line: 1),
                               message: "unknown presentationStyle \"\(style)\"" + (Suggestion.nearest(to: style,
                                   in: PresentationStyle.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""))
        }
        presented.modalPresentationStyle = presentation
        state.pushField("transitionStyle", of: -1)
        if let name = state.string(at: -1), let transition = TransitionStyle(rawValue: name) {
            presented.modalTransitionStyle = transition
        }
        state.pop()
        state.pushField("preferredContentSize", of: -1)
        if state.isTable(at: -1), let size = try? size(at: state.top) { presented.preferredContentSize = size }
        state.pop()
    }

    /// interaction = {dismissal = {distance = 300 or "height", completionSpeed = 1, completionCurve = "easeInOut"}}
    func interaction(windowSize: Size) -> EntryInteraction? {
        state.push(entry!)
        state.pushField("interaction", of: -1)
        state.pushField("dismissal", of: -1)
        defer { state.pop(3) }
        guard state.isTable(at: -1) else { return nil }
        var distance = windowSize.height
        state.pushField("distance", of: -1)
        if state.isFunction(at: -1) {
            // distance = function(containerSize) return … end; the call consumes the function.
            push(windowSize)
            do {
                try state.call(hook: "interaction.dismissal.distance", arguments: 1, results: 1)
                distance = state.number(at: -1) ?? distance
                state.pop()
            } catch {
                record(error)
            }
        } else {
            distance = state.number(at: -1) ?? distance
            state.pop()
        }
        let speed = state.number(field: "completionSpeed", of: -1) ?? 1
        state.pushField("completionCurve", of: -1)
        let curve = state.string(at: -1).flatMap(TimingCurve.init(name:)) ?? .easeInOut
        state.pop()
        var declared = EntryInteraction(distance: distance, completionSpeed: speed, completionCurve: curve)
        if let threshold = state.number(field: "finishThreshold", of: -1) { declared.finishThreshold = threshold }
        if let velocity = state.number(field: "velocityThreshold", of: -1) { declared.velocityThreshold = velocity }
        return declared
    }

    /// The diagnostic as "entry: section.hook: file:line: message", at the
    /// script's own version of the hook the engine says should have prevented it.
    func place(_ diagnostic: Diagnostic, dismissing: Bool) -> String? {
        let controller = ScriptedPresentationController.section
        let (section, hook): (String?, String)
        switch diagnostic.kind {
        case .completedTwice, .completedAfterCancel:
            // Reported by the binding at the call itself, with its line.
            return nil
        case .unsupportedStyle:
            (section, hook) = (nil, diagnostic.hook)
        case .dismissedWhileScrolled:
            (section, hook) = ("interaction", "dismissal")
        case .neverCompleted, .presentedViewNotAtFinalFrame, .presentingViewMissing, .animationsStillRunning,
             .modelChangedAfterCancel where diagnostic.hook == "animateTransition":
            let animator = ["dismissalAnimator", "presentationAnimator", "animator"].filter {
                dismissing ? $0 != "presentationAnimator" : $0 != "dismissalAnimator"
            }.first { hasHook($0, "animateTransition") } ?? "animator"
            (section, hook) = (animator, diagnostic.hook)
        default:
            // A presentation-controller hook; one the script does not define points at the
            // hook that set the problem up (the chrome is made in WillBegin, the frame comes
            // from frameOfPresentedViewInContainerView).
            let fallback = diagnostic.kind == .chromeLeftBehind ? "presentationTransitionWillBegin" : "frameOfPresentedViewInContainerView"
            (section, hook) = (controller, hasHook(controller, diagnostic.hook) ? diagnostic.hook : fallback)
        }
        let at = section.flatMap { self.location(ofHook: $0, hook) } ?? ScriptLocation(file: file.displayPath, line: 1)
        let label = section.map { "\($0).\(hook)" } ?? hook
        return [entryName, label, at.description, diagnostic.message].joined(separator: ": ")
    }
}

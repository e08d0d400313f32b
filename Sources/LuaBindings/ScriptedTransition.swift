import Animation
import LuaRuntime
import Transitions

/// The entry's animator hooks as a UIKit animator. One table may serve both
/// ways (`animator`, with ctx.isPresenting), or `presentationAnimator` and
/// `dismissalAnimator` may split them.
final class ScriptedAnimator: Animator {
    unowned let runtime: ScriptRuntime
    let section: String
    /// The interruptible animator it answered first (an animator serves one transition).
    private var given: PropertyAnimator?

    init(runtime: ScriptRuntime, presenting: Bool) {
        self.runtime = runtime
        let split = presenting ? "presentationAnimator" : "dismissalAnimator"
        runtime.pushHook(nil, split)
        let hasSplit = runtime.state.isTable(at: -1)
        runtime.state.pop()
        section = hasSplit ? split : "animator"
    }

    func transitionDuration(_ context: TransitionContext) -> Double {
        guard runtime.callHook(section, "transitionDuration", results: 1, arguments: { runtime.push(context); return 1 }) else {
            return 0.35
        }
        defer { runtime.state.pop() }
        guard runtime.state.isNumber(at: -1), let duration = runtime.state.number(at: -1), duration.isFinite, duration >= 0 else {
            runtime.find(hook: "transitionDuration", location: runtime.location(ofHook: section, "transitionDuration"),
                         "must return a finite number of seconds, at least 0; got \(runtime.state.isNumber(at: -1) ? LuaValue.number(runtime.state.number(at: -1) ?? .nan).description : "a " + runtime.state.typeName(at: -1)) (UIKit would then use 0.35)")
            return 0.35
        }
        return duration
    }

    func animateTransition(_ context: TransitionContext) {
        runtime.callHook(section, "animateTransition") { runtime.push(context); return 1 }
    }

    func animationEnded(_ completed: Bool) {
        runtime.callHook(section, "animationEnded") { runtime.state.push(completed); return 1 }
    }

    /// interruptibleAnimator = function(ctx) return theAnimator end: must answer a UIViewPropertyAnimator.
    func interruptibleAnimator(_ context: TransitionContext) -> PropertyAnimator? {
        guard runtime.callHook(section, "interruptibleAnimator", results: 1, arguments: { runtime.push(context); return 1 }) else {
            return nil
        }
        defer { runtime.state.pop() }
        guard let animator = try? runtime.propertyAnimator(at: -1) else {
            runtime.find(hook: "\(section).interruptibleAnimator", location: runtime.location(ofHook: section, "interruptibleAnimator"),
                         "must return the transition's UIViewPropertyAnimator (the same one each time); got a \(runtime.state.typeName(at: -1))")
            return nil
        }
        if let given, given !== animator {
            runtime.find(hook: "\(section).interruptibleAnimator", location: runtime.location(ofHook: section, "interruptibleAnimator"),
                         "returned a different UIViewPropertyAnimator from the one it gave before: UIKit asks more than once "
                         + "and scrubs the first; keep the transition's animator in a local and return it each time")
            return given
        }
        given = animator
        return animator
    }
}

/// The transitioning delegate an entry stands for, and the navigation
/// controller's delegate of one that says `navigation = true`: the same
/// animator for a push (presentationAnimator's, or animator's) and a pop
/// (dismissalAnimator's, or animator's).
final class ScriptedDelegate: TransitioningDelegate, NavigationControllerDelegate {
    unowned let runtime: ScriptRuntime
    /// Set by the scenario for an interactive transition.
    var interactive: Interactive?

    /// The interaction controller an interactive transition gets: UIKit's percent-driven one, told how the rest plays,
    /// or the entry's own.
    enum Interactive {
        case percentDriven(completionSpeed: Double, completionCurve: TimingCurve)
        case own(InteractionController)
    }

    init(runtime: ScriptRuntime) {
        self.runtime = runtime
    }

    private func hasSection(_ name: String) -> Bool { runtime.hasSection(name) }

    func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? {
        hasSection("animator") || hasSection("presentationAnimator") ? ScriptedAnimator(runtime: runtime, presenting: true) : nil
    }

    func animator(forDismissed dismissed: ViewController) -> Animator? {
        hasSection("animator") || hasSection("dismissalAnimator") ? ScriptedAnimator(runtime: runtime, presenting: false) : nil
    }

    func animator(for operation: TransitionOperation, from: ViewController, to: ViewController) -> Animator? {
        operation == .push ? animator(forPresented: to, presenting: from, source: from) : animator(forDismissed: from)
    }

    func interactionController(for animator: Animator) -> InteractionController? { interaction(animator) }

    func interactionController(forPresentation animator: Animator) -> InteractionController? { interaction(animator) }
    func interactionController(forDismissal animator: Animator) -> InteractionController? { interaction(animator) }

    private func interaction(_ animator: Animator) -> InteractionController? {
        switch interactive {
        case nil: return nil
        case .own(let controller): return controller
        case .percentDriven(let speed, let curve):
            let controller = PercentDrivenInteractiveTransition(animator: animator)
            controller.completionSpeed = speed
            controller.completionCurve = curve
            return controller
        }
    }

    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController? {
        hasSection(ScriptedPresentationController.section)
            ? ScriptedPresentationController(runtime: runtime, presented: presented, presenting: presenting) : nil
    }
}

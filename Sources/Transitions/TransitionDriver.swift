import Animation
import Geometry

/// One presentation or dismissal, from the delegate's first call to the
/// coordinator's last completion, in UIKit's order (uikit-transitions.md §3):
///
///     presentationController(forPresented:…)   (custom only)
///     animator / interaction controller
///     presentationTransitionWillBegin · presentedView
///     animateTransition (or startInteractiveTransition)
///     containerViewWillLayoutSubviews · containerViewDidLayoutSubviews
///     … animations …  completeTransition
///     presentationTransitionDidEnd(completed) · completion · animationEnded · alongside completions
///
/// A navigation controller's push or pop runs the same way without a
/// presentation controller: its delegate's animator in the navigation's
/// transition view, and no presentation hooks.
///
/// Observers (the contract's rules) see it read-only through SimulationEvent.
public final class TransitionDriver {
    unowned let simulation: Simulation
    public let operation: TransitionOperation
    /// Presenting or pushing.
    public let presenting: Bool
    /// The controller coming in when presenting or pushing, going out when dismissing or popping.
    public let presented: ViewController
    public let presenter: ViewController
    /// Nil for a push or pop: presentation controllers play no part in them.
    public let controller: PresentationController?
    let animator: Animator
    let interaction: InteractionController?
    public let container: View
    let animated: Bool
    let coordinator: TransitionCoordinator
    /// The clock the transition's animations run on.
    public let timeline: Timeline
    let startTime: Double
    var duration = 0.0
    public internal(set) var context: TransitionContext!
    public internal(set) var completed: Bool?
    /// When completeTransition was first called.
    public internal(set) var completedAt: Double?
    var completion: (() -> Void)?
    /// The views the presentation controller added to the container for this
    /// transition (dimming, a handle): its chrome, which must go when the
    /// presentation does. Empty for a push or pop.
    public internal(set) var chrome: [View] = []
    var interactionPlan: [(time: Double, action: InteractionPlan.Action)] = []
    /// The plan's next step.
    var nextStep = 0
    var responder: GestureResponder?
    /// Where the gesture's fingers are now; nil when no gesture drives the transition or once they lift.
    var fingers: [Point]?
    var scrollView: View?
    /// The pan of the scroll view the gesture landed in, recognizing with it (nil: none, or it did not begin).
    var scrollPan: ScrollViewPan?
    var watchedScroll: ScrollViewPan?
    var percent = 0.0
    /// Whether UIKit's own modal animator (a modalTransitionStyle) runs the
    /// transition because no delegate gave one.
    public var usesUIKitModalAnimator: Bool { animator is BuiltinAnimator }

    init(simulation: Simulation, operation: TransitionOperation, presented: ViewController, presenter: ViewController,
         controller: PresentationController?, animator: Animator, interaction: InteractionController?,
         container: View, animated: Bool) {
        self.simulation = simulation
        self.operation = operation
        self.presenting = operation.isForward
        self.presented = presented
        self.presenter = presenter
        self.controller = controller
        self.animator = animator
        self.interaction = interaction
        self.container = container
        self.animated = animated
        self.coordinator = TransitionCoordinator(duration: 0)
        self.startTime = simulation.engine.now
        // UIKit's percent-driven controller pauses the container and scrubs it; an interaction controller of the app's
        // own leaves the clock running.
        self.timeline = interaction == nil || interaction is SelfDrivenInteraction
            ? .live(startingAt: simulation.engine.now) : Timeline(mode: .scrubbed(local: 0))
        link.attach(self)
    }

    deinit { link.clear() }

    /// Held by its context, which a script may keep after the transition (`Link`: no side table for the driver).
    public let link = Link<TransitionDriver>()

    var engine: AnimationEngine { simulation.engine }

    /// Runs the hooks up to and including animateTransition.
    func begin(frames: (initial: [ObjectIdentifier: Rect], final: [ObjectIdentifier: Rect]), fromView: View?, toView: View?) {
        if let controller {
            let before = Set(container.descendants.map(ObjectIdentifier.init))
            let willBegin = presenting ? "presentationTransitionWillBegin" : "dismissalTransitionWillBegin"
            controller.transitionCoordinator = coordinator
            simulation.record(willBegin)
            if presenting { controller.presentationTransitionWillBegin() } else { controller.dismissalTransitionWillBegin() }
            let presentedView = simulation.query("presentedView") { controller.presentedView }
            if presenting {
                chrome = container.descendants.filter { !before.contains(ObjectIdentifier($0)) && $0 !== presentedView }
            } else {
                // Everything else in the container is the controller's, but
                // for what the presentation's animator put there.
                chrome = container.descendants.filter {
                    $0 !== presentedView && !$0.isDescendant(of: presentedView) && $0 !== presenter.view
                        && controller.animatorViews[ObjectIdentifier($0)] == nil
                }
            }
        }
        context = TransitionContext(
            driver: self, container: container, animated: animated, operation: operation,
            style: controller?.presentationStyle ?? .none, from: presenting ? presenter : presented, to: presenting ? presented : presenter,
            fromView: fromView, toView: toView, initialFrames: frames.initial, finalFrames: frames.final)
        simulation.beginAppearance(of: self)
        simulation.emit(.transitionWillAnimate(self))
        duration = animator.transitionDuration(context)
        coordinator.transitionDuration = duration
        simulation.record("transitionDuration", String(duration))
        engine.withTimeline(timeline) {
            if let interaction {
                context.isInteractive = true
                coordinator.isInteractive = true
                simulation.record("startInteractiveTransition")
                interaction.startInteractiveTransition(context)
            } else {
                simulation.record("animateTransition")
                notingAnimatorViews { animator.animateTransition(context) }
            }
            // Alongside animations share the transition's duration and timeline.
            let alongside = coordinator.alongside
            coordinator.alongside = []
            if !alongside.isEmpty {
                engine.animate(duration: duration, animations: { alongside.forEach { $0() } })
            }
            if operation == .present || operation == .dismiss { simulation.changeStatusBar(alongside: self, duration: duration) }
        }
        // A new container is laid out once its views are in; a dismissal's
        // container was laid out long ago and nothing asks for it again (a
        // layout here would put the presented view back at its frame under
        // the animator's own move, and Apple's sample presentation
        // controllers, which set that frame in containerViewWillLayoutSubviews,
        // would jump on every dismissal).
        if presenting, let controller {
            simulation.record("containerViewWillLayoutSubviews")
            controller.containerViewWillLayoutSubviews()
            simulation.record("containerViewDidLayoutSubviews")
            controller.containerViewDidLayoutSubviews()
        }
        // Then the presented screen's own pass, in the same turn of the run loop as the animator's changes (its view
        // in and placed, or resized by a dismissal's animator), as UIKit's layout runs before the frame is drawn.
        simulation.layOutPresentedControllers()
    }

    /// The percent-driven controller's start: the animator's animations on a paused timeline.
    func animateAsInteractive(_ animator: Animator) {
        engine.withTimeline(timeline) {
            simulation.record("animateTransition")
            notingAnimatorViews { animator.animateTransition(context) }
        }
    }

    /// Runs a presentation's animateTransition, noting on the presentation
    /// controller the views it adds to the container.
    private func notingAnimatorViews(_ body: () -> Void) {
        guard presenting, let controller else { return body() }
        let before = Set(container.descendants.map(ObjectIdentifier.init))
        body()
        for view in container.descendants where !before.contains(ObjectIdentifier(view)) {
            controller.animatorViews[ObjectIdentifier(view)] = view
        }
    }

    /// Asks the animator for its interruptible animator (once: the percent-driven controller keeps it).
    func interruptibleAnimator(of animator: Animator) -> PropertyAnimator? {
        let found = engine.withTimeline(timeline) { animator.interruptibleAnimator(context) }
        if found != nil { simulation.record("interruptibleAnimator") }
        return found
    }

    /// Whether the interaction controller drives the transition itself (its own physics, not UIKit's scrubbing).
    var selfDriven: Bool { interaction is SelfDrivenInteraction }
    /// The interaction's finish or cancel has been called: the gesture no longer drives the transition.
    var interactionEnded = false

    func update(_ percent: Double) {
        // UIKit ignores it on a transition no interaction controller drives.
        guard completed == nil, !interactionEnded, interaction != nil else { return }
        self.percent = min(max(percent, 0), 1)
        // A controller of the app's own only tells UIKit how far it is (the coordinator's percentComplete); its own
        // animations move the views.
        if !selfDriven { timeline.mode = .scrubbed(local: self.percent * duration) }
        simulation.record("updateInteractiveTransition", formatted(self.percent))
    }

    /// finish: the rest at completionSpeed along completionCurve; cancel: back to the start. A self-driven interaction
    /// plays the rest itself: UIKit only notes which way it ended.
    func settle(finish: Bool) {
        if selfDriven {
            guard completed == nil, !interactionEnded else { return }
            interactionEnded = true
            if !finish {
                context.transitionWasCancelled = true
                coordinator.isCancelled = true
            }
            simulation.record(finish ? "finishInteractiveTransition" : "cancelInteractiveTransition")
            return
        }
        guard completed == nil, !interactionEnded, case .scrubbed(let local) = timeline.mode else { return }
        // Finished or cancelled, the gesture drives it no more: a later update or the other end is ignored, as UIKit's.
        interactionEnded = true
        let speed = max(interaction?.completionSpeed ?? 1, 1e-6)
        let curve = interaction?.completionCurve ?? .easeInOut
        let target = finish ? duration : 0
        let length = abs(target - local) / speed
        timeline.mode = .settling(from: local, to: target, start: engine.now, length: length, curve: curve)
        if !finish {
            context.transitionWasCancelled = true
            coordinator.isCancelled = true
        }
        simulation.record(finish ? "finishInteractiveTransition" : "cancelInteractiveTransition")
    }

    /// Whether a gesture drives the transition and has not yet finished or cancelled it (its timeline is scrubbed).
    public var awaitsInteraction: Bool {
        if selfDriven { return completed == nil && !interactionEnded }
        if case .scrubbed = timeline.mode { return completed == nil }
        return false
    }

    /// completeTransition: only the first call counts.
    func complete(_ didComplete: Bool) {
        let now = engine.now
        simulation.emit(.completeTransitionCalled(self, didComplete: didComplete, ignored: completed != nil))
        guard completed == nil else { return }
        completed = didComplete
        completedAt = now
        simulation.record("completeTransition", String(didComplete))
        simulation.finish(self, completed: didComplete)
    }
}

/// What an interaction makes of a gesture, the part of UIKit code that
/// lives in a recognizer's action method.
public protocol GestureResponder: AnyObject {
    /// The transition's percent at this touch event (update(_:)).
    func percent(for sample: GestureSample) -> Double
    /// At release: finish or cancel, and the completionSpeed and
    /// completionCurve to do it with (nil keeps the controller's).
    func release(_ sample: GestureSample, percent: Double) -> GestureRelease
    /// Asked at each move: a release decided with the finger still down (nil: go on).
    func finishesEarly(_ sample: GestureSample, percent: Double) -> GestureRelease?
    /// The system took the gesture away: the transition is cancelled whatever the responder does (told, as a
    /// recognizer's action is of its `.cancelled` state).
    func gestureCancelled(_ sample: GestureSample)
}

extension GestureResponder {
    public func finishesEarly(_ sample: GestureSample, percent: Double) -> GestureRelease? { nil }
    public func gestureCancelled(_ sample: GestureSample) {}
}

public struct GestureRelease: Sendable, Equatable {
    public var finish: Bool
    public var completionSpeed: Double?
    public var completionCurve: TimingCurve?

    public init(finish: Bool, completionSpeed: Double? = nil, completionCurve: TimingCurve? = nil) {
        (self.finish, self.completionSpeed, self.completionCurve) = (finish, completionSpeed, completionCurve)
    }
}

/// A scripted interaction: progress updates at times (seconds after the
/// transition starts), ending in finish or cancel.
public struct InteractionPlan {
    public enum Action: Equatable {
        case update(Double)
        /// Scroll the plan's scroll view to this vertical content offset.
        case scroll(Double)
        case finish
        case cancel
        /// A touch event of a gesture: the plan's responder turns it into a percent.
        case touch(GestureSample)
        /// The fingers lift: the responder says whether that finishes, and how the rest plays.
        case release(GestureSample)
        /// The system took the gesture away: cancelled.
        case gestureCancelled(GestureSample)

        /// The touch event a gesture's step carries.
        public var event: GestureSample? {
            switch self {
            case .touch(let event), .release(let event), .gestureCancelled(let event): event
            default: nil
            }
        }
    }

    public var steps: [(time: Double, action: Action)]
    /// A gesture that never began (its recognizer would not): no steps, and nothing to start.
    public static var drivesNothing: InteractionPlan { InteractionPlan(steps: []) }
    /// Nothing begins: no steps, or the drag is a scroll view's alone (`scrollOnly`).
    public var drivesNothing: Bool { steps.isEmpty || scrollOnly != nil }
    /// The pan of the scroll view the drag landed in, which has it alone (the app's recognizer never began): the
    /// content follows the steps' events and no transition starts.
    public var scrollOnly: ScrollViewPan?
    /// The gesture's events, as its steps hold them.
    public var events: [GestureSample] { steps.compactMap(\.action.event) }

    /// Simulated seconds a run driven by this plan may take before it is called stuck: the gesture's own length (touches
    /// may last up to TouchPath.durationLimit) and then runUntilIdle's usual 10.
    public var runLimit: Double { (steps.last?.time ?? 0) + 10 }
    /// The scroll view the drag starts in, if any.
    public var scrollView: View?
    /// Turns a gesture's touch events into the transition's percent, and its release into finish or cancel.
    public var responder: GestureResponder?
    /// The pan of a scroll view under the finger that recognizes at the same time: told of each event first.
    public var scrollPan: ScrollViewPan?
    /// A scroll view under the finger whose pan waits for the recognizer: told of nothing, but watched while the
    /// transition moves the screen (`Simulation.sharedScroll`).
    public var watchedScroll: ScrollViewPan?

    public init(steps: [(time: Double, action: Action)], scrollView: View? = nil) {
        self.steps = steps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.scrollView = scrollView
    }

    /// A gesture's touch events driving the transition through `responder`.
    public static func gesture(_ path: TouchPath, kind: GestureKind, responder: GestureResponder) -> InteractionPlan {
        gesture(events: path.events(for: kind), responder: responder)
    }

    /// A gesture's touch events, as a recognizer reports them, driving the transition through `responder`
    /// (export --verify replays the events a Lua run was given to the Swift's own recognizer).
    public static func gesture(events: [GestureSample], responder: GestureResponder) -> InteractionPlan {
        let steps = events.map { event -> (time: Double, action: Action) in
            switch event.state {
            case .began, .changed: (event.time, .touch(event))
            case .ended: (event.time, .release(event))
            case .cancelled: (event.time, .gestureCancelled(event))
            }
        }
        var plan = InteractionPlan(steps: steps)
        plan.responder = responder
        return plan
    }

    /// A pan gesture: translations along the dismissal direction over time,
    /// progress = translation / distance, released with a velocity. Finishes
    /// past halfway or when flicked faster than 1000 pt/s (the libraries' rule).
    ///
    /// With a scroll view whose content is scrolled down, the drag first
    /// scrolls it back to the top and only the rest of the translation
    /// dismisses (what UISheetPresentationController does). Passing
    /// `respectingScroll: false` gives the common bug: both at once.
    public static func pan(translations: [(time: Double, translation: Double)], releaseVelocity: Double,
                           distance: Double, finishThreshold: Double = 0.5, velocityThreshold: Double = 1000,
                           scrollView: View? = nil, respectingScroll: Bool = true) -> InteractionPlan {
        let startOffset = scrollView?.contentOffset.y ?? 0
        var steps: [(time: Double, action: Action)] = []
        var last = 0.0
        for (time, translation) in translations {
            let scrolled = min(max(translation, 0), startOffset)
            if scrollView != nil { steps.append((time, .scroll(startOffset - scrolled))) }
            let dismissing = respectingScroll ? translation - scrolled : translation
            last = min(max(dismissing / distance, 0), 1)
            steps.append((time, .update(last)))
        }
        let releaseTime = translations.last?.time ?? 0
        let finish = last > finishThreshold || (last > 0 && releaseVelocity > velocityThreshold)
        steps.append((releaseTime, finish ? .finish : .cancel))
        return InteractionPlan(steps: steps, scrollView: scrollView)
    }

    /// Drag to `percent` over `dragTime`, then finish or cancel.
    public static func drag(to percent: Double, over dragTime: Double = 0.3, steps count: Int = 10, then end: Action) -> InteractionPlan {
        var steps = (1...count).map { i in (time: dragTime * Double(i) / Double(count), action: Action.update(percent * Double(i) / Double(count))) }
        steps.append((dragTime, end))
        return InteractionPlan(steps: steps)
    }
}

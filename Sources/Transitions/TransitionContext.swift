import Animation
import Geometry

/// UIViewControllerContextTransitioning: what an animator is handed.
public final class TransitionContext {
    public let containerView: View
    public let isAnimated: Bool
    /// Present, dismiss, push or pop.
    public let operation: TransitionOperation
    /// UIKit's context has no such property: it is the flag apps give their
    /// animators (`animator.isPresenting = operation == .push` is the
    /// usual line in a navigation delegate): true presenting or pushing,
    /// false dismissing or popping.
    public var isPresenting: Bool { operation.isForward }
    /// `.none` for a push or pop, as UIKit's navigation contexts say.
    public let presentationStyle: PresentationStyle
    public internal(set) var isInteractive = false
    public internal(set) var transitionWasCancelled = false

    let fromController: ViewController
    let toController: ViewController
    let fromView: View?
    let toView: View?
    let initialFrames: [ObjectIdentifier: Rect]
    let finalFrames: [ObjectIdentifier: Rect]
    /// Weak: a script may keep the context after its transition is over
    /// (in an upvalue, a later hook); the transition must still be able to
    /// go away, and the context then answers as an ended one.
    var driver: TransitionDriver? { driverLink.object }
    private let driverLink: Link<TransitionDriver>

    init(driver: TransitionDriver, container: View, animated: Bool, operation: TransitionOperation, style: PresentationStyle,
         from: ViewController, to: ViewController, fromView: View?, toView: View?,
         initialFrames: [ObjectIdentifier: Rect], finalFrames: [ObjectIdentifier: Rect]) {
        driverLink = driver.link
        containerView = container
        isAnimated = animated
        self.operation = operation
        presentationStyle = style
        fromController = from
        toController = to
        self.fromView = fromView
        self.toView = toView
        self.initialFrames = initialFrames
        self.finalFrames = finalFrames
    }

    public func viewController(forKey key: TransitionKey) -> ViewController {
        key == .from ? fromController : toController
    }

    /// Nil when UIKit keeps the presenter in the window (custom and
    /// over-full-screen styles): `.from` while presenting, `.to` while
    /// dismissing. Both views always for a push or pop.
    public func view(forKey key: TransitionKey) -> View? {
        key == .from ? fromView : toView
    }

    /// The zero rect when not known (the to-view's start).
    public func initialFrame(for controller: ViewController) -> Rect {
        initialFrames[ObjectIdentifier(controller)] ?? .zero
    }

    /// The zero rect for a view removed at the end; the presented view's is
    /// `frameOfPresentedViewInContainerView`, a pushed or popped-to view's
    /// the container's bounds.
    public func finalFrame(for controller: ViewController) -> Rect {
        if operation == .present && controller === toController, let driver, let presentation = driver.controller {
            return driver.simulation.query("frameOfPresentedViewInContainerView") { presentation.frameOfPresentedViewInContainerView }
        }
        return finalFrames[ObjectIdentifier(controller)] ?? .zero
    }

    /// The view the transition grows from and returns to: the tapped row of
    /// the presenting screen (`Simulation.sourceView`), what iOS 18's zoom
    /// asks its `sourceViewProvider` for and what Material's container
    /// transform starts from. UIKit hands a custom animator no such view
    /// (apps keep the tapped cell themselves); Segue's context carries it.
    /// Nil once the view has left every screen's hierarchy (a script removed
    /// it), as a provider answers nil for a cell scrolled away, and for an
    /// ended transition.
    public var sourceView: View? { driver?.simulation.availableSourceView }

    /// `UIView.animate` and friends, on the simulation this transition runs in.
    public var animations: AnimationEngine { containerView.engine }

    /// Whether completeTransition has been called (or the transition is gone).
    public var isComplete: Bool { driver.map { $0.completed != nil } ?? true }

    /// Whether the transition this context belongs to is over and gone (a
    /// script kept the context into a later transition): every call on it
    /// then does nothing.
    public var hasEnded: Bool { driver == nil }
    /// Whether an interaction controller drives the transition (UIKit's percent-driven one, or the app's own).
    public var hasInteraction: Bool { driver?.interaction != nil }
    /// A gesture still drives the transition: neither finish nor cancel has been called.
    public var awaitsInteraction: Bool { driver?.awaitsInteraction ?? false }

    /// Ends the transition. Only the first call counts.
    public func completeTransition(_ didComplete: Bool) {
        driver?.complete(didComplete)
    }

    /// Percent-driven interaction: scrub, finish or cancel.
    public func updateInteractiveTransition(_ percentComplete: Double) { driver?.update(percentComplete) }
    public func finishInteractiveTransition() { driver?.settle(finish: true) }
    public func cancelInteractiveTransition() { driver?.settle(finish: false) }
}

/// UIViewControllerTransitionCoordinator: animations and completions that
/// ride along with a transition (or a size change).
public final class TransitionCoordinator {
    public internal(set) var transitionDuration: Double
    public internal(set) var isInteractive = false
    public internal(set) var isCancelled = false
    var alongside: [() -> Void] = []
    var completions: [() -> Void] = []

    init(duration: Double) {
        transitionDuration = duration
    }

    /// Runs `animation` in the transition's animation context and
    /// `completion` after the transition ends.
    public func animate(alongsideTransition animation: (() -> Void)?, completion: (() -> Void)? = nil) {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
    }
}

/// UIPercentDrivenInteractiveTransition: the animator's animations, paused
/// and scrubbed by `update`, then played to the end or back to the start.
public final class PercentDrivenInteractiveTransition: InteractionController {
    public var completionSpeed: Double = 1
    public var completionCurve: TimingCurve = .easeInOut
    public private(set) var percentComplete = 0.0
    weak var context: TransitionContext?
    let animator: Animator
    /// The animator's interruptible animator, when it has one: paused,
    /// scrubbed and continued instead of the transition's own timeline
    /// carrying its animations (UIKit does this since iOS 10).
    var propertyAnimator: PropertyAnimator?

    public init(animator: Animator) {
        self.animator = animator
    }

    public func startInteractiveTransition(_ context: TransitionContext) {
        self.context = context
        context.driver?.animateAsInteractive(animator)
        if let interruptible = context.driver?.interruptibleAnimator(of: animator) {
            propertyAnimator = interruptible
            try? interruptible.pauseAnimation()
        }
    }

    public func update(_ percent: Double) {
        percentComplete = min(max(percent, 0), 1)
        context?.updateInteractiveTransition(percentComplete)
        try? propertyAnimator?.setFractionComplete(percentComplete)
    }

    public func finish() {
        context?.finishInteractiveTransition()
        continueAnimator()
    }

    public func cancel() {
        context?.cancelInteractiveTransition()
        propertyAnimator?.setReversed(true)
        continueAnimator()
    }

    /// The rest at completionSpeed along completionCurve, as the transition's own timeline settles.
    /// UIKit asks for the interruptible animator again here: an animator must answer the same one.
    private func continueAnimator() {
        if propertyAnimator != nil, let animator = context?.driver?.interruptibleAnimator(of: animator) { propertyAnimator = animator }
        try? propertyAnimator?.continueAnimation(timing: .curve(completionCurve), durationFactor: 1 / max(completionSpeed, 1e-6))
    }
}


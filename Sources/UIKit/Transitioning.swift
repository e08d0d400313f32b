import Animation
import Transitions

@MainActor public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
}

@MainActor public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    /// Optional in UIKit (an @objc protocol's optional member); Swift on Linux has no such thing, so a default does nothing.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

@MainActor public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// The engine's context as UIKit's: one for each.
final class ContextAdapter: NSObject, UIViewControllerContextTransitioning {
    let context: TransitionContext
    private static var adapters: [ObjectIdentifier: ContextAdapter] = [:]
    /// Lets every one go (UIKitWrappers.forgetAll).
    static func forgetWrappers() { adapters = [:] }
    static var wrapperCount: Int { adapters.count }

    private init(_ context: TransitionContext) { self.context = context }

    static func wrapping(_ context: TransitionContext) -> ContextAdapter {
        if let known = adapters[ObjectIdentifier(context)] { return known }
        let adapter = ContextAdapter(context)
        adapters[ObjectIdentifier(context)] = adapter
        return adapter
    }

    var containerView: UIView { UIView.wrapping(context.containerView) }
    var isAnimated: Bool { context.isAnimated }
    var isInteractive: Bool { context.isInteractive }
    var transitionWasCancelled: Bool { context.transitionWasCancelled }
    var presentationStyle: UIModalPresentationStyle {
        UIModalPresentationStyle.allEngine.first { $0.engine == context.presentationStyle } ?? .none
    }
    func updateInteractiveTransition(_ percentComplete: CGFloat) { context.updateInteractiveTransition(percentComplete) }
    func finishInteractiveTransition() { context.finishInteractiveTransition() }
    func cancelInteractiveTransition() { context.cancelInteractiveTransition() }
    func completeTransition(_ didComplete: Bool) { context.completeTransition(didComplete) }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        UIViewController.wrapping(context.viewController(forKey: key == .from ? .from : .to))
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        context.view(forKey: key == .from ? .from : .to).map(UIView.wrapping)
    }
    func initialFrame(for vc: UIViewController) -> CGRect { CGRect(context.initialFrame(for: vc.controller)) }
    func finalFrame(for vc: UIViewController) -> CGRect { CGRect(context.finalFrame(for: vc.controller)) }
}

extension UIModalPresentationStyle {
    static let allEngine: [UIModalPresentationStyle] = [.fullScreen, .pageSheet, .formSheet, .currentContext, .custom, .overFullScreen,
                                                        .overCurrentContext, .popover]
}

/// A UIKit animator as the engine's (which calls it on the main thread, as UIKit does: the conformance checks that it is).
@MainActor final class AnimatorAdapter: @preconcurrency Animator {
    let animator: any UIViewControllerAnimatedTransitioning
    init(_ animator: any UIViewControllerAnimatedTransitioning) { self.animator = animator }

    func transitionDuration(_ context: TransitionContext) -> Double {
        animator.transitionDuration(using: ContextAdapter.wrapping(context))
    }
    func animateTransition(_ context: TransitionContext) {
        animator.animateTransition(using: ContextAdapter.wrapping(context))
    }
    func animationEnded(_ completed: Bool) {
        animator.animationEnded(completed)
    }
}

/// A UIKit transitioning delegate as the engine's.
@MainActor package final class DelegateAdapter: @preconcurrency TransitioningDelegate {
    let delegate: any UIViewControllerTransitioningDelegate
    package init(_ delegate: any UIViewControllerTransitioningDelegate) { self.delegate = delegate }

    package func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? {
        delegate.animationController(forPresented: .wrapping(presented), presenting: .wrapping(presenting), source: .wrapping(source))
            .map(AnimatorAdapter.init)
    }

    package func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                        source: ViewController) -> PresentationController? {
        delegate.presentationController(forPresented: .wrapping(presented), presenting: .wrapping(presenting), source: .wrapping(source))?
            .engine
    }

    package func animator(forDismissed dismissed: ViewController) -> Animator? {
        delegate.animationController(forDismissed: .wrapping(dismissed)).map(AnimatorAdapter.init)
    }

    package func interactionController(forPresentation animator: Animator) -> InteractionController? {
        guard let adapter = animator as? AnimatorAdapter else { return nil }
        return Self.engine(for: delegate.interactionControllerForPresentation(using: adapter.animator), animator)
    }

    package func interactionController(forDismissal animator: Animator) -> InteractionController? {
        guard let adapter = animator as? AnimatorAdapter else { return nil }
        return Self.engine(for: delegate.interactionControllerForDismissal(using: adapter.animator), animator)
    }

    /// The interaction controller under way: the runner's touch events are delivered to its recognizer's action.
    package static var interaction: UIPercentDrivenInteractiveTransition?

    /// Where the runner delivers the touch events of the drag under way: to the recognizer whose action began it.
    package static var delivery: (@MainActor (GestureSample) -> Void)?

    /// The engine's percent-driven controller for UIKit's, with its completion speed and curve; for an interaction
    /// controller of the app's own, the engine's self-driven interaction, which hands it the context and the events.
    package static func engine(for controller: (any UIViewControllerInteractiveTransitioning)?, _ animator: Animator) -> InteractionController? {
        guard let controller else { return nil }
        guard let percentDriven = controller as? UIPercentDrivenInteractiveTransition else {
            Self.interaction = nil
            return OwnInteractionAdapter(controller, delivery: delivery)
        }
        let engine = PercentDrivenInteractiveTransition(animator: animator)
        engine.completionSpeed = percentDriven.completionSpeed
        engine.completionCurve = percentDriven.completionCurve.engine
        percentDriven.engine = engine
        Self.interaction = percentDriven
        return engine
    }
}

/// An interaction controller of the app's own, driven as UIKit drives one: its startInteractiveTransition(_:) is given the
/// context, and each later touch event goes to the recognizer whose action calls it (the runner delivered the first,
/// whose action began the dismissal).
@MainActor final class OwnInteractionAdapter: @preconcurrency SelfDrivenInteraction {
    let controller: any UIViewControllerInteractiveTransitioning
    let delivery: (@MainActor (GestureSample) -> Void)?

    init(_ controller: any UIViewControllerInteractiveTransitioning, delivery: (@MainActor (GestureSample) -> Void)?) {
        (self.controller, self.delivery) = (controller, delivery)
    }

    var completionSpeed: Double { Double(controller.completionSpeed) }
    var completionCurve: TimingCurve { controller.completionCurve.engine }

    func startInteractiveTransition(_ context: TransitionContext) {
        controller.startInteractiveTransition(ContextAdapter.wrapping(context))
    }

    func gestureMoved(_ sample: GestureSample) {
        if sample.state != .began { delivery?(sample) }
    }

    func gestureEnded(_ sample: GestureSample) { delivery?(sample) }
}

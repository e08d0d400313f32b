import Geometry
import Transitions

/// UIKit's presentation controller: an app subclasses it and overrides its hooks. Each has an engine controller of its
/// own (`engine`), which the simulation drives and which asks this object, as UIKit asks a subclass.
@MainActor open class UIPresentationController: NSObject {
    package let engine: Engine

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        // UIKit looks the presenter up when it is nil; the simulation always says which it is, so nil has no answer here.
        guard let presentingViewController else {
            preconditionFailure("the verification layer needs the presenting view controller")
        }
        engine = Engine(presented: presentedViewController.controller, presenting: presentingViewController.controller)
        super.init()
        // The engine keeps the controller alive while it is in use, as UIKit keeps a presentation's controller; the
        // cycle lasts until the runner starts its next scenario (forgetOwners).
        engine.owner = self
        Self.owned.append(Owned(engine: engine))
        LiveUIKitObjects.made()
    }

    deinit { LiveUIKitObjects.gone() }

    /// Every engine that keeps its controller, for forgetOwners.
    private static var owned: [Owned] = []
    private struct Owned { weak var engine: Engine? }

    /// Lets every controller go (UIKitWrappers.forgetAll): timed rounds share a process, and each round's presentation
    /// would otherwise keep its controller, the views it made and all they hold.
    static func forgetOwners() {
        for owned in owned { owned.engine?.owner = nil }
        owned.removeAll()
    }

    open var presentedViewController: UIViewController { .wrapping(engine.presentedViewController) }
    open var presentingViewController: UIViewController { .wrapping(engine.presentingViewController) }
    open var containerView: UIView? { engine.containerView.map(UIView.wrapping) }
    open var presentedView: UIView? { .wrapping(engine.presentedView) }
    open var frameOfPresentedViewInContainerView: CGRect { CGRect(engine.uikitFrame) }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    /// The engine's side: every hook the simulation calls is the UIKit object's. The engine is not actor-isolated;
    /// it runs on the main thread, as UIKit does, which each call checks.
    package final class Engine: PresentationController, @unchecked Sendable {
        nonisolated(unsafe) var owner: UIPresentationController?

        /// UIKit's own answer (the container's bounds), which a subclass's override replaces.
        var uikitFrame: Rect { super.frameOfPresentedViewInContainerView }

        package override var frameOfPresentedViewInContainerView: Rect {
            MainActor.assumeIsolated { owner.map { $0.frameOfPresentedViewInContainerView.engine } } ?? uikitFrame
        }
        package override func presentationTransitionWillBegin() { MainActor.assumeIsolated { owner?.presentationTransitionWillBegin() } }
        package override func presentationTransitionDidEnd(_ completed: Bool) {
            MainActor.assumeIsolated { owner?.presentationTransitionDidEnd(completed) }
        }
        package override func dismissalTransitionWillBegin() { MainActor.assumeIsolated { owner?.dismissalTransitionWillBegin() } }
        package override func dismissalTransitionDidEnd(_ completed: Bool) {
            MainActor.assumeIsolated { owner?.dismissalTransitionDidEnd(completed) }
        }
        package override func containerViewWillLayoutSubviews() { MainActor.assumeIsolated { owner?.containerViewWillLayoutSubviews() } }
        package override func containerViewDidLayoutSubviews() { MainActor.assumeIsolated { owner?.containerViewDidLayoutSubviews() } }
    }
}

import Animation

import Geometry
import RenderTree

/// A UIViewController as far as transitions see it: a view, how it wants to
/// be presented, and who presents it.
public final class ViewController {
    public let name: String
    public let view: View
    public var modalPresentationStyle: PresentationStyle = .fullScreen
    public var modalTransitionStyle: TransitionStyle = .coverVertical
    /// `setContentScrollView(_:for:)` (iOS 15): the scroll view that scrolls the controller's content at each edge,
    /// where sheets and navigation bars (and transitions, as PanModal's `panScrollable`) look for it.
    public var contentScrollViews: [DirectionalEdge: View] = [:]

    /// The edges UIKit keeps a content scroll view for (NSDirectionalRectEdge's top and bottom; it ignores leading
    /// and trailing).
    public enum DirectionalEdge: String, Sendable, CaseIterable {
        case top, bottom
    }
    public var transitioningDelegate: TransitioningDelegate?
    /// What an app sets as `presentationController?.delegate` before
    /// presenting: UIKit makes the presentation controller on demand, and
    /// the simulation when it presents, so the controller keeps it till then.
    public var presentationControllerDelegate: AdaptivePresentationControllerDelegate?
    /// For sheets and popovers in regular width (formSheet 540×620 unless set).
    public var preferredContentSize: Size = .zero
    /// What its screen shows in a preview (the entry's `screen`). The engine acts on it only to size a dialog to its
    /// content (`fittingHeight`).
    public var screenLook: ScreenLook = .page
    /// What it asks of the status bar (the entry's `statusBarStyle` and `prefersStatusBarHidden` for its presented
    /// screen); nil: the app's own, which Segue does not know.
    public var statusBarPreferences: StatusBarPreferences?
    /// UIKit's `modalPresentationCapturesStatusBarAppearance`: presented other than full screen, it takes the status bar.
    public var modalPresentationCapturesStatusBarAppearance = false
    /// What `sheetPresentationController` is configured with for a page or form sheet.
    public var sheetConfiguration = SheetConfiguration()
    public internal(set) var presentingViewController: ViewController? {
        get { presentingLink?.object }
        set { presentingLink = newValue?.link }
    }
    private var presentingLink: Link<ViewController>?
    /// Held by its root view and by what it presents (`Link`: weak references without a side table, whose every
    /// count of a controller's references went down Swift's slow path).
    let link = Link<ViewController>()
    public internal(set) var presentedViewController: ViewController?
    /// The controller managing this one's presentation while it is presented.
    public internal(set) var presentationController: PresentationController?
    /// Where its view is in UIKit's appearance cycle (`ViewController+Appearance`).
    public internal(set) var appearance: Appearance = .disappeared
    /// What the app's subclass overrides to follow its view's size (the entry's `presentedViewController` hooks); nil:
    /// UIKit's own, which do nothing (`Simulation+ControllerLayout`).
    public var layoutHooks: (any ControllerLayoutHooks)?
    /// The root view's bounds size at its last `viewWillLayoutSubviews`: a layout pass calls it again only once that
    /// changes, as UIKit's does.
    var laidOutSize: Size?

    init(name: String, view: View) {
        self.name = name
        self.view = view
        link.attach(self)
        view.viewController = self
    }

    deinit { link.clear() }

    /// What the root view's `systemLayoutSizeFitting` gives at a required `width` with a free height: the height its
    /// content needs, for the one look whose content Segue lays out (a dialog card, `DialogLayout`); nil for the
    /// others, whose content is a picture with no constraints of its own.
    public func fittingHeight(width: Double) -> Double? {
        screenLook == .dialog ? DialogLayout.fittingHeight(cardWidth: width) : nil
    }
}

/// Which side of a transition a controller or view is on.
public enum TransitionKey: String, Sendable, Codable {
    case from, to
}

/// UIViewControllerAnimatedTransitioning.
public protocol Animator: AnyObject {
    func transitionDuration(_ context: TransitionContext) -> Double
    func animateTransition(_ context: TransitionContext)
    func animationEnded(_ completed: Bool)
    /// interruptibleAnimator(using:): the property animator an interactive
    /// transition pauses, scrubs and continues; nil when the animator has none.
    func interruptibleAnimator(_ context: TransitionContext) -> PropertyAnimator?
}

extension Animator {
    public func animationEnded(_ completed: Bool) {}
    public func interruptibleAnimator(_ context: TransitionContext) -> PropertyAnimator? { nil }
}

/// UIViewControllerInteractiveTransitioning.
public protocol InteractionController: AnyObject {
    var completionSpeed: Double { get }
    var completionCurve: TimingCurve { get }
    func startInteractiveTransition(_ context: TransitionContext)
}

/// An interaction controller of the app's own beside UIPercentDrivenInteractiveTransition: a
/// UIViewControllerInteractiveTransitioning whose startInteractiveTransition and whose own physics drive the transition
/// through the context (update, finish or cancel, then completeTransition). Nothing pauses or scrubs the container: the
/// animations it starts run on the clock. The gesture's events come to it as the recognizer's action method would
/// pass them on.
public protocol SelfDrivenInteraction: InteractionController {
    /// A touch event while the fingers are down: the first movement (state began) and each after it.
    func gestureMoved(_ sample: GestureSample)
    /// The fingers lifted (state ended), or the system took the gesture away (cancelled).
    func gestureEnded(_ sample: GestureSample)
}

/// UIViewControllerTransitioningDelegate; every method is optional.
public protocol TransitioningDelegate: AnyObject {
    func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator?
    func animator(forDismissed dismissed: ViewController) -> Animator?
    func interactionController(forPresentation animator: Animator) -> InteractionController?
    func interactionController(forDismissal animator: Animator) -> InteractionController?
    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController?
}

extension TransitioningDelegate {
    public func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? { nil }
    public func animator(forDismissed dismissed: ViewController) -> Animator? { nil }
    public func interactionController(forPresentation animator: Animator) -> InteractionController? { nil }
    public func interactionController(forDismissal animator: Animator) -> InteractionController? { nil }
    public func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                       source: ViewController) -> PresentationController? { nil }
}

import Geometry

/// UIPresentationController: subclass it (or let a script back it) to own
/// the chrome of a presentation and the presented view's frame.
open class PresentationController {
    public let presentedViewController: ViewController
    public let presentingViewController: ViewController
    public internal(set) var containerView: View?
    /// Set by the simulation while a transition or size change runs.
    public internal(set) weak var transitionCoordinator: TransitionCoordinator?
    /// The style this controller presents with (after adaptation).
    public internal(set) var presentationStyle: PresentationStyle = .custom
    /// UIAdaptivePresentationControllerDelegate: may choose the style in
    /// compact width. Weak, as UIKit's; the presented controller keeps it.
    public internal(set) weak var delegate: AdaptivePresentationControllerDelegate?
    /// What the presentation's animator added to the container
    /// (animateTransition): not this controller's chrome, which its
    /// dismissal must take away; UIKit discards them with the container.
    /// Held, so that no later view can take a noted one's identifier.
    var animatorViews: [ObjectIdentifier: View] = [:]

    public init(presented: ViewController, presenting: ViewController) {
        presentedViewController = presented
        presentingViewController = presenting
    }

    /// The view that is animated in; must be fast and must not change the hierarchy.
    open var presentedView: View { presentedViewController.view }
    /// Where the presented view ends up; must be fast and must not change the hierarchy.
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }
    /// False for custom presentations: the presenter stays in the window.
    open var shouldRemovePresentersView: Bool { false }
    /// Whether the presentation covers the whole screen (UIKit's default)
    /// or only the current context: then the container covers the
    /// presenting controller's view, wherever that is in the window.
    open var shouldPresentInFullscreen: Bool { true }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {}
    /// The keyboard is moving to `frame` (the zero rect: going down), inside
    /// an animation of `duration`; a sheet moves itself above it here.
    open func keyboardWillChangeFrame(to frame: Rect, duration: Double) {}
    /// The style to use in compact width; `.none` keeps this presentation as it is.
    open func adaptivePresentationStyle(for sizeClass: SizeClass) -> PresentationStyle { .none }

    /// adaptivePresentationStyle(for traitCollection:): what a subclass
    /// or the delegate says (a subclass that answers is not asked about its
    /// delegate); nil when neither says, and the style's own adaptation
    /// (`adaptivePresentationStyle(for: SizeClass)`) applies. An answer that
    /// is not one of `PresentationStyle.compactAdaptations` is ignored, as
    /// UIKit ignores an invalid one.
    open func adaptivePresentationStyle(for traitCollection: TraitCollection) -> PresentationStyle? {
        delegate?.adaptivePresentationStyle(for: self, traitCollection: traitCollection)
    }
}

/// What UIKit uses for its own styles: full screen (removing or keeping the
/// presenter), sheets and popovers, with their frames and adaptation.
class BuiltinPresentationController: PresentationController {
    override var shouldRemovePresentersView: Bool { !presentationStyle.keepsPresenter }

    /// Regular-width frames (our choice where Apple gives no figures):
    /// formSheet and popover use preferredContentSize (formSheet 540×620,
    /// popover 320×480 by default) centred; pageSheet is 704 wide and full height
    /// less a 20-point top inset.
    override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let preferred = presentedViewController.preferredContentSize
        func centred(_ size: Size) -> Rect {
            let w = min(size.width, bounds.width), h = min(size.height, bounds.height)
            return Rect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        }
        switch presentationStyle {
        case .formSheet: return centred(preferred == .zero ? Size(width: 540, height: 620) : preferred)
        case .popover: return centred(preferred == .zero ? Size(width: 320, height: 480) : preferred)
        case .pageSheet:
            let w = min(704, bounds.width)
            return Rect(x: bounds.midX - w / 2, y: 20, width: w, height: bounds.height - 20)
        default: return bounds
        }
    }

    override func adaptivePresentationStyle(for sizeClass: SizeClass) -> PresentationStyle {
        guard sizeClass == .compact else { return .none }
        // Page and form sheets stay sheets since iOS 13 (SheetPresentationController).
        return presentationStyle == .popover ? .overFullScreen : .none
    }

    /// The container size the presented view was last laid out for.
    private var laidOutFor: Size?

    /// UIKit lays out its own presentations when the container's size
    /// changes, not on the transition's own layout pass: an animator may
    /// leave the presented view aside (a cube, a fold) and UIKit keeps it there.
    override func containerViewWillLayoutSubviews() {
        let size = containerView?.bounds.size
        defer { laidOutFor = size }
        guard let last = laidOutFor, last != size else { return }
        presentedView.frame = frameOfPresentedViewInContainerView
    }
}

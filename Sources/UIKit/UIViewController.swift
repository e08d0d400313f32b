import Transitions

@MainActor open class UIViewController: NSObject {
    package let controller: ViewController
    private static var wrappers: [ObjectIdentifier: UIViewController] = [:]
    /// Lets every one go (UIKitWrappers.forgetAll).
    static func forgetWrappers() { wrappers = [:] }
    static var wrapperCount: Int { wrappers.count }

    package init(controller: ViewController) {
        self.controller = controller
        super.init()
    }

    package static func wrapping(_ controller: ViewController) -> UIViewController {
        if let known = wrappers[ObjectIdentifier(controller)] { return known }
        let wrapper = UIViewController(controller: controller)
        wrappers[ObjectIdentifier(controller)] = wrapper
        return wrapper
    }

    open var view: UIView! { UIView.wrapping(controller.view) }

    open var presentedViewController: UIViewController? { controller.presentedViewController.map(UIViewController.wrapping) }

    open var isBeingPresented: Bool {
        guard let driver = Host.simulation.driver, driver.controller != nil else { return false }
        return driver.presenting && driver.presented === controller
    }

    open var isBeingDismissed: Bool {
        guard let driver = Host.simulation.driver, driver.controller != nil else { return false }
        return !driver.presenting && driver.presented === controller
    }

    /// The coordinator of the presentation or dismissal under way (the presentation controller's), nil between them.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? {
        controller.presentationController?.transitionCoordinator.map(CoordinatorAdapter.wrapping)
    }

    /// The presentation controller managing it: the app's subclass that its transitioning delegate made. UIKit's own
    /// controllers (a sheet's, a full-screen presentation's) are not modelled here: nil, which the exported code's
    /// `as? PresentationController` reads as UIKit's would.
    open var presentationController: UIPresentationController? {
        (controller.presentationController as? UIPresentationController.Engine)?.owner
    }

    /// A page or form sheet's sheet, to set up before presenting; nil for every other style, as in UIKit.
    open var sheetPresentationController: UISheetPresentationController? {
        guard controller.modalPresentationStyle.isSheet else { return nil }
        if let sheet { return sheet }
        let made = UISheetPresentationController(controller: controller)
        sheet = made
        return made
    }

    private var sheet: UISheetPresentationController?

    /// The style the controller is presented with; UIKit's .automatic and .none have no engine style and present as custom,
    /// as the runner presents a delegate's own style.
    open var modalPresentationStyle: UIModalPresentationStyle {
        get { UIModalPresentationStyle.allEngine.first { $0.engine == controller.modalPresentationStyle } ?? .custom }
        set { controller.modalPresentationStyle = newValue.engine ?? .custom }
    }

    /// The animation UIKit plays itself when no transitioning delegate gives an animator.
    open var modalTransitionStyle: UIModalTransitionStyle {
        get { [.coverVertical, .flipHorizontal, .crossDissolve, .partialCurl].first { $0.engine == controller.modalTransitionStyle } ?? .coverVertical }
        set { controller.modalTransitionStyle = newValue.engine }
    }

    /// UIKit holds it weakly; the engine keeps an adapter of it for the run.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)? {
        didSet { controller.transitioningDelegate = transitioningDelegate.map(DelegateAdapter.init) }
    }

    /// Presents from the top of the simulation, as UIKit presents from the top of the presenting chain; a gesture's action
    /// that presents is given the runner's touches.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        Host.simulation.present(viewControllerToPresent.controller, animated: flag, interaction: Host.gesturePlan, completion: completion)
    }

    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        Host.simulation.dismiss(animated: flag, interaction: Host.gesturePlan, completion: completion)
    }

    /// Made by hand, as the script makes it: a line of the trace, judged as the script's call is.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        Host.simulation.beginAppearanceTransition(controller, appearing: isAppearing, animated: animated, byHand: true)
    }

    open func endAppearanceTransition() {
        Host.simulation.endAppearanceTransition(controller, byHand: true)
    }

    /// Presented other than full screen, it takes over the status bar's appearance from its presenter.
    open var modalPresentationCapturesStatusBarAppearance: Bool {
        get { controller.modalPresentationCapturesStatusBarAppearance }
        set { controller.modalPresentationCapturesStatusBarAppearance = newValue }
    }

    /// The status bar asks its controller in charge again, along with the animation block this is called in.
    /// The scroll view for `edge`, kept on the engine's controller where the Lua run keeps the entry's.
    open func setContentScrollView(_ scrollView: UIScrollView?, for edge: NSDirectionalRectEdge) {
        for (flag, engine) in [(NSDirectionalRectEdge.top, ViewController.DirectionalEdge.top), (.bottom, .bottom)] where edge.contains(flag) {
            controller.contentScrollViews[engine] = scrollView?.view
        }
    }

    /// For all edges (UIKit: only the top and bottom are observed).
    open func setContentScrollView(_ scrollView: UIScrollView?) {
        setContentScrollView(scrollView, for: .all)
    }

    /// The scroll view set for the top or the bottom edge; UIKit raises an exception for any other, as this stops.
    open func contentScrollView(for edge: NSDirectionalRectEdge) -> UIScrollView? {
        let engine: ViewController.DirectionalEdge
        switch edge {
        case .top: engine = .top
        case .bottom: engine = .bottom
        default: preconditionFailure("contentScrollView(for:) takes .top or .bottom")
        }
        return controller.contentScrollViews[engine].map(UIView.wrapping) as? UIScrollView
    }

    open func setNeedsStatusBarAppearanceUpdate() {
        Host.simulation.setNeedsStatusBarAppearanceUpdate()
    }
}

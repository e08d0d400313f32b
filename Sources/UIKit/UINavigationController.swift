import Transitions

/// UIKit's navigation controller over the simulation's: its stack, its delegate, and the view the push and pop
/// animate in (the engine's transition view, made at the first push, which is where an edge swipe is put).
@MainActor open class UINavigationController: UIViewController {
    public enum Operation: Int, Sendable {
        case none = 0
        case push = 1
        case pop = 2
    }

    package let navigation: NavigationController

    /// The simulation's navigation controller, its root the window's root controller.
    package init(navigation: NavigationController) {
        self.navigation = navigation
        super.init(controller: navigation.viewControllers[0])
    }

    open override var view: UIView! { navigation.view.map(UIView.wrapping) ?? super.view }

    open var viewControllers: [UIViewController] { navigation.viewControllers.map(UIViewController.wrapping) }

    open weak var delegate: (any UINavigationControllerDelegate)?

    /// The simulation has no back swipe of UIKit's own: the entry's edge swipe is the only one.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { nil }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard navigation.viewControllers.count > 1 else { return nil }
        let top = navigation.topViewController
        Host.simulation.pop(animated: animated, interaction: Host.gesturePlan)
        return .wrapping(top)
    }
}

@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning) -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// A UIKit navigation delegate as the engine's.
@MainActor package final class NavigationDelegateAdapter: @preconcurrency NavigationControllerDelegate {
    let navigationController: UINavigationController

    package init(_ navigationController: UINavigationController) { self.navigationController = navigationController }

    package func animator(for operation: TransitionOperation, from: ViewController, to: ViewController) -> Animator? {
        navigationController.delegate?.navigationController(navigationController, animationControllerFor: operation == .push ? .push : .pop,
                                                            from: .wrapping(from), to: .wrapping(to)).map(AnimatorAdapter.init)
    }

    package func interactionController(for animator: Animator) -> InteractionController? {
        guard let adapter = animator as? AnimatorAdapter else { return nil }
        return DelegateAdapter.engine(for: navigationController.delegate?.navigationController(navigationController,
                                                                                              interactionControllerFor: adapter.animator), animator)
    }
}

/// The edges a screen-edge pan starts from.
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static var top: UIRectEdge { UIRectEdge(rawValue: 1 << 0) }
    public static var left: UIRectEdge { UIRectEdge(rawValue: 1 << 1) }
    public static var bottom: UIRectEdge { UIRectEdge(rawValue: 1 << 2) }
    public static var right: UIRectEdge { UIRectEdge(rawValue: 1 << 3) }
    public static var all: UIRectEdge { [.top, .left, .bottom, .right] }
}

/// A pan that starts at an edge of the screen: the runner delivers it the Lua entry's edge swipe.
@MainActor open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    open var edges: UIRectEdge = []
}

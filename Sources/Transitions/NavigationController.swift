import Geometry

/// Which transition a context belongs to: a modal presentation or
/// dismissal, or a navigation controller's push or pop
/// (UINavigationController.Operation).
public enum TransitionOperation: String, Sendable, CaseIterable, Codable {
    case present, dismiss, push, pop

    /// The way forward: presenting or pushing.
    public var isForward: Bool { self == .present || self == .push }
    public var isNavigation: Bool { self == .push || self == .pop }
}

/// UINavigationControllerDelegate, as far as transitions go; both optional.
public protocol NavigationControllerDelegate: AnyObject {
    /// navigationController(_:animationControllerFor:from:to:): nil for UIKit's own slide.
    func animator(for operation: TransitionOperation, from: ViewController, to: ViewController) -> Animator?
    /// navigationController(_:interactionControllerFor:): asked only for an animator of the delegate's.
    func interactionController(for animator: Animator) -> InteractionController?
}

extension NavigationControllerDelegate {
    public func animator(for operation: TransitionOperation, from: ViewController, to: ViewController) -> Animator? { nil }
    public func interactionController(for animator: Animator) -> InteractionController? { nil }
}

/// A UINavigationController whose root is the window's root controller: a
/// stack of controllers, the top one's view on screen in the transition
/// view, and a delegate that may vend each push's and pop's animator.
///
/// The navigation bar is each screen's own (the scenes paint one on every
/// screen), so only the screens move, as with a hidden bar.
public final class NavigationController {
    public var delegate: NavigationControllerDelegate?
    /// Bottom first; the root controller always stays.
    public internal(set) var viewControllers: [ViewController]
    /// UIKit's navigation transition view, the container every push and pop
    /// animates in: made at the first push, between the window and the
    /// root's view (as if the root had always been inside it).
    public internal(set) var view: View?

    init(root: ViewController) {
        viewControllers = [root]
    }

    public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }
}

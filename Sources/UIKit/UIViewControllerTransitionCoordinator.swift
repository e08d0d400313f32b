import Transitions

@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
}

@MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Imported from Objective-C in UIKit, where an unused result is no warning.
    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

extension UIViewControllerTransitionCoordinator {
    /// UIKit's default argument: no completion.
    @discardableResult
    public func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}

/// The engine's coordinator as UIKit's, for the verification's presented controller (UIKit gives its
/// `viewWillTransition(to:with:)` one).
@MainActor package func uiKitCoordinator(_ coordinator: TransitionCoordinator) -> any UIViewControllerTransitionCoordinator {
    CoordinatorAdapter.wrapping(coordinator)
}

/// The engine's coordinator as UIKit's: one for each.
final class CoordinatorAdapter: NSObject, UIViewControllerTransitionCoordinator {
    let coordinator: TransitionCoordinator
    private static var adapters: [ObjectIdentifier: CoordinatorAdapter] = [:]
    /// Lets every one go (UIKitWrappers.forgetAll).
    static func forgetWrappers() { adapters = [:] }
    static var wrapperCount: Int { adapters.count }

    private init(_ coordinator: TransitionCoordinator) { self.coordinator = coordinator }

    static func wrapping(_ coordinator: TransitionCoordinator) -> CoordinatorAdapter {
        if let known = adapters[ObjectIdentifier(coordinator)] { return known }
        let adapter = CoordinatorAdapter(coordinator)
        adapters[ObjectIdentifier(coordinator)] = adapter
        return adapter
    }

    var isCancelled: Bool { coordinator.isCancelled }
    var transitionDuration: TimeInterval { coordinator.transitionDuration }

    @discardableResult
    func animate(alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        coordinator.animate(alongsideTransition: animation.map { animation in { animation(self) } },
                            completion: completion.map { completion in { completion(self) } })
        return true
    }
}

import Synchronization
/// The UIKit objects made for the engine's (a view's UIView, a controller's UIViewController, a transition's context
/// and coordinator), one for each so that `===` means what it means in UIKit. Each keeps its engine object alive, so
/// they are let go when the runner starts a scenario: `segue-bench check` times rounds of one in a process, and
/// without this every round would carry every view of the rounds before it (explode: 228 KB a round, measured).
@MainActor package enum UIKitWrappers {
    package static func forgetAll() {
        UIPresentationController.forgetOwners()
        CADisplayLink.forgetTargets()
        UIView.forgetWrappers()
        UIViewController.forgetWrappers()
        ContextAdapter.forgetWrappers()
        CoordinatorAdapter.forgetWrappers()
    }

    /// How many there are now, of every kind: a test's measure that a scenario let the last one's go.
    package static var count: Int {
        UIView.wrapperCount + UIViewController.wrapperCount + ContextAdapter.wrapperCount + CoordinatorAdapter.wrapperCount
    }
}

/// How many of the UIKit objects an app makes and UIKit then keeps (gesture recognizers, presentation controllers,
/// display links) are alive: `--time-rounds` checks that its rounds do not pile them up, which would time a growing
/// heap rather than the rounds.
package enum LiveUIKitObjects {
    package static var count: Int { live.load(ordering: .relaxed) }
    /// Counted in init and deinit, which is not isolated.
    private static let live = Atomic<Int>(0)
    static func made() { live.add(1, ordering: .relaxed) }
    static func gone() { live.subtract(1, ordering: .relaxed) }
}

/// The UIKit objects made for the engine's (a view's UIView, a controller's UIViewController, a transition's context
/// and coordinator), one for each so that `===` means what it means in UIKit. Each keeps its engine object alive, so
/// they are let go when the runner starts a scenario: `segue-bench check` times rounds of one in a process, and
/// without this every round would carry every view of the rounds before it (explode: 228 KB a round, measured).
@MainActor package enum UIKitWrappers {
    package static func forgetAll() {
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

import Foundation
import Geometry
import QuartzCore
import Transitions
import UIKit

/// The app's presented controller's overrides of `viewWillTransition(to:with:)` and `viewWillLayoutSubviews()`, each
/// calling the exported transition's method as its documentation says: the verification's presented controller calls
/// them where the Lua entry's `presentedViewController` functions are called.
public struct PresentedLayout {
    public var viewWillTransition: (@MainActor (UIViewController, CGSize, any UIViewControllerTransitionCoordinator) -> Void)?
    public var viewWillLayoutSubviews: (@MainActor (UIViewController) -> Void)?

    public init(viewWillTransition: (@MainActor (UIViewController, CGSize, any UIViewControllerTransitionCoordinator) -> Void)? = nil,
                viewWillLayoutSubviews: (@MainActor (UIViewController) -> Void)? = nil) {
        self.viewWillTransition = viewWillTransition
        self.viewWillLayoutSubviews = viewWillLayoutSubviews
    }
}

/// The engine's hooks for the presented controller, answered by the Swift's methods.
@MainActor final class PresentedLayoutAdapter: @preconcurrency ControllerLayoutHooks {
    let layout: PresentedLayout

    init(_ layout: PresentedLayout) { self.layout = layout }

    func viewWillTransition(_ controller: ViewController, to size: Size, with coordinator: TransitionCoordinator) {
        layout.viewWillTransition?(.wrapping(controller), CGSize(size), uiKitCoordinator(coordinator))
    }

    func viewWillLayoutSubviews(_ controller: ViewController) {
        layout.viewWillLayoutSubviews?(.wrapping(controller))
    }
}

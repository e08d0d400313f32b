import Geometry

/// The methods a UIViewController subclass of the app's overrides to follow its view's size. UIKit calls them on the
/// presented controller itself: `viewWillTransition(to:with:)` before a rotation or resize (a presentation
/// controller forwards its own to the presented controller, UIContentContainer's documentation says), and
/// `viewWillLayoutSubviews` in each layout pass that finds its root view's size changed. Where no presentation
/// controller of the entry's lays the presented screen out (over full screen, full screen), these are where the
/// screen's own views follow a rotation.
public protocol ControllerLayoutHooks: AnyObject {
    func viewWillTransition(_ controller: ViewController, to size: Size, with coordinator: TransitionCoordinator)
    func viewWillLayoutSubviews(_ controller: ViewController)
}

extension Simulation {
    /// UIKit's layout pass for presented controllers with hooks of their own: `viewWillLayoutSubviews` for each whose
    /// root view is in the window with a bounds size other than at its last (the first pass after its view went in,
    /// and after every resize, by a rotation, its presentation controller or the entry). Run where UIKit lays out:
    /// once a presentation's animateTransition has returned, inside a rotation's animation block (what the hook
    /// changes there animates along), and at every frame, as the run loop's pass before drawing.
    func layOutPresentedControllers() {
        // Walked in place, not gathered into an array: this runs at every frame of every scenario.
        var top = root
        while let controller = top.presentedViewController {
            top = controller
            guard let hooks = controller.layoutHooks, controller.view.isDescendant(of: window) else { continue }
            let size = controller.view.bounds.size
            guard size != controller.laidOutSize else { continue }
            controller.laidOutSize = size
            record("viewWillLayoutSubviews", "\(controller.name) \(Self.described(size))")
            hooks.viewWillLayoutSubviews(controller)
        }
    }

    /// A presented controller's own `viewWillTransition(to:with:)`, forwarded by its presentation controller with the
    /// size its view will have there (UIKit's `size(forChildContentContainer:withParentContainerSize:)`: a form sheet's
    /// own, not the window's), read once the container has its new size.
    func forwardSizeChange(from presentation: PresentationController, coordinator: TransitionCoordinator) {
        let controller = presentation.presentedViewController
        guard let hooks = controller.layoutHooks else { return }
        let size = presentation.frameOfPresentedViewInContainerView.size
        record("viewWillTransition(to:with:)", "\(controller.name) \(Self.described(size))")
        hooks.viewWillTransition(controller, to: size, with: coordinator)
    }

    /// "844x390": whole points, and a size a script made huge or not a number written as it is, never trapping.
    static func described(_ size: Size) -> String {
        "\(formatted(size.width, decimals: 0))x\(formatted(size.height, decimals: 0))"
    }
}

import Transitions

/// not-laid-out-after-size-change: after a rotation or resize, every
/// presented view must be at its controller's frameOfPresentedViewInContainerView.
final class SizeChangeCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.sizeChangeDidEnd]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .sizeChangeDidEnd(let layouts) = event else { return }
        for layout in layouts {
            guard let expected = layout.expected, !expected.isClose(to: layout.frame) else { continue }
            // A presented controller with a layout of its own may be the one that moved its view: its pass lays out
            // what is inside the view, which its presentation controller sizes.
            let advice = layout.controller.presentedViewController.layoutHooks != nil
                ? "the presented controller's own layout (viewWillTransition, viewWillLayoutSubviews) moves what is inside its view, "
                    + "not the view itself, whose frame its presentation controller sets"
                : "set it in containerViewWillLayoutSubviews"
            findings.report(.notLaidOutAfterSizeChange, "after the size change the presented view is at \(layout.frame.described) "
                + "but frameOfPresentedViewInContainerView is \(expected.described); " + advice)
        }
    }
}

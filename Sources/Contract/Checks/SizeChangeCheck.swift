import Transitions

/// not-laid-out-after-size-change: after a rotation or resize, every
/// presented view must be at its controller's frameOfPresentedViewInContainerView.
final class SizeChangeCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.sizeChangeDidEnd]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .sizeChangeDidEnd(let layouts) = event else { return }
        for layout in layouts {
            guard let expected = layout.expected, !expected.isClose(to: layout.frame) else { continue }
            findings.report(.notLaidOutAfterSizeChange, "after the size change the presented view is at \(layout.frame.described) "
                + "but frameOfPresentedViewInContainerView is \(expected.described); set it in containerViewWillLayoutSubviews")
        }
    }
}

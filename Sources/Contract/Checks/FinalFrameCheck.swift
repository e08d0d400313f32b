import Transitions

/// presented-view-not-at-final-frame: a completed presentation, push or pop
/// must leave what it shows at its final frame (frameOfPresentedViewInContainerView,
/// or the navigation container's bounds), or the next layout pass jumps it there.
final class FinalFrameCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.transitionDidCleanUp]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .transitionDidCleanUp(let transition, true, let layout) = event else { return }
        if let layout, let final = layout.expected {
            if final != .zero && !layout.frame.isClose(to: final) {
                findings.report(.presentedViewNotAtFinalFrame, "the presented view ends at \(layout.frame.described) but "
                    + "frameOfPresentedViewInContainerView (finalFrame(for:)) is \(final.described); set its frame to finalFrame")
            }
        } else if transition.controller == nil {
            let container = transition.container, shown = transition.context.viewController(forKey: .to).view
            if shown.superview === container, !shown.frame.isClose(to: container.bounds) {
                let role = transition.operation == .push ? "the pushed view" : "the view popped back to"
                findings.report(.presentedViewNotAtFinalFrame, "\(role) '\(shown.name)' ends at "
                    + "\(shown.frame.described) but its final frame (finalFrame(for:), the container's bounds) is "
                    + "\(container.bounds.described); set its frame to finalFrame")
            }
        }
    }
}

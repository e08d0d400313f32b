import Transitions

/// presenting-view-missing: after a completed dismissal the presenting view
/// must be in the window again; an animator that removed a view it was not
/// handed leaves the user at a black screen.
final class PresentingViewCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.transitionDidCleanUp]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .transitionDidCleanUp(let transition, true, _) = event, transition.controller != nil, !transition.presenting,
              !transition.presenter.view.isDescendant(of: findings.simulation.window) else { return }
        findings.report(.presentingViewMissing, "after the dismissal the presenting view is not in the window: "
            + "the user would see a black screen (an animator removed a view it was not handed)")
    }
}

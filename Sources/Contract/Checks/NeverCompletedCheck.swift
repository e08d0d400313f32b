import Transitions

/// never-completed: the run ends with a transition still open.
final class NeverCompletedCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.runDidEnd]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .runDidEnd(let start, let limit, let stopped) = event, !stopped else { return }
        let simulation = findings.simulation
        guard let transition = simulation.transition, transition.completed == nil else { return }
        let seconds = String(format: "%g", limit)
        if simulation.engine.hasRunningAnimations && simulation.now - start >= limit {
            // Still animating when the run gives up: a transition longer than a run is followed, not a forgotten call.
            findings.report(.neverCompleted, "the transition is still animating after \(seconds) s, the longest "
                + "a run is followed, and completeTransition has not been called: keep a transition under "
                + "\(seconds) s (UIKit's own take well under one)")
        } else {
            findings.report(.neverCompleted, "completeTransition is never called: UIKit would leave the app frozen "
                + "(the window ignores touches and nothing completes); call it in the last animation's completion")
        }
    }
}

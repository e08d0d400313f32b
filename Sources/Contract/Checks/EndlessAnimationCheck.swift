import Transitions

/// animations-still-running, the endless case: the transition is over but
/// the screen never settles within the run's limit.
final class EndlessAnimationCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.runDidEnd]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .runDidEnd(let start, let limit, let stopped) = event, !stopped else { return }
        let simulation = findings.simulation
        guard !simulation.isTransitioning, simulation.engine.hasRunningAnimations, simulation.now - start >= limit else { return }
        findings.report(.animationsStillRunning, "animations were still running \(String(format: "%g", limit)) s after the transition "
            + "ended, the longest a run is followed: a repeating animation, or a completion that starts another each time, "
            + "never lets the screen settle")
    }
}

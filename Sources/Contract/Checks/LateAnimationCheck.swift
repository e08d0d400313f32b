import Transitions

/// animations-still-running, the common case: animations of a transition
/// still running after it called completeTransition. Judged once the clock
/// has moved past the completion, or when the next transition starts.
final class LateAnimationCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.transitionDidEnd, .transitionRequested, .clockDidAdvance]

    private var ended: TransitionDriver?

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .transitionDidEnd(let transition, _):
            ended = transition
        case .transitionRequested, .clockDidAdvance:
            guard let transition = ended else { return }
            ended = nil
            guard let end = transition.completedAt else { return }
            let late = findings.simulation.engine.runningAnimations(on: transition.timeline, endingAfter: end)
            if late > 0 {
                findings.report(.animationsStillRunning, "\(late) animation(s) of the transition were still running after "
                    + "completeTransition; call it from the completion of the last animation")
            }
        default:
            break
        }
    }
}

import Transitions

/// completed-twice, completed-after-cancel and completed-while-interactive: what completeTransition is called with, and when.
final class CompletionCallCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.completeTransitionCalled]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .completeTransitionCalled(let transition, let didComplete, let ignored) = event else { return }
        if ignored {
            findings.report(.completedTwice, "completeTransition was called a second time; UIKit ignores every call after the first")
        } else if transition.awaitsInteraction {
            findings.report(.completedWhileInteractive, "completeTransition was called while a gesture still drove the transition, "
                + "before it finished or cancelled it; complete from the last animation's completion")
        } else if didComplete && transition.context.transitionWasCancelled {
            findings.report(.completedAfterCancel, "completeTransition(true) was called after the transition was cancelled; "
                + "pass !transitionWasCancelled, or UIKit shows the new screen the user backed out of")
        }
    }
}

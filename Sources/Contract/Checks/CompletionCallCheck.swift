import Transitions

/// completed-twice and completed-after-cancel: what completeTransition is called with.
final class CompletionCallCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.completeTransitionCalled]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .completeTransitionCalled(let transition, let didComplete, let ignored) = event else { return }
        if ignored {
            findings.report(.completedTwice, "completeTransition was called a second time; UIKit ignores every call after the first")
        } else if didComplete && transition.context.transitionWasCancelled {
            findings.report(.completedAfterCancel, "completeTransition(true) was called after the transition was cancelled; "
                + "pass !transitionWasCancelled, or UIKit shows the new screen the user backed out of")
        }
    }
}

import Transitions

/// unsupported-style and presented-while-transitioning: calls UIKit refuses
/// (raising, or logging and carrying on).
final class RefusalCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.refused]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .refused(let refusal) = event else { return }
        switch refusal {
        case .styleNone:
            findings.report(.unsupportedStyle, "modalPresentationStyle none cannot be presented; UIKit raises an exception")
        case .partialCurlOutsideFullScreen:
            findings.report(.unsupportedStyle, "partialCurl works only with the fullScreen presentation style; UIKit raises an exception")
        case .pushOfShownController(let name):
            findings.report(.unsupportedStyle, hook: "animateTransition", "'\(name)' is already in the navigation stack or "
                + "presented; pushing it again is not supported (UIKit raises an exception)")
        case .duringTransition(let call):
            findings.report(.presentedWhileTransitioning, "\(call) was called while a transition was still running; UIKit refuses it "
                + "and the transition in progress must complete first")
        }
    }
}

import Transitions

/// chrome-left-behind: the views a presentation controller added (dimming, a
/// handle) must be gone after a completed dismissal or a cancelled
/// presentation. Reported once per outermost view: a dimming view's own
/// subviews go with it.
final class ChromeCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.transitionDidCleanUp]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .transitionDidCleanUp(let transition, let completed, _) = event, transition.controller != nil,
              transition.presenting != completed else { return }
        let (when, hook) = completed ? ("a completed dismissal", "dismissalTransitionDidEnd")
            : ("a cancelled presentation", "presentationTransitionDidEnd")
        let left = transition.chrome.filter { $0.superview != nil && $0.isDescendant(of: transition.container) }
        let leftIDs = Set(left.map(ObjectIdentifier.init))
        for view in left where !(view.superview.map { leftIDs.contains(ObjectIdentifier($0)) } ?? false) {
            findings.report(.chromeLeftBehind, hook: hook, "'\(view.name)', added by the presentation controller, is still there "
                + "after \(when); remove it in \(hook)(\(completed))")
        }
    }
}

import Transitions

/// hierarchy-changed-in-query: a query hook (presentedView,
/// frameOfPresentedViewInContainerView) must only answer; UIKit may ask it
/// many times. The hierarchy is fingerprinted before and after each asking.
final class QueryCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.queryWillBegin, .queryDidEnd]

    private var before: [[Int]] = []

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .queryWillBegin:
            before.append(fingerprint(findings.simulation))
        case .queryDidEnd(let hook):
            guard let start = before.popLast(), fingerprint(findings.simulation) != start else { return }
            findings.report(.hierarchyChangedInQuery, hook: hook, "\(hook) changed the view hierarchy; UIKit may call it many times, "
                + "so it must only answer (add views in presentationTransitionWillBegin)")
        default:
            break
        }
    }

    /// The window's tree and the running transition's container, as view ids and brackets.
    private func fingerprint(_ simulation: Simulation) -> [Int] {
        func walk(_ view: View) -> [Int] { [view.id, -1] + view.subviews.flatMap(walk) + [-2] }
        return walk(simulation.window) + (simulation.transition.map { walk($0.container) } ?? [])
    }
}

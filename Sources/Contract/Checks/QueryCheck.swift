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

    /// The window's tree and the running transition's container, as view ids and brackets, written into one array
    /// (concatenating each subtree's own array copied the tree once a level). The depth is bounded (`View.depthLimit`).
    private func fingerprint(_ simulation: Simulation) -> [Int] {
        var ids: [Int] = []
        func walk(_ view: View) {
            ids.append(view.id)
            ids.append(-1)
            for subview in view.subviews { walk(subview) }
            ids.append(-2)
        }
        walk(simulation.window)
        if let container = simulation.transition?.container { walk(container) }
        return ids
    }
}

import RenderTree
import Transitions

/// source-view-left-hidden: once the presenting screen shows again, the row a
/// zoom grew from must be back in its list and visible; a row left hidden (or
/// taken away) is a gap the user sees, the zoom transitions' own common bug.
/// Looked at once everything is still.
final class SourceViewCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.completionsWillRun, .runDidEnd]

    private var pending: String?

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .completionsWillRun(let transition, let completed):
            // The presenting screen shows again after a completed dismissal or pop, or a cancelled presentation or push.
            guard transition.presenting != completed else { return }
            pending = completed ? "the \(transition.operation == .pop ? "pop" : "dismissal")"
                : "the cancelled \(transition.operation == .push ? "push" : "presentation")"
        case .runDidEnd(_, _, let stopped):
            guard findings.settled(stopped: stopped), let what = pending else { return }
            pending = nil
            check(after: what, findings)
        default:
            break
        }
    }

    private func check(after transition: String, _ findings: Findings) {
        let simulation = findings.simulation
        let root = simulation.root.view
        guard let source = simulation.sourceView, root.isDescendant(of: simulation.window) else { return }
        guard source.isDescendant(of: root) else {
            return findings.report(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is no longer in the "
                + "presenting screen: its list shows a gap where the tapped row was; leave the row in its list (hide it for the "
                + "transition instead)")
        }
        var current: View? = source
        var opacity = 1.0
        while let view = current, view !== root {
            opacity *= view.isHidden ? 0 : view.alpha
            current = view.superview
        }
        if opacity < 0.01 {
            return findings.report(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is still hidden: its list "
                + "shows a gap where the tapped row was; show it again when the transition ends (isHidden = false, alpha 1)")
        }
        // A row the script moved itself (not a snapshot of it) must be back in its place.
        let list = simulation.list
        if let index = simulation.rows.firstIndex(where: { $0 === source }), source.superview === list {
            let home = ListLayout.rowFrame(index, listHeight: list.bounds.height, width: list.bounds.width)
            if !source.frame.isClose(to: home) || !source.layerTransform.isIdentity {
                findings.report(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is left at "
                    + "\(source.frame.described)\(source.layerTransform.isIdentity ? "" : ", transformed,") instead of its place "
                    + "in the list, \(home.described): put it back (frame and transform) when the transition ends")
            }
        }
    }
}

import Geometry
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
        // The tapped row of the list, or a control of the screen (the compose or Edit button): each has its place.
        let row = simulation.rows.firstIndex { $0 === source }
        let tapped = row == nil ? "button" : "row"
        let place = row == nil ? "its place on the screen" : "its list"
        guard source.isDescendant(of: root) else {
            return findings.report(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is no longer in the "
                + "presenting screen: \(place) shows a gap where the tapped \(tapped) was; leave it there (hide it for the "
                + "transition instead)")
        }
        var current: View? = source
        var opacity = 1.0
        while let view = current, view !== root {
            opacity *= view.isHidden ? 0 : view.alpha
            current = view.superview
        }
        if opacity < 0.01 {
            return findings.report(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is still hidden: \(place) "
                + "shows a gap where the tapped \(tapped) was; show it again when the transition ends (isHidden = false, alpha 1)")
        }
        // A row or a control the script moved itself (not a snapshot of it) must be back in its place, in its superview.
        let list = simulation.list
        let home: (superview: View, frame: Rect)? = if let row {
            (list, ListLayout.rowFrame(row, listHeight: list.bounds.height, width: list.bounds.width))
        } else if let control = simulation.controls.first(where: { $0.value === source })?.key {
            (root, ListLayout.controlFrame(control, screen: root.bounds.size, safeArea: simulation.safeAreaInsets))
        } else {
            nil
        }
        if let home, source.superview !== home.superview || !source.frame.isClose(to: home.frame) || !source.layerTransform.isIdentity {
            findings.report(.sourceViewLeftHidden, "after \(transition) the source view '\(source.name)' is left at "
                + "\(source.frame.described)\(source.superview === home.superview ? "" : " in '\(source.superview?.name ?? "nothing")'")"
                + "\(source.layerTransform.isIdentity ? "" : ", transformed,") instead of its place in \(row == nil ? "the screen" : "the list"), "
                + "\(home.frame.described): put it back (superview, frame and transform) when the transition ends")
        }
    }
}

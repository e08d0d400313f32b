import Transitions

/// left-in-presenting-view: views added into the presenting screen's view
/// during a presentation (dimming put on it, a snapshot parked there) and
/// still in it after the dismissal: the presenting screen is no longer the
/// one the user left. Judged after the coordinator's completions, the last
/// place to take them away. The list's rows are the host's own.
final class LeftInPresentingViewCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.presentationWillBegin, .transitionDidEnd]

    /// Each presentation's presenting hierarchy when it began, by presentation
    /// controller (held, so that its identifier is not reused while the
    /// entry stands); the views are held so that none of theirs is either.
    private var atStart: [ObjectIdentifier: (controller: PresentationController, views: [ObjectIdentifier: View])] = [:]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .presentationWillBegin(let controller):
            // Before any of the controller's hooks (its flags included) can add a view.
            atStart[ObjectIdentifier(controller)] = (controller, Dictionary(uniqueKeysWithValues:
                controller.presentingViewController.view.descendants.map { (ObjectIdentifier($0), $0) }))
        case .transitionDidEnd(let transition, false):
            // A cancelled presentation: nothing of it stays to be dismissed.
            if transition.presenting, let controller = transition.controller { atStart[ObjectIdentifier(controller)] = nil }
        case .transitionDidEnd(let transition, true):
            // Only a presentation this check saw begin: what stood before it is unknown otherwise.
            guard transition.operation == .dismiss, let controller = transition.controller,
                  let start = atStart.removeValue(forKey: ObjectIdentifier(controller))?.views else { return }
            let rows = Set(findings.simulation.rows.map(ObjectIdentifier.init))
            let added = transition.presenter.view.descendants.filter {
                start[ObjectIdentifier($0)] == nil && !rows.contains(ObjectIdentifier($0))
            }
            // One finding for each outermost added view (its subviews went with it), three at most, the last saying how many more.
            let addedIDs = Set(added.map(ObjectIdentifier.init))
            let outermost = added.filter { view in view.superview.map { !addedIDs.contains(ObjectIdentifier($0)) } ?? true }
            for (index, view) in outermost.prefix(3).enumerated() {
                let more = index == 2 && outermost.count > 3 ? " (and \(outermost.count - 3) more views like it)" : ""
                findings.report(.leftInPresentingView, "'\(view.name)' was added to the presenting "
                    + "view during the presentation and is still in it after the dismissal\(more); remove it when the dismissal "
                    + "completes (dismissalTransitionDidEnd(true), or the completion of the animation that hid it)")
            }
        default:
            break
        }
    }
}

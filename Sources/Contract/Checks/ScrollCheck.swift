import Transitions

/// dismissed-while-scrolled: a drag that dismisses must not move the sheet
/// while the content it holds is scrolled down (it scrolls back to the top
/// first). Reported once a transition.
final class ScrollCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.interactionWillUpdate]

    private weak var reported: TransitionDriver?

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        guard case .interactionWillUpdate(let transition, let percent) = event, percent > 0, reported !== transition else { return }
        func scrolled(_ view: View) -> View? {
            if view.isScrollView && view.contentOffset.y > 0.5 { return view }
            return view.subviews.lazy.compactMap(scrolled).first
        }
        guard let view = scrolled(transition.presented.view) else { return }
        reported = transition
        findings.report(.dismissedWhileScrolled, "the dismissal moved while '\(view.name)' was scrolled "
            + "\(formatted(view.contentOffset.y, decimals: 1)) pt down; scroll it to the top before the drag dismisses")
    }
}

import Transitions

/// dismissed-while-scrolled: a drag that dismisses must not move the sheet
/// while the content it holds is scrolled down (it scrolls back to the top
/// first). Judged two ways: the transition's percent moving past 0 while a
/// scroll view in the presented screen is scrolled (a percent-driven
/// dismissal), and the screen the drag is on showing away from where it was
/// when the drag began while the scroll view sharing the drag is scrolled (any
/// drag: an interaction controller of the app's own, or one that moves the
/// screen itself). Reported once a transition, or once a drag.
final class ScrollCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.interactionWillUpdate, .clockDidAdvance]

    /// Weak (a `Link`: a weak reference would give every driver it held a side table).
    private var reportedLink: Link<TransitionDriver>?
    private var reported: TransitionDriver? {
        get { reportedLink?.object }
        set { reportedLink = newValue?.link }
    }
    private weak var reportedPan: ScrollViewPan?

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .interactionWillUpdate(let transition, let percent):
            guard percent > 0, reported !== transition else { return }
            func scrolled(_ view: View) -> View? {
                if view.isScrollView && view.contentOffset.y > 0.5 { return view }
                return view.subviews.lazy.compactMap(scrolled).first
            }
            guard let view = scrolled(transition.presented.view) else { return }
            reported = transition
            reportedPan = findings.simulation.sharedScroll
            report(view, moved: transition.presented.view, findings)
        case .clockDidAdvance:
            let simulation = findings.simulation
            guard let pan = simulation.sharedScroll, reportedPan !== pan, pan.view.contentOffset.y > 0.5,
                  let start = pan.startFrame, let now = simulation.visibleFrame(of: pan.sharedWith),
                  abs(now.minX - start.minX) > 0.5 || abs(now.minY - start.minY) > 0.5 else { return }
            reportedPan = pan
            reported = simulation.transition
            report(pan.view, moved: pan.sharedWith, findings)
        default:
            break
        }
    }

    private func report(_ view: View, moved screen: View, _ findings: Findings) {
        findings.report(.dismissedWhileScrolled, "'\(screen.name)' moved while '\(view.name)' was scrolled "
            + "\(formatted(view.contentOffset.y, decimals: 1)) pt down: the drag should bring the content to its top before it moves the screen")
    }
}

import Transitions

/// model-changed-after-cancel: a cancelled interactive transition rolls back
/// only what is on screen; the values the animation block set stay in the
/// model unless the completion restores them. Judged once the code that
/// called completeTransition has returned (the clock moves on, the next
/// transition is asked for, or the run ends), so that a restore written
/// after the call, in the same completion, counts as a restore.
final class CancelledModelCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.transitionWillAnimate, .completionsWillRun, .transitionDidEnd, .transitionRequested, .clockDidAdvance, .runDidEnd]

    /// The transition's views as they stood when its animator was asked to animate.
    private struct Start {
        /// Weak (a `Link`, which gives the driver no side table).
        let transitionLink: Link<TransitionDriver>
        var transition: TransitionDriver? { transitionLink.object }
        let fromState: ViewState?
        /// A dismissal's presenting view: a cancel must leave it there, under the modal that stays.
        let presenter: (state: ViewState, superview: View?, index: Int?)?
        /// A dismissal's chrome, which its alongside animations may have changed.
        let chrome: [ViewState]
    }

    private var start: Start?
    private var pending: ((Findings) -> Void)?

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .transitionWillAnimate(let transition):
            let presenter = transition.presenter.view
            start = Start(transitionLink: transition.link, fromState: transition.context.view(forKey: .from)?.model,
                          presenter: transition.presenting ? nil
                              : (presenter.model, presenter.superview, presenter.superview?.sublayers.firstIndex { $0 === presenter }),
                          chrome: transition.presenting ? [] : transition.chrome.map(\.model))
        case .completionsWillRun(let transition, let completed):
            guard !completed, let start, start.transition === transition, let fromState = start.fromState,
                  let fromView = transition.context.view(forKey: .from) else { return }
            let presenter = transition.presenter.view
            pending = { findings in
                if Self.changed(fromState, fromView.model) {
                    findings.report(.modelChangedAfterCancel, "after the cancel, the from-view '\(fromView.name)' keeps the values set in the "
                        + "animation block (only what is on screen rolled back); restore them in the completion when transitionWasCancelled")
                }
                // The screen behind a modal that stays: moved, changed or put in front, it covers or crowds the modal.
                // Only a presenter that stayed in the window (a style that keeps it): one taken out is the engine's to put back.
                guard let atStart = start.presenter, atStart.superview != nil, presenter !== fromView else { return }
                let index = presenter.superview?.sublayers.firstIndex { $0 === presenter }
                if Self.changed(atStart.state, presenter.model) || presenter.superview !== atStart.superview || index != atStart.index {
                    findings.report(.modelChangedAfterCancel, "after the cancelled dismissal, the presenting view '\(presenter.name)' is left "
                        + "moved (its frame, alpha, transform or place among its siblings changed) while the modal stays presented; "
                        + "put it back in the completion when transitionWasCancelled")
                }
            }
        case .transitionDidEnd(let transition, let completed):
            // The coordinator's completions were the last place to restore the chrome an alongside animation changed.
            defer { start = nil }
            guard !completed, !transition.presenting, let start, start.transition === transition else { return }
            for (view, state) in zip(transition.chrome, start.chrome) where Self.changed(state, view.model) {
                findings.report(.modelChangedAfterCancel, hook: "dismissalTransitionWillBegin",
                                "after the cancel, '\(view.name)' keeps the values set in the alongside "
                    + "animation (only what is on screen rolled back); restore them in the coordinator's completion when it isCancelled")
            }
        case .transitionRequested, .clockDidAdvance, .runDidEnd:
            if let check = pending {
                pending = nil
                check(findings)
            }
        default:
            break
        }
    }

    private static func changed(_ a: ViewState, _ b: ViewState) -> Bool {
        !a.frame.isClose(to: b.frame) || abs(a.alpha - b.alpha) > 1e-6 || a.transform != b.transform
    }
}

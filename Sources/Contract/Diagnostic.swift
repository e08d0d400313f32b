/// A breach of UIKit's transition contract, said so a user can act on it.
public struct Diagnostic: Sendable, Equatable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case neverCompleted, completedTwice, completedAfterCancel, presentedViewNotAtFinalFrame
        /// completeTransition called while a gesture still drives the transition (before finish or cancel).
        case completedWhileInteractive
        case chromeLeftBehind, presentingViewMissing, modelChangedAfterCancel, hierarchyChangedInQuery
        case animationsStillRunning, notLaidOutAfterSizeChange, unsupportedStyle
        case coveredByKeyboard, dismissedWhileScrolled
        /// present or dismiss called while a transition is still running (UIKit refuses it).
        case presentedWhileTransitioning
        /// A completed presentation that shows nothing: the presented view is
        /// not in the window, invisible, or entirely off screen.
        case presentedViewNotVisible
        /// Slides, zooms, spins or 3-D turns while Reduce Motion is on.
        case largeMotionUnderReduceMotion
        /// The tapped row a zoom grew from is left hidden, or out of its
        /// screen, once that screen shows again: the list has a gap.
        case sourceViewLeftHidden
        /// A view added into the presenting view during a presentation and
        /// still there after the dismissal: the screen is not as the user left it.
        case leftInPresentingView
        /// beginAppearanceTransition and endAppearanceTransition called by hand out of step: a begin while the
        /// controller is already appearing or disappearing, an end with no begin, a begin never ended.
        case unbalancedAppearanceCalls
    }

    public let kind: Kind
    /// The UIKit hook whose code should have prevented it ("animateTransition",
    /// "dismissalTransitionDidEnd" …), so a script's breach can be placed at its own hook.
    public let hook: String
    /// Seconds on the simulation clock.
    public let time: Double
    public let message: String

    public var description: String { message }

    static func make(_ kind: Kind, hook: String? = nil, at time: Double, _ message: String) -> Diagnostic {
        Diagnostic(kind: kind, hook: hook ?? kind.hook, time: time, message: message)
    }
}

extension Diagnostic.Kind {
    /// The hook a breach of this kind usually belongs to.
    var hook: String {
        switch self {
        case .neverCompleted, .presentedViewNotAtFinalFrame, .presentingViewMissing, .modelChangedAfterCancel,
             .animationsStillRunning:
            "animateTransition"
        case .completedTwice, .completedAfterCancel, .completedWhileInteractive: "completeTransition"
        case .chromeLeftBehind, .leftInPresentingView: "dismissalTransitionDidEnd"
        case .hierarchyChangedInQuery: "frameOfPresentedViewInContainerView"
        case .notLaidOutAfterSizeChange: "containerViewWillLayoutSubviews"
        case .unsupportedStyle: "presentationStyle"
        case .coveredByKeyboard: "keyboardWillChangeFrame"
        case .dismissedWhileScrolled: "interaction"
        case .presentedWhileTransitioning, .presentedViewNotVisible, .largeMotionUnderReduceMotion, .sourceViewLeftHidden: "animateTransition"
        case .unbalancedAppearanceCalls: "beginAppearanceTransition"
        }
    }
}

extension Diagnostic {
    /// One root cause, one error: of one phase's findings, those that do not
    /// follow from another. A presented view that is not shown at all is the
    /// error; where it ends, or that it was not laid out after a rotation, is
    /// the same mistake said again.
    public static func rootCauses(_ findings: some Collection<Diagnostic>) -> [Diagnostic] {
        let unseen = findings.contains { $0.kind == .presentedViewNotVisible }
        // A transition completed under the finger leaves its animations on a timeline no one moves again: still running,
        // for the same reason.
        let early = findings.contains { $0.kind == .completedWhileInteractive }
        return findings.filter {
            !(unseen && [.presentedViewNotAtFinalFrame, .notLaidOutAfterSizeChange].contains($0.kind)) && !(early && $0.kind == .animationsStillRunning)
        }
    }
}

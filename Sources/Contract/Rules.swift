import Transitions

/// Every rule, in the order `segue explain` lists them.
public enum Rules {
    static let apple = "https://developer.apple.com/documentation/uikit/"

    static func reference(_ title: String, _ path: String) -> Rule.Reference {
        Rule.Reference(title: title, url: apple + path)
    }

    static let completeTransition = reference("completeTransition(_:)", "uiviewcontrollercontexttransitioning/completetransition(_:)")
    static let transitionWasCancelled = reference("transitionWasCancelled", "uiviewcontrollercontexttransitioning/transitionwascancelled")
    static let finalFrame = reference("finalFrame(for:)", "uiviewcontrollercontexttransitioning/finalframe(for:)")
    static let viewForKey = reference("view(forKey:)", "uiviewcontrollercontexttransitioning/view(forkey:)")
    static let animateTransition = reference("animateTransition(using:)", "uiviewcontrolleranimatedtransitioning/animatetransition(using:)")
    static let customPresentations = reference("Creating a custom presentation", "creating-a-custom-presentation")
    static let frameOfPresentedView = reference("frameOfPresentedViewInContainerView",
                                                "uipresentationcontroller/frameofpresentedviewincontainerview")
    static let dismissalDidEnd = reference("dismissalTransitionDidEnd(_:)", "uipresentationcontroller/dismissaltransitiondidend(_:)")
    static let willLayout = reference("containerViewWillLayoutSubviews()", "uipresentationcontroller/containerviewwilllayoutsubviews()")
    static let present = reference("present(_:animated:completion:)", "uiviewcontroller/present(_:animated:completion:)")
    static let presentationStyle = reference("UIModalPresentationStyle", "uimodalpresentationstyle")
    static let partialCurl = reference("UIModalTransitionStyle.partialCurl", "uimodaltransitionstyle/partialcurl")
    static let keyboard = reference("keyboardWillChangeFrameNotification", "uiresponder/keyboardwillchangeframenotification")
    static let reduceMotion = reference("isReduceMotionEnabled", "uiaccessibility/isreducemotionenabled")
    static let beginAppearance = reference("beginAppearanceTransition(_:animated:)", "uiviewcontroller/beginappearancetransition(_:animated:)")
    static let endAppearance = reference("endAppearanceTransition()", "uiviewcontroller/endappearancetransition()")
    static let zoom = reference("UIViewController.Transition.zoom(options:sourceViewProvider:)",
                                "uiviewcontroller/transition/zoom(options:sourceviewprovider:)")
    static let percentDriven = reference("UIPercentDrivenInteractiveTransition", "uipercentdriveninteractivetransition")
    static let scrollView = reference("UIScrollView.contentOffset", "uiscrollview/contentoffset")

    public static let all: [Rule] = [
        rule(.neverCompleted, .error,
             "completeTransition is never called",
             "Until the animator calls completeTransition, UIKit keeps the transition running: the window ignores every "
                + "touch and the presented controller never finishes appearing, so the app looks frozen. Call it exactly once, "
                + "in the completion of the last animation, as ctx:completeTransition(not ctx:transitionWasCancelled()).",
             [completeTransition, animateTransition]),
        rule(.completedTwice, .warning,
             "completeTransition is called more than once, or on a context that has ended",
             "UIKit acts on the first call and ignores the rest, so a second call usually means two completions think they are "
                + "the last (two animations each completing the transition), and the one that runs first ends it early.",
             [completeTransition]),
        rule(.completedAfterCancel, .error,
             "completeTransition's argument disagrees with transitionWasCancelled",
             "After an interactive transition is cancelled, UIKit expects completeTransition(false), and after one that "
                + "finished, completeTransition(true). Passing true after a cancel leaves the controller hierarchy "
                + "half-changed; passing false after a finish undoes a transition the user saw complete. "
                + "Pass not ctx:transitionWasCancelled().",
             [completeTransition, transitionWasCancelled]),
        rule(.completedWhileInteractive, .error,
             "completeTransition is called while a gesture still drives the transition",
             "An interactive transition ends when the interaction controller finishes or cancels it and the rest of the "
                + "animation has played: only then does transitionWasCancelled say which. Called earlier (from delayed work "
                + "or a timer that runs on the clock while the finger holds the transition still), it ends the transition "
                + "under the user's finger with an answer no one has given yet. Complete from the last animation's completion.",
             [completeTransition, percentDriven]),
        rule(.presentedViewNotAtFinalFrame, .error,
             "the presented view ends away from the frame the presentation asked for",
             "UIKit lays the presented view out at frameOfPresentedViewInContainerView (the context's finalFrame(for:)); "
                + "an animator that leaves it elsewhere shows the screen in one place until the next layout pass moves it, "
                + "a visible jump. End the animation at ctx:finalFrame(toVC).",
             [finalFrame, frameOfPresentedView]),
        rule(.chromeLeftBehind, .warning,
             "a view the presentation controller added is still there after the dismissal",
             "Chrome (a dimming view, a handle) added in presentationTransitionWillBegin belongs to the presentation: remove it "
                + "in dismissalTransitionDidEnd when it completed, and in presentationTransitionDidEnd when a presentation was "
                + "cancelled. UIKit throws the container away, so users rarely see it, but a controller reused for the next "
                + "presentation shows two.",
             [customPresentations, dismissalDidEnd]),
        rule(.presentingViewMissing, .error,
             "after the dismissal the presenting view is not in the window",
             "A full-screen presentation takes the presenter's view out of the window; dismissing, the animator gets it back "
                + "as view(forKey: .to) and must add it to the container. Without it the user returns to a black screen.",
             [viewForKey, animateTransition]),
        rule(.modelChangedAfterCancel, .error,
             "after a cancelled interactive transition a view keeps the values the transition gave it",
             "A cancelled transition must leave the screen as it was: the from-view at its frame, alpha and transform, the "
                + "presenter where it stood. Restore what the animation changed when transitionWasCancelled is true, in the "
                + "completion (before or after completeTransition, in the same completion).",
             [transitionWasCancelled, percentDriven]),
        rule(.hierarchyChangedInQuery, .warning,
             "a query hook changed the view hierarchy",
             "frameOfPresentedViewInContainerView and the other queries may be called any number of times, at any moment; "
                + "a view added there is added again on every call. Build views in presentationTransitionWillBegin, answer "
                + "queries from state only.",
             [frameOfPresentedView]),
        rule(.animationsStillRunning, .warning,
             "animations of the transition run on after completeTransition",
             "completeTransition ends the transition: UIKit removes the from-view and hands the screen back to the app while "
                + "those animations still move views the user can now touch. Complete in the last animation's completion.",
             [completeTransition]),
        rule(.notLaidOutAfterSizeChange, .error,
             "after a size change the presented view is not at the new frame",
             "When the window changes size (a rotation, a split view), UIKit asks the presentation controller to lay out "
                + "again; a presented view sized once and never again is left at the old size. Set it to "
                + "frameOfPresentedViewInContainerView in containerViewWillLayoutSubviews.",
             [willLayout, frameOfPresentedView]),
        rule(.unsupportedStyle, .error,
             "a presentation style UIKit refuses",
             "UIKit raises an exception for modalPresentationStyle none, and for the partialCurl transition style with any "
                + "presentation style but fullScreen.",
             [presentationStyle, partialCurl]),
        rule(.coveredByKeyboard, .error,
             "the keyboard covers the presented view",
             "A sheet at the bottom of the screen must move up when the keyboard appears, or the user types into fields they "
                + "cannot see. Answer keyboardWillChangeFrame by moving or shrinking the presented view. The engine finds it "
                + "when the keyboard rises, but no standard scenario raises it yet, so check cannot report it for an entry.",
             [keyboard]),
        rule(.dismissedWhileScrolled, .error,
             "a drag dismissed the screen while its content was scrolled",
             "A drag-to-dismiss gesture over scrolling content must scroll the content first and start dismissing only once "
                + "the content is at its top; otherwise the user, scrolling back up, throws the screen away.",
             [scrollView, percentDriven]),
        rule(.presentedWhileTransitioning, .warning,
             "present or dismiss was called while a transition was running",
             "UIKit refuses a presentation or dismissal that starts while another transition runs, with only a line in the "
                + "log: the second call does nothing. Wait for the completion.",
             [present]),
        rule(.presentedViewNotVisible, .error,
             "after the transition the presented screen is not visible",
             "A completed presentation (or a cancelled dismissal) that leaves the presented view out of the window, hidden, "
                + "transparent, behind the eye or off screen shows the user nothing, though the app thinks the screen is up.",
             [animateTransition, finalFrame]),
        rule(.largeMotionUnderReduceMotion, .warning,
             "large motion while Reduce Motion is on",
             "People turn on Reduce Motion because slides, zooms, spins and 3-D turns make them unwell. With "
                + "UIAccessibility.isReduceMotionEnabled, replace the motion with a cross-fade or a short, small movement.",
             [reduceMotion]),
        rule(.sourceViewLeftHidden, .error,
             "the source view a zoom grew from is left hidden or moved",
             "A zoom hides the tapped row (or moves a snapshot of it) while the destination grows from it; when the list shows "
                + "again, the row must be back, visible and in its place, or the list has a gap.",
             [zoom]),
        rule(.leftInPresentingView, .warning,
             "a view added to the presenting view is still there after the dismissal",
             "Views the transition put into the presenter's own view (a snapshot, a shadow) stay in the app's screen after "
                + "the presentation is gone. Remove them when the dismissal completes.",
             [customPresentations, dismissalDidEnd]),
        rule(.unbalancedAppearanceCalls, .error,
             "beginAppearanceTransition and endAppearanceTransition are called out of step",
             "UIKit tells a controller its view is about to appear or disappear (viewWillAppear, viewWillDisappear) and that "
                + "it has (viewDidAppear, viewDidDisappear) for the controllers a transition shows and hides; a custom "
                + "presentation that keeps the presenter's view tells the presenter nothing, and libraries call "
                + "beginAppearanceTransition and endAppearanceTransition on it themselves. Each begin needs its end before the "
                + "next begin: a second begin (on a controller UIKit already tells, or begun twice), an end with nothing "
                + "begun, or a begin never ended leaves the controller's own code (a video that pauses, a timer that stops) "
                + "out of step, and UIKit logs \"Unbalanced calls to begin/end appearance transitions\".",
             [beginAppearance, endAppearance, customPresentations]),
    ]

    static func rule(_ kind: Diagnostic.Kind, _ severity: Rule.Severity, _ summary: String, _ explanation: String,
                     _ references: [Rule.Reference]) -> Rule {
        let id = identifier(of: kind)
        return Rule(id: id, kind: kind, severity: severity, summary: summary, explanation: explanation, references: references,
                    examples: RuleExamples.examples[id] ?? [])
    }

    /// The kind's name in kebab case: neverCompleted → never-completed.
    public static func identifier(of kind: Diagnostic.Kind) -> String {
        var id = ""
        for scalar in kind.rawValue.unicodeScalars {
            if ("A"..."Z").contains(scalar) {
                id += "-" + String(scalar).lowercased()
            } else {
                id.unicodeScalars.append(scalar)
            }
        }
        return id
    }

    public static func rule(for kind: Diagnostic.Kind) -> Rule? {
        all.first { $0.kind == kind }
    }

    public static func rule(id: String) -> Rule? {
        all.first { $0.id == id }
    }
}

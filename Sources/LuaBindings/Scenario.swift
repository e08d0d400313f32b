import Animation
import Catalogue
import Contract
import Geometry
import LuaRuntime
import RenderTree
import Transitions

/// The standard runs `segue check` puts every entry through.
public enum Scenario: String, Sendable, CaseIterable {
    case present
    case dismiss
    case presentThenDismiss = "present-then-dismiss"
    case interactiveFinish = "interactive-finish"
    /// A short fast flick of the entry's gesture, let go at speed: its rule decides.
    case interactiveFlick = "interactive-flick"
    case interactiveCancel10 = "interactive-cancel-10"
    case interactiveCancel50 = "interactive-cancel-50"
    case interactiveCancel99 = "interactive-cancel-99"
    /// For a dismissal, or a drag of the presented screen, that says how it shares a drag with a scroll view: the content
    /// under check's drag scrolled down (as the user left it), then a drag down that brings it back to the top and
    /// dismisses, let go: the content must be at its top before the screen moves, and the screen go.
    case interactiveScrolled = "interactive-scrolled"
    case rotation = "rotation-while-presented"
    case nonAnimatedPresent = "non-animated-present"
    /// The entry's presentation gesture drags the presented screen in (70 %, let go).
    case interactivePresent = "interactive-present"
    /// The entry's drag on the presented screen (interaction.presented): past its end, a little, a lot.
    case dragPresented = "drag-presented"
    /// Present, then tap where a tap recognizer the entry put on screen takes it (the dimming, a close button): a
    /// dismissal that follows is checked as any other. Run only for entries with one on screen once presented.
    case tapToDismiss = "tap-to-dismiss"
    /// Present, then dismiss, with Reduce Motion on: large motion is reported.
    case reduceMotion = "reduce-motion"
    /// A navigation controller pushes a screen with the entry's animator (`navigation = true`).
    case push
    /// Push, then pop.
    case pop
    /// Push, then pop by the entry's pop gesture (`interaction.pop`; UIKit's edge swipe from the left): 70 %, let go.
    case interactivePop = "interactive-pop"
    /// Push, then a pop gesture the system takes away half way.
    case interactivePopCancel = "interactive-pop-cancel"

    var cancelAt: Double? {
        switch self {
        case .interactiveCancel10: 0.1
        case .interactiveCancel50: 0.5
        case .interactiveCancel99: 0.99
        default: nil
        }
    }

    /// Drives the dismissal by the entry's gesture.
    var isInteractive: Bool { self == .interactiveFinish || self == .interactiveFlick || cancelAt != nil }

    /// Runs the entry as a navigation controller's animator.
    public var isNavigation: Bool { self == .push || self == .pop || self == .interactivePop || self == .interactivePopCancel }
}

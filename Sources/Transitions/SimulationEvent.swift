import Geometry

/// The moments of a run at which UIKit's transition contract can be judged,
/// told to the simulation's observers as they happen. The engine says what
/// happened and nothing about whether it was right: the rules that judge it
/// live in the Contract module, which observes these events.
public enum SimulationEvent {
    /// A query hook (`presentedView`, `frameOfPresentedViewInContainerView` …)
    /// is about to be asked, and has answered.
    case queryWillBegin(hook: String)
    case queryDidEnd(hook: String)
    /// UIKit refused a call and carried on (or raises, where said).
    case refused(Refusal)
    /// A present, dismiss, push or pop passed its checks and is about to
    /// start: what the last transition left behind is final now.
    case transitionRequested
    /// A presentation's controllers are linked and its presentation
    /// controller chosen; none of that controller's own hooks has run yet.
    case presentationWillBegin(PresentationController)
    /// The new transition is the simulation's `transition`; no hook of it has run yet.
    case transitionWillBegin(TransitionDriver)
    /// The context exists and the animator (or interaction controller) is
    /// about to be asked to animate.
    case transitionWillAnimate(TransitionDriver)
    /// An interactive transition is about to be updated to this percent.
    case interactionWillUpdate(TransitionDriver, percent: Double)
    /// `completeTransition(didComplete)` was called; `ignored` when it was not the first call.
    case completeTransitionCalled(TransitionDriver, didComplete: Bool, ignored: Bool)
    /// UIKit's clean-up after completeTransition is done and the did-end
    /// hook has returned (`presentationTransitionDidEnd`,
    /// `dismissalTransitionDidEnd`, `navigationController(_:didShow:)`).
    /// A completed presentation comes with where its view ended and where
    /// its controller says it belongs (asked here, once, as UIKit's layout would).
    case transitionDidCleanUp(TransitionDriver, completed: Bool, layout: PresentedLayout?)
    /// The presentation's completion is about to run (then animationEnded and
    /// the coordinator's completions).
    case completionsWillRun(TransitionDriver, completed: Bool)
    /// The coordinator's last completion has returned; the transition is over
    /// and is no longer the simulation's `transition`.
    case transitionDidEnd(TransitionDriver, completed: Bool)
    /// beginAppearanceTransition (`appearing` true or false) or endAppearanceTransition (`appearing` nil) is about to
    /// be called on `controller`, by UIKit or by the script (`byHand`): its `appearance` is still what it was.
    case appearanceCalled(ViewController, appearing: Bool?, byHand: Bool)
    /// A rotation's (or resize's) animation finished and its completions
    /// ran: each presentation's view, where it is and where it belongs.
    case sizeChangeDidEnd([PresentedLayout])
    /// The keyboard finished rising to `frame` over these presentations
    /// (those whose style does not cover the window; nothing asked of where they belong).
    case keyboardDidRise(frame: Rect, [PresentedLayout])
    /// `advance(to:)` returned: every callback due by now has run and returned.
    case clockDidAdvance
    /// `runUntilIdle` is about to step the clock, and has drawn one more frame.
    case runWillStart
    case frameDidAdvance
    /// `runUntilIdle` stopped: the run's start and its limit in seconds, and
    /// whether the caller stopped it early (out of time or memory).
    case runDidEnd(start: Double, limit: Double, stopped: Bool)

    /// Which event this is, without its payload: what an observer says it listens to.
    public enum Kind: Int, CaseIterable, Sendable {
        case queryWillBegin, queryDidEnd, refused, transitionRequested, presentationWillBegin, transitionWillBegin
        case transitionWillAnimate, interactionWillUpdate, completeTransitionCalled, transitionDidCleanUp, completionsWillRun
        case transitionDidEnd, sizeChangeDidEnd, keyboardDidRise, clockDidAdvance, runWillStart, frameDidAdvance, runDidEnd
        case appearanceCalled
    }

    public var kind: Kind {
        switch self {
        case .queryWillBegin: .queryWillBegin
        case .queryDidEnd: .queryDidEnd
        case .refused: .refused
        case .transitionRequested: .transitionRequested
        case .presentationWillBegin: .presentationWillBegin
        case .transitionWillBegin: .transitionWillBegin
        case .transitionWillAnimate: .transitionWillAnimate
        case .interactionWillUpdate: .interactionWillUpdate
        case .completeTransitionCalled: .completeTransitionCalled
        case .transitionDidCleanUp: .transitionDidCleanUp
        case .completionsWillRun: .completionsWillRun
        case .transitionDidEnd: .transitionDidEnd
        case .sizeChangeDidEnd: .sizeChangeDidEnd
        case .keyboardDidRise: .keyboardDidRise
        case .clockDidAdvance: .clockDidAdvance
        case .runWillStart: .runWillStart
        case .frameDidAdvance: .frameDidAdvance
        case .runDidEnd: .runDidEnd
        case .appearanceCalled: .appearanceCalled
        }
    }

    public enum Refusal {
        /// `modalPresentationStyle = .none`: UIKit raises.
        case styleNone
        /// `.partialCurl` outside `.fullScreen`: UIKit raises.
        case partialCurlOutsideFullScreen
        /// A controller already in the navigation stack, or presented, pushed again: UIKit raises.
        case pushOfShownController(name: String)
        /// present, dismiss, push or pop (the call's name) while a transition runs.
        case duringTransition(call: String)
    }
}

/// A presented view as the engine found it at an event: the controller's
/// `presentedView`, its frame, and `frameOfPresentedViewInContainerView`
/// where the event asked for it. Handed over so that no observer calls a
/// presentation controller's hooks (a script's) itself.
public struct PresentedLayout {
    public let controller: PresentationController
    public let view: View
    public let frame: Rect
    public let expected: Rect?
}

/// Told every event of a simulation it observes, in order.
public protocol SimulationObserver: AnyObject {
    func simulation(_ simulation: Simulation, did event: SimulationEvent)
}

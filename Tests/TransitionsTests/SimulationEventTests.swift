import Geometry
import Testing
@testable import Transitions

/// What the engine tells its observers (the contract's rules): the moments
/// of a transition in UIKit's order (uikit-transitions.md §3), each once.
@Suite struct SimulationEventTests {
    /// Records each event by name, with the hook that was last recorded
    /// before it, so its place among UIKit's hooks shows.
    final class Recorder: SimulationObserver {
        var events: [String] = []
        func simulation(_ simulation: Simulation, did event: SimulationEvent) {
            let name: String = switch event {
            case .queryWillBegin(let hook): "queryWillBegin \(hook)"
            case .queryDidEnd(let hook): "queryDidEnd \(hook)"
            case .refused: "refused"
            case .transitionRequested: "transitionRequested"
            case .presentationWillBegin: "presentationWillBegin"
            case .transitionWillBegin: "transitionWillBegin"
            case .transitionWillAnimate: "transitionWillAnimate"
            case .interactionWillUpdate(_, let percent): "interactionWillUpdate \(percent)"
            case .completeTransitionCalled(_, let didComplete, let ignored): "completeTransitionCalled \(didComplete) \(ignored)"
            case .transitionDidCleanUp(_, let completed, _): "transitionDidCleanUp \(completed) after \(simulation.hooks.last!.hook)"
            case .completionsWillRun(_, let completed): "completionsWillRun \(completed)"
            case .transitionDidEnd(_, let completed): "transitionDidEnd \(completed) after \(simulation.hooks.last!.hook)"
            case .sizeChangeDidEnd: "sizeChangeDidEnd"
            case .keyboardDidRise: "keyboardDidRise"
            case .clockDidAdvance, .frameDidAdvance, .runWillStart: ""
            case .runDidEnd(_, _, let stopped): "runDidEnd \(stopped)"
            case .appearanceCalled(let controller, let appearing, let byHand):
                "appearanceCalled \(controller.name) \(appearing.map { $0 ? "appearing" : "disappearing" } ?? "end")\(byHand ? " by hand" : "")"
            }
            if !name.isEmpty { events.append(name) }
        }
    }

    @Test func aPresentationAndADismissalInUIKitsOrder() {
        let (simulation, presented, _) = halfScreen()
        let recorder = Recorder()
        simulation.observers.append(recorder)
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.dismiss()
        simulation.runUntilIdle()
        // The fixture's controller asks its own frame when the new container is laid out (after
        // animateTransition), and its dimming fades out alongside the dismissal with a completion.
        #expect(recorder.events == [
            "transitionRequested", "presentationWillBegin", "transitionWillBegin", "queryWillBegin presentedView", "queryDidEnd presentedView",
            // A custom presentation that keeps the presenter's view: only the presented controller appears.
            "appearanceCalled presented appearing", "transitionWillAnimate",
            "queryWillBegin frameOfPresentedViewInContainerView", "queryDidEnd frameOfPresentedViewInContainerView",
            "completeTransitionCalled true false",
            "transitionDidCleanUp true after presentationTransitionDidEnd", "appearanceCalled presented end", "completionsWillRun true",
            "transitionDidEnd true after animationEnded", "runDidEnd false",
        ] + [
            "transitionRequested", "transitionWillBegin", "queryWillBegin presentedView", "queryDidEnd presentedView",
            "appearanceCalled presented disappearing", "transitionWillAnimate", "completeTransitionCalled true false",
            "transitionDidCleanUp true after dismissalTransitionDidEnd", "appearanceCalled presented end", "completionsWillRun true",
            "transitionDidEnd true after alongsideCompletion", "runDidEnd false",
        ])
    }

    /// A cancelled interactive dismissal: the updates are told before they
    /// apply, and the end says it did not complete.
    @Test func aCancelledInteractiveDismissal() {
        let (simulation, presented, _) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        let recorder = Recorder()
        simulation.observers.append(recorder)
        simulation.dismiss(interaction: InteractionPlan(steps: [(0.1, .update(0.25)), (0.2, .update(0.5)), (0.3, .cancel)]))
        simulation.runUntilIdle()
        #expect(recorder.events == [
            "transitionRequested", "transitionWillBegin", "queryWillBegin presentedView", "queryDidEnd presentedView",
            "appearanceCalled presented disappearing", "transitionWillAnimate", "interactionWillUpdate 0.25", "interactionWillUpdate 0.5",
            "completeTransitionCalled false false", "transitionDidCleanUp false after dismissalTransitionDidEnd",
            // Cancelled: the presented controller comes back (UIKit's order for a cancelled interactive pop).
            "appearanceCalled presented appearing", "appearanceCalled presented end",
            "completionsWillRun false", "transitionDidEnd false after alongsideCompletion", "runDidEnd false",
        ])
        // Over: the simulation no longer holds it as running.
        #expect(simulation.transition == nil)
    }

    /// What UIKit refuses is said as a refusal, and nothing of a transition follows.
    @Test func aRefusedPresentationStartsNothing() {
        let (simulation, presented, _) = halfScreen()
        presented.modalPresentationStyle = .none
        let recorder = Recorder()
        simulation.observers.append(recorder)
        simulation.present(presented)
        simulation.runUntilIdle()
        #expect(recorder.events == ["transitionRequested", "refused", "runDidEnd false"])
    }
}

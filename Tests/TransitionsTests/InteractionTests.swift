import Animation
import Contract
import Geometry
import Testing
import TestSupport
@testable import Transitions

@Suite struct InteractionTimingTests {
    /// Presents, then dismisses interactively: drag to p over 0.3 s, then finish or cancel.
    func interactiveDismissal(percent p: Double, end: InteractionPlan.Action, speed: Double)
        -> (simulation: Simulation, start: Double, completedAt: Double?, ok: Bool?) {
        let (simulation, presented, delegate) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        let interaction = PercentDrivenInteractiveTransition(animator: delegate.dismiss)
        interaction.completionSpeed = speed
        interaction.completionCurve = .linear
        final class Provider: TransitioningDelegate {
            let inner: Delegate
            let interaction: PercentDrivenInteractiveTransition
            init(_ inner: Delegate, _ interaction: PercentDrivenInteractiveTransition) { (self.inner, self.interaction) = (inner, interaction) }
            func animator(forDismissed dismissed: ViewController) -> Animator? { inner.dismiss }
            func interactionController(forDismissal animator: Animator) -> InteractionController? { interaction }
        }
        presented.transitioningDelegate = Provider(delegate, interaction)
        let start = simulation.now
        simulation.dismiss(interaction: .drag(to: p, over: 0.3, then: end))
        simulation.runUntilIdle(fps: 120)
        let complete = simulation.hooks.last { $0.hook == "completeTransition" }
        return (simulation, start, complete?.time, complete.map { $0.detail == "true" })
    }

    static let cases: [(percent: Double, finish: Bool, speed: Double)] = [
        (0.4, true, 1), (0.4, true, 2), (0.4, false, 1), (0.4, false, 2), (0.9, true, 1), (0.1, false, 2),
    ]

    @Test(arguments: cases)
    func finishAndCancelTakeTheRestOfTheTimeOverTheSpeed(percent p: Double, finish: Bool, speed: Double) {
        let d = 0.5
        let run = interactiveDismissal(percent: p, end: finish ? .finish : .cancel, speed: speed)
        let expected = run.start + 0.3 + (finish ? (1 - p) * d : p * d) / speed
        #expect(run.ok == finish)
        #expect(approximately(run.completedAt ?? -1, expected, tolerance: 1e-6), "completed at \(run.completedAt ?? -1), expected \(expected)")
        #expect(run.simulation.diagnostics.isEmpty, "\(run.simulation.diagnostics)")
    }

    /// While interactive, time is percent × duration, linearly; the
    /// animation's own curve still shapes the value.
    @Test func scrubbingIsLinearInTime() {
        let (simulation, presented, _) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        let start = simulation.now
        simulation.dismiss(interaction: InteractionPlan(steps: [(0.1, .update(0.2)), (0.2, .update(0.7)), (5, .cancel)]))
        simulation.advance(to: start + 0.15)
        #expect(approximately(presented.view.presentation.alpha, 1 - TimingCurve.easeInOut.value(at: 0.2)))
        simulation.advance(to: start + 1)
        #expect(approximately(presented.view.presentation.alpha, 1 - TimingCurve.easeInOut.value(at: 0.7)))
        #expect(simulation.isTransitioning, "nothing moves while the finger holds it")
    }

    @Test func panGestureFinishesPastHalfwayOrOnAFlick() {
        let slow = InteractionPlan.pan(translations: [(0.1, 100), (0.2, 300)], releaseVelocity: 200, distance: 844)
        #expect(slow.steps.last?.action == .cancel)
        let far = InteractionPlan.pan(translations: [(0.1, 200), (0.3, 500)], releaseVelocity: 200, distance: 844)
        #expect(far.steps.last?.action == .finish)
        let flick = InteractionPlan.pan(translations: [(0.05, 80)], releaseVelocity: 1500, distance: 844)
        #expect(flick.steps.last?.action == .finish)
        #expect(flick.steps.first?.action == .update(80.0 / 844))
    }
}

@Suite struct SizeChangeTests {
    @Test func rotationRelaysOutThePresentedViewAndTheChrome() {
        let (simulation, presented, delegate) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.setWindowSize(Size(width: 844, height: 390))
        simulation.runUntilIdle()
        #expect(presented.view.frame == Rect(x: 422, y: 0, width: 422, height: 390))
        #expect(delegate.controller!.dimming.frame == Rect(x: 0, y: 0, width: 844, height: 390))
        #expect(simulation.hookNames.suffix(3) == ["viewWillTransition(to:with:)", "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews"])
        #expect(simulation.diagnostics.isEmpty)
    }

    /// Bug class 2: a controller that does not lay out on a size change.
    @Test func controllerThatIgnoresTheSizeChangeIsReported() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.configure = { $0.laysOut = false }
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.setWindowSize(Size(width: 844, height: 390))
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.notLaidOutAfterSizeChange])
        // Autoresizing alone stretches the right half's width by the whole change (its left margin is fixed).
        #expect(simulation.diagnostics.first?.message.contains("(195, 0, 649, 390)") == true)
    }
}

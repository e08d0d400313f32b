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

    /// A dismissal of 0.5 s whose only animation waits 0.3 s, then takes the
    /// presented view's alpha from 1 to 0.5 in 0.2 s, linearly.
    final class DelayedAnimator: Animator {
        func transitionDuration(_ context: TransitionContext) -> Double { 0.5 }
        func animateTransition(_ context: TransitionContext) {
            let view = context.view(forKey: .from)!
            context.animations.animate(duration: 0.2, delay: 0.3, options: AnimationOptions(curve: .linear), animations: {
                view.alpha = 0.5
            }, completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
        }
    }

    /// A delayed animation under a percent-driven interaction is scrubbed on
    /// the transition's one timeline, local time = percent × duration, delay
    /// included (UIKit pauses the container layer and moves its timeOffset; see
    /// Timeline): it shows its start until percent × 0.5 passes 0.3, and a
    /// finish plays the rest of the timeline, the rest of its delay first.
    /// Expected values by hand: at 50 % local 0.25 (before the delay) alpha 1;
    /// at 80 % local 0.4, half-way through the 0.2 s: 0.75; finishing linearly
    /// at speed 1 from local 0.4, 0.1 s to the end: alpha 0.5 at release + 0.1;
    /// cancelled from 50 %, it never moved.
    @Test(arguments: [true, false])
    func aDelayedAnimationIsScrubbedOnTheTransitionsTimeline(finish: Bool) {
        let (simulation, presented, delegate) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        let animator = DelayedAnimator()
        let interaction = PercentDrivenInteractiveTransition(animator: animator)
        interaction.completionCurve = .linear
        final class Provider: TransitioningDelegate {
            let animator: DelayedAnimator
            let interaction: PercentDrivenInteractiveTransition
            init(_ animator: DelayedAnimator, _ interaction: PercentDrivenInteractiveTransition) { (self.animator, self.interaction) = (animator, interaction) }
            func animator(forDismissed dismissed: ViewController) -> Animator? { animator }
            func interactionController(forDismissal animator: Animator) -> InteractionController? { interaction }
        }
        _ = delegate
        presented.transitioningDelegate = Provider(animator, interaction)
        let start = simulation.now
        let steps: [(Double, InteractionPlan.Action)] = finish
            ? [(0.1, .update(0.5)), (0.2, .update(0.8)), (0.3, .finish)]
            : [(0.1, .update(0.5)), (0.3, .cancel)]
        simulation.dismiss(interaction: InteractionPlan(steps: steps))
        simulation.advance(to: start + 0.15)
        #expect(approximately(presented.view.presentation.alpha, 1), "before the delay: \(presented.view.presentation.alpha)")
        guard finish else {
            // Going back from local 0.25 to 0, still before the delay: the animation never shows.
            simulation.advance(to: start + 0.4)
            #expect(approximately(presented.view.presentation.alpha, 1), "cancelling: \(presented.view.presentation.alpha)")
            simulation.runUntilIdle(fps: 120)
            let completed = simulation.hooks.last { $0.hook == "completeTransition" }
            #expect(completed?.detail == "false")
            #expect(approximately(completed?.time ?? -1, start + 0.3 + 0.25, tolerance: 1e-6), "\(completed?.time ?? -1)")
            return
        }
        simulation.advance(to: start + 0.25)
        #expect(approximately(presented.view.presentation.alpha, 0.75), "half-way through it: \(presented.view.presentation.alpha)")
        simulation.advance(to: start + 0.35)
        #expect(approximately(presented.view.presentation.alpha, 0.625), "finishing: \(presented.view.presentation.alpha)")
        simulation.runUntilIdle(fps: 120)
        let completed = simulation.hooks.last { $0.hook == "completeTransition" }
        #expect(completed?.detail == "true")
        #expect(approximately(completed?.time ?? -1, start + 0.4, tolerance: 1e-6), "\(completed?.time ?? -1)")
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

import Animation
import Contract
import Geometry
import Testing
@testable import Transitions

/// An interaction controller of the app's own (UIViewControllerInteractiveTransitioning, not UIKit's percent-driven
/// one): UIKit calls its startInteractiveTransition instead of the animator's animateTransition, hands it the gesture's
/// events, pauses nothing, and only notes the percent and which way it ended.
@Suite struct SelfDrivenInteractionTests {
    /// Moves the presented view with the finger, tells UIKit the percent, and at the lift finishes past a third of the
    /// screen (or cancels), playing the rest itself in 0.2 s linearly.
    final class FollowTheFinger: SelfDrivenInteraction {
        var completionSpeed = 1.0
        var completionCurve: TimingCurve = .easeInOut
        var context: TransitionContext?
        var started: [Double] = []

        func startInteractiveTransition(_ context: TransitionContext) {
            self.context = context
            started.append(context.driver?.simulation.now ?? -1)
            // A fade of its own, 0.1 s long, which runs on the clock while the finger is still down.
            let view = context.view(forKey: .from)!
            context.animations.animate(duration: 0.1, options: AnimationOptions(curve: .linear), animations: { view.alpha = 0.5 })
        }

        func gestureMoved(_ sample: GestureSample) {
            guard let context, let view = context.view(forKey: .from) else { return }
            view.transform = AffineTransform(translationX: 0, y: sample.translation.y)
            context.updateInteractiveTransition(sample.translation.y / 844)
        }

        func gestureEnded(_ sample: GestureSample) {
            guard let context, let view = context.view(forKey: .from) else { return }
            let finish = sample.state == .ended && sample.translation.y > 844 / 3
            if finish { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
            context.animations.animate(duration: 0.2, options: AnimationOptions(curve: .linear), animations: {
                view.transform = finish ? AffineTransform(translationX: 0, y: 844) : .identity
            }, completion: { _ in
                // The presented view leaves with a finished dismissal, as an animator's would take it out.
                if !context.transitionWasCancelled { view.removeFromSuperview() }
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }

    final class Provider: TransitioningDelegate {
        let inner: Delegate
        let interaction: FollowTheFinger
        init(_ inner: Delegate, _ interaction: FollowTheFinger) { (self.inner, self.interaction) = (inner, interaction) }
        func animator(forDismissed dismissed: ViewController) -> Animator? { inner.dismiss }
        func interactionController(forDismissal animator: Animator) -> InteractionController? { interaction }
    }

    /// A pan down from y = 300: `ys` below it at 1/60 s apart from the dismissal's start (a plan's times count from
    /// there), then let go (or taken away).
    static func steps(_ ys: [Double], state: GestureSample.State = .ended) -> InteractionPlan {
        var steps: [(time: Double, action: InteractionPlan.Action)] = []
        for (index, y) in ys.enumerated() {
            var sample = GestureSample(time: Double(index) / 60, state: index == 0 ? .began : .changed,
                                       location: Point(x: 195, y: 300 + y), touches: [Point(x: 195, y: 300 + y)])
            sample.translation = Point(x: 0, y: y)
            steps.append((sample.time, .touch(sample)))
        }
        var last = GestureSample(time: Double(ys.count) / 60, state: state, location: Point(x: 195, y: 300 + (ys.last ?? 0)),
                                 touches: [])
        last.translation = Point(x: 0, y: ys.last ?? 0)
        steps.append((last.time, state == .ended ? .release(last) : .gestureCancelled(last)))
        return InteractionPlan(steps: steps)
    }

    func run(_ ys: [Double], state: GestureSample.State = .ended) -> (Simulation, ViewController, FollowTheFinger, start: Double) {
        let (simulation, presented, delegate) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        let interaction = FollowTheFinger()
        presented.transitioningDelegate = Provider(delegate, interaction)
        let start = simulation.now
        simulation.dismiss(interaction: Self.steps(ys, state: state))
        return (simulation, presented, interaction, start)
    }

    @Test func itStartsInsteadOfTheAnimatorAndIsToldEachMove() {
        let ys = (0..<12).map { Double($0) * 30 }   // 0 … 330 points, past a third of 844 (281.3)
        let (simulation, presented, interaction, start) = run(ys)
        simulation.runUntilIdle(fps: 60)
        let hooks = simulation.hooks.map(\.hook)
        #expect(hooks.contains("startInteractiveTransition"))
        // UIKit calls the animator's animateTransition only for its percent-driven controller.
        let dismissal = hooks.drop { $0 != "startInteractiveTransition" }
        #expect(!dismissal.contains("animateTransition"))
        #expect(interaction.started == [start])
        // Each move's percent, as the controller gave it: y / 844.
        let updates = simulation.hooks.filter { $0.hook == "updateInteractiveTransition" }.compactMap { $0.detail.flatMap(Double.init) }
        #expect(updates.count == ys.count)
        // (The trace writes a percent to 3 decimals.)
        for (update, y) in zip(updates, ys) { #expect(abs(update - y / 844) <= 5e-4) }
        // Let go at 330 > 281.3: finished, the rest played in 0.2 s from the lift at 12/60 s, then completed.
        #expect(hooks.contains("finishInteractiveTransition") && !hooks.contains("cancelInteractiveTransition"))
        let completed = simulation.hooks.last { $0.hook == "completeTransition" }
        #expect(completed?.detail == "true")
        #expect(abs((completed?.time ?? 0) - (start + 12.0 / 60 + 0.2)) < 1e-9)
        #expect(presented.view.superview == nil)
    }

    /// Nothing is paused: the controller's 0.1 s fade is over 0.15 s in, the finger still down (a percent-driven
    /// transition would hold it at percent × duration).
    @Test func itsAnimationsRunOnTheClockWhileTheFingerIsDown() {
        let (simulation, presented, _, start) = run((0..<30).map { _ in 10 })
        simulation.advance(to: start + 0.15)
        #expect(simulation.driver != nil)
        #expect(abs(presented.view.presentation.alpha - 0.5) < 1e-9, "\(presented.view.presentation.alpha)")
        simulation.runUntilIdle(fps: 60)
    }

    /// Taken away by the system, it cancels: UIKit notes the cancel, completeTransition(false), and the screen stays.
    @Test func aGestureTakenAwayCancels() {
        let (simulation, presented, _, _) = run([0, 40, 400], state: .cancelled)
        simulation.runUntilIdle(fps: 60)
        let hooks = simulation.hooks.map(\.hook)
        #expect(hooks.contains("cancelInteractiveTransition") && !hooks.contains("finishInteractiveTransition"))
        #expect(simulation.hooks.last { $0.hook == "completeTransition" }?.detail == "false")
        #expect(presented.view.superview != nil)
    }
}

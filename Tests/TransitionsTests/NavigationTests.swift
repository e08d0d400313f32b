import Animation
import Contract
import Geometry
import Testing
import TestSupport
@testable import Transitions

/// A navigation controller's push and pop through the transition machinery:
/// what the context hands over, where UIKit leaves each view, and the
/// checks that watch a push or pop that shows nothing.
@Suite struct NavigationTests {
    /// Hero-style: the new screen slides in from the right over the old one (and back on pop).
    final class SlideAnimator: Animator {
        var seen: (operation: TransitionOperation, presenting: Bool, style: PresentationStyle, from: View?, to: View?,
                   fromInitial: Rect, fromFinal: Rect, toInitial: Rect, toFinal: Rect)?
        var forgetsToView = false
        var removesFromViewOnCancel = false
        var duration = 0.4

        func transitionDuration(_ context: TransitionContext) -> Double { duration }

        func animateTransition(_ context: TransitionContext) {
            let from = context.viewController(forKey: .from), to = context.viewController(forKey: .to)
            seen = (context.operation, context.isPresenting, context.presentationStyle, context.view(forKey: .from),
                    context.view(forKey: .to), context.initialFrame(for: from), context.finalFrame(for: from),
                    context.initialFrame(for: to), context.finalFrame(for: to))
            let container = context.containerView, width = container.bounds.width
            let pushing = context.operation == .push
            let moving = pushing ? to.view : from.view
            if !forgetsToView {
                to.view.frame = context.finalFrame(for: to)
                if pushing { container.addSubview(to.view) } else { container.insertSubview(to.view, belowSubview: from.view) }
            }
            if pushing { moving.transform = AffineTransform(translationX: width, y: 0) }
            context.animations.animate(duration: duration, options: AnimationOptions(curve: .linear), animations: {
                moving.transform = pushing ? .identity : AffineTransform(translationX: width, y: 0)
            }, completion: { _ in
                moving.transform = .identity
                if self.removesFromViewOnCancel && context.transitionWasCancelled { from.view.removeFromSuperview() }
                context.completeTransition(!context.transitionWasCancelled)
            })
        }
    }

    final class NavigationDelegate: NavigationControllerDelegate {
        let animator = SlideAnimator()
        var asked: [TransitionOperation] = []
        func animator(for operation: TransitionOperation, from: ViewController, to: ViewController) -> Animator? {
            asked.append(operation)
            return animator
        }
    }

    func pushed() -> (Simulation, ViewController, NavigationDelegate) {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let delegate = NavigationDelegate()
        simulation.navigation.delegate = delegate
        let detail = simulation.makeViewController(name: "detail")
        simulation.push(detail)
        simulation.runUntilIdle()
        return (simulation, detail, delegate)
    }

    @Test func aPushHandsOverBothViewsAndUIKitTakesTheOldOneAway() throws {
        let (simulation, detail, delegate) = pushed()
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let seen = try #require(delegate.animator.seen)
        #expect(seen.operation == .push && seen.presenting && seen.style == PresentationStyle.none)
        #expect(seen.from === simulation.root.view && seen.to === detail.view)
        // The outgoing view starts at the bounds and leaves (zero); the incoming starts unknown (zero) and ends at the bounds.
        #expect(seen.fromInitial == bounds && seen.fromFinal == .zero && seen.toInitial == .zero && seen.toFinal == bounds)
        #expect(simulation.navigation.viewControllers.map(\.name) == ["presenting", "detail"])
        #expect(simulation.root.view.superview == nil)
        let container = try #require(simulation.navigation.view)
        #expect(container.superview === simulation.window && detail.view.superview === container && detail.view.frame == bounds)
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
        let hooks = simulation.hooks.map(\.hook)
        #expect(hooks.prefix(3) == ["navigationController(_:willShow:animated:)", "navigationController(_:animationControllerFor:from:to:)",
                                    "navigationController(_:interactionControllerFor:)"])
        #expect(!hooks.contains("presentationTransitionWillBegin") && hooks.contains("navigationController(_:didShow:animated:)"))
        #expect(delegate.asked == [.push])
    }

    @Test func aPopPutsTheRootBackAndTakesThePushedViewAway() throws {
        let (simulation, detail, delegate) = pushed()
        simulation.pop()
        simulation.runUntilIdle()
        let seen = try #require(delegate.animator.seen)
        #expect(seen.operation == .pop && !seen.presenting)
        #expect(seen.from === detail.view && seen.to === simulation.root.view)
        #expect(simulation.navigation.viewControllers.map(\.name) == ["presenting"])
        #expect(detail.view.superview == nil && simulation.root.view.superview === simulation.navigation.view)
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
        // Only the root left: popping does nothing, as in UIKit.
        simulation.pop()
        #expect(!simulation.isTransitioning && delegate.asked == [.push, .pop])
    }

    @Test func aCancelledInteractivePopLeavesTheStackAndTakesTheIncomingViewAway() {
        let (simulation, detail, _) = pushed()
        simulation.pop(interaction: .drag(to: 0.4, then: .cancel))
        simulation.runUntilIdle()
        #expect(simulation.hooks.last { $0.hook == "completeTransition" }?.detail == "false")
        #expect(simulation.navigation.viewControllers.map(\.name) == ["presenting", "detail"])
        #expect(simulation.root.view.superview == nil && detail.view.superview === simulation.navigation.view)
        #expect(detail.view.transform == .identity)
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
    }

    @Test func aCancelledPopThatTakesTheScreenAwayIsABlackScreen() {
        let (simulation, _, delegate) = pushed()
        delegate.animator.removesFromViewOnCancel = true
        simulation.pop(interaction: .drag(to: 0.3, then: .cancel))
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.message) == ["after the cancelled pop 'detail' is not in the window: the user sees nothing new "
            + "and the app ignores them (a black or frozen screen); leave ctx:viewForKey(\"from\") in ctx.containerView"])
    }

    @Test func aPopThatNeverAddsTheRootIsABlackScreen() {
        let (simulation, _, delegate) = pushed()
        delegate.animator.forgetsToView = true
        simulation.pop()
        simulation.runUntilIdle()
        let messages = simulation.diagnostics.map(\.message)
        #expect(messages == ["after the pop 'presenting' is not in the window: the user sees nothing new and the app ignores them "
                             + "(a black or frozen screen); add ctx:viewForKey(\"to\") to ctx.containerView"])
    }

    /// UIKit's own slide when the delegate gives no animator: halfway through 0.35 s of easeInOut
    /// (x(t) = 0.5 at t = 0.5 by the curve's symmetry) the new screen is half the width in.
    @Test func withoutAnAnimatorUIKitsSlide() throws {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let detail = simulation.makeViewController(name: "detail")
        simulation.push(detail)
        simulation.advance(to: 0.175)
        #expect(abs(detail.view.presentation.transform.m41 - 195) < 1e-6)
        #expect(abs(simulation.root.view.presentation.transform.m41 + 65) < 1e-6)
        simulation.runUntilIdle()
        #expect(simulation.navigation.viewControllers.count == 2 && simulation.diagnostics.isEmpty)
    }

    @Test func pushingTheSameControllerTwiceIsRefused() {
        let (simulation, detail, _) = pushed()
        simulation.push(detail)
        #expect(!simulation.isTransitioning)
        #expect(simulation.diagnostics.map(\.message).first?.contains("already in the navigation stack") == true)
    }

    @Test func theListRidesWithTheRootAndStaysTheSource() {
        let (simulation, _, _) = pushed()
        simulation.pop()
        simulation.runUntilIdle()
        #expect(simulation.list.isDescendant(of: simulation.root.view))
        #expect(simulation.availableSourceView === simulation.rows[2])
    }
}

import Animation
import Contract
import Geometry
import Testing
import TestSupport
@testable import Transitions

@Suite struct ContractCheckerTests {
    @Test func presentedViewLeftAwayFromItsFinalFrame() {
        final class Lazy: Animator {
            func transitionDuration(_ context: TransitionContext) -> Double { 0.3 }
            func animateTransition(_ context: TransitionContext) {
                let view = context.view(forKey: .to)!
                context.containerView.addSubview(view)
                view.frame = Rect(x: 0, y: 0, width: 100, height: 100)
                context.animations.animate(duration: 0.3, animations: { view.alpha = 1 }, completion: { _ in context.completeTransition(true) })
            }
        }
        final class D: TransitioningDelegate {
            func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? { Lazy() }
        }
        // Custom: the default presentation controller does not lay the view out
        // (UIKit's own styles would put it back in their layout pass).
        let (simulation, _) = present(through: D(), style: .custom)
        #expect(simulation.diagnostics.map(\.kind) == [.presentedViewNotAtFinalFrame])
        #expect(simulation.diagnostics.first?.message == "the presented view ends at (0, 0, 100, 100) but frameOfPresentedViewInContainerView "
            + "(finalFrame(for:)) is (0, 0, 390, 844); set its frame to finalFrame")
    }

    /// A transition that would complete, only later than a run is followed (10 s): said as
    /// that, not as a forgotten completeTransition.
    @Test func aTransitionLongerThanARunIsSaidToBe() {
        final class Slow: Animator {
            func transitionDuration(_ context: TransitionContext) -> Double { 11 }
            func animateTransition(_ context: TransitionContext) {
                let view = context.view(forKey: .to)!
                context.containerView.addSubview(view)
                view.frame = context.finalFrame(for: context.viewController(forKey: .to))
                view.alpha = 0
                context.animations.animate(duration: 11, animations: { view.alpha = 1 }, completion: { _ in context.completeTransition(true) })
            }
        }
        final class D: TransitioningDelegate {
            func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? { Slow() }
        }
        let (simulation, _) = present(through: D(), style: .custom)
        #expect(simulation.diagnostics.map(\.kind) == [.neverCompleted])
        #expect(simulation.diagnostics.first?.message.hasPrefix("the transition is still animating after 10 s") == true,
                "\(simulation.diagnostics.first?.message ?? "")")
    }

    /// Bug class 3: a view left on top after a cancelled presentation.
    @Test func dimmingForgottenOnACancelledPresentation() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.configure = { $0.forgetsDimmingOnCancel = true }
        simulation.present(presented, interaction: .drag(to: 0.2, then: .cancel))
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.chromeLeftBehind])
        #expect(simulation.diagnostics.first?.message.hasPrefix("'dimming', added by the presentation controller, is still there after a cancelled presentation") == true)
    }

    @Test func dimmingLeftAfterDismissal() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.configure = { $0.forgetsDimmingOnDismissal = true }
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.chromeLeftBehind])
        #expect(simulation.diagnostics.first?.message.hasSuffix("remove it in dismissalTransitionDidEnd(true)") == true)
    }

    /// Chrome left behind is said once, for the outermost view: its subviews went with it.
    @Test func chromeLeftBehindIsReportedOncePerOutermostView() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.configure = { controller in
            controller.forgetsDimmingOnDismissal = true
            controller.dimming.addSubview(simulation.engine.makeView(name: "grabber"))
        }
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.chromeLeftBehind], "\(simulation.diagnostics.map(\.message))")
        #expect(simulation.diagnostics.first?.message.hasPrefix("'dimming'") == true)
    }

    /// Bug class 1: black screen after dismissing a presentation that keeps
    /// the presenter, because the animator removed a view it was not handed.
    @Test func presentingViewMissingAfterDismissal() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.present.removesPresenter = true
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.presentingViewMissing])
        #expect(!simulation.root.view.isDescendant(of: simulation.window))
    }

    /// Bug class 3: the from-view keeps the values set in the animation block after a cancel.
    @Test func modelValuesLeftChangedAfterACancel() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.dismiss.restoresAfterCancel = false
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.dismiss(interaction: .drag(to: 0.5, then: .cancel))
        simulation.runUntilIdle()
        // The model kept alpha 0, so the screen that stays after the cancel shows nothing: both rules say so.
        #expect(simulation.diagnostics.map(\.kind) == [.modelChangedAfterCancel, .presentedViewNotVisible])
        #expect(presented.view.alpha == 0, "on screen it rolled back, but the model says 0: the next frame shows nothing")
    }

    @Test func completeTrueAfterACancel() {
        final class Stubborn: Animator {
            func transitionDuration(_ context: TransitionContext) -> Double { 0.4 }
            func animateTransition(_ context: TransitionContext) {
                let view = context.view(forKey: .from)!
                context.animations.animate(duration: 0.4, animations: { view.alpha = 0 }, completion: { _ in
                    view.alpha = 1
                    context.completeTransition(true)
                })
            }
        }
        final class D: TransitioningDelegate {
            func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? { nil }
            func animator(forDismissed dismissed: ViewController) -> Animator? { Stubborn() }
        }
        let (simulation, _) = present(through: D(), style: .overFullScreen)
        simulation.dismiss(interaction: .drag(to: 0.3, then: .cancel))
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.completedAfterCancel])
    }

    @Test func queryThatChangesTheHierarchy() {
        final class Meddling: PresentationController {
            override var frameOfPresentedViewInContainerView: Rect {
                containerView?.addSubview(presentingViewController.view.snapshotView(afterScreenUpdates: false))
                return containerView?.bounds ?? .zero
            }
        }
        final class D: TransitioningDelegate {
            func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                        source: ViewController) -> PresentationController? {
                Meddling(presented: presented, presenting: presenting)
            }
            func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? {
                FadeAnimator(isPresentation: true)
            }
        }
        let (simulation, _) = present(through: D(), style: .custom)
        #expect(simulation.diagnostics.map(\.kind).contains(.hierarchyChangedInQuery))
    }

    @Test func animationsStillRunningAfterCompletion() {
        final class Hasty: Animator {
            func transitionDuration(_ context: TransitionContext) -> Double { 0.5 }
            func animateTransition(_ context: TransitionContext) {
                let view = context.view(forKey: .to)!
                view.frame = context.finalFrame(for: context.viewController(forKey: .to))
                context.containerView.addSubview(view)
                view.alpha = 0
                context.animations.animate(duration: 0.5, animations: { view.alpha = 1 })
                context.animations.animate(duration: 0.1, animations: { view.cornerRadius = 12 }, completion: { _ in
                    context.completeTransition(true)
                })
            }
        }
        final class D: TransitioningDelegate {
            func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? { Hasty() }
        }
        let (simulation, _) = present(through: D(), style: .overFullScreen)
        #expect(simulation.diagnostics.map(\.kind) == [.animationsStillRunning])
    }

    @Test func partialCurlNeedsFullScreen() {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalTransitionStyle = .partialCurl
        presented.modalPresentationStyle = .overFullScreen
        simulation.present(presented)
        #expect(simulation.diagnostics.map(\.kind) == [.unsupportedStyle])
        #expect(!simulation.isTransitioning)
    }
}

@Suite struct BuiltinStyleTests {
    static let styles = TransitionStyle.allCases

    @Test(arguments: styles)
    func presentAndDismissCleanly(style: TransitionStyle) {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalTransitionStyle = style
        simulation.present(presented)
        simulation.runUntilIdle()
        #expect(simulation.topViewController === presented)
        #expect(presented.view.isDescendant(of: simulation.window))
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(simulation.topViewController === simulation.root)
        #expect(simulation.window.subviews.map(\.name) == ["presenting"])
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
    }

    @Test func coverVerticalSlidesUpFromBelow() {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        simulation.present(presented)
        simulation.advance(to: 0.175)
        let y = 844 * (1 - TimingCurve.easeInOut.value(at: 0.5))
        #expect(approximately(presented.view.presentation.frame.minY, y))
    }

    @Test func flipSwapsAtNinetyDegrees() {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalTransitionStyle = .flipHorizontal
        simulation.present(presented)
        // Before the midpoint only the front faces the viewer; after it only the back.
        simulation.advance(to: 0.2)
        var names = simulation.sample().views.map(\.name)
        #expect(names.contains("presenting") && !names.contains("presented"))
        simulation.advance(to: 0.45)
        names = simulation.sample().views.map(\.name)
        #expect(names.contains("presented") && !names.contains("presenting"))
        // The camera pulls back: mid-flip corners stay inside the container.
        for t in stride(from: 0.0, through: 0.6, by: 0.02) {
            simulation.advance(to: max(simulation.now, t))
            for view in simulation.sample().views where view.name != "container" {
                for corner in view.corners.points {
                    #expect(corner.x >= -0.5 && corner.x <= 390.5 && corner.y >= -0.5 && corner.y <= 844.5, "\(view.name) at \(t): \(corner)")
                }
            }
        }
    }

    @Test func partialCurlLeavesThePresenterCurledOnTop() {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalTransitionStyle = .partialCurl
        simulation.present(presented)
        simulation.runUntilIdle()
        // The presenter's page (its list and rows ride on it) over the presented view.
        let views = simulation.sample().views.filter { $0.name == "presented" || $0.name == "presenting" }
        #expect(views.map(\.name) == ["presented", "presenting"])
        #expect(views.last?.curl == 0.66)
    }

    /// The findings are the checker's, made from the events it observed: one
    /// attached after the dismissal began knows nothing of the chrome the
    /// presentation added, one attached only afterwards sees no breach at all.
    @Test func aCheckerJudgesWhatItObserved() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.configure = { $0.forgetsDimmingOnDismissal = true }
        simulation.present(presented)
        simulation.runUntilIdle()
        let fromTheDismissal = ContractChecker.attach(to: simulation)
        simulation.dismiss()
        simulation.runUntilIdle()
        let afterwards = ContractChecker.attach(to: simulation)
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.chromeLeftBehind])
        #expect(fromTheDismissal.diagnostics.map(\.kind) == [.chromeLeftBehind])
        #expect(afterwards.diagnostics.isEmpty)
    }

    /// What the presenting screen held before any of the presentation
    /// controller's own code ran: a view its shouldPresentInFullscreen adds
    /// (UIKit asks it as the presentation starts) is the presentation's, and
    /// left there after the dismissal it is reported (a breaker found the
    /// snapshot taken one step too late, after that question).
    @Test func aViewAddedByAControllersFlagIsThePresentations() {
        final class Parking: PresentationController {
            let engine: AnimationEngine
            init(presented: ViewController, presenting: ViewController, engine: AnimationEngine) {
                self.engine = engine
                super.init(presented: presented, presenting: presenting)
            }
            override var shouldPresentInFullscreen: Bool {
                presentingViewController.view.addSubview(engine.makeView(name: "parked"))
                return true
            }
        }
        final class D: TransitioningDelegate {
            let engine: AnimationEngine
            init(_ engine: AnimationEngine) { self.engine = engine }
            func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                        source: ViewController) -> PresentationController? {
                Parking(presented: presented, presenting: presenting, engine: engine)
            }
        }
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = .custom
        let delegate = D(simulation.engine)
        presented.transitioningDelegate = delegate
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(simulation.diagnostics.map(\.kind) == [.leftInPresentingView])
        #expect(simulation.diagnostics.first?.message.hasPrefix("'parked' was added to the presenting view during the presentation") == true)
    }
}

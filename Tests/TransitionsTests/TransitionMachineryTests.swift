import Animation
import Contract
import Geometry
import Testing
import TestSupport
@testable import Transitions

@Suite struct HookOrderTests {
    @Test func presentThenDismiss() {
        let (simulation, presented, _) = halfScreen()
        var presentCompletion: Double?
        simulation.present(presented, completion: { presentCompletion = simulation.now })
        simulation.runUntilIdle()
        #expect(simulation.hookNames == [
            "presentationController(forPresented:presenting:source:)",
            "animationController(forPresented:presenting:source:)",
            "interactionControllerForPresentation(using:)",
            "presentationTransitionWillBegin", "presentedView", "viewWillAppear", "transitionDuration", "animateTransition",
            "frameOfPresentedViewInContainerView",
            "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
            "completeTransition", "presentationTransitionDidEnd", "viewDidAppear", "completion", "animationEnded",
        ])
        #expect(presentCompletion == 0.5)
        let presentHooks = simulation.hooks.count
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(Array(simulation.hookNames[presentHooks...]) == [
            "animationController(forDismissed:)", "interactionControllerForDismissal(using:)",
            "dismissalTransitionWillBegin", "presentedView", "viewWillDisappear", "transitionDuration", "animateTransition",
            "completeTransition", "dismissalTransitionDidEnd", "viewDidDisappear", "completion", "animationEnded", "alongsideCompletion",
        ])
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
        #expect(simulation.window.subviews.map(\.name) == ["presenting"])
    }

    @Test func cancelledInteractivePresentation() {
        let (simulation, presented, delegate) = halfScreen()
        simulation.present(presented, interaction: .drag(to: 0.3, then: .cancel))
        simulation.runUntilIdle()
        let names = simulation.hookNames
        #expect(names.contains("startInteractiveTransition"))
        #expect(names.firstIndex(of: "startInteractiveTransition")! < names.firstIndex(of: "animateTransition")!)
        #expect(Array(names.suffix(7)) == ["cancelInteractiveTransition", "completeTransition", "presentationTransitionDidEnd",
                                          "viewWillDisappear", "viewDidDisappear", "completion", "animationEnded"])
        #expect(simulation.hooks.last { $0.hook == "completeTransition" }?.detail == "false")
        #expect(delegate.present.ended == [false])
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
        #expect(simulation.window.subviews.map(\.name) == ["presenting"], "the container went with the cancel")
    }

    @Test func cancelledInteractiveDismissal() {
        let (simulation, presented, delegate) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.dismiss(interaction: .drag(to: 0.6, then: .cancel))
        simulation.runUntilIdle()
        #expect(Array(simulation.hookNames.suffix(8)) == ["cancelInteractiveTransition", "completeTransition",
                                                          "dismissalTransitionDidEnd", "viewWillAppear", "viewDidAppear",
                                                          "completion", "animationEnded", "alongsideCompletion"])
        #expect(delegate.dismiss.ended == [false])
        #expect(simulation.topViewController === presented)
        #expect(presented.view.presentation.alpha == 1 && presented.view.isDescendant(of: simulation.window))
        #expect(delegate.controller!.dimming.isDescendant(of: simulation.window))
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
    }
}

@Suite struct ContextTests {
    static let styles: [(PresentationStyle, Bool)] = [
        (.fullScreen, false), (.overFullScreen, true), (.currentContext, false), (.overCurrentContext, true),
    ]

    /// viewForKey: nil for the presenter when UIKit keeps it; frames as §2 says.
    @Test(arguments: styles)
    func viewsAndFramesPerStyle(style: PresentationStyle, keepsPresenter: Bool) {
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = style
        let delegate = RecordingDelegate()
        presented.transitioningDelegate = delegate
        let bounds = simulation.window.bounds
        simulation.present(presented)
        simulation.runUntilIdle()
        let p = delegate.present
        #expect(p.to === presented.view)
        #expect(p.from === (keepsPresenter ? nil : simulation.root.view))
        #expect(p.fromInitial == bounds)
        #expect(p.fromFinal == (keepsPresenter ? bounds : .zero), "zero iff the from-view is removed at the end")
        #expect(p.toInitial == .zero && p.toFinal == bounds)
        #expect(simulation.root.view.isDescendant(of: simulation.window) == keepsPresenter)
        simulation.dismiss()
        simulation.runUntilIdle()
        let d = delegate.dismiss
        #expect(d.from === presented.view)
        #expect(d.to === (keepsPresenter ? nil : simulation.root.view))
        #expect(d.fromInitial == bounds && d.fromFinal == .zero && d.toInitial == .zero && d.toFinal == bounds)
        #expect(simulation.root.view.isDescendant(of: simulation.window))
        #expect(simulation.diagnostics.isEmpty, "\(simulation.diagnostics)")
    }

    @Test func customPresentationKeepsThePresenterAndUsesTheControllersFrame() {
        let (simulation, presented, _) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        #expect(presented.view.frame == Rect(x: 195, y: 0, width: 195, height: 844))
        #expect(simulation.root.view.isDescendant(of: simulation.window))
    }

    @Test func completeTransitionIsIdempotent() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.present.completesTwice = true
        simulation.present(presented)
        simulation.runUntilIdle()
        #expect(simulation.hookNames.filter { $0 == "completeTransition" }.count == 1)
        #expect(simulation.hookNames.filter { $0 == "presentationTransitionDidEnd" }.count == 1)
        #expect(simulation.diagnostics.map(\.kind) == [.completedTwice])
    }

    @Test func neverCompletedIsReported() {
        let (simulation, presented, delegate) = halfScreen()
        delegate.present.neverCompletes = true
        simulation.present(presented)
        simulation.runUntilIdle(limit: 5)
        #expect(simulation.isTransitioning)
        #expect(simulation.diagnostics.map(\.kind) == [.neverCompleted])
        #expect(simulation.diagnostics[0].message.hasPrefix("completeTransition is never called: UIKit would leave the app frozen"))
    }

    @Test func nonAnimatedCustomPresentationStillCallsTheAnimator() {
        let (simulation, presented, _) = halfScreen()
        simulation.present(presented, animated: false)
        simulation.runUntilIdle()
        #expect(simulation.hookNames.contains("animateTransition"))
    }
}

@Suite struct CoordinatorTests {
    /// Alongside animations share the transition's duration and timeline;
    /// their completions come last, after animationEnded.
    @Test func alongsideAnimationAndCompletion() {
        final class Alongside: PresentationController {
            var log: [String] = []
            let badge: View
            init(presented: ViewController, presenting: ViewController, engine: AnimationEngine) {
                badge = engine.makeView(name: "badge", frame: Rect(x: 0, y: 0, width: 10, height: 10))
                super.init(presented: presented, presenting: presenting)
            }
            override func presentationTransitionWillBegin() {
                containerView!.addSubview(badge)
                badge.alpha = 0
                transitionCoordinator?.animate(alongsideTransition: { self.badge.alpha = 1 }, completion: { self.log.append("alongside done") })
            }
            override func presentationTransitionDidEnd(_ completed: Bool) { log.append("didEnd") }
        }
        final class D: TransitioningDelegate {
            let engine: AnimationEngine
            var controller: Alongside?
            init(_ engine: AnimationEngine) { self.engine = engine }
            func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                        source: ViewController) -> PresentationController? {
                controller = Alongside(presented: presented, presenting: presenting, engine: engine)
                return controller
            }
            func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? {
                FadeAnimator(isPresentation: true)
            }
        }
        let simulation = Simulation()
        ContractChecker.attach(to: simulation)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = .custom
        let delegate = D(simulation.engine)
        presented.transitioningDelegate = delegate
        simulation.present(presented)
        simulation.advance(to: 0.25)
        #expect(approximately(delegate.controller!.badge.presentation.alpha, TimingCurve.easeInOut.value(at: 0.5)))
        simulation.runUntilIdle()
        #expect(Array(simulation.hookNames.suffix(3)) == ["completion", "animationEnded", "alongsideCompletion"])
        #expect(delegate.controller!.log == ["didEnd", "alongside done"])
    }

    /// UIKit lets go of a coordinator's blocks once the transition has ended: a block that keeps what keeps the
    /// coordinator (a presentation controller that keeps its context, say) would otherwise keep both alive for good.
    @Test func theCoordinatorLetsItsBlocksGoOnceTheyHaveRun() {
        final class Token {}
        final class Blocks: PresentationController {
            weak var alongsideHeld: Token?, completionHeld: Token?, coordinatorHeld: TransitionCoordinator?
            var ran: [String] = []
            override func presentationTransitionWillBegin() {
                let alongside = Token(), completion = Token()
                alongsideHeld = alongside
                completionHeld = completion
                // A block that keeps the coordinator itself, as a presentation controller's often does.
                guard let coordinator = transitionCoordinator else { return }
                coordinatorHeld = coordinator
                coordinator.animate(alongsideTransition: { [weak self] in _ = (alongside, coordinator); self?.ran.append("alongside") },
                                    completion: { [weak self] in _ = (completion, coordinator); self?.ran.append("completion") })
            }
        }
        final class D: TransitioningDelegate {
            var controller: Blocks?
            func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                        source: ViewController) -> PresentationController? {
                controller = Blocks(presented: presented, presenting: presenting)
                return controller
            }
            func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? {
                FadeAnimator(isPresentation: true)
            }
        }
        let simulation = Simulation()
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = .custom
        let delegate = D()
        presented.transitioningDelegate = delegate
        simulation.present(presented)
        simulation.runUntilIdle()
        let controller = delegate.controller!
        #expect(controller.ran == ["alongside", "completion"])
        #expect(controller.alongsideHeld == nil, "the alongside block, run when the animations began, was let go")
        #expect(controller.completionHeld == nil, "the completion block, run when the transition ended, was let go")
        #expect(controller.coordinatorHeld == nil, "the coordinator, kept by its own blocks, went with them")
    }
}

@Suite struct AnimationOptionTests {
    @Test func repeatAndAutoreverseThroughTheEngine() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "pulse")
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear, autoreverses: true), animations: { view.alpha = 0 })
        engine.advance(to: 1.5)
        #expect(approximately(view.presentation.alpha, 0.5))
        engine.advance(to: 2.5)
        #expect(view.presentation.alpha == 0, "after reversing, the model value shows")
        let forever = AnimationEngine()
        let spinner = forever.makeView(name: "spinner")
        var done = false
        forever.animate(duration: 0.5, options: AnimationOptions(curve: .linear, repeats: true), animations: { spinner.alpha = 0 },
                        completion: { _ in done = true })
        forever.advance(to: 100.25)
        #expect(approximately(spinner.presentation.alpha, 0.5) && !done)
    }

    @Test func beginFromCurrentStateStartsFromWhatIsOnScreen() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v")
        view.alpha = 0.2
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear, beginFromCurrentState: true), animations: { view.alpha = 1 })
        engine.advance(to: 0.5)
        #expect(approximately(view.presentation.alpha, 0.6))
    }

    @Test func optionNamesParse() throws {
        let options = try AnimationOptions.parse(["curveEaseOut", "autoreverse", "repeat", "calculationModeCubicPaced"]).get()
        #expect(options == AnimationOptions(curve: .easeOut, repeats: true, autoreverses: true, calculationMode: .cubicPaced))
        #expect(AnimationOptions.parse(["curveBounce"]) == .failure(AnimationOptions.UnknownOption(name: "curveBounce")))
    }
}

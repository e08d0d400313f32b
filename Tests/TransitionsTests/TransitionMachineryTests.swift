import Animation
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
            "presentationTransitionWillBegin", "presentedView", "transitionDuration", "animateTransition",
            "frameOfPresentedViewInContainerView",
            "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
            "completeTransition", "presentationTransitionDidEnd", "completion", "animationEnded",
        ])
        #expect(presentCompletion == 0.5)
        let presentHooks = simulation.hooks.count
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(Array(simulation.hookNames[presentHooks...]) == [
            "animationController(forDismissed:)", "interactionControllerForDismissal(using:)",
            "dismissalTransitionWillBegin", "presentedView", "transitionDuration", "animateTransition",
            "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
            "completeTransition", "dismissalTransitionDidEnd", "completion", "animationEnded",
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
        #expect(Array(names.suffix(5)) == ["cancelInteractiveTransition", "completeTransition", "presentationTransitionDidEnd",
                                          "completion", "animationEnded"])
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
        #expect(Array(simulation.hookNames.suffix(5)) == ["cancelInteractiveTransition", "completeTransition",
                                                          "dismissalTransitionDidEnd", "completion", "animationEnded"])
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

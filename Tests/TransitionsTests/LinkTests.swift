import Testing
@testable import Transitions

/// `Link`, the weak reference without a side table that the simulation, its clock, a transition and a controller give
/// to what must not keep them alive: each reads its object while it lives and nil once it is gone, as `weak` did.
@Suite struct LinkTests {
    /// An object made as the engine's are: it attaches its link at the end of its initialiser and clears it first
    /// thing in its deinit.
    private final class Owner {
        let link = Link<Owner>()
        init() { link.attach(self) }
        deinit { link.clear() }
    }

    @Test func aLinkReadsItsObjectWhileItLivesAndNilOnceItIsGone() {
        var owner: Owner? = Owner()
        let link = owner!.link
        #expect(link.object === owner)
        owner = nil
        #expect(link.object == nil)
    }

    @Test func aRootViewForgetsItsControllerOnceTheControllerIsGone() {
        let simulation = Simulation(listRows: false)
        var controller: ViewController? = simulation.makeViewController(name: "gone")
        let view = controller!.view
        #expect(view.viewController === controller)
        controller = nil
        #expect(view.viewController == nil)
    }

    @Test func aDisplayLinkKeptAfterItsClockIsGoneDoesNothing() {
        var simulation: Simulation? = Simulation(listRows: false)
        var ran = 0
        let kept = DisplayLink(engine: simulation!.engine) { _ in ran += 1 }
        simulation = nil
        kept.add()
        #expect(!kept.isAdded)
        #expect(ran == 0)
    }

    @Test func aContextKeptAfterItsTransitionHasEndedHasNoDriver() {
        let simulation = Simulation(listRows: false)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = .overFullScreen
        simulation.present(presented)
        let context = simulation.driver?.context
        #expect(context != nil)
        #expect(context?.driver != nil)
        simulation.runUntilIdle()
        #expect(simulation.driver == nil)
        #expect(context?.driver == nil)
    }

    @Test func aPresentedControllerForgetsItsPresenterOnceDismissed() {
        let simulation = Simulation(listRows: false)
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = .overFullScreen
        simulation.present(presented)
        simulation.runUntilIdle()
        #expect(presented.presentingViewController === simulation.root)
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(presented.presentingViewController == nil)
    }
}

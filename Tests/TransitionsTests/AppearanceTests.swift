import Testing
@testable import Transitions

/// UIKit's appearance callbacks around a transition, in the order developers have logged them (each test names its
/// source), and the calls a script makes by hand.
@Suite struct AppearanceTests {
    /// The appearance lines of the trace, "hook name".
    static func calls(_ simulation: Simulation, from start: Int = 0) -> [String] {
        simulation.hooks[start...].filter { $0.hook.hasPrefix("view") && $0.hook.contains("ppear") }.map { "\($0.hook) \($0.detail ?? "")" }
    }

    /// A full-screen presentation takes the presenter's view away: it is told, before the presented controller
    /// appears and after it has (remkoh.dev's log of a storyboard segue: vc1 viewWillDisappear, vc2 viewWillAppear,
    /// vc2 viewDidAppear, vc1 viewDidDisappear).
    @Test func aFullScreenPresentationHidesThePresenter() {
        let simulation = Simulation()
        let presented = simulation.makeViewController(name: "detail")
        simulation.present(presented)
        simulation.runUntilIdle()
        #expect(Self.calls(simulation) == ["viewWillDisappear presenting", "viewWillAppear detail",
                                           "viewDidAppear detail", "viewDidDisappear presenting"])
        #expect(simulation.root.appearance == .disappeared && presented.appearance == .appeared)
        let start = simulation.hooks.count
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(Self.calls(simulation, from: start) == ["viewWillDisappear detail", "viewWillAppear presenting",
                                                        "viewDidDisappear detail", "viewDidAppear presenting"])
        #expect(simulation.root.appearance == .appeared && presented.appearance == .disappeared)
    }

    /// Over full screen the presenter's view stays in the window, and UIKit tells it nothing: the usual surprise of
    /// custom presentations (mo4tech.com, splinter.com.au).
    @Test(arguments: [PresentationStyle.overFullScreen, .pageSheet])
    func aPresentationThatKeepsThePresenterTellsItNothing(style: PresentationStyle) {
        let simulation = Simulation()
        let presented = simulation.makeViewController(name: "detail")
        presented.modalPresentationStyle = style
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.dismiss()
        simulation.runUntilIdle()
        #expect(Self.calls(simulation) == ["viewWillAppear detail", "viewDidAppear detail", "viewWillDisappear detail", "viewDidDisappear detail"])
        #expect(simulation.root.appearance == .appeared)
    }

    /// A push and a pop, and a cancelled interactive pop, in the order wangling.me logged them ("The inconsistent
    /// order of view transition events"): current viewWillDisappear, new viewWillAppear, current viewDidDisappear,
    /// new viewDidAppear; cancelled, the new controller disappears again before the current one reappears.
    @Test func navigationInUIKitsOrder() {
        let simulation = Simulation()
        let pushed = simulation.makeViewController(name: "pushed")
        simulation.push(pushed)
        simulation.runUntilIdle()
        #expect(Self.calls(simulation) == ["viewWillDisappear presenting", "viewWillAppear pushed",
                                           "viewDidDisappear presenting", "viewDidAppear pushed"])
        var start = simulation.hooks.count
        simulation.pop(interaction: .drag(to: 0.3, then: .cancel))
        simulation.runUntilIdle()
        #expect(Self.calls(simulation, from: start) == ["viewWillDisappear pushed", "viewWillAppear presenting",
                                                        "viewWillDisappear presenting", "viewDidDisappear presenting",
                                                        "viewWillAppear pushed", "viewDidAppear pushed"])
        #expect(pushed.appearance == .appeared && simulation.root.appearance == .disappeared)
        start = simulation.hooks.count
        simulation.pop()
        simulation.runUntilIdle()
        #expect(Self.calls(simulation, from: start) == ["viewWillDisappear pushed", "viewWillAppear presenting",
                                                        "viewDidDisappear pushed", "viewDidAppear presenting"])
    }

    /// By hand: every call is made and written as made, an end with nothing begun calls nothing, and a begin left
    /// open when the transition ends is told.
    @Test func callsByHand() {
        let simulation = Simulation()
        var leftOpen: [String] = []
        simulation.appearanceLeftChanging = { leftOpen += $0.map(\.name) }
        simulation.endAppearanceTransition(simulation.root, byHand: true)
        simulation.beginAppearanceTransition(simulation.root, appearing: false, animated: true, byHand: true)
        #expect(simulation.root.appearance == .disappearing)
        let presented = simulation.makeViewController(name: "detail")
        presented.modalPresentationStyle = .overFullScreen
        simulation.present(presented)
        simulation.runUntilIdle()
        #expect(Self.calls(simulation) == ["viewWillDisappear presenting, by hand", "viewWillAppear detail", "viewDidAppear detail"])
        #expect(leftOpen == ["presenting"])
        simulation.endAppearanceTransition(simulation.root, byHand: true)
        #expect(simulation.root.appearance == .disappeared)
        #expect(Self.calls(simulation).last == "viewDidDisappear presenting, by hand")
    }
}

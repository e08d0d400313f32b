import Geometry
import Testing
@testable import Transitions

/// The presented controller's own layout (what an app's UIViewController subclass overrides): UIKit calls
/// `viewWillTransition(to:with:)` on it through its presentation controller before a rotation, and
/// `viewWillLayoutSubviews` in each layout pass that finds its view's size changed.
@Suite struct ControllerLayoutTests {
    /// Centres a 300 × 200 card in the controller's view at every layout, and notes what it is asked.
    final class CardLayout: ControllerLayoutHooks {
        let card: View
        var calls: [String] = []
        init(card: View) { self.card = card }

        func viewWillTransition(_ controller: ViewController, to size: Size, with coordinator: TransitionCoordinator) {
            calls.append("transition \(Int(size.width))x\(Int(size.height)) in \(coordinator.transitionDuration)")
        }

        func viewWillLayoutSubviews(_ controller: ViewController) {
            let bounds = controller.view.bounds
            // Whole points as the tests write them; a width past Int's range (one test's) as Swift writes a Double.
            calls.append("layout \(bounds.width < 1e15 ? String(Int(bounds.width)) : String(bounds.width))x\(Int(bounds.height))")
            card.frame = Rect(x: (bounds.width - 300) / 2, y: (bounds.height - 200) / 2, width: 300, height: 200)
        }
    }

    static func presentedCard(style: PresentationStyle = .overFullScreen) -> (Simulation, ViewController, CardLayout) {
        let simulation = Simulation()
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = style
        let layout = CardLayout(card: simulation.engine.makeView(name: "card"))
        presented.view.addSubview(layout.card)
        presented.layoutHooks = layout
        simulation.present(presented)
        simulation.runUntilIdle()
        return (simulation, presented, layout)
    }

    @Test func theScreenIsLaidOutOnceWhenItGoesInAndAgainAfterARotation() {
        let (simulation, presented, layout) = Self.presentedCard()
        // Once for the view going in: the card centred in 390 × 844 by hand, (390 − 300) / 2 and (844 − 200) / 2.
        #expect(layout.calls == ["layout 390x844"])
        #expect(layout.card.frame == Rect(x: 45, y: 322, width: 300, height: 200))
        simulation.setWindowSize(Size(width: 844, height: 390), duration: 0.4)
        // Told first, then laid out in the same turn: the view already at its new size.
        #expect(layout.calls == ["layout 390x844", "transition 844x390 in 0.4", "layout 844x390"])
        #expect(presented.view.bounds.size == Size(width: 844, height: 390))
        simulation.advance(to: simulation.now + 0.2)
        // Laid out inside the rotation's animation: halfway through its ease, the card is on its way, not there.
        let onScreen = layout.card.presentation.frame
        #expect(onScreen.minX > 45 && onScreen.minX < 272 && onScreen.minY < 322 && onScreen.minY > 95, "\(onScreen)")
        simulation.runUntilIdle()
        // (844 − 300) / 2 and (390 − 200) / 2; nothing changed size since, so no pass called it again.
        #expect(layout.card.frame == Rect(x: 272, y: 95, width: 300, height: 200))
        #expect(layout.card.presentation.frame == layout.card.frame)
        #expect(layout.calls.count == 3)
        let layouts: Int = simulation.hooks.filter { $0.hook == "viewWillLayoutSubviews" }.count
        #expect(layouts == 2)
    }

    @Test func aSizeTheControllerItselfChangesIsLaidOutAtTheNextFrame() {
        let (simulation, presented, layout) = Self.presentedCard(style: .custom)
        presented.view.frame = Rect(x: 0, y: 300, width: 390, height: 544)
        #expect(layout.calls == ["layout 390x844"])
        simulation.advance(to: simulation.now + 1.0 / 60)
        #expect(layout.calls == ["layout 390x844", "layout 390x544"])
        // (544 − 200) / 2.
        #expect(layout.card.frame == Rect(x: 45, y: 172, width: 300, height: 200))
        // Moved, not resized: no layout.
        presented.view.frame = Rect(x: 0, y: 200, width: 390, height: 544)
        simulation.advance(to: simulation.now + 1.0 / 60)
        #expect(layout.calls.count == 2)
    }

    @Test func aSizeAScriptMadeHugeIsWrittenAsItIsNotTrapped() {
        let (simulation, presented, _) = Self.presentedCard(style: .custom)
        presented.view.frame = Rect(x: 0, y: 0, width: 1e19, height: 100)
        simulation.advance(to: simulation.now + 1.0 / 60)
        #expect(simulation.hooks.last?.detail == "presented 1e+19x100")
    }

    /// A form sheet on an iPad is told of its own next size, not the window's: UIKit's presentation controller
    /// forwards the size its child will have (a form sheet stays 540 × 620, Apple's documented default).
    @Test func aFormSheetIsToldItsOwnSize() {
        let simulation = Simulation(windowSize: Size(width: 1194, height: 834))
        let presented = simulation.makeViewController(name: "presented")
        presented.modalPresentationStyle = .formSheet
        let layout = CardLayout(card: simulation.engine.makeView(name: "card"))
        presented.layoutHooks = layout
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.setWindowSize(Size(width: 834, height: 1194), duration: 0.4)
        #expect(layout.calls.contains("transition 540x620 in 0.4"), "\(layout.calls)")
        #expect(!layout.calls.contains { $0.hasPrefix("transition 834x1194") })
    }

    @Test func presentedAgainItIsLaidOutAgain() {
        let (simulation, presented, layout) = Self.presentedCard()
        simulation.dismiss(animated: true)
        simulation.runUntilIdle()
        #expect(simulation.topViewController === simulation.root)
        simulation.present(presented)
        simulation.runUntilIdle()
        #expect(layout.calls == ["layout 390x844", "layout 390x844"])
    }

    @Test func withoutHooksNothingIsRecorded() {
        let simulation = Simulation()
        let presented = simulation.makeViewController(name: "presented")
        simulation.present(presented)
        simulation.runUntilIdle()
        simulation.setWindowSize(Size(width: 844, height: 390))
        simulation.runUntilIdle()
        #expect(!simulation.hooks.contains { $0.hook == "viewWillLayoutSubviews" })
        // The presentation controller's own, and no forwarded one.
        #expect(simulation.hooks.filter { $0.hook == "viewWillTransition(to:with:)" }.map(\.detail) == ["844x390"])
    }
}

import Foundation
import Geometry
import Testing
import Transitions

/// Hit-testing and taps: which view a point lands on by UIKit's rules (the expected views worked out by hand from the
/// frames below), and which recognizer a tap goes to, when, and what it can do.
@Suite struct TapTests {
    /// A window with a 200 × 100 card at (10, 20) holding a 40 × 40 button at (50, 10) in the card.
    func scene() -> (Simulation, card: View, button: View) {
        let simulation = Simulation(listRows: false)
        let card = simulation.engine.makeView(name: "card", frame: Rect(x: 10, y: 20, width: 200, height: 100))
        let button = simulation.engine.makeView(name: "button", frame: Rect(x: 50, y: 10, width: 40, height: 40))
        card.addSubview(button)
        simulation.root.view.addSubview(card)
        return (simulation, card, button)
    }

    func hit(_ simulation: Simulation, _ x: Double, _ y: Double) -> String? {
        simulation.window.hitTest(Point(x: x, y: y))?.name
    }

    @Test func aPointLandsOnTheDeepestViewHoldingIt() {
        let (simulation, _, _) = scene()
        // The button spans x 60…100, y 30…70 in the window; the card 10…210, 20…120.
        #expect(hit(simulation, 60, 30) == "button")
        #expect(hit(simulation, 99.9, 69.9) == "button")
        // The max edges are outside, as CGRect.contains has them.
        #expect(hit(simulation, 100, 50) == "card")
        #expect(hit(simulation, 150, 100) == "card")
        #expect(hit(simulation, 5, 5) == "presenting")
        #expect(hit(simulation, -1, 5) == nil)
        #expect(hit(simulation, 390, 5) == nil)
    }

    @Test func theFrontmostOfOverlappingSiblingsTakesIt() {
        let (simulation, card, _) = scene()
        let cover = simulation.engine.makeView(name: "cover", frame: Rect(x: 40, y: 0, width: 30, height: 100))
        card.addSubview(cover)
        // The cover (x 50…80 in the window) is over the button's left part; the button's right part is still the button.
        #expect(hit(simulation, 70, 50) == "cover")
        #expect(hit(simulation, 85, 50) == "button")
        card.sendSubviewToBack(cover)
        #expect(hit(simulation, 70, 50) == "button")
    }

    @Test func hiddenDisabledAndTransparentViewsArePassedOverWithTheirSubviews() {
        let (simulation, card, button) = scene()
        button.isHidden = true
        #expect(hit(simulation, 70, 50) == "card")
        button.isHidden = false
        // Apple: "an alpha level less than 0.01" is ignored; 0.01 itself is not.
        button.alpha = 0.0099
        #expect(hit(simulation, 70, 50) == "card")
        button.alpha = 0.01
        #expect(hit(simulation, 70, 50) == "button")
        card.isUserInteractionEnabled = false
        #expect(hit(simulation, 70, 50) == "presenting")
        card.isUserInteractionEnabled = true
        // A standalone layer over the button takes nothing.
        let shade = simulation.engine.makeLayer(.layer, name: "shade")
        shade.frame = card.bounds
        card.addSublayer(shade)
        #expect(hit(simulation, 70, 50) == "button")
    }

    @Test func aSubviewReachingPastItsSuperviewIsNotTouchedThere() {
        let (simulation, card, _) = scene()
        let tab = simulation.engine.makeView(name: "tab", frame: Rect(x: 180, y: 80, width: 60, height: 60))
        card.addSubview(tab)
        // The tab covers x 190…250, y 100…160; the card ends at x 210 and y 120.
        #expect(hit(simulation, 200, 110) == "tab")
        #expect(hit(simulation, 230, 110) == "presenting")
        #expect(hit(simulation, 200, 130) == "presenting")
    }

    @Test func aScrolledSuperviewMovesItsSubviews() {
        let (simulation, card, _) = scene()
        // Bounds' origin 30 down: the button (y 10…50 in the card's space) shows at y 0…20 of the card, 20…40 in the window.
        card.bounds = Rect(x: 0, y: 30, width: 200, height: 100)
        #expect(hit(simulation, 70, 25) == "button")
        #expect(hit(simulation, 70, 45) == "card")
    }

    @Test func aTurnedViewIsTouchedWhereItIsTurned() {
        let simulation = Simulation(listRows: false)
        let square = simulation.engine.makeView(name: "square", frame: Rect(x: 150, y: 150, width: 100, height: 100))
        square.transform = AffineTransform(rotationAngle: .pi / 4)
        simulation.root.view.addSubview(square)
        // Turned 45° about its centre (200, 200): (260, 200) is 60 along x, which turned back is (42.4, −42.4): inside
        // ±50. (245, 245) is (63.6, 0) turned back: outside, though inside the square's unturned frame.
        #expect(hit(simulation, 260, 200) == "square")
        #expect(hit(simulation, 245, 245) == "presenting")
        #expect(hit(simulation, 200, 135) == "square")
    }

    @Test func aSquashedViewTakesNothing() {
        let (simulation, _, button) = scene()
        button.transform = AffineTransform(scaleX: 0, y: 1)
        #expect(hit(simulation, 80, 50) == "card")
    }

    @Test func theDeepestNestingAndThousandsOfSiblingsAreWalked() {
        let simulation = Simulation(listRows: false)
        var parent = simulation.root.view
        var deepest = parent
        // As deep as the engine lets a script go: each level one more 100-point square at the origin.
        for n in 0..<1_000 {
            let view = simulation.engine.makeView(name: "v\(n)", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            parent.addSubview(view)
            guard view.superview === parent else { break }
            (parent, deepest) = (view, view)
        }
        #expect(deepest.name != "v0")
        #expect(hit(simulation, 50, 50) == deepest.name)
        // Beside it, 20,000 siblings: the last added is the front one.
        for n in 0..<20_000 {
            simulation.root.view.addSubview(simulation.engine.makeView(name: "s\(n)", frame: Rect(x: 200, y: 200, width: 10, height: 10)))
        }
        #expect(hit(simulation, 205, 205) == "s19999")
    }

    // MARK: Taps

    /// Presented over the right half of the screen with a dimming view on the left (the tests' presentation controller).
    func presentedOverDimming() -> (Simulation, ViewController, Delegate) {
        let (simulation, presented, delegate) = halfScreen()
        simulation.present(presented)
        simulation.runUntilIdle()
        return (simulation, presented, delegate)
    }

    @Test func aTapOnTheDimmingDismissesAfterTheFingerLifts() throws {
        let (simulation, presented, delegate) = presentedOverDimming()
        let dimming = try #require(delegate.controller?.dimming)
        var calls: [(time: Double, location: Point?, view: View?)] = []
        dimming.addGestureRecognizer(TapRecognizer(engine: simulation.engine) { tap in
            calls.append((simulation.now, tap.location, tap.view))
            simulation.dismiss()
        })
        let start = simulation.now
        // The presented view covers x 195…390: the right half is it, the left half the dimming.
        let onPresented = simulation.tap(at: Point(x: 300, y: 400), fps: 60, sample: nil)
        #expect(onPresented.view === presented.view && onPresented.recognizer == nil)
        #expect(calls.isEmpty)
        #expect(simulation.topViewController === presented)
        let second = simulation.now
        let onDimming = simulation.tap(at: Point(x: 100, y: 400), fps: 60, sample: nil)
        #expect(onDimming.view === dimming && onDimming.recognizer?.view === dimming)
        #expect(calls.count == 1)
        #expect(abs(calls[0].time - (second + Simulation.tapDuration)) < 1e-9)
        #expect(calls[0].location == Point(x: 100, y: 400))
        #expect(calls[0].view === dimming)
        #expect(second >= start + Simulation.tapDuration)
        // The dismissal ran to its end.
        #expect(simulation.topViewController === simulation.root)
        #expect(!simulation.isTransitioning)
        #expect(simulation.hooks.filter { $0.hook == "tap" }.map { $0.detail ?? "" }
                == ["(300, 400) on presented: no tap recognizer", "(100, 400) on dimming, its recognizer"])
    }

    @Test func theTraceSaysWhereATapLandedAndWhatTookIt() {
        let (simulation, card, button) = scene()
        card.addGestureRecognizer(TapRecognizer(engine: simulation.engine) { _ in })
        simulation.tap(at: Point(x: 70, y: 50), fps: 60, sample: nil)
        simulation.tap(at: Point(x: 500.123, y: -3), fps: 60, sample: nil)
        button.isUserInteractionEnabled = false
        simulation.tap(at: Point(x: 70, y: 50), fps: 60, sample: nil)
        #expect(simulation.hooks.filter { $0.hook == "tap" }.compactMap(\.detail)
                == ["(70, 50) on button, the recognizer on card", "(500.12, -3), outside the window: no tap recognizer",
                    "(70, 50) on card, its recognizer"])
    }

    /// The search check's tap-to-dismiss makes: the first point of a grid over the visible part of each view with a
    /// recognizer (below the 47-point status bar of the iPhone 14 the simulation has by default) that reaches it.
    @Test func theTapSearchFindsAVisibleSliverBelowTheStatusBar() throws {
        let simulation = Simulation(listRows: false)
        let shade = simulation.engine.makeView(name: "shade", frame: simulation.window.bounds)
        shade.addGestureRecognizer(TapRecognizer(engine: simulation.engine) { _ in })
        simulation.root.view.addSubview(shade)
        // A sheet over all but the rightmost 15 points: 9 × 9 centres all land on it; of 33 × 33 the last column,
        // x = 390 × 32.5 / 33 = 384.09, is on the shade, first in the top row, y = 47 + 797 × 0.5 / 33.
        let sheet = simulation.engine.makeView(name: "sheet", frame: Rect(x: 0, y: 0, width: 375, height: 844))
        simulation.root.view.addSubview(sheet)
        guard case .found(let point, let recognizer) = simulation.tapPoint() else { Issue.record("nothing found"); return }
        #expect(recognizer.view === shade)
        #expect(abs(point.x - 390 * 32.5 / 33) < 1e-9 && abs(point.y - (47 + 797 * 0.5 / 33)) < 1e-9, "\(point)")
        // Covered whole: nothing reaches it, and the search says so.
        sheet.frame = simulation.window.bounds
        guard case .unreachable(let views) = simulation.tapPoint() else { Issue.record("found through the sheet"); return }
        #expect(views == ["shade"])
        // Tried already: as if there were none.
        guard case .noRecognizer = simulation.tapPoint(skipping: [ObjectIdentifier(shade)]) else { Issue.record("not skipped"); return }
        #expect(simulation.hasTapRecognizer)
    }

    @Test func theRecognizerNearestTheTouchedViewTakesTheTap() {
        let (simulation, card, button) = scene()
        var fired: [String] = []
        card.addGestureRecognizer(TapRecognizer(engine: simulation.engine) { _ in fired.append("card") })
        let buttonTap = TapRecognizer(engine: simulation.engine) { _ in fired.append("button") }
        button.addGestureRecognizer(buttonTap)
        simulation.tap(at: Point(x: 70, y: 50), fps: 60, sample: nil)
        simulation.tap(at: Point(x: 150, y: 50), fps: 60, sample: nil)
        #expect(fired == ["button", "card"])
        buttonTap.isEnabled = false
        simulation.tap(at: Point(x: 70, y: 50), fps: 60, sample: nil)
        #expect(fired == ["button", "card", "card"])
        // Moved to the card, it is the card's second: the card's first takes the tap.
        card.addGestureRecognizer(buttonTap)
        buttonTap.isEnabled = true
        #expect(button.tapRecognizers.isEmpty && card.tapRecognizers.count == 2)
        simulation.tap(at: Point(x: 70, y: 50), fps: 60, sample: nil)
        #expect(fired == ["button", "card", "card", "card"])
    }

    @Test func aTapWhileATransitionRunsDoesNothing() {
        let (simulation, presented, delegate) = halfScreen()
        var fired = 0
        simulation.root.view.addGestureRecognizer(TapRecognizer(engine: simulation.engine) { _ in fired += 1 })
        simulation.present(presented)
        // The fade lasts longer than a tap: the finger lifts while it runs.
        #expect(delegate.present.duration > Simulation.tapDuration * 2)
        simulation.advance(to: simulation.now + 0.01)
        #expect(simulation.isTransitioning)
        let target = simulation.tap(at: Point(x: 10, y: 400), fps: 60, sample: nil)
        #expect(fired == 0 && target.recognizer == nil)
        #expect(simulation.hooks.allSatisfy { $0.hook != "tap" })
    }

    @Test func theFingerIsShownWhileDown() {
        let (simulation, _, _) = scene()
        var shown: [Bool] = []
        simulation.tap(at: Point(x: 70, y: 50), fps: 60, sample: { shown.append($0.fingers != nil) })
        // 60 frames a second over a tenth of a second: frames at 1/60 … 5/60 with the finger, the one at 6/60 (the lift) without.
        #expect(shown.prefix(5).allSatisfy { $0 })
        #expect(simulation.fingers == nil)
    }
}

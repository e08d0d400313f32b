import Foundation
import Geometry
import Testing
@testable import Transitions

/// A scroll view's own pan: the content follows the finger, is rubber-banded past its ends with UIScrollView's
/// formula, and comes to rest after the lift. Expected values are worked from the formulas by hand.
@Suite struct ScrollViewPanTests {
    /// A 300-point-high scroll view with 1,000 points of content, in the window.
    static func scene(offset: Double = 0, bounces: Bool = true) -> (Simulation, View) {
        let simulation = Simulation(listRows: false)
        let list = simulation.engine.makeView(name: "feed", frame: Rect(x: 0, y: 100, width: 390, height: 300))
        list.isScrollView = true
        list.contentSize = Size(width: 390, height: 1000)
        list.bounces = bounces
        list.contentOffset = Point(x: 0, y: offset)
        simulation.window.addSubview(list)
        return (simulation, list)
    }

    /// The list let go at rest on `offset` at `velocity` points a second (a drag begun and ended at once): a deceleration.
    static func flung(offset: Double, velocity: Double, bounces: Bool = true) -> (Simulation, View) {
        let (simulation, list) = scene(offset: offset, bounces: bounces)
        let pan = ScrollViewPan(view: list, sharedWith: simulation.window, in: simulation)
        pan.moved(drag(0, state: .began))
        pan.released(drag(0, state: .ended, velocity: velocity))
        return (simulation, list)
    }

    static func drag(_ dy: Double, at time: Double = 0, state: GestureSample.State = .changed, velocity: Double = 0) -> GestureSample {
        var sample = GestureSample(time: time, state: state, location: Point(x: 195, y: 200 + dy), touches: [Point(x: 195, y: 200 + dy)])
        sample.translation = Point(x: 0, y: dy)
        sample.velocity = Point(x: 0, y: velocity)
        return sample
    }

    @Test func theContentFollowsTheFingerAndIsRubberBandedPastItsTop() {
        let (simulation, list) = Self.scene(offset: 50)
        let pan = ScrollViewPan(view: list, sharedWith: simulation.window, in: simulation)
        pan.moved(Self.drag(30, state: .began))
        #expect(list.contentOffset.y == 20)
        // 130 points down from 50: 80 past the top, shown as d·(1 − 1/(x·0.55/d + 1)) with d = 300.
        pan.moved(Self.drag(130))
        let banded: Double = 300 * (1 - 1 / (80 * 0.55 / 300 + 1))
        #expect(abs(list.contentOffset.y + banded) < 1e-9)
        #expect(banded < 80)
        // Past the far end (700): 60 points beyond it.
        pan.moved(Self.drag(-710))
        #expect(abs(list.contentOffset.y - (700 + 300 * (1 - 1 / (60 * 0.55 / 300 + 1)))) < 1e-9)
    }

    @Test func withoutBouncingItStopsAtItsEnds() {
        let (simulation, list) = Self.scene(offset: 50, bounces: false)
        let pan = ScrollViewPan(view: list, sharedWith: simulation.window, in: simulation)
        pan.moved(Self.drag(0, state: .began))
        pan.moved(Self.drag(130))
        #expect(list.contentOffset.y == 0)
        pan.moved(Self.drag(-1000))
        #expect(list.contentOffset.y == 700)
    }

    @Test func anOffsetTheAppSetsIsWhereTheNextMoveStarts() {
        // A sheet that holds its list at the top while it dismisses sets the offset itself: the next move is applied
        // to that offset, not to where the finger alone would put the content.
        let (simulation, list) = Self.scene(offset: 200)
        let pan = ScrollViewPan(view: list, sharedWith: simulation.window, in: simulation)
        pan.moved(Self.drag(0, state: .began))
        pan.moved(Self.drag(40))
        #expect(list.contentOffset.y == 160)
        list.contentOffset = Point(x: 0, y: 0)
        // 10 points further down: 10 past the top, banded; then 20 back up: 10 points into the content.
        pan.moved(Self.drag(50))
        #expect(abs(list.contentOffset.y + 300 * (1 - 1 / (10 * 0.55 / 300 + 1))) < 1e-9)
        pan.moved(Self.drag(30))
        #expect(abs(list.contentOffset.y - 10) < 1e-9)
    }

    @Test func letGoInsideItDeceleratesAtTheNormalRateOnTheRefreshes() {
        let (simulation, list) = Self.scene(offset: 300)
        let pan = ScrollViewPan(view: list, sharedWith: simulation.window, in: simulation)
        pan.moved(Self.drag(0, state: .began))
        // Flicked up at 600 points a second: the content moves on, 600·τ·(1 − e^(−t/τ)) with τ = −0.001/ln 0.998.
        pan.released(Self.drag(0, state: .ended, velocity: -600))
        let tau = -0.001 / log(0.998)
        simulation.advance(to: 0.25)
        // The last refresh at or before 0.25 s is the 15th (1/60 s each).
        let t = 15.0 / 60
        #expect(abs(list.contentOffset.y - (300 + 600 * tau * (1 - exp(-t / tau)))) < 1e-9)
        simulation.runUntilIdle()
        // At rest once slower than 10 points a second: 600·e^(−t/τ) < 10, about 2.05 s, short of 600·τ ≈ 299.7 points.
        let rest = list.contentOffset.y - 300
        #expect(rest > 600 * tau - 10 * tau - 1 && rest < 600 * tau)
    }

    @Test func letGoPastAnEndItSpringsBack() {
        let (simulation, list) = Self.scene(offset: 0)
        let pan = ScrollViewPan(view: list, sharedWith: simulation.window, in: simulation)
        pan.moved(Self.drag(0, state: .began))
        pan.released(Self.drag(100, state: .ended))
        let start = list.contentOffset.y
        #expect(start < 0)
        simulation.advance(to: 0.1)
        // A critically damped spring, ω = 10: x(t) = x₀(1 + ωt)e^(−ωt), at the sixth refresh.
        let t = 6.0 / 60
        #expect(abs(list.contentOffset.y - start * (1 + 10 * t) * exp(-10 * t)) < 1e-9)
        simulation.runUntilIdle()
        #expect(list.contentOffset.y == 0)
    }

    @Test func itsPanBeginsOnlyWhenTheContentCanScroll() {
        let (_, list) = Self.scene()
        #expect(ScrollViewPan.canScroll(list))
        list.contentSize = Size(width: 390, height: 300)
        #expect(!ScrollViewPan.canScroll(list))
        list.alwaysBounceVertical = true
        #expect(ScrollViewPan.canScroll(list))
        list.isScrollView = false
        #expect(!ScrollViewPan.canScroll(list))
    }
}

extension ScrollViewPanTests {
    @Test func aDecelerationStopsAtTheEndOfContentThatShrinksUnderIt() {
        let (simulation, list) = Self.flung(offset: 300, velocity: -3000)
        simulation.advance(to: 0.1)
        // 300 + 3000·τ·(1 − e^(−0.1/τ)) at the 6th refresh: about 572, past the 500 that 800 points of content leave.
        let before = list.contentOffset.y
        #expect(before > 500 && before < 700)
        list.contentSize = Size(width: 390, height: 800)
        // It bounces: from past the new end it springs back (x₀ − 500)(1 + ωt)e^(−ωt) above 500, a refresh at a time.
        var offsets: [Double] = []
        simulation.runUntilIdle(fps: 60) { _ in offsets.append(list.contentOffset.y) }
        #expect(list.contentOffset.y == 500)
        #expect(zip([before] + offsets, offsets).allSatisfy { $0 - $1 < 0.3 * (before - 500) && $0 >= $1 }, "\(offsets)")
        // Without bouncing, it stops at the new end at the next refresh.
        let (still, rigid) = Self.flung(offset: 300, velocity: -3000, bounces: false)
        still.advance(to: 0.1)
        rigid.contentSize = Size(width: 390, height: 800)
        still.advance(to: 0.1 + 1.0 / 60)
        #expect(rigid.contentOffset.y == 500)
        // UIKit's own refreshes, not the app's work: nothing of it in the trace's hooks.
        #expect(!simulation.hooks.contains { $0.hook == "asyncAfter" }, "\(simulation.hooks.map(\.hook))")
    }
}

extension ScrollViewPanTests {
    /// Sampled at every frame of 60 a second, a deceleration moves at every one until it rests: none repeats the last
    /// offset and none skips one. Set by the app meanwhile, the offset holds and the deceleration stops.
    @Test func aDecelerationStepsAtEveryRefreshAndStopsWhereTheAppSetsIt() {
        let (simulation, list) = Self.flung(offset: 300, velocity: -600)
        var offsets: [Double] = []
        simulation.runUntilIdle(fps: 60, limit: 1) { _ in offsets.append(list.contentOffset.y) }
        let moving = offsets.prefix(50)
        #expect(zip(moving, moving.dropFirst()).allSatisfy { $0 < $1 }, "\(Array(moving))")
        let (again, view) = Self.flung(offset: 300, velocity: -600)
        again.advance(to: 0.2)
        view.contentOffset = Point(x: 0, y: 10)
        again.runUntilIdle()
        #expect(view.contentOffset.y == 10)
    }

    /// A list that scrolls up and down begins its pan for a drag mostly down, not for one mostly across.
    @Test func itsPanBeginsOnlyAlongAnAxisItScrolls() {
        let (_, list) = Self.scene()
        #expect(ScrollViewPan.begins(list, moving: Point(x: 1, y: 3)))
        #expect(!ScrollViewPan.begins(list, moving: Point(x: 3, y: 1)))
        list.alwaysBounceHorizontal = true
        #expect(ScrollViewPan.begins(list, moving: Point(x: 3, y: 1)))
    }
}

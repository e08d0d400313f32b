import Foundation
import Geometry
import LuaBindings
import Testing
import Transitions

/// The catalogue's zoom-from-source against the spring worked out here:
/// WWDC23's mapping for 0.5 s and no bounce is mass 1, stiffness (2π/0.5)²,
/// damping 4π/0.5: critically damped at ω = 4π, so the way gone at t is
/// p(t) = 1 − (1 + ωt)·e^(−ωt).
@Suite struct ZoomFromSourceTests {
    static let omega = 4 * Double.pi
    static func progress(_ t: Double) -> Double { 1 - (1 + omega * t) * exp(-omega * t) }

    /// The row (iPhone 14: the third, 195 + 2 × 88 down) and the screen.
    static let row = (y: 371.0, height: 88.0), screen = (width: 390.0, height: 844.0)

    /// The screen's scale when the whole of it fits in the row, its shape kept (iOS 18's zoom).
    static let fitted = row.height / screen.height

    /// The zoomed screen's holder in the clip: the whole screen at `scale`, centred.
    static func expectFitted(_ sample: Sample, scale: Double, clip: Rect) throws {
        let holder = try #require(sample.views.first { $0.name == "zoomed" })
        #expect(abs(holder.frame.width - screen.width * scale) < 0.01 && abs(holder.frame.height - screen.height * scale) < 0.01,
                "at \(sample.time): \(holder.frame), scale \(scale)")
        #expect(abs(holder.frame.midX - clip.width / 2) < 0.01 && abs(holder.frame.midY - clip.height / 2) < 0.01)
    }

    static func outcome(_ scenario: Scenario) throws -> ScenarioOutcome {
        let file = try #require(try builtinEntries().first { $0.stem == "zoom-from-source" })
        var options = ScenarioOptions()
        options.sampling = true
        return ScenarioRunner.run(file, source: try file.source(), scenario: scenario, options: options)
    }

    @Test func theClipGrowsFromTheRowToTheScreenAlongTheSpring() throws {
        let outcome = try Self.outcome(.present)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let samples = try #require(outcome.trace?.samples)
        let animated = samples.filter { sample in sample.views.contains { $0.name == "zoom" } }
        #expect(animated.count > 20)
        // Around half the spring's settling time (about 0.73 s), and two other moments.
        for time in [0.1, 0.35, 0.5] {
            let sample = try #require(animated.min { abs($0.time - time) < abs($1.time - time) })
            let p = Self.progress(sample.time)
            let clip = try #require(sample.views.first { $0.name == "zoom" })
            #expect(abs(clip.frame.minY - Self.row.y * (1 - p)) < 0.01, "at \(sample.time): \(clip.frame)")
            #expect(abs(clip.frame.height - (Self.row.height + (Self.screen.height - Self.row.height) * p)) < 0.01)
            #expect(clip.frame.minX == 0 && clip.frame.width == Self.screen.width)
            // The whole screen in the row's frame (88/844 of its size), growing to full size on the same spring.
            try Self.expectFitted(sample, scale: Self.fitted + (1 - Self.fitted) * p, clip: clip.frame)
            // The row's square corners to the display's 47.33.
            #expect(abs(clip.cornerRadius - 47.33 * p) < 0.001)
            // The screen fades in on the same spring; the row is hidden meanwhile.
            let screen = try #require(sample.views.first { $0.name == "presented" })
            #expect(abs(screen.alpha - p) < 0.001)
            #expect(sample.views.first { $0.name == "row 3" }?.hidden == true)
        }
        let last = try #require(samples.last)
        #expect(last.views.first { $0.name == "presented" }?.frame == .init(x: 0, y: 0, width: 390, height: 844))
        #expect(last.views.first { $0.name == "row 3" }?.hidden == false)
        #expect(!last.views.contains { $0.name == "zoom" })
    }

    @Test func theDismissalShrinksBackIntoTheRow() throws {
        let outcome = try Self.outcome(.dismiss)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let trace = try #require(outcome.trace)
        let start = try #require(trace.hooks.first { $0.hook == "dismissalTransitionWillBegin" }?.time)
        let sample = try #require(trace.samples.filter { $0.time > start }.min { abs($0.time - start - 0.2) < abs($1.time - start - 0.2) })
        let p = Self.progress(sample.time - start)
        let clip = try #require(sample.views.first { $0.name == "zoom" })
        #expect(abs(clip.frame.minY - Self.row.y * p) < 0.01, "\(clip.frame) at \(sample.time - start)")
        #expect(abs(clip.frame.height - (Self.screen.height - (Self.screen.height - Self.row.height) * p)) < 0.01)
        #expect(abs(clip.cornerRadius - 47.33 * (1 - p)) < 0.001)
        try Self.expectFitted(sample, scale: 1 - (1 - Self.fitted) * p, clip: clip.frame)
        let last = try #require(trace.samples.last)
        #expect(!last.views.contains { $0.name == "presented" || $0.name == "zoom" })
        #expect(last.views.first { $0.name == "row 3" }?.hidden == false)
    }

    /// The drag-presented scenario: 30 % of the height up (rubber-banded, back), then 30 % down:
    /// past the 15 % that dismisses, so the zoom takes it back into the row from there.
    @Test func theScreenFollowsTheFingerAndShrinks() throws {
        let outcome = try Self.outcome(.dragPresented)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let trace = try #require(outcome.trace)
        let presented = try #require(trace.hooks.first { $0.hook == "presentationTransitionDidEnd" }?.time)
        let dismissed = try #require(trace.hooks.first { $0.hook == "dismissalTransitionWillBegin" }?.time)
        let dragged = trace.samples.filter { $0.time > presented && $0.time < dismissed }.compactMap { sample in
            sample.views.first { $0.name == "presented" }.map { ($0.transform, sample.views.first { $0.name == "dimming" }?.alpha ?? 1) }
        }
        let over = 0.3 * 844
        // Up: UIScrollView's rubber band, d·(1 − 1/(x·0.55/d + 1)), at full size.
        let highest = dragged.map(\.0.m42).min() ?? 0
        #expect(abs(highest + 844 * (1 - 1 / (over * 0.55 / 844 + 1))) < 0.01, "\(highest)")
        // Down 253.2: scale 1 − (1 − 0.5) × 0.3 = 0.85, the dimming at 1 − 0.3.
        let smallest = dragged.map(\.0.m11).min() ?? 1
        #expect(abs(smallest - 0.85) < 1e-6, "\(smallest)")
        #expect(abs((dragged.map(\.1).min() ?? 1) - 0.7) < 1e-4)
        #expect(trace.hooks.contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" })
        // The zoom back starts where the finger left the screen: 0.85 of its size, 253.2 down.
        let first = try #require(trace.samples.first { $0.time > dismissed && $0.views.contains { $0.name == "zoom" } })
        let clip = try #require(first.views.first { $0.name == "zoom" })
        #expect(clip.frame.height < 0.86 * 844 && clip.frame.minY > 100, "\(clip.frame)")
    }

    @Test func withReduceMotionItCrossFadesInPlace() throws {
        let outcome = try Self.outcome(.reduceMotion)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let samples = try #require(outcome.trace?.samples)
        #expect(!samples.contains { $0.views.contains { $0.name == "zoom" } })
        let frames = Set(samples.compactMap { $0.views.first { $0.name == "presented" }?.frame })
        #expect(frames == [.init(x: 0, y: 0, width: 390, height: 844)])
    }
}

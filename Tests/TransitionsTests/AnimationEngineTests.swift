import Animation
import Geometry
import Testing
import TestSupport
@testable import Transitions

@Suite struct AnimationEngineTests {
    @Test func modelChangesAtOncePresentationFollowsTheCurve() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var finishedAt: (Double, Bool)?
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear), animations: { view.alpha = 0 },
                       completion: { finishedAt = (engine.now, $0) })
        #expect(view.alpha == 0)
        #expect(view.presentation.alpha == 1)
        engine.advance(to: 0.25)
        #expect(approximately(view.presentation.alpha, 0.75))
        #expect(finishedAt == nil)
        engine.advance(to: 2)
        #expect(view.presentation.alpha == 0)
        #expect(finishedAt?.0 == 1 && finishedAt?.1 == true, "the completion runs at the animation's end, not the step's")
        #expect(!engine.hasRunningAnimations)
    }

    /// Pieces animated with staggered delays and lengths, added out of the order they end in: each completion runs
    /// at its own end (delay + duration, by hand), in the order of those ends, ties in the order the blocks were made;
    /// a clock step finishes exactly the ones due by its time.
    @Test func staggeredPiecesFinishAtTheirOwnEndsInOrder() {
        let engine = AnimationEngine()
        var expected: [(end: Double, piece: Int)] = []
        var finished: [(time: Double, piece: Int)] = []
        for piece in 0..<60 {
            let view = engine.makeView(name: "piece \(piece)")
            // Ends spread over 0.2 s to 0.99 s, not in the order made.
            let delay = Double((piece * 37) % 60) / 100, duration = 0.2 + Double(piece % 3) / 10
            expected.append((delay + duration, piece))
            engine.animate(duration: duration, delay: delay, animations: { view.alpha = 0 },
                           completion: { _ in finished.append((engine.now, piece)) })
        }
        expected.sort { ($0.end, $0.piece) < ($1.end, $1.piece) }
        var time = 0.0
        while time < 1 {
            time += 1.0 / 60
            engine.advance(to: time)
            #expect(finished.count == expected.filter { $0.end <= time }.count, "at \(time)")
        }
        #expect(finished.map(\.piece) == expected.map(\.piece))
        #expect(zip(finished, expected).allSatisfy { approximately($0.time, $1.end) })
        #expect(!engine.hasRunningAnimations)
    }

    @Test func easeInOutFrameAnimation() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v", frame: Rect(x: 0, y: 844, width: 390, height: 844))
        engine.animate(duration: 0.5, animations: { view.frame = Rect(x: 0, y: 0, width: 390, height: 844) })
        engine.advance(to: 0.1)
        let expected = 844 - 844 * TimingCurve.easeInOut.value(at: 0.2)
        #expect(approximately(view.presentation.frame.minY, expected))
        #expect(view.frame.minY == 0)
    }

    @Test func delayShowsTheOldValueFirst() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v")
        engine.animate(duration: 1, delay: 0.5, options: AnimationOptions(curve: .linear), animations: { view.alpha = 0 })
        engine.advance(to: 0.4)
        #expect(view.presentation.alpha == 1)
        engine.advance(to: 1.0)
        #expect(approximately(view.presentation.alpha, 0.5))
    }

    @Test func interruptionStartsFromWhatIsOnScreen() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v")
        var first: Bool?, second: Bool?
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear), animations: { view.alpha = 0 }, completion: { first = $0 })
        engine.advance(to: 0.5)
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear), animations: { view.alpha = 1 }, completion: { second = $0 })
        engine.advance(to: 0.5)
        #expect(first == false)
        #expect(approximately(view.presentation.alpha, 0.5))
        engine.advance(to: 1.0)
        #expect(approximately(view.presentation.alpha, 0.75))
        engine.advance(to: 1.5)
        #expect(second == true)
    }

    @Test func nestedBlocksKeepTheirOwnTiming() {
        let engine = AnimationEngine()
        let a = engine.makeView(name: "a"), b = engine.makeView(name: "b")
        var order: [String] = []
        engine.animate(duration: 1, options: AnimationOptions(curve: .linear), animations: {
            a.alpha = 0
            engine.animate(duration: 0.5, options: AnimationOptions(curve: .linear), animations: { b.alpha = 0 },
                           completion: { _ in order.append("inner") })
        }, completion: { _ in order.append("outer") })
        engine.advance(to: 0.25)
        #expect(approximately(a.presentation.alpha, 0.75) && approximately(b.presentation.alpha, 0.5))
        engine.advance(to: 2)
        #expect(order == ["inner", "outer"])
    }

    @Test func blockWithNoChangeCompletesRightAway() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v")
        var done: (Double, Bool)?
        engine.advance(to: 0.3)
        engine.animate(duration: 1, animations: { view.alpha = 1 }, completion: { done = (engine.now, $0) })
        engine.advance(to: 0.3)
        #expect(done?.0 == 0.3 && done?.1 == true)
    }

    @Test func keyframesFollowTheirTrackWarpedByTheCurve() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "card")
        engine.animateKeyframes(duration: 2, options: AnimationOptions(curve: .linear), animations: {
            engine.addKeyframe(relativeStart: 0.2, relativeDuration: 0.4) { view.alpha = 0 }
            engine.addKeyframe(relativeStart: 0.3, relativeDuration: 0.3) { view.alpha = 0.5 }
        })
        // Relative time u = t / 2; the track from KeyframeTrackTests: 1 → 0 over .2….3, 0 → .5 over .3….6.
        engine.advance(to: 0.5)
        #expect(approximately(view.presentation.alpha, 0.5))
        engine.advance(to: 0.9)
        #expect(approximately(view.presentation.alpha, 0.25))
        // With the default curve the whole timeline is warped.
        let warped = AnimationEngine()
        let other = warped.makeView(name: "card")
        warped.animateKeyframes(duration: 1, animations: {
            warped.addKeyframe(relativeStart: 0, relativeDuration: 1) { other.alpha = 0 }
        })
        warped.advance(to: 0.25)
        #expect(approximately(other.presentation.alpha, 1 - TimingCurve.easeInOut.value(at: 0.25)))
    }

    @Test func springAnimatesInRealTime() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "sheet", frame: Rect(x: 0, y: 844, width: 390, height: 400))
        engine.animate(duration: 0.6, dampingRatio: 0.7, initialVelocity: 0, animations: { view.center = Point(x: 195, y: 644) })
        engine.advance(to: 0.2)
        let spring = Spring(duration: 0.6, dampingRatio: 0.7, initialVelocity: 0)
        #expect(approximately(view.presentation.center.y, 1044 + (644 - 1044) * spring.value(at: 0.2)))
    }

    @Test func frameIsTheBoundingBoxOfTheTransformedBounds() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 100, height: 50))
        view.transform = AffineTransform(rotationAngle: .pi / 2)
        #expect(approximately(view.frame.width, 50) && approximately(view.frame.height, 100))
        #expect(approximately(view.frame.midX, 50) && approximately(view.frame.midY, 25))
    }

    @Test func hierarchyOperations() {
        let engine = AnimationEngine()
        let root = engine.makeView(name: "root")
        let (a, b, c) = (engine.makeView(name: "a"), engine.makeView(name: "b"), engine.makeView(name: "c"))
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        #expect(root.subviews.map(\.name) == ["a", "c", "b"])
        root.insertSubview(a, aboveSubview: b)
        #expect(root.subviews.map(\.name) == ["c", "b", "a"])
        root.bringSubviewToFront(c)
        root.sendSubviewToBack(a)
        #expect(root.subviews.map(\.name) == ["a", "b", "c"])
        b.removeFromSuperview()
        #expect(root.subviews.map(\.name) == ["a", "c"] && b.superview == nil)
        #expect([a.id, b.id, c.id] == [2, 3, 4], "ids follow creation order")
    }

    @Test func snapshotFreezesWhatWasOnScreen() {
        let engine = AnimationEngine()
        let view = engine.makeView(name: "card", frame: Rect(x: 10, y: 20, width: 100, height: 100))
        view.backgroundColor = .red
        let snapshot = view.snapshotView(afterScreenUpdates: false)
        view.backgroundColor = .blue
        #expect(snapshot.frame == view.frame)
        #expect(snapshot.snapshot?.state.backgroundColor == .red)
        #expect(snapshot.snapshot?.sourceID == view.id)
    }
}

@Suite struct AutoresizingTests {
    /// UIKit shares a size change among the flexible parts in proportion to their lengths.
    @Test func flexiblePartsShareTheChange() {
        let engine = AnimationEngine()
        let parent = engine.makeView(name: "parent", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let full = engine.makeView(name: "full", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        full.autoresizingMask = .flexibleSize
        let centred = engine.makeView(name: "centred", frame: Rect(x: 100, y: 300, width: 200, height: 200))
        centred.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        let pinned = engine.makeView(name: "pinned", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        for view in [full, centred, pinned] { parent.addSubview(view) }
        parent.bounds = Rect(x: 0, y: 0, width: 800, height: 400)
        #expect(full.frame == Rect(x: 0, y: 0, width: 800, height: 400))
        // Margins 100 and 100 share +400 equally; 300 and 300 share −400.
        #expect(centred.frame == Rect(x: 300, y: 100, width: 200, height: 200))
        #expect(pinned.frame == Rect(x: 10, y: 10, width: 50, height: 50))
    }
}

import Animation
import Geometry
import Testing
import TestSupport

@Suite struct KeyframeTrackTests {
    /// alpha from 1: a keyframe at .2 for .4 to 0, overlapped by one at .3 for .3 to 0.5.
    static let overlapping = [
        Keyframe(relativeStart: 0.2, relativeDuration: 0.4, value: 0.0),
        Keyframe(relativeStart: 0.3, relativeDuration: 0.3, value: 0.5),
    ]

    @Test func linearHoldsAndCutsOverlaps() {
        let track = KeyframeTrack(initial: 1.0, keyframes: Self.overlapping, mode: .linear)
        // Cut short, the first keyframe covers 1 → 0 over .2….3.
        let expected: [(Double, Double)] = [(0, 1), (0.1, 1), (0.2, 1), (0.25, 0.5), (0.3, 0),
                                            (0.45, 0.25), (0.6, 0.5), (0.8, 0.5), (1, 0.5)]
        for (u, value) in expected {
            #expect(approximately(track.value(at: u), value), "at \(u)")
        }
    }

    @Test func keyframesAreStableSortedByStart() {
        let track = KeyframeTrack(initial: 0.0, keyframes: [
            Keyframe(relativeStart: 0.5, relativeDuration: 0.5, value: 3.0),
            Keyframe(relativeStart: 0.0, relativeDuration: 0.5, value: 1.0),
            Keyframe(relativeStart: 0.0, relativeDuration: 0.5, value: 2.0),
        ])
        #expect(track.keyframes.map(\.value) == [1, 2, 3])
        // The first of the two at 0 is cut to nothing but still reaches 1 at
        // time 0; the second then runs 1 → 2 over 0….5.
        #expect(approximately(track.value(at: 0.25), 1.5))
        #expect(approximately(track.value(at: 0.5), 2.0))
        #expect(approximately(track.value(at: 0.75), 2.5))
    }

    /// Apple: each value holds from its key time until the next; UIKit
    /// gives each keyframe's value the time its keyframe ends. So the value
    /// before a keyframe shows all through it, and the keyframe's own value
    /// from its end on.
    @Test func discreteJumpsWhereEachKeyframeEnds() {
        let track = KeyframeTrack(initial: 1.0, keyframes: [
            Keyframe(relativeStart: 0.0, relativeDuration: 0.25, value: 2.0),
            Keyframe(relativeStart: 0.5, relativeDuration: 0.25, value: 3.0),
        ], mode: .discrete)
        let expected: [(Double, Double)] = [(0, 1), (0.24, 1), (0.25, 2), (0.6, 2), (0.74, 2), (0.75, 3), (1, 3)]
        for (u, value) in expected { #expect(track.value(at: u) == value, "at \(u)") }
    }

    @Test func discreteWithOverlapsJumpsWhereTheCutKeyframeEnds() {
        // The first keyframe is cut to .2….3, the second runs .3….6.
        let track = KeyframeTrack(initial: 1.0, keyframes: Self.overlapping, mode: .discrete)
        #expect(track.value(at: 0.2) == 1 && track.value(at: 0.29) == 1)
        #expect(track.value(at: 0.3) == 0 && track.value(at: 0.59) == 0)
        #expect(track.value(at: 0.6) == 0.5 && track.value(at: 1) == 0.5)
    }

    @Test func pacedSpreadsTimeByDistance() {
        // 0 → 10 → 30: the first step is a third of the way.
        let track = KeyframeTrack(initial: 0.0, keyframes: [
            Keyframe(relativeStart: 0, relativeDuration: 0.9, value: 10.0),
            Keyframe(relativeStart: 0.9, relativeDuration: 0.1, value: 30.0),
        ], mode: .paced)
        #expect(approximately(track.value(at: 1.0 / 6), 5))
        #expect(approximately(track.value(at: 1.0 / 3), 10))
        #expect(approximately(track.value(at: 2.0 / 3), 20))
        #expect(track.value(at: 1) == 30)
    }

    @Test func cubicPassesThroughTheValuesAlongACatmullRomSpline() {
        let keyframes = [
            Keyframe(relativeStart: 0, relativeDuration: 0.25, value: Point(x: 10, y: 0)),
            Keyframe(relativeStart: 0.25, relativeDuration: 0.25, value: Point(x: 10, y: 10)),
            Keyframe(relativeStart: 0.5, relativeDuration: 0.5, value: Point(x: 0, y: 10)),
        ]
        let track = KeyframeTrack(initial: Point.zero, keyframes: keyframes, mode: .cubic)
        #expect(approximately(track.value(at: 0.25), Point(x: 10, y: 0)))
        #expect(approximately(track.value(at: 0.5), Point(x: 10, y: 10)))
        #expect(track.value(at: 1) == Point(x: 0, y: 10))
        // Midway between the 2nd and 3rd points (u = 0.5 of .25….5): the
        // Catmull-Rom formula with p0 = (0,0), p1 = (10,0), p2 = (10,10), p3 = (0,10).
        func cr(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ u: Double) -> Double {
            0.5 * (2 * b + (c - a) * u + (2 * a - 5 * b + 4 * c - d) * u * u + (3 * b - a - 3 * c + d) * u * u * u)
        }
        let expected = Point(x: cr(0, 10, 10, 0, 0.5), y: cr(0, 0, 10, 10, 0.5))
        #expect(approximately(track.value(at: 0.375), expected))
        #expect(expected.x > 10, "the spline bulges past the straight line")
    }

    @Test func cubicPacedEndsAtTheLastValue() {
        let track = KeyframeTrack(initial: 0.0, keyframes: [
            Keyframe(relativeStart: 0, relativeDuration: 0.5, value: 1.0),
            Keyframe(relativeStart: 0.5, relativeDuration: 0.5, value: 3.0),
        ], mode: .cubicPaced)
        #expect(track.value(at: 0) == 0)
        #expect(approximately(track.value(at: 1.0 / 3), 1))
        #expect(track.value(at: 1) == 3)
    }
}

@Suite struct PropertyAnimationTests {
    @Test func delayHoldsTheFromValueThenTheCurveRuns() {
        let animation = PropertyAnimation(from: 0.0, to: 100.0, begin: 0.2, duration: 0.5, timing: .curve(.linear))
        #expect(animation.value(at: 0.1) == 0)
        #expect(approximately(animation.value(at: 0.45), 50))
        #expect(animation.value(at: 0.7) == 100)
        #expect(animation.isFinished(at: 0.7) && !animation.isFinished(at: 0.69))
    }

    @Test func autoreverseComesBackThenSnapsToTheModelValue() {
        let animation = PropertyAnimation(from: 0.0, to: 1.0, begin: 0, duration: 1, timing: .curve(.linear), autoreverses: true)
        #expect(approximately(animation.value(at: 0.5), 0.5))
        #expect(approximately(animation.value(at: 1.5), 0.5))
        #expect(approximately(animation.value(at: 1.9), 0.1))
        #expect(animation.value(at: 2) == 1, "UIKit's well-known jump to the model value")
    }

    @Test func repeatsCountCycles() {
        let animation = PropertyAnimation(from: 0.0, to: 10.0, begin: 0, duration: 1, timing: .curve(.linear), repeatCount: 2)
        #expect(animation.end == 3)
        #expect(approximately(animation.value(at: 2.25), 2.5))
        let forever = PropertyAnimation(from: 0.0, to: 10.0, begin: 0, duration: 1, timing: .curve(.linear), repeatCount: .infinity)
        #expect(!forever.isFinished(at: 1e9))
    }

    @Test func springRunsInRealTimeAndIsCutOffAtTheDuration() {
        let spring = Spring(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0)
        let animation = PropertyAnimation(from: 0.0, to: 200.0, begin: 0, duration: 0.5, timing: .spring(spring))
        #expect(approximately(animation.value(at: 0.1), 200 * spring.value(at: 0.1)))
        #expect(animation.value(at: 0.5) == 200)
    }

    @Test func transformsAnimateByParts() {
        let flip = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        let animation = PropertyAnimation(from: Transform3D.identity, to: flip, begin: 0, duration: 1, timing: .curve(.linear))
        #expect(approximately(animation.value(at: 0.5), Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)))
    }
}

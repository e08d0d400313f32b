import Animation
import Geometry
import RenderTree
@testable import Transitions
import Testing

/// The values a frame copies most are kept small by holding their large, rarer cases out of line (a transform, a
/// custom curve): the sizes are the point. The other two tests characterise the boxed cases (what they give is what
/// the types' own functions give): they guard the dispatch through the box, not the arithmetic, tested elsewhere.
@Suite struct ValueSizeTests {
    @Test func copiedValuesStaySmall() {
        // Inline, a transform (128 bytes) made every value 129 and a custom curve (88) every timing curve 89. Now the
        // largest inline payload is a blur's material (48 bytes, and the tag), and a curve is a box or a name.
        #expect(MemoryLayout<AnimatedValue>.size == MemoryLayout<BlurMaterial>.size + 1)
        #expect(MemoryLayout<TimingCurve>.size <= MemoryLayout<Int>.size + 1)
    }

    @Test func aBoxedTransformBlendsAsItsNumbersDo() {
        let a = Transform3D(rotationAngle: 0.7, x: 0, y: 1, z: 0).translated(x: 12, y: -3, z: 40)
        var b = Transform3D(scaleX: 0.5, y: 2, z: 1)
        b.m34 = -1.0 / 500
        let t = 0.3
        guard case .transform(let blended) = AnimatedValue.transform(a).interpolated(to: .transform(b), fraction: t) else {
            Issue.record("a transform blended into something else")
            return
        }
        // What the transform's own blend gives (by decomposition, tested in AnimationTests), bit for bit: the box
        // changes where the value lives, not what it is.
        let direct = a.interpolated(to: b, fraction: t)
        for (x, y) in zip(blended.elements, direct.elements) { #expect(x.bitPattern == y.bitPattern) }
        #expect(blended != a && blended != b)
        #expect(AnimatedValue.transform(a) == .transform(a))
        #expect(AnimatedValue.transform(a) != .transform(b))
    }

    @Test func aBoxedCustomCurveIsTheCurve() {
        let bezier = CubicBezier(0.2, 0.9, 0.3, 1.2)
        let curve = TimingCurve.cubic(bezier)
        for progress in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(curve.value(at: progress).bitPattern == bezier.value(at: progress).bitPattern)
        }
        #expect(curve == .cubic(CubicBezier(0.2, 0.9, 0.3, 1.2)))
        #expect(curve != .easeInOut)
    }
}

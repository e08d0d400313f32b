import Geometry
import RenderTree
import Testing
@testable import Transitions

/// The engine keeps a view's rare layer properties out of line and its
/// superview as an unretained reference, for speed; these check that
/// neither shows: values still behave as values, and a superview that
/// goes away leaves no dangling pointer behind.
@Suite struct ViewStorageTests {
    @Test func aCopiedStateKeepsItsOwnRareProperties() {
        var original = ViewState()
        original.shadowOpacity = 0.5
        var copy = original
        copy.shadowOpacity = 0.25
        copy.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(original.shadowOpacity == 0.5)
        #expect(original.sublayerTransform.isIdentity)
        #expect(copy.shadowOpacity == 0.25)
        #expect(copy.sublayerTransform.m11 == 2)
    }

    @Test func untouchedRarePropertiesHaveCoreAnimationsDefaults() {
        let state = ViewState()
        #expect(state.shadowOpacity == 0 && state.shadowRadius == 3)
        #expect(state.shadowOffset == Point(x: 0, y: -3))
        #expect(state.shadowColor == Color(red: 0, green: 0, blue: 0))
        #expect(state.gradient == nil && state.shape == nil && state.effect == nil && state.shadowPath == nil)
        #expect(!state.hasRareLayerState)
    }

    @Test func statesCompareByValueNotByStorage() {
        var a = ViewState(), b = ViewState()
        a.shadowRadius = 7
        b.shadowRadius = 7
        #expect(a == b)
        b.shadowRadius = 8
        #expect(a != b)
        // Set back to the default: equal to a state that never had it set.
        b.shadowRadius = 3
        #expect(b == ViewState())
    }

    @Test func aSuperviewThatGoesAwayLeavesItsSubviewsWithout() {
        let engine = AnimationEngine()
        let child = engine.makeView(name: "child")
        let mask = engine.makeView(name: "mask")
        do {
            let parent = engine.makeView(name: "parent")
            parent.addSubview(child)
            parent.setMask(mask)
            #expect(child.superview === parent)
            #expect(mask.maskOwner === parent)
        }
        #expect(child.superview == nil)
        #expect(mask.maskOwner == nil)
    }

    @Test func aRemovedSubviewForgetsItsSuperview() {
        let engine = AnimationEngine()
        let parent = engine.makeView(name: "parent"), child = engine.makeView(name: "child")
        parent.addSubview(child)
        child.removeFromSuperview()
        #expect(child.superview == nil)
        #expect(parent.sublayers.isEmpty)
    }

    /// The trace's rounding adds and takes away 2⁵² instead of calling libm's `rint`; libm is the reference, bit for
    /// bit: ties to even, the sign of a zero, the largest doubles with a fraction, and what has none.
    @Test func roundingWithoutACallIsLibmsRoundingBitForBit() {
        let twoTo52 = 4_503_599_627_370_496.0
        var values: [Double] = [0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, -0.3, 0.3, 1e-300,
                                -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, twoTo52 - 0.5, twoTo52 - 1.5,
                                -(twoTo52 - 0.5), twoTo52, twoTo52 + 1, 2 * twoTo52 + 2, -twoTo52 * 3, .greatestFiniteMagnitude,
                                .infinity, -.infinity, 12345.5, 12346.5, 2_500_000.5]
        // Any bit pattern: a fixed linear congruential sequence, so a failure repeats.
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = Double(bitPattern: seed)
            if value.isFinite { values.append(value) }
            // And the numbers a trace rounds: up to a few thousand points, at 1/10000 with halves.
            values.append(Double(Int64(bitPattern: seed) % 100_000_000) / 2)
        }
        for value in values {
            #expect(roundedToNearestEven(value).bitPattern == value.rounded(.toNearestOrEven).bitPattern, "\(value)")
        }
        #expect(roundedToNearestEven(.nan).isNaN)
    }

    /// A transform is rounded field by field: each of its sixteen numbers as round4 rounds it alone, in its place
    /// (rows and columns not swapped), the sign of a zero kept; the identity comes back untouched.
    @Test func aTransformRoundsEachNumberInItsPlace() {
        var rows: [[Double]] = []
        for i in 0..<4 {
            var row: [Double] = []
            for j in 0..<4 {
                let whole = Double(i * 4 + j), fraction = 0.123456 * Double(j + 1)
                row.append(whole + fraction - 7.5)
            }
            rows.append(row)
        }
        rows[0][1] = -0.00001   // rounds to −0
        rows[2][3] = -1.0 / 500
        let t = Transform3D(rows)
        let rounded = round(t).rows
        for i in 0..<4 {
            for j in 0..<4 {
                let expected = (rows[i][j] * 10000).rounded(.toNearestOrEven) / 10000
                #expect(rounded[i][j].bitPattern == expected.bitPattern, "m\(i + 1)\(j + 1)")
            }
        }
        #expect(rounded[0][1].sign == .minus && rounded[0][1] == 0)
        #expect(round(Transform3D.identity) == .identity)
    }
}

import Foundation
import Geometry
import Testing
import TestSupport

/// CATransform3D is projective: M and k·M move every point alike (uikit-transitions.md §9).
@Suite struct Transform3DNormalisationTests {
    /// A perspective turn about y, shifted after it: m14, m34 matter and m44 ≠ 1.
    static let m: Transform3D = {
        var t = Transform3D.identity
        t.m34 = -1 / 600
        return t.rotated(by: 0.5, x: 0, y: 1, z: 0).translated(x: 12, y: -7, z: 0)
    }()

    static func scaled(_ t: Transform3D, by k: Double) -> Transform3D {
        Transform3D(t.rows.map { $0.map { $0 * k } })
    }

    /// [x y 0 1]·M, divided by w: written out here, not through the library.
    static func corner(_ t: Transform3D, _ x: Double, _ y: Double) -> Point {
        let r = t.rows
        let (px, py, pw) = (x * r[0][0] + y * r[1][0] + r[3][0], x * r[0][1] + y * r[1][1] + r[3][1],
                            x * r[0][3] + y * r[1][3] + r[3][3])
        return Point(x: px / pw, y: py / pw)
    }

    static let corners: [(Double, Double)] = [(-100, -60), (100, -60), (100, 60), (-100, 60)]

    @Test func doubledMatrixInterpolatesFromTheSameCorners() {
        let doubled = Self.scaled(Self.m, by: 2)
        #expect(doubled.m44 == 2 * Self.m.m44 && Self.m.m44 != 1)
        let start = doubled.interpolated(to: .identity, fraction: 0)
        for (x, y) in Self.corners {
            #expect(approximately(Self.corner(start, x, y), Self.corner(Self.m, x, y), tolerance: 1e-7), "corner (\(x), \(y))")
        }
        // Halfway it is the same as halfway from M itself.
        let fromDoubled = doubled.interpolated(to: .identity, fraction: 0.5)
        let fromM = Self.m.interpolated(to: .identity, fraction: 0.5)
        for (x, y) in Self.corners {
            #expect(approximately(Self.corner(fromDoubled, x, y), Self.corner(fromM, x, y), tolerance: 1e-7))
        }
    }

    @Test func normalisedDividesEveryEntryByM44() throws {
        let expected = Transform3D(Self.m.rows.map { $0.map { $0 / Self.m.m44 } })
        let doubled = Self.scaled(Self.m, by: 2)
        #expect(approximately(doubled.normalized, expected, tolerance: 1e-12))
        #expect(doubled.normalized.m44 == 1)
        let negative = Self.scaled(Self.m, by: -3)
        #expect(approximately(negative.normalized, expected, tolerance: 1e-12))
        var flat = Transform3D.identity
        flat.m44 = 0
        #expect(flat.normalized == flat, "no m44 = 1 form")
        #expect(approximately(try #require(doubled.decomposed()).translation, try #require(Self.m.decomposed()).translation))
    }

    @Test func singularMatricesBlendElementwiseAfterNormalising() {
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)
        let doubled = Self.scaled(flat, by: 2)
        let mid = doubled.interpolated(to: .identity, fraction: 0.5)
        // Normalised: m11 0 → 1 and m22 1 → 1, so m11 = 0.5 and m22 = 1 (not 1.5).
        #expect(approximately(mid.m11, 0.5) && approximately(mid.m22, 1) && approximately(mid.m44, 1))
    }
}

private func approximately(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { approximately($0, $1) }
}

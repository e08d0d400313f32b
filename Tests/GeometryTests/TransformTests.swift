import Foundation
import Geometry
import Testing
import TestSupport

@Suite struct AffineTransformTests {
    @Test func rotationTurnsClockwiseOnScreen() {
        let p = Point(x: 1, y: 0).applying(AffineTransform(rotationAngle: .pi / 2))
        #expect(approximately(p, Point(x: 0, y: 1)))
    }

    @Test func translatedByAppliesTheTranslationFirst() {
        // Scale by 2 after moving by 10: (0, 0) → (10, 0) → (20, 0).
        let t = AffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        #expect(Point.zero.applying(t) == Point(x: 20, y: 0))
        // Concatenating applies self first: move by 10, then scale by 2.
        let u = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(Point(x: 1, y: 1).applying(u) == Point(x: 22, y: 2))
    }

    @Test func inverseUndoes() {
        let t = AffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 7, y: -3)
        let p = Point(x: 12, y: 34)
        #expect(approximately(p.applying(t).applying(t.inverted()), p))
        let singular = AffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
    }
}

@Suite struct Transform3DTests {
    @Test func rotationAboutYHasTheDocumentedEntries() {
        let a = 0.7
        let r = Transform3D(rotationAngle: a, x: 0, y: 1, z: 0)
        #expect(approximately(r.m11, cos(a)) && approximately(r.m13, -sin(a)))
        #expect(approximately(r.m31, sin(a)) && approximately(r.m33, cos(a)))
        #expect(r.m22 == 1 && r.m12 == 0 && r.m21 == 0)
    }

    @Test func rotationAboutZMatchesTheAffineRotation() {
        let a = 1.1
        #expect(approximately(Transform3D(rotationAngle: a, x: 0, y: 0, z: 1), Transform3D(AffineTransform(rotationAngle: a))))
    }

    @Test func operationsApplyFirstInTheLayersOwnSpace() {
        // CATransform3DTranslate(Scale(I, 2), 10, 0, 0): translate first, then scale.
        let t = Transform3D(scaleX: 2, y: 2, z: 1).translated(x: 10, y: 0, z: 0)
        let p = t.apply(x: 0, y: 0, z: 0)
        #expect((p.x, p.y, p.w) == (20, 0, 1))
    }

    /// A 200×100 layer centred at (195, 422), m34 = −1/500 set on the
    /// identity, then rotated 30° about y. Expected corners from the
    /// perspective formulas (the same as CSS perspective(500px) rotateY(30deg)).
    @Test func perspectiveProjectionOfCorners() {
        let d = 500.0, a = Double.pi / 6
        var t = Transform3D.identity
        t.m34 = -1 / d
        t = t.rotated(by: a, x: 0, y: 1, z: 0)
        for (x, y) in [(-100.0, -50.0), (100, -50), (100, 50), (-100, 50)] {
            let h = t.apply(x: x, y: y, z: 0)
            let projected = Point(x: h.x / h.w + 195, y: h.y / h.w + 422)
            // Rotated: x' = x·cos a, z' = −x·sin a; eye at d: w = 1 − z'/d.
            let w = 1 + x * sin(a) / d
            let expected = Point(x: x * cos(a) / w + 195, y: y / w + 422)
            #expect(approximately(projected, expected), "corner (\(x), \(y))")
        }
        // The near edge (x < 0 turns towards the eye here) is taller than the far one.
        let near = t.apply(x: -100, y: 50, z: 0), far = t.apply(x: 100, y: 50, z: 0)
        #expect(near.y / near.w > far.y / far.w)
    }

    @Test func perspectiveSetAfterTheRotationDoesNotForeshorten() {
        var t = Transform3D(rotationAngle: .pi / 6, x: 0, y: 1, z: 0)
        t.m34 = -1 / 500
        let h = t.apply(x: 100, y: 50, z: 0)
        #expect(h.w == 1)
        #expect(approximately(h.y, 50))
    }

    @Test func inverseAndDeterminant() {
        var t = Transform3D(rotationAngle: 0.4, x: 1, y: 2, z: 3).scaled(x: 2, y: 3, z: 4).translated(x: 5, y: -6, z: 7)
        t.m34 = -0.002
        #expect(approximately(t.concatenating(t.inverted()), .identity, tolerance: 1e-12))
        #expect(approximately(Transform3D(scaleX: 2, y: 3, z: 4).determinant, 24))
        let flat = Transform3D(scaleX: 1, y: 0, z: 1)
        #expect(flat.inverted() == flat)
    }

    @Test func affineRoundTrip() {
        let affine = AffineTransform(rotationAngle: 0.5).translatedBy(x: 3, y: 4)
        let t = Transform3D(affine)
        #expect(t.isAffine && t.affine == affine)
        var perspective = t
        perspective.m34 = -0.001
        #expect(!perspective.isAffine)
    }
}

@Suite struct Transform3DInterpolationTests {
    static let samples: [Transform3D] = {
        var p = Transform3D.identity
        p.m34 = -1 / 800
        var skewed = Transform3D.identity
        skewed.m21 = 0.3
        return [
            .identity,
            Transform3D(rotationAngle: 0.9, x: 0, y: 1, z: 0),
            Transform3D(rotationAngle: -2.2, x: 1, y: -2, z: 0.5),
            Transform3D(scaleX: 0.5, y: 2, z: 1).rotated(by: 0.4, x: 0, y: 0, z: 1).translated(x: 30, y: -40, z: 5),
            skewed.concatenating(Transform3D(translationX: 10, y: 0, z: 0)),
            p.rotated(by: 0.26, x: 1, y: 0, z: 0).scaled(x: 0.95, y: 0.95, z: 1),
            // Moved in depth under perspective: the recomposed w column needs translation · perspective.
            p.rotated(by: 0.5, x: 0, y: 1, z: 0).translated(x: 12, y: -7, z: 0),
            Transform3D(scaleX: -1, y: 1, z: 1),
        ]
    }()

    @Test(arguments: samples)
    func decomposeThenRecomposeGivesTheTransformBack(_ t: Transform3D) throws {
        let parts = try #require(t.decomposed())
        let normal = Transform3D(t.rows.map { $0.map { $0 / t.m44 } })
        #expect(approximately(Transform3D(parts), normal, tolerance: 1e-9), "\(t)")
    }

    @Test func rotationInterpolatesAsARotation() {
        let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0)
        let half = Transform3D.identity.interpolated(to: quarter, fraction: 0.5)
        #expect(approximately(half, Transform3D(rotationAngle: .pi / 4, x: 0, y: 1, z: 0)))
        // Element-wise blending would give m11 = 0.5, squashing the layer.
        #expect(approximately(half.m11, cos(Double.pi / 4)))
    }

    @Test func rotationAndTranslationInterpolateTogether() {
        let to = Transform3D(rotationAngle: .pi / 3, x: 0, y: 0, z: 1).concatenating(Transform3D(translationX: 100, y: 0, z: 0))
        let mid = Transform3D.identity.interpolated(to: to, fraction: 0.5)
        let expected = Transform3D(rotationAngle: .pi / 6, x: 0, y: 0, z: 1).concatenating(Transform3D(translationX: 50, y: 0, z: 0))
        #expect(approximately(mid, expected))
    }

    @Test func scaleInterpolatesLinearly() {
        let mid = Transform3D(scaleX: 1, y: 1, z: 1).interpolated(to: Transform3D(scaleX: 3, y: 0.5, z: 1), fraction: 0.5)
        #expect(approximately(mid, Transform3D(scaleX: 2, y: 0.75, z: 1)))
    }

    @Test func endpointsAreExact() {
        let a = Self.samples[3], b = Self.samples[5]
        #expect(approximately(a.interpolated(to: b, fraction: 0), a))
        #expect(approximately(a.interpolated(to: b, fraction: 1), b))
    }

    @Test func singularTransformsBlendElementwise() {
        let flat = Transform3D(scaleX: 0, y: 1, z: 1)
        let mid = flat.interpolated(to: .identity, fraction: 0.25)
        #expect(approximately(mid.m11, 0.25))
    }
}

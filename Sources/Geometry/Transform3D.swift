/// A 4×4 transform with CATransform3D's layout and conventions.
///
/// Row vectors: [x y z 1] · M, translation in m41…m43, perspective in m34
/// (−1/d for an eye at distance d). `translated`, `scaled` and `rotated`
/// apply the new operation first, in the layer's own space, then self —
/// as CATransform3DTranslate/Scale/Rotate do; `concatenating(b)` applies
/// self, then b (CATransform3DConcat).
public struct Transform3D: Sendable, Hashable, Codable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(_ m: [[Double]]) {
        precondition(m.count == 4 && m.allSatisfy { $0.count == 4 }, "a 4×4 matrix")
        (m11, m12, m13, m14) = (m[0][0], m[0][1], m[0][2], m[0][3])
        (m21, m22, m23, m24) = (m[1][0], m[1][1], m[1][2], m[1][3])
        (m31, m32, m33, m34) = (m[2][0], m[2][1], m[2][2], m[2][3])
        (m41, m42, m43, m44) = (m[3][0], m[3][1], m[3][2], m[3][3])
    }

    /// The rows, m[i][j] = m(i+1)(j+1).
    public var rows: [[Double]] {
        [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
    }

    public static let identity = Transform3D([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

    /// m11…m44 by rows, flat.
    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Cheaper than comparing with `.identity` through the synthesised ==.
    @inlinable public var isIdentity: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }

    public init(translationX x: Double, y: Double, z: Double) {
        self = .identity
        (m41, m42, m43) = (x, y, z)
    }

    public init(scaleX x: Double, y: Double, z: Double) {
        self = .identity
        (m11, m22, m33) = (x, y, z)
    }

    /// A rotation by angle (radians) about the axis (x, y, z); about z it
    /// turns as AffineTransform(rotationAngle:) does. A zero axis gives identity.
    public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
        self = .identity
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return }
        let (x, y, z) = (x / length, y / length, z / length)
        let (s, c) = (sine(angle), cosine(angle))
        let t = 1 - c
        (m11, m12, m13) = (t * x * x + c, t * x * y + s * z, t * x * z - s * y)
        (m21, m22, m23) = (t * x * y - s * z, t * y * y + c, t * y * z + s * x)
        (m31, m32, m33) = (t * x * z + s * y, t * y * z - s * x, t * z * z + c)
    }

    /// CATransform3DMakeAffineTransform.
    public init(_ affine: AffineTransform) {
        self = .identity
        (m11, m12, m21, m22, m41, m42) = (affine.a, affine.b, affine.c, affine.d, affine.tx, affine.ty)
    }

    /// CATransform3DIsAffine: nothing outside the 2-D part.
    public var isAffine: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    /// The 2-D part (CATransform3DGetAffineTransform).
    public var affine: AffineTransform { AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42) }

    /// The same transform with m44 = 1: a matrix and any non-zero multiple of
    /// it move points alike (the projection divides by w), so parts such as
    /// the 2-D affine part are read from this form.
    public var normalized: Transform3D {
        guard m44 != 0, m44 != 1 else { return self }
        var m = Matrix4(self)
        for i in 0..<4 { for j in 0..<4 { m[i, j] /= m44 } }
        return m.transform
    }


    /// self, then other.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = Matrix4(self), b = Matrix4(other)
        var result = a
        for i in 0..<4 {
            for j in 0..<4 {
                result[i, j] = a[i, 0] * b[0, j] + a[i, 1] * b[1, j] + a[i, 2] * b[2, j] + a[i, 3] * b[3, j]
            }
        }
        return result.transform
    }

    public func translated(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(translationX: x, y: y, z: z).concatenating(self)
    }

    public func scaled(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(scaleX: x, y: y, z: z).concatenating(self)
    }

    public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
    }

    /// [x y z 1] · self, before the division by w.
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    public var determinant: Double { Matrix4(self).determinant }

    /// The inverse, or self unchanged when it has none (as CATransform3DInvert).
    public func inverted() -> Transform3D {
        let m = Matrix4(self)
        let det = m.determinant
        guard det != 0, det.isFinite else { return self }
        var result = m
        for i in 0..<4 {
            for j in 0..<4 {
                // inverse[i][j] = cofactor[j][i] / det
                let sign: Double = (i + j) % 2 == 0 ? 1 : -1
                result[i, j] = sign * m.minor(row: j, column: i) / det
            }
        }
        return result.transform
    }
}

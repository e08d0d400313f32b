/// A transform taken apart the way Core Animation and CSS interpolate it:
/// perspective, translation, rotation (a unit quaternion), skew and scale.
/// Interpolating the parts and putting them back together turns a rotation
/// into a rotation, where interpolating the sixteen numbers would squash the
/// layer through zero width. The algorithm is CSS Transforms Level 2's
/// "decomposing a 3D matrix" (after Graphics Gems II's unmatrix).
public struct DecomposedTransform3D: Sendable, Equatable {
    public var translation: [Double]
    public var scale: [Double]
    public var skew: [Double]
    public var perspective: [Double]
    public var quaternion: [Double]

    /// The parts at fraction t between self and other; rotation by spherical
    /// interpolation along the shorter arc.
    public func interpolated(to other: DecomposedTransform3D, fraction t: Double) -> DecomposedTransform3D {
        func lerp(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * t } }
        return DecomposedTransform3D(
            translation: lerp(translation, other.translation), scale: lerp(scale, other.scale),
            skew: lerp(skew, other.skew), perspective: lerp(perspective, other.perspective),
            quaternion: Self.slerp(quaternion, other.quaternion, t))
    }

    static func slerp(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        var b = b
        var dot = zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
        if dot < 0 {
            b = b.map { -$0 }
            dot = -dot
        }
        if dot > 0.9995 {
            let mixed = zip(a, b).map { $0 + ($1 - $0) * t }
            let length = mixed.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return mixed.map { $0 / length }
        }
        let theta = arcCosine(min(dot, 1))
        let wa = sine((1 - t) * theta) / sine(theta), wb = sine(t * theta) / sine(theta)
        return zip(a, b).map { wa * $0 + wb * $1 }
    }
}

extension Transform3D {
    /// The parts, or nil when the transform cannot be taken apart (its
    /// upper 3×3 is singular, as for a scale of zero).
    public func decomposed() -> DecomposedTransform3D? {
        guard m44 != 0 else { return nil }
        var m = Matrix4(self)
        for i in 0..<4 { for j in 0..<4 { m[i, j] /= m44 } }
        var perspectiveMatrix = m
        for i in 0..<3 { perspectiveMatrix[i, 3] = 0 }
        perspectiveMatrix[3, 3] = 1
        guard perspectiveMatrix.determinant != 0 else { return nil }

        var perspective: [Double] = [0, 0, 0, 1]
        if m[0, 3] != 0 || m[1, 3] != 0 || m[2, 3] != 0 {
            let rhs: InlineArray<4, Double> = [m[0, 3], m[1, 3], m[2, 3], m[3, 3]]
            let inverse = Matrix4(perspectiveMatrix.transform.inverted())
            // rhs · transpose(inverse), i.e. inverse · rhs as a column.
            perspective = (0..<4).map { i in
                var sum = 0.0
                for k in 0..<4 { sum = sum + inverse[i, k] * rhs[k] }
                return sum
            }
        }
        let translation = [m[3, 0], m[3, 1], m[3, 2]]

        var row: InlineArray<3, Vector3> = [[m[0, 0], m[0, 1], m[0, 2]], [m[1, 0], m[1, 1], m[1, 2]], [m[2, 0], m[2, 1], m[2, 2]]]
        var scale = [0.0, 0, 0], skew = [0.0, 0, 0]
        scale[0] = length(row[0])
        row[0] = normalize(row[0])
        skew[0] = dot(row[0], row[1])
        row[1] = combine(row[1], row[0], 1, -skew[0])
        scale[1] = length(row[1])
        row[1] = normalize(row[1])
        skew[0] /= scale[1]
        skew[1] = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], 1, -skew[1])
        skew[2] = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], 1, -skew[2])
        scale[2] = length(row[2])
        row[2] = normalize(row[2])
        skew[1] /= scale[2]
        skew[2] /= scale[2]
        if dot(row[0], cross(row[1], row[2])) < 0 {
            for i in 0..<3 {
                scale[i] = -scale[i]
                for j in 0..<3 { row[i][j] = -row[i][j] }
            }
        }
        var q = [
            0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot(),
            0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot(),
            0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot(),
            0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot(),
        ]
        if row[2][1] > row[1][2] { q[0] = -q[0] }
        if row[0][2] > row[2][0] { q[1] = -q[1] }
        if row[1][0] > row[0][1] { q[2] = -q[2] }
        return DecomposedTransform3D(translation: translation, scale: scale, skew: skew, perspective: perspective, quaternion: q)
    }

    /// Puts decomposed parts back together.
    public init(_ parts: DecomposedTransform3D) {
        var m = Matrix4(.identity)
        for i in 0..<4 { m[i, 3] = parts.perspective[i] }
        // All four columns, as CSS writes it: the w column picks up
        // translation · perspective, which a translation in depth under
        // perspective needs.
        for i in 0..<4 {
            for j in 0..<3 { m[3, i] += parts.translation[j] * m[j, i] }
        }
        // Row-vector form: the upper 3×3 is scale · skew · rotation, with the
        // rows of the rotation as the decomposition found them.
        let (x, y, z, w) = (parts.quaternion[0], parts.quaternion[1], parts.quaternion[2], parts.quaternion[3])
        var rotation = Transform3D.identity
        (rotation.m11, rotation.m12, rotation.m13) = (1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        (rotation.m21, rotation.m22, rotation.m23) = (2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        (rotation.m31, rotation.m32, rotation.m33) = (2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        var skew = Transform3D.identity
        (skew.m21, skew.m31, skew.m32) = (parts.skew[0], parts.skew[1], parts.skew[2])
        let scale = Transform3D(scaleX: parts.scale[0], y: parts.scale[1], z: parts.scale[2])
        self = scale.concatenating(skew).concatenating(rotation).concatenating(m.transform)
    }

    /// The transform at fraction t from self to other, as Core Animation
    /// animates `transform`: by parts when both can be taken apart,
    /// element by element otherwise.
    public func interpolated(to other: Transform3D, fraction t: Double) -> Transform3D {
        // The ends exactly as given: recomposing would change the numbers
        // (a matrix with m44 ≠ 1 comes back normalised) though not the picture.
        if t == 0 { return self }
        if t == 1 { return other }
        if let a = decomposed(), let b = other.decomposed() {
            return Transform3D(a.interpolated(to: b, fraction: t))
        }
        // Normalised first, so that k·M blends as M does.
        let a = normalized.rows, b = other.normalized.rows
        return Transform3D((0..<4).map { i in (0..<4).map { j in a[i][j] + (b[i][j] - a[i][j]) * t } })
    }
}

/// A row of the upper 3×3, inline (as arrays, each step of the decomposition allocated).
private typealias Vector3 = InlineArray<3, Double>

private func length(_ v: Vector3) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
private func normalize(_ v: Vector3) -> Vector3 {
    let l = length(v)
    return l == 0 ? v : [v[0] / l, v[1] / l, v[2] / l]
}
private func dot(_ a: Vector3, _ b: Vector3) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
private func cross(_ a: Vector3, _ b: Vector3) -> Vector3 {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}
private func combine(_ a: Vector3, _ b: Vector3, _ sa: Double, _ sb: Double) -> Vector3 {
    [sa * a[0] + sb * b[0], sa * a[1] + sb * b[1], sa * a[2] + sb * b[2]]
}

/// A 4×4 matrix of Transform3D's numbers held inline, for the arithmetic that reads them by row and column
/// (products, minors, the inverse, decomposition). The same arithmetic over arrays of rows made five arrays for each
/// matrix read and two more for each minor: about fifty allocations an inverse, done for every animated transform
/// on every frame.
struct Matrix4 {
    private var storage: InlineArray<16, Double>

    init(_ t: Transform3D) {
        storage = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24,
                   t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }

    /// Row i, column j, from 0: m[i, j] is m(i+1)(j+1).
    subscript(i: Int, j: Int) -> Double {
        get { storage[i * 4 + j] }
        set { storage[i * 4 + j] = newValue }
    }

    var transform: Transform3D {
        var t = Transform3D.identity
        (t.m11, t.m12, t.m13, t.m14) = (self[0, 0], self[0, 1], self[0, 2], self[0, 3])
        (t.m21, t.m22, t.m23, t.m24) = (self[1, 0], self[1, 1], self[1, 2], self[1, 3])
        (t.m31, t.m32, t.m33, t.m34) = (self[2, 0], self[2, 1], self[2, 2], self[2, 3])
        (t.m41, t.m42, t.m43, t.m44) = (self[3, 0], self[3, 1], self[3, 2], self[3, 3])
        return t
    }

    /// The 3×3 determinant left when `row` and `column` are struck out.
    func minor(row: Int, column: Int) -> Double {
        // The kept rows and columns in order: the first index past the struck one is one further on.
        let r0 = row == 0 ? 1 : 0, r1 = row <= 1 ? 2 : 1, r2 = row <= 2 ? 3 : 2
        let c0 = column == 0 ? 1 : 0, c1 = column <= 1 ? 2 : 1, c2 = column <= 2 ? 3 : 2
        return self[r0, c0] * (self[r1, c1] * self[r2, c2] - self[r1, c2] * self[r2, c1])
            - self[r0, c1] * (self[r1, c0] * self[r2, c2] - self[r1, c2] * self[r2, c0])
            + self[r0, c2] * (self[r1, c0] * self[r2, c1] - self[r1, c1] * self[r2, c0])
    }

    /// By cofactors along the first row.
    var determinant: Double {
        var sum = 0.0
        for j in 0..<4 { sum = sum + (j % 2 == 0 ? 1 : -1) * self[0, j] * minor(row: 0, column: j) }
        return sum
    }
}

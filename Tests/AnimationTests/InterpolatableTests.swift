import Animation
import Geometry
import Testing

/// The blends of the value types, written out number by number, against the protocol's definition done here by hand:
/// each number `a + (b − a) · t`, bit for bit (the trace and `export --verify` compare exact values).
@Suite struct InterpolatableTests {
    /// The definition, from the components, as the protocol states it.
    static func byComponents<T: ComponentInterpolatable>(_ a: T, _ b: T, _ t: Double) -> T {
        let blended = zip(a.components, b.components).map { pair -> Double in
            let (x, y) = pair
            return x + (y - x) * t
        }
        return T(components: blended)
    }

    /// Awkward numbers: thirds, a tenth, negative zero, large and tiny magnitudes, the special values; fractions past
    /// both ends (springs) and absurd ones (a formula equal only in algebra would round or overflow differently).
    static let numbers: [Double] = [0, -0.0, 1, -1, 1.0 / 3, 0.1, -7.25, 1e15, -3e-12, 390, 844.5,
                                    .nan, .infinity, -.infinity, .leastNonzeroMagnitude, 1e308, -1e308]
    static let fractions: [Double] = [0, 0.1, 0.25, 1.0 / 3, 0.5, 0.9999, 1, -0.2, 1.35, -1e300, .nan]

    @Test func handCalculated() {
        #expect(2.0.interpolated(to: 10, fraction: 0.25) == 4)
        #expect(Point(x: 0, y: 100).interpolated(to: Point(x: 40, y: -100), fraction: 0.75) == Point(x: 30, y: -50))
        #expect(Size(width: 10, height: 20).interpolated(to: Size(width: 30, height: 60), fraction: 0.5) == Size(width: 20, height: 40))
        let from = Rect(x: 0, y: 10, width: 100, height: 200), to = Rect(x: 50, y: -10, width: 300, height: 0)
        #expect(from.interpolated(to: to, fraction: 0.25) == Rect(x: 12.5, y: 5, width: 150, height: 150))
    }

    /// The same bits, but for a NaN's sign and payload: x86 keeps the first operand's NaN, and the compiler may swap the
    /// operands of an addition (∞ − ∞ makes a negative NaN, `.nan` is positive).
    static func same(_ x: Double, _ y: Double) -> Bool { x.isNaN ? y.isNaN : x.bitPattern == y.bitPattern }
    static func same(_ x: [Double], _ y: [Double]) -> Bool { x.count == y.count && zip(x, y).allSatisfy { same($0, $1) } }

    @Test func sameBitsAsTheComponentDefinition() {
        let n = Self.numbers
        for (i, a) in n.enumerated() {
            let b = n[(i * 7 + 3) % n.count], c = n[(i * 5 + 1) % n.count], d = n[(i * 3 + 2) % n.count]
            for t in Self.fractions {
                #expect(Self.same(a.interpolated(to: b, fraction: t), Self.byComponents(a, b, t)))
                let p = Point(x: a, y: c), q = Point(x: b, y: d)
                let point = p.interpolated(to: q, fraction: t), pointByHand = Self.byComponents(p, q, t)
                #expect(Self.same(point.components, pointByHand.components))
                let s = Size(width: c, height: a), z = Size(width: d, height: b)
                #expect(Self.same(s.interpolated(to: z, fraction: t).components, Self.byComponents(s, z, t).components))
                let r = Rect(x: a, y: b, width: c, height: d), w = Rect(x: d, y: c, width: b, height: a)
                #expect(Self.same(r.interpolated(to: w, fraction: t).components, Self.byComponents(r, w, t).components))
            }
        }
    }
}

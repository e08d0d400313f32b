import Foundation

/// Exact areas for anti-aliasing: how much of a pixel square a shape covers.
enum Coverage {
    /// Length of the overlap of [a0, a1] and [b0, b1] (0 when they are apart).
    @inline(__always)
    static func overlap(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Double {
        max(0, min(a1, b1) - max(a0, b0))
    }

    /// The area of the disk of radius `r` centred at the origin where X ≤ x and Y ≤ y.
    ///
    /// For y ≥ 0 it is ∫ from −r to x of (s + min(s, y)) dX with s = √(r² − X²), split
    /// where s = y (at X = ±h, h = √(r² − y²)) and integrated with
    /// F(u) = ∫₀ᵘ s = (u·s(u) + r²·asin(u/r)) / 2. For y < 0 the disk's symmetry
    /// gives it as the half-plane X ≤ x less the part with Y ≥ −y.
    static func diskQuadrant(_ x: Double, _ y: Double, radius r: Double) -> Double {
        if x <= -r || y <= -r || r <= 0 { return 0 }
        let x = min(x, r), y = min(y, r)
        if y < 0 { return diskQuadrant(x, r, radius: r) - diskQuadrant(x, -y, radius: r) }
        func F(_ u: Double) -> Double {
            let u = min(max(u, -r), r)
            return (u * max(0, r * r - u * u).squareRoot() + r * r * asinClamped(u / r)) / 2
        }
        let h = max(0, r * r - y * y).squareRoot()
        let below = F(x) - F(-r)
        let sides = F(min(x, -h)) - F(-r) + (x > h ? F(x) - F(h) : 0)
        let middle = y * max(0, min(x, h) + h)
        return below + sides + middle
    }

    /// The area of the rectangle [x0, x1] × [y0, y1] inside the disk of radius `r` at (cx, cy).
    static func diskArea(x0: Double, y0: Double, x1: Double, y1: Double, cx: Double, cy: Double, radius r: Double) -> Double {
        let (a0, a1, b0, b1) = (x0 - cx, x1 - cx, y0 - cy, y1 - cy)
        let area = diskQuadrant(a1, b1, radius: r) - diskQuadrant(a0, b1, radius: r)
            - diskQuadrant(a1, b0, radius: r) + diskQuadrant(a0, b0, radius: r)
        return max(0, area)
    }

    private static func asinClamped(_ v: Double) -> Double { asin(min(max(v, -1), 1)) }
}

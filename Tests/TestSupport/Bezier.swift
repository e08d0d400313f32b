/// CSS/Core Animation's cubic Bézier timing, solved here by bisection (not
/// with the engine's solver): the y for a given x.
public func bezierY(x: Double, _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) -> Double {
    func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<60 {
        let mid = (lo + hi) / 2
        if coordinate(mid, p1x, p2x) < x { lo = mid } else { hi = mid }
    }
    return coordinate((lo + hi) / 2, p1y, p2y)
}

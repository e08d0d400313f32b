import Geometry

/// Equality within a tolerance, for values computed through floating point.
public func approximately(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    if a == b { return true }
    return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

public func approximately(_ a: Transform3D, _ b: Transform3D, tolerance: Double = 1e-9) -> Bool {
    zip(a.rows.joined(), b.rows.joined()).allSatisfy { approximately($0, $1, tolerance: tolerance) }
}

public func approximately(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    approximately(a.x, b.x, tolerance: tolerance) && approximately(a.y, b.y, tolerance: tolerance)
}

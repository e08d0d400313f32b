import Geometry

/// A number rounded to `decimals` places, without trailing zeros: "0.25",
/// "390". Deterministic and independent of the locale.
public func formatted(_ value: Double, decimals: Int = 3) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
}

extension Rect {
    /// Every edge and size within `tolerance` points of `other`'s: where a
    /// frame is "at" another as far as anyone looking can tell.
    public func isClose(to other: Rect, tolerance: Double = 0.5) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
    }

    /// "(x, y, width, height)" to a tenth of a point, for messages.
    public var described: String {
        func n(_ v: Double) -> String { formatted(v, decimals: 1) }
        return "(\(n(minX)), \(n(minY)), \(n(width)), \(n(height)))"
    }
}

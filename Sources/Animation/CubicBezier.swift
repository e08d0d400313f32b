/// A cubic Bézier timing function from (0, 0) to (1, 1) through two
/// control points: given progress in time (x), returns progress in value (y).
///
/// Solving x(t) = progress for t: a first guess from 11 samples, at most a
/// few Newton steps, then bisection where Newton stalls (the approach
/// WebKit's and Chromium's UnitBezier take, reimplemented here).
public struct CubicBezier: Sendable, Hashable {
    public let p1: (x: Double, y: Double)
    public let p2: (x: Double, y: Double)

    private let ax, bx, cx, ay, by, cy: Double
    private let samples: [Double]

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        p1 = (x1, y1)
        p2 = (x2, y2)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        let (ax, bx, cx) = (ax, bx, cx)
        samples = (0...10).map { i in
            let t = Double(i) / 10
            return ((ax * t + bx) * t + cx) * t
        }
    }

    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.p1 == rhs.p1 && lhs.p2 == rhs.p2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(p1.x); hasher.combine(p1.y); hasher.combine(p2.x); hasher.combine(p2.y)
    }

    private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve's parameter t where x(t) = x.
    public func solve(x target: Double, epsilon: Double = 1e-7) -> Double {
        if target <= 0 { return 0 }
        if target >= 1 { return 1 }
        var index = 0
        while index < 9 && samples[index + 1] <= target { index += 1 }
        let span = samples[index + 1] - samples[index]
        var t = (Double(index) + (span > 0 ? (target - samples[index]) / span : 0)) / 10
        for _ in 0..<4 {
            let error = x(t) - target
            if abs(error) < epsilon { return t }
            let slope = dx(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var (low, high) = (0.0, 1.0)
        t = min(max(t, 0), 1)
        for _ in 0..<64 {
            let value = x(t)
            if abs(value - target) < epsilon { return t }
            if value < target { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// Progress in value for progress in time, both in 0…1.
    public func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return y(solve(x: progress))
    }
}

/// UIKit's named curves (their control points are documented) and custom ones.
public enum TimingCurve: Sendable, Hashable {
    case linear, easeIn, easeOut, easeInOut
    /// CAMediaTimingFunctionName.default, CSS's `ease`.
    case `default`
    /// Out of line: inline, a custom curve's coefficients and samples (88 bytes) made every timing curve that large,
    /// and every running animation's timing is copied each time a frame reads it; a named curve needs a byte.
    indirect case cubic(CubicBezier)

    /// The name scripts use ("easeInOut"); nil for custom curves.
    public var name: String? {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .default: "default"
        case .cubic: nil
        }
    }

    public init?(name: String) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInOut", "easeInEaseOut": self = .easeInOut
        case "default": self = .default
        default: return nil
        }
    }

    // Built once: a curve is evaluated for every animated property on every frame.
    private static let linearCurve = CubicBezier(0, 0, 1, 1)
    private static let easeInCurve = CubicBezier(0.42, 0, 1, 1)
    private static let easeOutCurve = CubicBezier(0, 0, 0.58, 1)
    private static let easeInOutCurve = CubicBezier(0.42, 0, 0.58, 1)
    private static let defaultCurve = CubicBezier(0.25, 0.1, 0.25, 1)

    public var bezier: CubicBezier {
        switch self {
        case .linear: Self.linearCurve
        case .easeIn: Self.easeInCurve
        case .easeOut: Self.easeOutCurve
        case .easeInOut: Self.easeInOutCurve
        case .default: Self.defaultCurve
        case .cubic(let curve): curve
        }
    }

    public func value(at progress: Double) -> Double {
        if case .linear = self { return min(max(progress, 0), 1) }
        return bezier.value(at: progress)
    }
}

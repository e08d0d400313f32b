import Animation

public struct CAMediaTimingFunctionName: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear: CAMediaTimingFunctionName = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn: CAMediaTimingFunctionName = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut: CAMediaTimingFunctionName = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut: CAMediaTimingFunctionName = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default`: CAMediaTimingFunctionName = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier timing curve. Core Animation keeps the control points as
/// Floats; they are read back here as the shortest decimal that gives the
/// same Float (0.4 stays 0.4), which is what the entry wrote and what the
/// Lua bindings, in Doubles, hold.
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    package let points: [Double]

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        points = [c1x, c1y, c2x, c2y].map { Double("\($0)") ?? Double($0) }
    }

    /// Apple's documented control points for its named curves (as the Lua bindings give them).
    public convenience init(name: CAMediaTimingFunctionName) {
        let points: [Float] = switch name {
        case .easeIn: [0.42, 0, 1, 1]
        case .easeOut: [0, 0, 0.58, 1]
        case .easeInEaseOut: [0.42, 0, 0.58, 1]
        case .default: [0.25, 0.1, 0.25, 1]
        default: [0, 0, 1, 1]
        }
        self.init(controlPoints: points[0], points[1], points[2], points[3])
    }

    package var curve: TimingCurve { .cubic(CubicBezier(points[0], points[1], points[2], points[3])) }
}

/// Core Animation's transactions, as far as exported code uses them: a
/// timing function for the UIView animations made while one is open (what
/// the Lua API's `timingFunction` field gives).
open class CATransaction: NSObject {
    /// The timing function of each open transaction, innermost last.
    nonisolated(unsafe) private static var open: [CAMediaTimingFunction?] = []

    open class func begin() { open.append(open.last ?? nil) }

    open class func commit() { if !open.isEmpty { open.removeLast() } }

    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        if open.isEmpty { open.append(nil) }
        open[open.count - 1] = function
    }

    /// The curve UIView animations take now, if a transaction set one.
    package static var timingCurve: TimingCurve? { open.last.flatMap { $0?.curve } }
}

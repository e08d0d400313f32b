import Geometry

/// A value Core Animation can animate: blended between two values, measured
/// for paced keyframes, and splined for cubic keyframes.
public protocol Interpolatable: Equatable, Sendable {
    func interpolated(to other: Self, fraction: Double) -> Self
    /// How far apart two values are, for paced timing.
    func distance(to other: Self) -> Double
    /// The Catmull-Rom spline through p0…p3, at u between p1 and p2.
    static func catmullRom(_ p0: Self, _ p1: Self, _ p2: Self, _ p3: Self, _ u: Double) -> Self
}

/// Values made of independent numbers, blended number by number: each `a + (b − a)·t`. Each type writes its blend
/// out (below, and Color's in Geometry): it runs for every animated property of every view each frame, and going
/// through `components` made three arrays each time (without them the engine benchmark runs about a tenth faster).
/// The components serve the rarer paced and cubic keyframes.
public protocol ComponentInterpolatable: Interpolatable {
    var components: [Double] { get }
    init(components: [Double])
}

extension ComponentInterpolatable {
    public func distance(to other: Self) -> Double {
        zip(components, other.components).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
    }

    public static func catmullRom(_ p0: Self, _ p1: Self, _ p2: Self, _ p3: Self, _ u: Double) -> Self {
        let (u2, u3) = (u * u, u * u * u)
        let values = (0..<p1.components.count).map { i -> Double in
            let (a, b, c, d) = (p0.components[i], p1.components[i], p2.components[i], p3.components[i])
            return 0.5 * (2 * b + (c - a) * u + (2 * a - 5 * b + 4 * c - d) * u2 + (3 * b - a - 3 * c + d) * u3)
        }
        return Self(components: values)
    }
}

extension Double: ComponentInterpolatable {
    public var components: [Double] { [self] }
    public init(components: [Double]) { self = components[0] }

    public func interpolated(to other: Double, fraction t: Double) -> Double { self + (other - self) * t }
}

extension Point: ComponentInterpolatable {
    public var components: [Double] { [x, y] }
    public init(components: [Double]) { self.init(x: components[0], y: components[1]) }

    public func interpolated(to other: Point, fraction t: Double) -> Point {
        Point(x: x.interpolated(to: other.x, fraction: t), y: y.interpolated(to: other.y, fraction: t))
    }
}

extension Size: ComponentInterpolatable {
    public var components: [Double] { [width, height] }
    public init(components: [Double]) { self.init(width: components[0], height: components[1]) }

    public func interpolated(to other: Size, fraction t: Double) -> Size {
        Size(width: width.interpolated(to: other.width, fraction: t), height: height.interpolated(to: other.height, fraction: t))
    }
}

extension Rect: ComponentInterpolatable {
    public var components: [Double] { [origin.x, origin.y, size.width, size.height] }
    public init(components: [Double]) { self.init(x: components[0], y: components[1], width: components[2], height: components[3]) }

    public func interpolated(to other: Rect, fraction t: Double) -> Rect {
        Rect(x: origin.x.interpolated(to: other.origin.x, fraction: t), y: origin.y.interpolated(to: other.origin.y, fraction: t),
             width: size.width.interpolated(to: other.size.width, fraction: t),
             height: size.height.interpolated(to: other.size.height, fraction: t))
    }
}

extension Color: ComponentInterpolatable {
    public var components: [Double] { [red, green, blue, alpha] }
    public init(components: [Double]) { self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3]) }
}

extension Transform3D: Interpolatable {
    /// Distance between the decomposed parts' numbers (for paced timing).
    public func distance(to other: Transform3D) -> Double {
        guard let a = decomposed(), let b = other.decomposed() else {
            return zip(rows.joined(), other.rows.joined()).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        }
        let x = a.translation + a.scale + a.skew + a.quaternion, y = b.translation + b.scale + b.skew + b.quaternion
        return zip(x, y).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
    }

    /// Transforms have no meaningful spline through matrices: cubic keyframe
    /// modes blend them by parts between the two keyframes (our choice).
    public static func catmullRom(_ p0: Transform3D, _ p1: Transform3D, _ p2: Transform3D, _ p3: Transform3D, _ u: Double) -> Transform3D {
        p1.interpolated(to: p2, fraction: u)
    }
}

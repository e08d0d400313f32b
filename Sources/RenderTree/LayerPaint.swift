import Geometry

/// What a `CAGradientLayer` draws: colour stops spread along an axis, out
/// from a centre, or round it, over the layer's background and inside its
/// (rounded) shape, as QuartzCore's header says it fills "the shape of the
/// layer (i.e. including rounded corners)".
///
/// Geometry is in the unit square of the bounds (0, 0 top left; 1, 1
/// bottom right), mapped to the bounds when drawn:
///
///     axial    t = (p − start)·(end − start) / |end − start|²   (in points)
///     radial   t = |((p − start).x / rx, (p − start).y / ry)|,
///              rx = |end.x − start.x|·width, ry = |end.y − start.y|·height
///     conic    t = angle from (end − start) towards +y, over 2π
///
/// Outside 0…1 the end colours continue. Colours are interpolated as sRGB
/// components with alpha, not premultiplied: Core Animation's white-to-clear
/// gradient famously turns grey halfway, because `UIColor.clear` is
/// transparent black.
public struct Gradient: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case axial, radial, conic
    }

    public var colors: [Color]
    /// Where each colour sits (0…1); nil spreads them evenly.
    public var locations: [Double]?
    public var startPoint: Point
    public var endPoint: Point
    public var type: Kind

    /// Stops a gradient may have: far more than any design uses, and a
    /// bound on the work a script can ask of every pixel.
    public static let stopLimit = 64

    public init(colors: [Color] = [], locations: [Double]? = nil, startPoint: Point = Point(x: 0.5, y: 0),
                endPoint: Point = Point(x: 0.5, y: 1), type: Kind = .axial) {
        (self.colors, self.locations, self.startPoint, self.endPoint, self.type) = (colors, locations, startPoint, endPoint, type)
    }

    /// The stops as drawn: (location, colour) pairs in order. Core
    /// Animation draws nothing when the locations do not match the colours
    /// in number; a lone colour fills the layer.
    public var stops: [(location: Double, color: Color)] {
        guard !colors.isEmpty else { return [] }
        let locations = resolvedLocations
        guard locations.count == colors.count else { return [] }
        return Array(zip(locations, colors)).map { ($0.0, $0.1) }
    }

    /// The locations as drawn: the given ones, or the colours spread evenly
    /// (what `locations` animates from when it was nil).
    public var resolvedLocations: [Double] {
        if let locations { return locations }
        guard colors.count > 1 else { return colors.isEmpty ? [] : [0] }
        return (0..<colors.count).map { Double($0) / Double(colors.count - 1) }
    }
}

/// What a `CAShapeLayer` draws: its path filled, then stroked centred on the
/// outline, in the layer's own coordinates (the path may reach past the
/// bounds; only masksToBounds cuts it).
///
/// `strokeStart` and `strokeEnd` stroke only that part of the outline, as
/// fractions of its length from where the path starts, with butt ends
/// (CAShapeLayer's default lineCap). Where each UIBezierPath starts and
/// which way it runs, on screen (y down):
///
///     rect          the top-left corner, then along the top edge, clockwise
///     roundedRect   the top edge just right of the top-left arc, clockwise
///     oval          the rightmost point (3 o'clock), clockwise
///
/// (CGPath's rectangle and ellipse, per their documentation; the rounded
/// rectangle's start is UIKit's long-standing one, not documented.)
public struct ShapePaint: Sendable, Equatable, Codable {
    public var path: PathShape?
    /// Core Animation's default is opaque black; nil fills nothing.
    public var fillColor: Color?
    /// nil (the default) strokes nothing.
    public var strokeColor: Color?
    public var lineWidth: Double
    /// 0…1 (Core Animation's defaults 0 and 1): the part of the outline stroked.
    public var strokeStart: Double
    public var strokeEnd: Double

    public init(path: PathShape? = nil, fillColor: Color? = .black, strokeColor: Color? = nil, lineWidth: Double = 1,
                strokeStart: Double = 0, strokeEnd: Double = 1) {
        (self.path, self.fillColor, self.strokeColor, self.lineWidth) = (path, fillColor, strokeColor, lineWidth)
        (self.strokeStart, self.strokeEnd) = (strokeStart, strokeEnd)
    }
}

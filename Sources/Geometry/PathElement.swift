/// One element of a path a script builds point by point (`UIBezierPath()`
/// then `move(to:)`, `addLine(to:)`, `addQuadCurve(to:controlPoint:)`,
/// `addCurve(to:controlPoint1:controlPoint2:)`, `close()`): the elements of a
/// `CGPath`, as `CGPathElementType` names them. Arcs and rounded corners
/// arrive as cubic curves, as Core Graphics stores them.
public enum PathElement: Sendable, Equatable, Codable {
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case curve(to: Point, control1: Point, control2: Point)
    case close

    /// Its points, the end point last.
    public var points: [Point] {
        switch self {
        case .move(let p), .line(let p): [p]
        case .quadCurve(let p, let c): [c, p]
        case .curve(let p, let c1, let c2): [c1, c2, p]
        case .close: []
        }
    }

    /// The method that adds it, for messages.
    public var kindName: String {
        switch self {
        case .move: "a move"
        case .line: "a line"
        case .quadCurve: "a quad curve"
        case .curve: "a curve"
        case .close: "a close"
        }
    }

    /// Whether the two have the same kind, so Core Animation can move one
    /// into the other point by point.
    public func sameKind(as other: PathElement) -> Bool {
        switch (self, other) {
        case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.close, .close): true
        default: false
        }
    }

    /// Part way to `other` (of the same kind), every point moved in a straight line.
    func interpolated(to other: PathElement, fraction t: Double) -> PathElement {
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        switch (self, other) {
        case (.move(let a), .move(let b)): return .move(to: mix(a, b))
        case (.line(let a), .line(let b)): return .line(to: mix(a, b))
        case (.quadCurve(let a, let ca), .quadCurve(let b, let cb)): return .quadCurve(to: mix(a, b), control: mix(ca, cb))
        case (.curve(let a, let a1, let a2), .curve(let b, let b1, let b2)):
            return .curve(to: mix(a, b), control1: mix(a1, b1), control2: mix(a2, b2))
        default: return t < 0.5 ? self : other
        }
    }
}

/// The shapes a layer's path can be (`UIBezierPath(rect:)`,
/// `(roundedRect:cornerRadius:)`, `(ovalIn:)`, or one built element by
/// element): what a shadow path or a shape layer draws, in the layer's own
/// coordinates.
public enum PathShape: Sendable, Equatable, Codable {
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double)
    case oval(Rect)
    /// A path built with `move(to:)`, `addLine(to:)` and the curves: at least
    /// one element, at most `elementLimit`.
    case elements([PathElement])

    /// The most elements a built path may have: a transition's outline needs
    /// tens; each is flattened and rasterised in every frame that shows it.
    public static let elementLimit = 2_000

    /// A built path's elements; 0 for the shapes made whole.
    public var elementCount: Int { if case .elements(let elements) = self { elements.count } else { 0 } }

    /// The rectangle it fills; a built path's is `CGPath.boundingBox`'s: every
    /// point, control points included.
    public var bounds: Rect {
        switch self {
        case .rect(let r), .roundedRect(let r, _), .oval(let r): return r
        case .elements(let elements):
            let points = elements.flatMap(\.points)
            guard let first = points.first else { return .zero }
            var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
            for p in points.dropFirst() { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// The corner radius of the rounded rectangle that draws it: an oval
    /// is drawn as a rectangle rounded by half its shorter side (exact for
    /// a circle; a stadium for a longer oval).
    public var cornerRadius: Double {
        let r = bounds.standardized
        switch self {
        case .rect: return 0
        case .roundedRect(_, let radius): return min(max(radius, 0), min(r.width, r.height) / 2)
        case .oval: return min(r.width, r.height) / 2
        case .elements: return 0
        }
    }

    /// Whether the two have the same elements, so Core Animation can
    /// animate between them: paths of one kind, or built paths with the same
    /// elements in the same order (its documentation leaves the rest undefined).
    public func interpolates(to other: PathShape) -> Bool {
        switch (self, other) {
        // A rounded rect of radius 0 is a plain rectangle's four lines in UIKit, with no corner curves to move.
        case (.roundedRect(_, let a), .roundedRect(_, let b)): (a > 0) == (b > 0)
        case (.rect, .rect), (.oval, .oval): true
        case (.elements(let a), .elements(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.sameKind(as: $1) }
        default: false
        }
    }

    /// Between two paths of one kind: the rectangle (and the corner radius)
    /// part by part; `other` once past halfway for paths of different kinds.
    public func interpolated(to other: PathShape, fraction t: Double) -> PathShape {
        func mix(_ a: Rect, _ b: Rect) -> Rect {
            Rect(x: a.origin.x + (b.origin.x - a.origin.x) * t, y: a.origin.y + (b.origin.y - a.origin.y) * t,
                 width: a.size.width + (b.size.width - a.size.width) * t, height: a.size.height + (b.size.height - a.size.height) * t)
        }
        switch (self, other) {
        case (.rect(let a), .rect(let b)): return .rect(mix(a, b))
        case (.oval(let a), .oval(let b)): return .oval(mix(a, b))
        case (.roundedRect(let a, let ra), .roundedRect(let b, let rb)): return .roundedRect(mix(a, b), cornerRadius: ra + (rb - ra) * t)
        case (.elements(let a), .elements(let b)) where interpolates(to: other):
            return .elements(zip(a, b).map { $0.interpolated(to: $1, fraction: t) })
        default: return t < 0.5 ? self : other
        }
    }

    /// The kind, as UIBezierPath's initialisers name it, for messages.
    public var kindName: String {
        switch self {
        case .rect: "rect"
        case .roundedRect: "roundedRect"
        case .oval: "ovalIn"
        case .elements: "path"
        }
    }
}

/// `CACornerMask`: which corners `cornerRadius` rounds, in the layer's own
/// coordinates (min y is the top in UIKit).
public struct CornerMask: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let minXMinY = CornerMask(rawValue: 1 << 0)
    public static let maxXMinY = CornerMask(rawValue: 1 << 1)
    public static let minXMaxY = CornerMask(rawValue: 1 << 2)
    public static let maxXMaxY = CornerMask(rawValue: 1 << 3)
    public static let all: CornerMask = [.minXMinY, .maxXMinY, .minXMaxY, .maxXMaxY]

    /// Core Animation's names, in the order its documentation lists them.
    public static let names: [(String, CornerMask)] = [
        ("layerMinXMinYCorner", .minXMinY), ("layerMaxXMinYCorner", .maxXMinY),
        ("layerMinXMaxYCorner", .minXMaxY), ("layerMaxXMaxYCorner", .maxXMaxY),
    ]

    /// The names of the corners in this mask, in that order.
    public var cornerNames: [String] { Self.names.filter { contains($0.1) }.map(\.0) }
}

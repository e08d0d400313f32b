/// A rectangle, with the helpers UIKit users reach for (CGRect's).
///
/// Like CGRect, a rect with a negative width or height is the same area as
/// its standardised form; the min/max accessors and the set operations
/// work on that form.
public struct Rect: Sendable, Hashable, Codable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// What `intersection` returns for rects that do not meet (CGRectNull).
    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    public var isNull: Bool { origin.x == .infinity || origin.y == .infinity }
    public var isEmpty: Bool { isNull || size.width == 0 || size.height == 0 }

    public var width: Double { abs(size.width) }
    public var height: Double { abs(size.height) }
    public var minX: Double { min(origin.x, origin.x + size.width) }
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    public var minY: Double { min(origin.y, origin.y + size.height) }
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    public var midX: Double { (minX + maxX) / 2 }
    public var midY: Double { (minY + maxY) / 2 }
    public var center: Point { Point(x: midX, y: midY) }

    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        isNull ? self : Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// Shrinks (or, with negative insets, grows) each side; null if nothing is left.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        guard !isNull else { return self }
        let r = standardized
        let width = r.width - 2 * dx, height = r.height - 2 * dy
        guard width >= 0, height >= 0 else { return .null }
        return Rect(x: r.minX + dx, y: r.minY + dy, width: width, height: height)
    }

    public func intersection(_ other: Rect) -> Rect {
        guard !isNull, !other.isNull else { return .null }
        let x0 = max(minX, other.minX), x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY), y1 = min(maxY, other.maxY)
        guard x0 <= x1, y0 <= y1 else { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ other: Rect) -> Bool {
        let overlap = intersection(other)
        return !overlap.isNull && !overlap.isEmpty
    }

    public func union(_ other: Rect) -> Rect {
        if isNull { return other }
        if other.isNull { return self }
        let x0 = min(minX, other.minX), x1 = max(maxX, other.maxX)
        let y0 = min(minY, other.minY), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the point is inside; like CGRectContainsPoint, the max edges are outside.
    public func contains(_ point: Point) -> Bool {
        !isNull && point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    public func contains(_ rect: Rect) -> Bool {
        !isNull && !rect.isNull && union(rect) == standardized
    }
}

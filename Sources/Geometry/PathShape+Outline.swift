/// A path's subpath as straight segments: what a rasteriser fills (each
/// subpath closed, as Core Graphics fills) and strokes (closed only where the
/// path said `close()`).
public struct Polyline: Sendable, Equatable {
    public var points: [Point]
    public var closed: Bool

    public init(points: [Point], closed: Bool) {
        self.points = points
        self.closed = closed
    }

    /// Its length, the closing segment included where it is closed.
    public var length: Double {
        var total = zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        if closed, let first = points.first, let last = points.last { total += last.distance(to: first) }
        return total
    }
}

extension PathShape {
    /// The most straight segments one curve becomes, whatever its size.
    public static let segmentsPerCurveLimit = 256

    /// A built path's subpaths as polylines no farther than `tolerance` from
    /// its curves (nil for the other kinds, which are drawn exactly).
    ///
    /// A curve is cut into n equal steps of its parameter. A chord strays
    /// from its arc by at most an eighth of the second derivative's largest
    /// length times the step squared, and a cubic's second derivative is at
    /// most 6 max(|P0 − 2P1 + P2|, |P1 − 2P2 + P3|) (a quadratic's exactly
    /// 2|P0 − 2C + P1|), so n = √(0.75 m / tolerance) for a cubic and
    /// √(0.25 m / tolerance) for a quadratic keeps within it.
    public func polylines(tolerance: Double) -> [Polyline]? {
        guard case .elements(let elements) = self else { return nil }
        var result: [Polyline] = []
        var current: [Point] = []
        var start = Point(x: 0, y: 0)
        func finish(closed: Bool) {
            if current.count > 1 { result.append(Polyline(points: current, closed: closed)) }
            current = []
        }
        func norm(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
        // n equal steps, and a step of a thousandth of one at each end: the first and last pieces lie along the curve's
        // tangent there, so a stroke's butt end is square to the curve, not to a chord (a thick unclosed circle showed a notch).
        func parameters(_ n: Int) -> [Double] {
            let e = 1e-3 / Double(n)
            return [e] + (1..<max(n, 1)).map { Double($0) / Double(n) } + [1 - e, 1]
        }
        func steps(_ m: Double, _ factor: Double) -> Int {
            let n = (factor * m / max(tolerance, 1e-6)).squareRoot().rounded(.up)
            return n.isFinite ? min(max(Int(n), 1), Self.segmentsPerCurveLimit) : Self.segmentsPerCurveLimit
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish(closed: false)
                start = p
                current = [p]
            case .line(let p):
                if current.isEmpty { current = [start] }
                current.append(p)
            case .quadCurve(let p, let c):
                if current.isEmpty { current = [start] }
                let p0 = current[current.count - 1]
                let n = steps(norm(p0.x - 2 * c.x + p.x, p0.y - 2 * c.y + p.y), 0.25)
                for t in parameters(n) {
                    let u = 1 - t
                    current.append(Point(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                                         y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [start] }
                let p0 = current[current.count - 1]
                let m = max(norm(p0.x - 2 * c1.x + c2.x, p0.y - 2 * c1.y + c2.y), norm(c1.x - 2 * c2.x + p.x, c1.y - 2 * c2.y + p.y))
                let n = steps(m, 0.75)
                for t in parameters(n) {
                    let u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    current.append(Point(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .close:
                // A line after close() starts a new subpath at this one's start, as in Core Graphics.
                if !current.isEmpty { finish(closed: true) }
            }
        }
        finish(closed: false)
        return result
    }
}

extension [Polyline] {
    /// The part between `start` and `end` (fractions of the whole length,
    /// every subpath end to end, as `strokeStart` and `strokeEnd` measure):
    /// open polylines, except a closed one wholly inside, which stays closed.
    public func trimmed(from start: Double, to end: Double) -> [Polyline] {
        let total = reduce(0) { $0 + $1.length }
        let from = Swift.min(Swift.max(start, 0), 1) * total, to = Swift.min(Swift.max(end, 0), 1) * total
        guard total > 0, from < to else { return [] }
        if from <= 0 && to >= total { return self }
        var result: [Polyline] = []
        var offset = 0.0
        for line in self {
            let length = line.length
            defer { offset += length }
            guard offset + length > from, offset < to else { continue }
            if offset >= from && offset + length <= to { result.append(line); continue }
            var points = line.points
            if line.closed, let first = points.first { points.append(first) }
            var piece: [Point] = []
            var along = offset
            for (a, b) in zip(points, points.dropFirst()) {
                let d = a.distance(to: b)
                defer { along += d }
                guard d > 0, along + d > from, along < to else { continue }
                func at(_ s: Double) -> Point { let t = (s - along) / d; return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
                if piece.isEmpty { piece.append(along >= from ? a : at(from)) }
                piece.append(along + d <= to ? b : at(to))
            }
            if piece.count > 1 { result.append(Polyline(points: piece, closed: false)) }
        }
        return result
    }
}

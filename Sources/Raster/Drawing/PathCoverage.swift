import CCairo
import Geometry

/// A built path's coverage of a texture's pixels (one byte a pixel), filled
/// by cairo: the path by the non-zero rule, every subpath closed; a stroke
/// as the union of its pieces (below). Cairo was taken over FreeType's
/// outline rasteriser and stroker, which the fonts use: FreeType's stroker
/// crashed on a subpath shorter than its 1/64-pixel grid and its rasteriser
/// refused a row crossed by a few hundred edges (a blinds mask at @3×);
/// cairo's scan converter has no fixed pool and takes any polygon.
///
/// A stroke is built here, not by a stroker (FreeType's or cairo's): both
/// trace the stroke's two borders, and where a curve is tighter than half the
/// line's width the inner border turns over and cancels the outer under the
/// non-zero rule, leaving a hole in the set of points within half the width
/// of the path, which is what a stroke paints (Skia draws the same hole;
/// Apple's documentation does not settle what Core Graphics does, and the
/// circular-progress idiom of a line as wide as the circle relies on no
/// hole). So each straight piece of the
/// flattened path is a rectangle and each join its mitre (or bevel past the
/// miter limit of 10, Core Animation's default), all wound one way, and one
/// non-zero fill of them all is their union; butt ends need nothing.
///
/// Points are in the texture's pixels, y down, each cairo context on the
/// calling thread alone: frames drawn on several cores never wait.
enum PathCoverage {
    /// Core Animation's `miterLimit` default.
    static let miterLimit = 10.0
    /// The farthest a point that draws may lie from the texture, in pixels:
    /// cairo keeps coordinates in 24.8 fixed point (±2^23), and a point moved
    /// to fit would move the edges it makes, so farther is refused
    /// (`RasterError.pathTooFar`). A texture is at most a few thousand pixels
    /// across. A lone `move` draws nothing and is not asked.
    static let reach = Double(1 << 20)

    static func fill(_ elements: [PathElement], width: Int, height: Int, map: (Point) -> Point) throws -> [UInt8] {
        try draw(width: width, height: height) { cairo in
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            try trace(elements, in: cairo, map: map)
            cairo_fill(cairo)
        }
    }

    /// The polylines (in path space) stroked `lineWidth` texels wide, centred on them.
    static func stroke(_ lines: [Polyline], lineWidth: Double, width: Int, height: Int, map: (Point) -> Point) throws -> [UInt8] {
        guard lineWidth <= reach else { throw RasterError.pathTooFar(limit: Int(reach)) }
        let half = lineWidth / 2
        return try draw(width: width, height: height) { cairo in
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
            cairo_new_path(cairo)
            for line in lines {
                // Its points in texels, each a step from the last (a piece shorter than a millionth of a texel has no direction).
                var points: [Point] = []
                for point in line.points {
                    let p = try checked(map(point))
                    if let last = points.last, p.distance(to: last) < 1e-6 { continue }
                    points.append(p)
                }
                if line.closed, points.count > 2, let first = points.first, let last = points.last, first.distance(to: last) < 1e-6 {
                    points.removeLast()
                }
                guard points.count > 1 else { continue }
                let count = line.closed ? points.count : points.count - 1
                for i in 0..<count { piece(points[i], points[(i + 1) % points.count], half, cairo) }
                let joins = line.closed ? 0..<points.count : 1..<(points.count - 1)
                for i in joins {
                    join(points[(i + points.count - 1) % points.count], points[i], points[(i + 1) % points.count], half, cairo)
                }
            }
            cairo_fill(cairo)
        }
    }

    /// A straight piece's rectangle, wound like every other polygon of the stroke (clockwise on screen).
    private static func piece(_ a: Point, _ b: Point, _ half: Double, _ cairo: OpaquePointer) {
        let length = a.distance(to: b)
        let n = Point(x: -(b.y - a.y) / length * half, y: (b.x - a.x) / length * half)
        polygon([Point(x: a.x - n.x, y: a.y - n.y), Point(x: b.x - n.x, y: b.y - n.y), Point(x: b.x + n.x, y: b.y + n.y),
                 Point(x: a.x + n.x, y: a.y + n.y)], cairo)
    }

    /// The join at v between the pieces from a and to b, on the outside of the turn: the mitre's tip, half the width
    /// over the sine of half the angle between the pieces out along its bisector, or the bevel's triangle where that is
    /// more than the miter limit's times half the width (PostScript's rule, which Core Graphics follows).
    private static func join(_ a: Point, _ v: Point, _ b: Point, _ half: Double, _ cairo: OpaquePointer) {
        let (l1, l2) = (a.distance(to: v), v.distance(to: b))
        let d1 = Point(x: (v.x - a.x) / l1, y: (v.y - a.y) / l1), d2 = Point(x: (b.x - v.x) / l2, y: (b.y - v.y) / l2)
        let cross = d1.x * d2.y - d1.y * d2.x, dot = d1.x * d2.x + d1.y * d2.y
        guard abs(cross) > 1e-12 || dot < 0 else { return }
        // The outer side: left of the way for a turn to the right on screen (y down), and the other way round.
        let side = cross > 0 ? -1.0 : 1.0
        let n1 = Point(x: -d1.y * side, y: d1.x * side), n2 = Point(x: -d2.y * side, y: d2.x * side)
        let p1 = Point(x: v.x + n1.x * half, y: v.y + n1.y * half), p2 = Point(x: v.x + n2.x * half, y: v.y + n2.y * half)
        // cos of the angle between the normals is dot; the mitre's length over the width is 1 / sin(φ / 2), φ the pieces' angle.
        let sinHalf = ((1 - dot) / 2).squareRoot()
        if sinHalf > 1e-9, 1 / sinHalf <= miterLimit, 1 + dot > 1e-12 {
            let k = half / (1 + dot)
            let tip = Point(x: v.x + (n1.x + n2.x) * k, y: v.y + (n1.y + n2.y) * k)
            polygon([v, p1, tip, p2], cairo)
        } else {
            polygon([v, p1, p2], cairo)
        }
    }

    /// A closed polygon, turned to wind clockwise on screen (positive area with y down), so that overlaps add up.
    private static func polygon(_ points: [Point], _ cairo: OpaquePointer) {
        var area = 0.0
        for i in points.indices {
            let (p, q) = (points[i], points[(i + 1) % points.count])
            area += p.x * q.y - q.x * p.y
        }
        guard abs(area) > 1e-12 else { return }
        let ordered = area > 0 ? points : points.reversed()
        cairo_move_to(cairo, ordered[0].x, ordered[0].y)
        for p in ordered.dropFirst() { cairo_line_to(cairo, p.x, p.y) }
        cairo_close_path(cairo)
    }

    /// The elements as cairo's path, Core Graphics' rules kept: a line or curve
    /// after `close()` starts from the closed subpath's start (cairo's current
    /// point there too), and a move is made only when something follows it.
    private static func trace(_ elements: [PathElement], in cairo: OpaquePointer, map: (Point) -> Point) throws {
        cairo_new_path(cairo)
        var pendingMove: Point?
        var current: Point?
        func from() throws -> Point {
            if let move = pendingMove {
                let p = try checked(map(move))
                cairo_move_to(cairo, p.x, p.y)
                pendingMove = nil
                current = p
            }
            return current ?? Point(x: 0, y: 0)
        }
        for element in elements {
            switch element {
            case .move(let p):
                pendingMove = p
            case .line(let p):
                _ = try from()
                let q = try checked(map(p))
                cairo_line_to(cairo, q.x, q.y)
                current = q
            case .quadCurve(let p, let c):
                // A quadratic is the cubic with controls two thirds of the way to its control point.
                let p0 = try from(), q = try checked(map(p)), k = try checked(map(c))
                cairo_curve_to(cairo, p0.x + 2 * (k.x - p0.x) / 3, p0.y + 2 * (k.y - p0.y) / 3,
                               q.x + 2 * (k.x - q.x) / 3, q.y + 2 * (k.y - q.y) / 3, q.x, q.y)
                current = q
            case .curve(let p, let c1, let c2):
                _ = try from()
                let a = try checked(map(c1)), b = try checked(map(c2)), q = try checked(map(p))
                cairo_curve_to(cairo, a.x, a.y, b.x, b.y, q.x, q.y)
                current = q
            case .close:
                if pendingMove == nil, current != nil {
                    cairo_close_path(cairo)
                    var x = 0.0, y = 0.0
                    cairo_get_current_point(cairo, &x, &y)
                    current = Point(x: x, y: y)
                }
            }
        }
    }

    private static func checked(_ p: Point) throws -> Point {
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= reach, abs(p.y) <= reach else { throw RasterError.pathTooFar(limit: Int(reach)) }
        return p
    }

    /// An 8-bit coverage texture drawn by `body` on a cairo context of its own.
    private static func draw(width: Int, height: Int, _ body: (OpaquePointer) throws -> Void) throws -> [UInt8] {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
        var buffer = [UInt8](repeating: 0, count: stride * height)
        try buffer.withUnsafeMutableBufferPointer { pixels in
            guard let surface = cairo_image_surface_create_for_data(pixels.baseAddress, CAIRO_FORMAT_A8, Int32(width), Int32(height),
                                                                     Int32(stride)) else { throw failure("cairo_image_surface_create_for_data") }
            defer { cairo_surface_destroy(surface) }
            guard let cairo = cairo_create(surface) else { throw failure("cairo_create") }
            defer { cairo_destroy(cairo) }
            try body(cairo)
            cairo_surface_flush(surface)
            let status = cairo_status(cairo)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw RasterError.cairo(reason: String(cString: cairo_status_to_string(status)))
            }
        }
        guard stride != width else { return buffer }
        var coverage = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { coverage[(y * width)..<((y + 1) * width)] = buffer[(y * stride)..<(y * stride + width)] }
        return coverage
    }

    private static func failure(_ call: String) -> RasterError { .cairo(reason: "\(call) failed") }
}

import Foundation
import Geometry

/// Draws axis-aligned shapes and text on an `Image`, in points × scale.
///
/// Rectangles, rounded rectangles and circles are anti-aliased by their exact
/// area inside each pixel (see `Coverage`); strokes and arcs by their signed
/// distance, which is exact for straight edges and within a hundredth of a pixel
/// for the curves drawn here. Everything composites source-over, premultiplied.
public struct Painter {
    public private(set) var image: Image
    public let scale: Double

    /// A painter on a new image of `size` points at `scale`, filled with `background`.
    public init(size: Size, scale: Double, background: Color = .clear) {
        let width = max(0, Int((size.width * scale).rounded())), height = max(0, Int((size.height * scale).rounded()))
        self.init(image: Image(width: width, height: height), scale: scale)
        if background.alpha > 0 { fill(Rect(x: 0, y: 0, width: size.width, height: size.height), background) }
    }

    public init(image: Image, scale: Double) {
        precondition(scale > 0)
        self.image = image
        self.scale = scale
    }

    /// The image's size in points.
    public var size: Size { Size(width: Double(image.width) / scale, height: Double(image.height) / scale) }

    // MARK: Exact coverage

    public mutating func fill(_ rect: Rect, _ color: Color) {
        fill(rect, cornerRadius: 0, color)
    }

    /// Fills a rectangle whose corners are quarter circles of `cornerRadius` points
    /// (clamped to half the shorter side).
    public mutating func fill(_ rect: Rect, cornerRadius: Double, _ color: Color) {
        let r = rect.standardized
        let L = r.minX * scale, T = r.minY * scale, R = r.maxX * scale, B = r.maxY * scale
        let rho = min(max(cornerRadius, 0) * scale, (R - L) / 2, (B - T) / 2)
        // The four corner squares and their arcs' centres.
        let corners = [(L, T, L + rho, T + rho, L + rho, T + rho), (R - rho, T, R, T + rho, R - rho, T + rho),
                       (L, B - rho, L + rho, B, L + rho, B - rho), (R - rho, B - rho, R, B, R - rho, B - rho)]
        cover(L, T, R, B, Paint(color)) { px, py in
            var area = Coverage.overlap(px, px + 1, L, R) * Coverage.overlap(py, py + 1, T, B)
            guard rho > 0 else { return area }
            for (x0, y0, x1, y1, cx, cy) in corners {
                let ox0 = max(px, x0), ox1 = min(px + 1, x1), oy0 = max(py, y0), oy1 = min(py + 1, y1)
                guard ox0 < ox1 && oy0 < oy1 else { continue }
                area -= (ox1 - ox0) * (oy1 - oy0)
                area += Coverage.diskArea(x0: ox0, y0: oy0, x1: ox1, y1: oy1, cx: cx, cy: cy, radius: rho)
            }
            return area
        }
    }

    public mutating func fillCircle(center: Point, radius: Double, _ color: Color) {
        let cx = center.x * scale, cy = center.y * scale, rho = max(0, radius * scale)
        cover(cx - rho, cy - rho, cx + rho, cy + rho, Paint(color)) { px, py in
            Coverage.diskArea(x0: px, y0: py, x1: px + 1, y1: py + 1, cx: cx, cy: cy, radius: rho)
        }
    }

    /// A line one device pixel thick along y (points), snapped to the pixel row it falls in.
    public mutating func hairline(y: Double, from x0: Double, to x1: Double, _ color: Color) {
        let row = (y * scale).rounded(.down) / scale
        fill(Rect(x: x0, y: row, width: x1 - x0, height: 1 / scale), color)
    }

    /// Fills `rect` with colours interpolated from `top` to `bottom`.
    public mutating func fillVerticalGradient(_ rect: Rect, top: Color, bottom: Color) {
        let r = rect.standardized
        let rows = max(1, Int((r.height * scale).rounded(.up)))
        for i in 0..<rows {
            let y0 = r.minY + Double(i) / scale, y1 = min(r.maxY, y0 + 1 / scale)
            let t = rows == 1 ? 0 : Double(i) / Double(rows - 1)
            fill(Rect(x: r.minX, y: y0, width: r.width, height: y1 - y0), top.interpolated(to: bottom, fraction: t))
        }
    }

    // MARK: Signed distance

    /// A straight stroke with round caps.
    public mutating func strokeLine(from a: Point, to b: Point, lineWidth: Double, _ color: Color) {
        let (ax, ay, bx, by) = (a.x * scale, a.y * scale, b.x * scale, b.y * scale)
        let half = lineWidth * scale / 2
        let (dx, dy) = (bx - ax, by - ay)
        let lengthSquared = max(dx * dx + dy * dy, 1e-12)
        covered(by: min(ax, bx) - half, min(ay, by) - half, max(ax, bx) + half, max(ay, by) + half, Paint(color)) { x, y in
            let t = min(max(((x - ax) * dx + (y - ay) * dy) / lengthSquared, 0), 1)
            return hypot(x - ax - t * dx, y - ay - t * dy) - half
        }
    }

    /// An arc of a circle with round caps; angles in radians, 0 along +x, increasing clockwise (y down).
    public mutating func strokeArc(center: Point, radius: Double, from start: Double, to end: Double,
                                   lineWidth: Double, _ color: Color) {
        let (cx, cy, rho, half) = (center.x * scale, center.y * scale, radius * scale, lineWidth * scale / 2)
        let mid = (start + end) / 2, span = abs(end - start) / 2
        let ends = [(cx + rho * cos(start), cy + rho * sin(start)), (cx + rho * cos(end), cy + rho * sin(end))]
        covered(by: cx - rho - half, cy - rho - half, cx + rho + half, cy + rho + half, Paint(color)) { x, y in
            var delta = atan2(y - cy, x - cx) - mid
            delta = remainder(delta, 2 * .pi)
            if abs(delta) <= span { return abs(hypot(x - cx, y - cy) - rho) - half }
            return min(hypot(x - ends[0].0, y - ends[0].1), hypot(x - ends[1].0, y - ends[1].1)) - half
        }
    }

    /// The outline of a rounded rectangle, centred on its edge.
    public mutating func stroke(_ rect: Rect, cornerRadius: Double, lineWidth: Double, _ color: Color) {
        let r = rect.standardized
        let (cx, cy) = (r.midX * scale, r.midY * scale)
        let (hw, hh) = (r.width * scale / 2, r.height * scale / 2)
        let rho = min(cornerRadius * scale, hw, hh), half = lineWidth * scale / 2
        covered(by: cx - hw - half, cy - hh - half, cx + hw + half, cy + hh + half, Paint(color)) { x, y in
            let qx = abs(x - cx) - hw + rho, qy = abs(y - cy) - hh + rho
            let box = hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - rho
            return abs(box) - half
        }
    }

    // MARK: Text

    /// Draws `text` with its baseline starting at `baseline` (points).
    ///
    /// - Throws: the font's `RasterError.freeType` if a glyph cannot be drawn.
    public mutating func text(_ text: String, at baseline: Point, font: Font, size: Double, _ color: Color) throws {
        try font.draw(text, at: Point(x: baseline.x * scale, y: baseline.y * scale), size: size * scale,
                      color: color, into: &image)
    }

    /// The width of `text` in points.
    public func measure(_ text: String, font: Font, size: Double) throws -> Double {
        try font.measure(text, size: size * scale) / scale
    }

    /// Places a picture's top-left at a point, source-over.
    public mutating func draw(_ picture: Image, at origin: Point) {
        image.composite(picture, atX: Int((origin.x * scale).rounded()), y: Int((origin.y * scale).rounded()))
    }

    // MARK: Pixel loops

    /// Calls `area` for each pixel that the pixel-space box [x0, x1] × [y0, y1] touches
    /// (clipped to the image) and blends `paint` by the coverage it returns.
    private mutating func cover(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ paint: Paint,
                                _ area: (Double, Double) -> Double) {
        guard paint.a > 0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        // Clamp before converting, so a shape far off the image cannot overflow Int.
        let (w, h) = (Double(image.width), Double(image.height))
        let c0 = Int(min(max(x0, 0), w).rounded(.down)), c1 = Int(min(max(x1, 0), w).rounded(.up))
        let r0 = Int(min(max(y0, 0), h).rounded(.down)), r1 = Int(min(max(y1, 0), h).rounded(.up))
        guard c0 < c1 && r0 < r1 else { return }
        let stride = image.width
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in r0..<r1 {
                for col in c0..<c1 {
                    let c = min(1, area(Double(col), Double(row)))
                    if c > 1e-9 { paint.blend(into: base + (row * stride + col) * 4, coverage: c) }
                }
            }
        }
    }

    /// As `cover`, with coverage from a signed distance (pixels, negative inside) at each
    /// pixel's centre: the half-pixel ramp that a straight edge's exact area gives.
    private mutating func covered(by x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ paint: Paint,
                                  _ distance: (Double, Double) -> Double) {
        cover(x0 - 1, y0 - 1, x1 + 1, y1 + 1, paint) { px, py in
            min(max(0.5 - distance(px + 0.5, py + 0.5), 0), 1)
        }
    }
}

import CRaster
import Geometry
import RenderTree

/// Gradient and shape layers' contents, painted at the device's resolution
/// into pixels of their own and drawn through the layer's homography like a
/// screen's picture, so they follow the full 3-D transform and are sampled
/// perspective-correctly.
///
/// Hand-written (CRaster's paint.c) rather than pixman's gradients: pixman
/// interpolates the same way (straight colours, then premultiplied) and its
/// linear gradient would fit, but its radial gradient is a two-circle
/// gradient (an ellipse needs a 16.16 fixed-point image transform, whose
/// rounding shows as colour error at the far edge of a large layer), its
/// conical one starts and turns by its own conventions, and its stops are
/// 16-bit: each of Core Animation's three types would need adapting, and
/// the exact definitions take a few dozen lines.
extension Renderer {
    /// The most texels one layer's painted content may have (a side at most
    /// 4,096): past it the picture is painted smaller and stretched (a
    /// gradient barely changes; a shape's edges soften), so a script's huge
    /// layer costs no more than a large screen.
    static let contentTexelLimit = 4_000_000
    static let contentSideLimit = 4096

    /// Texels for content covering `size` points: the device's pixels, or fewer under the limits.
    func contentPixels(for size: Size) -> (Int, Int)? {
        let (width, height) = pixelSize(of: size)
        guard size.width > 0, size.height > 0 else { return nil }
        var shrink = 1.0
        if width > Self.contentSideLimit || height > Self.contentSideLimit {
            shrink = Double(Self.contentSideLimit) / Double(max(width, height))
        }
        let area = Double(width) * Double(height) * shrink * shrink
        if area > Double(Self.contentTexelLimit) { shrink *= (Double(Self.contentTexelLimit) / area).squareRoot() }
        guard shrink < 1 else { return (width, height) }
        return (max(1, Int((Double(width) * shrink).rounded(.down))), max(1, Int((Double(height) * shrink).rounded(.down))))
    }

    /// The gradient over the layer's bounds (nil when it draws nothing:
    /// no colours, or locations that do not match them).
    func gradientTexture(_ gradient: Gradient, size: Size) throws -> Image? {
        let stops = gradient.stops
        guard !stops.isEmpty, let (width, height) = contentPixels(for: size) else { return nil }
        // Evaluating a pixel costs about two blends.
        try budget.charge(2 * width * height)
        let type: Int32 = switch gradient.type {
        case .axial: CR_GRADIENT_AXIAL
        case .radial: CR_GRADIENT_RADIAL
        case .conic: CR_GRADIENT_CONIC
        }
        // Unit coordinates of the bounds to the image's pixels.
        let (w, h) = (Double(width), Double(height))
        let locations = stops.map(\.location)
        let colors = stops.flatMap { [$0.color.red, $0.color.green, $0.color.blue, $0.color.alpha] }
        var image = Image(width: width, height: height)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            cr_paint_gradient(pixels.baseAddress, Int32(width), Int32(height), type,
                              gradient.startPoint.x * w, gradient.startPoint.y * h, gradient.endPoint.x * w, gradient.endPoint.y * h,
                              locations, colors, Int32(stops.count))
        }
        return image
    }

    /// A shape layer's path, filled and stroked, over its background and
    /// under its sublayers. The path may reach past the bounds; masksToBounds
    /// cuts it to them.
    func drawShape(_ shape: ShapePaint, bounds: Rect, masksToBounds: Bool, toDevice: Homography, alpha: UInt8,
                   context: DrawContext) throws {
        guard let path = shape.path else { return }
        let fillColor = shape.fillColor.map(premultiplied) ?? (0, 0, 0, 0)
        let stroke = shape.strokeColor.map(premultiplied) ?? (0, 0, 0, 0)
        let lineWidth = min(max(shape.lineWidth, 0), 1e6)
        let stroked = stroke.3 > 0 && lineWidth > 0 && min(max(shape.strokeStart, 0), 1) < min(max(shape.strokeEnd, 0), 1)
        guard fillColor.3 > 0 || stroked else { return }
        let outline = path.bounds.standardized
        // What it can cover, in the layer's local space (bounds origin at 0, 0):
        // the path grown by half the stroke (a built path's mitred joins up to
        // the miter limit's times that) and a pixel.
        let built: Bool = if case .elements = path { true } else { false }
        let reach = (stroke.3 > 0 ? lineWidth / 2 * (built ? PathCoverage.miterLimit : 1) : 0) + 1 / scale
        var area = outline.insetBy(dx: -reach, dy: -reach).offsetBy(dx: -bounds.minX, dy: -bounds.minY)
        if masksToBounds {
            area = area.intersection(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height))
        }
        // A built path may reach far past the screen (a lone point, a long curve): its texture covers only the part
        // of the layer's plane the frame can show, so what is near keeps its texels.
        if built, let visible = visibleLocalArea(toDevice, context.target) { area = area.intersection(visible) }
        guard area.width > 0, area.height > 0, area.minX.isFinite, area.minY.isFinite, area.width.isFinite, area.height.isFinite,
              let (width, height) = contentPixels(for: area.size) else { return }
        // Sixteen samples at every edge texel, one test elsewhere.
        try budget.charge(3 * width * height)
        var image: Image
        if case .elements(let elements) = path {
            image = try paintBuiltPath(elements, shape: shape, bounds: bounds, area: area, width: width, height: height,
                                       fill: fillColor, stroke: stroked ? stroke : (0, 0, 0, 0), lineWidth: lineWidth)
        } else {
            let kind: Int32 = switch path {
            case .rect: CR_SHAPE_RECT
            case .roundedRect: CR_SHAPE_ROUNDED_RECT
            case .oval, .elements: CR_SHAPE_OVAL
            }
            image = Image(width: width, height: height)
            let fillBytes = [fillColor.0, fillColor.1, fillColor.2, fillColor.3], strokeBytes = [stroke.0, stroke.1, stroke.2, stroke.3]
            let local = outline.offsetBy(dx: -bounds.minX, dy: -bounds.minY)
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                cr_paint_shape(pixels.baseAddress, Int32(width), Int32(height), area.minX, area.minY,
                               Double(width) / area.width, Double(height) / area.height,
                               kind, local.minX, local.minY, local.width, local.height, path.cornerRadius,
                               fillBytes, strokeBytes, lineWidth, shape.strokeStart, shape.strokeEnd)
            }
        }
        try drawTexture(image, covering: area, toDevice: toDevice, alpha: alpha, context: context)
    }

    /// A texture drawn over `area` of a layer's local space (a shape's or a shadow's), through the layer's map.
    private func drawTexture(_ image: Image, covering area: Rect, toDevice: Homography, alpha: UInt8, context: DrawContext) throws {
        let place = Homography(translationX: area.minX, y: area.minY).concatenating(toDevice)
        let corners = Quad(Rect(x: 0, y: 0, width: area.width, height: area.height))
        let inFront = corners.points.allSatisfy { place.w(at: $0) > 0 }
        guard let box = pixelBox(corners.map(place.apply), inFront: inFront, in: context.target) else { return }
        try budget.charge((box.x1 - box.x0) * (box.y1 - box.y0))
        fill(place, area.size, radius: 0, color: (0, 0, 0, 0), texture: image, alpha: alpha, box: box, context: context)
    }

    /// The part of a layer's plane (local space) the target can show, a pixel
    /// wider: the target's corners taken back through the layer's map. Nil
    /// when the plane's horizon crosses the target (a corner has no point on
    /// the plane in front of the eye), where no rectangle bounds it.
    func visibleLocalArea(_ toDevice: Homography, _ target: RenderTarget) -> Rect? {
        guard let back = toDevice.inverted else { return nil }
        let corners = [Point(x: 0, y: 0), Point(x: Double(target.width), y: 0), Point(x: 0, y: Double(target.height)),
                       Point(x: Double(target.width), y: Double(target.height))]
        guard corners.allSatisfy({ back.w(at: $0) > 0 }) else { return nil }
        let local = corners.map(back.apply)
        guard let x0 = local.map(\.x).min(), let x1 = local.map(\.x).max(), let y0 = local.map(\.y).min(), let y1 = local.map(\.y).max(),
              [x0, x1, y0, y1].allSatisfy(\.isFinite) else { return nil }
        let margin = 1 / scale
        return Rect(x: x0 - margin, y: y0 - margin, width: x1 - x0 + 2 * margin, height: y1 - y0 + 2 * margin)
    }

    /// A built path's texture: its fill's coverage in the fill colour, its
    /// stroke's over it (PathCoverage). The stroke follows the path flattened
    /// to a tenth of a texel, cut by `strokeStart` and `strokeEnd` measured
    /// along its whole length, every subpath end to end.
    private func paintBuiltPath(_ elements: [PathElement], shape: ShapePaint, bounds: Rect, area: Rect, width: Int, height: Int,
                                fill: (UInt8, UInt8, UInt8, UInt8), stroke: (UInt8, UInt8, UInt8, UInt8), lineWidth: Double) throws -> Image {
        let sx = Double(width) / area.width, sy = Double(height) / area.height
        let map = { (p: Point) in Point(x: (p.x - bounds.minX - area.minX) * sx, y: (p.y - bounds.minY - area.minY) * sy) }
        try chargePath(elements, scale: max(sx, sy), width: width, height: height)
        let filled = fill.3 > 0 ? try PathCoverage.fill(elements, width: width, height: height, map: map) : nil
        var stroked: [UInt8]?
        if stroke.3 > 0 {
            let lines = (PathShape.elements(elements).polylines(tolerance: 0.1 / max(sx, sy)) ?? [])
                .trimmed(from: shape.strokeStart, to: shape.strokeEnd)
            // Each point a rectangle and a join, three or four corners each.
            try budget.charge(lines.reduce(0) { $0 + $1.points.count } * 64)
            stroked = try PathCoverage.stroke(lines, lineWidth: lineWidth * (sx + sy) / 2, width: width, height: height, map: map)
        }
        var image = Image(width: width, height: height)
        let fillChannels = [fill.0, fill.1, fill.2, fill.3].map(UInt32.init)
        let strokeChannels = [stroke.0, stroke.1, stroke.2, stroke.3].map(UInt32.init)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in 0..<(width * height) {
                let f = UInt32(filled?[i] ?? 0), s = UInt32(stroked?[i] ?? 0)
                guard f | s != 0 else { continue }
                // Premultiplied: the stroke at its coverage over the fill at its own.
                let under = 255 * 255 - strokeChannels[3] * s
                for c in 0..<4 {
                    let value = (strokeChannels[c] * s * 255 + fillChannels[c] * f * under / 255 + 255 * 255 / 2) / (255 * 255)
                    pixels[i * 4 + c] = UInt8(min(value, 255))
                }
            }
        }
        return image
    }

    /// A built path's drawing, charged before it is drawn: its elements, each
    /// texture pixel a few times (cairo's passes, the paint), and the outline's
    /// length in texels, its control polygon's, which bounds the curve's: a
    /// scan converter's work grows with the edge cells it crosses, and a path
    /// that zig-zags across its texture crosses many in every row.
    func chargePath(_ elements: [PathElement], scale: Double, width: Int, height: Int) throws {
        var length = 0.0, last = Point(x: 0, y: 0)
        func to(_ point: Point) {
            let d = point.distance(to: last)
            length += d.isFinite ? d : 1e18
            last = point
        }
        for element in elements {
            switch element {
            // A move draws nothing: it only says where the next piece starts.
            case .move(let p): last = p
            case .line(let p): to(p)
            case .quadCurve(let p, let c): to(c); to(p)
            case .curve(let p, let c1, let c2): to(c1); to(c2); to(p)
            case .close: break
            }
        }
        try budget.charge(elements.count * 64 + 3 * width * height + Int(min(length * scale * Self.pathCellCost, 1e15)))
    }

    /// The work, in the budget's pixel visits, of one texel of a path's outline. Measured on a hostile frame (2,000
    /// cubics zig-zagging across the screen, about 2.4 million texels of outline: 0.15 s a layer), against the
    /// budget's rate of about a nanosecond a visit.
    static let pathCellCost = 64.0

    /// The shadow of a built `shadowPath`: the path's fill in the shadow's
    /// colour, offset, blurred by three box blurs that make the Gaussian of
    /// `shadowRadius` (as the backdrop's blur does), in the layer's plane.
    func drawBuiltPathShadow(_ elements: [PathElement], _ shadow: Shadow, bounds: Rect, toDevice: Homography, alpha: UInt8,
                             context: DrawContext) throws {
        let sigma = min(max(shadow.radius, 0), 1000)
        let outline = PathShape.elements(elements).bounds.standardized
            .offsetBy(dx: shadow.offset.x - bounds.minX, dy: shadow.offset.y - bounds.minY)
        var area = outline.insetBy(dx: -3 * sigma - 1, dy: -3 * sigma - 1)
        if let visible = visibleLocalArea(toDevice, context.target) {
            area = area.intersection(visible.insetBy(dx: -3 * sigma - 1, dy: -3 * sigma - 1))
        }
        guard area.width > 0, area.height > 0, area.minX.isFinite, area.minY.isFinite, area.width.isFinite, area.height.isFinite,
              let (width, height) = contentPixels(for: area.size) else { return }
        let sx = Double(width) / area.width, sy = Double(height) / area.height
        // The fill, three box passes each way, the tint.
        try chargePath(elements, scale: max(sx, sy), width: width, height: height)
        try budget.charge(7 * width * height)
        let map = { (p: Point) in
            Point(x: (p.x + shadow.offset.x - bounds.minX - area.minX) * sx, y: (p.y + shadow.offset.y - bounds.minY - area.minY) * sy)
        }
        let coverage = try PathCoverage.fill(elements, width: width, height: height, map: map)
        var color = shadow.color
        color.alpha = min(max(color.alpha, 0), 1) * min(max(shadow.opacity, 0), 1)
        let tint = premultiplied(color)
        let channels = [tint.0, tint.1, tint.2, tint.3].map(UInt32.init)
        var image = Image(width: width, height: height)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in 0..<(width * height) where coverage[i] != 0 {
                for c in 0..<4 { pixels[i * 4 + c] = UInt8((channels[c] * UInt32(coverage[i]) + 127) / 255) }
            }
            let r = Self.boxRadius(forDeviation: sigma * (sx + sy) / 2)
            if r > 0 {
                var scratch = [UInt8](repeating: 0, count: width * height * 4)
                var sums = [UInt32](repeating: 0, count: max(width, height) * 4)
                cr_box_blur(pixels.baseAddress, Int32(width), Int32(height), Int32(r), 3, &scratch, &sums)
            }
        }
        try drawTexture(image, covering: area, toDevice: toDevice, alpha: alpha, context: context)
    }
}

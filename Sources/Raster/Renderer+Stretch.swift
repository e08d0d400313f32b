import CRaster
import Geometry
import RenderTree

/// A resizable snapshot resized with cap insets, as UIKit stretches a
/// resizable image: the region drawn once into a bitmap at the device's
/// resolution (what a snapshot is), then shown in nine parts, each its own
/// quad through the layer's homography. The quads share their edges, so
/// the A-buffer splits the pixels on them and no seam shows, wherever the
/// parts fall on the pixel grid.
///
///     corners   keep their size            edges   stretch along themselves
///     middle    stretches both ways
///
/// Caps wider than the region together are cut in proportion to fit it,
/// and bounds narrower than the caps squeeze them in proportion (UIKit
/// documents neither: our choice); a middle with nothing of the region
/// left draws nothing.
extension Renderer {
    func drawStretched(_ picture: RenderLayer, region: Rect, capInsets: EdgeInsets, size: Size, toDevice: Homography, alpha: UInt8,
                       context: DrawContext) throws {
        let region = region.standardized
        guard region.width > 0, region.height > 0, region.minX.isFinite, region.minY.isFinite, region.width.isFinite,
              region.height.isFinite, let (width, height) = contentPixels(for: region.size) else { return }
        // A clear, the picture's own drawing (charged as it is drawn) and the parts' copies.
        try budget.charge(2 * width * height)
        let target = RenderTarget(width: width, height: height)
        var flat = picture
        flat.anchorPoint = .zero
        flat.transform = .identity
        flat.position = Point(x: picture.bounds.minX - region.minX, y: picture.bounds.minY - region.minY)
        let (sx, sy) = (Double(width) / region.width, Double(height) / region.height)
        var inner = DrawContext(target: target, clip: nil, safeArea: context.safeArea)
        try draw(flat, parent: Homography(scaleX: sx, y: sy), context: &inner)
        let bitmap = target.image()

        let insets = [capInsets.top, capInsets.left, capInsets.bottom, capInsets.right].map { $0.isFinite ? max($0, 0) : 0 }
        let columns = Self.parts(region.width, caps: (insets[1], insets[3]), size.width)
        let rows = Self.parts(region.height, caps: (insets[0], insets[2]), size.height)
        for row in rows {
            for column in columns {
                let piece = bitmap.cropped(x: column.from.start * sx, y: row.from.start * sy,
                                           width: column.from.length * sx, height: row.from.length * sy)
                let place = Homography(translationX: column.to.start, y: row.to.start).concatenating(toDevice)
                let part = Size(width: column.to.length, height: row.to.length)
                let corners = Quad(Rect(x: 0, y: 0, width: part.width, height: part.height))
                let inFront = corners.points.allSatisfy { place.w(at: $0) > 0 }
                guard let box = pixelBox(corners.map(place.apply), inFront: inFront, in: context.target) else { continue }
                try budget.charge((box.x1 - box.x0) * (box.y1 - box.y0))
                fill(place, part, radius: 0, color: (0, 0, 0, 0), texture: piece, alpha: alpha, box: box, context: context)
            }
        }
    }

    /// One axis's parts (fewer where one has no length): the low cap, the
    /// middle, the high cap, each a span of the region (from its start) and
    /// of the bounds (from 0).
    static func parts(_ length: Double, caps: (Double, Double), _ size: Double)
        -> [(from: (start: Double, length: Double), to: (start: Double, length: Double))] {
        // Shares of the caps taken as ratios first: two huge caps must not overflow their sum.
        let largest = max(caps.0, caps.1)
        let shares = largest > 0 ? (caps.0 / largest, caps.1 / largest) : (0, 0)
        func fitted(_ caps: (Double, Double), into room: Double) -> (Double, Double) {
            guard caps.0 + caps.1 > room else { return caps }
            let whole = shares.0 + shares.1
            return (room * shares.0 / whole, room * shares.1 / whole)
        }
        let (low, high) = fitted(caps, into: length)
        let (lowOut, highOut) = fitted((low, high), into: size)
        let all = [((0.0, low), (0.0, lowOut)),
                   ((low, length - low - high), (lowOut, size - lowOut - highOut)),
                   ((length - high, high), (size - highOut, highOut))]
        return all.filter { $0.0.1 > 1e-9 && $0.1.1 > 1e-9 }
            .map { (from: (start: $0.0.0, length: $0.0.1), to: (start: $0.1.0, length: $0.1.1)) }
    }
}

extension Image {
    /// The part [x, x + w) × [y, y + h) of the picture (in pixels, possibly
    /// fractional) as round(w) × round(h) pixels (at least one), each
    /// sampled bilinearly at its centre, edges clamped: a part on whole
    /// pixels comes out exactly.
    func cropped(x: Double, y: Double, width w: Double, height h: Double) -> Image {
        func count(_ v: Double, _ limit: Int) -> Int { v.isFinite ? max(1, Int(min(v, Double(limit) + 1).rounded())) : 1 }
        let W = count(w, width), H = count(h, height)
        var out = Image(width: W, height: H)
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                cr_crop_bilinear(src.baseAddress, Int32(width), Int32(height), x, y, w, h, dst.baseAddress, Int32(W), Int32(H))
            }
        }
        return out
    }
}

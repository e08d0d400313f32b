import Geometry

/// A colour ready to composite: premultiplied, 0…255 a channel, kept in floating
/// point so coverage scales it before the single rounding at the end.
struct Paint: Sendable {
    let r, g, b, a: Double

    init(_ color: Color) {
        let alpha = min(max(color.alpha, 0), 1) * 255
        a = alpha
        r = min(max(color.red, 0), 1) * alpha
        g = min(max(color.green, 0), 1) * alpha
        b = min(max(color.blue, 0), 1) * alpha
    }

    /// Source-over of this paint, scaled by `coverage` (0…1), onto the premultiplied
    /// RGBA pixel at `p`: out = src·c + dst·(1 − a·c); rounded, not truncated.
    @inline(__always)
    func blend(into p: UnsafeMutablePointer<UInt8>, coverage c: Double) {
        guard c > 0 else { return }
        if c >= 1 && a >= 255 {
            p[0] = UInt8(r.rounded()); p[1] = UInt8(g.rounded()); p[2] = UInt8(b.rounded()); p[3] = 255
            return
        }
        let keep = 1 - a * c / 255
        p[0] = UInt8(min(255, (r * c + Double(p[0]) * keep).rounded()))
        p[1] = UInt8(min(255, (g * c + Double(p[1]) * keep).rounded()))
        p[2] = UInt8(min(255, (b * c + Double(p[2]) * keep).rounded()))
        p[3] = UInt8(min(255, (a * c + Double(p[3]) * keep).rounded()))
    }
}

extension Image {
    /// Source-over of a premultiplied picture onto this one, its top-left at pixel (x, y);
    /// whatever falls outside is clipped.
    mutating func composite(_ source: Image, atX x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + source.width), y1 = min(height, y + source.height)
        guard x0 < x1 && y0 < y1 else { return }
        let w = width
        source.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in y0..<y1 {
                    for col in x0..<x1 {
                        let s = ((row - y) * source.width + (col - x)) * 4
                        let d = (row * w + col) * 4
                        let sa = Int(src[s + 3])
                        if sa == 255 {
                            for c in 0..<4 { dst[d + c] = src[s + c] }
                        } else if sa > 0 {
                            for c in 0..<4 {
                                dst[d + c] = UInt8(min(255, Int(src[s + c]) + (Int(dst[d + c]) * (255 - sa) + 127) / 255))
                            }
                        }
                    }
                }
            }
        }
    }
}

import CRaster
import Geometry
import RenderTree

/// A visual effect view's blur (`RenderLayer.backdrop`): at its turn in
/// the back-to-front drawing, what is already drawn behind it (in this
/// target and, inside an offscreen group or mask, in every target under
/// it) is blurred, saturated and tinted, and shown inside the view's
/// rounded, possibly transformed, shape, at its opacity and clip.
///
/// The blur is three box passes each way, the boxes sized for a Gaussian
/// of the material's deviation in device pixels (points times the scale)
/// as Apple's UIImageEffects and the SVG specification size them:
///
///     d = ⌊σ · 3·√(2π) / 4 + ½⌋, made odd;  each box averages d pixels
///
/// Only the view's box on screen, grown by the blur's reach (3 · ⌊d/2⌋),
/// is gathered and blurred: what lies just outside the view bleeds in, as
/// it does on a device; at the screen's edges the picture is extended.
/// Scratch memory is two copies of that box (at most the frame's size),
/// kept for the next view.
extension Renderer {
    /// The largest deviation drawn, in device pixels: a box of 941 pixels
    /// (its integer sums stay exact below 4,096), past any material's 30
    /// points at @3× (90 pixels).
    static let blurDeviationLimit = 500.0

    /// The half-width of each of the three boxes for a Gaussian of
    /// deviation `sigma` device pixels; 0 (no blur) below about half a pixel.
    static func boxRadius(forDeviation sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        var d = Int((min(sigma, blurDeviationLimit) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        if d % 2 == 0 { d += 1 }
        return d / 2
    }

    func drawBackdrop(_ material: BlurMaterial, size: Size, radius: Double, corners: CornerMask, toDevice: Homography, alpha: UInt8,
                      box: PixelBox, context: DrawContext) throws {
        let target = context.target
        let r = Self.boxRadius(forDeviation: material.radius * scale)
        let reach = 3 * r
        let x0 = max(box.x0 - reach, 0), y0 = max(box.y0 - reach, 0)
        let x1 = min(box.x1 + reach, target.width), y1 = min(box.y1 + reach, target.height)
        let (width, height) = (x1 - x0, y1 - y0)
        guard width > 0, height > 0 else { return }
        // Gathering every target under it, six box passes, the saturation and tint, a copy back, drawing the box.
        try budget.charge((context.under.count + 10) * width * height)
        let (pixels, scratch, sums) = backdropScratch.buffers(width: width, height: height)
        for (k, layer) in (context.under + [target]).enumerated() {
            cr_gather(pixels, Int32(width), Int32(height), layer.pixels, Int32(target.width), Int32(x0), Int32(y0), k == 0 ? 0 : 1)
        }
        if r > 0 { cr_box_blur(pixels, Int32(width), Int32(height), Int32(r), 3, scratch, sums) }
        var tint = material.tint
        tint.alpha = tint.alpha.isFinite ? min(max(tint.alpha, 0), 1) : 0
        let tintBytes = premultiplied(tint)
        let saturation = material.saturation.isFinite ? min(max(material.saturation, 0), 100) : 1
        cr_saturate_tint(pixels, Int32(width), Int32(height), saturation, [tintBytes.0, tintBytes.1, tintBytes.2, tintBytes.3])
        var quad = makeQuad(toDevice, size, radius: radius, corners: corners, box: box)
        quad.alpha = alpha
        clipped(&quad, context: context) { target, quad in
            cr_draw_backdrop(target, quad, pixels, Int32(x0), Int32(y0), Int32(width), Int32(height))
        }
    }
}

/// The backdrop's working memory, grown as needed and kept: a fresh
/// full-screen buffer for every effect view of every frame would cost its
/// page faults each time.
final class BackdropScratch {
    private var capacity = 0
    private var pixels: UnsafeMutablePointer<UInt8>?
    private var scratch: UnsafeMutablePointer<UInt8>?
    private var sums: UnsafeMutablePointer<UInt32>?
    private var sumsCapacity = 0

    func buffers(width: Int, height: Int) -> (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt32>) {
        let count = width * height * 4
        if count > capacity {
            pixels?.deallocate()
            scratch?.deallocate()
            pixels = .allocate(capacity: count)
            scratch = .allocate(capacity: count)
            capacity = count
        }
        if width * 4 > sumsCapacity {
            sums?.deallocate()
            sums = .allocate(capacity: width * 4)
            sumsCapacity = width * 4
        }
        return (pixels!, scratch!, sums!)
    }

    deinit {
        pixels?.deallocate()
        scratch?.deallocate()
        sums?.deallocate()
    }
}

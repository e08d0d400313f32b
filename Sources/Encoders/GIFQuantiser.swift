import CImageQuant
import Foundation

/// One palette for a whole animation, chosen by libimagequant (`PaletteRemapper` maps
/// each frame onto it).
///
/// The palette comes from one histogram over every frame (`ColourHistogram`), not one
/// per frame: with per-frame palettes a colour that stays put on screen can land on a
/// slightly different entry from frame to frame, and flat areas visibly flicker.
///
/// Settings, and why:
/// - quality 0–100: never fail with LIQ_QUALITY_TOO_LOW; always give the best 256 colours.
/// - speed 6 (default 4): with the histogram counted in Swift, speed only sets the
///   k-means refinement of the palette; choosing it takes about 10 ms at 6, once an
///   animation.
final class GIFQuantiser {
    static let speed: Int32 = 6

    private let attributes: OpaquePointer
    private let histogram: OpaquePointer

    init() throws {
        Self.runOnOneThread()
        guard let attributes = liq_attr_create() else { throw EncoderError.quantisationFailed(reason: "out of memory") }
        self.attributes = attributes
        liq_set_max_colors(attributes, 256)
        liq_set_quality(attributes, 0, 100)
        liq_set_speed(attributes, Self.speed)
        guard let histogram = liq_histogram_create(attributes) else {
            liq_attr_destroy(attributes)
            throw EncoderError.quantisationFailed(reason: "out of memory")
        }
        self.histogram = histogram
    }

    deinit {
        liq_histogram_destroy(histogram)
        liq_attr_destroy(attributes)
    }

    /// The palette for the colours counted over every frame; call once, on the thread
    /// that made the quantiser.
    func palette(for colours: ColourHistogram) throws -> [liq_color] {
        let entries = colours.entries
        try check(liq_histogram_add_colors(histogram, attributes, entries, Int32(entries.count), 0), "counting colours")
        var result: OpaquePointer?
        try check(liq_histogram_quantize(histogram, attributes, &result), "choosing the palette")
        guard let result else { throw EncoderError.quantisationFailed(reason: "no palette") }
        defer { liq_result_destroy(result) }
        let palette = liq_get_palette(result)!.pointee
        guard (1...256).contains(palette.count) else {
            throw EncoderError.quantisationFailed(reason: "a palette of \(palette.count) colours")
        }
        return withUnsafeBytes(of: palette.entries) { Array($0.bindMemory(to: liq_color.self).prefix(Int(palette.count))) }
    }

    /// Debian builds libimagequant with OpenMP. On a busy 2-core machine two threads made
    /// the whole encode about 2.5× slower than one (a parallel region waits for its
    /// slowest thread), and with more threads its floating-point sums may be added up in
    /// another order, letting the palette, and so the bytes, differ between machines.
    /// omp_set_num_threads only affects parallel regions started from the calling thread
    /// (hence one thread for making and using a quantiser); it is looked up at run time
    /// because a libimagequant built without OpenMP has none.
    private static func runOnOneThread() {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "omp_set_num_threads") else { return }
        unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Void).self)(1)
    }

    private func check(_ error: liq_error, _ doing: String) throws {
        guard error != LIQ_OK else { return }
        throw EncoderError.quantisationFailed(reason: "libimagequant error \(error.rawValue) \(doing)")
    }
}

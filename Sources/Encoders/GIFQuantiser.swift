import CImageQuant
import Foundation

/// One palette for a whole animation, chosen by libimagequant, and the remapping of
/// each frame onto it.
///
/// The palette comes from one histogram over every frame (`ColourHistogram`), not one
/// per frame: with per-frame palettes a colour that stays put on screen can land on a
/// slightly different entry from frame to frame, and flat areas visibly flicker.
///
/// Settings, and why:
/// - quality 0–100: never fail with LIQ_QUALITY_TOO_LOW; always give the best 256 colours.
/// - speed 6 (default 4): with the histogram counted in Swift, speed only sets the
///   k-means refinement of the palette and whether libimagequant builds a dither map;
///   4 gave files about 3 % smaller but remapped about twice as slowly (on a busy
///   2-core machine), and 6 keeps a UI frame inside 10 ms.
/// - dithering 1.0, libimagequant's Floyd–Steinberg: gradients and photos band without
///   it (4×4-block error on the tests' photo-like thumbnail 0.8 levels dithered, 2.6
///   not), and flat UI colours get exact palette entries, so a flat area has no error
///   to diffuse and stays noise-free.
final class GIFQuantiser {
    static let speed: Int32 = 6
    static let ditheringLevel: Float = 1.0

    private let attributes: OpaquePointer
    private let histogram: OpaquePointer
    private var result: OpaquePointer?
    let width: Int
    let height: Int

    init(width: Int, height: Int) throws {
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
        self.width = width
        self.height = height
    }

    deinit {
        if let result { liq_result_destroy(result) }
        liq_histogram_destroy(histogram)
        liq_attr_destroy(attributes)
    }

    /// The palette for the colours counted over every frame; call once, before `remap`.
    func palette(for colours: ColourHistogram) throws -> [liq_color] {
        let entries = colours.entries
        try check(liq_histogram_add_colors(histogram, attributes, entries, Int32(entries.count), 0), "counting colours")
        var result: OpaquePointer?
        try check(liq_histogram_quantize(histogram, attributes, &result), "choosing the palette")
        guard let result else { throw EncoderError.quantisationFailed(reason: "no palette") }
        self.result = result
        liq_set_dithering_level(result, Self.ditheringLevel)
        let palette = liq_get_palette(result)!.pointee
        return withUnsafeBytes(of: palette.entries) { Array($0.bindMemory(to: liq_color.self).prefix(Int(palette.count))) }
    }

    /// Writes one palette index per pixel of `region` of the opaque RGBA frame into
    /// `indices`, row by row (region.width × region.height of them).
    func remap(_ rgba: [UInt8], _ region: ChangedRegion, into indices: inout [UInt8]) throws {
        guard let result else { preconditionFailure("remap before palette") }
        try withImage(rgba, region) { image in
            try indices.withUnsafeMutableBytes { out in
                precondition(out.count >= region.width * region.height)
                try check(liq_write_remapped_image(result, image, out.baseAddress!, region.width * region.height),
                          "remapping a frame")
            }
        }
    }

    /// Debian builds libimagequant with OpenMP. On a busy 2-core machine two threads made
    /// the whole encode about 2.5× slower than one (a parallel region waits for its
    /// slowest thread), and libimagequant 2.x chooses settings (its dither map) by thread
    /// count, which would let the bytes differ between machines. omp_set_num_threads only
    /// affects parallel regions started from the calling thread; it is looked up at run
    /// time because a libimagequant built without OpenMP has none. Called again on each
    /// thread that remaps (OpenMP's thread count is the calling thread's own).
    static func runOnOneThread() {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "omp_set_num_threads") else { return }
        unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Void).self)(1)
    }

    /// The region as a libimagequant image: rows pointing into the whole frame.
    private func withImage(_ rgba: [UInt8], _ region: ChangedRegion, _ body: (OpaquePointer) throws -> Void) throws {
        precondition(rgba.count == width * height * 4 && region.x >= 0 && region.y >= 0
                     && region.x + region.width <= width && region.y + region.height <= height)
        try rgba.withUnsafeBytes { bytes in
            var rows: [UnsafeMutableRawPointer?] = (0..<region.height).map {
                UnsafeMutableRawPointer(mutating: bytes.baseAddress! + ((region.y + $0) * width + region.x) * 4)
            }
            // The image keeps the row pointers' array (it does not copy it): it must
            // outlive the image, so the image lives inside this closure.
            try rows.withUnsafeMutableBufferPointer { pointers in
                guard let image = liq_image_create_rgba_rows(attributes, pointers.baseAddress!, Int32(region.width),
                                                             Int32(region.height), 0) else {
                    throw EncoderError.quantisationFailed(reason: "libimagequant refused a \(region.width)×\(region.height) frame")
                }
                defer { liq_image_destroy(image) }
                try body(image)
            }
        }
    }

    private func check(_ error: liq_error, _ doing: String) throws {
        guard error != LIQ_OK else { return }
        throw EncoderError.quantisationFailed(reason: "libimagequant error \(error.rawValue) \(doing)")
    }
}

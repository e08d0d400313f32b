import CPNG
import Foundation
import Raster

/// Encodes an `Image` as a PNG file's bytes with libpng's simplified API.
///
/// The output is 8-bit RGBA with straight alpha, as PNG requires. The simplified
/// writer emits no tIME or text chunks, so the same picture always gives the same
/// bytes, which keeps golden files and caches stable.
public enum PNGEncoder {
    /// - Returns: the PNG file's bytes.
    /// - Throws: `EncoderError.pngEncodingFailed` with libpng's message.
    public static func encode(_ image: Image) throws -> Data {
        guard image.width > 0, image.height > 0 else {
            throw EncoderError.pngEncodingFailed(reason: "the picture is \(image.width)×\(image.height) pixels")
        }
        let pixels = image.straightAlphaPixels
        var capacity = upperBound(width: image.width, height: image.height)
        // The bound mirrors PNG_IMAGE_PNG_SIZE_MAX, so one pass suffices; the retry only
        // guards against a zlib that compresses worse than the bound assumes.
        for _ in 0..<2 {
            var output = Data(count: capacity)
            var control = png_image.rgba(width: image.width, height: image.height)
            var size = png_alloc_size_t(capacity)
            let ok = output.withUnsafeMutableBytes { out in
                pixels.withUnsafeBytes { input in
                    png_image_write_to_memory(
                        &control, out.baseAddress, &size, 0, input.baseAddress, png_int_32(image.width * 4), nil)
                }
            }
            if ok != 0 {
                output.count = Int(size)
                return output
            }
            guard Int(size) > capacity else {
                throw EncoderError.pngEncodingFailed(reason: control.messageText)
            }
            capacity = Int(size)
        }
        throw EncoderError.pngEncodingFailed(reason: "libpng asked for ever more memory")
    }

    /// PNG_IMAGE_PNG_SIZE_MAX from png.h, which Swift cannot import as a function-like macro.
    private static func upperBound(width: Int, height: Int) -> Int {
        let raw = width * 4 * height + height
        let deflated = raw + (raw + 7) >> 3 + (raw + 63) >> 6 + 11
        let chunks = 8 + 25 + 16 + 44 + 12 + 12
        return chunks + 12 * (deflated / 8192) + deflated
    }
}

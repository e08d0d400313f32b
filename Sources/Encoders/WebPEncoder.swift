import CWebP
import Foundation
import Raster

/// Encodes an `Image` as a WebP file's bytes with libwebp, for the player
/// page's frames, in one of two settings (`Setting`).
///
/// libwebp writes no time or metadata chunks and its coder is deterministic:
/// the same picture and setting give the same bytes.
public enum WebPEncoder {
    /// How hard libwebp works, and whether it may move a pixel at all
    /// (docs/player-frames.md has the measurements that chose both).
    public enum Setting: Sendable {
        /// Near-lossless at level 20: libwebp's lossless coder after a pass that
        /// moves pixels in busy places (edges, text) by a few levels where that
        /// makes them cheaper to predict; flat areas and smooth gradients are left
        /// exact. No channel moves by more than `maximumError` levels, which no one
        /// sees on a screen at rest, let alone in motion. A fifth of PNG's size on
        /// our screens, at about 160 ms a 390×844 frame: for a page of one
        /// transition. Lossy WebP of the same size moves coloured text's edges by
        /// up to 97 levels (its chroma is halved), so it was not taken.
        case smallest
        /// Exact (lossless, libwebp's fastest method): two thirds of PNG's size at
        /// about 10 ms a frame, where PNG takes 27; for a gallery's many pages.
        case fastest
    }

    /// libwebp's near-lossless level (100 is exact; lower removes more).
    static let nearLossless: Int32 = 20
    /// The most any channel of a pixel moves at `.smallest`, in levels of 255.
    public static let maximumError = 8

    /// - Returns: the WebP file's bytes.
    /// - Throws: `EncoderError.webpEncodingFailed` with libwebp's reason.
    public static func encode(_ image: Image, _ setting: Setting = .smallest) throws -> Data {
        guard image.width > 0, image.height > 0, image.width <= Int(WEBP_MAX_DIMENSION), image.height <= Int(WEBP_MAX_DIMENSION) else {
            throw EncoderError.webpEncodingFailed(reason: "the picture is \(image.width)×\(image.height) pixels; "
                                                  + "WebP allows 1 to \(WEBP_MAX_DIMENSION) a side")
        }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw EncoderError.webpEncodingFailed(reason: "libwebp is not the version built against") }
        config.lossless = 1
        switch setting {
        case .smallest:
            config.near_lossless = nearLossless
            // libwebp's defaults (method 4, effort 75): methods 1-3 were as slow on our frames and up to 22 % larger.
            config.method = 4
            config.quality = 75
        case .fastest:
            config.near_lossless = 100
            config.method = 0
            config.quality = 0
        }
        // Fully transparent pixels' colours may change: no page shows them.
        config.exact = 0

        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw EncoderError.webpEncodingFailed(reason: "libwebp is not the version built against") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        let pixels = image.straightAlphaPixels
        let imported = pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.width * 4)) }
        guard imported != 0 else { throw EncoderError.webpEncodingFailed(reason: "out of memory for the picture") }

        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { out in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(out)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let bytes = writer.mem else {
            throw EncoderError.webpEncodingFailed(reason: Self.reason(picture.error_code))
        }
        return Data(bytes: bytes, count: writer.size)
    }

    /// libwebp's error codes in words (encode.h names them only).
    private static func reason(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: "the picture's size is not one WebP allows"
        case VP8_ENC_ERROR_FILE_TOO_BIG: "the file would be over WebP's 4 GiB"
        default: "libwebp's error \(code.rawValue)"
        }
    }
}

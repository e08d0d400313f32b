import CPNG

/// Seams over libpng's simplified API shared by `PNGEncoder` and `PNGDecoder`.
///
/// The simplified API catches libpng's longjmp inside C and reports failure as a
/// return value plus `message`, so no error ever unwinds through Swift frames.
extension png_image {
    /// A zeroed control structure for 8-bit sRGB RGBA with straight alpha.
    static func rgba(width: Int = 0, height: Int = 0) -> png_image {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = rgbaFormat
        return image
    }

    /// PNG_FORMAT_RGBA, which Swift cannot import because it is a macro of macros.
    static let rgbaFormat = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// libpng's last error or warning, as text.
    var messageText: String {
        var copy = message
        return withUnsafeBytes(of: &copy) { raw in
            let bytes = raw.prefix { $0 != 0 }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.isEmpty ? "libpng gave no reason" : text
        }
    }
}

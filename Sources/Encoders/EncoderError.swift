/// What went wrong reading or writing a picture, with what the user needs to act on it.
///
/// One error type for the module, formatted in one place (`description`), so the CLI
/// prints the same sentence whichever encoder failed.
public enum EncoderError: Error, Equatable, CustomStringConvertible {
    /// A PNG file bigger than `PNGDecoder.maximumFileBytes`, refused before reading it all.
    case fileTooLarge(path: String?, bytes: Int, limit: Int)
    /// A PNG whose header claims more pixels than `PNGDecoder` allows, refused before allocating.
    case imageTooLarge(path: String?, width: Int, height: Int)
    /// Not a PNG, or a truncated or corrupt one; `reason` is libpng's message.
    case unreadablePNG(path: String?, reason: String)
    /// The file could not be opened or read at all (missing, a folder, no permission).
    case cannotRead(path: String, reason: String)
    /// libpng refused to encode the picture.
    case pngEncodingFailed(reason: String)
    /// libwebp refused to encode the picture.
    case webpEncodingFailed(reason: String)
    /// libimagequant could not build a palette.
    case quantisationFailed(reason: String)
    /// giflib failed while writing the animation.
    case gifEncodingFailed(reason: String)
    /// The frames given to `GIFEncoder` cannot make one GIF (none, mixed sizes, a bad delay).
    case invalidFrames(reason: String)
    /// The output could not be written; nothing was left at `path`.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .fileTooLarge(path, bytes, limit):
            "\(Self.subject(path)) is \(Self.size(bytes)); the limit is \(Self.size(limit))"
        case let .imageTooLarge(path, width, height):
            "\(Self.subject(path)) is \(width)×\(height) pixels; the limit is "
                + "\(PNGDecoder.maximumSide) pixels a side and \(PNGDecoder.maximumPixels / 1_000_000) M pixels"
        case let .unreadablePNG(path, reason):
            "\(Self.subject(path)) is not a readable PNG: \(reason)"
        case let .cannotRead(path, reason):
            "cannot read \(path): \(reason)"
        case let .pngEncodingFailed(reason):
            "cannot encode the PNG: \(reason)"
        case let .webpEncodingFailed(reason):
            "cannot encode the WebP picture: \(reason)"
        case let .quantisationFailed(reason):
            "cannot choose the GIF's colours: \(reason)"
        case let .gifEncodingFailed(reason):
            "cannot encode the GIF: \(reason)"
        case let .invalidFrames(reason):
            "cannot make a GIF from these frames: \(reason)"
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        }
    }

    private static func subject(_ path: String?) -> String { path ?? "the PNG" }

    private static func size(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

import CPNG
import Foundation
import Raster

/// Decodes a PNG (a user's screenshot, given with `--from A.png`) into an `Image`
/// with libpng's simplified API.
///
/// The input is untrusted, so the limits are checked before anything is allocated for
/// the pixels: a header can claim any size in 33 bytes. libpng's own checks (CRCs,
/// zlib stream, chunk lengths) turn a truncated or corrupt file into a thrown error,
/// and its build-time caps (8 MB for any ancillary chunk, 1,000 of them) bound the rest.
public enum PNGDecoder {
    /// 32 MiB: four times a full-resolution iPad Pro screenshot, so no real picture is refused.
    public static let maximumFileBytes = 32 << 20
    /// The longest side accepted, in pixels; beyond any device's screen.
    public static let maximumSide = 8192
    /// 40 M pixels, 160 MB decoded: the most we are willing to allocate for one picture.
    public static let maximumPixels = 40_000_000

    /// Reads and decodes the PNG file at `path`, refusing an oversized file before reading it.
    ///
    /// - Throws: `EncoderError.cannotRead`, `.fileTooLarge`, `.imageTooLarge`, `.unreadablePNG`,
    ///   each naming `path`.
    public static func decode(contentsOf path: String) throws -> Image {
        try decode(readFile(path), path: path)
    }

    /// Decodes PNG bytes into a premultiplied `Image`.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: the file's name for error messages, if it has one.
    /// - Throws: `EncoderError.fileTooLarge`, `.imageTooLarge` or `.unreadablePNG`.
    /// - Parameters: side, pixels: tighter limits than the decoder's own, for pictures that need less.
    public static func decode(_ data: Data, path: String? = nil, side: Int = maximumSide, pixels pixelLimit: Int = maximumPixels) throws -> Image {
        guard data.count <= maximumFileBytes else {
            throw EncoderError.fileTooLarge(path: path, bytes: data.count, limit: maximumFileBytes)
        }
        // libpng keeps a pointer to the bytes between begin and finish, so both calls
        // happen inside one withUnsafeBytes.
        return try data.withUnsafeBytes { bytes in
            var control = png_image.rgba()
            guard png_image_begin_read_from_memory(&control, bytes.baseAddress, bytes.count) != 0 else {
                throw EncoderError.unreadablePNG(path: path, reason: control.messageText)
            }
            let width = Int(control.width), height = Int(control.height)
            guard width <= min(side, maximumSide), height <= min(side, maximumSide), width * height <= min(pixelLimit, maximumPixels) else {
                png_image_free(&control)
                throw EncoderError.imageTooLarge(path: path, width: width, height: height)
            }
            control.format = png_image.rgbaFormat
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let ok = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&control, nil, out.baseAddress, png_int_32(width * 4), nil)
            }
            guard ok != 0 else {
                throw EncoderError.unreadablePNG(path: path, reason: control.messageText)
            }
            return Image(width: width, height: height, straightAlpha: pixels)
        }
    }

    /// The file's bytes, never more than one byte over the limit, so a huge file or a
    /// device that never ends is refused without being read into memory.
    private static func readFile(_ path: String) throws -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw EncoderError.cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        let regular = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        if regular, Int(info.st_size) > maximumFileBytes {
            throw EncoderError.fileTooLarge(path: path, bytes: Int(info.st_size), limit: maximumFileBytes)
        }
        // One byte more than expected, to notice a file that grew or a stream with no size.
        var data = Data(count: regular ? Int(info.st_size) + 1 : 1 << 20)
        var filled = 0
        while filled <= maximumFileBytes {
            if filled == data.count { data.count = min(2 * data.count, maximumFileBytes + 1) }
            let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw EncoderError.cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            filled += n
        }
        guard filled <= maximumFileBytes else {
            throw EncoderError.fileTooLarge(path: path, bytes: filled, limit: maximumFileBytes)
        }
        data.count = filled
        return data
    }
}

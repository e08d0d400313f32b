import CWebP
import Foundation
import Raster

/// WebP pictures read back with libwebp's own decoder, so a test compares
/// what any browser would show with the picture that was drawn.
public enum WebPDecoding {
    /// - Returns: the picture, premultiplied as `Image` keeps it; nil when libwebp cannot read the bytes.
    public static func decode(_ data: Data) -> Image? {
        data.withUnsafeBytes { raw -> Image? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var width: Int32 = 0, height: Int32 = 0
            guard let decoded = WebPDecodeRGBA(bytes.baseAddress, bytes.count, &width, &height) else { return nil }
            defer { WebPFree(decoded) }
            let straight = Array(UnsafeBufferPointer(start: decoded, count: Int(width) * Int(height) * 4))
            return Image(width: Int(width), height: Int(height), straightAlpha: straight)
        }
    }
}

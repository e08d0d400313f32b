import Foundation
/// A picture in memory: 8-bit sRGB, premultiplied alpha, RGBA byte order,
/// rows top to bottom with no padding (`pixels.count == width * height * 4`).
///
/// Premultiplied, as Core Animation composites: blending is then one
/// multiply-add a channel, and a transparent pixel has no colour to leak
/// into its neighbours when sampled.
public struct Image: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A transparent picture.
    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The premultiplied RGBA bytes of the pixel at column x, row y.
    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = newValue
        }
    }

    /// The pixels with straight (not premultiplied) alpha, as PNG and GIF
    /// files and most image libraries want them; rounded to nearest.
    public var straightAlphaPixels: [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            guard a != 0 && a != 255 else { continue }
            for c in 0..<3 { out[i + c] = UInt8(min(255, (Int(out[i + c]) * 255 + a / 2) / a)) }
        }
        return out
    }

    /// A picture from straight-alpha RGBA bytes (a decoded PNG's), premultiplied.
    public init(width: Int, height: Int, straightAlpha bytes: [UInt8]) {
        var pixels = bytes
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = Int(pixels[i + 3])
            guard a != 255 else { continue }
            for c in 0..<3 { pixels[i + c] = UInt8((Int(pixels[i + c]) * a + 127) / 255) }
        }
        self.init(width: width, height: height, pixels: pixels)
    }
}

extension Image {
    /// A picture of up to 64 KB by all its bytes; a larger one by 4,096 words
    /// spread evenly over it. Hashing a screen's 1.3 MB whole took 40 % of a
    /// gallery's time (a scene's pictures are looked up several times a
    /// frame); equal pictures still hash alike, and pictures that differ only
    /// between the words are told apart by `==`, which compares every byte.
    /// How many can collide is bounded by the pixels a page may hold.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        pixels.withUnsafeBytes { bytes in
            guard bytes.count > Self.wholeHashLimit else { return hasher.combine(bytes: bytes) }
            let words = bytes.count / 8, stride = max(words / Self.hashedWords, 1)
            for word in Swift.stride(from: 0, to: words, by: stride) {
                hasher.combine(bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))
            }
            hasher.combine(bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        }
    }

    /// The bytes compared at once (memcmp), and not at all when they are one
    /// copy: a scene's pictures are looked up against those kept, and a
    /// screen's twin drawn again is 1.3 MB to compare.
    public static func == (a: Image, b: Image) -> Bool {
        guard a.width == b.width, a.height == b.height, a.pixels.count == b.pixels.count else { return false }
        return a.pixels.withUnsafeBytes { x in
            b.pixels.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress, p != q else { return true }
                return memcmp(p, q, x.count) == 0
            }
        }
    }

    static let wholeHashLimit = 65_536
    static let hashedWords = 4_096
}

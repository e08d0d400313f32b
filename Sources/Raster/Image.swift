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
    /// The pixels' bytes at once, not byte by byte as the synthesized hash
    /// would take them (a frame is a million and more).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        pixels.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

import Foundation
import Raster

/// Encodes frames as an animated GIF that loops forever.
///
/// Two passes over the frames: the first counts every frame's colours into one
/// histogram, so the whole animation shares one palette and nothing flickers; the
/// second remaps each frame onto it (libimagequant, Floyd–Steinberg) and hands it to
/// giflib. Each pass composites the frame over white (GIF has only on/off transparency,
/// and the frames are full screens, so a translucent pixel shows as it would on a white
/// page); compositing twice rather than keeping every frame keeps memory at one frame.
///
/// The same frames give the same bytes: the histogram is handed over in colour order,
/// libimagequant runs on one thread, and neither library uses a clock or randomness.
public enum GIFEncoder {
    /// - Parameter frames: at least one, all the same size, delays in 0...65535 cs
    ///   (see `GIFTiming` for delays browsers show faithfully).
    ///   `progress` hears how many frames are written, after each.
    /// - Returns: the GIF file's bytes.
    /// - Throws: `EncoderError.invalidFrames`, `.quantisationFailed` or `.gifEncodingFailed`.
    public static func encode(_ frames: [GIFFrame], progress: ((Int) -> Void)? = nil) throws -> Data {
        let (width, height) = try validate(frames)
        let quantiser = try GIFQuantiser(width: width, height: height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var colours = ColourHistogram()
        for frame in frames {
            composite(frame.image, overWhiteInto: &rgba)
            colours.add(rgba, width: width)
        }
        let writer = try GIFWriter(width: width, height: height, palette: try quantiser.palette(for: colours))
        var indices = [UInt8](repeating: 0, count: width * height)
        for (i, frame) in frames.enumerated() {
            composite(frame.image, overWhiteInto: &rgba)
            try quantiser.remap(rgba, into: &indices)
            try writer.add(&indices, width: width, height: height, delay: frame.delay)
            progress?(i + 1)
        }
        return try writer.finish()
    }

    /// The common size of the frames.
    private static func validate(_ frames: [GIFFrame]) throws -> (Int, Int) {
        guard let first = frames.first?.image else { throw EncoderError.invalidFrames(reason: "there are none") }
        let (width, height) = (first.width, first.height)
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw EncoderError.invalidFrames(reason: "a GIF is 1 to 65535 pixels a side, not \(width)×\(height)")
        }
        for (i, frame) in frames.enumerated() {
            guard frame.image.width == width, frame.image.height == height else {
                throw EncoderError.invalidFrames(
                    reason: "frame \(i) is \(frame.image.width)×\(frame.image.height), frame 0 is \(width)×\(height)")
            }
            guard (0...65535).contains(frame.delay) else {
                throw EncoderError.invalidFrames(reason: "frame \(i)'s delay is \(frame.delay) cs; GIF allows 0 to 65535")
            }
        }
        return (width, height)
    }

    /// Premultiplied over white is one add a channel: c + (255 − a)·255/255 = c + 255 − a.
    /// Packed four channels to a word, since this runs twice over every pixel; valid
    /// premultiplied channels never exceed alpha, so no channel carries into the next.
    static func composite(_ image: Image, overWhiteInto out: inout [UInt8]) {
        image.pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                let src = source.bindMemory(to: UInt32.self), dst = target.bindMemory(to: UInt32.self)
                for i in 0..<src.count {
                    let p = UInt32(littleEndian: src[i])
                    let cover = 255 &- (p >> 24)
                    dst[i] = UInt32(littleEndian: (p &+ cover &* 0x0001_0101) | 0xFF00_0000)
                }
            }
        }
    }
}

import Foundation
import Raster

/// Encodes frames as an animated GIF that loops forever.
///
/// Two passes over the frames: the first counts every frame's colours into one
/// histogram, so the whole animation shares one palette and nothing flickers; the
/// second remaps each frame onto it and hands it to giflib. Frames are composited over
/// white first (GIF has only on/off transparency, and the frames are full screens), so
/// a translucent dimming view shows as the grey it looks like on a white page.
///
/// The same frames always give the same bytes on the same machine: libimagequant and
/// giflib use no clock or randomness.
public enum GIFEncoder {
    /// - Parameter frames: at least one, all the same size, delays in 0...65535 cs
    ///   (see `GIFTiming` for delays browsers show faithfully).
    /// - Returns: the GIF file's bytes.
    /// - Throws: `EncoderError.invalidFrames`, `.quantisationFailed` or `.gifEncodingFailed`.
    public static func encode(_ frames: [GIFFrame]) throws -> Data {
        let (width, height) = try validate(frames)
        let quantiser = try GIFQuantiser(width: width, height: height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for frame in frames {
            composite(frame.image, overWhiteInto: &rgba)
            try quantiser.add(rgba)
        }
        let writer = try GIFWriter(width: width, height: height, palette: try quantiser.palette())
        var indices = [UInt8](repeating: 0, count: width * height)
        for frame in frames {
            composite(frame.image, overWhiteInto: &rgba)
            try quantiser.remap(rgba, into: &indices)
            try writer.add(&indices, width: width, height: height, delay: frame.delay)
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
    static func composite(_ image: Image, overWhiteInto out: inout [UInt8]) {
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in stride(from: 0, to: src.count, by: 4) {
                    let cover = 255 &- src[i + 3]
                    dst[i] = src[i] &+ cover
                    dst[i + 1] = src[i + 1] &+ cover
                    dst[i + 2] = src[i + 2] &+ cover
                    dst[i + 3] = 255
                }
            }
        }
    }
}

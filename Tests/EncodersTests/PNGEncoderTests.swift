import Encoders
import Foundation
import Raster
import TestSupport
import Testing

@Suite struct PNGEncoderTests {
    @Test func anOpaquePictureRoundTripsPixelForPixel() throws {
        let pixels = TestPictures.randomBytes(37 * 23 * 4, seed: 1).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let image = Image(width: 37, height: 23, pixels: pixels)
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(image))
        #expect(decoded == image)
    }

    /// Premultiplied → straight → premultiplied rounds twice, so each channel may move by one.
    @Test func translucentPremultipliedPixelsRoundTripWithinOne() throws {
        let random = TestPictures.randomBytes(64 * 16 * 2, seed: 2)
        var pixels: [UInt8] = []
        for i in 0..<(64 * 16) {
            let alpha = i < 256 ? UInt8(i) : random[2 * i]  // every alpha, then random ones
            let colour = UInt8(Int(random[2 * i + 1]) * Int(alpha) / 255)  // premultiplied: never above alpha
            pixels += [colour, alpha / 2, alpha, alpha]
        }
        let image = Image(width: 64, height: 16, pixels: pixels)
        let decoded = try PNGDecoder.decode(PNGEncoder.encode(image))
        #expect(decoded.width == 64 && decoded.height == 16)
        let worst = PixelComparison.largestDifference(decoded, image)
        #expect(worst ?? 99 <= 1)
        #expect(decoded.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == pixels[$0.offset] })
    }

    @Test func theBytesAreTheSameEveryTimeAndCarryNoTime() throws {
        let image = TestPictures.screen(width: 120, height: 200)
        let first = try PNGEncoder.encode(image)
        #expect(try PNGEncoder.encode(image) == first)
        #expect(Array(first.prefix(8)) == PNGBytes.signature)
        let types = PNGBytes.chunkTypes(first)
        #expect(types.first == "IHDR" && types.last == "IEND")
        #expect(!types.contains("tIME"))
    }

    @Test func anEmptyPictureIsAnErrorNotACrash() {
        #expect(throws: EncoderError.self) { try PNGEncoder.encode(Image(width: 0, height: 5)) }
    }
}

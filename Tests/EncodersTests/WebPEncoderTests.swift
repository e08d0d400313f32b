import Encoders
import Foundation
import Raster
import Testing
import TestSupport

@Suite struct WebPEncoderTests {
    /// libwebp's near-lossless level 20 keeps 5 − 20/20 = 4 low bits of freedom
    /// (`VP8LNearLosslessBits` in its near_lossless_enc.c): a channel moves to the
    /// nearest multiple of 2⁴, at most 2³ = 8 levels away. Worked out from libwebp's
    /// formula here, not read from `WebPEncoder`.
    static let bound = 8

    @Test func busyPixelsMoveByAtMostTheNearLosslessBound() throws {
        // Random bytes: nothing smooth, so every pixel is open to the near-lossless pass.
        let pixels = TestPictures.randomBytes(61 * 37 * 4, seed: 7).enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element }
        let image = Image(width: 61, height: 37, pixels: pixels)
        let decoded = try #require(WebPDecoding.decode(WebPEncoder.encode(image)))
        let worst = try #require(PixelComparison.largestDifference(decoded, image))
        #expect(worst <= Self.bound)
        #expect(WebPEncoder.maximumError == Self.bound)
    }

    @Test func aScreensFlatColoursComeBackExact() throws {
        let image = TestPictures.screen()
        let decoded = try #require(WebPDecoding.decode(WebPEncoder.encode(image)))
        #expect(try #require(PixelComparison.largestDifference(decoded, image)) <= Self.bound)
        // Inside the navigation bar, the page's white and the button, away from their edges.
        for (x, y) in [(5, 5), (380, 90), (100, 110), (375, 800), (200, 745), (330, 50)] {
            #expect(decoded[x, y] == image[x, y], "(\(x), \(y))")
        }
    }

    @Test func translucentPixelsKeepTheirAlphaWithinTheBound() throws {
        var clear = Image(width: 64, height: 4)
        for x in 0..<64 { for y in 0..<4 { TestPictures.fill(&clear, x, y, 1, 1, (200, 100, 50, UInt8(x * 4))) } }
        let decoded = try #require(WebPDecoding.decode(WebPEncoder.encode(clear)))
        for x in 0..<64 {
            #expect(abs(Int(decoded[x, 2].a) - x * 4) <= Self.bound, "alpha at \(x)")
        }
    }

    @Test func theBytesAreTheSameEveryTimeAndAreALosslessWebP() throws {
        let image = TestPictures.screen(width: 120, height: 200)
        let first = try WebPEncoder.encode(image)
        #expect(try WebPEncoder.encode(image) == first)
        // RIFF, its size, WEBP, then the lossless chunk alone: no EXIF, XMP or time.
        #expect(String(decoding: first.prefix(4), as: UTF8.self) == "RIFF")
        #expect(String(decoding: first[8..<16], as: UTF8.self) == "WEBPVP8L")
        let riffSize = first[4..<8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        #expect(riffSize + 8 == first.count)
    }

    @Test func aScreenIsSmallerThanItsPNG() throws {
        let image = TestPictures.screen()
        let webp = try WebPEncoder.encode(image), png = try PNGEncoder.encode(image)
        #expect(webp.count * 2 < png.count, "WebP \(webp.count) bytes, PNG \(png.count)")
    }

    @Test func theFastestSettingIsExact() throws {
        let pixels = TestPictures.randomBytes(61 * 37 * 4, seed: 8)
        let busy = Image(width: 61, height: 37, pixels: pixels.enumerated().map { $0.offset % 4 == 3 ? 255 : $0.element })
        #expect(WebPDecoding.decode(try WebPEncoder.encode(busy, .fastest)) == busy)
        let screen = TestPictures.screen()
        #expect(WebPDecoding.decode(try WebPEncoder.encode(screen, .fastest)) == screen)
    }

    @Test func picturesWebPCannotHoldAreRefusedWithTheirSize() {
        #expect(throws: EncoderError.webpEncodingFailed(reason: "the picture is 0×0 pixels; WebP allows 1 to 16383 a side")) {
            try WebPEncoder.encode(Image(width: 0, height: 0))
        }
        #expect(throws: EncoderError.webpEncodingFailed(reason: "the picture is 16384×1 pixels; WebP allows 1 to 16383 a side")) {
            try WebPEncoder.encode(Image(width: 16384, height: 1))
        }
    }
}

import Encoders
import Foundation
import Raster
import Testing

@Suite struct GIFEncoderTests {
    /// Twelve frames at 60 fps over 0.2 s, the card sliding 8 pixels a frame.
    private static let times = (0..<12).map { Double($0) / 60 }
    private static let pictures = (0..<12).map { TestPictures.screen(offset: 8 * $0) }

    private static func frames() -> [GIFFrame] {
        GIFTiming.frames(times: times, end: 0.2).map { GIFFrame(image: pictures[$0.index], delay: $0.delay) }
    }

    /// The source as RGB over white, computed from straight alpha in floating point, not
    /// with the encoder's integer shortcut.
    private static func overWhite(_ image: Image) -> [UInt8] {
        let straight = image.straightAlphaPixels
        // A plain loop: this target is not optimised, and an array for every pixel cost seconds a test.
        var blended: [UInt8] = []
        blended.reserveCapacity(3 * image.width * image.height)
        for i in 0..<image.width * image.height {
            let a = Double(straight[4 * i + 3]) / 255
            for channel in 0..<3 { blended.append(UInt8((Double(straight[4 * i + channel]) * a + 255 * (1 - a)).rounded())) }
        }
        return blended
    }

    @Test func readsBackWithGiflibAsALoopingAnimation() throws {
        let frames = Self.frames()
        let gif = try DecodedGIF(GIFEncoder.encode(frames))
        #expect(gif.width == 390 && gif.height == 844)
        // By hand: of k/60 s for k < 12 (0, 2, 3, 5, 7, 8, 10, 12, 13, 15, 17, 18 cs) frames
        // 0, 1, 3, 4, 6, 7, 9, 10 are kept; the last, at 17 cs, runs to 20 cs.
        #expect(gif.frames.map(\.delay) == [2, 3, 2, 3, 2, 3, 2, 3])
        #expect(gif.loopCount == 0)
        #expect(gif.globalColours > 0 && gif.globalColours <= 256)
        #expect(gif.localColourMaps == 0)
    }

    /// Mean absolute error under 1.5/255 a channel over the whole screen. Flat UI colours
    /// get exact palette entries (error 0 over most of the screen); the photo-like
    /// thumbnail, 7 % of the screen with 22,500 colours, is dithered, about 4 levels off
    /// a pixel (measured), adding about 0.3. A 16-colour palette or swapped channels give
    /// errors of 10 and more; the margin absorbs the palettes of other libimagequant versions.
    @Test func pixelsStayCloseToTheSource() throws {
        let frames = Self.frames()
        let gif = try DecodedGIF(GIFEncoder.encode(frames))
        try #require(gif.frames.count == frames.count)
        var worstMean = 0.0, flatWorst = 0
        for (decoded, frame) in zip(gif.frames, frames) {
            let expected = Self.overWhite(frame.image)
            let total = zip(decoded.rgb, expected).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            worstMean = max(worstMean, Double(total) / Double(expected.count))
            // The blue button is one flat colour: it must come back exactly, with no dither noise.
            for x in 30..<360 {
                let o = (740 * 390 + x) * 3
                flatWorst = max(flatWorst, (0..<3).map { abs(Int(decoded.rgb[o + $0]) - Int(expected[o + $0])) }.max()!)
            }
        }
        #expect(worstMean < 1.5)
        #expect(flatWorst == 0)
    }

    /// Dithering keeps the average colour of a neighbourhood where the palette has no exact
    /// match: on the thumbnail, 4×4 blocks average within 1.5 levels of the source
    /// (measured 0.8 with dithering, 2.6 without, which shows as bands).
    @Test func theThumbnailIsDitheredNotBanded() throws {
        let frame = Self.frames()[3]
        let decoded = try #require(DecodedGIF(GIFEncoder.encode([frame])).frames.first).rgb
        let expected = Self.overWhite(frame.image)
        var total = 0.0, blocks = 0
        for top in stride(from: 120, to: 268, by: 4) {
            for left in stride(from: 220, to: 368, by: 4) {
                for channel in 0..<3 {
                    var difference = 0
                    for y in top..<top + 4 {
                        for x in left..<left + 4 {
                            let o = (y * 390 + x) * 3 + channel
                            difference += Int(decoded[o]) - Int(expected[o])
                        }
                    }
                    total += abs(Double(difference)) / 16
                    blocks += 1
                }
            }
        }
        #expect(total / Double(blocks) < 1.5)
    }

    /// The thumbnail stays still while the card slides: with one palette for the whole
    /// animation its dithered pixels come out the same in every frame instead of shimmering.
    @Test func stillPixelsDoNotFlickerBetweenFrames() throws {
        let gif = try DecodedGIF(GIFEncoder.encode(Self.frames()))
        func thumbnail(_ rgb: [UInt8]) -> [UInt8] {
            (120..<270).flatMap { y in rgb[(y * 390 + 220) * 3..<(y * 390 + 370) * 3] }
        }
        let first = thumbnail(try #require(gif.frames.first).rgb)
        #expect(gif.frames.dropFirst().allSatisfy { thumbnail($0.rgb) == first })
    }

    /// Black at alpha 128 over white: 255 × (1 − 128/255) = 127.
    @Test func translucentPixelsAreCompositedOverWhite() throws {
        let image = Image(width: 8, height: 8, pixels: Array(repeating: [0, 0, 0, 128], count: 64).flatMap { $0 })
        let gif = try DecodedGIF(GIFEncoder.encode([GIFFrame(image: image, delay: 10)]))
        #expect(gif.frames.first?.rgb == [UInt8](repeating: 127, count: 64 * 3))
    }

    @Test func theSameFramesGiveTheSameBytes() throws {
        let frames = Self.frames()
        #expect(try GIFEncoder.encode(frames) == GIFEncoder.encode(frames))
    }

    @Test func framesThatCannotMakeAGIFAreAnError() {
        let small = Image(width: 4, height: 4)
        #expect(throws: EncoderError.invalidFrames(reason: "there are none")) { try GIFEncoder.encode([]) }
        #expect(throws: EncoderError.self) {
            try GIFEncoder.encode([GIFFrame(image: small, delay: 2), GIFFrame(image: Image(width: 4, height: 5), delay: 2)])
        }
        #expect(throws: EncoderError.self) { try GIFEncoder.encode([GIFFrame(image: small, delay: 70_000)]) }
        #expect(throws: EncoderError.self) { try GIFEncoder.encode([GIFFrame(image: Image(width: 0, height: 0), delay: 2)]) }
    }
}

extension GIFEncoderTests {
    /// After the first, each frame redraws only the rectangle around the pixels that
    /// changed since the frame before: here found pixel by pixel, the card sliding 8
    /// pixels a frame. A frame the same as the one before redraws nothing, and the
    /// animation still shows every source frame, with its delay.
    @Test func framesRedrawOnlyWhatChanged() throws {
        var frames = Self.frames()
        frames.insert(GIFFrame(image: frames[2].image, delay: 4), at: 3)
        let gif = try DecodedGIF(GIFEncoder.encode(frames))
        try #require(gif.regions.count == frames.count)
        #expect(gif.regions[0] == [0, 0, 390, 844])
        for k in 1..<frames.count {
            let (a, b) = (frames[k - 1].image, frames[k].image)
            var (left, top, right, bottom) = (Int.max, Int.max, -1, -1)
            for y in 0..<b.height {
                for x in 0..<b.width where a[x, y] != b[x, y] {
                    (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x), max(bottom, y))
                }
            }
            if right < 0 {
                // One pixel in the frame's transparent colour: nothing drawn.
                #expect(gif.regions[k][2] * gif.regions[k][3] == 1, "frame \(k)")
                #expect(gif.frames[k].rgb == gif.frames[k - 1].rgb, "frame \(k)")
            } else {
                #expect(gif.regions[k] == [left, top, right - left + 1, bottom - top + 1], "frame \(k)")
                #expect(gif.regions[k][2] * gif.regions[k][3] < 390 * 844, "frame \(k)")
            }
        }
        #expect(gif.frames.map(\.delay) == frames.map(\.delay))
        // Every shown frame is still its source, as in pixelsStayCloseToTheSource.
        for (decoded, frame) in zip(gif.frames, frames) {
            let expected = Self.overWhite(frame.image)
            let total = zip(decoded.rgb, expected).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(Double(total) / Double(expected.count) < 1.5)
        }
    }

    /// Frames remapped on several threads make the file one thread makes.
    @Test func theWorkersCountDoesNotChangeTheBytes() throws {
        let frames = Self.frames()
        let one = try GIFEncoder.encode(frames, workers: 1)
        for workers in [2, 3, 7] {
            var reported: [Int] = []
            let many = try GIFEncoder.encode(frames, workers: workers) { reported.append($0) }
            #expect(many == one, "\(workers) workers")
            #expect(reported == Array(1...frames.count))
        }
    }
}

import Raster
import TestSupport
import Testing

/// The tests' picture comparisons (TestSupport), on pictures small enough to count by hand.
@Suite struct PixelComparisonTests {
    static func grey(_ width: Int, _ height: Int, _ value: UInt8) -> Image {
        var image = Image(width: width, height: height)
        for i in 0..<width * height { image.pixels.replaceSubrange(4 * i..<4 * i + 4, with: [value, value, value, 255]) }
        return image
    }

    @Test func channelsCountEveryChannelAlphaIncluded() {
        var a = Image(width: 2, height: 1), b = Image(width: 2, height: 1)
        a.pixels = [10, 20, 30, 255, 0, 0, 0, 0]
        b.pixels = [13, 20, 28, 255, 0, 0, 0, 9]
        // Differences 3, 0, 2, 0 and 0, 0, 0, 9: two over 2 (3 and 9; 2 is not over), the worst 9.
        #expect(PixelComparison.channels(a, b, over: 2) == (far: 2, worst: 9))
        #expect(PixelComparison.channels(a, a, over: 0) == (far: 0, worst: 0))
        #expect(PixelComparison.largestDifference(a, b) == 9)
        #expect(PixelComparison.largestDifference(a, Image(width: 1, height: 2)) == nil)
    }

    @Test func flatPixelsAreTheInteriorOnesWhoseNeighboursMatch() {
        let b = Self.grey(3, 3, 100)
        var a = b
        a.pixels[4 * 4] = 110                  // the centre, red 10 apart
        // Only the centre is inside the border, and b is flat around it; a's centre is 10 away: not close.
        // Mean of the largest colour difference: 10 over 9 pixels.
        var result = PixelComparison.flatPixels(a, b, tolerance: 8)
        #expect(result.flat == 1 && result.close == 0)
        #expect(abs(result.mean - 10.0 / 9) < 1e-12)
        // Within the tolerance it is close; alpha is no colour.
        a.pixels[4 * 4] = 108
        a.pixels[4 * 4 + 3] = 0
        result = PixelComparison.flatPixels(a, b, tolerance: 8)
        #expect(result.flat == 1 && result.close == 1)
        // A corner of b 9 apart from the centre: the centre is no longer flat.
        var edged = b
        edged.pixels[2] = 91
        #expect(PixelComparison.flatPixels(a, edged, tolerance: 8).flat == 0)
        // A neighbour's alpha alone changes nothing.
        edged = b
        edged.pixels[3] = 0
        #expect(PixelComparison.flatPixels(a, edged, tolerance: 8).flat == 1)
    }
}

import Testing
@testable import Raster

@Suite struct ImageTests {
    @Test func premultiplyRoundTrips() {
        // 50 % alpha: 200 premultiplied is 100, and back is 200 (rounded).
        let image = Image(width: 1, height: 1, straightAlpha: [200, 100, 0, 128])
        #expect(image[0, 0] == (r: 100, g: 50, b: 0, a: 128))
        #expect(image.straightAlphaPixels == [199, 100, 0, 128])
    }
}

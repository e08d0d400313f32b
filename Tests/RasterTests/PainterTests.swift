import Foundation
import Geometry
import Testing
@testable import Raster

@Suite struct PainterTests {
    /// Σ alpha/255 over the image: the area painted, in pixels, for an opaque colour.
    private func coverage(_ image: Image) -> Double {
        stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Double(image.pixels[$1]) / 255 }
    }

    private func partialPixels(_ image: Image) -> Int {
        stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] != 0 && image.pixels[$0] != 255 }.count
    }

    /// The area of a rounded rect is w·h less, at each corner, the square r² less its quarter disk:
    /// w·h − (4 − π)·r². Coverage is computed exactly, so the only error is quantising each partly
    /// covered pixel's alpha to 8 bits, at most ½/255 a pixel.
    @Test(arguments: [1.0, 2.0, 3.0])
    func roundedRectCoverageIsItsArea(scale: Double) {
        var painter = Painter(size: Size(width: 100, height: 80), scale: scale)
        let (x, y, w, h, r) = (10.3, 7.6, 70.5, 50.2, 12.7)
        painter.fill(Rect(x: x, y: y, width: w, height: h), cornerRadius: r, .black)
        let expected = (w * h - (4 - Double.pi) * r * r) * scale * scale
        let tolerance = Double(partialPixels(painter.image)) * 0.5 / 255
        #expect(abs(coverage(painter.image) - expected) <= tolerance)
    }

    @Test func cornerOutsideTheArcIsEmptyAndInsideIsFull() {
        var painter = Painter(size: Size(width: 100, height: 80), scale: 1)
        painter.fill(Rect(x: 10.25, y: 7.6, width: 70.5, height: 50.2), cornerRadius: 12.7, .black)
        // The top-left arc's centre is (22.95, 20.3). Pixel (11, 8) lies inside the bounding box,
        // but its nearest point (12, 9) is √(10.95² + 11.3²) ≈ 15.7 from the centre, beyond 12.7.
        #expect(painter.image[11, 8].a == 0)
        // Pixel (15, 12)'s farthest point from the centre, (15, 12), is √(7.95² + 8.3²) ≈ 11.5 away.
        #expect(painter.image[15, 12].a == 255)
        #expect(painter.image[45, 30] == (r: 0, g: 0, b: 0, a: 255))
        // Straight edges are exact: the left edge at 10.25 covers 0.75 of column 10, 191.25 → 191.
        #expect(painter.image[10, 30].a == 191)
    }

    @Test func circleCoverageIsPiRSquared() {
        var painter = Painter(size: Size(width: 40, height: 40), scale: 1)
        painter.fillCircle(center: Point(x: 19.7, y: 20.2), radius: 13.3, .black)
        let tolerance = Double(partialPixels(painter.image)) * 0.5 / 255
        #expect(abs(coverage(painter.image) - Double.pi * 13.3 * 13.3) <= tolerance)
    }

    @Test func halfBlackOverWhiteRoundsToMidGrey() {
        var painter = Painter(size: Size(width: 1, height: 1), scale: 1, background: .white)
        painter.fill(Rect(x: 0, y: 0, width: 1, height: 1), Color(white: 0, alpha: 0.5))
        // 255 · (1 − 0.5) = 127.5, rounded (not truncated) to 128.
        #expect(painter.image[0, 0] == (r: 128, g: 128, b: 128, a: 255))
    }

    @Test func shapesOffTheImageAreClipped() {
        var painter = Painter(size: Size(width: 10, height: 10), scale: 2)
        painter.fill(Rect(x: -50, y: -50, width: 55, height: 200), cornerRadius: 8, .black)
        painter.strokeLine(from: Point(x: -5, y: -5), to: Point(x: 50, y: 50), lineWidth: 2, .black)
        #expect(painter.image[0, 0].a == 255)
        #expect(painter.image[19, 0].a == 0)
    }

    @Test func hairlineIsOneDevicePixel() {
        var painter = Painter(size: Size(width: 10, height: 10), scale: 3)
        painter.hairline(y: 5, from: 0, to: 10, .black)
        let rows = (0..<30).filter { painter.image[15, $0].a > 0 }
        #expect(rows == [15])
    }
}

extension PainterTests {
    @Test func nonFiniteAndHugeShapesDrawNothing() throws {
        var painter = Painter(size: Size(width: 10, height: 10), scale: 1)
        painter.fill(Rect(x: .nan, y: 0, width: 5, height: 5), .black)
        painter.fill(Rect(x: 1e300, y: -1e300, width: 5, height: 5), cornerRadius: 2, .black)
        try painter.text("x", at: Point(x: .infinity, y: 5), font: Font.named(.regular), size: 10, .black)
        #expect(painter.image.pixels.allSatisfy { $0 == 0 })
    }
}

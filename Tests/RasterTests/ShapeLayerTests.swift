import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// CAShapeLayer's coverage in rendered frames against areas worked out
/// here: black paint over a white window, so each pixel's darkness is the
/// share of it the shape covers.
@Suite struct ShapeLayerTests {
    func render(_ layer: RenderLayer, scale: Double = 1) throws -> Image {
        var window = Fixture.layer(0, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        window.sublayers = [layer]
        return try Fixture.render(Fixture.window(300, 300, [window]), scale: scale)
    }

    func shapeLayer(frame: Rect, _ shape: ShapePaint) -> RenderLayer {
        var layer = Fixture.layer(1, frame: frame, color: nil)
        layer.content = .shape(shape)
        return layer
    }

    /// Σ darkness / 255 over the picture, in points².
    func coveredArea(_ image: Image, scale: Double = 1) -> Double {
        var sum = 0.0
        for y in 0..<image.height { for x in 0..<image.width { sum += 255 - Double(image[x, y].r) } }
        return sum / 255 / (scale * scale)
    }

    /// An oval's area is π·a·b.
    @Test func anOvalCoversItsArea() throws {
        let image = try render(shapeLayer(frame: Rect(x: 40, y: 60, width: 220, height: 160),
                                          ShapePaint(path: .oval(Rect(x: 10, y: 20, width: 180, height: 100)))))
        let expected = Double.pi * 90 * 50
        let area = coveredArea(image)
        #expect(abs(area - expected) / expected < 0.003, "covered \(area), expected \(expected)")
        // Inside and outside, well clear of the edge: the centre (40 + 100, 60 + 70) and a corner of the path's box.
        #expect(image[140, 130].r == 0)
        #expect(image[52, 82].r == 255)
    }

    /// A circle's stroke alone: a ring of width lineWidth centred on the
    /// outline, 2π·r·lineWidth; the default fill (black) is turned off.
    @Test func aStrokeIsCentredOnTheOutline() throws {
        let image = try render(shapeLayer(frame: Rect(x: 50, y: 50, width: 200, height: 200),
                                          ShapePaint(path: .oval(Rect(x: 20, y: 20, width: 160, height: 160)), fillColor: nil,
                                                     strokeColor: .black, lineWidth: 10)))
        let expected = 2 * Double.pi * 80 * 10
        let area = coveredArea(image)
        #expect(abs(area - expected) / expected < 0.005, "covered \(area), expected \(expected)")
        #expect(image[150, 150].r == 255)  // the hole
        #expect(image[150, 70].r == 0)  // on the outline (y = 50 + 20)
    }

    /// A rounded rectangle: w·h less (4 − π)·r² at its corners; the path
    /// reaches past the layer's bounds and is not cut, unless masksToBounds.
    @Test func aRoundedRectanglePastTheBounds() throws {
        let path = PathShape.roundedRect(Rect(x: -20, y: -10, width: 140, height: 90), cornerRadius: 25)
        let image = try render(shapeLayer(frame: Rect(x: 100, y: 100, width: 60, height: 40), ShapePaint(path: path)))
        let expected = 140.0 * 90 - (4 - Double.pi) * 25 * 25
        #expect(abs(coveredArea(image) - expected) / expected < 0.003)
        var masked = shapeLayer(frame: Rect(x: 100, y: 100, width: 60, height: 40), ShapePaint(path: path))
        masked.masksToBounds = true
        #expect(abs(coveredArea(try render(masked)) - 60 * 40) < 1)
    }

    /// Through a perspective turn: the area of the oval's outline projected
    /// point by point by hand (a 2,000-gon), at 2× to keep edges fine.
    @Test func anOvalUnderPerspectiveCoversItsProjection() throws {
        let angle = 0.7, eye = 500.0
        var layer = shapeLayer(frame: Rect(x: 50, y: 50, width: 200, height: 200),
                               ShapePaint(path: .oval(Rect(x: 0, y: 40, width: 200, height: 120))))
        layer.transform = Fixture.perspectiveRotationY(angle, eye: eye)
        let image = try render(layer, scale: 2)
        // Local point relative to the anchor (100, 100): X = x·cos / w + 150, Y = y / w + 150, w = 1 + x·sin / eye.
        let (c, s) = (cos(angle), sin(angle))
        let points = (0..<2000).map { i -> Point in
            let phi = 2 * Double.pi * Double(i) / 2000
            let x = 100 * cos(phi), y = 60 * sin(phi)
            let w = 1 + x * s / eye
            return Point(x: x * c / w + 150, y: y / w + 150)
        }
        var twice = 0.0
        for i in points.indices {
            let (a, b) = (points[i], points[(i + 1) % points.count])
            twice += a.x * b.y - b.x * a.y
        }
        let expected = abs(twice) / 2
        let area = coveredArea(image, scale: 2)
        #expect(abs(area - expected) / expected < 0.005, "covered \(area), expected \(expected)")
    }

    /// strokeEnd 0.5 of a circle: half the ring, 2π·r·lineWidth / 2, the
    /// half below the centre (the path starts at 3 o'clock and runs
    /// clockwise on screen), cut square at 3 and 9 o'clock.
    @Test func halfAStrokeIsHalfTheRing() throws {
        let circle = ShapePaint(path: .oval(Rect(x: 20, y: 20, width: 160, height: 160)), fillColor: nil, strokeColor: .black,
                                lineWidth: 10, strokeEnd: 0.5)
        let image = try render(shapeLayer(frame: Rect(x: 50, y: 50, width: 200, height: 200), circle))
        let expected = Double.pi * 80 * 10
        let area = coveredArea(image)
        #expect(abs(area - expected) / expected < 0.005, "covered \(area), expected \(expected)")
        // Centre (150, 150): the bottom of the ring is drawn, the top is not.
        #expect(image[150, 229].r == 0 && image[150, 70].r == 255)
        // The square cuts lie on the horizontal through the centre: above it, nothing of the ring.
        #expect(image[71, 148].r == 255 && image[228, 148].r == 255)
        #expect(image[71, 152].r == 0 && image[228, 152].r == 0)
        // Every row of the stroke's ends is whole from the cut down: no rounded caps.
        for x in [66, 70, 74, 226, 230, 234] { #expect(image[x, 150].r <= 128, "x = \(x)") }
    }

    /// A square's outline from a quarter to a half of its length: the whole
    /// right edge (the path starts at the top-left corner and runs along the
    /// top first) and nothing else, a 100 × 10 band with square ends.
    @Test func aPartOfARectanglesOutlineIsOneEdge() throws {
        let square = ShapePaint(path: .rect(Rect(x: 50, y: 50, width: 100, height: 100)), fillColor: nil, strokeColor: .black,
                                lineWidth: 10, strokeStart: 0.25, strokeEnd: 0.5)
        let image = try render(shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300), square))
        #expect(abs(coveredArea(image) - 100 * 10) < 2, "covered \(coveredArea(image))")
        // The band x 145…155, y 50…150.
        #expect(image[150, 100].r == 0 && image[145, 50].r == 0 && image[154, 149].r == 0)
        #expect(image[150, 48].r == 255 && image[150, 151].r == 255 && image[100, 50].r == 255 && image[50, 100].r == 255)
        // strokeStart past strokeEnd draws no stroke.
        var none = square
        (none.strokeStart, none.strokeEnd) = (0.6, 0.4)
        #expect(coveredArea(try render(shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300), none))) == 0)
    }
}

import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// Built paths (UIBezierPath's move, lines and curves) in rendered frames,
/// against the curves evaluated here: black paint over a white window, so a
/// pixel's darkness is the share of it the shape covers.
@Suite struct BezierPathTests {
    let shapes = ShapeLayerTests()

    /// A cubic's x runs evenly from 0 to 300 (its controls a third apart),
    /// so the curve's height over column x is Bernstein's sum at
    /// t = (x + ½) / 300; the fill below it covers each column from there to
    /// the bottom. Every column's covered height puts the edge within half a
    /// pixel of the curve.
    @Test func aCubicsEdgeIsWithinHalfAPixelOfTheCurve() throws {
        let path = PathShape.elements([
            .move(to: Point(x: 0, y: 100)),
            .curve(to: Point(x: 300, y: 100), control1: Point(x: 100, y: 10), control2: Point(x: 200, y: 190)),
            .line(to: Point(x: 300, y: 300)), .line(to: Point(x: 0, y: 300)), .close,
        ])
        let image = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300), ShapePaint(path: path)))
        var worst = 0.0
        for x in 0..<300 {
            let t = (Double(x) + 0.5) / 300, u = 1 - t
            let curve = u * u * u * 100 + 3 * u * u * t * 10 + 3 * u * t * t * 190 + t * t * t * 100
            var covered = 0.0
            for y in 0..<300 { covered += (255 - Double(image[x, y].r)) / 255 }
            worst = max(worst, abs((300 - covered) - curve))
        }
        #expect(worst <= 0.5, "the edge strays \(worst) px from the curve")
    }

    /// A quadratic stroked 6 wide with strokeEnd 0.5 covers half its length
    /// times the width (butt ends), and that half is the first: the curve is
    /// symmetric, so it ends at the apex. The length is integrated here by
    /// Simpson's rule over the curve's speed, not by the renderer's polyline.
    @Test func strokeEndAtHalfCoversHalfThePathsLength() throws {
        let (p0, c, p1) = (Point(x: 20, y: 250), Point(x: 150, y: 20), Point(x: 280, y: 250))
        func speed(_ t: Double) -> Double {
            let dx = 2 * (1 - t) * (c.x - p0.x) + 2 * t * (p1.x - c.x), dy = 2 * (1 - t) * (c.y - p0.y) + 2 * t * (p1.y - c.y)
            return (dx * dx + dy * dy).squareRoot()
        }
        let n = 10_000
        var length = speed(0) + speed(1)
        for i in 1..<n { length += (i % 2 == 1 ? 4 : 2) * speed(Double(i) / Double(n)) }
        length *= 1.0 / Double(n) / 3
        var paint = ShapePaint(path: .elements([.move(to: p0), .quadCurve(to: p1, control: c)]), fillColor: nil,
                               strokeColor: .black, lineWidth: 6)
        paint.strokeEnd = 0.5
        let image = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300), paint))
        let expected = length / 2 * 6
        let area = shapes.coveredArea(image)
        #expect(abs(area - expected) / expected < 0.01, "covered \(area), expected \(expected)")
        // The curve's x runs evenly (its control is midway), so a quarter of the
        // way along t it is at x = 85, three quarters at x = 215, at one height.
        let y = Int(0.5625 * p0.y + 0.375 * c.y + 0.0625 * p1.y)
        #expect(image[85, y].r < 128, "a point on the first half: \(image[85, y].r)")
        #expect(image[215, y].r == 255, "a point on the second half: \(image[215, y].r)")
    }

    /// A closed triangle stroked in full has mitred corners: its ring is the
    /// outer triangle less the inner, both worked out from the insets.
    @Test func aClosedPathIsStrokedWithMitredJoins() throws {
        let path = PathShape.elements([.move(to: Point(x: 50, y: 50)), .line(to: Point(x: 250, y: 50)),
                                       .line(to: Point(x: 50, y: 250)), .close])
        let image = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300),
                                                        ShapePaint(path: path, fillColor: nil, strokeColor: .black, lineWidth: 8)))
        // A right isosceles triangle of legs a, offset by d along each edge's normal: legs a ± d(2 + √2).
        let d = 4.0, a = 200.0, k = 2 + 2.0.squareRoot()
        let expected = ((a + d * k) * (a + d * k) - (a - d * k) * (a - d * k)) / 2
        let area = shapes.coveredArea(image)
        #expect(abs(area - expected) / expected < 0.005, "covered \(area), expected \(expected)")
    }

    /// A built shadow path is the path's fill in the shadow colour: unblurred,
    /// it covers the triangle's area at the offset; blurred, the same amount
    /// of shadow is spread about (a blur moves paint, it makes none).
    @Test func aBuiltShadowPathIsThePathsFillBlurred() throws {
        let triangle = PathShape.elements([.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 120, y: 0)), .line(to: Point(x: 0, y: 90)), .close])
        for radius in [0.0, 6.0] {
            var layer = Fixture.layer(1, frame: Rect(x: 60, y: 60, width: 10, height: 10), color: nil)
            layer.shadow = Shadow(color: .black, opacity: 1, radius: radius, offset: Point(x: 20, y: 30), path: triangle)
            let image = try shapes.render(layer)
            let area = shapes.coveredArea(image)
            #expect(abs(area - 5_400) / 5_400 < 0.01, "radius \(radius): covered \(area), expected 5400")
            // Well inside the offset triangle (its corner at 80, 90), and well outside it.
            #expect(image[100, 110].r < (radius == 0 ? 1 : 80), "radius \(radius): \(image[100, 110].r)")
            #expect(image[190, 170].r == 255)
        }
    }

    /// Subpaths shorter than a pixel's hundredth (a line 0.001 long, a speck of a triangle, a stroke cut to 0.00005 of
    /// its length) stroked beside a whole line: drawn without a fault (FreeType's stroker wrote out of bounds on them),
    /// each as Core Graphics strokes it.
    @Test func degenerateSubpathsStrokeBesideAWholeOne() throws {
        let speck = PathShape.elements([
            .move(to: Point(x: 10, y: 10)), .line(to: Point(x: 10.001, y: 10)),
            .move(to: Point(x: 30, y: 30)), .line(to: Point(x: 30.001, y: 30)), .line(to: Point(x: 30, y: 30.001)), .close,
            .move(to: Point(x: 50, y: 150)), .line(to: Point(x: 250, y: 150)),
        ])
        let image = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300),
                                                        ShapePaint(path: speck, fillColor: nil, strokeColor: .black, lineWidth: 10)))
        // The line's 200 × 10, and the speck's mitred outline: a triangle's offset by d = 5 covers d² Σ cot(θ / 2) over its
        // corners (90°, 45°, 45°, all within the miter limit); the open 0.001 line adds nothing to see.
        let speckArea = 25 * (1 / tan(Double.pi / 4) + 2 / tan(Double.pi / 8))
        #expect(abs(shapes.coveredArea(image) - (2_000 + speckArea)) < 20, "\(shapes.coveredArea(image))")
        var cut = ShapePaint(path: .elements([.move(to: Point(x: 50, y: 150)), .line(to: Point(x: 250, y: 150))]), fillColor: nil,
                             strokeColor: .black, lineWidth: 10)
        cut.strokeEnd = 0.00005
        _ = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300), cut))
    }

    /// A circle (four quarter-turn cubics, radius 20) stroked 80 wide is a solid disk of radius 60, as Core Animation
    /// draws it: the stroke's inner side, past the centre, leaves no hole.
    @Test func aStrokeWiderThanItsCurveIsSolid() throws {
        let k: Double = 4.0 / 3 * (2.0.squareRoot() - 1) * 20, (cx, cy) = (150.0, 150.0)
        let circle = PathShape.elements([
            .move(to: Point(x: cx + 20, y: cy)),
            .curve(to: Point(x: cx, y: cy + 20), control1: Point(x: cx + 20, y: cy + k), control2: Point(x: cx + k, y: cy + 20)),
            .curve(to: Point(x: cx - 20, y: cy), control1: Point(x: cx - k, y: cy + 20), control2: Point(x: cx - 20, y: cy + k)),
            .curve(to: Point(x: cx, y: cy - 20), control1: Point(x: cx - 20, y: cy - k), control2: Point(x: cx - k, y: cy - 20)),
            .curve(to: Point(x: cx + 20, y: cy), control1: Point(x: cx + k, y: cy - 20), control2: Point(x: cx + 20, y: cy - k)), .close,
        ])
        let image = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300),
                                                        ShapePaint(path: circle, fillColor: nil, strokeColor: .black, lineWidth: 80)))
        #expect(image[150, 150].r == 0, "the centre: \(image[150, 150].r)")
        let expected = Double.pi * 60 * 60
        #expect(abs(shapes.coveredArea(image) - expected) / expected < 0.01, "\(shapes.coveredArea(image))")
    }

    /// A "^" stroked 16 wide has a mitred tip (well under the limit of 10): from the apex along its bisector, half the
    /// width over the sine of half its angle (tan of that half angle is 50 / 100): y = 50 − 8 / sin(atan(0.5)) ≈ 32.1.
    @Test func aMitredTipIsNotCutAtThePathsBounds() throws {
        let caret = PathShape.elements([.move(to: Point(x: 50, y: 150)), .line(to: Point(x: 100, y: 50)), .line(to: Point(x: 150, y: 150))])
        let image = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300),
                                                        ShapePaint(path: caret, fillColor: nil, strokeColor: .black, lineWidth: 16)))
        let tip = 50 - 8 / sin(atan(0.5))
        #expect(image[100, Int(tip) + 2].r < 60, "inside the tip: \(image[100, Int(tip) + 2].r)")
        #expect(image[100, Int(tip) - 2].r == 255, "past the tip: \(image[100, Int(tip) - 2].r)")
    }

    /// A lone move far away draws nothing in Core Graphics, and the circle beside it keeps its texels: the texture covers
    /// what the frame can show, not the path's whole bounds (it was shrunk to nothing).
    @Test func aFarLonePointLeavesTheRestSharp() throws {
        var path = PathShape.elements([.move(to: Point(x: 1e7, y: 1e7)), .move(to: Point(x: 100, y: 150)), .line(to: Point(x: 200, y: 150)),
                                       .line(to: Point(x: 200, y: 250)), .line(to: Point(x: 100, y: 250)), .close])
        var image = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300), ShapePaint(path: path)))
        #expect(abs(shapes.coveredArea(image) - 10_000) < 20, "\(shapes.coveredArea(image))")
        // Four hundred stripes at @3× (a blinds mask): every row crossed by 800 edges.
        var stripes: [PathElement] = []
        for i in 0..<400 {
            let x = Double(i) * 0.75
            stripes += [.move(to: Point(x: x, y: 0)), .line(to: Point(x: x + 0.375, y: 0)), .line(to: Point(x: x + 0.375, y: 300)),
                        .line(to: Point(x: x, y: 300)), .close]
        }
        path = .elements(Array(stripes.prefix(PathShape.elementLimit)))
        image = try shapes.render(shapes.shapeLayer(frame: Rect(x: 0, y: 0, width: 300, height: 300), ShapePaint(path: path)), scale: 3)
        #expect(abs(shapes.coveredArea(image, scale: 3) - 300 * 150) / (300 * 150) < 0.01, "\(shapes.coveredArea(image, scale: 3))")
    }
}


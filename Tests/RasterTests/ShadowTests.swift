import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// Layer shadows against the blur worked out here: a shape convolved with a
/// Gaussian whose deviation is shadowRadius points (rendering.md), moved by
/// shadowOffset, over a white window.
@Suite struct ShadowTests {
    /// A white window with one layer (no background of its own, so only its
    /// shadow shows) at `frame`.
    func render(_ layer: RenderLayer, scale: Double = 1) throws -> Image {
        var window = Fixture.layer(0, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        window.sublayers = [layer]
        return try Fixture.render(Fixture.window(300, 300, [window]), scale: scale)
    }

    func shadowed(frame: Rect, radius: Double, offset: Point, opacity: Double, corner: Double = 0,
                  path: PathShape? = nil) -> RenderLayer {
        var layer = Fixture.layer(1, frame: frame, color: nil)
        layer.cornerRadius = corner
        layer.shadow = Shadow(color: .black, opacity: opacity, radius: radius, offset: offset, path: path)
        return layer
    }

    /// ½·(erf((b − x)/(σ√2)) − erf((a − x)/(σ√2))): how much of [a, b] a
    /// Gaussian centred at x covers.
    static func interval(_ a: Double, _ b: Double, at x: Double, sigma: Double) -> Double {
        0.5 * (erf((b - x) / (sigma * 2.0.squareRoot())) - erf((a - x) / (sigma * 2.0.squareRoot())))
    }

    /// A rounded shadow blurred far past its corners integrates row by row at
    /// every pixel, 16 steps where a square one takes one: it is charged about
    /// 30 visits a pixel rather than 4, so that views of them stop on the
    /// budget (as `segue preview` does in about 10 s) rather than draw for
    /// minutes. Measured before: 60 of them took 7 s for one 390 × 844 frame.
    @Test func aRoundedShadowBlurredFarIsChargedItsWork() throws {
        func charged(corner: Double, sigma: Double) throws -> Int {
            let renderer = Renderer(scale: 1, painter: PlainScene())
            var layer = shadowed(frame: Rect(x: 110, y: 110, width: 80, height: 80), radius: sigma, offset: Point(x: 0, y: 0),
                                 opacity: 0.1, corner: corner)
            layer.backgroundColor = nil
            _ = try renderer.render(Fixture.window(300, 300, [layer]))
            return Renderer.defaultWorkLimit - renderer.workLeft
        }
        let frame = 300 * 300
        // Square, the blur covering the window: the frame, the window's layer,
        // the view's box (82 × 82 with its margin), four visits a pixel for the shadow.
        #expect(try charged(corner: 0, sigma: 1000) <= 6 * frame + 82 * 82)
        #expect(try charged(corner: 30, sigma: 1000) >= 25 * frame)
    }

    /// The corners' work is counted on screen, not estimated in the layer's
    /// plane: a 2,000-point card magnified 20 times, its rounded corner (and
    /// its blur) over the whole window, is charged at the corner rate for
    /// nearly every pixel; the same card unmagnified, its corners small on
    /// screen, near the plain rate.
    @Test func aMagnifiedCornerIsChargedOnScreen() throws {
        func charged(magnified: Bool) throws -> Int {
            let renderer = Renderer(scale: 1, painter: PlainScene())
            var card = shadowed(frame: Rect(x: -1000, y: -1000, width: 2000, height: 2000), radius: 30, offset: Point(x: 0, y: 0),
                                opacity: 0.5, corner: 100)
            if magnified {
                // About the card's top-left corner, which lands on the window's middle.
                card.anchorPoint = Point(x: 0, y: 0)
                card.position = Point(x: 150, y: 150)
                card.transform = Transform3D([[20, 0, 0, 0], [0, 20, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
            }
            _ = try renderer.render(Fixture.window(300, 300, [card]))
            return Renderer.defaultWorkLimit - renderer.workLeft
        }
        let frame = 300 * 300
        #expect(try charged(magnified: true) >= 25 * frame)
        #expect(try charged(magnified: false) <= 12 * frame)
    }

    /// A rectangle's blurred shadow: separable, so the product of two intervals.
    @Test func aRectanglesShadowIsItsBlurMovedByTheOffset() throws {
        let frame = Rect(x: 80, y: 60, width: 120, height: 90), sigma = 8.0, offset = Point(x: 10, y: 20), opacity = 0.6
        let image = try render(shadowed(frame: frame, radius: sigma, offset: offset, opacity: opacity))
        let shape = frame.offsetBy(dx: offset.x, dy: offset.y)
        var worst = 0.0
        for y in stride(from: 40, to: 260, by: 7) {
            for x in stride(from: 60, to: 260, by: 7) {
                let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
                let coverage = Self.interval(shape.minX, shape.maxX, at: px, sigma: sigma)
                    * Self.interval(shape.minY, shape.maxY, at: py, sigma: sigma)
                // Black at opacity·coverage over white.
                let expected = 255 * (1 - opacity * coverage)
                worst = max(worst, abs(Double(image[x, y].r) - expected))
            }
        }
        #expect(worst <= 1.5, "worst difference \(worst) of 255")
        // The darkness along a row is centred under the moved shape, not the layer.
        let row = Int(shape.midY)
        var weighted = 0.0, total = 0.0
        for x in 0..<300 {
            let darkness = 255 - Double(image[x, row].r)
            weighted += (Double(x) + 0.5) * darkness
            total += darkness
        }
        let centre = weighted / total
        #expect(abs(centre - shape.midX) <= 0.5, "centre \(centre), expected \(shape.midX)")
    }

    @Test func theBlurEndsThreeDeviationsPastTheShape() throws {
        let frame = Rect(x: 100, y: 100, width: 100, height: 100), sigma = 6.0
        let image = try render(shadowed(frame: frame, radius: sigma, offset: Point(x: 0, y: 0), opacity: 1))
        // 3σ + 1 pt past the edge: white; at the edge itself, half covered.
        #expect(image[Int(frame.maxX + 3 * sigma + 2), 150].r == 255)
        #expect(image[Int(frame.minX - 3 * sigma - 3), 150].r == 255)
        let edge = Double(image[Int(frame.maxX), 150].r)
        let expected = 255 * (1 - Self.interval(frame.minX, frame.maxX, at: frame.maxX + 0.5, sigma: sigma))
        #expect(abs(edge - expected) <= 1.5)
    }

    /// A rounded shadow path near its corner, against a brute-force
    /// convolution of the rounded rectangle (a 0.25-point grid over its area).
    @Test func aRoundedPathsCornerIsBlurredAsItsShape() throws {
        let box = Rect(x: 0, y: 0, width: 100, height: 80), corner = 24.0, sigma = 5.0
        let frame = Rect(x: 100, y: 100, width: 100, height: 80)
        let image = try render(shadowed(frame: frame, radius: sigma, offset: Point(x: 0, y: 0), opacity: 1,
                                        path: .roundedRect(box, cornerRadius: corner)))
        func inside(_ x: Double, _ y: Double) -> Bool {
            let cx = min(max(x, corner), box.width - corner), cy = min(max(y, corner), box.height - corner)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= corner * corner
        }
        func convolved(_ px: Double, _ py: Double) -> Double {
            var sum = 0.0
            let step = 0.25
            var y = step / 2
            while y < box.height {
                var x = step / 2
                while x < box.width {
                    if inside(x, y) {
                        let dx = x - px, dy = y - py
                        sum += exp(-(dx * dx + dy * dy) / (2 * sigma * sigma))
                    }
                    x += step
                }
                y += step
            }
            return sum * step * step / (2 * .pi * sigma * sigma)
        }
        // Around the top-left corner, in local points of the layer.
        for (lx, ly) in [(2.0, 2.0), (6.0, 1.0), (-3.0, 8.0), (10.0, 10.0), (-4.0, -4.0), (20.0, -2.0)] {
            let pixel = image[Int(frame.minX + lx), Int(frame.minY + ly)]
            let expected = 255 * (1 - convolved(lx + 0.5, ly + 0.5))
            #expect(abs(Double(pixel.r) - expected) <= 3, "(\(lx), \(ly)): \(pixel.r), expected \(expected)")
        }
    }

    @Test func masksToBoundsCutsTheShadowAway() throws {
        var layer = shadowed(frame: Rect(x: 100, y: 100, width: 100, height: 100), radius: 6, offset: Point(x: 0, y: 10), opacity: 1)
        layer.masksToBounds = true
        let image = try render(layer)
        #expect(image[150, 215].r == 255)
    }
}

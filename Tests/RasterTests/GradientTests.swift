import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// CAGradientLayer's colours in rendered frames against values worked out
/// here from the stops: t along the axis (or out from the centre, or round
/// it), the straight components interpolated between the two stops around
/// t, premultiplied, composited over the window's white.
@Suite struct GradientTests {
    /// A white 300 × 300 window with one layer.
    func render(_ layer: RenderLayer) throws -> Image {
        var window = Fixture.layer(0, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        window.sublayers = [layer]
        return try Fixture.render(Fixture.window(300, 300, [window]))
    }

    func gradientLayer(frame: Rect, _ gradient: Gradient) -> RenderLayer {
        var layer = Fixture.layer(1, frame: frame, color: nil)
        layer.content = .gradient(gradient)
        return layer
    }

    /// The colour at t of stops given as (location, r, g, b, a), by hand:
    /// the end colours past the ends, linear straight components between.
    static func colour(at t: Double, _ stops: [(Double, Double, Double, Double, Double)]) -> (Double, Double, Double, Double) {
        if t <= stops[0].0 { return (stops[0].1, stops[0].2, stops[0].3, stops[0].4) }
        let last = stops[stops.count - 1]
        if t >= last.0 { return (last.1, last.2, last.3, last.4) }
        let i = stops.lastIndex { $0.0 <= t }!
        let (a, b) = (stops[i], stops[i + 1])
        let f = (t - a.0) / (b.0 - a.0)
        return (a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f, a.3 + (b.3 - a.3) * f, a.4 + (b.4 - a.4) * f)
    }

    /// That colour over white, as 0…255 red, green, blue.
    static func overWhite(_ c: (Double, Double, Double, Double)) -> [Double] {
        [c.0, c.1, c.2].map { 255 * ($0 * c.3 + (1 - c.3)) }
    }

    func expectClose(_ image: Image, _ x: Int, _ y: Int, _ expected: [Double], tolerance: Double = 1.01,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let p = image[x, y]
        let got = [Double(p.r), Double(p.g), Double(p.b)]
        let worst = zip(got, expected).map { abs($0 - $1) }.max()!
        #expect(worst <= tolerance, "pixel (\(x), \(y)): got \(got), expected \(expected)", sourceLocation: sourceLocation)
    }

    static let threeStops: [(Double, Double, Double, Double, Double)] = [(0, 1, 0, 0, 1), (0.25, 0, 1, 0, 1), (1, 0, 0, 1, 1)]
    static let threeColours = [Color.red, Color.green, Color.blue]

    /// The acceptance's case: an axial gradient's colour at points of a
    /// rendered frame, from the stops by hand.
    @Test func anAxialGradientsColourFollowsItsStops() throws {
        let frame = Rect(x: 50, y: 40, width: 200, height: 100)
        let image = try render(gradientLayer(frame: frame, Gradient(colors: Self.threeColours, locations: [0, 0.25, 1],
                                                                     startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))))
        for x in stride(from: 50, to: 250, by: 9) {
            let t = (Double(x) + 0.5 - frame.minX) / frame.width
            expectClose(image, x, 90, Self.overWhite(Self.colour(at: t, Self.threeStops)))
        }
        // Outside the layer: the window.
        expectClose(image, 30, 90, [255, 255, 255])
    }

    /// Default points run top to bottom, and nil locations spread the colours evenly.
    @Test func theDefaultsRunDownTheLayerEvenly() throws {
        let frame = Rect(x: 20, y: 20, width: 100, height: 240)
        let image = try render(gradientLayer(frame: frame, Gradient(colors: Self.threeColours)))
        let even: [(Double, Double, Double, Double, Double)] = [(0, 1, 0, 0, 1), (0.5, 0, 1, 0, 1), (1, 0, 0, 1, 1)]
        for y in stride(from: 20, to: 260, by: 11) {
            let t = (Double(y) + 0.5 - frame.minY) / frame.height
            expectClose(image, 70, y, Self.overWhite(Self.colour(at: t, even)))
        }
    }

    /// White to clear (transparent black): grey halfway, as in Core
    /// Animation, because straight components are interpolated (premultiplied
    /// interpolation would stay white). Over black: 0.5 × 0.5 × 255.
    @Test func whiteToClearTurnsGreyHalfway() throws {
        var layer = gradientLayer(frame: Rect(x: 0, y: 0, width: 200, height: 200),
                                  Gradient(colors: [.white, .clear], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0)))
        layer.backgroundColor = nil
        var window = Fixture.layer(0, frame: Rect(x: 0, y: 0, width: 200, height: 200), color: .black)
        window.sublayers = [layer]
        let image = try Fixture.render(Fixture.window(200, 200, [window]))
        let x = 99  // t = 99.5 / 200
        let t = 99.5 / 200
        let expected = 255 * (1 - t) * (1 - t)  // straight white (1 − t) at alpha (1 − t), over black
        #expect(abs(Double(image[x, 100].r) - expected) <= 1, "got \(image[x, 100].r), expected \(expected)")
    }

    /// Through a quarter turn (z): the axis turns with the layer.
    @Test func theGradientTurnsWithTheLayer() throws {
        var layer = gradientLayer(frame: Rect(x: 50, y: 100, width: 200, height: 100),
                                  Gradient(colors: Self.threeColours, locations: [0, 0.25, 1],
                                           startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
        // Written out: x → y, y → −x (a quarter turn clockwise on screen), about the centre (150, 150).
        layer.transform = Transform3D([[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        let image = try render(layer)
        for y in stride(from: 55, to: 245, by: 10) {
            // A screen point (150, Y) is local x = Y − 150 from the centre; t from the left edge (−100).
            let t = (Double(y) + 0.5 - 150 + 100) / 200
            expectClose(image, 150, y, Self.overWhite(Self.colour(at: t, Self.threeStops)))
        }
    }

    /// Through a perspective turn about y: each pixel's colour is the one at
    /// the local point it shows, found by inverting the projection by hand.
    @Test func theGradientIsPerspectiveCorrect() throws {
        let angle = 0.9, eye = 400.0
        var layer = gradientLayer(frame: Rect(x: 50, y: 100, width: 200, height: 100),
                                  Gradient(colors: Self.threeColours, locations: [0, 0.25, 1],
                                           startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
        layer.transform = Fixture.perspectiveRotationY(angle, eye: eye)
        let image = try render(layer)
        // [x y 0 1]·M: X = x·cos / w, w = 1 + x·sin / eye (centre at 150, 150); so x = a / (cos − a·sin/eye), a = X − 150.
        let (c, s) = (cos(angle), sin(angle))
        let left = -100 * c / (1 - 100 * s / eye) + 150, right = 100 * c / (1 + 100 * s / eye) + 150
        var checked = 0
        for x in Int(left.rounded(.up)) + 1 ..< Int(right.rounded(.down)) - 1 {
            let a = Double(x) + 0.5 - 150
            let local = a / (c - a * s / eye)
            let t = (local + 100) / 200
            // The painted gradient is sampled bilinearly: at a stop's corner
            // (5 levels a point before it, none after) a texel's quarter
            // blurs about 1.5 levels, more where the near side is magnified.
            expectClose(image, x, 150, Self.overWhite(Self.colour(at: t, Self.threeStops)), tolerance: 3.01)
            checked += 1
        }
        #expect(checked > 60)
    }

    /// Radial: t is the distance from the start point over the ellipse's
    /// semi-axes (|end − start| of the bounds along x and y).
    @Test func aRadialGradientGrowsFromItsCentre() throws {
        let frame = Rect(x: 50, y: 50, width: 200, height: 100)
        let image = try render(gradientLayer(frame: frame, Gradient(colors: Self.threeColours, locations: [0, 0.25, 1],
                                                                     startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1), type: .radial)))
        let (cx, cy, rx, ry) = (150.0, 100.0, 100.0, 50.0)
        for (x, y) in [(150, 100), (170, 100), (200, 110), (240, 140), (60, 60), (120, 80)] {
            let u = (Double(x) + 0.5 - cx) / rx, v = (Double(y) + 0.5 - cy) / ry
            expectClose(image, x, y, Self.overWhite(Self.colour(at: (u * u + v * v).squareRoot(), Self.threeStops)))
        }
    }

    /// Conic: t is the angle from start→end, turning towards +y (clockwise
    /// on a y-down screen), over a whole turn.
    @Test func aConicGradientTurnsFromItsDirection() throws {
        let frame = Rect(x: 50, y: 50, width: 200, height: 200)
        let image = try render(gradientLayer(frame: frame, Gradient(colors: Self.threeColours, locations: [0, 0.25, 1],
                                                                     startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5), type: .conic)))
        for (x, y) in [(220, 160), (160, 230), (70, 160), (100, 70), (200, 60), (240, 140)] {
            var angle = atan2(Double(y) + 0.5 - 150, Double(x) + 0.5 - 150)
            if angle < 0 { angle += 2 * .pi }
            expectClose(image, x, y, Self.overWhite(Self.colour(at: angle / (2 * .pi), Self.threeStops)))
        }
    }

    /// The gradient fills the layer's rounded shape, over its background;
    /// locations that do not match the colours draw no gradient.
    @Test func itFillsTheRoundedShapeOverTheBackground() throws {
        var layer = gradientLayer(frame: Rect(x: 50, y: 50, width: 200, height: 200),
                                  Gradient(colors: [.clear, .clear]))
        layer.cornerRadius = 40
        layer.backgroundColor = .black
        let image = try render(layer)
        expectClose(image, 52, 52, [255, 255, 255])  // outside the rounded corner
        expectClose(image, 150, 150, [0, 0, 0])  // the background shows through a clear gradient
        var mismatched = gradientLayer(frame: Rect(x: 50, y: 50, width: 200, height: 200),
                                       Gradient(colors: [.red, .blue], locations: [0, 0.5, 1]))
        mismatched.backgroundColor = nil
        expectClose(try render(mismatched), 150, 150, [255, 255, 255])
    }
}

import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// A layer turned in depth with sublayers lying flat in it is drawn as its
/// flat picture through the perspective: checked against a warp of the
/// picture written here (the layer's corners projected by hand, the map
/// inverted by hand, the picture sampled bilinearly).
@Suite struct FlatPlaneTests {
    static let angle = 0.6, eye = 500.0
    /// The card: 200×300 points, centred at (200, 200) in a 400×400 window.
    static let size = (width: 200, height: 300)

    /// The card with three full-width rows and a small badge, flat; turned.
    static func card(opacity: Double = 1) -> RenderLayer {
        var card = Fixture.layer(1, frame: Rect(x: 100, y: 50, width: 200, height: 300), color: .white)
        card.sublayers = [
            Fixture.layer(2, frame: Rect(x: 0, y: 40, width: 200, height: 40), color: .red),
            Fixture.layer(3, frame: Rect(x: 0, y: 120, width: 200, height: 40), color: .green),
            Fixture.layer(4, frame: Rect(x: 0, y: 200, width: 200, height: 40), color: .blue),
            Fixture.layer(5, frame: Rect(x: 20, y: 10, width: 60, height: 20), color: Color(red: 1, green: 1, blue: 0)),
        ]
        card.transform = Fixture.perspectiveRotationY(angle, eye: eye)
        card.opacity = opacity
        return card
    }

    /// The card's flat picture, one texel a point: white, the rows and the badge.
    static func picture(_ u: Int, _ v: Int) -> [Double] {
        if (20..<80).contains(u) && (10..<30).contains(v) { return [255, 255, 0] }
        for (top, colour) in [(40, [255.0, 0, 0]), (120, [0, 255, 0]), (200, [0, 0, 255])] where (top..<top + 40).contains(v) { return colour }
        return [255, 255, 255]
    }

    /// Window (x, y) to the card's local point: the forward map (row vectors,
    /// local point less the anchor (100, 150), through the transform, divided
    /// by w, plus the position (200, 200)) as a 3×3 matrix, inverted by cofactors.
    static func local(_ x: Double, _ y: Double) -> (u: Double, v: Double) {
        let t = Fixture.perspectiveRotationY(angle, eye: eye)
        // Columns: x', y', w' of [u - 100, v - 150, 1] (z = 0 drops the third row).
        let f = [[t.m11, t.m12, t.m14], [t.m21, t.m22, t.m24], [t.m41, t.m42, t.m44]]
        // Device = ([p] · f) then (x'/w' + 200, y'/w' + 200): fold the move into the matrix.
        let g = [[f[0][0] + 200 * f[0][2], f[0][1] + 200 * f[0][2], f[0][2]],
                 [f[1][0] + 200 * f[1][2], f[1][1] + 200 * f[1][2], f[1][2]],
                 [f[2][0] + 200 * f[2][2], f[2][1] + 200 * f[2][2], f[2][2]]]
        let det = g[0][0] * (g[1][1] * g[2][2] - g[1][2] * g[2][1]) - g[0][1] * (g[1][0] * g[2][2] - g[1][2] * g[2][0])
            + g[0][2] * (g[1][0] * g[2][1] - g[1][1] * g[2][0])
        let inv = [[(g[1][1] * g[2][2] - g[1][2] * g[2][1]) / det, (g[0][2] * g[2][1] - g[0][1] * g[2][2]) / det, (g[0][1] * g[1][2] - g[0][2] * g[1][1]) / det],
                   [(g[1][2] * g[2][0] - g[1][0] * g[2][2]) / det, (g[0][0] * g[2][2] - g[0][2] * g[2][0]) / det, (g[0][2] * g[1][0] - g[0][0] * g[1][2]) / det],
                   [(g[1][0] * g[2][1] - g[1][1] * g[2][0]) / det, (g[0][1] * g[2][0] - g[0][0] * g[2][1]) / det, (g[0][0] * g[1][1] - g[0][1] * g[1][0]) / det]]
        let p = [x * inv[0][0] + y * inv[1][0] + inv[2][0], x * inv[0][1] + y * inv[1][1] + inv[2][1], x * inv[0][2] + y * inv[1][2] + inv[2][2]]
        return (p[0] / p[2] + 100, p[1] / p[2] + 150)
    }

    /// The window's pixels whose centres the card shows within a point of its local (u, v).
    static func pixels(near u: Double, _ v: Double) -> [(x: Int, y: Int)] {
        (0..<400).flatMap { y in
            (0..<400).compactMap { x -> (x: Int, y: Int)? in
                let p = local(Double(x) + 0.5, Double(y) + 0.5)
                return abs(p.u - u) < 1 && abs(p.v - v) < 1 ? (x, y) : nil
            }
        }
    }

    /// The picture filtered at local point (u, v): texel centres at half points, clamped.
    static func sampled(_ u: Double, _ v: Double) -> [Double] {
        let tx = min(max(u - 0.5, 0), Double(size.width - 1)), ty = min(max(v - 0.5, 0), Double(size.height - 1))
        let (x0, y0) = (Int(tx), Int(ty)), (fx, fy) = (tx - tx.rounded(.down), ty - ty.rounded(.down))
        let (x1, y1) = (min(x0 + 1, size.width - 1), min(y0 + 1, size.height - 1))
        return (0..<3).map { c in
            (picture(x0, y0)[c] * (1 - fx) + picture(x1, y0)[c] * fx) * (1 - fy) + (picture(x0, y1)[c] * (1 - fx) + picture(x1, y1)[c] * fx) * fy
        }
    }

    @Test func aTurnedCardsRowsAreDrawnInItsPlane() throws {
        let renderer = Renderer(scale: 1, painter: PlainScene())
        let image = try renderer.render(Fixture.window(400, 400, [Self.card()]))
        Fixture.look(image, "flat-plane")
        // Drawn as one picture, kept for the next frame.
        #expect(renderer.flatPlanes.count == 1)
        var compared = 0, worst = 0.0
        for y in 0..<400 {
            for x in 0..<400 {
                // Pixels well inside the card (its corners and a margin of two points), where no edge is.
                let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { Self.local(Double(x) + $0.0, Double(y) + $0.1) }
                guard corners.allSatisfy({ $0.u > 2 && $0.v > 2 && $0.u < 198 && $0.v < 298 }) else { continue }
                let (u, v) = Self.local(Double(x) + 0.5, Double(y) + 0.5)
                // Positions are exact every 16 pixels and stepped linearly between
                // (off the curve by up to 0.1 texel under this strong a perspective),
                // filters in 8 bits: the picture anywhere within 0.1 of the point, ±2.
                let near = [(0.0, 0.0), (-0.1, 0), (0.1, 0), (0, -0.1), (0, 0.1), (-0.1, -0.1), (0.1, 0.1), (-0.1, 0.1), (0.1, -0.1)]
                    .map { Self.sampled(u + $0.0, v + $0.1) }
                let pixel = image[x, y]
                for (c, got) in [Double(pixel.r), Double(pixel.g), Double(pixel.b)].enumerated() {
                    let low = near.map { $0[c] }.min()!, high = near.map { $0[c] }.max()!
                    worst = max(worst, low - got, got - high)
                }
                compared += 1
            }
        }
        #expect(worst <= 2, "worst difference \(worst)")
        #expect(compared > 20_000)
    }

    @Test func theFlatPictureIsKeptWhileTheSubtreeStaysTheSame() throws {
        let renderer = Renderer(scale: 1, painter: PlainScene())
        _ = try renderer.render(Fixture.window(400, 400, [Self.card()]))
        var turned = Self.card()
        turned.transform = Fixture.perspectiveRotationY(Self.angle / 2, eye: Self.eye)
        _ = try renderer.render(Fixture.window(400, 400, [turned]))
        #expect(renderer.flatPlanes.count == 1)
        // A row moved: a new picture.
        turned.sublayers[0].position.y += 3
        _ = try renderer.render(Fixture.window(400, 400, [turned]))
        #expect(renderer.flatPlanes.count == 2)
    }

    /// Group opacity: the flat picture faded once, so a row over the card
    /// shows the row's colour at half over the black window, not the card's
    /// white showing through it.
    @Test func aFadedTurnedCardFadesAsOneGroup() throws {
        let image = try Fixture.render(Fixture.window(400, 400, [Self.card(opacity: 0.5)]))
        // The middle of the green row: local (100, 140).
        let (x, y) = try #require(Self.pixels(near: 100, 140).first)
        let pixel = image[x, y]
        #expect(abs(Int(pixel.g) - 128) <= 1 && pixel.r <= 1 && pixel.b <= 1, "\(pixel)")
    }

    /// A plane larger than the frame (a script may make one any size) is
    /// drawn layer by layer: no picture larger than the frame is kept, and
    /// those kept hold at most two frames' pixels.
    @Test func planesAreBoundedByTheFrame() throws {
        var huge = Fixture.layer(1, frame: Rect(x: -300, y: -300, width: 1000, height: 1000), color: .white)
        huge.sublayers = [Fixture.layer(2, frame: Rect(x: 0, y: 40, width: 1000, height: 40), color: .red)]
        huge.transform = Fixture.perspectiveRotationY(Self.angle, eye: 2000)
        let renderer = Renderer(scale: 1, painter: PlainScene())
        _ = try renderer.render(Fixture.window(400, 400, [huge]))
        #expect(renderer.flatPlanes.count == 0)
        // Six different cards of 200 × 300 pixels each (the frame 400 × 400): the oldest let go past two frames' worth.
        for id in 1...6 {
            var card = Self.card()
            card.id = id
            card.sublayers[0].backgroundColor = Color(red: 1, green: Double(id) / 8, blue: 0)
            _ = try renderer.render(Fixture.window(400, 400, [card]))
        }
        let kept = renderer.flatPlanes.reduce(0) { $0 + $1.picture.image.width * $1.picture.image.height }
        #expect(renderer.flatPlanes.count == 5 && kept <= 2 * 400 * 400)
        #expect(renderer.flatPlanes.map(\.key.flat.id) == [2, 3, 4, 5, 6])
    }

    /// A card whose bounds start elsewhere than (0, 0) (scrolled): its rows,
    /// placed in its bounds space, are drawn where the same card at (0, 0)
    /// with its rows moved by as much draws them. The same for a curled page.
    @Test(arguments: [false, true])
    func aScrolledCardShowsItsRowsInPlace(curled: Bool) throws {
        var scrolled = Self.card()
        scrolled.bounds = Rect(x: 50, y: 30, width: 200, height: 300)
        for i in scrolled.sublayers.indices {
            scrolled.sublayers[i].position.x += 50
            scrolled.sublayers[i].position.y += 30
        }
        var plain = Self.card()
        if curled {
            (scrolled.curl, plain.curl) = (0.4, 0.4)
            (scrolled.transform, plain.transform) = (.identity, .identity)
        }
        let renderer = Renderer(scale: 1, painter: PlainScene())
        let expected = try renderer.render(Fixture.window(400, 400, [plain]))
        let image = try renderer.render(Fixture.window(400, 400, [scrolled]))
        #expect(curled || renderer.flatPlanes.count == 2)
        let differing = zip(image.pixels, expected.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
    }

    /// A shape's path and stroke may reach past its layer's bounds: a plane
    /// holding one (or being one) is drawn layer by layer, the stroke whole.
    @Test func aShapeInThePlaneIsNotCut() throws {
        var card = Self.card()
        var ring = Fixture.layer(6, frame: Rect(x: 50, y: 250, width: 100, height: 40), color: nil)
        ring.content = .shape(ShapePaint(path: .oval(Rect(x: -40, y: 0, width: 180, height: 40)), fillColor: .red))
        card.sublayers.append(ring)
        let renderer = Renderer(scale: 1, painter: PlainScene())
        let image = try renderer.render(Fixture.window(400, 400, [card]))
        #expect(renderer.flatPlanes.count == 0)
        // Local (15, 270): past the ring layer's left side, inside its oval.
        let seen = Self.pixels(near: 15, 270)
        #expect(!seen.isEmpty)
        for (x, y) in seen { #expect(image[x, y].r == 255 && image[x, y].g == 0, "\(image[x, y]) at (\(x), \(y))") }
    }

    /// Nearly edge-on, the card is a few pixels wide: drawn layer by layer,
    /// each row's coverage found by its samples rather than one look at
    /// the picture a pixel.
    @Test func aCardShrunkFarIsDrawnLayerByLayer() throws {
        var card = Self.card()
        card.transform = Fixture.perspectiveRotationY(1.55, eye: Self.eye)
        let renderer = Renderer(scale: 1, painter: PlainScene())
        _ = try renderer.render(Fixture.window(400, 400, [card]))
        #expect(renderer.flatPlanes.count == 0)
    }

    /// A sublayer reaching past its layer's bounds (not masked) is not cut
    /// off by a picture of the bounds: drawn turned on its own.
    @Test func aSublayerPastTheBoundsIsStillDrawn() throws {
        var card = Self.card()
        card.sublayers.append(Fixture.layer(6, frame: Rect(x: -30, y: 260, width: 60, height: 30), color: .red))
        let renderer = Renderer(scale: 1, painter: PlainScene())
        let image = try renderer.render(Fixture.window(400, 400, [card]))
        #expect(renderer.flatPlanes.count == 0)
        // Local (-15, 275): outside the card, inside the overhanging red piece.
        let seen = Self.pixels(near: -15, 275)
        #expect(!seen.isEmpty)
        for (x, y) in seen { #expect(image[x, y].r == 255 && image[x, y].g == 0, "\(image[x, y]) at (\(x), \(y))") }
    }
}

import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster
import CRaster

/// Where the renderer puts edges, checked against projections computed
/// here by hand.
@Suite struct RendererGeometryTests {
    /// A 200×300 layer turned 45° about y under m34 = −1/500, centred in a
    /// 400×400 window. Each edge, found in the pixels as where red coverage
    /// crosses 50 %, is within half a pixel of where the corners' projection
    /// (x·cos θ / (1 + x·sin θ / 500), by hand) puts it.
    @Test func flipAt45DegreesPutsEdgesWhereTheProjectionDoes() throws {
        let angle = Double.pi / 4, eye = 500.0
        var card = Fixture.layer(1, frame: Rect(x: 100, y: 50, width: 200, height: 300), color: Color(red: 1, green: 0, blue: 0))
        card.transform = Fixture.perspectiveRotationY(angle, eye: eye)
        let image = try Fixture.render(Fixture.window(400, 400, [card]))

        // Corner (x, y) relative to the anchor: w = 1 + x·sin θ / eye.
        func project(_ x: Double, _ y: Double) -> Point {
            let w = 1 + x * sin(angle) / eye
            return Point(x: 200 + x * cos(angle) / w, y: 200 + y / w)
        }
        let left = (top: project(-100, -150), bottom: project(-100, 150))
        let right = (top: project(100, -150), bottom: project(100, 150))
        for row in stride(from: 60, to: 340, by: 40) {
            let y = Double(row) + 0.5
            func edgeX(_ edge: (top: Point, bottom: Point)) -> Double? {
                guard y > edge.top.y && y < edge.bottom.y else { return nil }
                return edge.top.x + (edge.bottom.x - edge.top.x) * (y - edge.top.y) / (edge.bottom.y - edge.top.y)
            }
            guard let expectedLeft = edgeX(left), let expectedRight = edgeX(right) else { continue }
            // Coverage along the row: the first and last partly covered pixels give the edges.
            let coverage = (0..<image.width).map { Double(image[$0, row].r) / 255 }
            let first = coverage.firstIndex { $0 > 0 }!, last = coverage.lastIndex { $0 > 0 }!
            let foundLeft = Double(first) + 1 - coverage[first]
            let foundRight = Double(last) + coverage[last]
            #expect(abs(foundLeft - expectedLeft) <= 0.5, "row \(row): left edge at \(foundLeft), projected \(expectedLeft)")
            #expect(abs(foundRight - expectedRight) <= 0.5, "row \(row): right edge at \(foundRight), projected \(expectedRight)")
        }
    }

    /// A layer turned 180° about y shows its back: drawn when double-sided,
    /// culled (nothing at all) when single-sided.
    @Test func singleSidedLayerFacingAwayIsCulled() throws {
        var card = Fixture.layer(1, frame: Rect(x: 50, y: 50, width: 100, height: 100), color: Color(red: 0, green: 1, blue: 0))
        card.transform = Fixture.perspectiveRotationY(.pi * 0.9, eye: 500)
        let shown = try Fixture.render(Fixture.window(200, 200, [card]))
        #expect(shown[100, 100] == (0, 255, 0, 255))
        card.isDoubleSided = false
        let culled = try Fixture.render(Fixture.window(200, 200, [card]))
        #expect(culled.pixels == Fixture.window(200, 200, []).blackPixels)
    }

    /// A rounded rectangle's coverage adds up to its area, w·h − (4 − π)·r²,
    /// within 0.2 % (16 samples a pixel on the curve); a pixel in the corner
    /// outside the arc is empty and one just inside it full.
    @Test func roundedCornerCoverageMatchesTheArea() throws {
        var card = Fixture.layer(1, frame: Rect(x: 20.25, y: 10.5, width: 150, height: 100), color: .white)
        card.cornerRadius = 30
        let image = try Fixture.render(Fixture.window(200, 130, [card]))
        let covered = image.pixels.enumerated().filter { $0.offset % 4 == 0 }.reduce(0.0) { $0 + Double($1.element) / 255 }
        let area = 150.0 * 100 - (4 - Double.pi) * 30 * 30
        #expect(abs(covered - area) / area < 0.002, "coverage \(covered), area \(area)")
        #expect(image[21, 11].r == 0)  // the corner, 1.7 px from the arc's centre… outside the radius
        #expect(image[60, 30].r == 255)
    }

    /// Two layers meeting at x = 100.37 on black, the same colour: the
    /// pixel the edge crosses is the colour, not darkened by black showing
    /// through a seam.
    @Test func neighbouringLayersLeaveNoSeam() throws {
        let color = Color(red: 0.2, green: 0.6, blue: 1)
        let a = Fixture.layer(1, frame: Rect(x: 10, y: 10, width: 90.37, height: 80), color: color)
        let b = Fixture.layer(2, frame: Rect(x: 100.37, y: 10, width: 60, height: 80), color: color)
        let image = try Fixture.render(Fixture.window(200, 100, [a, b]))
        let expected = premultiplied(color)
        let seam = image[100, 50]
        #expect(abs(Int(seam.r) - Int(expected.0)) <= 1 && abs(Int(seam.g) - Int(expected.1)) <= 1 && abs(Int(seam.b) - Int(expected.2)) <= 1,
                "seam pixel \(seam), colour \(expected)")
        // The same under a perspective turn: two halves of one card.
        var left = Fixture.layer(3, frame: Rect(x: 40, y: 20, width: 60.5, height: 60), color: color)
        var right = Fixture.layer(4, frame: Rect(x: 100.5, y: 20, width: 60, height: 60), color: color)
        // Both turn about the shared edge's x (anchor at the edge).
        left.anchorPoint = Point(x: 1, y: 0.5); left.position = Point(x: 100.5, y: 50)
        right.anchorPoint = Point(x: 0, y: 0.5); right.position = Point(x: 100.5, y: 50)
        let turn = Fixture.perspectiveRotationY(0.5, eye: 300)
        left.transform = turn; right.transform = turn
        let turned = try Fixture.render(Fixture.window(200, 100, [left, right]))
        for y in 30..<70 {
            let p = turned[100, y]
            #expect(abs(Int(p.b) - Int(expected.2)) <= 2, "row \(y): seam pixel \(p)")
        }
    }

    /// Three layers meeting inside one pixel, no two of them splitting it
    /// between them alone (one covers its left, one its top right, one its
    /// bottom right): its samples then hold three colours, and still none of
    /// the black under them shows. Each colour's share is about its area
    /// (0.37, 0.63 × 0.41, 0.63 × 0.59), as 16 samples can tell it.
    @Test func threeLayersMeetingInAPixelLeaveNoSeam() throws {
        let (x, y) = (100.37, 50.41)
        let a = Fixture.layer(1, frame: Rect(x: 10, y: 10, width: x - 10, height: 80), color: Color(red: 1, green: 0, blue: 1))
        let b = Fixture.layer(2, frame: Rect(x: x, y: 10, width: 60, height: y - 10), color: Color(red: 0, green: 1, blue: 1))
        let c = Fixture.layer(3, frame: Rect(x: x, y: y, width: 60, height: 90 - y), color: Color(red: 0, green: 0, blue: 1))
        let image = try Fixture.render(Fixture.window(200, 100, [a, b, c]))
        let p = image[100, 50]
        #expect(Int(p.b) >= 254 && p.a == 255, "corner pixel \(p): black shows through")
        let left = 0.37, topRight = 0.63 * 0.41
        #expect(abs(Double(p.r) / 255 - left) <= 0.2, "corner pixel \(p): the left layer's share")
        #expect(abs(Double(p.g) / 255 - topRight) <= 0.2, "corner pixel \(p): the top right layer's share")
    }

    /// masksToBounds cuts a child to the parent's rounded bounds, also a
    /// child turned in 3-D (cut in the parent's plane, after projection).
    @Test func childIsClippedToItsParent() throws {
        var parent = Fixture.layer(1, frame: Rect(x: 50, y: 50, width: 100, height: 100), color: Color(white: 0.5))
        parent.masksToBounds = true
        var child = Fixture.layer(2, frame: Rect(x: -40, y: 20, width: 200, height: 40), color: Color(red: 1, green: 0, blue: 0))
        child.transform = Fixture.perspectiveRotationY(0.4, eye: 400)
        parent.sublayers = [child]
        let image = try Fixture.render(Fixture.window(200, 200, [parent]))
        // Outside the parent: black, though the child reaches there.
        #expect(image[30, 90] == (0, 0, 0, 255))
        #expect(image[170, 90] == (0, 0, 0, 255))
        // Inside: the child.
        #expect(image[100, 90].r > 200 && image[100, 90].g == 0)
        parent.masksToBounds = false
        let unclipped = try Fixture.render(Fixture.window(200, 200, [parent]))
        #expect(unclipped[30, 90].r > 200)
    }

    /// Two clipping views that meet at a fractional position (explode's
    /// pieces, 844 / 6 points tall) share the edge pixel's samples: the
    /// pixel is the two children's colours mixed by the share each covers,
    /// and none of the background under them shows through (a coverage
    /// clip let a·(1 − a) of it through: 22 % of white on a black seam).
    @Test func clippedNeighboursLeaveNoSeam() throws {
        let edge = 140 + 2.0 / 3
        func piece(_ id: Int, y: Double, height: Double, color: Color) -> RenderLayer {
            var parent = Fixture.layer(id, frame: Rect(x: 10, y: y, width: 80, height: height), color: nil)
            parent.masksToBounds = true
            // The child reaches past the parent on every side, as a snapshot offset inside its piece does.
            parent.sublayers = [Fixture.layer(id + 1, frame: Rect(x: -10, y: -200, width: 100, height: 600), color: color)]
            return parent
        }
        let background = Fixture.layer(9, frame: Rect(x: 0, y: 0, width: 100, height: 300), color: Color(white: 1))
        let image = try Fixture.render(Fixture.window(100, 300, [
            background,
            piece(1, y: 0, height: edge, color: Color(red: 0, green: 0, blue: 0)),
            piece(3, y: edge, height: 300 - edge, color: Color(red: 0, green: 0, blue: 0)),
        ]))
        // Both pieces black: the row the edge crosses is black too.
        for x in 20..<80 { #expect(image[x, 140] == (0, 0, 0, 255), "column \(x): \(image[x, 140])") }
        // A red piece over a blue one: the edge row holds only red and blue,
        // in about the share of the row each covers (2/3 red above 140.67).
        let mixed = try Fixture.render(Fixture.window(100, 300, [
            background,
            piece(1, y: 0, height: edge, color: Color(red: 1, green: 0, blue: 0)),
            piece(3, y: edge, height: 300 - edge, color: Color(red: 0, green: 0, blue: 1)),
        ]))
        let p = mixed[50, 140]
        let red = Int(p.r), blue = Int(p.b), redShare = Double(p.r) / 255
        #expect(p.g == 0, "white showed through: \(p)")
        #expect((254...256).contains(red + blue), "\(p)")
        // 16 samples: the red share is a sixteenth multiple near 2/3.
        #expect(abs(redShare - 2.0 / 3) <= 1.0 / 16 + 1.0 / 255, "\(p)")
    }

    /// Faded tiles meeting on a third of a pixel, each a group (a faded view
    /// with a clipped child, as explode's pieces are): the edge row is the
    /// same colour as the rest, as one faded view would be, at 50 % and at
    /// 0.999 (which draws as opaque). Averaging a group's edge pixels before
    /// compositing let the black under them show through the seam.
    @Test func fadedClippedTilesLeaveNoSeam() throws {
        let edge = 140 + 1.0 / 3
        func tile(_ id: Int, y: Double, height: Double, opacity: Double) -> RenderLayer {
            var tile = Fixture.layer(id, frame: Rect(x: 10, y: y, width: 80, height: height), color: nil)
            tile.opacity = opacity
            var clip = Fixture.layer(id + 1, frame: Rect(x: 0, y: 0, width: 80, height: height), color: nil)
            clip.masksToBounds = true
            clip.sublayers = [Fixture.layer(id + 2, frame: Rect(x: -10, y: -200, width: 100, height: 600), color: Color(white: 1))]
            tile.sublayers = [clip]
            return tile
        }
        for opacity in [0.5, 0.999] {
            let image = try Fixture.render(Fixture.window(100, 300, [
                tile(1, y: 0, height: edge, opacity: opacity),
                tile(4, y: edge, height: 300 - edge, opacity: opacity),
            ]))
            // White at the group's alpha over black, by hand.
            let expected = UInt8((opacity * 255).rounded())
            for x in 20..<80 {
                #expect(image[x, 140] == (expected, expected, expected, 255), "opacity \(opacity), column \(x): \(image[x, 140])")
                #expect(image[x, 100] == (expected, expected, expected, 255), "opacity \(opacity), column \(x): \(image[x, 100])")
            }
        }
    }

    /// Groups drawn one after another into the same spare offscreen frame:
    /// two inside small clips, then one in none, each faded to 50 %. Each
    /// shows once, at its own alpha, where it is (had a spare kept what the
    /// last group left in it, the unclipped group would show it again).
    @Test func groupsInClipsLeaveNothingBehind() throws {
        func group(_ id: Int, frame: Rect, color: Color, clipped: Bool) -> RenderLayer {
            var holder = Fixture.layer(id, frame: frame, color: nil)
            holder.masksToBounds = clipped
            var faded = Fixture.layer(id + 1, frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height), color: nil)
            faded.opacity = 0.5
            faded.sublayers = [Fixture.layer(id + 2, frame: Rect(x: 0, y: 0, width: frame.width, height: frame.height), color: color)]
            holder.sublayers = [faded]
            return holder
        }
        let image = try Fixture.render(Fixture.window(100, 100, [
            group(1, frame: Rect(x: 0, y: 0, width: 40, height: 40), color: Color(red: 1, green: 0, blue: 0), clipped: true),
            group(4, frame: Rect(x: 60, y: 60, width: 40, height: 40), color: Color(red: 0, green: 1, blue: 0), clipped: true),
            group(7, frame: Rect(x: 0, y: 50, width: 50, height: 50), color: Color(red: 0, green: 0, blue: 1), clipped: false),
        ]))
        #expect(image[20, 20] == (128, 0, 0, 255))
        #expect(image[80, 80] == (0, 128, 0, 255))
        #expect(image[25, 75] == (0, 0, 128, 255))
        #expect(image[80, 20] == (0, 0, 0, 255))
    }

    /// A clip costs the pixels of its box, not a whole frame's: 200 small
    /// clipped views in a 400 × 400 frame. Charged a frame each, they would
    /// cost 200 frames; each box is its 10 × 10 view and a pixel of margin
    /// round it, charged once for the view and once for its clip.
    @Test func smallClipsCostTheirBoxes() throws {
        var views: [RenderLayer] = []
        for k in 0..<200 {
            var piece = Fixture.layer(1 + 2 * k, frame: Rect(x: Double(k % 20) * 20 + 5, y: Double(k / 20) * 20 + 5, width: 10, height: 10),
                                      color: Color(white: 0.5))
            piece.masksToBounds = true
            piece.sublayers = [Fixture.layer(2 + 2 * k, frame: Rect(x: -5, y: -5, width: 20, height: 20), color: Color(white: 1))]
            views.append(piece)
        }
        let renderer = Renderer(scale: 1, painter: PlainScene())
        _ = try renderer.render(Fixture.window(400, 400, views))
        let used = Renderer.defaultWorkLimit - renderer.workLeft
        // The frame and the window's layer, then each piece's box (12 × 12)
        // twice and its child's, cut to the window: at most 22 × 22.
        #expect(used <= 2 * 400 * 400 + 200 * (2 * 12 * 12 + 22 * 22), "charged \(used)")
        #expect(used < 4 * 400 * 400, "charged \(used)")
    }

    /// Clips nested one inside another hold their masks together: past
    /// Renderer.clipPixelLimit the drawing stops with a sentence rather than
    /// taking memory without bound. A 2,000 × 2,000 pixel frame's clips hold
    /// 4 million pixels each: 15 nested fit in 64 million, 17 do not.
    @Test func nestedClipsAreBounded() throws {
        func nested(_ depth: Int) -> RenderFrame {
            var layer = Fixture.layer(depth + 1, frame: Rect(x: 0, y: 0, width: 1000, height: 1000), color: Color(white: 1))
            for k in (1...depth).reversed() {
                var outer = Fixture.layer(k, frame: Rect(x: 0, y: 0, width: 1000, height: 1000), color: nil)
                outer.masksToBounds = true
                outer.sublayers = [layer]
                layer = outer
            }
            return Fixture.window(1000, 1000, [layer])
        }
        #expect(4_000_000 * 15 <= Renderer.clipPixelLimit && 4_000_000 * 17 > Renderer.clipPixelLimit)
        let image = try Renderer(scale: 2, painter: PlainScene()).render(nested(15))
        #expect(image[1000, 1000] == (255, 255, 255, 255))
        #expect(throws: RasterError.clipsTooDeep(limit: Renderer.clipPixelLimit)) {
            try Renderer(scale: 2, painter: PlainScene()).render(nested(17))
        }
    }

    /// A curled page smaller than the screen shows only itself: where the
    /// flat part of its plane lies outside its bounds there is nothing (its
    /// edge colour was smeared over the screen above the curl's axis).
    @Test func aSmallCurledPageShowsOnlyItself() throws {
        let white = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 300, height: 400), color: Color(white: 1))
        var page = Fixture.layer(2, frame: Rect(x: 100, y: 100, width: 100, height: 150), color: nil)
        page.sublayers = [Fixture.layer(3, frame: Rect(x: 0, y: 0, width: 100, height: 150), color: Color(red: 1, green: 0, blue: 0))]
        page.curl = 0.4
        let image = try Fixture.render(Fixture.window(300, 400, [white, page]))
        // Above and beside the page, far from the curl (which lifts its bottom edge): white.
        for (x, y) in [(10, 10), (150, 20), (290, 10), (20, 150), (280, 150), (150, 90)] {
            #expect(image[x, y] == (255, 255, 255, 255), "(\(x), \(y)): \(image[x, y])")
        }
        // Its own top, flat: red.
        #expect(image[150, 110] == (255, 0, 0, 255))
    }

    /// A curled page over another layer's anti-aliased edge (its pixels
    /// keep samples) shows the page there: the curl covers the samples too,
    /// which resolving the frame used to set back to the edge's colours.
    @Test func aCurledPageHidesTheEdgesUnderIt() throws {
        let white = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 300, height: 400), color: Color(white: 1))
        let red = Fixture.layer(2, frame: Rect(x: 140.5, y: 90.25, width: 30.25, height: 200), color: Color(red: 1, green: 0, blue: 0))
        var page = Fixture.layer(3, frame: Rect(x: 100, y: 100, width: 100, height: 150), color: nil)
        page.sublayers = [Fixture.layer(4, frame: Rect(x: 0, y: 0, width: 100, height: 150), color: Color(red: 0, green: 0, blue: 1))]
        page.curl = 0.4
        let image = try Fixture.render(Fixture.window(300, 400, [white, red, page]))
        // The red layer's left and right edges, on the page's flat top: blue.
        for (x, y) in [(140, 105), (140, 120), (170, 110), (170, 125)] {
            #expect(image[x, y] == (0, 0, 255, 255), "(\(x), \(y)): \(image[x, y])")
        }
        // Above the page the edge is still there, half red.
        #expect(image[140, 95].g < 200 && image[140, 95].r == 255, "(140, 95): \(image[140, 95])")
    }

    /// Faded views nested deeper than offscreen frames may go still fade
    /// what they hold: twelve levels at 80 % over one red view show it at
    /// 0.8^12 of red, by hand, not as red (the fades past the eighth were
    /// dropped). A mask that deep stops the drawing with a sentence.
    @Test func fadesNestedPastTheGroupLimitStillFade() throws {
        func nested(_ depth: Int, masked: Bool = false) -> RenderFrame {
            var inner = Fixture.layer(depth + 1, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: Color(red: 1, green: 0, blue: 0))
            if masked { inner.mask = Fixture.layer(depth + 2, frame: Rect(x: 0, y: 0, width: 10, height: 10), color: Color(white: 1)) }
            for k in (1...depth).reversed() {
                var outer = Fixture.layer(k, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: nil)
                outer.opacity = 0.8
                outer.sublayers = [inner]
                inner = outer
            }
            return Fixture.window(50, 50, [inner])
        }
        let image = try Fixture.render(nested(12))
        let expected = 255 * (0..<12).reduce(1.0) { r, _ in r * 0.8 }
        #expect(abs(Double(image[25, 25].r) - expected) <= 2, "\(image[25, 25]) against \(expected)")
        #expect(throws: RasterError.groupsTooDeep(limit: Renderer.groupDepthLimit)) { try Fixture.render(nested(12, masked: true)) }
    }

    /// A curled page is drawn flat into a picture of its own first: one
    /// larger than a frame may be is refused with a sentence (it drew nothing).
    @Test func aCurledPageLargerThanAFrameIsRefused() throws {
        var page = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 8000, height: 8000), color: Color(red: 1, green: 0, blue: 0))
        page.curl = 0.3
        #expect(throws: RasterError.tooLarge(what: "a curled page of 8000×8000", pixels: 64_000_000, limit: Renderer.framePixelLimit)) {
            try Fixture.render(Fixture.window(300, 300, [page]))
        }
    }

    /// A page curled inside a curled page of the same size: the outer page
    /// keeps its own picture (the inner one drew into it, wiping it). Its
    /// flat top shows its own yellow and the green square on it.
    @Test func aCurlInsideACurlKeepsTheOuterPage() throws {
        var outer = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 200, height: 300), color: Color(red: 1, green: 1, blue: 0))
        outer.curl = 0.3
        var inner = Fixture.layer(2, frame: Rect(x: 0, y: 0, width: 200, height: 300), color: nil)
        inner.curl = 0.3
        inner.sublayers = [Fixture.layer(3, frame: Rect(x: 150, y: 250, width: 40, height: 40), color: Color(red: 1, green: 0, blue: 0))]
        outer.sublayers = [Fixture.layer(4, frame: Rect(x: 20, y: 20, width: 40, height: 40), color: Color(red: 0, green: 1, blue: 0)), inner]
        let image = try Fixture.render(Fixture.window(200, 300, [outer]))
        #expect(image[100, 10] == (255, 255, 0, 255))
        #expect(image[40, 40] == (0, 255, 0, 255))
    }

    /// A translucent child wholly inside a clipping parent is blended once,
    /// at its own alpha: a sheet's grabber (tertiary grey at 50 %) over blue.
    @Test func translucentChildOfAClipBlendsAtItsAlpha() throws {
        var sheet = Fixture.layer(1, frame: Rect(x: 0.25, y: 0.5, width: 99.5, height: 99), color: Color(red: 0.2, green: 0.45, blue: 0.95))
        sheet.masksToBounds = true
        sheet.cornerRadius = 10
        var grabber = Fixture.layer(2, frame: Rect(x: 32, y: 5, width: 36, height: 5), color: Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255, alpha: 0.5))
        grabber.cornerRadius = 2.5
        sheet.sublayers = [grabber]
        let image = try Fixture.render(Fixture.window(100, 100, [sheet]))
        // Source-over by hand: 0.5 · grey + 0.5 · the sheet's colour, each channel rounded.
        let expected = [(142.0, 0.2 * 255), (142.0, 0.45 * 255), (147.0, 0.95 * 255)].map { 0.5 * $0.0 + 0.5 * $0.1 }
        let p = image[50, 7]
        let got = [Double(p.r), Double(p.g), Double(p.b)]
        for k in 0..<3 {
            let error = abs(got[k] - expected[k])
            #expect(error <= 1.5, "channel \(k): \(p) against \(expected)")
        }
    }

    /// Siblings draw in array order, stable-sorted by zPosition.
    @Test func siblingsFollowZPosition() throws {
        let red = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: Color(red: 1, green: 0, blue: 0))
        var green = Fixture.layer(2, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: Color(red: 0, green: 1, blue: 0))
        #expect(try Fixture.render(Fixture.window(50, 50, [red, green]))[25, 25] == (0, 255, 0, 255))
        green.zPosition = -1
        #expect(try Fixture.render(Fixture.window(50, 50, [red, green]))[25, 25] == (255, 0, 0, 255))
    }

    /// Group opacity: two overlapping opaque children of a 50 % parent show
    /// as one faded shape, not the lower one through the upper.
    @Test func opacityAppliesToTheGroup() throws {
        var parent = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 100, height: 100), color: nil)
        parent.opacity = 0.5
        parent.sublayers = [Fixture.layer(2, frame: Rect(x: 0, y: 0, width: 60, height: 60), color: Color(red: 1, green: 0, blue: 0)),
                            Fixture.layer(3, frame: Rect(x: 30, y: 30, width: 60, height: 60), color: Color(red: 0, green: 0, blue: 1))]
        let image = try Fixture.render(Fixture.window(100, 100, [parent]))
        // Where they overlap: blue at 50 % over black, no red.
        #expect(image[45, 45] == (0, 0, 128, 255))
    }

    @Test func sameFrameTwiceIsByteIdentical() throws {
        var card = Fixture.layer(1, frame: Rect(x: 10, y: 10, width: 80, height: 80), color: Color(red: 0.3, green: 0.5, blue: 0.9))
        card.transform = Fixture.perspectiveRotationY(0.7, eye: 250)
        card.cornerRadius = 12
        let frame = Fixture.window(100, 100, [card])
        #expect(try Fixture.render(frame).pixels == (try Fixture.render(frame).pixels))
    }
}

extension RenderFrame {
    /// An opaque black frame of this size: what an empty window shows.
    var blackPixels: [UInt8] {
        (0..<Int(size.width) * Int(size.height)).flatMap { _ in [UInt8(0), 0, 0, 255] }
    }
}

/// The AVX-512 paths, the AVX2 paths and the one-pixel paths draw the same
/// bytes: previews are the same on every machine, whichever paths its
/// processor has. (Where this machine lacks a path, asking for it runs the
/// next narrower one, and the comparison is weaker but still true.)
@Suite(.serialized) struct WidePathTests {
    static let widths: [Int32] = [Int32(CR_PATHS_AVX512), Int32(CR_PATHS_AVX2), Int32(CR_PATHS_SCALAR)]

    /// `body`'s result with each of the widest paths allowed, widest first.
    static func atEachWidth<T>(_ body: () throws -> T) rethrows -> [T] {
        defer { cr_limit_paths(Int32(CR_PATHS_AVX512)) }
        return try widths.map { width in
            cr_limit_paths(width)
            return try body()
        }
    }

    /// `quad` drawn over a target of `size` filled with `background`, with `texture` (its bytes, width and height
    /// in texels) when given, else its colour.
    static func drawn(_ quad: cr_quad, size: (Int, Int), over background: [UInt8], texture: ([UInt8], Int, Int)?) -> [UInt8] {
        let target = FastPathTests.Target(width: size.0, height: size.1)
        target.with { t in
            var fill = background
            cr_fill(&t, &fill)
            var layer = quad
            guard let (bytes, width, height) = texture else { return cr_draw_quad(&t, &layer) }
            bytes.withUnsafeBufferPointer { tex in
                layer.texture = tex.baseAddress
                (layer.tex_width, layer.tex_height) = (Int32(width), Int32(height))
                cr_draw_quad(&t, &layer)
            }
        }
        return target.pixels
    }

    /// The widest path that runs is the processor's (read here from /proc/cpuinfo's flags), within the thread's limit.
    @Test func theWidestPathIsTheProcessorsWithinTheLimit() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = Set(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
        let avx512 = flags.contains("avx512f") && flags.contains("avx512bw"), avx2 = flags.contains("avx2")
        defer { cr_limit_paths(Int32(CR_PATHS_AVX512)) }
        cr_limit_paths(Int32(CR_PATHS_AVX512))
        #expect(Int(cr_widest_path()) == (avx512 ? 2 : avx2 ? 1 : 0))
        cr_limit_paths(Int32(CR_PATHS_AVX2))
        #expect(Int(cr_widest_path()) == (avx2 ? 1 : 0))
        cr_limit_paths(Int32(CR_PATHS_SCALAR))
        #expect(cr_widest_path() == 0)
        #expect(Renderer.vectorPaths == "SSE2")
    }

    /// Turned gently, and steeply enough that the far side's rows slope by
    /// several texels a span (the AVX-512 window's taller cases) or more
    /// than it takes (the AVX2 path beside it).
    @Test(arguments: [(0.6, 600.0), (1.2, 400.0), (-1.35, 350.0)])
    func widePathsDrawTheSameBytes(angle: Double, eye: Double) throws {
        var card = Fixture.layer(1, frame: Rect(x: 30, y: 40, width: 320, height: 700), color: .white)
        card.content = .screen(.presenting)
        card.transform = Fixture.perspectiveRotationY(angle, eye: eye)
        let frame = Fixture.window(390, 844, [card])
        let images = try Self.atEachWidth { try Renderer(scale: 1, painter: StandardScene()).render(frame) }
        let wide = images[0]
        for (index, other) in images.enumerated().dropFirst() {
            #expect(zip(wide.pixels, other.pixels).filter { $0 != $1 }.count == 0, "paths up to width \(Self.widths[index])")
        }
        // And the layer was drawn at all (text and rows of the list, not one flat colour).
        #expect(Set(stride(from: 0, to: wide.pixels.count, by: 4).map { wide.pixels[$0] }).count > 50)
    }

    /// A plain rectangle's edge pixels take their 16 samples four at a
    /// time where the processor has AVX2: the same masks as one at a time,
    /// on any map (perspective, magnified, almost edge-on, partly behind
    /// the eye), so the same bytes.
    @Test func rectangleEdgesSampleTheSameWideOrNarrow() {
        var random = WarperFuzzTests.SplitMix(state: 31)
        let size = (64, 48)
        var drawn = 0
        for round in 0..<400 {
            var quad = cr_quad()
            let scale = [0.05, 0.5, 1, 3, 40][round % 5]
            quad.m = ((random.next() - 0.5) * scale, (random.next() - 0.5) * scale, round % 3 == 0 ? 0 : (random.next() - 0.5) * 0.05,
                      (random.next() - 0.5) * scale, (random.next() - 0.5) * scale, round % 3 == 0 ? 0 : (random.next() - 0.5) * 0.05,
                      (random.next() - 0.3) * 60, (random.next() - 0.3) * 60, 0.2 + random.next())
            quad.f = (round % 4 == 0 ? (random.next() - 0.5) * 0.02 : 0, round % 4 == 0 ? (random.next() - 0.5) * 0.02 : 0, 1)
            quad.width = 1 + random.next() * 80
            quad.height = 1 + random.next() * 80
            quad.alpha = round % 2 == 0 ? 255 : UInt8(random.next() * 255)
            quad.color = (30, 90, 150, 200)
            (quad.x0, quad.y0, quad.x1, quad.y1) = (0, 0, Int32(size.0), Int32(size.1))
            let texture: [UInt8] = (0..<36).flatMap { (i: Int) -> [UInt8] in [UInt8(i * 7), UInt8(200 - i * 5), 90, 255] }
            let images = Self.atEachWidth {
                Self.drawn(quad, size: size, over: [250, 240, 230, 255], texture: round % 3 != 1 ? (texture, 6, 6) : nil)
            }
            let wide = images[0]
            #expect(images.allSatisfy { $0 == wide }, "round \(round): scale \(scale)")
            if wide.contains(where: { $0 != 250 && $0 != 240 && $0 != 230 && $0 != 255 }) { drawn += 1 }
        }
        #expect(drawn > 120)
    }

    /// Textures of every width from one texel to a few windows across,
    /// shrunk, stretched and turned: AVX2's window reads a row's texels as
    /// eight or sixteen at once (masked at the texture's right edge), AVX-512's
    /// as thirty-two, and pairs where they do not fit; texels partly
    /// transparent and opaque (opaque spans are stored as they are). Every
    /// path gives the one-pixel path's bytes.
    @Test func texturesOfEveryWidthDrawTheSameBytesOnEachPath() {
        var random = WarperFuzzTests.SplitMix(state: 77)
        let size = (96, 64)
        let background = [[UInt8]](repeating: [20, 40, 60, 255], count: size.0 * size.1).flatMap { $0 }
        var drawn = 0
        for round in 0..<240 {
            let width = 1 + round % 40, height = 1 + Int(random.next() * 30)
            let opaque = round % 3 != 0
            let texture = (0..<width * height).flatMap { _ -> [UInt8] in
                let a = opaque ? 255 : UInt8(random.next() * 255)
                // Premultiplied: no channel above alpha.
                return [UInt8(Double(a) * random.next()), UInt8(Double(a) * random.next()), UInt8(Double(a) * random.next()), a]
            }
            var quad = cr_quad()
            let scale = [0.3, 0.7, 1, 1.6, 4][round % 5]
            let turn = round % 2 == 0 ? 0 : (random.next() - 0.5) * 0.01
            quad.m = (scale * (0.8 + random.next() * 0.4), (random.next() - 0.5) * 0.3, turn,
                      (random.next() - 0.5) * 0.3, scale * (0.8 + random.next() * 0.4), 0,
                      random.next() * 20 - 10, random.next() * 20 - 10, 1)
            quad.f = (0, 0, 1)
            quad.width = Double(width) * (0.5 + random.next() * 2)
            quad.height = Double(height) * (0.5 + random.next() * 2)
            quad.alpha = 255
            quad.color = (0, 0, 0, 0)
            (quad.x0, quad.y0, quad.x1, quad.y1) = (0, 0, Int32(size.0), Int32(size.1))
            let images = Self.atEachWidth { Self.drawn(quad, size: size, over: [20, 40, 60, 255], texture: (texture, width, height)) }
            #expect(images.allSatisfy { $0 == images[0] }, "round \(round): \(width)×\(height) texels at scale \(scale)")
            if images[0] != background { drawn += 1 }
        }
        #expect(drawn > 180)
    }

    /// A tiny picture stretched many times over its layer: the interior
    /// reaches the texture's last row and column, where the wide path reads
    /// each pixel's two texels as one pair.
    @Test(arguments: [0.0, 0.3, -0.9, 1.2])
    func magnifiedTexturesDrawTheSameBytes(angle: Double) throws {
        var card = Fixture.layer(1, frame: Rect(x: 20, y: 30, width: 300, height: 360), color: .white)
        card.content = .screen(.presenting)
        card.transform = Fixture.perspectiveRotationY(angle, eye: 500)
        let frame = Fixture.window(340, 420, [card])
        let images = try Self.atEachWidth { try Renderer(scale: 1, painter: TinyPicture()).render(frame) }
        let wide = images[0]
        for (index, other) in images.enumerated().dropFirst() {
            #expect(zip(wide.pixels, other.pixels).filter { $0 != $1 }.count == 0, "paths up to width \(Self.widths[index])")
        }
        #expect(Set(stride(from: 0, to: wide.pixels.count, by: 4).map { wide.pixels[$0] }).count > 20)
    }
}

/// Five by seven texels of fixed noise, whatever size is asked for.
struct TinyPicture: ScreenPainter {
    func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        var image = Image(width: 5, height: 7)
        var seed: UInt32 = 12345
        for y in 0..<7 {
            for x in 0..<5 {
                seed = seed &* 1_103_515_245 &+ 12345
                let a = UInt8(128 + (seed >> 25))
                // Premultiplied: no channel above alpha.
                func channel(_ bits: UInt32) -> UInt8 { UInt8(bits & 0xff) % 128 + (a - 128) / 2 }
                image[x, y] = (channel(seed >> 8), channel(seed >> 16), channel(seed >> 24), a)
            }
        }
        return image
    }
}

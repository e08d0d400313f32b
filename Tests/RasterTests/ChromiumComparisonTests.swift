import Encoders
import Foundation
import Geometry
import RenderTree
import Testing
import TestSupport
@testable import Raster

/// Segue's pictures against an independent renderer: headless Chromium
/// drawing the same layers with CSS 3-D transforms (matrix3d, a wrapper with
/// transform-style: preserve-3d for a sublayerTransform, translateZ for
/// zPosition, backface-visibility for isDoubleSided, opacity). Away from
/// edges at least 99.5 % of pixels agree within 8 levels of 255; the edges
/// of the quads worked out here lie within half a pixel of their exact
/// projection in Segue's picture (and, for comparison, in Chromium's).
@Suite(.enabled(if: HeadlessBrowser.available, "\(HeadlessBrowser.missing)"))
struct ChromiumComparisonTests {
    static let side = 200.0

    struct Scene {
        var name: String
        var layers: [RenderLayer]
        /// Quads whose projections are worked out by hand: their corners in
        /// device pixels (clockwise from the top left), the channel that tells
        /// the quad from what is around it, and that channel's two levels.
        var quads: [(corners: [Point], channel: Int, inside: Double, outside: Double)] = []
    }

    static func layer(_ id: Int, _ frame: Rect, _ color: Color?) -> RenderLayer {
        Fixture.layer(id, frame: frame, color: color)
    }

    /// A point of the layer's bounds (anchor in the middle, no sublayer
    /// transform above it) through its 4×4 transform, row vectors as Core
    /// Animation's: (x − w/2, y − h/2, 0, 1) · M, divided by w, then moved to
    /// the position. Written out here rather than through Homography.
    static func project(_ x: Double, _ y: Double, size: Size, position: Point, _ m: Transform3D) -> Point {
        let (px, py) = (x - size.width / 2, y - size.height / 2)
        let X = px * m.m11 + py * m.m21 + m.m41, Y = px * m.m12 + py * m.m22 + m.m42, W = px * m.m14 + py * m.m24 + m.m44
        return Point(x: X / W + position.x, y: Y / W + position.y)
    }

    static var scenes: [Scene] {
        var result: [Scene] = []

        // A card turned 40° about y under its own perspective (an eye at 500).
        let turn = Fixture.perspectiveRotationY(40 * .pi / 180, eye: 500)
        var card = layer(1, Rect(x: 40, y: 60, width: 120, height: 80), Color(red: 0.9, green: 0.1, blue: 0.2))
        card.transform = turn
        let size = Size(width: 120, height: 80), at = Point(x: 100, y: 100)
        result.append(Scene(name: "perspective card", layers: [card], quads: [(
            [project(0, 0, size: size, position: at, turn), project(120, 0, size: size, position: at, turn),
             project(120, 80, size: size, position: at, turn), project(0, 80, size: size, position: at, turn)], 1, 0.1 * 255, 255)]))

        // A child at zPosition 100 under its parent's perspective sublayerTransform (eye at 500):
        // (±40, ±40, 100, 1) · S has w = 1 − 100/500 = 0.8, so it is 1.25× larger: 50…150 on both axes.
        var parent = layer(2, Rect(x: 0, y: 0, width: side, height: side), nil)
        var perspective = Transform3D.identity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        var raised = layer(3, Rect(x: 60, y: 60, width: 80, height: 80), Color(red: 0.1, green: 0.3, blue: 0.9))
        raised.zPosition = 100
        let below = layer(4, Rect(x: 20, y: 160, width: 40, height: 30), Color(red: 0.1, green: 0.7, blue: 0.2))
        parent.sublayers = [raised, below]
        result.append(Scene(name: "zPosition under perspective", layers: [parent], quads: [(
            [Point(x: 50, y: 50), Point(x: 150, y: 50), Point(x: 150, y: 150), Point(x: 50, y: 150)], 0, 0.1 * 255, 255)]))

        // A mirrored parent (scale −1 on x) with a single-sided child: seen, mirrored, in the parent's plane;
        // a sibling turned 150° about y is seen from behind and culled.
        var mirrored = layer(5, Rect(x: 30, y: 30, width: 140, height: 140), Color(white: 0.6))
        mirrored.transform = Transform3D([[-1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        var single = layer(6, Rect(x: 10, y: 10, width: 60, height: 40), Color(red: 0.9, green: 0.5, blue: 0.1))
        single.isDoubleSided = false
        var away = layer(7, Rect(x: 20, y: 80, width: 100, height: 40), Color(red: 0.2, green: 0.2, blue: 0.8))
        away.isDoubleSided = false
        let a = 150 * Double.pi / 180
        away.transform = Transform3D([[cos(a), 0, -sin(a), 0], [0, 1, 0, 0], [sin(a), 0, cos(a), 0], [0, 0, 0, 1]])
        mirrored.sublayers = [single, away]
        result.append(Scene(name: "mirrored single-sided", layers: [mirrored]))

        // Turned and scaled in the plane, half transparent over an opaque layer.
        let base = layer(8, Rect(x: 30, y: 50, width: 140, height: 100), Color(red: 0.2, green: 0.6, blue: 0.9))
        var veil = layer(9, Rect(x: 50, y: 40, width: 100, height: 120), Color(red: 0.9, green: 0.2, blue: 0.4))
        let r = 30 * Double.pi / 180
        veil.transform = Transform3D([[0.8 * cos(r), 0.8 * sin(r), 0, 0], [-0.8 * sin(r), 0.8 * cos(r), 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        veil.opacity = 0.5
        result.append(Scene(name: "turned and faded", layers: [base, veil]))

        // A strip turned 80° about y, 1,200 wide under an eye at 500: its far end passes behind the eye.
        var strip = layer(10, Rect(x: -500, y: 80, width: 1200, height: 40), Color(red: 0.5, green: 0.1, blue: 0.7))
        strip.transform = Fixture.perspectiveRotationY(80 * .pi / 180, eye: 500)
        result.append(Scene(name: "crossing the eye plane", layers: [strip]))

        // A built path, filled and stroked (butt ends, mitred joins), turned a little in depth: SVG's path in Chromium.
        var shape = layer(11, Rect(x: 20, y: 20, width: 160, height: 160), nil)
        shape.content = .shape(ShapePaint(path: .elements([
            .move(to: Point(x: 10, y: 40)),
            .curve(to: Point(x: 150, y: 40), control1: Point(x: 50, y: -20), control2: Point(x: 110, y: 100)),
            .line(to: Point(x: 140, y: 150)),
            .quadCurve(to: Point(x: 20, y: 140), control: Point(x: 80, y: 90)),
            .close,
        ]), fillColor: Color(red: 0.95, green: 0.75, blue: 0.1), strokeColor: Color(red: 0.1, green: 0.2, blue: 0.5), lineWidth: 6))
        shape.transform = Fixture.perspectiveRotationY(25 * .pi / 180, eye: 600)
        result.append(Scene(name: "a built path", layers: [shape]))
        // Not compared: a curve stroked wider than its radius. Skia (Chromium) leaves a hole there where its stroke's
        // inner border turns over; Segue paints every point within half the width (PathCoverage says why).
        return result
    }

    // MARK: - The same layers as CSS

    static func css(_ c: Color?) -> String {
        guard let c else { return "transparent" }
        func level(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        return "rgba(\(level(c.red)),\(level(c.green)),\(level(c.blue)),\(c.alpha))"
    }

    static func matrix(_ t: Transform3D) -> String {
        // CSS's matrix3d lists Core Animation's m11…m44 in the same order (its columns are CA's rows).
        "matrix3d(\(t.elements.map { String(format: "%.17g", $0) }.joined(separator: ",")))"
    }

    static func html(_ layer: RenderLayer) -> String {
        let w = layer.bounds.width, h = layer.bounds.height
        let ax = layer.anchorPoint.x * w, ay = layer.anchorPoint.y * h
        var style = "position:absolute;left:\(layer.position.x - ax)px;top:\(layer.position.y - ay)px;width:\(w)px;height:\(h)px;"
            + "background:\(css(layer.backgroundColor));transform-origin:\(ax)px \(ay)px;"
            + "transform:translateZ(\(layer.zPosition)px) \(matrix(layer.transform));"
        if layer.opacity < 1 { style += "opacity:\(layer.opacity);" }
        if !layer.isDoubleSided { style += "backface-visibility:hidden;" }
        var children = layer.sublayers.map(html).joined()
        if case .shape(let shape) = layer.content, case .elements(let elements) = shape.path {
            func p(_ q: Point) -> String { "\(q.x) \(q.y)" }
            let d = elements.map {
                switch $0 {
                case .move(let q): "M\(p(q))"
                case .line(let q): "L\(p(q))"
                case .quadCurve(let q, let c): "Q\(p(c)) \(p(q))"
                case .curve(let q, let c1, let c2): "C\(p(c1)) \(p(c2)) \(p(q))"
                case .close: "Z"
                }
            }.joined(separator: " ")
            children = "<svg width=\"\(w)\" height=\"\(h)\" style=\"position:absolute;left:0;top:0;overflow:visible\">"
                + "<path d=\"\(d)\" fill=\"\(css(shape.fillColor))\" stroke=\"\(css(shape.strokeColor))\" stroke-width=\"\(shape.lineWidth)\" "
                + "stroke-linejoin=\"miter\" stroke-miterlimit=\"10\" stroke-linecap=\"butt\"/></svg>" + children
        }
        if layer.sublayerTransform != .identity {
            children = "<div style=\"position:absolute;left:0;top:0;width:\(w)px;height:\(h)px;transform-origin:\(ax)px \(ay)px;"
                + "transform:\(matrix(layer.sublayerTransform));transform-style:preserve-3d\">\(children)</div>"
        }
        return "<div style=\"\(style)\">\(children)</div>"
    }

    static func chromium(_ scenes: [Scene]) throws -> [Image] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var steps: [[String: Any]] = []
        for (i, scene) in scenes.enumerated() {
            let page = "<!doctype html><html><body style=\"margin:0;background:#fff\"><div id=\"w\" style=\"position:absolute;left:0;top:0;"
                + "width:\(Int(side))px;height:\(Int(side))px;overflow:hidden;background:#fff\">\(scene.layers.map(html).joined())</div></body></html>"
            let file = folder.appendingPathComponent("\(i).html")
            try page.write(to: file, atomically: true, encoding: .utf8)
            steps.append(["open": file.absoluteString])
            steps.append(["screenshot": folder.appendingPathComponent("\(i).png").path, "clip": "#w"])
        }
        let report = try HeadlessBrowser.run(steps, width: 400, height: 400)
        if let error = report.error { throw BrowserFailure(reason: error) }
        return try scenes.indices.map { try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("\($0).png").path) }
    }

    struct BrowserFailure: Error { var reason: String }

    static func segue(_ scene: Scene) throws -> Image {
        var layers = [layer(0, Rect(x: 0, y: 0, width: side, height: side), .white)]
        layers += scene.layers
        return try Fixture.render(Fixture.window(side, side, layers))
    }

    // MARK: - Comparing

    /// Whether every pixel within `reach` of (x, y) has the same colour, within `tolerance`.
    static func flat(_ image: Image, _ x: Int, _ y: Int, reach: Int = 1, tolerance: Int = 8) -> Bool {
        let here = image[x, y]
        for dy in -reach...reach { for dx in -reach...reach {
            let (nx, ny) = (x + dx, y + dy)
            guard nx >= 0, ny >= 0, nx < image.width, ny < image.height else { continue }
            let p = image[nx, ny]
            if abs(Int(p.r) - Int(here.r)) > tolerance || abs(Int(p.g) - Int(here.g)) > tolerance
                || abs(Int(p.b) - Int(here.b)) > tolerance { return false }
        } }
        return true
    }

    /// Where a quad's left and right edges cross each full row, measured
    /// from a picture's coverage (a pixel's share of the quad is how far its
    /// channel lies from the outside level to the inside one), beside the
    /// exact crossing at the row's middle; the worst miss in pixels.
    static func edgeMiss(_ image: Image, _ quad: (corners: [Point], channel: Int, inside: Double, outside: Double)) -> Double {
        let c = quad.corners
        let top = c.map(\.y).sorted()[1], bottom = c.map(\.y).sorted()[2]
        func crossings(_ y: Double) -> (Double, Double) {
            var xs: [Double] = []
            for i in 0..<4 {
                let (a, b) = (c[i], c[(i + 1) % 4])
                guard (a.y - y) * (b.y - y) <= 0, a.y != b.y else { continue }
                xs.append(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x))
            }
            return (xs.min() ?? 0, xs.max() ?? 0)
        }
        func share(_ x: Int, _ y: Int) -> Double {
            let p = image[x, y], v = Double([p.r, p.g, p.b][quad.channel])
            return min(max((v - quad.outside) / (quad.inside - quad.outside), 0), 1)
        }
        var worst = 0.0
        for y in Int(top.rounded(.up)) + 2..<Int(bottom.rounded(.down)) - 2 {
            let (left, right) = crossings(Double(y) + 0.5)
            let middle = Int((left + right) / 2)
            let start = Int(left.rounded(.down)) - 3, end = Int(right.rounded(.up)) + 3
            var measuredLeft = Double(start), measuredRight = Double(middle)
            for x in start..<middle { measuredLeft += 1 - share(x, y) }
            for x in middle..<end { measuredRight += share(x, y) }
            worst = max(worst, abs(measuredLeft - left), abs(measuredRight - right))
        }
        return worst
    }

    @Test func segueDrawsWhatChromiumDrawsFromTheSameLayers() throws {
        let scenes = Self.scenes
        let references = try Self.chromium(scenes)
        for (scene, reference) in zip(scenes, references) {
            let drawn = try Self.segue(scene)
            #expect(reference.width == drawn.width && reference.height == drawn.height, "\(scene.name): \(reference.width)×\(reference.height)")
            guard reference.width == drawn.width, reference.height == drawn.height else { continue }
            // Neither picture is the empty window: the scene shows in both.
            for image in [drawn, reference] {
                var painted = 0
                for y in 0..<image.height { for x in 0..<image.width where image[x, y].r < 240 || image[x, y].g < 240 || image[x, y].b < 240 { painted += 1 } }
                #expect(painted > image.width * image.height / 20, "\(scene.name): \(painted) pixels painted")
            }
            var compared = 0, agreeing = 0
            for y in 0..<drawn.height { for x in 0..<drawn.width where Self.flat(drawn, x, y) && Self.flat(reference, x, y) {
                compared += 1
                let (p, q) = (drawn[x, y], reference[x, y])
                if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) <= 8 { agreeing += 1 }
            } }
            let share = Double(agreeing) / Double(max(compared, 1))
            #expect(compared > drawn.width * drawn.height / 2, "\(scene.name): only \(compared) pixels away from edges")
            #expect(share >= 0.995, "\(scene.name): \(agreeing) of \(compared) pixels away from edges agree (\(share * 100) %)")
            for quad in scene.quads {
                let segueMiss = Self.edgeMiss(drawn, quad), chromiumMiss = Self.edgeMiss(reference, quad)
                #expect(segueMiss <= 0.5, "\(scene.name): Segue's edges miss the projection by \(segueMiss) px")
                #expect(chromiumMiss <= 0.5, "\(scene.name): Chromium's edges miss the projection by \(chromiumMiss) px")
            }
        }
    }
}

import Encoders
import Foundation
import Geometry
import LuaBindings
import Raster
import RenderTree
import TestSupport
import Testing

/// Frames of built-in entries against PNGs kept beside these tests, and the
/// built-in flip's edges against a projection of its corners made here.
///
/// A golden file is written anew only when SEGUE_RECORD_GOLDEN=1 (then the
/// test records and passes); otherwise every channel of every pixel must be
/// within 2/255 of it (rounding differences between compilers and
/// processors), and no more than 0.1 % of pixels may differ at all by more.
@Suite struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func compare(_ image: Image, golden name: String) throws {
        let url = Self.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SEGUE_RECORD_GOLDEN"] == "1" {
            try OutputFile.write(try PNGEncoder.encode(image), to: url.path)
            return
        }
        let expected = try PNGDecoder.decode(try Data(contentsOf: url))
        #expect(expected.width == image.width && expected.height == image.height)
        guard expected.width == image.width, expected.height == image.height else { return }
        let (far, worst) = PixelComparison.channels(expected, image, over: 2)
        #expect(Double(far) <= Double(image.pixels.count) * 0.001, "\(name): \(far) channels differ by more than 2 (worst \(worst))")
    }

    /// The flip when the presenter has turned 45°: its edges where the
    /// layer's own matrix (read from the frame, multiplied out here) puts its
    /// corners, within half a pixel.
    @Test func flipAt45DegreesMatchesItsProjectionAndGolden() throws {
        let frames = try Preview.frames("flip", fps: 120, size: Size(width: 390, height: 844))
        // The presenter's layer: its transform's angle from m11 = s·cos a, m13 = −s·sin a.
        func presenter(_ frame: RenderFrame) -> RenderLayer? {
            var stack = [frame.root]
            while let layer = stack.popLast() {
                if layer.content == .screen(.presenting) { return layer }
                stack += layer.sublayers
            }
            return nil
        }
        let frame = try #require(frames.min { a, b in
            func error(_ f: RenderFrame) -> Double {
                guard let t = presenter(f)?.transform else { return .infinity }
                return abs(atan2(-t.m13, t.m11) - .pi / 4)
            }
            return error(a) < error(b)
        })
        let layer = try #require(presenter(frame))
        let t = layer.transform
        #expect(abs(atan2(-t.m13, t.m11) - .pi / 4) < 0.05)

        let image = try Renderer(scale: 1, painter: Blank()).render(frame)
        look(image, "flip-45")
        // [x y 0 1]·M about the anchor, divided by w, moved to the position (the container is the window).
        func project(_ x: Double, _ y: Double) -> Point {
            let px = x - layer.anchorPoint.x * layer.bounds.width, py = y - layer.anchorPoint.y * layer.bounds.height
            let X = px * t.m11 + py * t.m21 + t.m41, Y = px * t.m12 + py * t.m22 + t.m42, W = px * t.m14 + py * t.m24 + t.m44
            return Point(x: X / W + layer.position.x, y: Y / W + layer.position.y)
        }
        let (w, h) = (layer.bounds.width, layer.bounds.height)
        let left = (top: project(0, 0), bottom: project(0, h)), right = (top: project(w, 0), bottom: project(w, h))
        var rows = 0
        for row in stride(from: 100, to: 760, by: 60) {
            let y = Double(row) + 0.5
            func edgeX(_ e: (top: Point, bottom: Point)) -> Double? {
                guard y > max(e.top.y, e.bottom.y) - abs(e.top.y - e.bottom.y) && y > e.top.y && y < e.bottom.y else { return nil }
                return e.top.x + (e.bottom.x - e.top.x) * (y - e.top.y) / (e.bottom.y - e.top.y)
            }
            guard let expectedLeft = edgeX(left), let expectedRight = edgeX(right) else { continue }
            // White presenter on black: coverage is the red channel.
            let coverage = (0..<image.width).map { Double(image[$0, row].r) / 255 }
            let first = try #require(coverage.firstIndex { $0 > 0 }), last = try #require(coverage.lastIndex { $0 > 0 })
            #expect(abs(Double(first) + 1 - coverage[first] - expectedLeft) <= 0.5, "row \(row) left")
            #expect(abs(Double(last) + coverage[last] - expectedRight) <= 0.5, "row \(row) right")
            rows += 1
        }
        #expect(rows >= 8)
        try compare(image, golden: "flip-45.png")
    }

    /// The half-sheet half way, with the standard scene at @2×: what a user sees.
    @Test func halfSheetMidwayMatchesGolden() throws {
        let frames = try Preview.frames("half-sheet", fps: 60)
        let frame = try #require(frames.first { ($0.progress ?? 0) >= 0.5 })
        let image = try Renderer(scale: 2, painter: StandardScene()).render(frame)
        look(image, "half-sheet-mid")
        try compare(image, golden: "half-sheet-50.png")
    }
}

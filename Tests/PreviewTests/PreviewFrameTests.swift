import Foundation
import Geometry
import LuaBindings
import Raster
import RenderTree
import Testing
import TestSupport

/// Frames of built-in entries, checked against values computed here from
/// the entries' own figures and Core Animation's rules.
@Suite struct PreviewFrameTests {
    /// The fade's presented view (0.2, 0.45, 0.95) over the white presenter:
    /// at each frame, the colour is the blend at the alpha easeInOut
    /// (0.42, 0, 0.58, 1) gives at that progress, within 1/255.
    @Test func fadeBlendsAsTheCurvePredicts() throws {
        let frames = try Preview.frames("fade", fps: 40)
        let renderer = Renderer(scale: 1, painter: Blank())
        var checked = 0
        for frame in frames {
            guard let progress = frame.progress, progress > 0.05, progress < 0.95 else { continue }
            let alpha = bezierY(x: progress, 0.42, 0, 0.58, 1)
            let image = try renderer.render(frame)
            let pixel = image[195, 422]
            // Premultiplied presented colour, rounded, then over white, rounded (8-bit compositing).
            let expected = [0.2, 0.45, 0.95].map { c in (c * alpha + (1 - alpha)) * 255 }
            for (channel, value) in zip([pixel.r, pixel.g, pixel.b], expected) {
                #expect(abs(Double(channel) - value) <= 1.0 + 0.5, "progress \(progress): \(channel) vs \(value)")
            }
            checked += 1
        }
        #expect(checked >= 8)
        // Half time: easeInOut is symmetric, so exactly the average.
        let half = try #require(frames.first { abs(($0.progress ?? 0) - 0.5) < 1e-9 })
        let pixel = try renderer.render(half)[195, 422]
        let blue: Double = (0.95 + 1) / 2 * 255
        #expect(abs(Int(pixel.b) - Int(blue.rounded())) <= 1)
    }

    /// The half-sheet's dimming view, black at the entry's default 0.4, over
    /// the white presenter once presented: 255 · 0.6 = 153 above the sheet.
    @Test func halfSheetDimsByItsDimmingAlpha() throws {
        let frames = try Preview.frames("half-sheet")
        let image = try Renderer(scale: 1, painter: Blank()).render(try #require(frames.last))
        look(image, "half-sheet")
        let above = image[195, 200]
        #expect(above == (153, 153, 153, 255))
        // The sheet itself, undimmed: the presented colour (0.2, 0.45, 0.95).
        let sheet = image[195, 700]
        #expect(sheet == (51, 115, 242, 255))
    }

    /// Halfway through the built-in partial curl, the picture shows the
    /// page's front (pure red or green), its back (the same colours seen
    /// through the paper: lightened, g ≈ b for the red half) and, where the
    /// page has lifted, the presented view under it.
    @Test func pageCurlShowsBothSidesOfThePage() throws {
        let frames = try Preview.frames("page-curl")
        let middle = try #require(frames.first { ($0.progress ?? 0) >= 0.6 })
        let image = try Renderer(scale: 1, painter: Halves()).render(middle)
        look(image, "page-curl")
        var front = 0, back = 0, under = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image[x, y]
                if (p.r == 255 && p.g == 0) || (p.g == 255 && p.r == 0) { front += 1 }
                if p.r > 150 && p.g > 60 && p.g < 235 && abs(Int(p.g) - Int(p.b)) <= 4 { back += 1 }
                if p.b > 200 && p.r < 80 { under += 1 }
            }
        }
        #expect(front > 2000, "front pixels: \(front)")
        #expect(back > 500, "back pixels: \(back)")
        #expect(under > 2000, "revealed pixels: \(under)")
    }

    /// A curled page is drawn flat once and kept while it stays the same
    /// (only the curl moves): frames drawn one after another by one renderer
    /// are the bytes a fresh renderer draws for each, also when the page's
    /// own layers change between frames.
    @Test func keptCurlPagesDrawTheSameBytes() throws {
        let frames = try Preview.frames("page-curl", scenario: .presentThenDismiss, fps: 20).filter { $0.progress != nil }
        #expect(frames.count > 8)
        let kept = Renderer(scale: 1, painter: StandardScene())
        for (index, frame) in frames.enumerated() {
            var frame = frame
            // Every third frame the page's first sublayer changes colour: the kept page must not serve.
            if index % 3 == 2, !frame.root.sublayers.isEmpty {
                recolourFirstLeaf(&frame.root, index: index)
            }
            let again = try Renderer(scale: 1, painter: StandardScene()).render(frame)
            #expect(try kept.render(frame).pixels == again.pixels, "frame \(index)")
        }
    }

    /// Gives the deepest first layer a colour of its own.
    private func recolourFirstLeaf(_ layer: inout RenderLayer, index: Int) {
        if layer.sublayers.isEmpty {
            layer.backgroundColor = Color(red: Double(index % 7) / 7, green: 0.5, blue: 0.2)
        } else {
            recolourFirstLeaf(&layer.sublayers[layer.sublayers.count - 1], index: index)
        }
    }

    /// Presentr's blurBackground on the alert: once presented, the red and
    /// green halves of the presenter show through its .dark blur (Apple's
    /// UIImageEffects figures: 20 pt, saturation 1.8, white 0.11 at 0.73).
    /// Far from the halves' edge the blur leaves red red and saturation keeps
    /// it pure, so the tint over it is worked out here; across the edge the
    /// two sides mix symmetrically. Dismissed, the blur fades out with its
    /// chrome view and nothing of it is left.
    @Test func alertBlursWhatIsBehindWithPresentrsBlurBackground() throws {
        let frames = try Preview.frames("alert", fps: 20, parameters: ["blurBackground": "true"])
        let renderer = Renderer(scale: 1, painter: Halves())
        let image = try renderer.render(try #require(frames.last))
        look(image, "alert-blur")
        let tint = (0.11 * 0.73 * 255).rounded(), keep = 255 - (0.73 * 255).rounded()
        let red = (UInt8(tint + 255 * keep / 255), UInt8(tint), UInt8(tint), UInt8(255))
        let green = (UInt8(tint), UInt8(tint + 255 * keep / 255), UInt8(tint), UInt8(255))
        #expect(image[40, 120] == red && image[350, 120] == green, "\(image[40, 120]) \(image[350, 120])")
        // Either side of the edge (x = 195), as much of each colour: the blur is symmetric.
        let (left, right) = (image[194, 120], image[195, 120])
        #expect(abs(Int(left.r) - Int(right.g)) <= 1 && abs(Int(left.g) - Int(right.r)) <= 1 && left.r > left.g)
        let dismissed = try Preview.frames("alert", scenario: .presentThenDismiss, fps: 20, parameters: ["blurBackground": "true"])
        let after = try renderer.render(try #require(dismissed.last))
        #expect(after[40, 120] == (255, 0, 0, 255) && after[350, 120] == (0, 255, 0, 255))
    }

    @Test func sameRunDrawsTheSameBytes() throws {
        let a = try Preview.frames("flip", fps: 20)
        let b = try Preview.frames("flip", fps: 20)
        #expect(a == b)
        let renderer = Renderer(scale: 2, painter: Halves())
        for (x, y) in zip(a, b).prefix(6) { #expect(try renderer.render(x) == (try Renderer(scale: 2, painter: Halves()).render(y))) }
    }
}

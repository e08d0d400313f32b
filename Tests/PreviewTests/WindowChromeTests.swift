import Geometry
import Raster
import RenderTree
import Testing
import Transitions
import Foundation

/// The status bar and home indicator are the window's: drawn once, at its
/// top and bottom edges, over whatever the views do.
///
/// The chrome's pixels are found as those that differ from the same frame
/// drawn without it; where they should be comes from Apple's figures (an
/// iPhone 14's 47-point status bar, the time's 17-point text centred at
/// 0.55 of the bar, the indicator 8 points above the bottom edge).
@Suite struct WindowChromeTests {
    /// The standard scene with the window's chrome left off.
    struct WithoutChrome: ScreenPainter {
        let scene = StandardScene()
        func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
            try scene.paint(role, size: size, scale: scale, safeArea: safeArea)
        }
        func paintRow(_ index: Int, size: Size, scale: Double) throws -> Image { try scene.paintRow(index, size: size, scale: scale) }
    }

    struct Ink {
        var pixels: [(x: Int, y: Int)] = []
        var minY: Int { pixels.map(\.y).min() ?? -1 }
        var maxY: Int { pixels.map(\.y).max() ?? -1 }
        var minX: Int { pixels.map(\.x).min() ?? -1 }
        var maxX: Int { pixels.map(\.x).max() ?? -1 }
    }

    /// Pixels where `a` and `b` differ by more than `threshold` in some channel.
    func difference(_ a: Image, _ b: Image, threshold: Int = 40) -> Ink {
        var ink = Ink()
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                if max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b))) > threshold { ink.pixels.append((x, y)) }
            }
        }
        return ink
    }

    /// How much lighter (> 0) or darker (< 0) the chrome made its ink, on average, in red (0…255).
    func lightening(_ with: Image, _ without: Image, _ ink: [(x: Int, y: Int)]) -> Double {
        ink.map { Double(with[$0.x, $0.y].r) - Double(without[$0.x, $0.y].r) }.reduce(0, +) / Double(max(ink.count, 1))
    }

    /// A page sheet at rest: one status bar, in the window's top 47 points,
    /// light over the black band behind the pushed-back presenter; none in
    /// the sheet, whose own top (57 points down) is plain indigo where the
    /// time would have been.
    @Test func aSheetAtRestHasOneStatusBarAtTheWindowsTop() throws {
        let frame = try #require(try Preview.frames("page-sheet").last)
        let scale = 2.0
        let with = try Renderer(scale: scale, painter: StandardScene()).render(frame)
        let without = try Renderer(scale: scale, painter: WithoutChrome()).render(frame)
        let ink = difference(with, without)
        let bar = ink.pixels.filter { $0.y < Int(47 * scale) }, rest = ink.pixels.filter { $0.y >= Int(47 * scale) }
        // The time's glyph rows: its cap height (0.727 em of 17 points) about 0.55 × 47 = 25.85.
        let ear = (390.0 / 2 - 63) / 2
        let time = bar.filter { abs(Double($0.x) / scale - ear) < 24 }
        #expect(!time.isEmpty)
        #expect(Double(time.map(\.y).min() ?? 0) / scale >= 25.85 - 6.2 - 1.5)
        #expect(Double(time.map(\.y).max() ?? 0) / scale <= 25.85 + 6.2 + 1.5)
        #expect(lightening(with, without, bar) > 100, "light text over the black band")
        // Only the home indicator besides: in the bottom 16 points.
        #expect(rest.allSatisfy { Double($0.y) / scale >= 844 - 16 })
        #expect(!rest.isEmpty)

        // No second bar in the sheet: where its time would be (its top 47 points, the left ear), the sheet is one colour a row.
        let sheetTop = 57.0
        for y in Int(sheetTop * scale) + 4..<Int((sheetTop + 47) * scale) {
            let xs = Int((ear - 24) * scale)..<Int((ear + 24) * scale)
            let reds = Set(xs.map { Int(with[$0, y].r) / 3 })
            #expect(reds.count <= 1, "row \(y) of the sheet is inked")
            if reds.count > 1 { break }
        }
    }

    /// Full-screen transitions: in every frame the chrome is in the same
    /// place (its ink's bounds within a pixel), and only in its two bands
    /// (a status bar painted into the screen sliding in would be elsewhere, or be
    /// seen twice).
    @Test(arguments: ["cover", "slide", "zoom"])
    func theStatusBarStaysPutThroughAFullScreenTransition(_ name: String) throws {
        let frames = try Preview.frames(name, fps: 10)
        #expect(frames.count >= 4)
        var bounds: (Int, Int, Int, Int)?
        for frame in frames {
            let with = try Renderer(scale: 1, painter: StandardScene()).render(frame)
            let without = try Renderer(scale: 1, painter: WithoutChrome()).render(frame)
            // A low threshold: over a mid-grey (a screen half slid in) the chrome contrasts least with what is under it.
            let ink = difference(with, without, threshold: 10)
            let bar = Ink(pixels: ink.pixels.filter { $0.y < 47 })
            #expect(ink.pixels.allSatisfy { $0.y < 47 || $0.y >= 844 - 16 }, "\(name) at \(frame.time)")
            let these = (bar.minX, bar.maxX, bar.minY, bar.maxY)
            if let bounds {
                #expect(abs(these.0 - bounds.0) <= 1 && abs(these.1 - bounds.1) <= 1 && abs(these.2 - bounds.2) <= 1
                        && abs(these.3 - bounds.3) <= 1, "\(name) at \(frame.time): \(these) vs \(bounds)")
            } else {
                bounds = these
            }
        }
    }

    /// Dark text on the light inbox at rest, light on the indigo detail once it covers the window;
    /// mid-slide, each part by what is under it: the time over the inbox, the icons over the detail.
    @Test func theStatusBarsColourFollowsTheScreenUnderIt() throws {
        let frames = try Preview.frames("cover")
        for (frame, light) in [(try #require(frames.first), false), (try #require(frames.last), true)] {
            let with = try Renderer(scale: 1, painter: StandardScene()).render(frame)
            let without = try Renderer(scale: 1, painter: WithoutChrome()).render(frame)
            let bar = difference(with, without).pixels.filter { $0.y < 47 }
            #expect(!bar.isEmpty)
            #expect(light ? lightening(with, without, bar) > 50 : lightening(with, without, bar) < -50,
                    "\(frame.time): \(lightening(with, without, bar))")
        }
        let slide = try Preview.frames("slide")
        let frame = try #require(slide.first { ($0.progress ?? 0) >= 0.6 })
        let with = try Renderer(scale: 1, painter: StandardScene()).render(frame)
        let without = try Renderer(scale: 1, painter: WithoutChrome()).render(frame)
        let bar = difference(with, without).pixels.filter { $0.y < 47 }
        #expect(lightening(with, without, bar.filter { $0.x < 120 }) < -50, "the time over the inbox")
        #expect(lightening(with, without, bar.filter { $0.x > 270 }) > 50, "the icons over the detail")
    }

    /// WCAG 2's relative luminance of an sRGB pixel, written out here from the
    /// standard (IEC 61966-2-1's decoding, then Rec. 709's weights).
    static func luminance(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Double {
        func linear(_ level: UInt8) -> Double {
            let c = Double(level) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(p.r) + 0.7152 * linear(p.g) + 0.0722 * linear(p.b)
    }

    /// An iPad 11" with the alert's dimming at 50 %: the inbox behind it is a
    /// grey of 128, and the time and the icons must stand out from it. Their
    /// most-inked pixels reach WCAG's 4.5 : 1 for text (black on that grey
    /// is 5.3 : 1; white only 4.0 : 1; a grey of the dimming's own, 1 : 1).
    @Test func theStatusBarStandsOutOverAHalfDimmedScreen() throws {
        let iPad = try #require(Device.all.first { $0.name == "ipad-11" })
        let frame = try #require(try Preview.frames("alert", parameters: ["dimming": "0.5"], device: iPad).last)
        let with = try Renderer(scale: 1, painter: StandardScene()).render(frame)
        let without = try Renderer(scale: 1, painter: WithoutChrome()).render(frame)
        let bar = difference(with, without, threshold: 0).pixels.filter { $0.y < 24 }
        for (part, pixels) in [("time", bar.filter { $0.x < 834 / 2 }), ("icons", bar.filter { $0.x >= 834 / 2 })] {
            #expect(pixels.count > 30, "the \(part) is drawn")
            let best = pixels.map { point -> Double in
                let ink = Self.luminance(with[point.x, point.y]), behind = Self.luminance(without[point.x, point.y])
                return (max(ink, behind) + 0.05) / (min(ink, behind) + 0.05)
            }.max() ?? 0
            #expect(best >= 4.5, "the \(part)'s contrast \(best) : 1")
        }
        // What is behind is the half-dimmed white: a grey of 127 or 128.
        let behind = without[834 / 2, 12]
        #expect((127...128).contains(behind.r) && behind.r == behind.g && behind.g == behind.b, "\(behind)")
    }

    /// The page curl lifts the presenter's page away; the status bar stays over it all.
    @Test func pageCurlKeepsTheStatusBar() throws {
        let frames = try Preview.frames("page-curl")
        let frame = try #require(frames.first { ($0.progress ?? 0) >= 0.9 } ?? frames.last)
        let with = try Renderer(scale: 1, painter: StandardScene()).render(frame)
        let without = try Renderer(scale: 1, painter: WithoutChrome()).render(frame)
        let ear = (390.0 / 2 - 63) / 2
        #expect(difference(with, without).pixels.contains { $0.y < 47 && abs(Double($0.x) - ear) < 24 })
    }

    /// `--scene plain` and hand-made frames: no chrome at all.
    @Test func thePlainSceneDrawsNoChrome() throws {
        var frame = try #require(try Preview.frames("page-sheet").last)
        #expect(frame.chrome != nil)
        let with = try Renderer(scale: 1, painter: PlainScene()).render(frame)
        frame.chrome = nil
        #expect(with == (try Renderer(scale: 1, painter: PlainScene()).render(frame)))
    }

    /// The engine gives each screen its safe area from where it rests: a
    /// full-screen presented screen the window's, a page sheet's (below the
    /// status bar, down to the bottom edge) only the bottom, an alert's box none.
    @Test(arguments: [("cover", EdgeInsets(top: 47, bottom: 34)), ("page-sheet", EdgeInsets(bottom: 34)), ("alert", EdgeInsets())])
    func screensHaveTheirOwnSafeAreas(_ name: String, _ expected: EdgeInsets) throws {
        let frame = try #require(try Preview.frames(name).last)
        var presented: [Int] = []
        var stack = [frame.root]
        while let layer = stack.popLast() {
            if case .screen(.presented, _) = layer.content { presented.append(layer.id) }
            stack += layer.sublayers
        }
        let id = try #require(presented.first)
        #expect(frame.screenSafeAreas[id] == expected)
    }
}

import Catalogue
import Foundation
import Geometry
import LuaBindings
import Raster
import RenderTree
import Testing

/// Scripts written here, run through the engine and drawn: what the
/// layers they make look like, against pixels worked out by hand.
@Suite struct ScriptedFrameTests {
    /// A presentation whose animateTransition runs `body` with `view` (the
    /// presented view, green, full screen) and `ctx` in scope, then a 1 s
    /// linear animation of `animations` whose completion ends the transition.
    static func entry(_ body: String, animations: String = "view.alpha = 1") -> String {
        """
        local function animateTransition(ctx)
          local view = ctx:viewForKey("to")
          view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          view.backgroundColor = UIColor.green
          ctx.containerView:addSubview(view)
          \(body)
          UIView.animate{duration = 1, options = {"curveLinear"}, animations = function() \(animations) end,
                         completion = function() ctx:completeTransition(true) end}
        end
        return {title = "Frames", summary = "Frames.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition}}
        """
    }

    /// The frames at `fps`, 390 × 844 points.
    static func frames(_ body: String, animations: String = "view.alpha = 1", fps: Double = 4) throws -> [RenderFrame] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("frames.lua")
        let source = entry(body, animations: animations)
        try source.write(to: url, atomically: true, encoding: .utf8)
        var options = ScenarioOptions()
        options.fps = fps
        options.rendering = true
        let outcome = ScenarioRunner.run(EntryFile(url: url, catalogue: "test", workingDirectory: folder), source: source,
                                         scenario: .present, options: options)
        guard outcome.problems.isEmpty else { throw PreviewFixtureError.problems(outcome.problems.map(\.description)) }
        return outcome.frames
    }

    /// A 100 × 60 white box with a 4-point red border, snapshotted with
    /// 10-point caps and stretched to 200 × 60: the corners (10 × 10) are
    /// the box's own pixels, the left and right borders stay 4 pixels wide
    /// (stretched whole they would be 8), the top and bottom ones run the
    /// whole width.
    @Test func capInsetsKeepTheirSizeWhenASnapshotStretches() throws {
        let frames = try Self.frames("""
            local box = UIView.new{frame = CGRect(20, 100, 100, 60), backgroundColor = UIColor.white}
            box.layer.borderWidth = 4
            box.layer.borderColor = UIColor.red
            view:addSubview(box)
            local copy = box:resizableSnapshotView{from = CGRect(0, 0, 100, 60), afterScreenUpdates = true,
                                                   withCapInsets = {top = 10, left = 10, bottom = 10, right = 10}}
            copy.frame = CGRect(20, 300, 200, 60)
            view:addSubview(copy)
            """)
        let image = try Renderer(scale: 1, painter: Blank()).render(try #require(frames.last))
        look(image, "cap-insets")
        let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255), white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
        // Corners: each 10 × 10 pixel block is the box's (left corners at x 20, right ones at 120 − 10 → 220 − 10).
        for (boxY, copyY) in [(100, 300), (150, 350)] {
            for y in 0..<10 {
                for x in 0..<10 {
                    #expect(image[20 + x, copyY + y] == image[20 + x, boxY + y], "left corner (\(x), \(y))")
                    #expect(image[210 + x, copyY + y] == image[110 + x, boxY + y], "right corner (\(x), \(y))")
                }
            }
        }
        // The borders: 4 pixels at each side, across the middle row too.
        for y in [300, 330, 359] {
            for x in 20..<24 { #expect(image[x, y] == red, "left border (\(x), \(y))") }
            for x in 216..<220 { #expect(image[x, y] == red, "right border (\(x), \(y))") }
        }
        #expect(image[24, 330] == white && image[215, 330] == white && image[120, 330] == white)
        for x in stride(from: 20, to: 220, by: 7) {
            for y in 300..<304 { #expect(image[x, y] == red, "top border (\(x), \(y))") }
            for y in 356..<360 { #expect(image[x, y] == red, "bottom border (\(x), \(y))") }
        }
        // Outside the snapshot: the green screen.
        #expect(image[19, 330] == (0, 255, 0, 255) && image[220, 330] == (0, 255, 0, 255) && image[120, 360] == (0, 255, 0, 255))
    }

    /// Caps wider than the region are cut to fit it in proportion, and bounds
    /// narrower than the caps squeeze them in proportion: a 100 × 60 box with
    /// caps of 10¹⁰⁰ on the left and 3·10¹⁰⁰ on the right shows its left
    /// quarter and right three quarters unstretched, at any size.
    @Test func hugeCapsShareTheRegion() throws {
        let frames = try Self.frames("""
            local box = UIView.new{frame = CGRect(20, 100, 100, 60), backgroundColor = UIColor.white}
            local left = UIView.new{frame = CGRect(0, 0, 25, 60), backgroundColor = UIColor.red}
            box:addSubview(left)
            view:addSubview(box)
            local copy = box:resizableSnapshotView{from = CGRect(0, 0, 100, 60), afterScreenUpdates = true,
                                                   withCapInsets = {left = 1e100, right = 3e100}}
            copy.frame = CGRect(20, 300, 200, 60)
            view:addSubview(copy)
            local small = box:resizableSnapshotView{from = CGRect(0, 0, 100, 60), afterScreenUpdates = true,
                                                    withCapInsets = {left = 1e100, right = 3e100}}
            small.frame = CGRect(20, 400, 40, 60)
            view:addSubview(small)
            """)
        let image = try Renderer(scale: 1, painter: Blank()).render(try #require(frames.last))
        let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255), white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
        // No middle is left to stretch: the 200-point copy shows the caps at their size (25 and 75), nothing between them.
        let green: (UInt8, UInt8, UInt8, UInt8) = (0, 255, 0, 255)
        #expect(image[20, 330] == red && image[44, 330] == red && image[45, 330] == green && image[144, 330] == green)
        #expect(image[145, 330] == white && image[219, 330] == white && image[220, 330] == green)
        // Squeezed into 40 points: the quarter of red is 10 points.
        #expect(image[29, 430] == red && image[30, 430] == white && image[59, 430] == white && image[60, 430] == green)
    }

    /// A dark blur coming in over the green screen: a flat colour stays
    /// itself under the blur and green stays green under the saturation, so
    /// what shows is UIImageEffects' dark tint (white 0.11) over green: at
    /// alpha 0.73 at the end, at half of it halfway. Outside the view, green.
    @Test func aBlurComesInOverTheScreen() throws {
        let frames = try Self.frames("""
            local blur = UIVisualEffectView.new{frame = CGRect(50, 100, 200, 300)}
            view:addSubview(blur)
            """, animations: "blur.effect = UIBlurEffect(\"dark\")")
        let renderer = Renderer(scale: 1, painter: Blank())
        func expected(alpha: Double) -> (UInt8, UInt8, UInt8, UInt8) {
            let a = (alpha * 255).rounded(), tint = UInt8((0.11 * alpha * 255).rounded())
            return (tint, UInt8(Double(tint) + (255 * (255 - a) / 255).rounded()), tint, 255)
        }
        let half = try renderer.render(try #require(frames.first { abs($0.time - 0.5) < 1e-9 }))
        #expect(half[150, 250] == expected(alpha: 0.365), "\(half[150, 250])")
        let end = try renderer.render(try #require(frames.last))
        look(end, "dark-blur")
        #expect(end[150, 250] == expected(alpha: 0.73) && end[51, 101] == expected(alpha: 0.73), "\(end[150, 250])")
        #expect(end[49, 250] == (0, 255, 0, 255) && end[150, 99] == (0, 255, 0, 255))
    }
}

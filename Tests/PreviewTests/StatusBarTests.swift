import Geometry
import LuaBindings
import Raster
import RenderTree
import Testing
import Transitions

/// The status bar as the controller in charge asks for it: who is in charge, how far a change has come on the
/// animation block it was asked in, and what the renderer draws for it, each value worked out by hand.
@Suite struct StatusBarTests {
    /// photo-viewer's presented controller asks for a hidden bar and captures it: UIKit hides the bar along with the
    /// 0.3 s presentation (an alongside animation: the transition's duration, UIKit's default ease-in-out) and shows it
    /// again along with the dismissal.
    @Test func theCapturingControllerHidesTheBarAlongWithItsAnimation() throws {
        let frames = try Preview.frames("photo-viewer", scenario: .presentThenDismiss, parameters: ["duration": "0.3"])
        let hidden = StatusBarLook(lightContent: true, hidden: true)
        // At 0.15 s, halfway through the transition's time: ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), is 0.5 there
        // (the curve is symmetric about its middle); 0.05 s in (a sixth of the way), the curve solved below at 1/6.
        let middle = try #require(frames.first { abs($0.time - 0.15) < 1e-9 }?.chrome)
        #expect(middle.statusBar == hidden && middle.previousStatusBar == nil)
        #expect(abs(middle.statusBarFraction - 0.5) < 1e-6, "\(middle.statusBarFraction)")
        let early = try #require(frames.first { abs($0.time - 0.05) < 1e-9 }?.chrome)
        #expect(abs(early.statusBarFraction - Self.easeInOut(1.0 / 6)) < 1e-6, "\(early.statusBarFraction)")
        // At rest, presented (the scenario that stops there): hidden, done.
        let shown = try #require(try Preview.frames("photo-viewer", parameters: ["duration": "0.3"]).last?.chrome)
        #expect(shown.statusBar == hidden && shown.statusBarFraction == 1)
        // The dismissal (0.25 s from 0.3 s) brings the presenter's bar back along with it: at 0.4 s, 0.4 of its time.
        let back = try #require(frames.first { abs($0.time - 0.4) < 1e-9 }?.chrome)
        #expect(back.statusBar == nil && back.previousStatusBar == hidden)
        #expect(abs(back.statusBarFraction - Self.easeInOut(0.4)) < 1e-6, "\(back.statusBarFraction)")
        let after = try #require(frames.last?.chrome)
        #expect(after.statusBar == nil && after.statusBarFraction == 1)
    }

    /// Cubic-bezier(0.42, 0, 0.58, 1) at x, by bisection on the curve's parameter: the reference the engine's curve is
    /// held to.
    static func easeInOut(_ x: Double) -> Double {
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * p1 * t * (1 - t) * (1 - t) + 3 * p2 * t * t * (1 - t) + t * t * t }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if bezier(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    /// The darkest and the count of non-white pixels of the status bar's band (its top 47 points) in `frame` as drawn
    /// with `statusBar`, over the inbox's white once fade has been dismissed.
    func band(_ chrome: (inout WindowChrome) -> Void) throws -> (darkest: Int, inked: Int) {
        var frame = try #require(try Preview.frames("fade", scenario: .presentThenDismiss).last)
        var bar = try #require(frame.chrome)
        chrome(&bar)
        frame.chrome = bar
        let image = try Renderer(scale: 1, painter: StandardScene()).render(frame)
        var darkest = 255, inked = 0
        for y in 0..<47 {
            for x in 0..<image.width {
                let r = Int(image.pixels[(y * image.width + x) * 4])
                darkest = min(darkest, r)
                if r < 250 { inked += 1 }
            }
        }
        return (darkest, inked)
    }

    @Test func theRendererDrawsWhatTheControllerAsks() throws {
        // The app's own bar over white: black, some pixels wholly covered.
        let own = try band { _ in }
        #expect(own.darkest == 0 && own.inked > 100)
        // Light content over white: white on white, nothing to see; hidden: nothing drawn.
        #expect(try band { $0.statusBar = StatusBarLook(lightContent: true, hidden: false) }.inked == 0)
        #expect(try band { $0.statusBar = StatusBarLook(lightContent: false, hidden: true) }.inked == 0)
        // Dark content asked for: the same black as the app's own over white.
        #expect(try band { $0.statusBar = StatusBarLook(lightContent: false, hidden: false) } == own)
        // Halfway from the app's own to hidden, fading: black at half opacity over white, 127.5.
        let half = try band {
            $0.previousStatusBar = nil
            $0.statusBar = StatusBarLook(lightContent: false, hidden: true)
            $0.statusBarFraction = 0.5
        }
        #expect((127...128).contains(half.darkest), "\(half.darkest)")
        // Sliding instead: the shown bar, at full opacity, half its height up (the time's top half off the window).
        let slid = try band {
            $0.statusBar = StatusBarLook(lightContent: false, hidden: true)
            $0.statusBarFraction = 0.5
            $0.statusBarSlides = true
        }
        #expect(slid.darkest == 0 && slid.inked < own.inked)
    }
}

import CRaster
import Foundation
import Geometry
import RenderTree

/// The system's chrome over the window, drawn once a frame after every view.
///
/// The status bar and the home indicator belong to the system, not to a
/// screen: they stay at the window's top and bottom edges, over all content,
/// whatever the views do beneath them (a sheet's card, a screen sliding in,
/// a page curling away).
///
/// Their colour follows what is under them, as iOS's does when apps keep
/// the default style (dark content on a light screen, light on a dark one).
/// iOS asks the controller under the status bar; a frozen frame has no
/// controllers, so we look at the pixels: each of the chrome's three parts
/// (the time, the icons, the indicator) is black or white, whichever
/// contrasts more with the mean relative luminance of the frame behind it
/// before it is drawn (WCAG 2's contrast ratio, (L₁ + 0.05) / (L₂ + 0.05)).
/// The two tie at a luminance of 0.179 (an sRGB grey of 117): a white
/// screen under a 50 % black dimming (128) keeps black chrome at 5.3 : 1.
/// (A grey in between, as a style's cross-fade passes through, once stood
/// for such middling backgrounds: over a 50 % dimming it was the dimming's
/// own grey, and the chrome vanished.) Each part is judged alone, so a
/// screen sliding in from the side turns the icons white over it while the
/// time stays black over the screen it leaves.
extension Renderer {
    struct ChromeKey: Hashable {
        enum Part: Hashable { case time, icons, homeIndicator }
        let part: Part
        let black: Bool
        let width: Int, height: Int
    }

    func drawChrome(_ chrome: WindowChrome, window: Size, into target: RenderTarget) throws {
        // Every path that blends into an edge pixel's samples sets the
        // pixel to their average at once (craster.h), so the band reads as
        // the frame will show it.
        if chrome.statusBarHeight >= 20 {
            let band = Rect(x: 0, y: 0, width: window.width, height: chrome.statusBarHeight)
            let layout = try SystemChrome.statusBarLayout(width: window.width, height: chrome.statusBarHeight)
            for pass in Self.statusBarPasses(chrome) {
                let moved = band.offsetBy(dx: 0, dy: pass.dy)
                for (part, area) in [(ChromeKey.Part.time, layout.time), (.icons, layout.icons)] {
                    try drawChromePart(part, in: moved, over: area.insetBy(dx: -3, dy: -3).offsetBy(dx: 0, dy: pass.dy), target: target,
                                       black: pass.look.map { !$0.lightContent }, alpha: pass.alpha)
                }
            }
        }
        if chrome.homeIndicator {
            let band = Rect(x: 0, y: window.height - SystemChrome.homeBand, width: window.width, height: SystemChrome.homeBand)
            let bar = min(134, window.width * 0.36)
            try drawChromePart(.homeIndicator, in: band, over: band.insetBy(dx: (window.width - bar) / 2 - 4, dy: 0), target: target)
        }
    }

    /// How the status bar is drawn this frame: each look shown, at what opacity and how far slid up. A look the
    /// controller in charge asked for has its colour; nil, the app's own, follows what is under it (`black` nil).
    /// During a change the look left fades out as the new one fades in, or, hiding or showing with a slide, the
    /// shown look slides off or onto the top at full opacity.
    static func statusBarPasses(_ chrome: WindowChrome) -> [(look: StatusBarLook?, alpha: Double, dy: Double)] {
        let f = min(max(chrome.statusBarFraction, 0), 1)
        guard f < 1 else { return chrome.statusBar?.hidden == true ? [] : [(chrome.statusBar, 1, 0)] }
        if chrome.statusBarSlides {
            // The one that is shown at either end: hiding, it slides up as f grows; showing, it slides down into place.
            let hiding = chrome.statusBar?.hidden == true
            let shown = hiding ? chrome.previousStatusBar : chrome.statusBar
            return [(shown, 1, -chrome.statusBarHeight * (hiding ? f : 1 - f))]
        }
        var passes: [(look: StatusBarLook?, alpha: Double, dy: Double)] = []
        if chrome.previousStatusBar?.hidden != true, f < 1 { passes.append((chrome.previousStatusBar, 1 - f, 0)) }
        if chrome.statusBar?.hidden != true, f > 0 { passes.append((chrome.statusBar, f, 0)) }
        return passes
    }

    /// One part's picture (the band's size, only that part drawn), drawn over `area` of the band only, in black or
    /// white (nil: whichever contrasts more with what is under it) at `alpha`.
    private func drawChromePart(_ part: ChromeKey.Part, in band: Rect, over area: Rect, target: RenderTarget,
                                black chosen: Bool? = nil, alpha: Double = 1) throws {
        let (width, height) = pixelSize(of: band.size)
        try charge(2 * Int((area.width * area.height * scale * scale).rounded(.up)))
        let black: Bool
        if let chosen {
            black = chosen
        } else {
            let behind = meanLuminance(of: area, in: target)
            black = (behind + 0.05) / 0.05 >= 1.05 / (behind + 0.05)
        }
        let key = ChromeKey(part: part, black: black, width: width, height: height)
        let picture: Image
        if let cached = chromePictures[key] {
            picture = cached
        } else {
            var painter = Painter(size: band.size, scale: scale)
            let color = Color(white: black ? 0 : 1)
            switch part {
            case .time: try SystemChrome.statusBar(&painter, width: band.width, height: band.height, color: color, icons: false)
            case .icons: try SystemChrome.statusBar(&painter, width: band.width, height: band.height, color: color, time: false)
            case .homeIndicator: SystemChrome.homeIndicator(&painter, size: band.size, color: color)
            }
            picture = painter.image
            if chromePictures.count > 36 { chromePictures.removeAll() }
            chromePictures[key] = picture
        }
        let place = Homography(translationX: band.minX, y: band.minY).concatenating(Homography(scaleX: scale, y: scale))
        let part = Rect(x: area.minX - band.minX, y: area.minY - band.minY, width: area.width, height: area.height)
        guard let box = pixelBox(Quad(part).map(place.apply), inFront: true, in: target)
        else { return }
        let context = DrawContext(target: target, clip: nil, safeArea: EdgeInsets())
        fill(place, band.size, radius: 0, color: (0, 0, 0, 0), texture: picture, alpha: UInt8((min(max(alpha, 0), 1) * 255).rounded()),
             box: box, context: context)
    }

    /// The mean relative luminance (0…1, WCAG 2's: sRGB decoded, then 0.2126 R +
    /// 0.7152 G + 0.0722 B) of the frame's pixels in `area` (points), every
    /// other pixel of every other row: enough to tell light from dark.
    private func meanLuminance(of area: Rect, in target: RenderTarget) -> Double {
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        let x0 = clamp((area.minX * scale).rounded(), target.width), x1 = clamp((area.maxX * scale).rounded(), target.width)
        let y0 = clamp((area.minY * scale).rounded(), target.height), y1 = clamp((area.maxY * scale).rounded(), target.height)
        let linear = Self.linearSRGB
        var total = 0.0, count = 0
        let pixels = target.pixels
        for y in stride(from: y0, to: y1, by: 2) {
            var i = (y * target.width + x0) * 4
            for _ in stride(from: x0, to: x1, by: 2) {
                // The frame is opaque, so premultiplied is straight.
                total += 0.2126 * linear[Int(pixels[i])] + 0.7152 * linear[Int(pixels[i + 1])] + 0.0722 * linear[Int(pixels[i + 2])]
                count += 1
                i += 8
            }
        }
        return count == 0 ? 0 : total / Double(count)
    }

    /// sRGB's decoding, a level of 255 to linear light (IEC 61966-2-1).
    static let linearSRGB: [Double] = (0..<256).map { level in
        let c = Double(level) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}

import Foundation
import Geometry
import Transitions

/// How much a transition moves things on screen, in the terms Apple's
/// guidance on Reduce Motion uses: slides across much of the screen, zooms,
/// spins and 3-D turns. Measured from what is drawn (every visible view's
/// corners in the window, after every transform), frame by frame, so it
/// judges the picture and not the code that made it.
struct MotionMeter {
    /// One view's extremes while it was visible.
    private struct Track {
        var name: String
        var minCenter: Point, maxCenter: Point
        var minArea: Double, maxArea: Double
        /// The top edge's direction, unwrapped: turns add up past ±π.
        var angle: Double, minAngle: Double, maxAngle: Double
        /// The least and most foreshortening seen (how far from a
        /// parallelogram the view was drawn): a turn changes it, a view
        /// tilted still does not.
        var minDepth: Double, maxDepth: Double
        /// Drawn larger than any number: a zoom past the screen.
        var escaped = false
    }

    private var tracks: [Int: Track] = [:]
    /// The transition being measured ("presentation", "dismissal"): what
    /// its animations move is measured until they end, completion or not.
    var phase: String?
    /// When the last look was taken: at most 30 a second (a sixtieth apart
    /// shows no more motion, and every look walks every view).
    var lastSample = -Double.infinity

    /// Thresholds for "large": a slide over a third of the screen, a change
    /// of size over 1.5× in each direction (2.25× in area), a turn over 30°,
    /// foreshortening over 3 % of the view's size (a 3-D turn under
    /// perspective, or a page curl).
    static let slideFraction = 1.0 / 3
    static let zoomAreaRatio = 2.25
    static let spinAngle = Double.pi / 6
    static let depthFraction = 0.03
    /// Views smaller than this share of the screen are counted together:
    /// many small pieces flying off are one large motion.
    static let screenShare = 0.1

    /// Views looked at in one transition, at most: every look walks every
    /// view, and a script can make tens of thousands. A transition of 50
    /// views looked at 30 times a second for 10 s looks at 15,000; the limit
    /// keeps a script's worst case near 0.1 s.
    static let lookLimit = 200_000
    private var looks = 0
    /// When the limit was reached: nothing after it was measured.
    private(set) var cutAt: Double?

    var isEmpty: Bool { tracks.isEmpty }

    mutating func reset() {
        tracks.removeAll(keepingCapacity: true)
        phase = nil
        lastSample = -.infinity
        looks = 0
        cutAt = nil
    }

    /// Looks at every visible view in the window now. Only what is on the
    /// screen counts: a view parked off it moves nothing anyone sees.
    mutating func sample(_ window: View, at time: Double) {
        guard cutAt == nil else { return }
        let screen = window.bounds
        func visit(_ view: View, opacity: Double, parent: Homography, parentSublayer: Simulation.SublayerFrame?) {
            looks += 1
            guard looks <= Self.lookLimit else {
                cutAt = cutAt ?? time
                return
            }
            let state = view.presentation
            let alpha = opacity * state.alpha
            // Barely visible views move nothing the eye follows.
            guard alpha > 0.05, !state.isHidden else { return }
            var placement = Homography.identity
            if view !== window {
                placement = Simulation.placement(of: state, sublayerOf: parentSublayer).concatenating(parent)
                let corners = Quad(state.bounds)
                // Behind the eye nothing is drawn (the renderer leaves it out too).
                if placement.w(at: corners.topLeft) > 0, placement.w(at: corners.topRight) > 0,
                   placement.w(at: corners.bottomRight) > 0, placement.w(at: corners.bottomLeft) > 0 {
                    let quad = corners.map(placement.apply)
                    record(view, quad, curled: state.curl > 0.05, screen: screen)
                }
            }
            let sublayer = state.sublayerFrame
            for child in view.sublayers { visit(child, opacity: alpha, parent: placement, parentSublayer: sublayer) }
        }
        visit(window, opacity: 1, parent: .identity, parentSublayer: nil)
    }

    private mutating func record(_ view: View, _ quad: Quad, curled: Bool, screen: Rect) {
        // The four corners by name, not as arrays: this runs for every view 30 times a second.
        let (a, b, c, d) = (quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft)
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite, c.x.isFinite, c.y.isFinite, d.x.isFinite, d.y.isFinite else {
            tracks[view.id]?.escaped = true
            return
        }
        let minX = min(a.x, b.x, c.x, d.x), maxX = max(a.x, b.x, c.x, d.x)
        let minY = min(a.y, b.y, c.y, d.y), maxY = max(a.y, b.y, c.y, d.y)
        guard maxX > screen.minX, minX < screen.maxX, maxY > screen.minY, minY < screen.maxY else { return }
        let center = Point(x: (a.x + b.x + c.x + d.x) / 4, y: (a.y + b.y + c.y + d.y) / 4)
        let area = abs(quad.signedArea)
        let top = Point(x: quad.topRight.x - quad.topLeft.x, y: quad.topRight.y - quad.topLeft.y)
        let bottom = Point(x: quad.bottomRight.x - quad.bottomLeft.x, y: quad.bottomRight.y - quad.bottomLeft.y)
        let left = Point(x: quad.bottomLeft.x - quad.topLeft.x, y: quad.bottomLeft.y - quad.topLeft.y)
        let right = Point(x: quad.bottomRight.x - quad.topRight.x, y: quad.bottomRight.y - quad.topRight.y)
        // A parallelogram has equal opposite sides; perspective makes them differ.
        let size = max(hypot(top.x, top.y), hypot(left.x, left.y), 1)
        let across = hypot(top.x - bottom.x, top.y - bottom.y), down = hypot(left.x - right.x, left.y - right.y)
        // A page curl bends the page off its plane: as 3-D as a turn.
        let depth = curled ? 1 : max(across, down) / size
        let direction = hypot(top.x, top.y) > 0.5 ? atan2(top.y, top.x) : nil
        // Found once (hashing the id was a tenth of a look) and changed in place in the dictionary (a copy out and
        // back retained and released the name each time).
        guard let index = tracks.index(forKey: view.id) else {
            let angle = direction ?? 0
            tracks[view.id] = Track(name: view.name, minCenter: center, maxCenter: center, minArea: area, maxArea: area,
                                    angle: angle, minAngle: angle, maxAngle: angle, minDepth: depth, maxDepth: depth)
            return
        }
        Self.widen(&tracks.values[index], center: center, area: area, direction: direction, depth: depth)
    }

    private static func widen(_ track: inout Track, center: Point, area: Double, direction: Double?, depth: Double) {
        track.minCenter = Point(x: min(track.minCenter.x, center.x), y: min(track.minCenter.y, center.y))
        track.maxCenter = Point(x: max(track.maxCenter.x, center.x), y: max(track.maxCenter.y, center.y))
        track.minArea = min(track.minArea, area)
        track.maxArea = max(track.maxArea, area)
        if let direction {
            var turn = direction - track.angle
            turn -= (turn / (2 * .pi)).rounded() * 2 * .pi
            track.angle += turn
            track.minAngle = min(track.minAngle, track.angle)
            track.maxAngle = max(track.maxAngle, track.angle)
        }
        track.minDepth = min(track.minDepth, depth)
        track.maxDepth = max(track.maxDepth, depth)
    }

    /// The largest motion seen, said for a person, or nil when everything
    /// moved calmly. Views count by the largest area they covered; small
    /// ones count only together.
    func largeMotion(screen: Size) -> String? {
        let screenArea = screen.width * screen.height
        var findings: [(share: Double, text: String)] = []
        var smallShare = 0.0
        var smallText: String?
        for track in tracks.values.sorted(by: { $0.name < $1.name }) {
            guard let text = describe(track, screen: screen) else { continue }
            let share = track.maxArea / max(screenArea, 1)
            if share >= Self.screenShare {
                findings.append((share, "'\(track.name)' \(text)"))
            } else {
                smallShare += share
                smallText = smallText ?? text
            }
        }
        if smallShare >= Self.screenShare, let smallText {
            findings.append((smallShare, "small views covering \(Int((smallShare * 100).rounded())) % of the screen \(smallText)"))
        }
        return findings.max { $0.share < $1.share }?.text
    }

    private func describe(_ track: Track, screen: Size) -> String? {
        let dx = track.maxCenter.x - track.minCenter.x, dy = track.maxCenter.y - track.minCenter.y
        if track.escaped { return "zooms past any size" }
        if track.maxDepth - track.minDepth > Self.depthFraction { return "turns in 3-D (drawn in perspective, or curled)" }
        let spin = track.maxAngle - track.minAngle
        if spin > Self.spinAngle { return "spins \(Int((spin * 180 / .pi).rounded()))°" }
        if track.minArea > 0.5, track.maxArea / track.minArea > Self.zoomAreaRatio {
            return "zooms \(formatted((track.maxArea / track.minArea).squareRoot(), decimals: 1))×"
        }
        if track.minArea <= 0.5, track.maxArea > 0.5 { return "zooms from nothing" }
        if dx > screen.width * Self.slideFraction || dy > screen.height * Self.slideFraction {
            return "slides \(Int(max(dx, dy).rounded())) pt"
        }
        return nil
    }
}

import Foundation
import Geometry

extension Simulation {
    /// A drag the scroll view's own pan has alone: its content follows the finger and comes to rest, and nothing else
    /// is told of it.
    public func scroll(_ pan: ScrollViewPan, by events: [GestureSample], fps: Double, sample: ((Simulation) -> Void)?) {
        play(events, fps: fps, sample: sample) { _, event in
            pan.handle(event)
            return true
        }
        runUntilIdle(fps: fps, sample: sample)
    }

    /// The nearest scroll view under `point` inside `view` (not `view` itself) whose own pan begins for a drag whose
    /// first movement is `movement`: what UIKit's hit-testing finds there, or one of its superviews.
    public func scrollView(under point: Point, within view: View, moving movement: Point) -> View? {
        var hit = window.hitTest(point)
        while let current = hit, current !== view {
            if ScrollViewPan.begins(current, moving: movement) { return current }
            hit = current.superview
        }
        return nil
    }
}

/// A UIScrollView's own pan recognizer (`panGestureRecognizer`), for a drag that lands in a scroll view while an
/// interaction's recognizer on a view above it recognizes at the same time (the app's
/// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`), or alone when it has the drag. Which begins is decided
/// where the gesture is driven (the Lua run's `ScenarioRunner.begins`, the Swift's `ScrollViewSharing`); this moves the
/// content while the finger is down and lets it come to rest after. Its pan begins only along an axis it scrolls
/// (`begins(_:moving:)`).
///
/// The model, from UIScrollView's documented figures: the content follows the finger point for point, each move
/// applied to the offset as it is then (so that an app that holds the content at its top while it dismisses, as
/// sheets do, keeps it there); past an end it is rubber-banded with d·(1 − 1/(x·0.55/d + 1)) over the scroll view's
/// side d when `bounces` (held at the end otherwise); let go inside, it decelerates at the normal rate (0.998 of its
/// speed kept each millisecond) until it is slower than 10 points a second or meets an end, where it stops; let go
/// past an end, it springs back (critically damped, about 0.6 s to rest). Segue does not model the overshoot of a
/// deceleration that meets an end at speed: it stops there. The ends are the content's as it is at each refresh (content
/// that shrinks under a deceleration leaves it past the new end, from where it springs back, or stops it there when it
/// does not bounce), and an offset the app sets stops it. UIKit runs this on the
/// display's refreshes itself: it is not the app's work, and the trace does not show it as such.
public final class ScrollViewPan {
    public let view: View
    /// The view the other recognizer is on (the presented screen), and where it showed when the drag began: a check
    /// compares the two while the content is still scrolled (`dismissed-while-scrolled`).
    public let sharedWith: View
    public let startFrame: Rect?
    /// Weak (a `Link`): a plan may outlive its run; a gone simulation moves nothing.
    private let simulationLink: Link<Simulation>
    private var simulation: Simulation? { simulationLink.object }
    /// The offset the pan last gave, and where the finger says it would be before the rubber band: an offset the
    /// app changed since is taken as it is.
    private var given: Point
    private var unbanded: Point
    private var lastTranslation = Point.zero
    /// Bumped by each new drag and each release: a settle scheduled by an earlier one stops.
    private var generation = 0

    /// UIScrollView.DecelerationRate.normal: the speed kept each millisecond.
    static let decelerationRate = 0.998
    /// Below this speed (points a second) a deceleration stops.
    static let restingSpeed = 10.0
    /// The spring that brings rubber-banded content back: ω of a critically damped spring, per second.
    static let bounceBack = 10.0

    public init(view: View, sharedWith: View, in simulation: Simulation) {
        self.view = view
        self.sharedWith = sharedWith
        startFrame = simulation.visibleFrame(of: sharedWith)
        simulationLink = simulation.link
        given = view.contentOffset
        unbanded = given
    }

    /// Whether the view's pan begins for a drag at all: UIKit's begins when it can scroll along either axis (its
    /// content is larger than it, or it always bounces that way).
    public static func canScroll(_ view: View) -> Bool {
        view.isScrollView && (scrolls(view, vertically: true) || scrolls(view, vertically: false))
    }

    /// Whether it begins for a drag whose first movement is `movement`: only along an axis it scrolls, judged by the
    /// larger part of the movement (a list that scrolls up and down lets a drag across go to the recognizers above it,
    /// as a carousel inside a list lets the list have drags up and down).
    public static func begins(_ view: View, moving movement: Point) -> Bool {
        guard view.isScrollView else { return false }
        if movement.x == 0 && movement.y == 0 { return canScroll(view) }
        return scrolls(view, vertically: abs(movement.y) >= abs(movement.x))
    }

    static func scrolls(_ view: View, vertically: Bool) -> Bool {
        vertically ? view.contentSize.height > view.bounds.height || view.alwaysBounceVertical
            : view.contentSize.width > view.bounds.width || view.alwaysBounceHorizontal
    }

    /// The largest offset along an axis: the content's far end at the scroll view's far side (0 when it fits).
    public static func maxOffset(_ view: View, vertically: Bool) -> Double {
        vertically ? max(view.contentSize.height - view.bounds.height, 0) : max(view.contentSize.width - view.bounds.width, 0)
    }

    /// Where the offset along an axis shows for a finger that asks for `value`.
    private func banded(_ value: Double, vertically: Bool) -> Double {
        let top = Self.maxOffset(view, vertically: vertically)
        let d = vertically ? view.bounds.height : view.bounds.width
        guard view.bounces, d > 0 else { return min(max(value, 0), top) }
        func rubber(_ x: Double) -> Double { d * (1 - 1 / (x * 0.55 / d + 1)) }
        if value < 0 { return -rubber(-value) }
        if value > top { return top + rubber(value - top) }
        return value
    }

    /// A touch event of the drag, as the recognizer reports it: a move, or the lift (or the system taking the drag away).
    public func handle(_ event: GestureSample) {
        if event.state == .ended || event.state == .cancelled { released(event) } else { moved(event) }
    }

    /// A touch event of the drag: the content moves by the finger's movement since the last one.
    public func moved(_ sample: GestureSample) {
        if sample.state == .began { generation += 1 }
        let now = view.contentOffset
        if now != given { (given, unbanded) = (now, now) }
        let delta = Point(x: sample.translation.x - lastTranslation.x, y: sample.translation.y - lastTranslation.y)
        lastTranslation = sample.translation
        if Self.scrolls(view, vertically: false) { unbanded.x -= delta.x }
        if Self.scrolls(view, vertically: true) { unbanded.y -= delta.y }
        given = Point(x: banded(unbanded.x, vertically: false), y: banded(unbanded.y, vertically: true))
        view.contentOffset = given
    }

    /// The finger lifts (or the system takes the drag away: no speed): past an end the content springs back,
    /// inside it decelerates.
    public func released(_ sample: GestureSample) {
        moved(sample)
        let velocity = sample.state == .cancelled ? Point.zero : Point(x: -sample.velocity.x, y: -sample.velocity.y)
        settle(from: view.contentOffset, velocity: velocity)
    }

    /// Brings the content to rest from `start` (an offset a second): springing back from past an end, else decelerating.
    /// A deceleration whose content shrinks under it, so that the offset is past the new end, springs back from there.
    private func settle(from start: Point, velocity: Point) {
        generation += 1
        guard let simulation else { return }
        let engine = simulation.engine
        let view = self.view
        // The far ends as the content is now: a deceleration stops at them, a spring returns within them.
        func ends() -> Point { Point(x: Self.maxOffset(view, vertically: false), y: Self.maxOffset(view, vertically: true)) }
        func within(_ p: Point) -> Point { let e = ends(); return Point(x: min(max(p.x, 0), e.x), y: min(max(p.y, 0), e.y)) }
        let outside = within(start) != start
        let (began, run) = (engine.now, generation)
        // τ: the time constant of a speed that keeps `decelerationRate` of itself each millisecond.
        let tau = -0.001 / log(Self.decelerationRate)
        let decelerating = Point(x: Self.scrolls(view, vertically: false) ? velocity.x : 0,
                                 y: Self.scrolls(view, vertically: true) ? velocity.y : 0)
        guard outside || max(abs(decelerating.x), abs(decelerating.y)) > Self.restingSpeed else { return }
        let target = within(start)
        // Each refresh until at rest, as UIScrollView moves its offset on the display's refreshes.
        func step(_ index: Int) {
            let time = (Double(AnimationEngine.refresh(atOrBefore: began) + 1) + Double(index)) / DisplayLink.refreshRate
            // Due a hair early: a frame at that refresh (whose time is a sum of sixtieths) sees it, as it sees a display
            // link's.
            engine.at(time - 1e-9, traced: false) { [weak self, link = simulation.link] in
                // An offset the app set meanwhile stops it, as setting one stops UIScrollView's deceleration.
                guard let self, let simulation = link.object, self.generation == run, self.view.isDescendant(of: simulation.window),
                      self.view.contentOffset == self.given else { return }
                let t = time - began
                let next: Point
                var resting: Bool
                if outside {
                    let w = Self.bounceBack
                    let fall = (1 + w * t) * exp(-w * t)
                    next = Point(x: target.x + (start.x - target.x) * fall, y: target.y + (start.y - target.y) * fall)
                    resting = max(abs(next.x - target.x), abs(next.y - target.y)) < 0.05
                    if resting { (self.view.contentOffset, self.given) = (target, target); return }
                } else {
                    // Content that shrank under the deceleration leaves the offset past its new end: from there it springs back.
                    if view.bounces, within(self.given) != self.given { return self.settle(from: self.given, velocity: .zero) }
                    let kept = exp(-t / tau)
                    let moved = Point(x: start.x + decelerating.x * tau * (1 - kept), y: start.y + decelerating.y * tau * (1 - kept))
                    next = within(moved)
                    resting = max(abs(decelerating.x), abs(decelerating.y)) * kept < Self.restingSpeed || next != moved
                }
                self.view.contentOffset = next
                self.given = next
                if !resting { step(index + 1) }
            }
        }
        step(0)
    }
}

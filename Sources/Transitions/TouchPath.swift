import Geometry

/// Where the fingers go over time, and how the gesture ends: what a user's
/// hand does, turned into the touch events a recognizer sees (60 a second,
/// as an iPhone's screen delivers them).
public struct TouchPath: Sendable {
    public enum Fingers: Sendable {
        /// One finger through these points (window coordinates); straight between them.
        case one([(time: Double, point: Point)])
        /// Two fingers symmetric about `centre`, `span` points apart at scale 1, horizontally.
        case pinch(centre: Point, span: Double, scales: [(time: Double, scale: Double)])
    }

    public enum Ending: Sendable, Equatable {
        /// The fingers lift: the entry's rule decides.
        case release
        /// The system takes the gesture away (a call comes in): UIKit code cancels.
        case cancelled
    }

    public var fingers: Fingers
    public var ending: Ending
    /// Overrides the velocity at release, along the gesture's direction.
    public var releaseVelocity: Double?

    /// Touch events a second.
    public static let eventRate = 60.0
    /// Velocity is the movement over the last 50 ms, as recognizers smooth it.
    static let velocityWindow = 0.05
    /// Key points a path may have: each is checked and turned into events.
    public static let keyLimit = 1_000
    /// How long a path may last, in seconds (60 events a second each).
    public static let durationLimit = 60.0

    public init(_ fingers: Fingers, ending: Ending = .release, releaseVelocity: Double? = nil) {
        self.fingers = fingers
        self.ending = ending
        self.releaseVelocity = releaseVelocity
    }

    /// When the fingers lift.
    public var duration: Double {
        switch fingers {
        case .one(let keys): keys.last?.time ?? 0
        case .pinch(_, _, let scales): scales.last?.time ?? 0
        }
    }

    private func interpolate<T>(_ keys: [(time: Double, value: T)], at t: Double, _ mix: (T, T, Double) -> T) -> T? {
        guard let first = keys.first else { return nil }
        if t <= first.time { return first.value }
        // Paths are short (checked against keyLimit): a search from the end is enough.
        guard let index = keys.lastIndex(where: { $0.time <= t }) else { return first.value }
        guard index + 1 < keys.count else { return keys[index].value }
        let (a, b) = (keys[index], keys[index + 1])
        let span = b.time - a.time
        return span > 0 ? mix(a.value, b.value, (t - a.time) / span) : b.value
    }

    /// The fingers at time t.
    public func touches(at t: Double) -> [Point] {
        switch fingers {
        case .one(let keys):
            let point = interpolate(keys.map { ($0.time, $0.point) }, at: t) { a, b, u in
                Point(x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u)
            }
            return point.map { [$0] } ?? []
        case .pinch(let centre, let span, let scales):
            let scale = scale(at: t, scales)
            let half = span * scale / 2
            return [Point(x: centre.x - half, y: centre.y), Point(x: centre.x + half, y: centre.y)]
        }
    }

    private func scale(at t: Double, _ scales: [(time: Double, scale: Double)]) -> Double {
        interpolate(scales.map { ($0.time, $0.scale) }, at: t) { a, b, u in a + (b - a) * u } ?? 1
    }

    /// What the recognizer reports at time t of the path.
    func sample(at t: Double, state: GestureSample.State) -> GestureSample {
        let now = touches(at: t)
        let start = touches(at: 0)
        // A recognizer's location is its touches' centroid (location(in:)): a pinch's is between its fingers.
        let centroid = now.isEmpty ? Point.zero
            : Point(x: now.map(\.x).reduce(0, +) / Double(now.count), y: now.map(\.y).reduce(0, +) / Double(now.count))
        var sample = GestureSample(time: t, state: state, location: centroid, touches: now)
        let back = max(t - Self.velocityWindow, 0)
        switch fingers {
        case .one:
            let (p, p0, earlier) = (now.first ?? .zero, start.first ?? .zero, touches(at: back).first ?? .zero)
            sample.translation = Point(x: p.x - p0.x, y: p.y - p0.y)
            if t > back { sample.velocity = Point(x: (p.x - earlier.x) / (t - back), y: (p.y - earlier.y) / (t - back)) }
        case .pinch(_, _, let scales):
            sample.scale = scale(at: t, scales)
            if t > back { sample.scaleVelocity = (sample.scale - scale(at: back, scales)) / (t - back) }
        }
        return sample
    }

    /// Every touch event the recognizer reports, from the first that moved to the lift (or the system's cancel), at
    /// `eventRate`, the last one exactly at the end; none when the fingers never move. A release velocity given
    /// overrides the last event's, along the gesture.
    public func events(for gesture: GestureKind) -> [GestureSample] {
        let end = min(duration, Self.durationLimit)
        let count = Int((end * Self.eventRate).rounded(.down))
        var events = (0...count).map { i in sample(at: Double(i) / Self.eventRate, state: .changed) }
        if let last = events.last, last.time < end - 1e-9 { events.append(sample(at: end, state: .changed)) }
        // UIKit's pan and pinch recognizers begin once the fingers have moved, not at touch-down: the first event that
        // moved is `.began`, carrying the translation and velocity gestureRecognizerShouldBegin reads; the touch-down
        // and any stillness after it reach no action method, and the gesture's time counts from there (the transition
        // it drives begins then). Fingers that never move begin nothing.
        let down = touches(at: 0)
        guard let moved = events.firstIndex(where: { $0.touches != down }) else { return [] }
        events.removeFirst(moved)
        // Moved only as they lifted: the recognizer begins and ends at that one event.
        if events.count == 1 { events.append(events[0]) }
        events[0].state = .began
        let begins = events[0].time
        for i in events.indices { events[i].time -= begins }
        var final = events.removeLast()
        final.state = ending == .release ? .ended : .cancelled
        if let velocity = releaseVelocity, ending == .release {
            if gesture.isPinch {
                final.scaleVelocity = gesture == .pinch(.in) ? -velocity : velocity
            } else {
                var unit = gesture.direction ?? Point(x: 0, y: 1)
                if gesture == .pan(.horizontal) { unit = Point(x: final.translation.x < 0 ? -1 : 1, y: 0) }
                if gesture == .pan(.vertical) { unit = Point(x: 0, y: final.translation.y < 0 ? -1 : 1) }
                final.velocity = Point(x: unit.x * velocity, y: unit.y * velocity)
            }
        }
        events.append(final)
        return events
    }
}

extension TouchPath {
    /// The common gestures, for a gesture of this kind whose whole
    /// transition takes `distance` (points, or scale for a pinch).
    public enum Preset: String, Sendable, CaseIterable {
        /// Drag 70 % of the way, stop, let go: the entry's rule should finish.
        case drag
        /// A short fast flick (80 points in 50 ms, or a tenth of a scale): a rule with a velocity threshold finishes.
        case flick
        /// Drag 60 %, then back to 45 % and let go moving back: the rule should cancel.
        case dragBack = "drag-back"
        /// Drag 30 %, stop, let go: the rule should cancel.
        case nudge
    }

    /// Where a gesture of this kind starts in a window of `size`, over `area` (window points; the whole window when
    /// nil): the recognizer's view, so that the touch lands on it. A pan down a third of the way down it, up four
    /// fifths, right and left 15 % in from the side it leaves; an edge pan on the window's edge, level with the
    /// area's middle; a pinch about the area's centre.
    static func start(of gesture: GestureKind, in size: Size, area: Rect? = nil) -> Point {
        let a = area ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
        return switch gesture {
        case .pan(.down), .pan(.vertical): Point(x: a.midX, y: a.minY + a.height * 0.3)
        case .pan(.up): Point(x: a.midX, y: a.minY + a.height * 0.8)
        case .pan(.right), .pan(.horizontal): Point(x: a.minX + a.width * 0.15, y: a.midY)
        case .pan(.left): Point(x: a.minX + a.width * 0.85, y: a.midY)
        case .screenEdgePan(.left): Point(x: 0, y: a.midY)
        // The screen's last point on the right and at the bottom: a touch lands inside the window's bounds.
        case .screenEdgePan(.right): Point(x: size.width - 1, y: a.midY)
        case .screenEdgePan(.top): Point(x: a.midX, y: 0)
        case .screenEdgePan(.bottom): Point(x: a.midX, y: size.height - 1)
        case .pinch: a.center
        }
    }

    /// A path through these fractions of the gesture's whole travel (progress), at these times.
    public static func along(_ gesture: GestureKind, distance: Double, in size: Size, area: Rect? = nil,
                             _ keys: [(time: Double, fraction: Double)], ending: Ending = .release) -> TouchPath {
        let start = start(of: gesture, in: size, area: area)
        switch gesture {
        case .pinch(let direction):
            // Fingers 200 points apart when closing, 100 when opening, so both fit any phone; at most 80 % of the
            // recognizer's view across, so that both land on it.
            let across = area?.width ?? size.width
            let span = min(direction == .in ? 200.0 : 100.0, across * 0.8)
            let scales = keys.map { (time: $0.time, scale: max(direction == .in ? 1 - $0.fraction * distance : 1 + $0.fraction * distance, 0.05)) }
            return TouchPath(.pinch(centre: start, span: span, scales: scales), ending: ending)
        default:
            let unit = gesture.direction ?? (gesture == .pan(.horizontal) ? Point(x: 1, y: 0) : Point(x: 0, y: 1))
            let points = keys.map { (time: $0.time, point: Point(x: start.x + unit.x * $0.fraction * distance,
                                                                   y: start.y + unit.y * $0.fraction * distance)) }
            return TouchPath(.one(points), ending: ending)
        }
    }

    public static func preset(_ preset: Preset, for gesture: GestureKind, distance: Double, in size: Size, area: Rect? = nil) -> TouchPath {
        switch preset {
        case .drag: along(gesture, distance: distance, in: size, area: area, [(0, 0), (0.4, 0.7), (0.5, 0.7)])
        case .nudge: along(gesture, distance: distance, in: size, area: area, [(0, 0), (0.3, 0.3), (0.4, 0.3)])
        case .dragBack: along(gesture, distance: distance, in: size, area: area, [(0, 0), (0.3, 0.6), (0.4, 0.45)])
        case .flick:
            // A fixed hand movement, whatever the distance: 80 points or a tenth of a scale in 50 ms.
            along(gesture, distance: distance, in: size, area: area, [(0, 0), (0.05, (gesture.isPinch ? 0.1 : 80) / max(distance, 1e-9))])
        }
    }

    /// Drag to `fraction`, stop, then let go or have the system cancel it.
    public static func hold(at fraction: Double, for gesture: GestureKind, distance: Double, in size: Size, area: Rect? = nil,
                            ending: Ending) -> TouchPath {
        along(gesture, distance: distance, in: size, area: area, [(0, 0), (0.4, fraction), (0.5, fraction)], ending: ending)
    }
}

import Animation
import Geometry
import RenderTree

/// The properties of a view that animate, as UIView and CALayer name them.
public enum AnimatableProperty: String, Sendable, CaseIterable, Codable {
    case center, bounds, alpha, transform, backgroundColor, cornerRadius, zPosition, anchorPoint, borderWidth, curl
    case shadowColor, shadowOpacity, shadowRadius, shadowOffset, shadowPath
    case sublayerTransform
    /// A CAGradientLayer's `colors`, `locations`, `startPoint`, `endPoint`.
    case gradientColors, gradientLocations, startPoint, endPoint
    /// A CAShapeLayer's.
    case path, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd
    /// A UIVisualEffectView's `effect`, as the blur it draws.
    case effect

    /// UIKit (iOS 8 and later) animates these additively: a new animation
    /// of one already animating adds to it instead of cutting it off (§6a).
    public var isAdditive: Bool { self == .center || self == .bounds || self == .transform }

    // Hashed by case, not by name: an enum with raw values is otherwise hashed through its String (the standard
    // library's default for RawRepresentable), and these are the keys of every view's running animations. Equality
    // is defined beside it, on the same ordinal, so that the two always agree.
    public static func == (a: AnimatableProperty, b: AnimatableProperty) -> Bool { a.ordinal == b.ordinal }
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// The case's place in the declaration: the in-memory tag of an enum without payloads (no switch of 27 names to
    /// keep in step with the cases).
    private var ordinal: UInt8 { unsafeBitCast(self, to: UInt8.self) }
}

/// A value of one of those properties.
public enum AnimatedValue: Sendable, Equatable, Interpolatable {
    case number(Double)
    case point(Point)
    case rect(Rect)
    case color(Color)
    /// Out of line: inline, its 128 bytes made every value 129 (the largest other payload, a blur's material, is 48),
    /// and values are copied several times for each animated property of each view at each frame. A transform
    /// animation pays a box for each value it makes; the others copy less than half as much (the engine benchmark
    /// +7 %; `check`, transform-heavy entries included, unchanged).
    indirect case transform(Transform3D)
    /// A gradient's colours.
    case colors([Color])
    /// A gradient's locations.
    case numbers([Double])
    case path(PathShape?)
    case material(BlurMaterial)

    /// Values with no in-between (lists of different lengths, paths of
    /// different kinds, a path and none) switch halfway; `interpolates(to:)`
    /// tells them apart, so callers can refuse or warn first.
    public func interpolated(to other: AnimatedValue, fraction t: Double) -> AnimatedValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): .number(a.interpolated(to: b, fraction: t))
        case (.point(let a), .point(let b)): .point(a.interpolated(to: b, fraction: t))
        case (.rect(let a), .rect(let b)): .rect(a.interpolated(to: b, fraction: t))
        case (.color(let a), .color(let b)): .color(a.interpolated(to: b, fraction: t))
        case (.transform(let a), .transform(let b)): .transform(a.interpolated(to: b, fraction: t))
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            .colors(zip(a, b).map { $0.interpolated(to: $1, fraction: t) })
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            .numbers(zip(a, b).map { $0.interpolated(to: $1, fraction: t) })
        case (.path(let a?), .path(let b?)) where a.interpolates(to: b): .path(a.interpolated(to: b, fraction: t))
        case (.material(let a), .material(let b)): .material(a.interpolated(to: b, fraction: t))
        default: t < 0.5 ? self : other
        }
    }

    /// Whether there are values between the two: what Core Animation can
    /// animate smoothly. Its documentation leaves paths with different
    /// elements undefined; lists of different lengths have no pairs.
    public func interpolates(to other: AnimatedValue) -> Bool {
        switch (self, other) {
        case (.colors(let a), .colors(let b)): a.count == b.count
        case (.numbers(let a), .numbers(let b)): a.count == b.count
        case (.path(let a), .path(let b)):
            if let a, let b { a.interpolates(to: b) } else { a == b }
        default: true
        }
    }

    public func distance(to other: AnimatedValue) -> Double {
        switch (self, other) {
        case (.number(let a), .number(let b)): a.distance(to: b)
        case (.point(let a), .point(let b)): a.distance(to: b)
        case (.rect(let a), .rect(let b)): a.distance(to: b)
        case (.color(let a), .color(let b)): a.distance(to: b)
        case (.transform(let a), .transform(let b)): a.distance(to: b)
        case (.colors(let a), .colors(let b)) where a.count == b.count:
            zip(a, b).reduce(0) { $0 + $1.0.distance(to: $1.1) * $1.0.distance(to: $1.1) }.squareRoot()
        case (.numbers(let a), .numbers(let b)) where a.count == b.count:
            zip(a, b).reduce(0) { $0 + ($1.1 - $1.0) * ($1.1 - $1.0) }.squareRoot()
        case (.path(let a?), .path(let b?)) where a.interpolates(to: b):
            (a.bounds.distance(to: b.bounds) * a.bounds.distance(to: b.bounds)
                + (a.cornerRadius - b.cornerRadius) * (a.cornerRadius - b.cornerRadius)).squareRoot()
        case (.material(let a), .material(let b)):
            abs(a.radius - b.radius) + abs(a.saturation - b.saturation) + a.tint.distance(to: b.tint)
        default: 0
        }
    }

    /// self + (from − to)·remaining, part by part: what an additive
    /// animation from `from` to `to` adds to the model value while
    /// `remaining` (1 − progress) of it is left. Transforms compose instead
    /// (see `View.composed`).
    func adding(offsetFrom from: AnimatedValue, to: AnimatedValue, remaining r: Double) -> AnimatedValue {
        switch (self, from, to) {
        case (.number(let v), .number(let a), .number(let b)): .number(v + (a - b) * r)
        case (.point(let v), .point(let a), .point(let b)): .point(Point(x: v.x + (a.x - b.x) * r, y: v.y + (a.y - b.y) * r))
        case (.rect(let v), .rect(let a), .rect(let b)):
            .rect(Rect(x: v.minX + (a.origin.x - b.origin.x) * r, y: v.minY + (a.origin.y - b.origin.y) * r,
                       width: v.size.width + (a.size.width - b.size.width) * r,
                       height: v.size.height + (a.size.height - b.size.height) * r))
        default: self
        }
    }

    public static func catmullRom(_ p0: AnimatedValue, _ p1: AnimatedValue, _ p2: AnimatedValue, _ p3: AnimatedValue,
                                  _ u: Double) -> AnimatedValue {
        switch (p0, p1, p2, p3) {
        case (.number(let a), .number(let b), .number(let c), .number(let d)): .number(Double.catmullRom(a, b, c, d, u))
        case (.point(let a), .point(let b), .point(let c), .point(let d)): .point(Point.catmullRom(a, b, c, d, u))
        case (.rect(let a), .rect(let b), .rect(let c), .rect(let d)): .rect(Rect.catmullRom(a, b, c, d, u))
        case (.color(let a), .color(let b), .color(let c), .color(let d)): .color(Color.catmullRom(a, b, c, d, u))
        default: p1.interpolated(to: p2, fraction: u)
        }
    }
}

/// One running animation of one property of one view.
final class RunningAnimation {
    enum Curve {
        /// Out of line: the values and timing take some 400 bytes, which every look at the curve (each view's
        /// presentation, every frame) copied; a box is one reference to retain.
        indirect case basic(from: AnimatedValue, to: AnimatedValue, timing: PropertyAnimation<Double>)
        case keyframes(track: (Double) -> AnimatedValue, begin: Double, duration: Double, curve: TimingCurve)
        /// An explicit Core Animation animation: over the model, never changing it.
        case layer(LayerCurve)
    }

    /// layer.add(_:forKey:)'s key, for layer animations.
    var key: String?
    var isLayerAnimation: Bool { if case .layer = curve { true } else { false } }

    let curve: Curve
    let timeline: Timeline
    let group: AnimationGroup
    /// Adds to the model value and to the other running animations instead
    /// of standing for the whole value (§6a).
    let additive: Bool
    /// Its place in creation order, set by the engine.
    var serial = 0
    /// The CATransaction it was added in, whose completion waits for it.
    var transaction: AnimationGroup?

    init(curve: Curve, timeline: Timeline, group: AnimationGroup, additive: Bool = false) {
        self.curve = curve
        self.end = Self.end(of: curve)
        self.timeline = timeline
        self.group = group
        self.additive = additive
    }

    /// Where its value stops changing, on its timeline: its end, or, for a layer animation held past its end by its
    /// fill (fillMode forwards, not removed on completion; it stays on the layer for ever, showing its last value),
    /// the end of its active time.
    var changesUntil: Double {
        if case .layer(let layer) = curve, layer.animation.fillsForwards, !layer.animation.isRemovedOnCompletion,
           layer.animation.activeDuration.isFinite {
            return layer.begin + (layer.animation.lastsUntilLimit && layer.animation.limit.isFinite ? layer.animation.limit
                                                                                                   : layer.animation.activeDuration)
        }
        return end
    }

    /// How far along its curve it is (springs overshoot 1); 1 once ended.
    func progress(atClock t: Double) -> Double {
        guard case .basic(_, _, let timing) = curve else { return 1 }
        if let fraction = timeline.fraction(at: t) { return share(of: fraction, begin: timing.begin, duration: timing.duration) }
        let local = timeline.local(at: t)
        return local >= timing.end ? 1 : timing.progress(at: local)
    }

    /// Where a property animator's fraction puts an animation that starts
    /// at `begin` (a delay factor) and lasts `duration` of it: 0 before its
    /// start, past 1 only where the fraction overshoots (a spring).
    private func share(of fraction: Double, begin: Double, duration: Double) -> Double {
        let local = fraction * timeline.duration
        guard local > begin else { return 0 }
        guard duration > 0 else { return 1 }
        return (local - begin) / duration
    }

    /// The value it started from: what a property animator that ends at its start puts back.
    func initialValue(model: AnimatedValue) -> AnimatedValue {
        switch curve {
        case .basic(let from, _, _): from
        case .keyframes(let track, _, _, _): track(0)
        case .layer: model
        }
    }

    /// Local time at which it ends (infinite when it repeats for ever). Kept, not worked out when asked: the clock
    /// asks for every running animation at every step, and matching the curve copied its payload (a keyframe track's
    /// whole list) each time.
    let end: Double

    private static func end(of curve: Curve) -> Double {
        switch curve {
        case .basic(_, _, let timing): timing.end
        case .keyframes(_, let begin, let duration, _): begin + duration
        case .layer(let layer): layer.end
        }
    }

    /// `model` is asked for only by the animations that show it (Core
    /// Animation's additive and unfilled ones): making it costs a copy.
    func value(atClock t: Double, model: @autoclosure () -> AnimatedValue) -> AnimatedValue {
        if case .layer(let layer) = curve { return layer.value(atLocal: timeline.local(at: t), model: model()) }
        if let fraction = timeline.fraction(at: t) {
            switch curve {
            case .layer: return model()
            case .basic(let from, let to, let timing):
                return from.interpolated(to: to, fraction: share(of: fraction, begin: timing.begin, duration: timing.duration))
            case .keyframes(let track, let begin, let duration, _):
                return track(min(max(share(of: fraction, begin: begin, duration: duration), 0), 1))
            }
        }
        let local = timeline.local(at: t)
        switch curve {
        case .basic(let from, let to, let timing):
            if local >= timing.end { return to }
            return from.interpolated(to: to, fraction: timing.progress(at: local))
        case .keyframes(let track, let begin, let duration, let curve):
            let u = duration > 0 ? min(max((local - begin) / duration, 0), 1) : 1
            return track(curve.value(at: u))
        case .layer:
            return model()
        }
    }
}

/// The animations one `UIView.animate` call started, and its completion.
public final class AnimationGroup {
    var remaining = 0
    var interrupted = false
    var completion: ((Bool) -> Void)?
    /// Set once the completion has been called (or there was none to call).
    var done = false
    /// false while its CATransaction is open: no completion before the commit.
    var sealed = true
    let timeline: Timeline

    init(timeline: Timeline, completion: ((Bool) -> Void)?) {
        self.timeline = timeline
        self.completion = completion
    }
}

/// How a keyframe animation moves between its values
/// (UIViewKeyframeAnimationOptions.calculationMode…).
public enum KeyframeCalculationMode: String, Sendable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
}

/// One `UIView.addKeyframe(withRelativeStartTime:relativeDuration:)` on one property.
public struct Keyframe<Value: Interpolatable>: Sendable {
    public var relativeStart: Double
    public var relativeDuration: Double
    public var value: Value

    public init(relativeStart: Double, relativeDuration: Double, value: Value) {
        self.relativeStart = relativeStart
        self.relativeDuration = relativeDuration
        self.value = value
    }
}

/// One property's keyframes within an `animateKeyframes` block, evaluated at
/// a relative time (0…1, after the block's curve has warped it).
///
/// As observed on devices (uikit-transitions.md §8): keyframes are
/// stable-sorted by start; the property starts at its value before the
/// block; where two keyframes overlap, the earlier one is cut short and
/// reaches its value at the later one's start.
///
///     alpha  1 ─────┐                 start .2 dur .4 → 0
///                   └───┐
///                       └─────────    start .6 dur .3 → 0.5 … holds
///            0    .2    .6   .9   1
///
/// Modes (our choices where UIKit is silent): linear moves within each
/// keyframe's window and holds between; discrete holds the previous value
/// for the whole of each keyframe and jumps to the keyframe's value where
/// it ends (Apple: "each value/keyTime pair represents the value from the
/// specified time until the next keyframe", and UIKit pairs each value with
/// its keyframe's end time); paced spreads the values over the whole timeline in
/// proportion to the distance between them; cubic runs a Catmull-Rom spline
/// through the value each keyframe reaches at its end (holding before the
/// first start and after the last end); cubicPaced is cubic with paced times.
public struct KeyframeTrack<Value: Interpolatable>: Sendable {
    public var initial: Value
    public private(set) var keyframes: [Keyframe<Value>]
    public var mode: KeyframeCalculationMode

    public init(initial: Value, keyframes: [Keyframe<Value>], mode: KeyframeCalculationMode = .linear) {
        self.initial = initial
        // Swift's sort is not guaranteed stable; sort by (start, insertion order).
        self.keyframes = keyframes.enumerated()
            .sorted { ($0.element.relativeStart, $0.offset) < ($1.element.relativeStart, $1.offset) }
            .map(\.element)
        self.mode = mode
    }

    /// Each keyframe's window after overlaps are cut: (start, end, value).
    public var windows: [(start: Double, end: Double, value: Value)] {
        keyframes.enumerated().map { index, keyframe in
            var end = keyframe.relativeStart + keyframe.relativeDuration
            if index + 1 < keyframes.count { end = min(end, keyframes[index + 1].relativeStart) }
            return (keyframe.relativeStart, max(end, keyframe.relativeStart), keyframe.value)
        }
    }

    public func value(at u: Double) -> Value {
        guard !keyframes.isEmpty else { return initial }
        switch mode {
        case .linear: return linear(at: u)
        case .discrete: return discrete(at: u)
        case .paced: return paced(at: u, spline: false)
        case .cubic: return cubic(at: u)
        case .cubicPaced: return paced(at: u, spline: true)
        }
    }

    private func linear(at u: Double) -> Value {
        var current = initial
        for window in windows {
            if u < window.start { return current }
            if u < window.end {
                let fraction = (u - window.start) / (window.end - window.start)
                return current.interpolated(to: window.value, fraction: fraction)
            }
            current = window.value
        }
        return current
    }

    private func discrete(at u: Double) -> Value {
        windows.last { $0.end <= u }?.value ?? initial
    }

    private func cubic(at u: Double) -> Value {
        let ends = windows
        let points = [(time: ends[0].start, value: initial)] + ends.map { (time: $0.end, value: $0.value) }
        return spline(points, at: u)
    }

    private func paced(at u: Double, spline splined: Bool) -> Value {
        let values = [initial] + keyframes.map(\.value)
        let steps = zip(values, values.dropFirst()).map { $0.distance(to: $1) }
        let total = steps.reduce(0, +)
        guard total > 0 else { return values.last! }
        var time = 0.0
        var points = [(time: 0.0, value: values[0])]
        for (step, value) in zip(steps, values.dropFirst()) {
            time += step / total
            points.append((time, value))
        }
        points[points.count - 1].time = 1
        if splined { return spline(points, at: u) }
        for i in 1..<points.count where u < points[i].time {
            let span = points[i].time - points[i - 1].time
            return points[i - 1].value.interpolated(to: points[i].value, fraction: span > 0 ? (u - points[i - 1].time) / span : 1)
        }
        return points.last!.value
    }

    /// Catmull-Rom through the points, ends repeated; holds outside them.
    private func spline(_ points: [(time: Double, value: Value)], at u: Double) -> Value {
        if u <= points[0].time { return points[0].value }
        for i in 1..<points.count where u < points[i].time {
            let span = points[i].time - points[i - 1].time
            let local = span > 0 ? (u - points[i - 1].time) / span : 1
            let p0 = points[max(i - 2, 0)].value, p3 = points[min(i + 1, points.count - 1)].value
            return Value.catmullRom(p0, points[i - 1].value, points[i].value, p3, local)
        }
        return points.last!.value
    }
}

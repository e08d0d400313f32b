/// How an animation's progress unfolds in time.
public enum AnimationTiming: Sendable, Hashable {
    case curve(TimingCurve)
    /// The spring runs in real time; the animation's duration cuts it off
    /// (the value snaps to the model value, as CASpringAnimation's does).
    case spring(Spring)
}

/// One property animating from one value to another on the simulated clock,
/// with UIKit's delay, repeat and autoreverse behaviour:
///
///     delay      duration            autoreverse      after the end
///     ─────────┬──────────────────┬────────────────┬──────────────
///     from     │ from → to        │ to → from      │ to (the model value,
///     (fill)   │                  │                │ even after reversing)
public struct PropertyAnimation<Value: Interpolatable>: Sendable {
    public var from: Value
    public var to: Value
    /// When it starts, in seconds on the simulation clock (after any delay).
    public var begin: Double
    public var duration: Double
    public var timing: AnimationTiming
    /// Extra cycles after the first; `.infinity` repeats for ever.
    public var repeatCount: Double
    public var autoreverses: Bool

    public init(from: Value, to: Value, begin: Double, duration: Double, timing: AnimationTiming = .curve(.easeInOut),
                repeatCount: Double = 0, autoreverses: Bool = false) {
        self.from = from
        self.to = to
        self.begin = begin
        self.duration = max(duration, 0)
        self.timing = timing
        self.repeatCount = max(repeatCount, 0)
        self.autoreverses = autoreverses
    }

    /// One cycle: forward, and back again when it autoreverses.
    public var cycle: Double { autoreverses ? 2 * duration : duration }
    public var end: Double { begin + cycle * (1 + repeatCount) }

    public func isFinished(at time: Double) -> Bool { time >= end }

    /// Progress in value (0 at `from`, 1 at `to`; springs overshoot).
    public func progress(at time: Double) -> Double {
        if time < begin { return 0 }
        if time >= end || duration == 0 { return 1 }
        let local = (time - begin).truncatingRemainder(dividingBy: cycle)
        let forward = local < duration ? local : cycle - local
        switch timing {
        case .curve(let curve): return curve.value(at: forward / duration)
        case .spring(let spring): return spring.value(at: forward)
        }
    }

    public func value(at time: Double) -> Value {
        if time >= end { return to }
        return from.interpolated(to: to, fraction: progress(at: time))
    }
}

import Animation

/// The time animations see. The simulation's own timeline is the clock; a
/// transition gets one of its own so a percent-driven interaction can pause
/// and scrub everything the animator started (UIKit does the same by setting
/// the container layer's speed to 0 and moving its timeOffset).
///
///     live         local = clock − start
///     scrubbed     local = percent × duration          (while interactive)
///     finishing    local: p·d → d  over (1 − p)·d / speed, along the completion curve
///     cancelling   local: p·d → 0  over p·d / speed, along the completion curve
public final class Timeline {
    enum Mode {
        case live(start: Double)
        case scrubbed(local: Double)
        case settling(from: Double, to: Double, start: Double, length: Double, curve: TimingCurve)
    }

    var mode: Mode

    init(mode: Mode) {
        self.mode = mode
    }

    public static func live(startingAt time: Double) -> Timeline { Timeline(mode: .live(start: time)) }

    /// Local time at clock time t.
    public func local(at t: Double) -> Double {
        switch mode {
        case .live(let start):
            return t - start
        case .scrubbed(let local):
            return local
        case .settling(let from, let to, let start, let length, let curve):
            if t >= start + length {
                // Arrived: finishing runs on at normal speed (animations longer
                // than the transition still play out); cancelling stays at 0.
                return to >= from ? to + (t - start - length) : to
            }
            let progress = curve.value(at: min(max((t - start) / length, 0), 1))
            return from + (to - from) * progress
        }
    }

}

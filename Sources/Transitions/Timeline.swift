import Animation

/// The time animations see. The simulation's own timeline is the clock; a
/// transition gets one of its own so a percent-driven interaction can pause
/// and scrub everything the animator started (UIKit does the same by setting
/// the container layer's speed to 0 and moving its timeOffset).
///
/// So an animation the animator started with a delay is scrubbed with its
/// delay: it shows its start until percent × duration passes the delay, and a
/// finish plays the rest of the timeline, what is left of the delay first.
/// Sources: Apple's UIPercentDrivenInteractiveTransition pages (the
/// interactive part is linear in time; `completionSpeed` multiplies the rest,
/// (1 − percentComplete) × duration at 1, along `completionCurve`):
/// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/completionspeed
/// and …/completioncurve; the layer-pause mechanism as developers have
/// described and re-implemented it: http://www.iosnomad.com/blog/2014/5/12/interactive-custom-container-view-controller-transitions
/// and http://conradstoll.com/blog/2014/2/5/two-things-i-learned-about-interactive-view-controller-transitions
/// ("captures your UIView animation block and interpolates" it). Apps built
/// with recent SDKs may be driven through one property animator per
/// animation instead; whether those scrub a delay the same way is not
/// documented, and only a device can say (docs/authoring.md).
///
///     live         local = clock − start
///     scrubbed     local = percent × duration          (while interactive)
///     finishing    local: p·d → d  over (1 − p)·d / speed, along the completion curve
///     cancelling   local: p·d → 0  over p·d / speed, along the completion curve
///
/// A property animator's own timeline has two more, where its animations
/// give up their own curves and show a fraction f of their change
/// (UIViewPropertyAnimator scrubs linearly, and continues with new timing):
///
///     paused       f fixed                                   (fractionComplete set)
///     continuing   f: f0 → f1 over length along new timing   (continueAnimation(withTimingParameters:))
public final class Timeline {
    enum Mode {
        case live(start: Double)
        case scrubbed(local: Double)
        case settling(from: Double, to: Double, start: Double, length: Double, curve: TimingCurve)
        case paused(fraction: Double)
        case continuing(from: Double, to: Double, start: Double, length: Double, timing: AnimationTiming)
    }

    var mode: Mode {
        didSet { clockEnds.removeAll(keepingCapacity: true) }
    }
    /// When, on the clock, local times are reached while settling: found by
    /// bisection once per mode and local time, not on every frame.
    var clockEnds: [Double: Double] = [:]
    /// The property animator whose timeline this is, if any: its animations are told to it.
    weak var animator: PropertyAnimator?
    /// A property animator's duration: what a fraction is of.
    var duration = 0.0

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
                // than the transition still play out); cancelling stays at 0,
                // even from 0 itself.
                return Self.runsOn(from: from, to: to) ? to + (t - start - length) : to
            }
            let progress = curve.value(at: min(max((t - start) / length, 0), 1))
            return from + (to - from) * progress
        case .paused, .continuing:
            return (fraction(at: t) ?? 0) * duration
        }
    }

    /// Whether a settle carries on past its target: a finish does, a cancel
    /// (to 0) does not, also when it was let go at 0.
    static func runsOn(from: Double, to: Double) -> Bool { to > from || (to == from && to > 0) }

    /// The fraction of their change a property animator's animations show
    /// at clock time t, replacing their own curves; nil when they follow
    /// their curves at local time.
    func fraction(at t: Double) -> Double? {
        switch mode {
        case .paused(let fraction):
            return fraction
        case .continuing(let from, let to, let start, let length, let timing):
            guard length > 0, t < start + length else { return to }
            let u = max(t - start, 0)
            let progress = switch timing {
            case .curve(let curve): curve.value(at: u / length)
            case .spring(let spring): spring.value(at: u)
            }
            return from + (to - from) * progress
        default:
            return nil
        }
    }

}

import Animation
import Geometry
import Transitions

@MainActor public protocol UITimingCurveProvider: NSObjectProtocol {}

@MainActor open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    package let curve: TimingCurve

    public init(animationCurve curve: UIView.AnimationCurve) {
        self.curve = curve.engine
        super.init()
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        curve = .cubic(CubicBezier(point1.x, point1.y, point2.x, point2.y))
        super.init()
    }
}

public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0
    case start = 1
    case current = 2
}

/// UIKit's property animator, as far as exported code uses it: one cubic curve over a keyframe animation of no
/// duration made in its animations, which takes the animator's duration and timing. UIKit documents that a property
/// animator runs the UIView animations made in its animation blocks on its own timing; developers' reports (a keyframe
/// animation with `withDuration: 0` inside `addAnimations`) show the keyframes spread over the animator's duration. The
/// engine runs it as one keyframe animation of that duration on that curve, the curve warping its whole timeline, as
/// the scripting API's `UIView.animateKeyframes{timingFunction = …}` does.
@MainActor open class UIViewPropertyAnimator: NSObject {
    private let duration: TimeInterval
    private let curve: TimingCurve
    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var started = false
    /// While an animator's animations run: a keyframe animation of no duration made in them is the animator's own.
    package static var running = false

    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        guard let cubic = parameters as? UICubicTimingParameters else {
            preconditionFailure("the verification layer drives UICubicTimingParameters only, not \(type(of: parameters))")
        }
        self.duration = duration
        curve = cubic.curve
        super.init()
    }

    open func addAnimations(_ animation: @escaping () -> Void) {
        precondition(!started, "the verification layer adds animations before the animator starts only")
        animations.append(animation)
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        guard !started else { return }
        started = true
        Host.simulation.engine.animateKeyframes(duration: duration, delay: delay, options: AnimationOptions(curve: curve), animations: {
            Self.running = true
            defer { Self.running = false }
            for animation in animations { animation() }
        }, completion: { [completions] finished in
            MainActor.assumeIsolated {
                for completion in completions { completion(finished ? .end : .current) }
            }
        })
    }
}

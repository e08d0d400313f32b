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

/// A spring given by its physics. UIKit's initial velocity is a vector (x and y of a position apart); the engine's
/// spring, as the scripting API's, has one figure: the vector's dx.
@MainActor open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    package let spring: Spring

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        spring = Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(velocity.dx))
        super.init()
    }
}

public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0
    case start = 1
    case current = 2
}

/// UIKit's property animator, as far as exported code uses it, in two forms.
///
/// On a cubic curve: one curve over a keyframe animation of no duration made in its animations, which takes the
/// animator's duration and timing. UIKit documents that a property animator runs the UIView animations made in its
/// animation blocks on its own timing; developers' reports (a keyframe animation with `withDuration: 0` inside
/// `addAnimations`) show the keyframes spread over the animator's duration. The engine runs it as one keyframe animation
/// of that duration on that curve, the curve warping their whole timeline, as the scripting API's
/// `UIView.animateKeyframes{timingFunction = …}` does.
///
/// On a spring (UISpringTimingParameters): the engine's property animator, as the scripting API's
/// `UIViewPropertyAnimator.new{timingParameters = UISpringTimingParameters{…}}` is, which takes the spring's settling
/// time for its duration as UIKit does.
@MainActor open class UIViewPropertyAnimator: NSObject {
    /// The two forms: one curve over the keyframe animation its blocks make, or the engine's animator on a spring.
    private enum Form {
        case keyframes(duration: TimeInterval, curve: TimingCurve)
        case spring(PropertyAnimator)
    }

    private let form: Form
    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var started = false
    /// While an animator's animations run: a keyframe animation of no duration made in them is the animator's own.
    package static var running = false

    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        if let spring = parameters as? UISpringTimingParameters {
            form = .spring(Host.simulation.engine.makePropertyAnimator(duration: duration, parameters: .spring(spring.spring)))
        } else if let cubic = parameters as? UICubicTimingParameters {
            form = .keyframes(duration: duration, curve: cubic.curve)
        } else {
            preconditionFailure("the verification layer drives UICubicTimingParameters and UISpringTimingParameters only, not \(type(of: parameters))")
        }
        super.init()
    }

    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        if case .spring(let engine) = form {
            Self.stopOnFailure { try engine.addAnimations(delayFactor: Double(delayFactor)) { animation() } }
            return
        }
        precondition(!started, "the verification layer adds animations before the animator starts only")
        precondition(delayFactor == 0, "the verification layer delays a spring animator's animations only")
        animations.append(animation)
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        if case .spring(let engine) = form {
            let added = engine.addCompletion { position in
                MainActor.assumeIsolated { completion(position.uikit) }
            }
            precondition(added, "more completions than the engine keeps")
            return
        }
        completions.append(completion)
    }

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        let (duration, curve): (TimeInterval, TimingCurve)
        switch form {
        case .spring(let engine):
            Self.stopOnFailure { try engine.startAnimation(afterDelay: delay) }
            return
        case .keyframes(let length, let timing):
            (duration, curve) = (length, timing)
        }
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

    /// The engine refuses what UIKit would not do (or past its limits): the run stops there, saying why.
    private static func stopOnFailure(_ body: () throws -> Void) {
        do { try body() } catch { preconditionFailure("UIViewPropertyAnimator: \(error)") }
    }
}

extension PropertyAnimator.Position {
    var uikit: UIViewAnimatingPosition {
        switch self {
        case .end: .end
        case .start: .start
        case .current: .current
        }
    }
}

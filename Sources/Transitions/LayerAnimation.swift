import Animation
import Geometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An explicit Core Animation animation (CABasicAnimation,
/// CAKeyframeAnimation, CASpringAnimation, a group's member) on one layer
/// property: it shows its own values over the model, which it never
/// changes, and when it is removed the model shows again.
///
///     before begin   the model (fillMode backwards or both: the first value)
///     active         value(u) per cycle, u = timing(time in cycle / duration), back again when it autoreverses
///     after          removed: the model; fillMode forwards/both with isRemovedOnCompletion false: the last value, for ever
public struct LayerAnimation: Sendable {
    /// Which part of a property a key path names ("position.y", "transform.scale").
    public enum Component: Sendable, Equatable {
        case whole
        case x, y, width, height
        case scale, scaleX, scaleY, rotationX, rotationY, rotationZ, translationX, translationY
    }

    public var property: AnimatableProperty
    public var component: Component = .whole
    /// The value at fraction u of a cycle (after timing; a spring goes past 1).
    public var value: @Sendable (Double) -> AnimatedValue
    /// Seconds from now (CACurrentMediaTime() + x, less now).
    public var delay = 0.0
    public var duration: Double
    /// Cycles in all (CA's repeatCount, at least one); .infinity for ever.
    public var cycles = 1.0
    public var autoreverses = false
    public var timing: AnimationTiming = .curve(.linear)
    public var fillsBackwards = false
    public var fillsForwards = false
    public var isRemovedOnCompletion = true
    /// A group's end cuts its members short: seconds of activity at most.
    public var limit = Double.infinity
    /// A group's member lasts until the group ends (showing the model once
    /// its own time is over, unless it fills forwards): the group's
    /// completion comes at the group's end, as Core Animation's does.
    public var lastsUntilLimit = false

    public init(property: AnimatableProperty, component: Component = .whole, duration: Double,
                value: @escaping @Sendable (Double) -> AnimatedValue) {
        (self.property, self.component, self.duration, self.value) = (property, component, duration, value)
    }

    /// One cycle's length: there and, when it autoreverses, back.
    var cycle: Double { autoreverses ? 2 * duration : duration }
    /// How long it is active.
    public var activeDuration: Double { min(cycle * cycles, limit) }

    /// The fraction u at `time` seconds into the active part.
    func fraction(at time: Double) -> Double {
        guard duration > 0 else { return 1 }
        if time >= cycle * cycles { return autoreverses ? 0 : 1 }
        if time >= activeDuration { return fraction(at: activeDuration - 1e-9) }
        let local = time.truncatingRemainder(dividingBy: cycle)
        let forward = local < duration ? local : cycle - local
        switch timing {
        case .curve(let curve): return curve.value(at: forward / duration)
        case .spring(let spring): return spring.value(at: forward)
        }
    }

    /// The property's value with this component replaced by a number (the
    /// rest from the model, as Core Animation keeps it).
    public static func composing(_ number: Double, into model: AnimatedValue, _ component: Component) -> AnimatedValue {
        switch (model, component) {
        case (.point(let p), .x): return .point(Point(x: number, y: p.y))
        case (.point(let p), .y): return .point(Point(x: p.x, y: number))
        case (.rect(let r), .width): return .rect(Rect(x: r.minX, y: r.minY, width: number, height: r.height))
        case (.rect(let r), .height): return .rect(Rect(x: r.minX, y: r.minY, width: r.width, height: number))
        case (.transform(let t), _):
            var parts = t.decomposed() ?? Transform3D.identity.decomposed()!
            switch component {
            case .scale: parts.scale = [number, number, parts.scale[2]]
            case .scaleX: parts.scale[0] = number
            case .scaleY: parts.scale[1] = number
            case .translationX: parts.translation[0] = number
            case .translationY: parts.translation[1] = number
            case .rotationX, .rotationY, .rotationZ:
                // The rotation about one axis replaces the model's rotation.
                let half = number / 2
                let (s, c) = (sin(half), cos(half))
                parts.quaternion = component == .rotationX ? [s, 0, 0, c] : component == .rotationY ? [0, s, 0, c] : [0, 0, s, c]
            default: break
            }
            return .transform(Transform3D(parts))
        default:
            return model
        }
    }
}

/// A layer animation running on a timeline from `begin` (local time).
struct LayerCurve {
    let animation: LayerAnimation
    let begin: Double

    var end: Double {
        if animation.fillsForwards && !animation.isRemovedOnCompletion { return .infinity }
        return begin + (animation.lastsUntilLimit && animation.limit.isFinite ? animation.limit : animation.activeDuration)
    }

    func value(atLocal local: Double, model: AnimatedValue) -> AnimatedValue {
        let time = local - begin
        if time < 0 { return animation.fillsBackwards ? shown(animation.value(animation.fraction(at: 0)), model) : model }
        if time >= animation.activeDuration && !animation.fillsForwards { return model }
        return shown(animation.value(animation.fraction(at: time)), model)
    }

    private func shown(_ value: AnimatedValue, _ model: AnimatedValue) -> AnimatedValue {
        guard animation.component != .whole, case .number(let number) = value else { return value }
        return LayerAnimation.composing(number, into: model, animation.component)
    }
}

extension AnimationEngine {
    /// `layer.add(animation, forKey:)`: a key already in use is replaced (its
    /// completion hears false), as Core Animation does. The completion runs
    /// when it ends or is removed.
    /// A group's members go in together and share one completion. `didStart` (CAAnimationDelegate's animationDidStart)
    /// runs when the first of them begins: on a timeline that follows the clock, at its beginTime's instant; on one a
    /// gesture scrubs or a property animator holds, whose instants no clock says, at once. Not for one removed before then.
    public func add(_ animations: [LayerAnimation], to view: View, key: String?, completion: ((Bool) -> Void)? = nil,
                    didStart: (() -> Void)? = nil) {
        if let key { removeLayerAnimation(forKey: key, from: view) }
        let timeline = currentTimeline
        let group = AnimationGroup(timeline: timeline, completion: completion)
        for animation in animations {
            // A beginTime in the past starts it part way through (or over already), as Core Animation does.
            let curve = LayerCurve(animation: animation, begin: timeline.local(at: now) + animation.delay)
            let running = RunningAnimation(curve: .layer(curve), timeline: timeline, group: group)
            running.key = key
            if let key { view.layerKeys[key, default: 0] += 1 }
            add(running, to: view, animation.property, replacing: false)
        }
        if let didStart {
            var begins = now
            if case .live = timeline.mode { begins = now + max(animations.map(\.delay).min() ?? 0, 0) }
            at(begins) { [group] in if !group.interrupted { didStart() } }
        }
        if group.remaining == 0, let completion = group.completion { callingOut { completion(true) } }
    }

    public func removeLayerAnimation(forKey key: String, from view: View) {
        guard view.layerKeys[key] != nil else { return }
        for (property, running) in view.animations {
            for animation in running where animation.key == key {
                animation.group.interrupted = true
                remove(animation, on: view, property)
            }
        }
    }

    public func removeAllLayerAnimations(from view: View) {
        for (property, running) in view.animations {
            for animation in running where animation.isLayerAnimation {
                animation.group.interrupted = true
                remove(animation, on: view, property)
            }
        }
    }

    /// The keys of the layer animations on the view, in the order they were added.
    public func layerAnimationKeys(of view: View) -> [String] {
        view.animations.values.flatMap { $0 }.filter(\.isLayerAnimation).sorted { $0.serial < $1.serial }.compactMap(\.key)
    }
}

extension View {
    /// The model value of a key path (a component of a property as a number).
    public func value(of property: AnimatableProperty, component: LayerAnimation.Component) -> AnimatedValue {
        Self.part(storedModel.value(of: property), component)
    }

    /// What is on screen now for a key path.
    public func shownValue(of property: AnimatableProperty, component: LayerAnimation.Component) -> AnimatedValue {
        Self.part(presentation.value(of: property), component)
    }

    static func part(_ value: AnimatedValue, _ component: LayerAnimation.Component) -> AnimatedValue {
        switch (value, component) {
        case (_, .whole): return value
        case (.point(let p), .x): return .number(p.x)
        case (.point(let p), .y): return .number(p.y)
        case (.rect(let r), .width): return .number(r.width)
        case (.rect(let r), .height): return .number(r.height)
        case (.transform(let t), _):
            guard let parts = t.decomposed() else { return .number(component == .scale || component == .scaleX || component == .scaleY ? 1 : 0) }
            switch component {
            case .scale, .scaleX: return .number(parts.scale[0])
            case .scaleY: return .number(parts.scale[1])
            case .translationX: return .number(parts.translation[0])
            case .translationY: return .number(parts.translation[1])
            case .rotationZ: return .number(2 * atan2(parts.quaternion[2], parts.quaternion[3]))
            case .rotationX: return .number(2 * atan2(parts.quaternion[0], parts.quaternion[3]))
            case .rotationY: return .number(2 * atan2(parts.quaternion[1], parts.quaternion[3]))
            default: return .number(0)
            }
        default: return value
        }
    }
}

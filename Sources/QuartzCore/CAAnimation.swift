import Animation
import Foundation
import Geometry
import Transitions

/// How an animation shows outside its active time (Core Animation's fill modes).
public struct CAMediaTimingFillMode: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed: CAMediaTimingFillMode = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards: CAMediaTimingFillMode = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards: CAMediaTimingFillMode = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both: CAMediaTimingFillMode = CAMediaTimingFillMode(rawValue: "both")
}

/// Core Animation's explicit animation, as far as exported code makes one: its timing and fill, which a layer's
/// `add(_:forKey:)` turns into the engine's layer animation exactly as the scripting API's CABasicAnimation does
/// (`ScriptRuntime.layerAnimations`): the same key paths (`LayerKeyPath`), a duration of 0 meaning a quarter of a second,
/// a missing fromValue the value on screen and a missing toValue the model's.
open class CAAnimation: NSObject {
    open var duration: CFTimeInterval = 0
    open var timingFunction: CAMediaTimingFunction?
    open var fillMode: CAMediaTimingFillMode = .removed
    open var isRemovedOnCompletion: Bool = true

    public override init() {
        super.init()
    }
}

open class CAPropertyAnimation: CAAnimation {
    open var keyPath: String?

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
}

extension CALayer {
    public func add(_ anim: CAAnimation, forKey key: String?) {
        guard let basic = anim as? CABasicAnimation else { preconditionFailure("export adds CABasicAnimations to layers, not \(type(of: anim))") }
        guard let name = basic.keyPath, let keyPath = LayerKeyPath.named(name) else {
            preconditionFailure("CABasicAnimation's keyPath \(basic.keyPath ?? "nil") is not one the scripting API animates")
        }
        if let kind = keyPath.layerKind, view.layerKind != kind { preconditionFailure("key path \(name) animates a \(kind.rawValue)'s property") }
        let start = basic.fromValue.map { Self.value($0, keyPath.kind) } ?? view.shownValue(of: keyPath.property, component: keyPath.component)
        let end = basic.toValue.map { Self.value($0, keyPath.kind) } ?? view.value(of: keyPath.property, component: keyPath.component)
        guard start.interpolates(to: end) else { preconditionFailure("\(name) goes between values Core Animation cannot animate") }
        var animation = LayerAnimation(property: keyPath.property, component: keyPath.component,
                                       duration: basic.duration > 0 ? Double(basic.duration) : 0.25) { start.interpolated(to: end, fraction: $0) }
        animation.timing = .curve(basic.timingFunction?.curve ?? .linear)
        animation.fillsBackwards = basic.fillMode == .backwards || basic.fillMode == .both
        animation.fillsForwards = basic.fillMode == .forwards || basic.fillMode == .both
        animation.isRemovedOnCompletion = basic.isRemovedOnCompletion
        Host.simulation.engine.add([animation], to: view, key: key)
    }

    public func removeAnimation(forKey key: String) {
        Host.simulation.engine.removeLayerAnimation(forKey: key, from: view)
    }

    public func removeAllAnimations() {
        Host.simulation.engine.removeAllLayerAnimations(from: view)
    }

    /// A fromValue or toValue as the engine holds it: Core Animation boxes what the key path's property is.
    private static func value(_ value: Any, _ kind: LayerKeyPath.ValueKind) -> AnimatedValue {
        switch (kind, value) {
        case (.number, let n as CGFloat): return .number(Double(n))
        case (.number, let n as Double): return .number(n)
        case (.number, let n as Float): return .number(Double(n))
        case (.number, let n as Int): return .number(Double(n))
        case (.point, let p as CGPoint): return .point(p.engine)
        case (.point, let s as CGSize): return .point(Point(x: Double(s.width), y: Double(s.height)))
        case (.rect, let r as CGRect): return .rect(r.engine)
        case (.transform, let t as CATransform3D): return .transform(t.engine)
        case (.color, let c as CGColor): return .color(c.color)
        case (.path, let p as CGPath): return .path(p.shape)
        default: preconditionFailure("a \(kind.rawValue) key path's value cannot be \(type(of: value))")
        }
    }
}

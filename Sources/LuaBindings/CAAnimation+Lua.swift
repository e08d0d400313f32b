import Animation
import Catalogue
import Geometry
import LuaRuntime
import Transitions

/// Core Animation's explicit animations for scripts, made and then set up
/// field by field as in UIKit code, and added to a layer (which copies them):
///
///     local a = CAKeyframeAnimation("position.y")
///     a.values = {100, 300, 250}; a.keyTimes = {0, 0.6, 1}
///     a.timingFunctions = {CAMediaTimingFunction.easeIn, CAMediaTimingFunction.easeOut}
///     a.duration = 0.5
///     view.layer:add(a, "drop")
///
/// Each field is checked where it is set (a misspelt one gets a
/// did-you-mean); values are checked against the key path where the
/// animation is added.
final class CAAnimationSpec {
    enum Kind: String {
        case basic = "CABasicAnimation", keyframe = "CAKeyframeAnimation", spring = "CASpringAnimation", group = "CAAnimationGroup"
    }

    let kind: Kind
    /// Field values as the script set them (references into the Lua registry).
    var fields: [String: LuaReference] = [:]

    init(kind: Kind) { self.kind = kind }

    /// What Core Animation answers for a field never set.
    static let defaults: [String: LuaValue] = [
        "duration": .number(0), "beginTime": .number(0), "repeatCount": .number(0), "autoreverses": .boolean(false),
        "fillMode": .string("removed"), "isRemovedOnCompletion": .boolean(true), "calculationMode": .string("linear"),
        "mass": .number(1), "stiffness": .number(100), "damping": .number(10), "initialVelocity": .number(0),
    ]

    static let common = ["duration", "beginTime", "repeatCount", "autoreverses", "fillMode", "isRemovedOnCompletion", "timingFunction", "delegate"]

    var names: [String] {
        switch kind {
        case .basic: ["keyPath", "fromValue", "toValue", "byValue"] + Self.common
        case .keyframe: ["keyPath", "values", "keyTimes", "timingFunctions", "calculationMode"] + Self.common
        case .spring: ["keyPath", "fromValue", "toValue", "byValue", "mass", "stiffness", "damping", "initialVelocity"] + Self.common
        case .group: ["animations"] + Self.common
        }
    }
}

extension ScriptRuntime {
    static let caAnimationMetatable = "segue.CAAnimation"
    /// Members of one group, and values of one keyframe animation, at most.
    static let caListLimit = 256

    func caAnimation(at index: Int32) throws(ArgumentError) -> CAAnimationSpec {
        guard let id = state.handle(at: index, metatable: Self.caAnimationMetatable), let spec = caAnimations[id] else {
            throw ArgumentError(position: index, message: "a CAAnimation expected, got \(state.typeName(at: index))")
        }
        return spec
    }

    func installCAAnimations() {
        state.pushMetatable(Self.caAnimationMetatable) {
            state.push(CAAnimationBindings.index); state.setField(literal: "__index", in: -2)
            state.push(CAAnimationBindings.newIndex); state.setField(literal: "__newindex", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        for (name, constructor) in CAAnimationBindings.constructors { state.register(name, constructor) }
        state.register("CACurrentMediaTime", CAAnimationBindings.currentMediaTime)
    }
}

enum CAAnimationBindings {
    static let constructors: [(String, HostFunction)] = [
        ("CABasicAnimation", { L in construct(L, .basic) }),
        ("CAKeyframeAnimation", { L in construct(L, .keyframe) }),
        ("CASpringAnimation", { L in construct(L, .spring) }),
        ("CAAnimationGroup", { L in construct(L, .group) }),
    ]

    /// CABasicAnimation("opacity") or CABasicAnimation{keyPath = "opacity", toValue = 1, …}.
    static func construct(_ L: OpaquePointer?, _ kind: CAAnimationSpec.Kind) -> Int32 {
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            let spec = CAAnimationSpec(kind: kind)
            runtime.simulation.engine.onAllocate?(256)
            if state.isTable(at: 1) {
                try runtime.checkFields(at: 1, of: kind.rawValue, allowed: spec.names)
                for name in spec.names {
                    state.pushField(name, of: 1)
                    if state.isNil(at: -1) { state.pop() } else { try set(runtime, spec, name, at: state.top); state.pop() }
                }
            } else if !state.isNil(at: 1) {
                guard kind != .group, state.typeName(at: 1) == "string" else {
                    throw ScriptMistake("\(kind.rawValue) takes a key path (\"opacity\") or a table of its fields")
                }
                try set(runtime, spec, "keyPath", at: 1)
            }
            let id = runtime.handleID(for: spec)
            runtime.caAnimations[id] = spec
            state.pushHandle(id, metatable: ScriptRuntime.caAnimationMetatable)
            return 1
        }
    }

    /// Checks a field's type where it is set, and keeps the value.
    static func set(_ runtime: ScriptRuntime, _ spec: CAAnimationSpec, _ name: String, at index: Int32) throws {
        let state = runtime.state
        guard spec.names.contains(name) else {
            throw ScriptMistake(Suggestion.unknown(spec.kind.rawValue, name, in: spec.names))
        }
        switch name {
        case "keyPath":
            guard let path = state.name(at: index), state.typeName(at: index) == "string" else { throw ScriptMistake("'keyPath' must be a string") }
            guard LayerKeyPath.named(path) != nil else {
                let hint = Suggestion.nearest(to: path, in: LayerKeyPath.names).map { "; did you mean \"\($0)\"?" } ?? ""
                throw ScriptMistake("unknown key path \"\(Suggestion.shortened(path))\"\(hint) (one of \(LayerKeyPath.names.joined(separator: ", ")))")
            }
        case "duration", "beginTime", "repeatCount", "mass", "stiffness", "damping", "initialVelocity":
            guard state.isNumber(at: index), let value = state.number(at: index), value.isFinite || (name == "repeatCount" && value == .infinity),
                  value >= 0 || name == "initialVelocity" || name == "beginTime" else {
                throw ScriptMistake("'\(name)' must be a finite number\(name == "initialVelocity" || name == "beginTime" ? "" : ", at least 0")")
            }
        case "autoreverses", "isRemovedOnCompletion":
            guard state.isBoolean(at: index) else { throw ScriptMistake("'\(name)' must be true or false") }
        case "fillMode", "calculationMode":
            let allowed = name == "fillMode" ? ["removed", "forwards", "backwards", "both"] : ["linear", "discrete"]
            guard let value = state.name(at: index), allowed.contains(value) else {
                let given = state.name(at: index) ?? state.typeName(at: index)
                let hint = Suggestion.nearest(to: given, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
                let more = name == "calculationMode" ? " (paced and cubic are not simulated yet)" : ""
                throw ScriptMistake("'\(name)' must be one of \(allowed.joined(separator: ", "))\(more); got \"\(Suggestion.shortened(given))\"\(hint)")
            }
        case "timingFunction":
            _ = try runtime.timingCurve(at: index, what: "timingFunction")
        case "values", "keyTimes", "timingFunctions", "animations":
            guard state.isTable(at: index) else { throw ScriptMistake("'\(name)' must be a list") }
            guard state.rawLength(at: index) <= ScriptRuntime.caListLimit else {
                throw ScriptMistake("'\(name)' holds more than \(ScriptRuntime.caListLimit) items")
            }
        case "delegate":
            guard state.isTable(at: index) else {
                throw ScriptMistake("'delegate' must be a table with animationDidStart = function(animation) and/or animationDidStop = "
                    + "function(animation, finished)")
            }
            try runtime.checkFields(at: index, of: "a CAAnimation's delegate", allowed: ["animationDidStart", "animationDidStop"])
            var any = false
            for (field, form) in [("animationDidStart", "function(animation)"), ("animationDidStop", "function(animation, finished)")] {
                state.pushField(field, of: index)
                defer { state.pop() }
                if state.isNil(at: -1) { continue }
                guard state.isFunction(at: -1) else { throw ScriptMistake("the delegate's \(field) must be a \(form)") }
                any = true
            }
            guard any else { throw ScriptMistake("the delegate has neither animationDidStart nor animationDidStop") }
        default:
            // fromValue, toValue, byValue: checked against the key path when added; a bare number here.
            if state.isNumber(at: index), let value = state.number(at: index), !value.isFinite {
                throw ScriptMistake("'\(name)' must be a finite number, got \(LuaValue.number(value).description)")
            }
        }
        // A built UIBezierPath is taken as it is now, as Swift's `path.cgPath` would be: what the path becomes later
        // does not change the animation.
        var copied = false
        if ["fromValue", "toValue", "byValue"].contains(name), state.isTable(at: index) {
            state.pushField(literal: "kind", of: index)
            let built = state.name(at: -1) == "path"
            state.pop()
            if built {
                do { runtime.push(try runtime.pathShape(at: index)) } catch { throw ScriptMistake("'\(name)': \(error.message)") }
                copied = true
            }
        }
        if let old = spec.fields[name] { state.release(old) }
        if !copied { state.pushCopy(of: index) }
        spec.fields[name] = state.reference()
    }

    static let index: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let spec = try runtime.caAnimation(at: 1)
            let name = try arguments.name(2)
            if name == "settlingDuration", spec.kind == .spring {
                arguments.push(try spring(runtime, spec).settlingDuration())
                return 1
            }
            guard spec.names.contains(name) else {
                throw ScriptMistake(Suggestion.unknown(spec.kind.rawValue, name, in: spec.names + (spec.kind == .spring ? ["settlingDuration"] : [])))
            }
            if let reference = spec.fields[name] {
                runtime.state.push(reference)
            } else if let value = CAAnimationSpec.defaults[name] {
                runtime.state.push(value)
            } else {
                runtime.state.pushNil()
            }
            return 1
        }
    }

    static let newIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let spec = try runtime.caAnimation(at: 1)
            let name = try arguments.name(2)
            if runtime.state.isNil(at: 3) {
                if let old = spec.fields.removeValue(forKey: name) { runtime.state.release(old) }
                return 0
            }
            try set(runtime, spec, name, at: 3)
            return 0
        }
    }

    static let currentMediaTime: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            arguments.push(runtime.simulation.engine.now)
            return 1
        }
    }

    static func spring(_ runtime: ScriptRuntime, _ spec: CAAnimationSpec) throws -> Spring {
        func number(_ name: String, _ fallback: Double) -> Double {
            guard let reference = spec.fields[name] else { return fallback }
            runtime.state.push(reference)
            defer { runtime.state.pop() }
            return runtime.state.number(at: -1) ?? fallback
        }
        // CASpringAnimation's defaults: mass 1, stiffness 100, damping 10.
        let spring = Spring(mass: number("mass", 1), stiffness: number("stiffness", 100), damping: number("damping", 10),
                            initialVelocity: number("initialVelocity", 0))
        guard spring.mass > 0, spring.stiffness > 0, spring.damping > 0 else {
            throw ScriptMistake("a CASpringAnimation needs mass and stiffness above 0 and some damping (it would never settle)")
        }
        return spring
    }
}

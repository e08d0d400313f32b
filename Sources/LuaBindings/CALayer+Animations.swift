import Animation
import Catalogue
import Geometry
import LuaRuntime
import RenderTree
import Transitions

extension ScriptRuntime {
    /// Core Animation's name for a whole property ("strokeEnd", "colors"), for messages.
    static func keyPathName(of property: AnimatableProperty) -> String {
        LayerKeyPath.all.first { $0.1.property == property && $0.1.component == .whole }?.0 ?? property.rawValue
    }
}

extension ScriptRuntime {
    /// A value of the key path's kind at index (a CGSize serves as a point, for shadowOffset).
    func animatedValue(at index: Int32, kind: LayerKeyPath.ValueKind, what: String) throws -> AnimatedValue {
        do {
            switch kind {
            case .number:
                guard state.isNumber(at: index), let value = state.number(at: index), value.isFinite else {
                    throw ScriptMistake("\(what) must be a finite number")
                }
                return .number(value)
            case .point:
                state.pushField(literal: "width", of: index)
                let isSize = !state.isNil(at: -1)
                state.pop()
                if isSize { let s = try size(at: index); return .point(Point(x: s.width, y: s.height)) }
                return .point(try point(at: index))
            case .rect: return .rect(try rect(at: index))
            case .transform: return .transform(try transform3D(at: index))
            case .color: return .color(try color(at: index))
            case .colors:
                let colors = try list(at: index, of: what, limit: Gradient.stopLimit,
                                      tooMany: "a gradient has at most \(Gradient.stopLimit) stops") { item, _ in try color(at: item) }
                simulation.engine.onAllocate?(colors.count * 48)
                return .colors(colors)
            case .numbers:
                let numbers = try list(at: index, of: what, limit: Gradient.stopLimit,
                                       tooMany: "a gradient has at most \(Gradient.stopLimit) stops") { item, _ -> Double in
                    guard state.isNumber(at: item), let v = state.number(at: item), v.isFinite else {
                        throw ArgumentError(position: item, message: "a finite number expected, got \(state.typeName(at: item))")
                    }
                    return v
                }
                guard zip(numbers, numbers.dropFirst()).allSatisfy({ $0 <= $1 }) else { throw ScriptMistake("\(what) must not decrease") }
                simulation.engine.onAllocate?(numbers.count * 16)
                return .numbers(numbers)
            case .path:
                simulation.engine.onAllocate?(64)
                return .path(try pathShape(at: index))
            }
        } catch let error as ArgumentError {
            throw ScriptMistake("\(what): \(error.message)")
        }
    }

    private func field(_ spec: CAAnimationSpec, _ name: String, _ body: () throws -> Void) rethrows {
        guard let reference = spec.fields[name] else { return }
        state.push(reference)
        defer { state.pop() }
        try body()
    }

    private func number(_ spec: CAAnimationSpec, _ name: String) -> Double? {
        var value: Double?
        field(spec, name) { value = state.number(at: -1) }
        return value
    }

    /// The engine's layer animations for a spec (a group gives one per member),
    /// against the view's value now. A group's members start at their
    /// beginTime within it and are cut at its end.
    func layerAnimations(_ spec: CAAnimationSpec, on view: View, depth: Int = 0) throws -> [LayerAnimation] {
        // CAAnimation's duration 0 means the transaction's: a quarter of a second.
        let duration = number(spec, "duration").flatMap { $0 > 0 ? $0 : nil } ?? 0.25
        var fills = (backwards: false, forwards: false)
        field(spec, "fillMode") {
            let mode = state.name(at: -1) ?? "removed"
            fills = (mode == "backwards" || mode == "both", mode == "forwards" || mode == "both")
        }
        var removed = true
        field(spec, "isRemovedOnCompletion") { removed = state.boolean(at: -1) }
        var autoreverses = false
        field(spec, "autoreverses") { autoreverses = state.boolean(at: -1) }
        let repeatCount = number(spec, "repeatCount") ?? 0
        var curve = TimingCurve.linear
        try field(spec, "timingFunction") { curve = try timingCurve(at: state.top, what: "timingFunction") }
        // A layer's beginTime is in its time (CACurrentMediaTime() + 0.2; 0 is now); a group member's is from the group's start.
        let given = number(spec, "beginTime") ?? 0
        let begin = depth > 0 || given == 0 ? given : given - simulation.engine.now
        func configured(_ animation: LayerAnimation) -> LayerAnimation {
            var animation = animation
            animation.autoreverses = autoreverses
            animation.cycles = max(repeatCount, 1)
            animation.fillsBackwards = fills.backwards
            animation.fillsForwards = fills.forwards
            animation.isRemovedOnCompletion = removed
            if case .curve = animation.timing { animation.timing = .curve(curve) }
            return animation
        }

        if spec.kind == .group {
            guard depth < 4 else { throw ScriptMistake("animation groups nest at most 4 deep") }
            guard fields(spec, ["repeatCount", "autoreverses", "timingFunction"]).isEmpty else {
                throw ScriptMistake("a group's own repeatCount, autoreverses and timingFunction are not simulated yet: set them on its members")
            }
            var members: [LayerAnimation] = []
            try field(spec, "animations") {
                let list = try self.list(at: state.top, of: "animations", limit: Self.caListLimit,
                                         tooMany: "a group holds at most \(Self.caListLimit)") { item, _ in try caAnimation(at: item) }
                for member in list {
                    guard member !== spec else { throw ScriptMistake("a group cannot hold itself") }
                    for var animation in try layerAnimations(member, on: view, depth: depth + 1) {
                        // A member's time is the group's: it starts at its beginTime and stops at the group's end.
                        animation.limit = max(duration - animation.delay, 0)
                        animation.lastsUntilLimit = true
                        if fills.forwards { animation.fillsForwards = true; animation.isRemovedOnCompletion = removed }
                        if fills.backwards { animation.fillsBackwards = true }
                        members.append(animation)
                    }
                }
            }
            return members.map { var m = $0; m.delay += begin; return m }
        }

        var keyPathName = ""
        field(spec, "keyPath") { keyPathName = state.name(at: -1) ?? "" }
        guard let keyPath = LayerKeyPath.named(keyPathName) else { throw ScriptMistake("\(spec.kind.rawValue) needs a keyPath, like \"opacity\"") }
        if let kind = keyPath.layerKind, view.layerKind != kind {
            let target = view.layerKind == nil ? "'\(view.name)''s layer, a CALayer" : "'\(view.name)', a \(LayerBindings.className(of: view))"
            throw ScriptMistake("key path \"\(keyPathName)\" animates a \(kind.rawValue)'s property; \(target), has none")
        }
        /// Two values with no in-between: Core Animation's result is undefined, so it is refused here.
        func checkInterpolates(_ a: AnimatedValue, _ b: AnimatedValue, _ what: String) throws {
            guard !a.interpolates(to: b) else { return }
            let advice = keyPath.kind == .path ? LayerBindings.pathAdvice : LayerBindings.listAdvice
            let detail: String
            switch (a, b) {
            case (.path(.elements(let p)), .path(.elements(let q))) where p.count == q.count:
                let i = p.indices.first { !p[$0].sameKind(as: q[$0]) } ?? 0
                detail = "built UIBezierPaths whose element \(i + 1) is \(p[i].kindName) in one and \(q[i].kindName) in the other"
            case (.path(let p), .path(let q)): detail = "\(LayerBindings.describe(p)) and \(LayerBindings.describe(q))"
            case (.colors(let p), .colors(let q)): detail = "\(p.count) and \(q.count) colours"
            case (.numbers(let p), .numbers(let q)): detail = "\(p.count) and \(q.count) locations"
            default: detail = "these values"
            }
            throw ScriptMistake("\(what) go between \(detail), which Core Animation cannot animate (it leaves the in-between undefined); \(advice)")
        }
        let model = view.value(of: keyPath.property, component: keyPath.component)
        let shown = view.shownValue(of: keyPath.property, component: keyPath.component)
        var animation: LayerAnimation
        switch spec.kind {
        case .keyframe:
            var values: [AnimatedValue] = []
            let tooMany = "a keyframe animation has at most \(Self.caListLimit)"
            try field(spec, "values") {
                values = try list(at: state.top, of: "values", limit: Self.caListLimit, tooMany: tooMany) { item, i in
                    try animatedValue(at: item, kind: keyPath.kind, what: "values[\(i)]")
                }
            }
            guard !values.isEmpty else { throw ScriptMistake("a CAKeyframeAnimation needs values") }
            var times = (0..<values.count).map { values.count > 1 ? Double($0) / Double(values.count - 1) : 0 }
            try field(spec, "keyTimes") {
                times = try list(at: state.top, of: "keyTimes", limit: Self.caListLimit, tooMany: tooMany) { item, i in
                    guard state.isNumber(at: item), let t = state.number(at: item), (0...1).contains(t) else {
                        throw ScriptMistake("keyTimes[\(i)] must be a number from 0 to 1")
                    }
                    return t
                }
                guard times.count == values.count else {
                    throw ScriptMistake("keyTimes has \(times.count) times for \(values.count) values: give one each")
                }
                guard zip(times, times.dropFirst()).allSatisfy({ $0 <= $1 }) else { throw ScriptMistake("keyTimes must not go down") }
            }
            var curves = [TimingCurve](repeating: .linear, count: values.count - 1)
            try field(spec, "timingFunctions") {
                curves = try list(at: state.top, of: "timingFunctions", limit: Self.caListLimit, tooMany: tooMany) { item, i in
                    try timingCurve(at: item, what: "timingFunctions[\(i)]")
                }
                guard curves.count == values.count - 1 else {
                    throw ScriptMistake("timingFunctions has \(curves.count) curves for \(values.count - 1) segments: give one between each two values")
                }
            }
            var discrete = false
            field(spec, "calculationMode") { discrete = state.name(at: -1) == "discrete" }
            if !discrete {
                for (i, pair) in zip(values, values.dropFirst()).enumerated() {
                    try checkInterpolates(pair.0, pair.1, "values[\(i + 1)] and values[\(i + 2)]")
                }
            }
            let track = KeyTimedTrack(values: values, times: times, curves: curves, discrete: discrete)
            animation = LayerAnimation(property: keyPath.property, component: keyPath.component, duration: duration, value: track.value(at:))
        case .basic, .spring:
            var (from, to, by): (AnimatedValue?, AnimatedValue?, AnimatedValue?) = (nil, nil, nil)
            try field(spec, "fromValue") { from = try animatedValue(at: state.top, kind: keyPath.kind, what: "fromValue") }
            try field(spec, "toValue") { to = try animatedValue(at: state.top, kind: keyPath.kind, what: "toValue") }
            try field(spec, "byValue") { by = try animatedValue(at: state.top, kind: keyPath.kind, what: "byValue") }
            if by != nil, keyPath.kind != .number { throw ScriptMistake("byValue is simulated for numbers only") }
            if from != nil, to != nil, by != nil { throw ScriptMistake("give at most two of fromValue, toValue and byValue (Core Animation's rule)") }
            // Core Animation's rules: missing ends come from byValue, the value on screen, or the model.
            func plus(_ a: AnimatedValue, _ b: AnimatedValue?, _ sign: Double) -> AnimatedValue? {
                guard case .number(let x) = a, case .number(let y)? = b else { return nil }
                return .number(x + sign * y)
            }
            let start = from ?? to.flatMap { plus($0, by, -1) } ?? shown
            let end = to ?? plus(start, by, 1) ?? model
            try checkInterpolates(start, end, "\(from == nil ? "the value on screen" : "fromValue") and \(to == nil ? "the model value" : "toValue")")
            animation = LayerAnimation(property: keyPath.property, component: keyPath.component, duration: duration) { u in
                start.interpolated(to: end, fraction: u)
            }
            if spec.kind == .spring { animation.timing = .spring(try CAAnimationBindings.spring(self, spec)) }
        case .group:
            return []
        }
        animation = configured(animation)
        animation.delay = begin
        return [animation]
    }

    private func fields(_ spec: CAAnimationSpec, _ names: [String]) -> [String] { names.filter { spec.fields[$0] != nil } }
}

/// Values at key times, each segment along its own timing function
/// (CAKeyframeAnimation's keyTimes and timingFunctions), or held until the
/// next key time (discrete).
struct KeyTimedTrack: Sendable {
    let values: [AnimatedValue]
    let times: [Double]
    let curves: [TimingCurve]
    let discrete: Bool

    func value(at u: Double) -> AnimatedValue {
        guard values.count > 1 else { return values[0] }
        if u <= times[0] { return values[0] }
        guard let index = times.lastIndex(where: { $0 <= u }), index + 1 < values.count else { return values[values.count - 1] }
        if discrete { return values[index] }
        let span = times[index + 1] - times[index]
        let s = span > 0 ? (u - times[index]) / span : 1
        return values[index].interpolated(to: values[index + 1], fraction: curves[index].value(at: s))
    }
}


/// layer:add(animation, key), layer:removeAnimation(key), layer:removeAllAnimations(), layer:animationKeys().
enum CALayerAnimationBindings {
    /// Keys are names a script chooses: bounded like view names.
    static let keyLimit = 200

    static let add: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let view = try runtime.layerView(at: 1)
            let spec = try runtime.caAnimation(at: 2)
            let state = runtime.state
            var key: String?
            if !state.isNil(at: 3) {
                guard let given = state.string(at: 3, atMost: keyLimit) else {
                    throw ScriptMistake("an animation's key must be a string of at most \(keyLimit) bytes")
                }
                key = given
            }
            let animations = try runtime.layerAnimations(spec, on: view)
            guard !animations.isEmpty else { throw ScriptMistake("the group has no animations") }
            var completion: ((Bool) -> Void)?
            var didStart: (() -> Void)?
            if let delegate = spec.fields["delegate"] {
                // Held until they run: the delegate's animationDidStart(animation) and animationDidStop(animation, finished).
                let id = runtime.handleID(for: spec)
                completion = { [weak runtime] finished in
                    runtime.map { tell($0, delegate, "animationDidStop", animation: id, finished: finished) }
                }
                didStart = { [weak runtime] in runtime.map { tell($0, delegate, "animationDidStart", animation: id, finished: nil) } }
            }
            runtime.simulation.engine.add(animations, to: view, key: key, completion: completion, didStart: didStart)
            return 0
        }
    }

    /// Calls the delegate's `method`, if it has one, with the animation (and whether it finished, for a stop).
    private static func tell(_ runtime: ScriptRuntime, _ delegate: LuaReference, _ method: String, animation id: Int, finished: Bool?) {
        let base = runtime.state.top
        runtime.state.push(delegate)
        runtime.state.pushField(method, of: -1)
        runtime.state.keepTop(above: base)
        guard runtime.state.isFunction(at: -1) else { return runtime.state.pop() }
        let reference = runtime.state.reference()
        runtime.invoke(reference, hook: method) {
            runtime.state.pushHandle(id, metatable: ScriptRuntime.caAnimationMetatable)
            guard let finished else { return 1 }
            runtime.state.push(finished)
            return 2
        }
        runtime.state.release(reference)
    }

    static let remove: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let view = try runtime.layerView(at: 1)
            // A key longer than `add` allows names no animation: not copied, nothing removed.
            if runtime.state.typeName(at: 2) == "string", runtime.state.string(at: 2, atMost: keyLimit) == nil { return 0 }
            runtime.simulation.engine.removeLayerAnimation(forKey: try arguments.string(2), from: view)
            return 0
        }
    }

    static let removeAll: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            runtime.simulation.engine.removeAllLayerAnimations(from: try runtime.layerView(at: 1))
            return 0
        }
    }

    static let keys: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let keys = runtime.simulation.engine.layerAnimationKeys(of: try runtime.layerView(at: 1))
            runtime.state.pushList(keys) { runtime.state.push($0) }
            return 1
        }
    }
}

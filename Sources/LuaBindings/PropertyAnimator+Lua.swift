import Animation
import Catalogue
import Geometry
import LuaRuntime
import Transitions

/// UIViewPropertyAnimator and UISpringTimingParameters for scripts:
///
///     local a = UIViewPropertyAnimator.new{duration = 0.5, curve = "easeInOut", animations = function() … end}
///     UIViewPropertyAnimator.new{duration = 0.5, dampingRatio = 0.8}
///     UIViewPropertyAnimator.new{duration = 0.5, timingParameters = UISpringTimingParameters{dampingRatio = 0.6}}
///     a:addAnimations(function() … end, 0.2); a:addCompletion(function(position) … end)
///     a:startAnimation(); a:pauseAnimation(); a.fractionComplete = 0.3; a.isReversed = true
///     a:continueAnimation(UISpringTimingParameters{dampingRatio = 0.5}, 1)
///     a:stopAnimation(false); a:finishAnimation("current")
extension ScriptRuntime {
    static let propertyAnimatorMetatable = "segue.UIViewPropertyAnimator"
    static let springMetatable = "segue.UISpringTimingParameters"

    func push(_ animator: PropertyAnimator) {
        let id = handleID(for: animator)
        propertyAnimators[id] = animator
        state.pushHandle(id, metatable: Self.propertyAnimatorMetatable)
    }

    func propertyAnimator(at index: Int32) throws(ArgumentError) -> PropertyAnimator {
        guard let id = state.handle(at: index, metatable: Self.propertyAnimatorMetatable), let animator = propertyAnimators[id] else {
            throw ArgumentError(position: index, message: "UIViewPropertyAnimator expected (call it as animator:method())")
        }
        return animator
    }

    /// Timing parameters where UIKit takes a UITimingCurveProvider: a
    /// UISpringTimingParameters, or a cubic curve as `timingCurve` reads one.
    func timingParameters(at index: Int32, what: String) throws -> TimingParameters {
        if let id = state.handle(at: index, metatable: Self.springMetatable), let spring = springs[id] { return spring }
        return .curve(try timingCurve(at: index, what: what))
    }

    func installPropertyAnimator() {
        state.pushMetatable(Self.propertyAnimatorMetatable) {
            state.push(PropertyAnimatorBindings.index); state.setField(literal: "__index", in: -2)
            state.push(PropertyAnimatorBindings.newIndex); state.setField(literal: "__newindex", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        state.pushMetatable(Self.springMetatable) {
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        state.register(table: "UIViewPropertyAnimator", [
            ("new", PropertyAnimatorBindings.new), ("runningPropertyAnimator", PropertyAnimatorBindings.running),
        ])
        state.register("UISpringTimingParameters", PropertyAnimatorBindings.spring)
    }
}

enum PropertyAnimatorBindings {
    static let readable = ["duration", "fractionComplete", "isReversed", "state", "isRunning", "scrubsLinearly", "isInterruptible",
                           "startAnimation", "pauseAnimation", "stopAnimation", "finishAnimation", "continueAnimation",
                           "addAnimations", "addCompletion"]
    static let writable = ["fractionComplete", "isReversed", "scrubsLinearly"]
    static let newFields = ["duration", "curve", "dampingRatio", "timingParameters", "controlPoint1", "controlPoint2", "animations"]

    /// UIViewPropertyAnimator.new{duration =, curve = "easeInOut" | dampingRatio = | timingParameters = | controlPoint1 =, controlPoint2 =,
    /// animations =}; or (duration, curve, animations).
    static let new: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let (animator, animations) = try make(runtime, arguments, call: "UIViewPropertyAnimator.new", fields: newFields)
            if let animations { try animator.addAnimations(animations) }
            runtime.push(animator)
            return 1
        }
    }

    /// runningPropertyAnimator{withDuration =, delay =, options = {"curveEaseOut"}, animations =, completion =}: made and started.
    static let running: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            guard state.isTable(at: 1) else {
                throw ScriptMistake("runningPropertyAnimator takes a table: {withDuration =, delay =, options =, animations =, completion =}")
            }
            try runtime.checkFields(at: 1, of: "UIViewPropertyAnimator.runningPropertyAnimator",
                                    allowed: ["withDuration", "delay", "options", "animations", "completion"])
            guard let duration = try runtime.number(field: "withDuration", of: 1, minimum: 0) else {
                throw ScriptMistake("'withDuration' (a number of seconds) is required")
            }
            let delay = try runtime.number(field: "delay", of: 1, minimum: 0) ?? 0
            state.pushField(literal: "options", of: 1)
            let options = try AnimationBindings.options(runtime, at: state.top)
            state.pushField(literal: "animations", of: 1)
            guard state.isFunction(at: -1) else { throw ScriptMistake("'animations' (a function) is required") }
            let animations = keep(runtime, state.top, hook: "animations")
            state.pushField(literal: "completion", of: 1)
            let completion = try completionHandler(runtime, state.top)
            let animator = runtime.simulation.engine.makePropertyAnimator(duration: duration, parameters: .curve(options.curve))
            try animator.addAnimations(animations)
            if let completion { _ = animator.addCompletion(completion) }
            try animator.startAnimation(afterDelay: delay)
            runtime.push(animator)
            return 1
        }
    }

    private static func make(_ runtime: ScriptRuntime, _ arguments: LuaArguments, call: String, fields: [String]) throws
        -> (PropertyAnimator, (() throws -> Void)?) {
        let state = runtime.state
        var duration: Double
        var parameters = TimingParameters.curve(.easeInOut)
        var animations: Int32 = 0
        if state.isTable(at: 1) {
            try runtime.checkFields(at: 1, of: call, allowed: fields)
            guard let given = try runtime.number(field: "duration", of: 1, minimum: 0) else {
                throw ScriptMistake("'duration' (a number of seconds) is required")
            }
            duration = given
            var ways: [String] = []
            state.pushField(literal: "curve", of: 1)
            if !state.isNil(at: -1) { ways.append("curve"); parameters = .curve(try runtime.timingCurve(at: state.top, what: "curve")) }
            state.pop()
            if let ratio = try runtime.number(field: "dampingRatio", of: 1, minimum: 0) {
                ways.append("dampingRatio")
                parameters = .fittedSpring(dampingRatio: ratio, initialVelocity: 0)
            }
            state.pushField(literal: "timingParameters", of: 1)
            if !state.isNil(at: -1) {
                ways.append("timingParameters")
                parameters = try runtime.timingParameters(at: state.top, what: "timingParameters")
            }
            state.pop()
            state.pushField(literal: "controlPoint1", of: 1)
            state.pushField(literal: "controlPoint2", of: 1)
            if !state.isNil(at: -2) || !state.isNil(at: -1) {
                ways.append("controlPoint1/controlPoint2")
                let (a, b) = (try runtime.point(at: state.top - 1), try runtime.point(at: state.top))
                guard [a.x, a.y, b.x, b.y].allSatisfy(\.isFinite), (0...1).contains(a.x), (0...1).contains(b.x) else {
                    throw ScriptMistake("control points must be finite, with x from 0 to 1")
                }
                parameters = .curve(.cubic(CubicBezier(a.x, a.y, b.x, b.y)))
            }
            state.pop(2)
            guard ways.count <= 1 else { throw ScriptMistake("give the timing once: \(ways.joined(separator: " and ")) both set it") }
            state.pushField(literal: "animations", of: 1)
            animations = state.top
        } else {
            duration = try arguments.number(1)
            guard duration.isFinite, duration >= 0 else { throw ScriptMistake("the duration must be a finite number of seconds, at least 0") }
            if !state.isNil(at: 2) { parameters = try runtime.timingParameters(at: 2, what: "curve") }
            animations = 3
        }
        guard duration <= 3600 else { throw ScriptMistake("a duration of \(LuaValue.number(duration).description) s is past an hour") }
        if !state.isNil(at: animations) && !state.isFunction(at: animations) {
            throw ScriptMistake("'animations' must be a function")
        }
        let animator = runtime.simulation.engine.makePropertyAnimator(duration: duration, parameters: parameters)
        return (animator, state.isFunction(at: animations) ? keep(runtime, animations, hook: "animations") : nil)
    }

    /// The function at index as a closure that runs it (once or many times) in the script.
    static func keep(_ runtime: ScriptRuntime, _ index: Int32, hook: String) -> () throws -> Void {
        runtime.state.pushCopy(of: index)
        let reference = runtime.state.reference()
        return { [weak runtime] in runtime?.invoke(reference, hook: hook) }
    }

    static func completionHandler(_ runtime: ScriptRuntime, _ index: Int32) throws -> ((PropertyAnimator.Position) -> Void)? {
        let state = runtime.state
        if state.isNil(at: index) { return nil }
        guard state.isFunction(at: index) else { throw ScriptMistake("a completion must be a function(position)") }
        state.pushCopy(of: index)
        let reference = state.reference()
        return { [weak runtime] position in
            guard let runtime else { return }
            runtime.invoke(reference, hook: "property animator completion") {
                runtime.state.push(position.rawValue)
                return 1
            }
            runtime.state.release(reference)
        }
    }

    static let index: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let animator = try runtime.propertyAnimator(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "duration": arguments.push(animator.duration)
            case "fractionComplete": arguments.push(animator.fractionComplete)
            case "isReversed": arguments.push(animator.isReversed)
            case "state": arguments.push(animator.state.rawValue)
            case "isRunning": arguments.push(animator.isRunning)
            case "scrubsLinearly": arguments.push(animator.scrubsLinearly)
            case "isInterruptible": arguments.push(true)
            case "startAnimation": runtime.state.push(start)
            case "pauseAnimation": runtime.state.push(pause)
            case "stopAnimation": runtime.state.push(stop)
            case "finishAnimation": runtime.state.push(finish)
            case "continueAnimation": runtime.state.push(continueAnimation)
            case "addAnimations": runtime.state.push(addAnimations)
            case "addCompletion": runtime.state.push(addCompletion)
            default: throw ScriptMistake(Suggestion.unknown("UIViewPropertyAnimator", key, in: readable))
            }
            return 1
        }
    }

    static let newIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let animator = try runtime.propertyAnimator(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "fractionComplete":
                let value = try arguments.number(3)
                guard value.isFinite else { throw ScriptMistake("fractionComplete must be a finite number from 0 to 1") }
                guard animator.state != .stopped else { throw ScriptMistake("a stopped animator cannot be scrubbed: finishAnimation(at:) it first") }
                guard !animator.isRunning else {
                    // UIKit ignores it: a warning at the line, and nothing changes.
                    runtime.find(.warning, hook: runtime.currentHook, location: runtime.state.callerLocation(),
                                 "fractionComplete was set on a running animator; UIKit ignores it: pauseAnimation() first")
                    return 0
                }
                try animator.setFractionComplete(value)
            case "isReversed": animator.setReversed(try runtime.flag(at: 3))
            case "scrubsLinearly": animator.scrubsLinearly = try runtime.flag(at: 3)
            default:
                if readable.contains(key) { throw ScriptMistake("UIViewPropertyAnimator.\(key) cannot be set") }
                throw ScriptMistake(Suggestion.unknown("UIViewPropertyAnimator", key, in: writable))
            }
            return 0
        }
    }

    static let start: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let animator = try runtime.propertyAnimator(at: 1)
            let delay = runtime.state.isNil(at: 2) ? 0 : try arguments.number(2)
            guard delay.isFinite, delay >= 0, delay <= 3600 else { throw ScriptMistake("the delay must be a number of seconds from 0 to 3600") }
            guard animator.state != .stopped else { throw ScriptMistake("a stopped animator cannot start again: finishAnimation(at:) it first") }
            try animator.startAnimation(afterDelay: delay)
            return 0
        }
    }

    static let pause: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let animator = try runtime.propertyAnimator(at: 1)
            guard animator.state != .stopped else { throw ScriptMistake("a stopped animator cannot be paused: finishAnimation(at:) it first") }
            try animator.pauseAnimation()
            return 0
        }
    }

    static let stop: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let animator = try runtime.propertyAnimator(at: 1)
            animator.stopAnimation(withoutFinishing: try runtime.flag(at: 2))
            return 0
        }
    }

    static let finish: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let animator = try runtime.propertyAnimator(at: 1)
            let name = try arguments.name(2)
            guard let position = PropertyAnimator.Position(rawValue: name) else {
                let names = ["end", "start", "current"]
                let hint = Suggestion.nearest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
                throw ScriptMistake("finishAnimation takes \"end\", \"start\" or \"current\"; got \"\(Suggestion.shortened(name))\"\(hint)")
            }
            // UIKit raises here: finishing an animator that was not stopped.
            guard animator.state == .stopped else {
                throw ScriptMistake("finishAnimation(at:) needs a stopped animator (stopAnimation(false) first); UIKit raises an exception")
            }
            animator.finishAnimation(at: position)
            return 0
        }
    }

    /// animator:continueAnimation(timingParameters or nil, durationFactor)
    static let continueAnimation: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let animator = try runtime.propertyAnimator(at: 1)
            let parameters = runtime.state.isNil(at: 2) ? nil : try runtime.timingParameters(at: 2, what: "timingParameters")
            let factor = runtime.state.isNil(at: 3) ? 1 : try arguments.number(3)
            guard factor.isFinite, factor > 0, factor <= 1000 else { throw ScriptMistake("durationFactor must be a number above 0, at most 1000") }
            guard animator.state != .stopped else { throw ScriptMistake("a stopped animator cannot continue: finishAnimation(at:) it first") }
            try animator.continueAnimation(timing: parameters, durationFactor: factor)
            return 0
        }
    }

    /// animator:addAnimations(function() … end, delayFactor)
    static let addAnimations: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let animator = try runtime.propertyAnimator(at: 1)
            guard runtime.state.isFunction(at: 2) else { throw ScriptMistake("addAnimations takes a function") }
            let factor = runtime.state.isNil(at: 3) ? 0 : try arguments.number(3)
            guard factor.isFinite, (0...1).contains(factor) else { throw ScriptMistake("delayFactor must be a number from 0 to 1") }
            guard animator.state != .stopped else { throw ScriptMistake("a stopped animator takes no more animations") }
            try animator.addAnimations(delayFactor: factor, keep(runtime, 2, hook: "animations"))
            return 0
        }
    }

    static let addCompletion: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let animator = try runtime.propertyAnimator(at: 1)
            guard let completion = try completionHandler(runtime, 2) else { throw ScriptMistake("addCompletion takes a function(position)") }
            guard animator.addCompletion(completion) else {
                throw ScriptMistake("an animator holds at most \(PropertyAnimator.completionLimit) completions")
            }
            return 0
        }
    }

    /// UISpringTimingParameters{dampingRatio =, initialVelocity =} or {mass =, stiffness =, damping =, initialVelocity =}.
    static let spring: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            guard state.isTable(at: 1) else {
                throw ScriptMistake("UISpringTimingParameters takes a table: {dampingRatio = 0.7} or {mass = 1, stiffness = 100, damping = 10}")
            }
            try runtime.checkFields(at: 1, of: "UISpringTimingParameters",
                                    allowed: ["dampingRatio", "initialVelocity", "mass", "stiffness", "damping"])
            let velocity = try runtime.number(field: "initialVelocity", of: 1) ?? 0
            let ratio = try runtime.number(field: "dampingRatio", of: 1, minimum: 0)
            let physics = try ["mass", "stiffness", "damping"].map { try runtime.number(field: $0, of: 1, minimum: 0) }
            let parameters: TimingParameters
            if let ratio {
                guard physics.allSatisfy({ $0 == nil }) else {
                    throw ScriptMistake("give dampingRatio, or mass, stiffness and damping: not both")
                }
                parameters = .fittedSpring(dampingRatio: ratio, initialVelocity: velocity)
            } else {
                guard let mass = physics[0], let stiffness = physics[1], let damping = physics[2], mass > 0, stiffness > 0 else {
                    throw ScriptMistake("give dampingRatio, or all of mass, stiffness and damping (mass and stiffness above 0)")
                }
                let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
                // A spring that never settles (no damping) would run for ever.
                guard damping > 0, spring.settlingDuration() < 60 else {
                    // Too little damping rings for ever, too much creeps: a damping ratio of 1 settles soonest.
                    let advice = spring.dampingRatio > 1 ? "less damping (a damping ratio of 1, damping = 2·√(stiffness·mass), settles soonest)"
                        : "more damping"
                    throw ScriptMistake("this spring does not settle within 60 s: give it \(advice)")
                }
                parameters = .spring(spring)
            }
            runtime.simulation.engine.onAllocate?(64)
            let id = runtime.newHandle()
            runtime.springs[id] = parameters
            state.pushHandle(id, metatable: ScriptRuntime.springMetatable)
            return 1
        }
    }
}

extension ScriptRuntime {
    static let applicationMetatable = "segue.UIApplication"

    /// UIApplication.shared.statusBarFrame: the figure sheets and cards leave room for.
    func installApplication() {
        state.pushMetatable(Self.applicationMetatable) {
            state.push(ApplicationBindings.index); state.setField(literal: "__index", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        state.newTable(fieldCount: 1)
        state.pushHandle(0, metatable: Self.applicationMetatable)
        state.setField(literal: "shared", in: -2)
        state.setGlobal("UIApplication")
    }
}

enum ApplicationBindings {
    static let index: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let key = try arguments.name(2)
            guard key == "statusBarFrame" else { throw ScriptMistake(Suggestion.unknown("UIApplication.shared", key, in: ["statusBarFrame"])) }
            runtime.push(runtime.simulation.statusBarFrame)
            return 1
        }
    }
}

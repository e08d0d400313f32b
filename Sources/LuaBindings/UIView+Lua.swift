import Catalogue
import Animation
import Geometry
import LuaRuntime
import Transitions

/// `UIView.animate`, its spring form, `UIView.animateKeyframes`,
/// `UIView.addKeyframe` and `UIView.new`, with labelled arguments as tables
/// and UIKit's positional order:
///
///     UIView.animate{duration = 0.3, delay = 0, options = {"curveEaseOut"},
///                    animations = function() … end, completion = function(finished) … end}
///     UIView.animate(0.3, function() … end, function(finished) … end)
///     UIView.animate{duration = 0.5, usingSpringWithDamping = 0.7, initialSpringVelocity = 0, animations = …}
enum AnimationBindings {
    struct Call {
        var duration = 0.0, delay = 0.0
        var options = AnimationOptions()
        var damping: Double?, velocity = 0.0
        var animations: Int32 = 0
        var completion: Int32 = 0
    }

    static let animateFields = ["duration", "delay", "options", "timingFunction", "usingSpringWithDamping", "initialSpringVelocity",
                                "animations", "completion"]
    static let keyframesFields = ["duration", "delay", "options", "timingFunction", "animations", "completion"]

    /// Reads either form into stack positions of the functions.
    static func parse(_ runtime: ScriptRuntime, _ arguments: LuaArguments, name: String = "UIView.animate",
                      fields: [String] = animateFields) throws -> Call {
        let state = runtime.state
        var call = Call()
        if state.isTable(at: 1) {
            try runtime.checkFields(at: 1, of: name, allowed: fields)
            guard let duration = try runtime.number(field: "duration", of: 1, minimum: 0) else {
                throw ScriptMistake("'duration' (a number of seconds) is required")
            }
            call.duration = duration
            call.delay = try runtime.number(field: "delay", of: 1, minimum: 0) ?? 0
            call.damping = try runtime.number(field: "usingSpringWithDamping", of: 1, minimum: 0)
            call.velocity = try runtime.number(field: "initialSpringVelocity", of: 1) ?? 0
            state.pushField(literal: "options", of: 1)
            call.options = try options(runtime, at: state.top)
            // A custom curve, as CATransaction.setAnimationTimingFunction gives a UIView
            // animation in UIKit: it replaces the curve the options would name.
            let options = state.top
            state.pushField(literal: "timingFunction", of: 1)
            if !state.isNil(at: -1) {
                if namesCurve(state, options) {
                    throw ScriptMistake("give the curve once: either a curve… option or 'timingFunction'")
                }
                if fields.contains("usingSpringWithDamping"), state.number(field: "usingSpringWithDamping", of: 1) != nil {
                    throw ScriptMistake("a spring has no timing function: leave out 'timingFunction' or 'usingSpringWithDamping'")
                }
                call.options.curve = try runtime.timingCurve(at: state.top, what: "timingFunction")
            }
            state.pop()
            state.pushField(literal: "animations", of: 1)
            state.pushField(literal: "completion", of: 1)
            call.animations = state.top - 1
            call.completion = state.top
        } else {
            call.duration = try arguments.number(1)
            if state.isFunction(at: 2) {
                (call.animations, call.completion) = (2, 3)
            } else {
                call.delay = try arguments.number(2)
                call.options = try options(runtime, at: 3)
                (call.animations, call.completion) = (4, 5)
            }
        }
        guard call.duration >= 0, call.delay >= 0 else { throw ScriptMistake("durations and delays cannot be negative") }
        guard state.isFunction(at: call.animations) else { throw ScriptMistake("'animations' (a function) is required") }
        if !state.isNil(at: call.completion) && !state.isFunction(at: call.completion) {
            throw ScriptMistake("'completion' must be a function(finished)")
        }
        return call
    }

    static func options(_ runtime: ScriptRuntime, at index: Int32) throws -> AnimationOptions {
        let state = runtime.state
        guard !state.isNil(at: index) else { return AnimationOptions() }
        guard state.isTable(at: index) else { throw ScriptMistake("'options' must be a list of names like {\"curveEaseOut\"}") }
        let count = state.rawLength(at: index)
        guard count <= 32 else { throw ScriptMistake("'options' holds \(count) names; UIKit has a dozen") }
        var names: [String] = []
        for i in stride(from: 1, through: count, by: 1) {
            state.pushIndex(i, of: index)
            defer { state.pop() }
            guard let name = state.name(at: -1) else { throw ScriptMistake("'options' must hold strings") }
            names.append(name)
        }
        try oneCurve(names)
        switch AnimationOptions.parse(names) {
        case .success(let options): return options
        case .failure(let unknown):
            let known = ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "beginFromCurrentState", "repeat",
                         "autoreverse", "calculationModeLinear", "calculationModeDiscrete", "calculationModePaced",
                         "calculationModeCubic", "calculationModeCubicPaced"]
            let hint = Suggestion.nearest(to: unknown.name, in: known).map { "; did you mean '\($0)'?" } ?? ""
            throw ScriptMistake("unknown animation option '\(unknown.name)'\(hint)")
        }
    }

    /// UIKit's curve is two bits of the options, which two curves add up to a third (curveEaseIn with curveEaseOut is
    /// curveLinear): a list names one at most.
    static func oneCurve(_ names: [String]) throws {
        let curves = names.filter { $0.hasPrefix("curve") }
        guard curves.count > 1 else { return }
        throw ScriptMistake("'options' names \(curves.count) curves (\(curves.joined(separator: ", "))): give one; UIKit adds the options' "
                            + "bits, and two curves make another (curveEaseIn with curveEaseOut is curveLinear)")
    }

    /// Whether the options list at index names a curve ("curveEaseOut" …).
    private static func namesCurve(_ state: LuaState, _ index: Int32) -> Bool {
        guard state.isTable(at: index) else { return false }
        return (0..<state.rawLength(at: index)).contains { i in
            state.pushIndex(i + 1, of: index)
            defer { state.pop() }
            return state.name(at: -1)?.hasPrefix("curve") == true
        }
    }

    /// Runs the animations function in place (a nested call; errors surface in the script).
    static func runner(_ runtime: ScriptRuntime, _ index: Int32) -> () throws -> Void {
        { [unowned runtime] in
            runtime.state.pushCopy(of: index)
            try runtime.state.call(hook: "animations", arguments: 0, results: 0)
        }
    }

    /// The completion as a Swift closure, keeping the Lua function alive until it runs.
    static func completion(_ runtime: ScriptRuntime, _ index: Int32) -> ((Bool) -> Void)? {
        guard runtime.state.isFunction(at: index) else { return nil }
        runtime.state.pushCopy(of: index)
        let reference = runtime.state.reference()
        return { [weak runtime] finished in
            guard let runtime else { return }
            runtime.invoke(reference, hook: "completion") {
                runtime.state.push(finished)
                return 1
            }
            runtime.state.release(reference)
        }
    }

    static let animate: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let call = try parse(runtime, arguments)
            let engine = runtime.simulation.engine
            if let damping = call.damping {
                try engine.animate(duration: call.duration, delay: call.delay, dampingRatio: damping, initialVelocity: call.velocity,
                                   options: call.options, animations: runner(runtime, call.animations),
                                   completion: completion(runtime, call.completion))
            } else {
                try engine.animate(duration: call.duration, delay: call.delay, options: call.options,
                                   animations: runner(runtime, call.animations), completion: completion(runtime, call.completion))
            }
            return 0
        }
    }

    static let transitionFields = ["from", "to", "with", "duration", "options", "animations", "completion"]

    /// `UIView.transition{from = old, to = new, duration = 0.75, options = {"transitionCurlUp", "curveEaseOut"},
    /// completion = function(finished) … end}`: UIKit's `transition(from:to:duration:options:completion:)`, the new view put
    /// in the old one's superview and the old one taken out as a page turns (AnimationEngine.transition). With `with = view`
    /// and `animations` instead of `from` and `to`, UIKit's `transition(with:duration:options:animations:completion:)`:
    /// the view's content changes, cross-dissolving or curling (AnimationEngine+ContentTransition).
    static let transition: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let state = runtime.state
            guard state.isTable(at: 1) else {
                throw ScriptMistake("UIView.transition takes a table: {from =, to =, duration =, options = {\"transitionCurlUp\"}, completion =} "
                    + "or {with =, duration =, options = {\"transitionCrossDissolve\"}, animations =, completion =}")
            }
            try runtime.checkFields(at: 1, of: "UIView.transition", allowed: transitionFields)
            guard let duration = try runtime.number(field: "duration", of: 1, minimum: 0) else {
                throw ScriptMistake("'duration' (a number of seconds) is required")
            }
            func view(_ key: String) throws -> View? {
                state.pushField(key, of: 1)
                defer { state.pop() }
                if state.isNil(at: -1) { return nil }
                do {
                    return try runtime.view(at: state.top)
                } catch {
                    throw ScriptMistake("'\(key)' must be a view, not a \(state.typeName(at: -1))")
                }
            }
            let old = try view("from"), new = try view("to"), content = try view("with")
            // The transition's kind among the options, the rest UIView's animation options.
            state.pushField(literal: "options", of: 1)
            var names: [String] = []
            if !state.isNil(at: -1) {
                guard state.isTable(at: -1) else { throw ScriptMistake("'options' must be a list of names like {\"transitionCurlUp\"}") }
                let count = state.rawLength(at: -1)
                guard count <= 32 else { throw ScriptMistake("'options' holds \(count) names; UIKit has a dozen") }
                for i in stride(from: 1, through: count, by: 1) {
                    state.pushIndex(i, of: -1)
                    defer { state.pop() }
                    guard let name = state.name(at: -1) else { throw ScriptMistake("'options' must hold strings") }
                    names.append(name)
                }
            }
            state.pop()
            try oneCurve(names)
            let kinds = names.filter { $0.hasPrefix("transition") }
            let options: AnimationOptions
            switch AnimationOptions.parse(names.filter { !$0.hasPrefix("transition") }) {
            case .success(let parsed): options = parsed
            case .failure(let unknown): throw ScriptMistake("unknown animation option '\(unknown.name)'")
            }
            state.pushField(literal: "completion", of: 1)
            if !state.isNil(at: -1) && !state.isFunction(at: -1) { throw ScriptMistake("'completion' must be a function(finished)") }
            let completionAt = state.top
            if let content {
                guard old == nil, new == nil else { throw ScriptMistake("give 'with' (a view whose content changes) or 'from' and 'to', not both") }
                let transitions = kinds.compactMap(ContentTransition.init(rawValue:))
                guard kinds.count == 1, let transition = transitions.first else {
                    throw ScriptMistake("give the transition once among the options: \"transitionCrossDissolve\", \"transitionCurlUp\" or "
                                        + "\"transitionCurlDown\" (UIKit's flips are not in Segue yet)")
                }
                state.pushField(literal: "animations", of: 1)
                defer { state.pop() }
                if !state.isNil(at: -1) && !state.isFunction(at: -1) { throw ScriptMistake("'animations' must be a function") }
                let changes = state.isFunction(at: -1) ? runner(runtime, state.top) : nil
                try runtime.simulation.engine.transition(with: content, duration: duration, transition: transition, options: options,
                                                         animations: changes, completion: completion(runtime, completionAt))
                return 0
            }
            guard let old, let new else { throw ScriptMistake("give 'with' (a view whose content changes), or 'from' and 'to' (two views)") }
            state.pushField(literal: "animations", of: 1)
            let hasAnimations = !state.isNil(at: -1)
            state.pop()
            if hasAnimations { throw ScriptMistake("'animations' goes with 'with': from/to turns from one view to the other") }
            guard old.superview != nil else { throw ScriptMistake("'from' is in no superview: UIKit puts 'to' where 'from' is") }
            guard old !== new else { throw ScriptMistake("'from' and 'to' are the same view") }
            let curls = kinds.compactMap(PageCurl.init(rawValue:))
            guard kinds.count == 1, let curl = curls.first else {
                throw ScriptMistake("give the page's way once among the options: \"transitionCurlUp\" or \"transitionCurlDown\" "
                                    + "(the other transitions of UIKit's are not in Segue yet)")
            }
            runtime.simulation.engine.transition(from: old, to: new, duration: duration, curl: curl, options: options,
                                                 completion: completion(runtime, completionAt))
            return 0
        }
    }

    static let animateKeyframes: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let call = try parse(runtime, arguments, name: "UIView.animateKeyframes", fields: keyframesFields)
            try runtime.simulation.engine.animateKeyframes(duration: call.duration, delay: call.delay, options: call.options,
                                                           animations: runner(runtime, call.animations),
                                                           completion: completion(runtime, call.completion))
            return 0
        }
    }

    /// UIView.addKeyframe{relativeStartTime =, relativeDuration =, animations =} or (start, duration, fn).
    static let addKeyframe: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let state = runtime.state
            let start: Double, duration: Double, function: Int32
            if state.isTable(at: 1) {
                try runtime.checkFields(at: 1, of: "UIView.addKeyframe", allowed: ["relativeStartTime", "relativeDuration", "animations"])
                guard let s = try runtime.number(field: "relativeStartTime", of: 1, minimum: 0),
                      let d = try runtime.number(field: "relativeDuration", of: 1, minimum: 0) else {
                    throw ScriptMistake("addKeyframe needs relativeStartTime and relativeDuration (fractions of the whole)")
                }
                (start, duration) = (s, d)
                state.pushField(literal: "animations", of: 1)
                function = state.top
            } else {
                (start, duration, function) = (try arguments.number(1), try arguments.number(2), 3)
            }
            guard state.isFunction(at: function) else { throw ScriptMistake("'animations' (a function) is required") }
            try runtime.simulation.engine.addKeyframe(relativeStart: start, relativeDuration: duration,
                                                      animations: runner(runtime, function))
            return 0
        }
    }

    /// UIView.new{frame =, backgroundColor =, alpha =, name =}, or UIView.new(frame).
    static let new: HostFunction = { L in ScriptRuntime.host(L) { runtime, _ in try makeView(runtime, "UIView") } }
    /// UIScrollView.new{…}, as UIView.new: a scroll view (its content offset is its bounds' origin), with no content
    /// until its contentSize is set, as UIKit's.
    static let newScrollView: HostFunction = { L in ScriptRuntime.host(L) { runtime, _ in try makeView(runtime, "UIScrollView") } }

    private static func makeView(_ runtime: ScriptRuntime, _ className: String) throws -> Int32 {
        let state = runtime.state
        let first: Int32 = 1
        var frame = Rect.zero
        var name = "view"
        let view = runtime.simulation.engine.makeView(name: name, frame: frame)
        if state.isTable(at: first) {
            state.pushField(literal: "origin", of: first)
            let isRect = !state.isNil(at: -1)
            state.pop()
            if isRect {
                frame = try runtime.rect(at: first)
            } else {
                try runtime.checkFields(at: first, of: "\(className).new", allowed: ["frame", "name", "backgroundColor", "alpha"])
                state.pushField(literal: "frame", of: first)
                if !state.isNil(at: -1) { frame = try runtime.rect(at: state.top) }
                state.pop()
                state.pushField(literal: "name", of: first)
                if !state.isNil(at: -1) { name = try runtime.viewName(at: state.top) }
                state.pop()
                state.pushField(literal: "backgroundColor", of: first)
                if !state.isNil(at: -1) { view.backgroundColor = try runtime.color(at: state.top) }
                state.pop()
                if let alpha = try runtime.number(field: "alpha", of: first) { view.alpha = alpha }
            }
        }
        view.frame = frame
        view.name = name
        // UIKit's scroll views clip their content.
        if className == "UIScrollView" { (view.isScrollView, view.clipsToBounds) = (true, true) }
        runtime.push(view)
        return 1
    }
}

import Animation
import Catalogue
import Geometry
import LuaRuntime
import Transitions

/// Which transition an entry's interaction drives.
public enum InteractionKind: String, Sendable, CaseIterable {
    case dismissal, presentation
    /// A gesture on the presented screen that moves views itself (a sheet
    /// dragged and let go), not through a transition.
    case presented
    /// A navigation pop (an entry with `navigation = true`): UIKit's
    /// interactive pop is a screen-edge pan from the left edge.
    case pop
}

/// An entry's `interaction.dismissal` or `interaction.presentation`: the
/// gesture it listens to, how far the gesture goes for the whole
/// transition, and when letting go finishes it.
public struct EntryInteraction: Sendable {
    public var gesture: GestureKind = .pan(.down)
    /// Points (or, for a pinch, scale) for the whole transition.
    public var distance: Double
    public var completionSpeed: Double
    public var completionCurve: TimingCurve
    /// Finish when let go past this fraction…
    public var finishThreshold = 0.5
    /// …or when flicked faster than this along the gesture (points or scale a second);
    /// flicked as fast back, cancel.
    public var velocityThreshold = 1000.0
    /// The entry's own functions for these (progress, shouldFinish, completionSpeed, completionCurve).
    var scripted: Set<String> = []
    /// `controller = {…}`: an interaction controller of the entry's own drives the transition, not UIKit's percent-driven one.
    public internal(set) var ownController = false
    /// How the recognizer gets on with the pan of a scroll view the touch lands in.
    public internal(set) var scrollView: ScrollViewRelation = .exclusive

    /// UIKit's ways for two recognizers that both want the same touches, here the interaction's and the pan of a
    /// scroll view inside its view.
    public enum ScrollViewRelation: Sendable, Equatable {
        /// Nothing said: the scroll view's pan, on the deeper view, takes the drag and the interaction's never begins.
        case exclusive
        /// `shouldRecognizeSimultaneously = true`, or a function asked when both would begin
        /// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`).
        case simultaneous(asked: Bool)
        /// `requireToFail = "scrollView"`: the interaction's recognizer waits for the scroll view's pan to fail
        /// (`recognizer.require(toFail: scrollView.panGestureRecognizer)`).
        case waitsForScrollView
        /// `requiredToFailBy = "scrollView"`: the scroll view's pan waits for the interaction's to fail
        /// (`scrollView.panGestureRecognizer.require(toFail: recognizer)`), so shouldBegin decides who has the drag.
        case scrollViewWaits
    }

    public init(distance: Double, completionSpeed: Double = 1, completionCurve: TimingCurve = .easeInOut) {
        self.distance = distance
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
    }

    /// Whether letting go at `progress` with `velocity` (along the gesture) finishes the transition.
    public func finishes(at progress: Double, velocity: Double = 0) -> Bool {
        if velocity > velocityThreshold { return true }
        if velocity < -velocityThreshold { return false }
        return progress > finishThreshold
    }

    /// The percent a touch event makes when the entry gives no progress function.
    public func percent(for sample: GestureSample) -> Double {
        min(max(gesture.travel(translation: sample.translation, scale: sample.scale) / distance, 0), 1)
    }
}

/// How a run drives its interactive part by touches: a preset, a path of
/// the user's, or a drag held at a fraction and let go.
public struct GestureInput: Sendable {
    public enum Shape: Sendable {
        case preset(TouchPath.Preset)
        case release(at: Double)
        /// Drag to this fraction, stop, and the system cancels the gesture.
        case cancelled(at: Double)
        case path(TouchPath)
    }

    public var shape: Shape
    /// Overrides the velocity at release, along the gesture.
    public var releaseVelocity: Double?

    public init(_ shape: Shape, releaseVelocity: Double? = nil) {
        self.shape = shape
        self.releaseVelocity = releaseVelocity
    }

    /// Why these touches cannot drive this gesture, if they cannot: fingers that never move begin nothing, a pinch
    /// needs two fingers and a pan one, and a screen-edge pan begins only within 20 points of its edge
    /// (UIScreenEdgePanGestureRecognizer).
    public static func mismatch(_ path: TouchPath, _ gesture: GestureKind, in size: Size) -> String? {
        if path.events(for: gesture).isEmpty {
            return "the touches never move: a \(gesture.description) begins only once the fingers move, so UIKit would never start the transition"
        }
        switch (path.fingers, gesture) {
        case (.pinch, .pan), (.pinch, .screenEdgePan):
            return "the entry's gesture is a \(gesture.description), which two pinching fingers never begin: give --touches or --gesture"
        case (.one, .pinch):
            return "the entry's gesture is a \(gesture.description), which one finger never begins: give --pinch or --gesture"
        case (.one(let keys), .screenEdgePan(let edge)):
            guard let first = keys.first?.point else { return nil }
            let away = switch edge {
            case .left: first.x
            case .right: size.width - first.x
            case .top: first.y
            case .bottom: size.height - first.y
            }
            if away > 20 {
                return "the touches start \(LuaValue.number((away * 10).rounded() / 10).description) points from the \(edge.rawValue) edge; "
                    + "a screen-edge pan begins only within 20 points of it, so UIKit would never start the transition"
            }
            return nil
        default:
            return nil
        }
    }

    /// The touches, for an entry whose gesture is `rule`'s, in a window of `size`, starting over `area` (the
    /// recognizer's view; the window when nil) unless given whole.
    public func touchPath(for rule: EntryInteraction, in size: Size, area: Rect? = nil) -> TouchPath {
        var path: TouchPath
        switch shape {
        case .preset(let preset): path = TouchPath.preset(preset, for: rule.gesture, distance: rule.distance, in: size, area: area)
        case .release(let fraction):
            path = TouchPath.hold(at: fraction, for: rule.gesture, distance: rule.distance, in: size, area: area, ending: .release)
        case .cancelled(let fraction):
            path = TouchPath.hold(at: fraction, for: rule.gesture, distance: rule.distance, in: size, area: area, ending: .cancelled)
        case .path(let given): path = given
        }
        if let releaseVelocity { path.releaseVelocity = releaseVelocity }
        return path
    }
}

/// The entry's interaction as the action method of its gesture recognizer:
/// each touch event becomes a percent (the entry's `progress` function, or
/// the travel over the distance), and the release a finish or cancel (its
/// `shouldFinish`, or the thresholds) with the completion speed and curve
/// it names then.
final class ScriptedGestureResponder: GestureResponder {
    /// The runtime outlives every run it makes, but a plan could be kept past it: weak, and a gone runtime is the rule's default.
    private weak var owner: ScriptRuntime?
    let kind: InteractionKind
    let rule: EntryInteraction
    let containerSize: Size
    /// The view the recognizer is on, which the entry reads as `g.view`: the presented screen's for a dismissal, the
    /// presenting screen's for a presentation, the navigation controller's for a pop.
    private weak var view: View?

    init(runtime: ScriptRuntime, kind: InteractionKind, rule: EntryInteraction, containerSize: Size, view: View?) {
        (self.owner, self.kind, self.rule, self.containerSize, self.view) = (runtime, kind, rule, containerSize, view)
    }

    func percent(for sample: GestureSample) -> Double {
        guard rule.scripted.contains("progress"), let runtime = owner else { return rule.percent(for: sample) }
        let state = runtime.state
        guard call(runtime, "progress", sample, percent: nil) else { return rule.percent(for: sample) }
        defer { state.pop() }
        guard state.isNumber(at: -1), let value = state.number(at: -1), value.isFinite else {
            complain(runtime, "progress", "must return a finite number (the transition's percent, 0 to 1); got \(got(runtime))")
            return rule.percent(for: sample)
        }
        return min(max(value, 0), 1)
    }

    /// shouldBegin(g, containerSize): the recognizer delegate's gestureRecognizerShouldBegin, asked once, as the
    /// fingers first move (g's state "began", its translation and velocity that first movement's); false and the
    /// recognizer fails, so nothing begins. Without it, or when it fails or answers nonsense (an error at its line), yes.
    func shouldBegin(_ sample: GestureSample) -> Bool {
        guard rule.scripted.contains("shouldBegin"), let runtime = owner, call(runtime, "shouldBegin", sample, percent: nil) else { return true }
        let state = runtime.state
        defer { state.pop() }
        guard state.isBoolean(at: -1) else {
            complain(runtime, "shouldBegin", "must return true (begin) or false (the recognizer fails); got \(got(runtime))")
            return true
        }
        return state.boolean(at: -1)
    }

    /// shouldRecognizeSimultaneously(g, other): the delegate's gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:),
    /// asked once when the recognizer and the pan of the scroll view under the finger would both begin; `other` is that
    /// pan (`other.view` the scroll view, `other.kind` "UIPanGestureRecognizer"). A plain true says yes without asking;
    /// a function that fails or answers nonsense is an error at its line, and UIKit's default, no, holds.
    func shouldRecognizeSimultaneously(_ sample: GestureSample, with scrollView: View) -> Bool? {
        guard case .simultaneous(let asked) = rule.scrollView else { return false }
        guard asked, let runtime = owner else { return !asked }
        let state = runtime.state
        let name = "shouldRecognizeSimultaneously"
        runtime.pushInteraction(kind, name)
        guard state.isFunction(at: -1) else {
            state.pop()
            return nil
        }
        runtime.push(sample, gesture: rule.gesture, containerSize: containerSize, view: view)
        state.newTable(fieldCount: 2)
        runtime.push(scrollView); state.setField(literal: "view", in: -2)
        state.push("UIPanGestureRecognizer"); state.setField(literal: "kind", in: -2)
        runtime.sealRecord(.gestureRecognizer)
        let previous = runtime.currentHook
        runtime.currentHook = "\(section).\(name)"
        defer { runtime.currentHook = previous }
        do {
            try runtime.timed { () throws(LuaError) in try state.call(hook: "\(section).\(name)", arguments: 2, results: 1) }
        } catch {
            runtime.record(error)
            return nil
        }
        defer { state.pop() }
        guard state.isBoolean(at: -1) else {
            complain(runtime, name, "must return true (recognize with it) or false (the scroll view's pan has the drag); got \(got(runtime))")
            return nil
        }
        return state.boolean(at: -1)
    }

    /// finishesWhileDragging(g, percent): true finishes the transition with the finger still down
    /// (SPStorkController's 240 points), at the completion speed and curve a release would have.
    func finishesEarly(_ sample: GestureSample, percent: Double) -> GestureRelease? {
        guard rule.scripted.contains("finishesWhileDragging"), let runtime = owner,
              call(runtime, "finishesWhileDragging", sample, percent: percent) else { return nil }
        let state = runtime.state
        defer { state.pop() }
        // nil is "not yet", as `if … then return true end` says it.
        guard state.isBoolean(at: -1) || state.isNil(at: -1) else {
            complain(runtime, "finishesWhileDragging", "must return true (finish now) or false (go on); got \(got(runtime))")
            return nil
        }
        return state.boolean(at: -1) ? completion(of: GestureRelease(finish: true), sample, percent: percent) : nil
    }

    func release(_ sample: GestureSample, percent: Double) -> GestureRelease {
        var release = GestureRelease(finish: rule.finishes(at: percent, velocity: rule.gesture.speed(of: sample)))
        guard let runtime = owner else { return release }
        let state = runtime.state
        if rule.scripted.contains("shouldFinish"), call(runtime, "shouldFinish", sample, percent: percent) {
            if state.isBoolean(at: -1) { release.finish = state.boolean(at: -1) } else {
                complain(runtime, "shouldFinish", "must return true (finish) or false (cancel); got \(got(runtime))")
            }
            state.pop()
        }
        return completion(of: release, sample, percent: percent)
    }

    /// The entry's completionSpeed and completionCurve functions for a finish or cancel.
    private func completion(of decided: GestureRelease, _ sample: GestureSample, percent: Double) -> GestureRelease {
        var release = decided
        guard let runtime = owner else { return release }
        let state = runtime.state
        if rule.scripted.contains("completionSpeed"), call(runtime, "completionSpeed", sample, percent: percent, finishing: release.finish) {
            if state.isNumber(at: -1), let speed = state.number(at: -1), speed.isFinite, speed > 0 {
                release.completionSpeed = speed
            } else {
                complain(runtime, "completionSpeed", "must return a finite number above 0; got \(got(runtime))")
            }
            state.pop()
        }
        if rule.scripted.contains("completionCurve"), call(runtime, "completionCurve", sample, percent: percent, finishing: release.finish) {
            do {
                release.completionCurve = try runtime.timingCurve(at: state.top, what: "completionCurve")
            } catch {
                complain(runtime, "completionCurve", "\(error)")
            }
            state.pop()
        }
        return release
    }

    private func got(_ runtime: ScriptRuntime) -> String {
        let state = runtime.state
        return state.isNumber(at: -1) ? LuaValue.number(state.number(at: -1) ?? .nan).description : "a " + state.typeName(at: -1)
    }

    private var section: String { "interaction.\(kind.rawValue)" }

    private func complain(_ runtime: ScriptRuntime, _ name: String, _ message: String) {
        runtime.find(hook: "\(section).\(name)", location: runtime.location(ofInteraction: kind, name), message)
    }

    /// Calls interaction[kind][name](gesture, containerSize or percent[, finishing]), leaving one result on success.
    private func call(_ runtime: ScriptRuntime, _ name: String, _ sample: GestureSample, percent: Double?, finishing: Bool? = nil) -> Bool {
        let state = runtime.state
        runtime.pushInteraction(kind, name)
        guard state.isFunction(at: -1) else {
            state.pop()
            return false
        }
        runtime.push(sample, gesture: rule.gesture, containerSize: containerSize, view: view)
        if let percent { state.push(percent) } else { runtime.push(containerSize) }
        if let finishing { state.push(finishing) }
        let previous = runtime.currentHook
        runtime.currentHook = "\(section).\(name)"
        defer { runtime.currentHook = previous }
        do {
            try runtime.timed { () throws(LuaError) in
                try state.call(hook: "\(section).\(name)", arguments: finishing == nil ? 2 : 3, results: 1)
            }
            return true
        } catch {
            runtime.record(error)
            return false
        }
    }
}

extension ScriptRuntime {
    /// Pushes entry.interaction[kind][name] (nil when absent).
    func pushInteraction(_ kind: InteractionKind, _ name: String?) {
        let base = state.top
        guard let entry else { return state.pushNil() }
        state.push(entry)
        state.pushField(literal: "interaction", of: -1)
        if state.isTable(at: -1) { state.pushField(kind.rawValue, of: -1) } else { state.pushNil() }
        if let name {
            if state.isTable(at: -1) { state.pushField(name, of: -1) } else { state.pushNil() }
        }
        state.keepTop(above: base)
    }

    /// The line of interaction[kind][name] when it is a function, else of the kind's table.
    func location(ofInteraction kind: InteractionKind, _ name: String) -> ScriptLocation {
        pushInteraction(kind, name)
        defer { state.pop() }
        return state.definitionLocation(ofFunctionAt: -1)
            ?? location(ofField: kind.rawValue)
    }

    /// A gesture recognizer at one event, as the entry's functions see it:
    /// translation, velocity and location in the container's points (a
    /// pinch's velocity is its scale a second), scale, state, numberOfTouches,
    /// the container's size, and the view the recognizer is on (UIKit's
    /// `view`: nil once that view is gone).
    func push(_ sample: GestureSample, gesture: GestureKind, containerSize: Size, view: View?) {
        state.newTable(fieldCount: 9)
        push(containerSize); state.setField(literal: "containerSize", in: -2)
        push(view); state.setField(literal: "view", in: -2)
        push(sample.translation); state.setField(literal: "translation", in: -2)
        if gesture.isPinch { state.push(sample.scaleVelocity) } else { push(sample.velocity) }
        state.setField(literal: "velocity", in: -2)
        push(sample.location); state.setField(literal: "location", in: -2)
        state.push(sample.scale); state.setField(literal: "scale", in: -2)
        state.push(sample.state.rawValue); state.setField(literal: "state", in: -2)
        state.push(sample.touches.count); state.setField(literal: "numberOfTouches", in: -2)
        state.push(gesture.recognizer); state.setField(literal: "kind", in: -2)
        sealRecord(.gestureRecognizer)   // read-only, a misspelt field an error
    }

    static let interactionFields = ["gesture", "direction", "edge", "distance", "shouldBegin", "progress", "shouldFinish",
                                    "finishesWhileDragging", "completionSpeed", "completionCurve", "finishThreshold",
                                    "velocityThreshold", "began", "changed", "ended", "controller", "shouldRecognizeSimultaneously",
                                    "requireToFail", "requiredToFailBy"]
    /// What UIKit's percent-driven controller is told by the entry: none of it applies beside a controller of its own.
    static let percentDrivenFields: Set<String> = ["progress", "shouldFinish", "finishesWhileDragging", "completionSpeed",
                                                   "completionCurve", "finishThreshold", "velocityThreshold"]
    /// What each kind of interaction may say: a transition's percent and finish rule, or a direct move's handlers.
    static let transitionFields: Set<String> = ["distance", "shouldBegin", "progress", "shouldFinish", "finishesWhileDragging", "completionSpeed",
                                                "completionCurve", "finishThreshold", "velocityThreshold"]
    static let handlerFields: Set<String> = ["began", "changed", "ended"]

    /// interaction = {dismissal = {gesture = "pan", direction = "down", distance = 300 or function(containerSize),
    /// progress = function(gesture, containerSize), shouldFinish = function(gesture, percent), completionSpeed = 1 or
    /// function(gesture, percent), completionCurve = "easeInOut", a CAMediaTimingFunction or function(gesture, percent),
    /// finishThreshold = 0.5, velocityThreshold = 1000}} (and `presentation`); a value that makes no sense is
    /// reported and UIKit's default used.
    func interaction(_ kind: InteractionKind, windowSize: Size) -> EntryInteraction? {
        pushInteraction(kind, nil)
        defer { state.pop() }
        guard state.isTable(at: -1) else { return nil }
        let table = state.top
        let hook = "interaction.\(kind.rawValue)"
        // Only a problem needs the line.
        var at: ScriptLocation { location(ofField: kind.rawValue) }
        func number(_ key: String, minimum: Double, above: Bool = false) -> Double? {
            state.pushField(key, of: table)
            defer { state.pop() }
            // Only completionSpeed may be a function (asked at release); a threshold is a figure.
            if state.isNil(at: -1) || (state.isFunction(at: -1) && key == "completionSpeed") { return nil }
            guard state.isNumber(at: -1), let value = state.number(at: -1), value.isFinite, above ? value > minimum : value >= minimum else {
                find(hook: hook, location: at, "'\(key)' must be a finite number \(above ? "above" : "at least") "
                     + "\(LuaValue.number(minimum).description); UIKit's default is used")
                return nil
            }
            return value
        }
        func name(_ key: String, in names: [String]) -> String? {
            state.pushField(key, of: table)
            defer { state.pop() }
            if state.isNil(at: -1) { return nil }
            if state.isFunction(at: -1), key == "direction" || key == "edge" {
                // direction = function() return params.direction end: a gesture that follows a parameter.
                do {
                    try timed { () throws(LuaError) in try state.call(hook: "\(hook).\(key)", arguments: 0, results: 1) }
                } catch {
                    record(error)
                    state.pushNil()
                    return nil
                }
            }
            guard state.typeName(at: -1) == "string", let value = state.name(at: -1), names.contains(value) else {
                let given = state.typeName(at: -1) == "string" ? "\"\(Suggestion.shortened(state.name(at: -1) ?? ""))\"" : "a \(state.typeName(at: -1))"
                let hint = state.name(at: -1).flatMap { Suggestion.nearest(to: $0, in: names) }.map { "; did you mean \"\($0)\"?" } ?? ""
                find(hook: hook, location: at, "'\(key)' must be one of \(names.joined(separator: ", ")); got \(given)\(hint)")
                return nil
            }
            return value
        }

        var rule = EntryInteraction(distance: 1)
        rule.gesture = gesture(kind: kind, hook: hook, at: at, name: name)
        // A direct move has handlers and no transition to drive; a transition's interaction the reverse.
        let misplaced = kind == .presented ? Self.transitionFields : Self.handlerFields
        for key in misplaced.sorted() where pushedFieldIsSet(key, kind) {
            find(hook: hook, location: at, kind == .presented
                ? "'\(key)' drives a transition; interaction.presented moves views itself with began, changed and ended(g, controller)"
                : "'\(key)' is a handler of interaction.presented (a drag that moves views itself); a transition's interaction has progress and shouldFinish")
        }
        if kind == .presented {
            for key in Self.handlerFields.sorted() where pushedFieldIsSet(key, kind) {
                pushInteraction(kind, key)
                if state.isFunction(at: -1) { rule.scripted.insert(key) } else {
                    find(hook: hook, location: at, "'\(key)' must be a function(g, controller)")
                }
                state.pop()
            }
            rule.distance = rule.gesture.defaultDistance(in: windowSize)
            rule.scrollView = scrollViewRelation(table, hook: hook, at: at, presented: true)
            return rule
        }
        rule.ownController = pushedFieldIsSet("controller", kind)
        rule.distance = rule.gesture.defaultDistance(in: windowSize)
        rule.velocityThreshold = rule.gesture.defaultVelocityThreshold
        state.pushField(literal: "distance", of: table)
        if state.isFunction(at: -1) {
            // distance = function(containerSize) return … end; the call consumes the function.
            push(windowSize)
            do {
                try timed { () throws(LuaError) in try state.call(hook: "\(hook).distance", arguments: 1, results: 1) }
                if let value = state.number(at: -1), value.isFinite, value > 0 {
                    rule.distance = value
                } else {
                    find(hook: "\(hook).distance", location: at, "must return a finite number above 0")
                }
                state.pop()
            } catch {
                record(error)
            }
        } else {
            state.pop()
            rule.distance = number("distance", minimum: 0, above: true) ?? rule.distance
        }
        rule.completionSpeed = number("completionSpeed", minimum: 0, above: true) ?? 1
        state.pushField(literal: "completionCurve", of: table)
        if !state.isNil(at: -1) && !state.isFunction(at: -1) {
            do {
                rule.completionCurve = try timingCurve(at: state.top, what: "completionCurve")
            } catch {
                find(hook: hook, location: at, "\(error); UIKit's default is used")
            }
        }
        state.pop()
        if let threshold = number("finishThreshold", minimum: 0) {
            if threshold > 1 {
                find(hook: hook, location: at, "'finishThreshold' is a fraction of the way, at most 1; UIKit's default is used")
            } else {
                rule.finishThreshold = threshold
            }
        }
        // false: speed never decides, as in the libraries that look only at how far the finger went.
        state.pushField(literal: "velocityThreshold", of: table)
        let flag = state.isBoolean(at: -1) ? state.boolean(at: -1) : nil
        state.pop()
        switch flag {
        case false?: rule.velocityThreshold = .infinity
        case true?:
            find(hook: hook, location: at, "'velocityThreshold' is points (or scale) a second, or false to let only the distance decide; "
                 + "true means nothing: UIKit's default is used")
        case nil:
            if let velocity = number("velocityThreshold", minimum: 0) { rule.velocityThreshold = velocity }
        }
        rule.scrollView = scrollViewRelation(table, hook: hook, at: at)
        for key in ["shouldBegin", "progress", "shouldFinish", "finishesWhileDragging", "completionSpeed", "completionCurve"] {
            state.pushField(key, of: table)
            let isFunction = state.isFunction(at: -1)
            let isNil = state.isNil(at: -1)
            state.pop()
            if isFunction { rule.scripted.insert(key) } else if !isNil, ["shouldBegin", "progress", "shouldFinish", "finishesWhileDragging"].contains(key) {
                let second = key == "progress" || key == "shouldBegin" ? "containerSize" : "percent"
                find(hook: hook, location: at, "'\(key)' must be a function(gesture, \(second))")
            }
        }
        return rule
    }

    /// shouldRecognizeSimultaneously, requireToFail or requiredToFailBy: at most one, since each says who has a drag
    /// that lands in a scroll view.
    /// A drag of the presented screen has no shouldBegin to turn a drag down: only recognizing together is said there.
    private func scrollViewRelation(_ table: Int32, hook: String, at: @autoclosure () -> ScriptLocation,
                                    presented: Bool = false) -> EntryInteraction.ScrollViewRelation {
        var said: [(key: String, relation: EntryInteraction.ScrollViewRelation)] = []
        state.pushField(literal: "shouldRecognizeSimultaneously", of: table)
        if state.isFunction(at: -1) { said.append(("shouldRecognizeSimultaneously", .simultaneous(asked: true))) }
        else if state.isBoolean(at: -1) { if state.boolean(at: -1) { said.append(("shouldRecognizeSimultaneously", .simultaneous(asked: false))) } }
        else if !state.isNil(at: -1) {
            find(hook: hook, location: at(), "'shouldRecognizeSimultaneously' must be true, false or a function(g, other); got a \(state.typeName(at: -1))")
        }
        state.pop()
        for (key, relation) in [("requireToFail", EntryInteraction.ScrollViewRelation.waitsForScrollView), ("requiredToFailBy", .scrollViewWaits)] {
            state.pushField(key, of: table)
            defer { state.pop() }
            if state.isNil(at: -1) { continue }
            if presented {
                find(hook: hook, location: at(), "'\(key)' needs a shouldBegin to decide who has the drag, which interaction.presented "
                     + "has not (its drag always begins): say shouldRecognizeSimultaneously, and move the screen only once the content is at its top")
                continue
            }
            guard state.typeName(at: -1) == "string", state.name(at: -1) == "scrollView" else {
                find(hook: hook, location: at(), "'\(key)' names the recognizer it waits on"
                     + (key == "requiredToFailBy" ? " for" : "") + ": \"scrollView\" (the pan of the scroll view the touch lands in)")
                continue
            }
            said.append((key, relation))
        }
        if said.count > 1 {
            find(hook: hook, location: at(), said.map { "'\($0.key)'" }.joined(separator: " and ")
                 + (said.count == 2 ? " both say" : " each say") + " who has a drag that lands in "
                 + "a scroll view: keep one (recognize with it, wait for it, or make it wait)")
            return .exclusive
        }
        return said.first?.relation ?? .exclusive
    }

    /// The declared gesture: pan (down to dismiss, up to present) unless named.
    private func gesture(kind: InteractionKind, hook: String, at: @autoclosure () -> ScriptLocation,
                         name: (String, [String]) -> String?) -> GestureKind {
        // A pop's default is UIKit's interactivePopGestureRecognizer: a screen-edge pan from the left.
        let recognizer = name("gesture", ["pan", "screenEdgePan", "pinch"]) ?? (kind == .pop ? "screenEdgePan" : "pan")
        let presenting = kind == .presentation
        switch recognizer {
        case "pinch":
            if pushedFieldIsSet("edge", kind) { find(hook: hook, location: at(), "'edge' is for gesture = \"screenEdgePan\"; a pinch has a direction, \"in\" or \"out\"") }
            let direction = name("direction", GestureKind.PinchDirection.allCases.map(\.rawValue)).flatMap(GestureKind.PinchDirection.init)
            return .pinch(direction ?? (presenting ? .out : .in))
        case "screenEdgePan":
            if pushedFieldIsSet("direction", kind) {
                find(hook: hook, location: at(), "a screen-edge pan has an 'edge' (where the finger starts: left, right, top, bottom), not a direction")
            }
            let edge = name("edge", GestureKind.ScreenEdge.allCases.map(\.rawValue)).flatMap(GestureKind.ScreenEdge.init)
            return .screenEdgePan(edge ?? (presenting ? .right : .left))
        default:
            if pushedFieldIsSet("edge", kind) { find(hook: hook, location: at(), "'edge' is for gesture = \"screenEdgePan\"; a pan has a direction") }
            let direction = name("direction", GestureKind.PanDirection.allCases.map(\.rawValue)).flatMap(GestureKind.PanDirection.init)
            return .pan(direction ?? (presenting ? .up : kind == .pop ? .right : .down))
        }
    }

    private func pushedFieldIsSet(_ key: String, _ kind: InteractionKind) -> Bool {
        pushInteraction(kind, key)
        defer { state.pop() }
        return !state.isNil(at: -1)
    }
}

extension GestureKind {
    /// The recognizer's name in scripts.
    var recognizer: String {
        switch self {
        case .pan: "pan"
        case .screenEdgePan: "screenEdgePan"
        case .pinch: "pinch"
        }
    }
}

extension ScriptRuntime {
    /// Calls interaction.presented[name](g, controller): the recognizer's action method for a drag that moves views itself.
    func callPresentedHandler(_ name: String, _ sample: GestureSample, rule: EntryInteraction, controller: ViewController, containerSize: Size) {
        guard rule.scripted.contains(name) else { return }
        pushInteraction(.presented, name)
        guard state.isFunction(at: -1) else { return state.pop() }
        push(sample, gesture: rule.gesture, containerSize: containerSize, view: controller.view)
        push(controller)
        let previous = currentHook
        currentHook = "interaction.presented.\(name)"
        defer { currentHook = previous }
        do {
            try timed { () throws(LuaError) in try state.call(hook: "interaction.presented.\(name)", arguments: 2, results: 0) }
        } catch {
            record(error)
        }
    }

    /// The drag-presented scenario's hand: across the gesture the wrong way
    /// (past the end: rubber-banding), a short drag, then a long one; each
    /// let go and followed until still. A drag that leaves the presented
    /// view anywhere but its frame, without dismissing, is an error.
    /// With no rule the presentation controller moves the view itself (UIKit's sheet).
    /// `record` is given the events of each drag of the entry's own, as they are played (what `export --verify` replays).
    /// `paths` replaces the three (interactive-scrolled's one drag down).
    func dragPresented(_ presented: ViewController, rule: EntryInteraction?, options: ScenarioOptions, sample: ((Simulation) -> Void)?,
                       paths: [TouchPath]? = nil, record: ([GestureSample]) -> Void, phase: (() -> Void) -> Void) {
        let size = options.windowSize
        let host = rule == nil ? presented.presentationController as? PresentedDragging : nil
        guard let gesture = rule?.gesture ?? host?.dragGesture else { return }
        func handle(_ name: String, _ event: GestureSample) {
            if let rule { callPresentedHandler(name, event, rule: rule, controller: presented, containerSize: size) } else { host?.drag(event) }
        }
        /// The drag's n-th path: the host's own from where the view is now, or the script's three.
        func path(_ n: Int) -> TouchPath? {
            if let host { return host.dragPath(n) }
            if let paths { return n < paths.count ? paths[n] : nil }
            guard let rule, n < 3 else { return nil }
            // On the presented screen, where its recognizer is.
            let area = simulation.visibleFrame(of: presented.view)
            return [TouchPath.along(gesture, distance: rule.distance, in: size, area: area, [(0, 0), (0.3, -0.3), (0.4, -0.3)]),
                    TouchPath.preset(.nudge, for: gesture, distance: rule.distance, in: size, area: area),
                    TouchPath.preset(.drag, for: gesture, distance: rule.distance, in: size, area: area)][n]
        }
        var n = 0
        while let path = path(n) {
            n += 1
            guard simulation.topViewController === presented, !simulation.isTransitioning, !state.isTerminated else { return }
            let events = path.events(for: gesture)
            // The entry's recognizer is on the presented screen: a touch that lands elsewhere never reaches it.
            let view = presented.view
            if rule != nil, let first = events.first, let missed = ScenarioRunner.missedTouch(first, on: view, in: simulation) {
                find(hook: "interaction.presented", location: location(ofInteraction: .presented, "gesture"),
                     "the drag never begins: its recognizer is on the presented screen '\(view.name)', but a touch at "
                     + "\(ScenarioRunner.described(missed.point)) on it lands \(missed.landed), in front of it (UIKit hit-tests each touch)")
                return
            }
            // A drag that lands in a scroll view in the screen meets the scroll view's pan, as a transition's does.
            var shared: ScrollViewPan?
            if let rule, let first = events.first {
                let (scrollView, outcome) = ScenarioRunner.scrollViewFirst(first, kind: .presented, rule: rule, on: view, runtime: self,
                                                                           severity: .error)
                let responder = ScriptedGestureResponder(runtime: self, kind: .presented, rule: rule, containerSize: size, view: view)
                let beginning = outcome ?? scrollView.map {
                    ScenarioRunner.together(first, scrollView: $0, on: view, kind: .presented, rule: rule, responder: responder,
                                            runtime: self, severity: .error)
                } ?? .alone
                switch beginning {
                case .not: return
                case .alone, .overScrollView: break
                case .withScrollView(let pan): shared = pan
                case .scrollViewHasIt(let pan):
                    record(events)
                    phase { simulation.scroll(pan, by: events, fps: options.fps, sample: sample) }
                    continue
                }
            }
            if rule != nil { record(events) }
            simulation.sharedScroll = shared
            phase {
                simulation.play(events, fps: options.fps, sample: sample) { name, event in
                    // The scroll view's pan moves the content first, as in a transition's drag.
                    shared?.handle(event)
                    handle(name, event)
                    return !state.isTerminated
                }
            }
            if simulation.sharedScroll === shared { simulation.sharedScroll = nil }
            guard simulation.topViewController === presented, !simulation.isTransitioning else { return }
            if let stray = simulation.strayPresentedView() {
                find(hook: "interaction.presented.ended", location: rule == nil ? nil : location(ofInteraction: .presented, "ended"),
                     "after the drag was let go, \(stray): animate it back there (or dismiss) in ended")
                return
            }
        }
    }

}

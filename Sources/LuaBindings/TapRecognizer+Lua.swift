import Catalogue
import Geometry
import LuaRuntime
import Transitions

/// UITapGestureRecognizer for scripts: a recognizer whose action is a function, attached to any view.
///
///     local tap = UITapGestureRecognizer.new{action = function(g) self.presentedViewController:dismiss(true) end}
///     self.dimmingView:addGestureRecognizer(tap)
///     tap.isEnabled = false; g.view; g.state; g:location(view)   -- nil: the window's points
///
/// The action runs when the finger lifts from a tap that lands in the view or a subview of it (hit-tested as UIKit
/// does, `View+HitTest`), as the hook "tap action": an error in it is reported at its line.
extension ScriptRuntime {
    static let tapMetatable = "segue.UITapGestureRecognizer"

    func push(_ recognizer: TapRecognizer) {
        let id = handleID(for: recognizer)
        tapRecognizers[id] = recognizer
        state.pushHandle(id, metatable: Self.tapMetatable)
    }

    func tapRecognizer(at index: Int32) throws(ArgumentError) -> TapRecognizer {
        guard let id = state.handle(at: index, metatable: Self.tapMetatable), let recognizer = tapRecognizers[id] else {
            throw ArgumentError(position: index, message: "UITapGestureRecognizer expected, got \(state.typeName(at: index))")
        }
        return recognizer
    }

    func installTapRecognizer() {
        state.pushMetatable(Self.tapMetatable) {
            state.push(TapBindings.index); state.setField(literal: "__index", in: -2)
            state.push(TapBindings.newIndex); state.setField(literal: "__newindex", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        state.register(table: "UITapGestureRecognizer", [("new", TapBindings.new)])
    }
}

enum TapBindings {
    static let readable = ["view", "isEnabled", "state", "location"]
    static let writable = ["isEnabled"]
    static let newFields = ["action", "isEnabled"]

    /// UITapGestureRecognizer.new{action = function(g) … end, isEnabled = true}: UIKit's init(target:action:), the
    /// action method given as the function itself.
    static let new: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            guard state.isTable(at: 1) else {
                throw ScriptMistake("UITapGestureRecognizer.new takes a table: {action = function(g) … end}")
            }
            try runtime.checkFields(at: 1, of: "UITapGestureRecognizer.new", allowed: newFields)
            state.pushField(literal: "isEnabled", of: 1)
            guard state.isNil(at: -1) || state.isBoolean(at: -1) else { throw ScriptMistake("'isEnabled' must be true or false") }
            let enabled = state.isNil(at: -1) || state.boolean(at: -1)
            state.pop()
            state.pushField(literal: "action", of: 1)
            guard state.isFunction(at: -1) else { throw ScriptMistake("'action' (a function(g), called when a tap is recognized) is required") }
            let written = state.definitionLocation(ofFunctionAt: -1) ?? state.callerLocation()
            let reference = state.reference()
            let recognizer = TapRecognizer(engine: runtime.simulation.engine) { [weak runtime] recognizer in
                guard let runtime else { return }
                runtime.invoke(reference, hook: "tap action", scheduledAt: written) {
                    runtime.push(recognizer)
                    return 1
                }
            }
            recognizer.isEnabled = enabled
            if let written { runtime.tapActionLocations[ObjectIdentifier(recognizer)] = written }
            runtime.push(recognizer)
            return 1
        }
    }

    static let index: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let recognizer = try runtime.tapRecognizer(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "view": runtime.push(recognizer.view)
            case "isEnabled": arguments.push(recognizer.isEnabled)
            // A discrete recognizer: `.ended` (UIKit's `.recognized`) in its action, `.possible` before and after.
            case "state": arguments.push(recognizer.isRecognized ? "ended" : "possible")
            case "location": runtime.state.push(location)
            default: throw ScriptMistake(Suggestion.unknown("UITapGestureRecognizer", key, in: readable))
            }
            return 1
        }
    }

    static let newIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let recognizer = try runtime.tapRecognizer(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "isEnabled":
                guard runtime.state.isBoolean(at: 3) else { throw ScriptMistake("UITapGestureRecognizer.isEnabled must be true or false") }
                recognizer.isEnabled = runtime.state.boolean(at: 3)
            default:
                if readable.contains(key) { throw ScriptMistake("UITapGestureRecognizer.\(key) cannot be set") }
                throw ScriptMistake(Suggestion.unknown("UITapGestureRecognizer", key, in: writable))
            }
            return 0
        }
    }

    /// g:location(view): where the last tap landed, in `view`'s bounds space (nil: the window's points); UIKit's
    /// location(in:). Before any tap, the zero point, as UIKit answers for a recognizer that has seen no touch.
    static let location: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let recognizer = try runtime.tapRecognizer(at: 1)
            let view = runtime.state.isNil(at: 2) ? nil : try runtime.view(at: 2)
            guard let point = recognizer.location else {
                runtime.push(Point.zero)
                return 1
            }
            guard let view else {
                runtime.push(point)
                return 1
            }
            guard let inside = view.convert(point, from: nil), inside.x.isFinite, inside.y.isFinite else {
                throw ScriptMistake("location: no point maps into '\(view.name)' (squashed flat by a zero scale or a turn edge-on, or "
                    + "a transform too large)")
            }
            runtime.push(inside)
            return 1
        }
    }
}

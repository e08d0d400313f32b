import Catalogue
import Geometry
import LuaRuntime
import Transitions

/// `UIBlurEffect` and `UIVisualEffectView` for scripts (binds
/// `Transitions/View+Effect.swift`):
///
///     local blur = UIVisualEffectView.new{effect = UIBlurEffect("systemMaterial"), frame = r}
///     blur.contentView:addSubview(label)
///     UIView.animate(0.3, function() blur.effect = nil end)
///
/// A blur effect is a handle naming one of UIKit's styles; the view is a
/// UIView handle that also answers `effect` and `contentView`.
extension ScriptRuntime {
    static let blurEffectMetatable = "segue.UIBlurEffect"

    func push(_ style: BlurStyle) {
        state.pushHandle(BlurStyle.allCases.firstIndex(of: style)!, metatable: Self.blurEffectMetatable)
    }

    /// An effect where one is set: a UIBlurEffect, or nil for none.
    func effect(at index: Int32) throws -> BlurStyle? {
        if state.isNil(at: index) { return nil }
        if let id = state.handle(at: index, metatable: Self.blurEffectMetatable), BlurStyle.allCases.indices.contains(id) {
            return BlurStyle.allCases[id]
        }
        let given = state.typeName(at: index)
        let hint = switch given {
        case "string": ": write UIBlurEffect(\"\(Suggestion.shortened(state.name(at: index) ?? ""))\")"
        case "table": ": make one with UIBlurEffect{style = …}"
        default: ""
        }
        throw ScriptMistake("an effect must be a UIBlurEffect (like UIBlurEffect(\"systemMaterial\")) or nil, not a \(given)\(hint)")
    }

    func installVisualEffects() {
        state.pushMetatable(Self.blurEffectMetatable) {
            state.push(VisualEffectBindings.effectIndex); state.setField(literal: "__index", in: -2)
            state.push(VisualEffectBindings.effectNewIndex); state.setField(literal: "__newindex", in: -2)
            state.push(VisualEffectBindings.describeEffect); state.setField(literal: "__tostring", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        state.register("UIBlurEffect", VisualEffectBindings.makeEffect)
        state.register(table: "UIVisualEffectView", [("new", VisualEffectBindings.makeView)])
    }
}

enum VisualEffectBindings {
    /// What a visual effect view answers beyond a UIView's names.
    static let readable = ["effect", "contentView"]

    static let styleNames = BlurStyle.allCases.map(\.rawValue)

    /// UIBlurEffect("dark"), UIBlurEffect{style = "dark"}: UIKit's
    /// `UIBlurEffect(style: .dark)`. A misspelt style suggests the nearest.
    static let makeEffect: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            var index: Int32 = 1
            if state.isTable(at: 1) {
                try runtime.checkFields(at: 1, of: "UIBlurEffect", allowed: ["style"])
                state.pushField(literal: "style", of: 1)
                index = state.top
            }
            guard state.typeName(at: index) == "string", let name = state.name(at: index) else {
                throw ScriptMistake("UIBlurEffect needs a style's name, like UIBlurEffect(\"systemMaterial\") (got \(state.typeName(at: index)))")
            }
            guard let style = BlurStyle(rawValue: name) else {
                let hint = Suggestion.nearest(to: name, in: styleNames).map { "; did you mean \"\($0)\"?" } ?? ""
                throw ScriptMistake("unknown blur style \"\(Suggestion.shortened(name))\"\(hint) (one of \(styleNames.joined(separator: ", ")))")
            }
            runtime.push(style)
            return 1
        }
    }

    static let effectIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            guard let style = try runtime.effect(at: 1) else { return 0 }
            let key = try arguments.name(2)
            guard key == "style" else { throw ScriptMistake(Suggestion.unknown("UIBlurEffect", key, in: ["style"])) }
            arguments.push(style.rawValue)
            return 1
        }
    }

    static let effectNewIndex: HostFunction = { L in
        ScriptRuntime.host(L) { _, _ in
            throw ScriptMistake("a UIBlurEffect cannot be changed: make another, like UIBlurEffect(\"dark\")")
        }
    }

    static let describeEffect: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            arguments.push("UIBlurEffect(style: .\(try runtime.effect(at: 1)?.rawValue ?? "none"))")
            return 1
        }
    }

    /// UIVisualEffectView.new{effect =, frame =, name =, alpha =} or
    /// UIVisualEffectView.new(effect): UIKit's `UIVisualEffectView(effect:)`.
    static let makeView: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            var effect: BlurStyle?, frame = Rect.zero, name = "visual effect view", alpha: Double?
            if state.isTable(at: 1) {
                try runtime.checkFields(at: 1, of: "UIVisualEffectView.new", allowed: ["effect", "frame", "name", "alpha"])
                state.pushField(literal: "effect", of: 1)
                effect = try runtime.effect(at: state.top)
                state.pushField(literal: "frame", of: 1)
                if !state.isNil(at: -1) { frame = try runtime.rect(at: state.top) }
                state.pushField(literal: "name", of: 1)
                if !state.isNil(at: -1) { name = try runtime.viewName(at: state.top) }
                alpha = try runtime.number(field: "alpha", of: 1)
            } else {
                effect = try runtime.effect(at: 1)
            }
            let view = runtime.simulation.engine.makeVisualEffectView(name: name, frame: frame, effect: effect)
            if let alpha { view.alpha = alpha }
            runtime.push(view)
            return 1
        }
    }

    /// Pushes view[key] for a visual effect view's own names; false when it has no such name.
    static func index(_ runtime: ScriptRuntime, _ view: View, _ key: String) -> Bool {
        guard view.isVisualEffectView else { return false }
        switch key {
        case "effect":
            if let effect = view.effect { runtime.push(effect) } else { runtime.state.pushNil() }
        case "contentView": runtime.push(view.contentView)
        default: return false
        }
        return true
    }

    /// view[key] = the value at 3, for a visual effect view's own names; false when it has no such name.
    static func set(_ runtime: ScriptRuntime, _ view: View, _ key: String) throws -> Bool {
        guard view.isVisualEffectView else { return false }
        switch key {
        case "effect": view.effect = try runtime.effect(at: 3)
        case "contentView": throw ScriptMistake("UIVisualEffectView's 'contentView' cannot be set: add subviews to it")
        default: return false
        }
        return true
    }

    /// Why `child` cannot be added to `parent` by a script, if it cannot:
    /// UIKit asks for a visual effect view's content in its contentView,
    /// and a contentView belongs to its effect view.
    static func hierarchyMistake(adding child: View, to parent: View) -> String? {
        if parent.isVisualEffectView {
            return "'\(parent.name)' is a UIVisualEffectView: add subviews to its contentView (effectView.contentView:addSubview(v)), as UIKit asks"
        }
        if let owner = child.superview, owner.contentView === child {
            return "'\(owner.name)''s contentView belongs to it: add subviews to the contentView instead of moving it"
        }
        return nil
    }
}

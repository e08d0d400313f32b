import RenderTree
import Catalogue
import Geometry
import LuaRuntime
import Transitions

/// UIView and its layer for scripts: handles with UIKit's property and
/// method names, checked on every access.
extension ScriptRuntime {
    static let viewMetatable = "segue.UIView"
    static let layerMetatable = "segue.CALayer"

    func push(_ view: View?) {
        guard let view else { return state.pushNil() }
        views[view.id] = view
        state.pushHandle(view.id, metatable: Self.viewMetatable)
    }

    func view(at index: Int32) throws(ArgumentError) -> View {
        guard let id = state.handle(at: index, metatable: Self.viewMetatable), let view = views[id] else {
            throw ArgumentError(position: index, message: "UIView expected, got \(state.typeName(at: index))")
        }
        return view
    }

    /// The view behind a layer handle.
    func layerView(at index: Int32) throws(ArgumentError) -> View {
        guard let id = state.handle(at: index, metatable: Self.layerMetatable), let view = views[id] else {
            throw ArgumentError(position: index, message: "CALayer expected, got \(state.typeName(at: index))")
        }
        return view
    }

    func installViewMetatables() {
        state.pushMetatable(Self.viewMetatable) {
            state.push(ViewBindings.index); state.setField(literal: "__index", in: -2)
            state.push(ViewBindings.newIndex); state.setField(literal: "__newindex", in: -2)
            state.push(ViewBindings.describe); state.setField(literal: "__tostring", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
        state.pushMetatable(Self.layerMetatable) {
            state.push(ViewBindings.layerIndex); state.setField(literal: "__index", in: -2)
            state.push(ViewBindings.layerNewIndex); state.setField(literal: "__newindex", in: -2)
            state.push(false); state.setField(literal: "__metatable", in: -2)
        }
        state.pop()
    }
}

enum ViewBindings {
    static let readable = ["frame", "bounds", "center", "alpha", "backgroundColor", "transform", "isHidden", "clipsToBounds",
                           "layer", "superview", "subviews", "name", "isScrollView", "contentOffset", "contentSize", "bounces",
                           "alwaysBounceVertical", "alwaysBounceHorizontal", "curl", "addSubview", "insertSubview", "removeFromSuperview", "bringSubviewToFront", "sendSubviewToBack",
                           "snapshotView", "layoutIfNeeded", "isDescendant", "safeAreaInsets", "isUserInteractionEnabled", "resizableSnapshotView",
                           "convert", "addGestureRecognizer", "removeGestureRecognizer", "gestureRecognizers",
                           "systemLayoutSizeFitting", "window", "autoresizingMask"]
    static let writable = ["frame", "bounds", "center", "alpha", "backgroundColor", "transform", "isHidden", "clipsToBounds",
                           "name", "isScrollView", "contentOffset", "contentSize", "bounces", "alwaysBounceVertical",
                           "alwaysBounceHorizontal", "curl", "isUserInteractionEnabled", "autoresizingMask"]
    static let layerReadable = ["transform", "anchorPoint", "cornerRadius", "zPosition", "borderWidth", "borderColor",
                                "isDoubleSided", "opacity", "position", "bounds", "masksToBounds", "maskedCorners",
                                "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowPath",
                                "add", "removeAnimation", "removeAllAnimations", "animationKeys"]

    /// "UIVisualEffectView" or "UIView", for messages.
    static func className(of view: View) -> String { view.isVisualEffectView ? "UIVisualEffectView" : "UIView" }

    /// Every name a view answers to, for did-you-mean.
    static func names(of view: View) -> [String] { readable + (view.isVisualEffectView ? VisualEffectBindings.readable : []) }

    static let index: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let view = try runtime.view(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "frame": runtime.push(view.frame)
            case "bounds": runtime.push(view.bounds)
            case "center": runtime.push(view.center)
            case "alpha": arguments.push(view.alpha)
            case "backgroundColor":
                if let color = view.backgroundColor { runtime.push(color) } else { runtime.state.pushNil() }
            case "transform": runtime.push(view.transform)
            case "isHidden": arguments.push(view.isHidden)
            case "clipsToBounds": arguments.push(view.clipsToBounds)
            case "name": arguments.push(view.name)
            case "isScrollView": arguments.push(view.isScrollView)
            case "contentOffset": runtime.push(view.contentOffset)
            case "contentSize": runtime.push(view.contentSize)
            case "bounces": arguments.push(view.bounces)
            case "alwaysBounceVertical": arguments.push(view.alwaysBounceVertical)
            case "alwaysBounceHorizontal": arguments.push(view.alwaysBounceHorizontal)
            case "curl": arguments.push(view.curl)
            case "layer": runtime.state.pushHandle(view.id, metatable: ScriptRuntime.layerMetatable)
            case "superview": runtime.push(view.superview)
            case "subviews":
                runtime.state.pushList(view.subviews) { runtime.push($0) }
            case "addSubview": runtime.state.push(addSubview)
            case "insertSubview": runtime.state.push(insertSubview)
            case "removeFromSuperview": runtime.state.push(removeFromSuperview)
            case "bringSubviewToFront": runtime.state.push(bringSubviewToFront)
            case "sendSubviewToBack": runtime.state.push(sendSubviewToBack)
            case "snapshotView": runtime.state.push(snapshotView)
            case "layoutIfNeeded": runtime.state.push(nothing)
            case "isDescendant": runtime.state.push(isDescendant)
            case "safeAreaInsets":
                // UIEdgeInsets: the device's safe area where it overlaps this view (its model frame in the window).
                let insets = runtime.simulation.safeAreaInsets(of: view)
                runtime.state.newTable(fieldCount: 4)
                for (key, value) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)] {
                    runtime.state.push(value); runtime.state.setField(key, in: -2)
                }
            case "isUserInteractionEnabled": arguments.push(view.isUserInteractionEnabled)
            case "resizableSnapshotView": runtime.state.push(resizableSnapshotView)
            case "convert": runtime.state.push(convert)
            case "systemLayoutSizeFitting": runtime.state.push(systemLayoutSizeFitting)
            case "autoresizingMask":
                runtime.state.pushList(view.autoresizingMask.flagNames) { runtime.state.push($0) }
            case "window":
                // UIKit's view.window: the window the view is in, through its superviews, or nil.
                let window = runtime.simulation.window
                runtime.push(view === window || view.isDescendant(of: window) ? window : nil)
            case "addGestureRecognizer": runtime.state.push(addGestureRecognizer)
            case "removeGestureRecognizer": runtime.state.push(removeGestureRecognizer)
            case "gestureRecognizers":
                runtime.state.pushList(view.tapRecognizers) { runtime.push($0) }
            default:
                if VisualEffectBindings.index(runtime, view, key) { return 1 }
                throw ScriptMistake(Suggestion.unknown(className(of: view), key, in: names(of: view)))
            }
            return 1
        }
    }

    static let newIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let view = try runtime.view(at: 1)
            let key = try arguments.name(2)
            do {
                switch key {
                case "frame":
                    let frame = try runtime.rect(at: 3)
                    if !view.layerTransform.isIdentity, runtime.warnedTransformedFrames.insert(view.id).inserted {
                        runtime.find(.warning, hook: runtime.currentHook, location: runtime.state.callerLocation(),
                                     "frame was set on '\(view.name)' while its transform is not the identity; UIKit leaves the "
                                        + "result undefined: set bounds and center instead, or set the frame before the transform")
                    }
                    view.frame = frame
                case "bounds": view.bounds = try runtime.rect(at: 3)
                case "center": view.center = try runtime.point(at: 3)
                case "alpha": view.alpha = try arguments.number(3)
                case "backgroundColor": view.backgroundColor = runtime.state.isNil(at: 3) ? nil : try runtime.color(at: 3)
                case "transform": view.transform = try runtime.affine(at: 3)
                case "isHidden": view.isHidden = try runtime.flag(at: 3)
                case "clipsToBounds": view.clipsToBounds = try runtime.flag(at: 3)
                case "name": view.name = try runtime.viewName(at: 3)
                case "isScrollView": view.isScrollView = try runtime.flag(at: 3)
                case "contentOffset": view.contentOffset = try runtime.point(at: 3)
                case "contentSize":
                    let size = try runtime.size(at: 3)
                    guard size.width >= 0 && size.height >= 0 && size.width.isFinite && size.height.isFinite else {
                        throw ScriptMistake("UIView.contentSize must be a finite size, neither side negative; got "
                            + "\(LuaValue.number(size.width).description) × \(LuaValue.number(size.height).description)")
                    }
                    view.contentSize = size
                case "bounces": view.bounces = try runtime.flag(at: 3)
                case "alwaysBounceVertical": view.alwaysBounceVertical = try runtime.flag(at: 3)
                case "alwaysBounceHorizontal": view.alwaysBounceHorizontal = try runtime.flag(at: 3)
                case "autoresizingMask": view.autoresizingMask = try runtime.autoresizingMask(at: 3)
                case "curl":
                    // Segue's own (UIKit's page curl has no amount): a fraction, so a value past it is a mistake, not clamped away.
                    let amount = try arguments.number(3)
                    guard amount >= 0 && amount <= 1 else {
                        throw ScriptMistake("UIView.curl is how far the page is curled, from 0 to 1; got \(LuaValue.number(amount).description)")
                    }
                    view.curl = amount
                case "isUserInteractionEnabled": view.isUserInteractionEnabled = try runtime.flag(at: 3)
                default:
                    if try VisualEffectBindings.set(runtime, view, key) { return 0 }
                    throw ScriptMistake(readable.contains(key) ? "UIView's '\(key)' cannot be set"
                                        : Suggestion.unknown(className(of: view), key,
                                                             in: writable + (view.isVisualEffectView ? ["effect"] : [])))
                }
            } catch let error as ArgumentError {
                throw ScriptMistake("bad value for UIView.\(key) (\(error.message))")
            }
            return 0
        }
    }

    static let layerIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let view = try runtime.layerView(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "transform": runtime.push(view.layerTransform)
            case "anchorPoint": runtime.push(view.anchorPoint)
            case "cornerRadius": arguments.push(view.cornerRadius)
            case "zPosition": arguments.push(view.zPosition)
            case "borderWidth": arguments.push(view.borderWidth)
            case "borderColor":
                if let color = view.borderColor { runtime.push(color) } else { runtime.state.pushNil() }
            case "isDoubleSided": arguments.push(view.isDoubleSided)
            case "opacity": arguments.push(view.alpha)
            case "position": runtime.push(view.center)
            case "bounds": runtime.push(view.bounds)
            case "masksToBounds": arguments.push(view.clipsToBounds)
            case "maskedCorners":
                runtime.state.pushList(view.maskedCorners.cornerNames) { runtime.state.push($0) }
            case "shadowColor": runtime.push(view.shadowColor)
            case "shadowOpacity": arguments.push(view.shadowOpacity)
            case "shadowRadius": arguments.push(view.shadowRadius)
            case "shadowOffset": runtime.push(Size(width: view.shadowOffset.x, height: view.shadowOffset.y))
            case "shadowPath":
                if let path = view.shadowPath { runtime.push(path) } else { runtime.state.pushNil() }
            case "add": runtime.state.push(CALayerAnimationBindings.add)
            case "removeAnimation": runtime.state.push(CALayerAnimationBindings.remove)
            case "removeAllAnimations": runtime.state.push(CALayerAnimationBindings.removeAll)
            case "animationKeys": runtime.state.push(CALayerAnimationBindings.keys)
            default: try LayerBindings.index(runtime, view, key)
            }
            return 1
        }
    }

    static let layerNewIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let view = try runtime.layerView(at: 1)
            try setLayer(view, try arguments.name(2), to: 3, runtime, arguments)
            return 0
        }
    }

    /// layer[key] = the value at stack position `value` (also what the
    /// layer constructors' tables set).
    static func setLayer(_ view: View, _ key: String, to value: Int32, _ runtime: ScriptRuntime, _ arguments: LuaArguments) throws {
        do {
            switch key {
            case "transform": view.layerTransform = try runtime.transform3D(at: value)
            case "anchorPoint": view.anchorPoint = try runtime.point(at: value)
            case "cornerRadius": view.cornerRadius = try arguments.number(value)
            case "zPosition": view.zPosition = try arguments.number(value)
            case "borderWidth": view.borderWidth = try arguments.number(value)
            case "borderColor": view.borderColor = runtime.state.isNil(at: value) ? nil : try runtime.color(at: value)
            case "isDoubleSided": view.isDoubleSided = try runtime.flag(at: value)
            case "opacity": view.alpha = try arguments.number(value)
            case "position": view.center = try runtime.point(at: value)
            case "bounds": view.bounds = try runtime.rect(at: value)
            case "masksToBounds": view.clipsToBounds = try runtime.flag(at: value)
            case "maskedCorners": view.maskedCorners = try runtime.cornerMask(at: value)
            case "shadowColor":
                // nil is Core Animation's "no shadow colour": nothing is drawn.
                view.shadowColor = runtime.state.isNil(at: value) ? Color(red: 0, green: 0, blue: 0, alpha: 0) : try runtime.color(at: value)
            case "shadowOpacity": view.shadowOpacity = try arguments.number(value)
            case "shadowRadius": view.shadowRadius = try arguments.number(value)
            case "shadowOffset":
                let size = try runtime.size(at: value)
                view.shadowOffset = Point(x: size.width, y: size.height)
            case "shadowPath": view.shadowPath = runtime.state.isNil(at: value) ? nil : try runtime.pathShape(at: value)
            default: try LayerBindings.set(view, key, to: value, runtime, arguments)
            }
        } catch let error as ArgumentError {
            throw ScriptMistake("bad value for \(LayerBindings.className(of: view)).\(key) (\(error.message))")
        }
    }

    static let describe: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let view = try runtime.view(at: 1)
            arguments.push("\(className(of: view)) '\(view.name)'")
            return 1
        }
    }

    static let addSubview: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let parent = try runtime.view(at: 1), child = try runtime.view(at: 2)
            if let error = parent.hierarchyError(adding: child) { throw ScriptMistake(error.description) }
            if let mistake = VisualEffectBindings.hierarchyMistake(adding: child, to: parent) { throw ScriptMistake(mistake) }
            parent.addSubview(child)
            return 0
        }
    }

    /// view:insertSubview(v, index) or view:insertSubview(v, {at = i | aboveSubview = s | belowSubview = s}).
    static let insertSubview: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let parent = try runtime.view(at: 1), child = try runtime.view(at: 2)
            if let error = parent.hierarchyError(adding: child) { throw ScriptMistake(error.description) }
            if let mistake = VisualEffectBindings.hierarchyMistake(adding: child, to: parent) { throw ScriptMistake(mistake) }
            let state = runtime.state
            // UIKit's indices start at 0; a negative one is the script's mistake, not the end of the list.
            func insert(at index: Int) throws {
                guard index >= 0 else { throw ScriptMistake("insertSubview's index must be 0 or more, got \(index)") }
                parent.insertSubview(child, at: index)
            }
            if let index = state.integer(at: 3) {
                try insert(at: index)
            } else if state.isTable(at: 3) {
                state.pushField(literal: "aboveSubview", of: 3)
                state.pushField(literal: "belowSubview", of: 3)
                state.pushField(literal: "at", of: 3)
                defer { state.pop(3) }
                if !state.isNil(at: -3) {
                    parent.insertSubview(child, aboveSubview: try runtime.view(at: state.top - 2))
                } else if !state.isNil(at: -2) {
                    parent.insertSubview(child, belowSubview: try runtime.view(at: state.top - 1))
                } else if let index = state.integer(at: -1) {
                    try insert(at: index)
                } else {
                    throw ScriptMistake("insertSubview needs {at = index}, {aboveSubview = view} or {belowSubview = view}")
                }
            } else {
                throw ArgumentError(position: 3, message: "an index or {at =, aboveSubview =, belowSubview =} expected")
            }
            return 0
        }
    }

    static let removeFromSuperview: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let view = try runtime.view(at: 1)
            if let owner = view.superview, owner.contentView === view {
                throw ScriptMistake("'\(owner.name)''s contentView belongs to it: remove the visual effect view instead")
            }
            view.removeFromSuperview()
            return 0
        }
    }

    static let bringSubviewToFront: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            try runtime.view(at: 1).bringSubviewToFront(try runtime.view(at: 2))
            return 0
        }
    }

    static let sendSubviewToBack: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            try runtime.view(at: 1).sendSubviewToBack(try runtime.view(at: 2))
            return 0
        }
    }

    /// view:addGestureRecognizer(tap): a recognizer on another view moves here, as in UIKit.
    static let addGestureRecognizer: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            try runtime.view(at: 1).addGestureRecognizer(try runtime.tapRecognizer(at: 2))
            return 0
        }
    }

    static let removeGestureRecognizer: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            try runtime.view(at: 1).removeGestureRecognizer(try runtime.tapRecognizer(at: 2))
            return 0
        }
    }

    static let isDescendant: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            arguments.push(try runtime.view(at: 1).isDescendant(of: try runtime.view(at: 2)))
            return 1
        }
    }

    /// UIView's constants, made on each read: `layoutFittingCompressedSize`; anything else UIView has not is an error.
    static let staticIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let key = try arguments.name(2)
            guard key == "layoutFittingCompressedSize" else {
                throw ScriptMistake(Suggestion.unknown("UIView", key, in: ["animate", "animateKeyframes", "addKeyframe", "new", "transition",
                                                                            "layoutFittingCompressedSize"]))
            }
            runtime.push(Size.zero)
            return 1
        }
    }

    /// UIView's names are UIKit's: none can be set or added.
    static let staticNewIndex: HostFunction = { L in
        ScriptRuntime.host(L) { _, arguments in
            let key = (try? arguments.name(2)) ?? "?"
            throw ScriptMistake("UIView.\(Suggestion.shortened(key)) cannot be set: UIView's names are UIKit's")
        }
    }

    /// view:systemLayoutSizeFitting(size, horizontalPriority, verticalPriority): the size Auto Layout would give the
    /// view's content. Segue models no Auto Layout, so it answers the one question content-sized cards ask (a required
    /// width, a free height: the height the content needs at that width) for the one view whose content it lays out,
    /// the root view of a `screen = "dialog"` controller; anything else is an error rather than a made-up size.
    static let systemLayoutSizeFitting: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let view = try runtime.view(at: 1)
            let target = try runtime.size(at: 2)
            let horizontal = try arguments.number(3), vertical = try arguments.number(4)
            guard horizontal == 1000, vertical == 50 else {
                throw ScriptMistake("systemLayoutSizeFitting: Segue answers a fixed width with a free height only: "
                                    + "horizontal UILayoutPriority.required and vertical UILayoutPriority.fittingSizeLevel")
            }
            guard target.width.isFinite, target.width >= 0, target.width <= 1e6 else {
                throw ScriptMistake("systemLayoutSizeFitting: the width must be a finite number of points from 0 to 1000000")
            }
            guard let height = view.viewController?.fittingHeight(width: target.width) else {
                throw ScriptMistake("systemLayoutSizeFitting: '\(view.name)' has no content Segue lays out (it models no Auto "
                                    + "Layout): only the root view of a controller whose entry says screen = \"dialog\" tells its height")
            }
            guard target.width >= DialogLayout.narrowestCard else {
                throw ScriptMistake("systemLayoutSizeFitting: the dialog's longest word needs a card \(formatted(DialogLayout.narrowestCard, decimals: 0)) "
                                    + "points wide; at \(formatted(target.width, decimals: 1)) UIKit would break words by character, which Segue does not lay out")
            }
            runtime.push(Size(width: target.width, height: height))
            return 1
        }
    }

    /// view:snapshotView(afterScreenUpdates) (also {afterScreenUpdates = …}).
    static let snapshotView: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let view = try runtime.view(at: 1)
            var after = runtime.state.boolean(at: 2)
            if runtime.state.isTable(at: 2) {
                runtime.state.pushField(literal: "afterScreenUpdates", of: 2)
                after = runtime.state.boolean(at: -1)
                runtime.state.pop()
            }
            runtime.push(view.snapshotView(afterScreenUpdates: after))
            return 1
        }
    }

    /// view:convert(rectOrPoint, other) (also {to = other}) and
    /// view:convert(rectOrPoint, {from = other}); no other (nil): the window.
    static let convert: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let view = try runtime.view(at: 1)
            let state = runtime.state
            var other: View?
            var from = false
            if state.isTable(at: 3) {
                state.pushField(literal: "to", of: 3)
                state.pushField(literal: "from", of: 3)
                defer { state.pop(2) }
                switch (state.isNil(at: -2), state.isNil(at: -1)) {
                case (false, true): other = try runtime.view(at: state.top - 1)
                case (true, false): other = try runtime.view(at: state.top); from = true
                default: throw ScriptMistake("convert takes a view, {to = view} or {from = view} (nil: the window)")
                }
            } else if !state.isNil(at: 3) {
                other = try runtime.view(at: 3)
            }
            let squashed = ScriptMistake("convert: '\((from ? view : other)?.name ?? "")' is squashed flat (a zero scale or "
                + "a turn edge-on), so no point maps into it")
            let beyond = ScriptMistake("convert: the result is beyond any number (a frame or transform on the way is too large)")
            state.pushField(literal: "origin", of: 2)
            let isRect = !state.isNil(at: -1)
            state.pop()
            if isRect {
                let rect = try runtime.rect(at: 2)
                guard let result = from ? view.convert(rect, from: other) : view.convert(rect, to: other) else { throw squashed }
                guard [result.minX, result.minY, result.width, result.height].allSatisfy(\.isFinite) else { throw beyond }
                runtime.push(result)
            } else {
                let point = try runtime.point(at: 2)
                guard let result = from ? view.convert(point, from: other) : view.convert(point, to: other) else { throw squashed }
                guard result.x.isFinite, result.y.isFinite else { throw beyond }
                runtime.push(result)
            }
            return 1
        }
    }

    static let nothing: HostFunction = { _ in 0 }
}

extension ScriptRuntime {
    /// view.autoresizingMask: a list of UIView.AutoresizingMask's flag names (empty: none), applied whenever the
    /// superview's bounds change size, as UIKit's autoresizing does.
    func autoresizingMask(at index: Int32) throws -> AutoresizingMask {
        let names = AutoresizingMask.names.map(\.0)
        guard state.isTable(at: index) else {
            throw ScriptMistake("'autoresizingMask' must be a list like {\"flexibleWidth\", \"flexibleHeight\"}")
        }
        let count = state.rawLength(at: index)
        guard count <= names.count else { throw ScriptMistake("'autoresizingMask' names at most its \(names.count) flags") }
        var mask: AutoresizingMask = []
        for i in stride(from: 1, through: count, by: 1) {
            state.pushIndex(i, of: index)
            defer { state.pop() }
            guard let name = state.name(at: -1), let flag = AutoresizingMask.names.first(where: { $0.0 == name })?.1 else {
                let given = state.name(at: -1) ?? state.typeName(at: -1)
                let hint = Suggestion.nearest(to: given, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw ScriptMistake("unknown autoresizing flag '\(Suggestion.shortened(given))'\(hint) (one of \(names.joined(separator: ", ")))")
            }
            mask.insert(flag)
        }
        return mask
    }
}

import Catalogue
import Geometry
import LuaRuntime
import RenderTree
import Transitions

/// Standalone layers for scripts: `CALayer()`, `CAGradientLayer()`,
/// `CAShapeLayer()` (or with a table of properties,
/// `CAGradientLayer{frame = r, colors = {…}}`), and the layer names a view's
/// layer lacked: sublayers, masks, sublayerTransform, and each kind's own.
///
/// A standalone layer is the engine's layer-only `View` behind the same
/// `segue.CALayer` handle a view's layer has, so it answers only to Core
/// Animation's names (`position`, not `center`; `opacity`, not `alpha`).
enum LayerBindings {
    /// What every layer answers beyond `ViewBindings.layerReadable`.
    static let common = ["frame", "backgroundColor", "isHidden", "name", "sublayers", "superlayer", "addSublayer",
                         "insertSublayer", "removeFromSuperlayer", "mask", "sublayerTransform"]
    static let gradientNames = ["colors", "locations", "startPoint", "endPoint", "type"]
    static let shapeNames = ["path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd"]
    /// The methods and read-only names among those (not settable).
    static let readOnly: Set = ["add", "removeAnimation", "removeAllAnimations", "animationKeys", "sublayers", "superlayer", "addSublayer", "insertSublayer", "removeFromSuperlayer"]

    static func className(of layer: View) -> String { layer.layerKind?.rawValue ?? "CALayer" }

    /// Every name a layer of this kind answers to, for did-you-mean.
    static func names(of layer: View) -> [String] {
        let own = switch layer.layerKind {
        case .gradient: gradientNames
        case .shape: shapeNames
        default: [String]()
        }
        return ViewBindings.layerReadable + common + own
    }

    /// The names a constructor's table may set, in the order they are set:
    /// geometry first (bounds before position and anchorPoint, as a frame
    /// needs them), then everything else in a fixed order, so the result
    /// never depends on the table's own order.
    static func settable(_ kind: LayerKind) -> [String] {
        let geometry = ["name", "bounds", "anchorPoint", "position", "frame", "transform"]
        let rest = (ViewBindings.layerReadable + common).filter { !geometry.contains($0) && !readOnly.contains($0) }
        let own = kind == .gradient ? gradientNames : kind == .shape ? shapeNames : []
        return geometry + rest + own
    }

    // MARK: Reading

    /// Pushes layer[key] for the names `ViewBindings.layerIndex` leaves to this file.
    static func index(_ runtime: ScriptRuntime, _ layer: View, _ key: String) throws {
        let state = runtime.state
        switch (key, layer.layerKind) {
        case ("frame", _): runtime.push(layer.frame)
        case ("backgroundColor", _):
            if let color = layer.backgroundColor { runtime.push(color) } else { state.pushNil() }
        case ("isHidden", _): state.push(layer.isHidden)
        case ("name", _): state.push(layer.name)
        case ("sublayers", _):
            state.pushList(layer.sublayers) { runtime.pushLayer($0) }
        case ("superlayer", _): if let parent = layer.superview { runtime.pushLayer(parent) } else { state.pushNil() }
        case ("addSublayer", _): state.push(addSublayer)
        case ("insertSublayer", _): state.push(insertSublayer)
        case ("removeFromSuperlayer", _): state.push(removeFromSuperlayer)
        case ("mask", _): if let mask = layer.mask { runtime.pushLayer(mask) } else { state.pushNil() }
        case ("sublayerTransform", _): runtime.push(layer.sublayerTransform)
        case ("colors", .gradient):
            state.pushList(layer.gradient?.colors ?? []) { runtime.push($0) }
        case ("locations", .gradient):
            guard let locations = layer.gradient?.locations else { return state.pushNil() }
            state.pushList(locations) { state.push($0) }
        case ("startPoint", .gradient): runtime.push(layer.startPoint)
        case ("endPoint", .gradient): runtime.push(layer.endPoint)
        case ("type", .gradient): state.push(layer.gradientType.rawValue)
        case ("path", .shape): if let path = layer.path { runtime.push(path) } else { state.pushNil() }
        case ("fillColor", .shape): if let color = layer.fillColor { runtime.push(color) } else { state.pushNil() }
        case ("strokeColor", .shape): if let color = layer.strokeColor { runtime.push(color) } else { state.pushNil() }
        case ("lineWidth", .shape): state.push(layer.lineWidth)
        case ("strokeStart", .shape): state.push(layer.strokeStart)
        case ("strokeEnd", .shape): state.push(layer.strokeEnd)
        default: throw ScriptMistake(Suggestion.unknown(className(of: layer), key, in: names(of: layer)))
        }
    }

    // MARK: Writing

    /// layer[key] = the value at `value`, for the names `ViewBindings.setLayer` leaves to this file.
    static func set(_ layer: View, _ key: String, to value: Int32, _ runtime: ScriptRuntime, _ arguments: LuaArguments) throws {
        let state = runtime.state
        let isNil = state.isNil(at: value)
        switch (key, layer.layerKind) {
        case ("frame", _): layer.frame = try runtime.rect(at: value)
        case ("backgroundColor", _): layer.backgroundColor = isNil ? nil : try runtime.color(at: value)
        case ("isHidden", _): layer.isHidden = try runtime.flag(at: value)
        case ("name", _): layer.name = try runtime.viewName(at: value)
        case ("mask", _): try setMask(of: layer, to: value, runtime)
        case ("sublayerTransform", _): layer.sublayerTransform = try runtime.transform3D(at: value)
        case ("colors", .gradient):
            let colors = isNil ? [] : try list(at: value, of: "colors", runtime) { index in try runtime.color(at: index) }
            runtime.simulation.engine.onAllocate?(colors.count * 48)
            warnIfUndefined(layer, .gradientColors, .colors(colors), runtime,
                            "colors goes from \(layer.presentation.gradient?.colors.count ?? 0) colours to \(colors.count)", listAdvice)
            layer.gradientColors = colors
        case ("locations", .gradient):
            let values = isNil ? nil : try locations(at: value, for: layer, runtime)
            var shown = layer.presentation.gradient ?? Gradient()
            shown.locations = values
            warnIfUndefined(layer, .gradientLocations, .numbers(shown.resolvedLocations), runtime,
                            "locations goes from \(layer.presentation.gradient?.resolvedLocations.count ?? 0) values to "
                                + "\(shown.resolvedLocations.count)", listAdvice)
            layer.gradientLocations = values
        case ("startPoint", .gradient): layer.startPoint = try runtime.point(at: value)
        case ("endPoint", .gradient): layer.endPoint = try runtime.point(at: value)
        case ("type", .gradient):
            let names = Gradient.Kind.allCases.map(\.rawValue)
            guard let name = state.name(at: value), let type = Gradient.Kind(rawValue: name) else {
                let given = state.name(at: value) ?? state.typeName(at: value)
                let hint = Suggestion.nearest(to: given, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
                throw ScriptMistake("unknown gradient type \"\(Suggestion.shortened(given))\"\(hint) (axial, radial or conic)")
            }
            layer.gradientType = type
        case ("path", .shape):
            let path = isNil ? nil : try runtime.pathShape(at: value)
            runtime.simulation.engine.onAllocate?(64)
            layer.path = path
        case ("fillColor", .shape): layer.fillColor = isNil ? nil : try runtime.color(at: value)
        case ("strokeColor", .shape): layer.strokeColor = isNil ? nil : try runtime.color(at: value)
        case ("lineWidth", .shape):
            let width = try arguments.number(value)
            guard width >= 0 else { throw ScriptMistake("lineWidth must be at least 0, got \(LuaValue.number(width).description)") }
            layer.lineWidth = width
        case ("strokeStart", .shape): layer.strokeStart = try arguments.number(value)
        case ("strokeEnd", .shape): layer.strokeEnd = try arguments.number(value)
        default:
            let names = names(of: layer)
            if names.contains(key) { throw ScriptMistake("\(className(of: layer))'s '\(key)' cannot be set") }
            throw ScriptMistake(Suggestion.unknown(className(of: layer), key, in: names))
        }
    }

    /// A change Core Animation would animate implicitly between values with
    /// no in-between (paths of different kinds, lists of different lengths):
    /// its result is undefined, so the engine sets the value at once, and
    /// the script hears why.
    static func warnIfUndefined(_ layer: View, _ property: AnimatableProperty, _ new: AnimatedValue, _ runtime: ScriptRuntime,
                                _ change: String, _ advice: String) {
        let shown = layer.presentation.value(of: property)
        guard shown != new, !shown.interpolates(to: new), runtime.simulation.engine.animatesImplicitly(layer) else { return }
        runtime.find(.warning, hook: runtime.currentHook, location: runtime.state.callerLocation(),
                     "\(className(of: layer)).\(change), which Core Animation cannot animate (it leaves the in-between undefined): "
                        + "the new value shows at once; \(advice), or change it inside CATransaction.setDisableActions(true)")
    }

    static let pathAdvice = "animate between paths of one kind (a roundedRect at both ends, each with a corner radius above 0, turns a square into a circle), "
        + "or built paths with the same elements in the same order"
    static let listAdvice = "animate between lists of one length"

    static func describe(_ path: PathShape?) -> String {
        guard let path else { return "no path" }
        if case .elements(let elements) = path { return "a built UIBezierPath of \(elements.count) elements" }
        return "UIBezierPath{\(path.kindName) = …}"
    }

    /// A list of at most `Gradient.stopLimit` values.
    static func list<T>(at index: Int32, of what: String, _ runtime: ScriptRuntime, _ read: (Int32) throws -> T) throws -> [T] {
        try runtime.list(at: index, of: what, limit: Gradient.stopLimit, tooMany: "a gradient has at most \(Gradient.stopLimit) stops") { item, _ in
            try read(item)
        }
    }

    /// `locations`: finite, never decreasing (Core Animation asks for
    /// "monotonically increasing"), and as many as the colours once those are set.
    static func locations(at index: Int32, for layer: View, _ runtime: ScriptRuntime) throws -> [Double] {
        let values = try list(at: index, of: "locations", runtime) { i -> Double in
            guard runtime.state.isNumber(at: i), let v = runtime.state.number(at: i), v.isFinite else {
                throw ArgumentError(position: i, message: "a finite number expected, got \(runtime.state.typeName(at: i))")
            }
            return v
        }
        if let colors = layer.gradient?.colors, !colors.isEmpty, colors.count != values.count {
            throw ScriptMistake("'locations' has \(values.count) values for \(colors.count) colours; give one location a colour "
                + "(or nil to spread them evenly)")
        }
        if zip(values, values.dropFirst()).contains(where: { $0 > $1 }) {
            throw ScriptMistake("'locations' must not decrease (\(values.map { LuaValue.number($0).description }.joined(separator: ", ")))")
        }
        runtime.simulation.engine.onAllocate?(values.count * 16)
        return values
    }

    static func setMask(of layer: View, to value: Int32, _ runtime: ScriptRuntime) throws {
        if runtime.state.isNil(at: value) { return layer.setMask(nil) }
        let mask = try runtime.layerView(at: value)
        guard mask.isStandaloneLayer else {
            throw ScriptMistake("a view's layer cannot be a mask here; make one with CALayer(), CAGradientLayer() or CAShapeLayer()")
        }
        if let error = layer.maskError(setting: mask) { throw ScriptMistake(error.description) }
        layer.setMask(mask)
    }

    // MARK: Methods

    /// The child of addSublayer / insertSublayer: a standalone layer.
    static func sublayer(at index: Int32, _ runtime: ScriptRuntime) throws -> View {
        let layer = try runtime.layerView(at: index)
        guard layer.isStandaloneLayer else {
            throw ScriptMistake("'\(layer.name)' is a view's layer: add the view with addSubview")
        }
        return layer
    }

    static let addSublayer: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let parent = try runtime.layerView(at: 1), child = try sublayer(at: 2, runtime)
            if let error = parent.hierarchyError(adding: child) { throw ScriptMistake(error.description) }
            parent.addSublayer(child)
            return 0
        }
    }

    /// layer:insertSublayer(l, index) (0 the bottom, as in Core Animation) or
    /// layer:insertSublayer(l, {at = i | above = sibling | below = sibling}).
    static let insertSublayer: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let parent = try runtime.layerView(at: 1), child = try sublayer(at: 2, runtime)
            if let error = parent.hierarchyError(adding: child) { throw ScriptMistake(error.description) }
            let state = runtime.state
            // As insertSubview: Core Animation's indices start at 0, and a negative one is the script's mistake.
            func insert(at index: Int) throws {
                guard index >= 0 else { throw ScriptMistake("insertSublayer's index must be 0 or more, got \(index)") }
                parent.insertSublayer(child, at: index)
            }
            if let index = state.integer(at: 3) {
                try insert(at: index)
            } else if state.isTable(at: 3) {
                try runtime.checkFields(at: 3, of: "insertSublayer", allowed: ["at", "above", "below"])
                state.pushField(literal: "above", of: 3)
                state.pushField(literal: "below", of: 3)
                state.pushField(literal: "at", of: 3)
                defer { state.pop(3) }
                if !state.isNil(at: -3) {
                    parent.insertSublayer(child, nextTo: try runtime.layerView(at: state.top - 2), above: true)
                } else if !state.isNil(at: -2) {
                    parent.insertSublayer(child, nextTo: try runtime.layerView(at: state.top - 1), above: false)
                } else if let index = state.integer(at: -1) {
                    try insert(at: index)
                } else {
                    throw ScriptMistake("insertSublayer needs an index, {at = index}, {above = layer} or {below = layer}")
                }
            } else {
                throw ArgumentError(position: 3, message: "an index or {at =, above =, below =} expected")
            }
            return 0
        }
    }

    static let removeFromSuperlayer: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let layer = try runtime.layerView(at: 1)
            guard layer.isStandaloneLayer else {
                throw ScriptMistake("'\(layer.name)' is a view's layer: remove the view with removeFromSuperview()")
            }
            layer.removeFromSuperview()
            return 0
        }
    }

    // MARK: Constructors

    /// CALayer(), CAGradientLayer{…}, CAShapeLayer{…}: a new standalone
    /// layer, with the table's properties set in `settable`'s order.
    static let makeLayer: HostFunction = { L in LayerBindings.construct(L, .layer) }
    static let makeGradientLayer: HostFunction = { L in LayerBindings.construct(L, .gradient) }
    static let makeShapeLayer: HostFunction = { L in LayerBindings.construct(L, .shape) }

    static func construct(_ L: OpaquePointer?, _ kind: LayerKind) -> Int32 {
        ScriptRuntime.host(L) { runtime, arguments in
            let state = runtime.state
            let given = !state.isNil(at: 1)
            if given && !state.isTable(at: 1) {
                throw ScriptMistake("\(kind.rawValue) takes nothing or a table of its properties, like \(kind.rawValue){frame = r}")
            }
            let names = settable(kind)
            if given { try runtime.checkFields(at: 1, of: kind.rawValue, allowed: names) }
            let layer = runtime.simulation.engine.makeLayer(kind)
            if given {
                for name in names {
                    state.pushField(name, of: 1)
                    defer { state.pop() }
                    if state.isNil(at: -1) { continue }
                    try ViewBindings.setLayer(layer, name, to: state.top, runtime, arguments)
                }
            }
            runtime.pushLayer(layer)
            return 1
        }
    }

    static func install(_ runtime: ScriptRuntime) {
        runtime.state.register(LayerKind.layer.rawValue, makeLayer)
        runtime.state.register(LayerKind.gradient.rawValue, makeGradientLayer)
        runtime.state.register(LayerKind.shape.rawValue, makeShapeLayer)
    }
}

extension ScriptRuntime {
    /// A layer handle: a standalone layer, or the layer of a view.
    func pushLayer(_ layer: View) {
        views[layer.id] = layer
        state.pushHandle(layer.id, metatable: Self.layerMetatable)
    }
}

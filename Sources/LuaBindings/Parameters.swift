import Geometry
import Catalogue
import LuaRuntime

/// One declared parameter: `duration = {type = "number", default = 0.35, min = 0.05, max = 5}`,
/// `edge = {type = "string", default = "bottom", choices = {"bottom", "right"}}`.
public struct ParameterSpec: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case number, integer, boolean, string }

    public let name: String
    public let kind: Kind
    public let defaultValue: LuaValue
    public let minimum: Double?
    public let maximum: Double?
    public let choices: [String]?
    public let summary: String?

    /// Checks a value against the declaration; returns the message if it does not fit.
    func problem(with value: LuaValue) -> String? {
        switch kind {
        case .number, .integer:
            guard let number = value.double else { return "\(value.description) is not a number" }
            guard number.isFinite else { return "\(value.description) is not a finite number" }
            if kind == .integer, number != number.rounded() { return "\(value.description) is not a whole number" }
            if let minimum, number < minimum { return "\(value.description) is below the minimum \(LuaValue.number(minimum).description)" }
            if let maximum, number > maximum { return "\(value.description) is above the maximum \(LuaValue.number(maximum).description)" }
        case .boolean:
            if value.bool == nil { return "\(value.description) is not true or false" }
        case .string:
            guard let text = value.string else { return "\(value.description) is not a string" }
            if let choices, !choices.contains(text) {
                let hint = Suggestion.nearest(to: text, in: choices).map { " (did you mean \"\($0)\"?)" } ?? ""
                return "\"\(text)\" is not one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))\(hint)"
            }
        }
        return nil
    }

    /// Reads a value given on the command line (`duration=0.5`).
    func parse(_ text: String) -> LuaValue {
        switch kind {
        case .number: Double(text).map(LuaValue.number) ?? .string(text)
        case .integer: Int(text).map(LuaValue.integer) ?? Double(text).map(LuaValue.number) ?? .string(text)
        case .boolean: text == "true" ? .boolean(true) : text == "false" ? .boolean(false) : .string(text)
        case .string: .string(text)
        }
    }
}

extension LuaValue {
    var description: String {
        switch self {
        case .nil: "nil"
        case .boolean(let b): String(b)
        case .integer(let i): String(i)
        case .number(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .string(let s): "\"\(s)\""
        case .table: "a table"
        case .opaque(let type): "a \(type)"
        }
    }
}

extension ScriptRuntime {
    /// The entry's declared parameters, in name order.
    public func parameterSpecs() throws(EntryError) -> [ParameterSpec] {
        state.push(entry!)
        state.pushField(literal: "parameters", of: -1)
        var budget = EntryShape.keyLimit * 8
        let declared = state.value(at: -1, depth: 3, budget: &budget)
        state.pop(2)
        if budget < 0 { throw problem("'parameters' is far larger than any entry needs", name: nil) }
        guard case .table(let table) = declared else {
            if declared == .nil { return [] }
            throw problem("'parameters' must be a table of declarations", name: nil)
        }
        var specs: [ParameterSpec] = []
        for (key, value) in table.entries {
            guard let name = key.string, let declaration = value.table else {
                throw problem("each parameter is name = {type = …, default = …}", name: key.string)
            }
            guard EntryMetadata.isValidParameterName(name) else {
                throw problem("'\(Suggestion.shortened(name))' is not a parameter name: use letters, digits and _, starting with a letter", name: name)
            }
            for field in declaration.keys where !EntryShape.parameterFields.contains(field) {
                let hint = Suggestion.nearest(to: field, in: EntryShape.parameterFields).map { "; did you mean '\($0)'?" } ?? ""
                throw problem("'\(name)' has no field '\(Suggestion.shortened(field))'\(hint)", name: field)
            }
            for bound in ["min", "max"] where declaration[bound] != .nil && !(declaration[bound].double?.isFinite ?? false) {
                throw problem("'\(name)': \(bound) must be a finite number", name: name)
            }
            guard let typeName = declaration["type"].string, let kind = ParameterSpec.Kind(rawValue: typeName) else {
                throw problem("'\(name)' needs a type: \(ParameterSpec.Kind.allCases.map(\.rawValue).joined(separator: ", "))", name: name)
            }
            let choices = declaration["choices"].table?.array.compactMap(\.string)
            // Typed on command lines and listed in messages: a few short words.
            if let choices, choices.count > 64 || choices.contains(where: { $0.utf8.count > LuaState.nameLimit }) {
                throw problem("'\(name)': choices are at most 64 words of at most \(LuaState.nameLimit) bytes each", name: name)
            }
            if let length = declaration["description"].string?.unicodeScalars.count, length > 1000 {
                throw problem("'\(name)': the description is \(length) characters long; keep it under 1000", name: name)
            }
            let spec = ParameterSpec(name: name, kind: kind, defaultValue: declaration["default"],
                                     minimum: declaration["min"].double, maximum: declaration["max"].double,
                                     choices: choices, summary: declaration["description"].string)
            if spec.defaultValue == .nil { throw problem("'\(name)' needs a default", name: name) }
            if let message = spec.problem(with: spec.defaultValue) { throw problem("'\(name)' default: \(message)", name: name) }
            specs.append(spec)
        }
        return specs
    }

    /// Checks the given values and sets the `params` global (defaults for the rest).
    func bindParameters(_ given: [String: String]) throws(EntryError) {
        let specs = try parameterSpecs()
        declaredParameters = specs
        for name in given.keys.sorted() where !specs.contains(where: { $0.name == name }) {
            let hint = Suggestion.nearest(to: name, in: specs.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            let known = specs.isEmpty ? "it declares none" : "it has " + specs.map(\.name).joined(separator: ", ")
            throw .badParameter(entry: entryName, location: nil, message: "no parameter '\(name)' (\(known))\(hint)")
        }
        state.push(metatables["makeParams"]!)
        state.newTable(fieldCount: Int32(specs.count))
        for spec in specs {
            var value = spec.defaultValue
            if let text = given[spec.name] {
                value = spec.parse(text)
                if let message = spec.problem(with: value) {
                    throw .badParameter(entry: entryName, location: nil, message: "parameter '\(spec.name)': \(message)")
                }
            }
            state.push(value)
            state.setField(spec.name, in: -2)
        }
        do {
            try state.call(hook: "parameters", arguments: 1, results: 1)
        } catch {
            throw .script(error)
        }
        state.pushEmptyUserdata()
        state.pushCopy(of: -2)
        state.setMetatable(of: -2)
        state.setGlobal("params")
        state.pop()
    }

    private func problem(_ message: String, name: String?) -> EntryError {
        .badParameter(entry: entryName, location: location(ofField: name ?? "parameters"), message: "parameters: " + message)
    }

    func installAPI() {
        installViewMetatables()
        installHandleMetatables()
        installPropertyAnimator()
        installTapRecognizer()
        installTimers()
        installCAAnimations()
        installApplication()
        TransformFunctions.install(self)
        LayerBindings.install(self)
        TransactionBindings.install(self)
        installVisualEffects()
        state.register(table: "UIView", [
            ("animate", AnimationBindings.animate), ("animateKeyframes", AnimationBindings.animateKeyframes),
            ("addKeyframe", AnimationBindings.addKeyframe), ("new", AnimationBindings.new), ("transition", AnimationBindings.transition),
        ])
        state.register(table: "UIScrollView", [("new", AnimationBindings.newScrollView)])
        // UIView.layoutFittingCompressedSize, the target systemLayoutSizeFitting is usually given: a new (0, 0) on every
        // read, as a constant should be (one shared table would let a script change it for every later read).
        state.pushGlobal("UIView")
        state.newTable(fieldCount: 2)
        state.push(ViewBindings.staticIndex); state.setField(literal: "__index", in: -2)
        state.push(ViewBindings.staticNewIndex); state.setField(literal: "__newindex", in: -2)
        state.push(false); state.setField(literal: "__metatable", in: -2)
        state.setMetatable(of: -2)
        state.pop()
    }
}

import LuaSyntax

extension Translator {
    /// `local a = CABasicAnimation{keyPath = "path", fromValue =, toValue =, duration =, timingFunction =, fillMode =,
    /// isRemovedOnCompletion =}`: Core Animation's, each value boxed as the key path's property is (a CGPath, a CGColor, a
    /// number, a point, a rect, a CATransform3D). The key path is written out, so that the values can be typed; a
    /// delegate, a beginTime, repeats and autoreversing are refused for now.
    func newBasicAnimation(_ lua: String, _ call: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let order = ["keyPath", "fromValue", "toValue", "duration", "timingFunction", "fillMode", "isRemovedOnCompletion"]
        let (swift, fields) = try constructorFields(lua, call, "CABasicAnimation", order, made: "animation",
                                                    example: "write CABasicAnimation{keyPath = \"opacity\", fromValue = …, toValue = …}",
                                                    fieldAdvice: "export takes \(order.joined(separator: ", ")) so far")
        guard let keyNode = fields["keyPath"], let name = ExportedEntry.string(keyNode) else {
            throw refuse(call, "a CABasicAnimation without its key path written out", "write keyPath = \"opacity\" in its table")
        }
        guard let type = Self.keyPathTypes[name] else {
            throw refuse(keyNode, "the key path \"\(name)\"", "export animates a layer's numbers, points, rects, transforms, colours and paths")
        }
        writer.line("let \(swift) = CABasicAnimation(keyPath: \(SwiftWriter.stringLiteral(name)))")
        for key in order.dropFirst() {
            guard let node = fields[key] else { continue }
            switch key {
            case "fromValue", "toValue":
                if type == .number {
                    writer.line("\(swift).\(key) = \(try number(node))")
                    continue
                }
                // Optional as Core Animation's Any? is: nil is no value given, in Lua as in Swift.
                let value = coreGraphics(try expression(node, expecting: .optional(type)), for: type)
                try require(value, is: .optional(type), at: node)
                writer.line("\(swift).\(key) = \(value.text)")
            case "duration":
                writer.line("\(swift).duration = \(try number(node))")
            case "timingFunction":
                writer.line("\(swift).timingFunction = \(try typedValue(node, .timingFunction))")
            case "fillMode":
                guard let mode = ExportedEntry.string(node), ["removed", "forwards", "backwards", "both"].contains(mode) else {
                    throw refuse(node, "this fill mode", "write \"forwards\", \"backwards\", \"both\" or \"removed\"")
                }
                writer.line("\(swift).fillMode = .\(mode)")
            default:
                writer.line("\(swift).isRemovedOnCompletion = \(try typedValue(node, .bool))")
            }
        }
        declare(lua, Variable(swift: swift, type: .basicAnimation, mutable: false, depth: loopDepth + closureDepth))
    }

    /// The key paths export animates, each with the Swift type its values are written in (Core Animation boxes them
    /// as Any): the scripting API's (Transitions' LayerKeyPath, which a test holds this table to) but for a gradient's
    /// lists. Kept here so that the translator stays free of the engine.
    static let keyPathTypes: [String: SwiftType] = {
        var types: [String: SwiftType] = [:]
        for name in ["opacity", "position.x", "position.y", "bounds.size.width", "bounds.size.height", "transform.scale", "transform.scale.x",
                     "transform.scale.y", "transform.rotation", "transform.rotation.x", "transform.rotation.y", "transform.rotation.z",
                     "transform.translation.x", "transform.translation.y", "cornerRadius", "borderWidth", "zPosition", "shadowOpacity",
                     "shadowRadius", "lineWidth", "strokeStart", "strokeEnd"] { types[name] = .number }
        for name in ["position", "anchorPoint", "startPoint", "endPoint"] { types[name] = .point }
        // Core Animation's shadowOffset is a CGSize (the scripting API takes one, as a point).
        types["shadowOffset"] = .size
        for name in ["backgroundColor", "shadowColor", "fillColor", "strokeColor"] { types[name] = .cgColor }
        for name in ["path", "shadowPath"] { types[name] = .cgPath }
        types["bounds"] = .rect
        types["transform"] = .transform3D
        return types
    }()
}

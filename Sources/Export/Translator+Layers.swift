import LuaSyntax

extension Translator {
    /// `local l = CALayer{name =, frame =, backgroundColor =, cornerRadius =}` and `local g = CAGradientLayer{…, colors =
    /// {…}, startPoint =, endPoint =}`: the layer made empty, then each value set in the order the Lua API sets a
    /// constructor's table (the name and the geometry first, then the rest, then a gradient's own), so that the layer
    /// is the same whatever order the table was written in.
    func newLayer(_ lua: String, _ call: SyntaxNode, kind: String, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let gradient = kind == "CAGradientLayer", shape = kind == "CAShapeLayer"
        // A shape layer's own names in the order the scripting API sets them (LayerBindings.shapeNames).
        let order = ["name", "frame", "backgroundColor", "cornerRadius"] + (gradient ? ["colors", "startPoint", "endPoint"] : [])
            + (shape ? ["path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd"] : [])
        let (swift, fields) = try constructorFields(lua, call, kind, order, made: "layer",
                                                    example: "write \(kind){frame = …\(gradient ? ", colors = {…}" : shape ? ", path = …" : "")}",
                                                    fieldAdvice: "export takes \(order.joined(separator: ", ")) so far")
        writer.line("let \(swift) = \(kind)()")
        for key in order {
            guard let node = fields[key] else { continue }
            switch key {
            case "name":
                guard let name = ExportedEntry.string(node) else { throw refuse(node, "a layer's name computed when the entry runs", "write the name") }
                writer.line("\(swift).name = \(SwiftWriter.stringLiteral(name))")
            case "colors":
                // Core Animation's colors are CGColors.
                guard node.tag == "Table", node.parts.allSatisfy({ $0.tag != "Pair" }) else {
                    throw refuse(node, "colors not listed in place", "list the colours: colors = {UIColor.clear, UIColor.black}")
                }
                var colors: [String] = []
                for item in node.parts {
                    let color = try unwrap(try expression(item, expecting: .color), at: item)
                    try require(color, is: .color, at: item)
                    colors.append("\(parenthesized(color, below: .atom)).cgColor")
                }
                writer.line("\(swift).colors = [\(colors.joined(separator: ", "))]")
            case "backgroundColor":
                // The scripting API takes a UIColor; Core Animation's is a CGColor.
                let color = try unwrap(try expression(node, expecting: .color), at: node)
                try require(color, is: .color, at: node)
                writer.line("\(swift).backgroundColor = \(parenthesized(color, below: .atom)).cgColor")
            case "path", "fillColor", "strokeColor":
                // Core Animation's are a CGPath and CGColors; the scripting API takes the UIKit objects too.
                let type: SwiftType = key == "path" ? .optional(.cgPath) : .optional(.cgColor)
                let value = coreGraphics(try expression(node, expecting: type), for: type)
                try require(value, is: type, at: node)
                writer.line("\(swift).\(key) = \(value.text)")
            case "lineWidth", "strokeStart", "strokeEnd":
                writer.line("\(swift).\(key) = \(try number(node))")
            case "cornerRadius":
                literalTyped = true
                let radius = try unwrap(try expression(node, expecting: .number), at: node)
                try require(radius, is: .number, at: node)
                writer.line("\(swift).cornerRadius = \(radius.text)")
            default:
                let type: SwiftType = key == "frame" ? .rect : .point
                literalTyped = true
                let value = try unwrap(try expression(node, expecting: type), at: node)
                try require(value, is: type, at: node)
                writer.line("\(swift).\(key) = \(value.text)")
            }
        }
        declare(lua, Variable(swift: swift, type: gradient ? .gradientLayer : shape ? .shapeLayer : .layer, mutable: false,
                              depth: loopDepth + closureDepth))
    }
}

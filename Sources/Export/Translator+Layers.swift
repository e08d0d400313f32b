import LuaSyntax

extension Translator {
    /// `local g = CAGradientLayer{name =, frame =, colors = {…}, startPoint =, endPoint =}`: CAGradientLayer(), then each
    /// value set in the order the Lua API sets a constructor's table (the name and the geometry first, then the
    /// gradient's own), so that the layer is the same whatever order the table was written in.
    func newGradientLayer(_ lua: String, _ call: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let order = ["name", "frame", "colors", "startPoint", "endPoint"]
        let (swift, fields) = try constructorFields(lua, call, "CAGradientLayer", order, made: "layer",
                                                    example: "write CAGradientLayer{frame = …, colors = {…}}",
                                                    fieldAdvice: "export takes \(order.joined(separator: ", ")) so far")
        writer.line("let \(swift) = CAGradientLayer()")
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
            default:
                let type: SwiftType = key == "frame" ? .rect : .point
                literalTyped = true
                let value = try unwrap(try expression(node, expecting: type), at: node)
                try require(value, is: type, at: node)
                writer.line("\(swift).\(key) = \(value.text)")
            }
        }
        declare(lua, Variable(swift: swift, type: .gradientLayer, mutable: false, depth: loopDepth + closureDepth))
    }
}

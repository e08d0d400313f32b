import LuaSyntax

extension Translator {
    /// `local g = CAGradientLayer{name =, frame =, colors = {…}, startPoint =, endPoint =}`: CAGradientLayer(), then each
    /// value set in the order the Lua API sets a constructor's table (the name and the geometry first, then the
    /// gradient's own), so that the layer is the same whatever order the table was written in.
    func newGradientLayer(_ lua: String, _ call: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        guard animationDepth == 0 else {
            throw refuse(call, "CAGradientLayer inside an animations function", "make the layer before UIView.animate: its first values would animate")
        }
        guard (function.uses[lua] ?? 0) > 0, (function.assigned[lua] ?? 0) == 0 else {
            throw refuse(call, "a new layer in a local that is never read, or assigned again", "keep the layer in a local of its own and use it")
        }
        let arguments = Array(call.parts.dropFirst())
        var fields: [String: SyntaxNode] = [:]
        let order = ["name", "frame", "colors", "startPoint", "endPoint"]
        if let table = arguments.first {
            guard arguments.count == 1, table.tag == "Table" else {
                throw refuse(call, "CAGradientLayer with positional arguments", "write CAGradientLayer{frame = …, colors = {…}}")
            }
            for pair in table.parts {
                guard pair.tag == "Pair", let key = ExportedEntry.string(pair.parts[0]), order.contains(key) else {
                    throw refuse(pair, "this field of CAGradientLayer", "export takes \(order.joined(separator: ", ")) so far")
                }
                fields[key] = pair.parts[1]
            }
        }
        let swift = SwiftWriter.identifier(lua)
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

import LuaSyntax

extension Translator {
    /// `UIBezierPath()`, `UIBezierPath(rect)`, `UIBezierPath{rect =}`, `{roundedRect =, cornerRadius =}`, `{ovalIn =}` and
    /// `{arcCenter =, radius =, startAngle =, endAngle =, clockwise =}`: UIKit's initialisers of the same names. A path is
    /// a class in UIKit: `let p = UIBezierPath()` then `p.move(to:)` builds it, as the script's methods do.
    func bezierPath(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        if arguments.isEmpty { return Expression(text: "UIBezierPath()", type: .bezierPath) }
        if arguments.count == 1, arguments[0].tag != "Table" {
            return Expression(text: "UIBezierPath(rect: \(try typedValue(arguments[0], .rect)))", type: .bezierPath)
        }
        let known = ["rect", "roundedRect", "cornerRadius", "ovalIn", "arcCenter", "radius", "startAngle", "endAngle", "clockwise"]
        let fields = try table(node, arguments, name: "UIBezierPath", known: known)
        let text: String
        if let rect = fields["rect"], fields.count == 1 {
            text = "UIBezierPath(rect: \(try typedValue(rect, .rect)))"
        } else if let oval = fields["ovalIn"], fields.count == 1 {
            text = "UIBezierPath(ovalIn: \(try typedValue(oval, .rect)))"
        } else if let rect = fields["roundedRect"], fields.count <= 2, fields.count == 1 || fields["cornerRadius"] != nil {
            let radius = try fields["cornerRadius"].map(number) ?? "0.0"
            text = "UIBezierPath(roundedRect: \(try typedValue(rect, .rect)), cornerRadius: \(radius))"
        } else if let center = fields["arcCenter"], let radius = fields["radius"], let start = fields["startAngle"],
                  let end = fields["endAngle"], let clockwise = fields["clockwise"], fields.count == 5 {
            text = "UIBezierPath(arcCenter: \(try typedValue(center, .point)), radius: \(try number(radius)), startAngle: \(try number(start)), "
                + "endAngle: \(try number(end)), clockwise: \(try typedValue(clockwise, .bool)))"
        } else {
            throw refuse(node, "this mix of UIBezierPath's arguments",
                         "write one of {rect =}, {roundedRect =, cornerRadius =}, {ovalIn =} or {arcCenter =, radius =, startAngle =, endAngle =, clockwise =}")
        }
        return Expression(text: text, type: .bezierPath)
    }

    /// A value the place types, written out (a literal typed by it), refused unless it has the type.
    func typedValue(_ node: SyntaxNode, _ type: SwiftType) throws(ExportRefusal) -> String {
        literalTyped = true
        let value = try unwrap(try expression(node, expecting: type), at: node)
        try require(value, is: type, at: node)
        return value.text
    }

    /// A value for a Core Animation property typed CGPath or CGColor, given as the script may give it: a UIBezierPath
    /// (its `cgPath`) or a UIColor (its `cgColor`), as the scripting API takes either.
    func coreGraphics(_ expression: Expression, for type: SwiftType) -> Expression {
        switch (type.unwrapped, expression.type) {
        case (.cgPath, .bezierPath):
            return Expression(text: "\(parenthesized(expression, below: .atom)).cgPath", type: .cgPath)
        case (.cgColor, .color):
            return Expression(text: "\(parenthesized(expression, below: .atom)).cgColor", type: .cgColor)
        case (.cgPath, .optional(.bezierPath)):
            return Expression(text: "\(parenthesized(expression, below: .atom))?.cgPath", type: .optional(.cgPath))
        case (.cgColor, .optional(.color)):
            return Expression(text: "\(parenthesized(expression, below: .atom))?.cgColor", type: .optional(.cgColor))
        default:
            return expression
        }
    }
}

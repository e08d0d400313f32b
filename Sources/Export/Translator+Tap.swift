import LuaSyntax

/// `UITapGestureRecognizer.new{action = function(g) … end}` in one of the presentation controller's hooks: UIKit's
/// `UITapGestureRecognizer(target: self, action: #selector(…))`, its action a method of the controller class,
/// `@objc` as a selector needs. The action reads the controller as the hook does (`self`, and what the hooks keep on it)
/// and the parameters; a local of the hook is refused, since a method cannot reach it.
extension Translator {
    func tapRecognizer(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        guard inController, let owner = controllerSelf else {
            throw refuse(node, "a UITapGestureRecognizer outside the presentation controller's hooks",
                         "make it in presentationTransitionWillBegin, on a view the controller keeps (self.dimmingView)")
        }
        let fields = try table(node, arguments, name: "UITapGestureRecognizer.new", known: ["action"])
        guard let action = fields["action"], action.tag == "Function" else {
            throw refuse(node, "a tap's action that is not a function written in place", "write action = function(g) … end")
        }
        let nodes = action.parts[0].parts
        guard nodes.count <= 1, !nodes.contains(where: { $0.tag == "Dots" }) else {
            throw refuse(action, "a tap's action with \(nodes.count) parameters", "it is given the recognizer alone: function(g) … end")
        }
        var bound = [(lua: owner, variable: Variable(swift: "self", type: .presentationController, mutable: false))]
        var parameter = "gesture"
        if case .text(let lua)? = nodes.first?.parts.first {
            try checkName(lua, at: action)
            parameter = SwiftWriter.identifier(lua)
            bound.append((lua, Variable(swift: parameter, type: .tapGesture, mutable: false)))
        }
        let name = tapActions.isEmpty ? "handleTap" : "handleTap\(tapActions.count + 1)"
        // A method of its own: nothing of the hook's scope reaches it but `self` (a local of the hook is then a name the
        // method does not know, refused at its line).
        let (body, readsParameters) = try fresh(declaredAt: Int.max) { () throws(ExportRefusal) in
            try self.body(of: action, parameters: bound)
        }
        tapActions.append(ControllerMethod(name: name, signature: "@objc private func \(name)(_ \(parameter): UITapGestureRecognizer)",
                                           lines: body.lines, readsParameters: readsParameters, comments: []))
        return Expression(text: "UITapGestureRecognizer(target: self, action: #selector(\(name)(_:)))", type: .tapGesture)
    }
}

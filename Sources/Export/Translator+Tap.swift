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
        let fields = try table(node, arguments, name: "UITapGestureRecognizer.new", known: ["action", "isEnabled"])
        if let enabled = fields["isEnabled"] {
            throw refuse(enabled, "a tap recognizer's isEnabled", "export has no isEnabled yet: leave it enabled (the default)")
        }
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
        // A local of the hook (any scope above the chunk's, which stays in reach) is out of a method's reach: said by
        // name here, where the method's own translation would call it an unknown global.
        var assigned: [String: Int] = [:], uses: [String: Int] = [:]
        Usage.count(action.parts[1].parts, into: &assigned, uses: &uses)
        let own = Set(nodes.compactMap { node -> String? in if case .text(let lua)? = node.parts.first { lua } else { nil } })
        for local in Set(uses.keys).union(assigned.keys).sorted() where local != owner && !own.contains(local)
            && scopes.dropFirst().contains(where: { $0[local] != nil }) {
            throw refuse(action, "a tap's action that reads '\(local)', a local of the hook it is made in",
                         "its action is a method of the controller, which cannot reach the hook's locals: keep it on self "
                         + "(self.\(local) = \(local)) and read self.\(local)")
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

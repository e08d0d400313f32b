import LuaSyntax

/// The entry's `presentationController` table as a UIPresentationController subclass: each function a UIKit hook
/// (`self` the controller), the fields the entry keeps on `self` its stored properties.
extension Translator {
    /// The hooks translated, with the Swift form of each; the rest of the scripting API's are refused as not yet exported.
    static let controllerHooks: [String: (signature: String, parameters: [SwiftType], result: SwiftType)] = [
        "frameOfPresentedViewInContainerView": ("override var frameOfPresentedViewInContainerView: CGRect", [], .rect),
        "presentationTransitionWillBegin": ("override func presentationTransitionWillBegin()", [], .void),
        "presentationTransitionDidEnd": ("override func presentationTransitionDidEnd(_ completed: Bool)", [.bool], .void),
        "dismissalTransitionWillBegin": ("override func dismissalTransitionWillBegin()", [], .void),
        "dismissalTransitionDidEnd": ("override func dismissalTransitionDidEnd(_ completed: Bool)", [.bool], .void),
        "containerViewWillLayoutSubviews": ("override func containerViewWillLayoutSubviews()", [], .void),
        "containerViewDidLayoutSubviews": ("override func containerViewDidLayoutSubviews()", [], .void),
    ]

    /// One hook translated: its Swift lines, and whether it reads the entry's parameters (the controller then keeps them).
    struct ControllerMethod {
        let name: String
        let signature: String
        let lines: [String]
        let readsParameters: Bool
        let comments: [SyntaxTree.Comment]
    }

    /// A hook's function: `self` first (whatever the entry calls it), then UIKit's arguments under the entry's names.
    func controllerMethod(_ name: String, _ node: SyntaxNode, comments: [SyntaxTree.Comment]) throws(ExportRefusal) -> ControllerMethod {
        guard node.tag == "Function", let hook = Self.controllerHooks[name] else {
            throw refuse(node, "presentationController.\(name) that is not a function written in place",
                         "write \(name) = function(self) … end in the presentationController table")
        }
        let nodes = node.parts[0].parts
        guard !nodes.isEmpty, nodes.count <= hook.parameters.count + 1, !nodes.contains(where: { $0.tag == "Dots" }) else {
            throw refuse(node, "presentationController.\(name) with \(nodes.count) parameter(s)",
                         "it is given self\(hook.parameters.isEmpty ? "" : " and \(hook.parameters.count) more")")
        }
        var bound: [(lua: String, variable: Variable)] = []
        for (index, parameter) in nodes.enumerated() {
            guard case .text(let lua)? = parameter.parts.first else { continue }
            if index == 0 {
                bound.append((lua, Variable(swift: "self", type: .presentationController, mutable: false)))
            } else {
                try checkName(lua, at: node)
                bound.append((lua, Variable(swift: SwiftWriter.identifier(lua), type: hook.parameters[index - 1], mutable: false)))
            }
        }
        if hook.result != .void, !Self.alwaysReturns(node.parts[1].parts) {
            throw refuse(node, "presentationController.\(name) with a way through that returns nothing",
                         "return \(hook.result.described) on every path")
        }
        // The entry's functions it calls are the delegate's static methods (as from the interaction): the controller is a
        // class of its own, which reaches nothing of the animator's.
        inInteraction = true
        inController = true
        controllerSelf = bound.first?.lua
        defer { inInteraction = false; inController = false; controllerSelf = nil }
        let (body, readsParameters) = try fresh(declaredAt: Int.max) { () throws(ExportRefusal) in
            try self.body(of: node, parameters: bound, result: hook.result == .void ? nil : hook.result)
        }
        if hook.result != .void, body.result != hook.result {
            throw refuse(node, "presentationController.\(name) returning \(body.result?.described ?? "nothing")", "return \(hook.result.described)")
        }
        // UIKit's argument under the entry's name for it (`_ completed: Bool` by default).
        var signature = hook.signature
        if nodes.count > 1, case .text(let lua)? = nodes[1].parts.first {
            signature = signature.replacingOccurrences(of: "_ completed:", with: "_ \(SwiftWriter.identifier(lua)):")
        }
        return ControllerMethod(name: name, signature: signature, lines: body.lines, readsParameters: readsParameters, comments: comments)
    }

    /// `self.name` in one of the controller's hooks: UIKit's property, or a stored property of the entry's own (a view it
    /// makes in one hook and uses in another), typed by its first assignment. Stored as `T!`, as a view a controller makes
    /// in presentationTransitionWillBegin is in UIKit code: nil before, and reading it then stops, as the Lua stops on nil.
    func controllerField(_ base: Expression, _ key: String, at node: SyntaxNode, forWriting: Bool) throws(ExportRefusal) -> Expression? {
        let own = base.text == "self"
        if let field = UIKitVocabulary.field(key, of: .presentationController) {
            guard !forWriting else { throw refuse(node, "an assignment to '\(key)'", "it is read-only") }
            // Always through self: a local or parameter of the hook may have the property's name.
            var result = Expression(text: "\(parenthesized(base, below: .atom)).\(field.swift)", type: field.type)
            // `guard let containerView = self.containerView`, unless the hook has a name of its own like it.
            if function.uses[key] == nil && function.assigned[key] == nil { result.unwrapName = key }
            return result
        }
        guard own else {
            throw refuse(node, "the field '\(key)' of a presentation controller other than the hook's self (passed on, or another name for it)",
                         "read and set the field through self, and pass the value itself on")
        }
        guard ExportedEntry.isSwiftIdentifier(key, keywordsAllowed: false), !Self.reserved.contains(key), !Self.controllerMembers.contains(key) else {
            throw refuse(node, "a field of the presentation controller named '\(key)'",
                         "UIPresentationController or NSObject has a member of that name (or Swift keeps it); give the field another name")
        }
        if forWriting { return Expression(text: "self." + key, type: .void) }
        guard let type = controllerFields.first(where: { $0.name == key })?.type else {
            throw refuse(node, "self.\(key), read before any of the controller's functions sets it",
                         "set it in presentationTransitionWillBegin, which UIKit calls first")
        }
        var result = Expression(text: "self." + key, type: type)
        result.implicitlyUnwrapped = true
        return result
    }

    /// `vc.presentationController` outside the controller's hooks: the subclass the delegate made, when it is the one
    /// managing that screen (`as?`: UIKit's own, or none, is nil, as the scripting API gives nil under UIKit's own).
    func ownController(_ base: Expression, at node: SyntaxNode, forWriting: Bool) throws(ExportRefusal) -> Expression {
        guard !forWriting else { throw refuse(node, "an assignment to 'presentationController'", "it is read-only") }
        guard !entry.presentationController.isEmpty else {
            throw refuse(node, "presentationController in an entry with no presentation controller of its own",
                         "it would be nil here (UIKit's own); write presentationController = {…} in the entry, or leave it out")
        }
        guard !isModule else {
            throw refuse(node, "presentationController in a module", "not exported yet: read the field in the entry and pass it on")
        }
        // Swift's cast binds looser than arithmetic and tighter than a comparison: parenthesized as an operand of the first.
        return Expression(text: "\(parenthesized(base, below: .atom)).presentationController as? PresentationController",
                          type: .optional(.ownController), precedence: .comparison)
    }

    /// A field of the entry's controller read from outside its hooks: UIKit's properties, or a field the hooks keep (a
    /// view made in presentationTransitionWillBegin), read-only there: the hooks alone set what they keep.
    func ownControllerField(_ base: Expression, _ key: String, at node: SyntaxNode, forWriting: Bool) throws(ExportRefusal) -> Expression {
        if let field = UIKitVocabulary.field(key, of: .presentationController) {
            guard !forWriting else { throw refuse(node, "an assignment to '\(key)'", "it is read-only") }
            return Expression(text: "\(parenthesized(base, below: .atom)).\(field.swift)", type: field.type)
        }
        guard let type = controllerFields.first(where: { $0.name == key })?.type else {
            throw refuse(node, "the presentation controller's '\(key)', which none of its hooks sets",
                         "keep it on self in presentationTransitionWillBegin")
        }
        guard !forWriting else {
            throw refuse(node, "an assignment to the presentation controller's '\(key)' from outside its hooks",
                         "set it in the controller's hooks; read it here")
        }
        controllerFieldsReadOutside.insert(key)
        var result = Expression(text: "\(parenthesized(base, below: .atom)).\(SwiftWriter.identifier(key))", type: type)
        result.implicitlyUnwrapped = true
        return result
    }

    /// UIPresentationController's members and NSObject's (Apple's declarations) that a stored property of the subclass
    /// would clash with: the names the verification layer lacks as much as those it has.
    static let controllerMembers: Set<String> = [
        "presentingViewController", "presentedViewController", "presentationStyle", "containerView", "delegate",
        "adaptivePresentationStyle", "presentedView", "frameOfPresentedViewInContainerView", "shouldPresentInFullscreen",
        "shouldRemovePresentersView", "overrideTraitCollection", "traitCollection", "traitOverrides", "preferredContentSize",
        "transitionCoordinator", "focusItemContainer", "preferredFocusEnvironments", "parentFocusEnvironment",
        "preferredFocusedView", "presentationTransitionWillBegin", "presentationTransitionDidEnd", "dismissalTransitionWillBegin",
        "dismissalTransitionDidEnd", "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews", "description",
        "debugDescription", "hash", "hashValue", "superclass", "classForCoder", "observationInfo", "isProxy", "params",
    ]

    /// `self.name = value` of a stored property of the controller's own: its type is its first value's. A view, a layer,
    /// a colour or a number: a geometry value would be copied where Lua shares the table (`local t = self.t; t.tx = 1`
    /// changes self.t), and a boolean read before it is set is false to Lua where Swift's `Bool!` stops.
    func controllerFieldAssignment(_ key: String, _ value: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let known = controllerFields.first { $0.name == key }?.type
        let expression = try self.expression(value, expecting: known)
        if let known {
            try require(expression, is: known, at: value)
        } else {
            guard expression.type != .void, !expression.type.isOptional else {
                throw refuse(value, "self.\(key) given \(expression.type.described)", "give it a value that is never nil")
            }
            guard [.view, .effectView, .scrollView, .layer, .gradientLayer, .number, .color, .cgColor].contains(expression.type) else {
                throw refuse(value, "self.\(key) holding \(expression.type.described)",
                             "keep a view, a layer, a colour or a number there (compute a geometry value or a flag where it is needed)")
            }
            controllerFields.append((key, expression.type))
        }
        writer.line("self.\(key) = \(expression.text)")
    }
}

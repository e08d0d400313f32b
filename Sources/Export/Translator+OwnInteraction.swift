import LuaSyntax

/// The entry's own interaction controller (`interaction.dismissal.controller`) as a class of its own: its functions are
/// the class's methods, `self` the class itself, and the fields they keep on `self` its stored properties.
extension Translator {
    /// One of the controller's functions: `startInteractiveTransition(self, ctx)`, or the recognizer's action's
    /// `changed(self, g)` and `ended(self, g)`, which read the gesture in the container the method is given.
    func ownInteractionFunction(_ name: String, _ node: SyntaxNode, gesture: SwiftType) throws(ExportRefusal) -> InteractionFunction {
        let starts = name == "startInteractiveTransition"
        let types: [SwiftType] = [.ownInteraction, starts ? .context : gesture]
        let (names, bound) = try interactionParameters(node, types, what: "controller.\(name)",
                                                       given: starts ? "self and the transition's context" : "self and the gesture",
                                                       reservesContainer: !starts, selfFirst: true)
        // `self` is the class's own, whatever the entry calls it.
        let selfBound = bound.enumerated().map { index, pair in
            index == 0 ? (pair.lua, Variable(swift: "self", type: .ownInteraction, mutable: false)) : pair
        }
        inInteraction = true
        defer { inInteraction = false }
        let (body, readsParameters) = try fresh(declaredAt: Int.max) { () throws(ExportRefusal) in
            try self.body(of: node, parameters: selfBound, result: nil)
        }
        return InteractionFunction(lines: body.lines, names: names + Array(repeating: "_", count: types.count - names.count),
                                   readsParameters: readsParameters)
    }

    /// Members of the class (UIKit's protocol, NSObject's, and the ones it writes) a field of the entry's would clash with.
    static let ownInteractionMembers: Set<String> = [
        "startInteractiveTransition", "completionSpeed", "completionCurve", "wantsInteractiveStart", "isDragging", "presented",
        "params", "attach", "handlePan", "handlePinch", "changed", "ended", "shouldBegin", "transitionContext", "presenter",
        "transition", "makeViewController",
        "gestureRecognizerShouldBegin", "description", "debugDescription", "hash", "hashValue", "superclass", "isProxy",
    ]

    /// `self.name` read in one of the controller's functions: a field one of them sets, typed by its first value, and
    /// stored as `T!`: read before it is set, it stops, as the Lua stops on nil.
    func ownInteractionField(_ key: String, at node: SyntaxNode, forWriting: Bool) throws(ExportRefusal) -> Expression {
        guard ExportedEntry.isSwiftIdentifier(key, keywordsAllowed: true) else {
            throw refuse(node, "a field of the interaction controller named '\(key.escapingControlCharacters)'",
                         "a stored property needs a Swift name (letters, digits and _); rename it")
        }
        guard ExportedEntry.isSwiftIdentifier(key, keywordsAllowed: false) else {
            throw refuse(node, "a field of the interaction controller named '\(key)'", "Swift keeps the name for itself; rename it")
        }
        guard key.first?.isLowercase == true else {
            throw refuse(node, "a field of the interaction controller named '\(key)'",
                         "a stored property's name starts with a lowercase letter (a capital one may name a type the file declares); rename it")
        }
        guard !Self.reserved.contains(key), !Self.ownInteractionMembers.contains(key) else {
            throw refuse(node, "a field of the interaction controller named '\(key)'",
                         "the class or UIKit's protocol has a member of that name (or Swift keeps it); give the field another name")
        }
        if forWriting { return Expression(text: "self." + key, type: .void) }
        guard let type = ownInteractionFields.first(where: { $0.name == key })?.type else {
            throw refuse(node, "self.\(key), read before any of the controller's functions sets it",
                         "set it in startInteractiveTransition, which UIKit calls first")
        }
        var result = Expression(text: "self." + key, type: type)
        result.implicitlyUnwrapped = true
        return result
    }

    /// `self.name = value`: its type is its first value's, one never nil; a view, a layer, a colour, a number or the
    /// context (a geometry value would be copied where Lua shares the table, and a boolean read before it is set is
    /// false to Lua where Swift's `Bool!` stops).
    func ownInteractionFieldAssignment(_ key: String, _ value: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let known = ownInteractionFields.first { $0.name == key }?.type
        let expression = try self.expression(value, expecting: known)
        if let known {
            try require(expression, is: known, at: value)
        } else {
            let type = expression.type.unwrapped
            guard [.view, .effectView, .scrollView, .layer, .number, .color, .context].contains(type) else {
                throw refuse(value, "self.\(key) holding \(expression.type.described)",
                             "keep a view, a layer, a colour, a number or the context there (compute a geometry value or a flag where it is needed)")
            }
            ownInteractionFields.append((key, type))
        }
        writer.line("self.\(key) = \(expression.text)")
    }
}

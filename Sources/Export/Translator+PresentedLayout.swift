import LuaSyntax

/// The entry's `presentedViewController` functions as methods of the delegate's class, which the app's own view
/// controller calls from its overrides of UIKit's: UIKit asks the presented controller itself, not a delegate.
extension Translator {
    /// Each hook's parameters after the controller, and the Swift method the app's override calls.
    static let presentedLayoutHooks: [String: (types: [SwiftType], method: String)] = [
        "viewWillTransition": ([.viewController, .size, .transitionCoordinator], "presentedViewWillTransition"),
        "viewWillLayoutSubviews": ([.viewController], "presentedViewWillLayoutSubviews"),
    ]

    /// One hook, `function(controller, …)`: a method that returns nothing, given the presented controller and UIKit's
    /// arguments under the entry's names. Like the interaction's functions, it reaches nothing of the animator's: the
    /// helpers it calls are the delegate's static methods.
    func presentedLayoutMethod(_ name: String, _ node: SyntaxNode) throws(ExportRefusal) -> InteractionFunction {
        let what = "presentedViewController.\(name)"
        guard node.tag == "Function", let hook = Self.presentedLayoutHooks[name] else {
            throw refuse(node, "\(what) that is not a function written in place",
                         "write \(name) = function(controller) … end in the presentedViewController table")
        }
        let given = hook.types.count == 1 ? "the presented controller" : "the presented controller, the size and the coordinator"
        let (names, bound) = try interactionParameters(node, hook.types, what: what, given: given, reservesContainer: false)
        inInteraction = true
        defer { inInteraction = false }
        let (body, readsParameters) = try fresh(declaredAt: Int.max) { () throws(ExportRefusal) in
            try self.body(of: node, parameters: bound, result: nil)
        }
        return InteractionFunction(lines: body.lines, names: names + Array(repeating: "_", count: hook.types.count - names.count),
                                   readsParameters: readsParameters)
    }
}

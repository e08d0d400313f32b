/// The presented controller's own layout as UIKit code: UIKit calls `viewWillTransition(to:with:)` and
/// `viewWillLayoutSubviews()` on the controller itself, which has no delegate for them, so the transition offers the
/// entry's as methods and the app's controller calls them from its overrides.
extension ExportWriter {
    /// The type's documentation for them: the overrides to write in the presented controller.
    static func presentedLayoutUsage(_ hooks: [(name: String, function: Translator.InteractionFunction)], typeName: String,
                                     into out: inout SwiftWriter) {
        guard !hooks.isEmpty else { return }
        out.line("///")
        out.line("/// The presented controller lays itself out as the entry's does (over full screen nothing else")
        out.line("/// does): call the transition, its transitioningDelegate, from its overrides, after super's:")
        for hook in hooks {
            out.line("///")
            switch hook.name {
            case "viewWillTransition":
                out.line("///     override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {")
                out.line("///         super.viewWillTransition(to: size, with: coordinator)")
                out.line("///         (transitioningDelegate as? \(typeName))?.presentedViewWillTransition(self, to: size, with: coordinator)")
            default:
                out.line("///     override func viewWillLayoutSubviews() {")
                out.line("///         super.viewWillLayoutSubviews()")
                out.line("///         (transitioningDelegate as? \(typeName))?.presentedViewWillLayoutSubviews(self)")
            }
            out.line("///     }")
        }
    }

    /// The methods, in the entry's order, each with the comments above its field.
    static func presentedLayoutMethods(_ hooks: [(name: String, function: Translator.InteractionFunction)], access: String, into out: inout SwiftWriter) {
        for hook in hooks {
            for comment in hook.function.comments { out.comment(comment.text) }
            let names = hook.function.names.map(SwiftWriter.identifier)
            switch hook.name {
            case "viewWillTransition":
                out.line("/// The presented controller's `viewWillTransition(to:with:)`: its view is about to take `size`.")
                out.line("\(access)func presentedViewWillTransition(")
                out.line("    _ \(names[0]): UIViewController, to \(names[1]): CGSize, with \(names[2]): any UIViewControllerTransitionCoordinator")
                out.open(") {")
            default:
                out.line("/// The presented controller's `viewWillLayoutSubviews()`: its view's size has changed.")
                out.open("\(access)func presentedViewWillLayoutSubviews(_ \(names[0]): UIViewController) {")
            }
            for line in hook.function.lines { out.line(line) }
            out.close()
            out.line()
        }
    }
}

import LuaSyntax

/// An entry's own drag of the presented screen as UIKit code: a pan whose action calls the entry's handlers, which move
/// views themselves and may dismiss. No interaction controller: the dismissal, when the entry asks for one, plays as
/// animated from where the drag left the screen.
extension ExportWriter {
    /// `interaction.presented`'s handlers, each translated, with the comments above them.
    struct PresentedDrag {
        let handlers: [(name: String, function: Translator.InteractionFunction, comments: [SyntaxTree.Comment])]
        /// The comments above the table, in the interaction table.
        let comments: [SyntaxTree.Comment]
        /// Whether a handler reads `params` (the class keeps them only then).
        let readsParameters: Bool
        /// How its pan shares a drag with a scroll view's.
        var scrollViewSharing: ExportedEntry.ScrollViewSharing?
    }

    static func presentedDrag(_ drag: PresentedDrag, into out: inout SwiftWriter) {
        out.line()
        for comment in drag.comments { out.comment(comment.text) }
        out.line("/// The entry's own drag of the presented screen: a pan whose action moves the views itself, and dismisses when the")
        out.line("/// entry says so.")
        out.line("@MainActor")
        out.open("private final class PresentedDrag: NSObject, UIGestureRecognizerDelegate {")
        if drag.readsParameters { out.line("let params: Parameters") }
        out.line("private weak var presented: UIViewController?")
        out.line()
        if drag.readsParameters {
            out.open("init(params: Parameters) {")
            out.line("self.params = params")
            out.close()
            out.line()
        }
        onPresentedScreen("UIPanGestureRecognizer", action: "handlePan", "The screen being presented gets the pan once, however often it is presented.",
                          into: &out)
        scrollViewSharing(drag.scrollViewSharing, into: &out)
        out.line()
        let names = Set(drag.handlers.map(\.name))
        out.open("@objc private func handlePan(_ gesture: UIPanGestureRecognizer) {")
        out.line("// In the container's points: the presented view moves within it.")
        out.line("guard let presented, let container = gesture.view?.superview else { return }")
        out.open("switch gesture.state {")
        // The finger lifting and the system taking the gesture away both end the drag, as the entry's `ended` is told.
        let cases = [("began", "case .began:"), ("changed", "case .changed:"), ("ended", "case .ended, .cancelled, .failed:")]
        for (name, label) in cases where names.contains(name) {
            out.label(label)
            out.line("\(name)(gesture, presented, in: container)")
        }
        out.label("default:")
        out.line("break")
        out.close()
        out.close()
        let docs = ["began": "The finger has come down and begun to move (the entry's).",
                    "changed": "The finger has moved (the entry's).",
                    "ended": "The finger has lifted, or the system has taken the gesture away (`g.state` says which: the entry's)."]
        for handler in drag.handlers {
            out.line()
            for comment in handler.comments { out.comment(comment.text) }
            out.line("/// " + (docs[handler.name] ?? ""))
            let parameters = handler.function.names.map(SwiftWriter.identifier)
            out.open("private func \(handler.name)(_ \(parameters[0]): UIPanGestureRecognizer, _ \(parameters[1]): UIViewController, in container: UIView) {")
            for line in handler.function.lines { out.line(line) }
            out.close()
        }
        out.close()
    }
}

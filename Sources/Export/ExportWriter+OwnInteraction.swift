import LuaSyntax

/// An entry's own interaction controller as UIKit code: a UIViewControllerInteractiveTransitioning whose
/// startInteractiveTransition(using:) and whose recognizer's action are the entry's functions. UIKit plays nothing back
/// for it: the entry's code moves the views and updates, finishes or cancels, and completes the transition.
extension ExportWriter {
    static func ownInteraction(_ interaction: Interaction, _ own: [(name: String, function: Translator.InteractionFunction)],
                               typeName: String, into out: inout SwiftWriter) {
        let rule = interaction.rule
        let recognizer = rule.isPinch ? "UIPinchGestureRecognizer" : "UIPanGestureRecognizer"
        let action = rule.isPinch ? "handlePinch" : "handlePan"
        let gesture = rule.isPinch ? (rule.direction == "out" ? "an opening pinch" : "a closing pinch")
            : ["vertical", "horizontal"].contains(rule.direction) ? "a \(rule.direction) pan" : "a pan \(rule.direction)"
        let functions = Dictionary(own.map { ($0.name, $0.function) }, uniquingKeysWith: { first, _ in first })
        let presents = rule.isPresentation
        let transition = presents ? "presentation" : "dismissal"
        out.line()
        for comment in interaction.comments + interaction.inside { out.comment(comment.text) }
        out.line("/// The entry's interactive \(transition), by an interaction controller of its own: \(gesture) on the "
                 + "\(presents ? "presenting" : "presented") screen")
        out.line("/// begins it, and the entry's functions drive it (UIKit plays nothing back: they move the views, then update,")
        out.line("/// finish or cancel, and complete the transition).")
        out.line(SwiftWriter.origin(rule.ownControllerLine) + "@MainActor")
        out.open("private final class \(presents ? "PresentationInteraction" : "DismissalInteraction"): NSObject, "
                 + "UIViewControllerInteractiveTransitioning, UIGestureRecognizerDelegate {")
        dragProperties(interaction, into: &out)
        out.line("/// The transition the drag under way drives, once UIKit has started it.")
        out.line("private var transitionContext: (any UIViewControllerContextTransitioning)?")
        if !interaction.ownFields.isEmpty {
            out.line("// What the entry's functions keep on self, set in startInteractiveTransition before the others read it.")
            for field in interaction.ownFields {
                let spelling = field.type == .context ? "(any UIViewControllerContextTransitioning)" : field.type.spelling
                out.line("private var \(field.name): \(spelling)!")
            }
        }
        out.line()
        if interaction.readsParameters {
            out.open("init(params: Parameters) {")
            out.line("self.params = params")
            out.line("super.init()")
            out.close()
            out.line()
        }
        attach(interaction, recognizer, action: action, into: &out)
        out.line()
        out.open("@objc private func \(action)(_ gesture: \(recognizer)) {")
        out.line(presents ? "// In the points of the presenting screen's superview: the screen itself may move."
                 : "// In the container's points: the presented view moves within it.")
        out.line("let container = gesture.view?.superview")
        out.open("switch gesture.state {")
        out.label("case .began:")
        beginGuard(interaction, typeName: typeName, into: &out)
        out.line("isDragging = true")
        out.line("transitionContext = nil")
        out.line("// UIKit asks the delegate for this controller and starts the transition with startInteractiveTransition(_:).")
        out.line(presents ? "presenter.present(viewController, animated: true)" : "presented.dismiss(animated: true)")
        // A move UIKit has not started a transition for yet (it may start it later in the run loop) is not passed on.
        if functions["changed"] != nil {
            out.line("if transitionContext != nil, let container { changed(gesture, in: container) }")
            out.label("case .changed where isDragging && transitionContext != nil:")
            out.line("if let container { changed(gesture, in: container) }")
        }
        // The drag ends whatever happened to the view: a flag left up would give UIKit this controller for a button's
        // dismissal, which nothing would drive.
        out.label("case .ended where isDragging, .cancelled where isDragging, .failed where isDragging:")
        out.line("isDragging = false")
        if functions["ended"] != nil {
            out.line("// Let go, or taken away by the system (the state says which).")
            out.line("if transitionContext != nil, let container { ended(gesture, in: container) }")
        }
        out.label("default:")
        out.line("break")
        out.close()
        out.close()
        if let start = functions["startInteractiveTransition"] {
            out.line()
            for comment in start.comments { out.comment(comment.text) }
            out.line("/// UIKit's start of the \(transition), in place of the animator's animateTransition(using:) (the entry's).")
            let context = SwiftWriter.identifier(start.names[1] == "_" ? "transitionContext" : start.names[1])
            out.open("func startInteractiveTransition(_ \(context): any UIViewControllerContextTransitioning) {")
            out.line("self.transitionContext = \(context)")
            out.line("// The finger lifted before UIKit started the transition: nothing will drive it, so it is called off.")
            out.open("guard self.isDragging else {")
            out.line("\(context).cancelInteractiveTransition()")
            out.line("\(context).completeTransition(false)")
            out.line("return")
            out.close()
            if !interaction.ownFields.isEmpty {
                out.line("// The entry's self is new for each transition: nothing of the last one is kept.")
                for field in interaction.ownFields { out.line("self.\(field.name) = nil") }
            }
            for line in start.lines { out.line(line) }
            out.close()
        }
        let docs = ["changed": "The finger has moved (the entry's): each move, the one that began the drag first.",
                    "ended": "The finger has lifted, or the system has taken the gesture away (the entry's)."]
        for (name, function) in own where name != "startInteractiveTransition" {
            out.line()
            for comment in function.comments { out.comment(comment.text) }
            out.line("/// " + (docs[name] ?? ""))
            out.open("private func \(name)(_ \(SwiftWriter.identifier(function.names[1])): \(recognizer), in container: UIView) {")
            for line in function.lines { out.line(line) }
            out.close()
        }
        if let shouldBegin = interaction.shouldBegin {
            let names = shouldBegin.names.map(SwiftWriter.identifier)
            out.line()
            for comment in shouldBegin.comments { out.comment(comment.text) }
            out.line("/// Whether the \(transition) may begin, asked as the finger first moves (the entry's rule).")
            out.open("private func shouldBegin(_ \(names[0]): \(recognizer), _ \(names[1]): CGSize, in container: UIView) -> Bool {")
            for line in singleExpression(shouldBegin.lines) { out.line(line) }
            out.close()
        }
        out.close()
    }
}

extension ExportWriter {
    /// The target of the entry's display links: CADisplayLink calls a method of its target at every refresh, and this
    /// one calls the entry's function. The link holds its target, and so the function, until it is invalidated.
    static func displayLinkTarget(into out: inout SwiftWriter) {
        out.line()
        out.line("/// A display link's target that calls a closure: CADisplayLink calls a method of its target at every")
        out.line("/// refresh, and holds the target (so the closure) until it is invalidated.")
        out.line("@MainActor")
        out.open("private final class DisplayLinkTarget: NSObject {")
        out.line("private let tick: @MainActor (CADisplayLink) -> Void")
        out.line()
        out.open("private init(_ tick: @escaping @MainActor (CADisplayLink) -> Void) {")
        out.line("self.tick = tick")
        out.close()
        out.line()
        out.line("/// A display link that calls `tick` at every refresh once it is added to a run loop.")
        out.open("static func link(_ tick: @escaping @MainActor (CADisplayLink) -> Void) -> CADisplayLink {")
        out.line("let target = DisplayLinkTarget(tick)")
        out.line("return CADisplayLink(target: target, selector: #selector(DisplayLinkTarget.step(_:)))")
        out.close()
        out.line()
        out.open("@objc private func step(_ link: CADisplayLink) {")
        out.line("tick(link)")
        out.close()
        out.close()
    }
}

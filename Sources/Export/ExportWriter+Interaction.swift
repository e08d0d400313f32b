import LuaSyntax

/// An entry's interaction controllers as UIKit code: the dismissal's, the pop's and the presentation's, each a
/// UIPercentDrivenInteractiveTransition whose gesture's action updates, finishes and cancels it by the entry's rule.
extension ExportWriter {
    /// `interaction.dismissal` as a UIPercentDrivenInteractiveTransition with the pan that drives it: the percent is
    /// the finger's travel along the direction over the distance, and letting go finishes or cancels by the entry's rule.
    ///
    /// `interaction.pop` the same way: UIKit's edge swipe from the left on the navigation controller's view pops.
    static func dismissalInteraction(_ interaction: Interaction, typeName: String, into out: inout SwiftWriter) {
        if let own = interaction.own { return ownInteraction(interaction, own, typeName: typeName, into: &out) }
        let rule = interaction.rule
        let isPop = rule.isPop, isPresentation = rule.isPresentation
        out.line()
        for comment in interaction.comments + interaction.inside { out.comment(comment.text) }
        let recognizer = isPop ? "UIScreenEdgePanGestureRecognizer" : rule.isPinch ? "UIPinchGestureRecognizer" : "UIPanGestureRecognizer"
        let action = isPop ? "handleEdgePan" : rule.isPinch ? "handlePinch" : "handlePan"
        let gesture = switch rule.direction {
        case _ where interaction.progress != nil: rule.isPinch ? "a pinch" : "a pan"
        case "in": "a closing pinch"
        case "out": "an opening pinch"
        case "vertical", "horizontal": "a \(rule.direction) pan"
        default: "a pan \(rule.direction)"
        }
        if isPop {
            out.line("/// The entry's interactive pop: the edge swipe from the left on the navigation controller's view drives it while the finger is down.")
        } else if isPresentation {
            out.line("/// The entry's interactive presentation: \(gesture) on the presenting screen drives it while \(rule.isPinch ? "the fingers are" : "the finger is") down.")
        } else {
            out.line("/// The entry's interactive dismissal: \(gesture) on the presented screen drives it while \(rule.isPinch ? "the fingers are" : "the finger is") down.")
        }
        // The class's lines come from the entry's interaction table (a compile error in them is said at its line).
        out.line(SwiftWriter.origin(rule.line) + "@MainActor")
        let name = isPop ? "PopInteraction" : isPresentation ? "PresentationInteraction" : "DismissalInteraction"
        out.open("private final class \(name): UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate {")
        dragProperties(interaction, into: &out)
        out.line()
        var settings: [String] = []
        if let curve = rule.completionCurve, curve != "easeInOut" { settings.append("completionCurve = .\(curve)") }
        if let speed = rule.completionSpeed, Double(speed) != 1 { settings.append("completionSpeed = \(speed)") }
        if interaction.readsParameters {
            out.open("init(params: Parameters) {")
            out.line("self.params = params")
        } else if !settings.isEmpty {
            out.open("override init() {")
        }
        if interaction.readsParameters || !settings.isEmpty {
            out.line("super.init()")
            for line in settings { out.line(line) }
            out.close()
            out.line()
        }
        if isPop {
            out.line("/// The navigation controller's view gets the edge swipe once, however often it pushes; UIKit's own back")
            out.line("/// swipe waits for it, so that the two never both begin.")
            out.open("func attach(to navigationController: UINavigationController, owner: any UINavigationControllerDelegate) {")
            out.line("self.navigationController = navigationController")
            out.line("self.owner = owner")
            out.line("let attached = navigationController.view.gestureRecognizers?.contains { $0.delegate === self } ?? false")
            out.line("guard !attached else { return }")
            out.line("let recognizer = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(\(action)(_:)))")
            out.line("recognizer.edges = .left")
            out.line("recognizer.delegate = self")
            out.line("navigationController.view.addGestureRecognizer(recognizer)")
            out.line("navigationController.interactivePopGestureRecognizer?.require(toFail: recognizer)")
            out.close()
            out.line()
            out.line("/// Only while its delegate is the one that attached it, with a screen to go back to and no push or pop under way.")
            out.open("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {")
            out.line("guard let navigationController, let owner, gestureRecognizer.view === navigationController.view,")
            out.line("      navigationController.delegate === owner else { return false }")
            entryRule(interaction, recognizer, container: "gesture.view",
                      after: "navigationController.viewControllers.count > 1 && navigationController.transitionCoordinator == nil", into: &out)
            out.close()
            scrollViewSharing(rule.scrollViewSharing, into: &out)
        } else {
            attach(interaction, recognizer, action: action, into: &out)
        }
        out.line()
        // Travel along the direction, and the release speed that carries the dismissal on (UIKit's points a second).
        let (travel, speed): (String, String) = switch rule.direction {
        // The fingers' scale: closing from 1 towards 0, or opening past 1 (points do not count).
        case "in": ("(1 - gesture.scale)", "-gesture.velocity")
        case "out": ("(gesture.scale - 1)", "gesture.velocity")
        case "up": ("-translation.y", "-velocity.y")
        case "left": ("-translation.x", "-velocity.x")
        case "right": ("translation.x", "velocity.x")
        case "vertical": ("abs(translation.y)", "translation.y >= 0 ? velocity.y : -velocity.y")
        case "horizontal": ("abs(translation.x)", "translation.x >= 0 ? velocity.x : -velocity.x")
        default: ("translation.y", "velocity.y")
        }
        let across = ["left", "right", "horizontal"].contains(rule.direction)
        let distance = interaction.distance != nil ? "distance(for: container.bounds.size)"
            : rule.distance ?? (rule.isPinch ? "1" : "container.bounds.\(across ? "width" : "height")")
        // A pinch reads no points unless the entry's functions do: then, as a pan's, in the container's.
        let needsContainer = !rule.isPinch || interaction.distance != nil || interaction.progress != nil || interaction.shouldFinish != nil
            || interaction.completionSpeed != nil || interaction.finishesWhileDragging != nil
        out.open("@objc private func \(action)(_ gesture: \(recognizer)) {")
        if needsContainer {
            if isPop {
                out.line("// In the points of the navigation controller's view, which the screens move within.")
                out.open("guard let container = gesture.view else {")
            } else {
                out.line(isPresentation ? "// In the points of the presenting screen's superview (the window, then the transition's container): "
                         + "the screen itself may move. Off screen, a \(rule.isPinch ? "pinch" : "drag") under way is let go."
                         : rule.isPinch ? "// The container, whose points and size the entry's functions read. Off screen, a pinch under way is let go."
                         : "// In the container's points: the presented view moves within it. Off screen, a drag under way is let go.")
                out.open("guard let container = gesture.view?.superview else {")
            }
            out.line("if isDragging {")
            out.line("    isDragging = false")
            out.line("    cancel()")
            out.line("}")
            out.line("return")
            out.close()
        }
        // The travel is read for the percent unless the entry's progress says it, and for a pan's flick speed.
        let flickRule = interaction.shouldFinish == nil && rule.velocityThreshold != nil
        if !rule.isPinch && (interaction.progress == nil || (flickRule && ["vertical", "horizontal"].contains(rule.direction))) {
            out.line("let translation = gesture.translation(in: container)")
        }
        if interaction.progress != nil {
            out.line("let percent = min(max(progress(gesture, container.bounds.size, in: container), 0), 1)")
        } else {
            // A pinch over a scale of 1 needs no division.
            let fraction = distance == "1" ? (travel.hasPrefix("(") ? String(travel.dropFirst().dropLast()) : travel) : "\(travel) / \(distance)"
            out.line("let percent = min(max(\(fraction), 0), 1)")
        }
        out.open("switch gesture.state {")
        out.label("case .began:")
        if isPop {
            out.line("guard let navigationController else { return }")
        } else {
            beginGuard(interaction, typeName: typeName, into: &out)
        }
        out.line("isDragging = true")
        if interaction.completionSpeed != nil {
            // The speed the last drag's release chose would otherwise roll this one back if the system takes it away.
            out.line("completionSpeed = 1")
        }
        out.line(isPop ? "navigationController.popViewController(animated: true)"
                 : isPresentation ? "presenter.present(viewController, animated: true)" : "presented.dismiss(animated: true)")
        out.line("update(percent)")
        // A presentation that never began (nothing to present), or a transition finished with the finger still down, has
        // nothing more to update, finish or cancel.
        let guarded = isPresentation || interaction.finishesWhileDragging != nil
        let under = guarded ? " where isDragging" : ""
        out.label("case .changed\(under):")
        out.line("update(percent)")
        if interaction.finishesWhileDragging != nil {
            out.open("if finishesWhileDragging(gesture, percent, in: container) {")
            out.line("// Finished with the finger still down, at the speed a release would have: the rest of the drag drives nothing.")
            out.line("isDragging = false")
            if interaction.completionSpeed != nil { out.line("completionSpeed = speedToComplete(gesture, percent, true, in: container)") }
            out.line("finish()")
            out.close()
        }
        out.label("case .ended\(under):")
        out.line("update(percent)")
        out.line("isDragging = false")
        // The decision, then (with the entry's function for it) the speed of the rest, which depends on it.
        let decision: String
        if interaction.shouldFinish != nil {
            decision = "shouldFinish(gesture, percent, in: container)"
        } else if let threshold = rule.velocityThreshold {
            if !rule.isPinch { out.line("let velocity = gesture.velocity(in: container)") }
            out.line("let speed = \(speed)")
            out.comment("Past \(rule.finishThreshold) of the way, or a flick faster than \(threshold) \(rule.isPinch ? "in scale" : "points") a second, finishes; a flick as fast back cancels.")
            decision = "speed > \(threshold) || (speed >= \(threshold == "0" ? "0" : "-" + threshold) && percent > \(rule.finishThreshold))"
        } else {
            out.comment("Past \(rule.finishThreshold) of the way finishes, however fast the finger went.")
            decision = "percent > \(rule.finishThreshold)"
        }
        if interaction.completionSpeed != nil {
            out.line("let finishes = \(decision)")
            out.line("completionSpeed = speedToComplete(gesture, percent, finishes, in: container)")
            out.line("if finishes { finish() } else { cancel() }")
        } else {
            out.line("if \(decision) { finish() } else { cancel() }")
        }
        out.label(guarded ? "case .cancelled where isDragging, .failed where isDragging:" : "case .cancelled, .failed:")
        out.line("isDragging = false")
        out.line("cancel()")
        out.label("default:")
        out.line("break")
        out.close()
        out.close()
        // The entry's functions, each a private method named by what UIKit code would call it, its Lua parameters' names kept.
        func method(_ function: Translator.InteractionFunction?, _ doc: String, _ signature: ([String]) -> String) {
            guard let function else { return }
            out.line()
            for comment in function.comments { out.comment(comment.text) }
            out.line("/// " + doc)
            out.open("private func " + signature(function.names.map(SwiftWriter.identifier)) + " {")
            for line in singleExpression(function.lines) { out.line(line) }
            out.close()
        }
        let transition = isPop ? "pop" : isPresentation ? "presentation" : "dismissal"
        method(interaction.distance, "Points of travel for the whole \(transition), given the container's size.") {
            "distance(for \($0[0]): CGSize) -> CGFloat"
        }
        method(interaction.progress, "The \(transition)'s percent at this event (the entry's), before it is kept within 0 to 1.") {
            "progress(_ \($0[0]): \(recognizer), _ \($0[1]): CGSize, in container: UIView) -> CGFloat"
        }
        method(interaction.shouldFinish, "Whether letting go here finishes the \(transition) (the entry's rule).") {
            "shouldFinish(_ \($0[0]): \(recognizer), _ \($0[1]): CGFloat, in container: UIView) -> Bool"
        }
        method(interaction.shouldBegin, "Whether the \(transition) may begin, asked as the finger first moves (the entry's rule).") {
            "shouldBegin(_ \($0[0]): \(recognizer), _ \($0[1]): CGSize, in container: UIView) -> Bool"
        }
        method(interaction.finishesWhileDragging, "Whether the \(transition) finishes now, with the finger still down (the entry's rule).") {
            "finishesWhileDragging(_ \($0[0]): \(recognizer), _ \($0[1]): CGFloat, in container: UIView) -> Bool"
        }
        method(interaction.completionSpeed, "The speed of the rest of the transition once the finger lifts, finishing or cancelling (the entry's).") {
            "speedToComplete(_ \($0[0]): \(recognizer), _ \($0[1]): CGFloat, _ \($0[2]): Bool, in container: UIView) -> CGFloat"
        }
        out.close()
    }

    /// A drag controller's stored properties: the parameters if its functions read them, whether a drag is under way,
    /// and the screens it works with (the navigation controller, the presenting screen and what it presents, or the
    /// presented screen). The percent-driven controllers' and the entry's own alike.
    static func dragProperties(_ interaction: Interaction, into out: inout SwiftWriter) {
        if interaction.readsParameters { out.line("let params: Parameters") }
        out.line("/// Whether a drag is under way: the delegate gives UIKit this controller only then.")
        out.line("private(set) var isDragging = false")
        if interaction.rule.isPop {
            out.line("private weak var navigationController: UINavigationController?")
            out.line("/// The navigation delegate that attached it: the swipe pops only while that is the delegate.")
            out.line("private weak var owner: (any UINavigationControllerDelegate)?")
        } else if interaction.rule.isPresentation {
            out.line("private weak var presenter: UIViewController?")
            out.line("/// The transition whose presentation it drives: UIKit holds a transitioning delegate weakly, and so does this.")
            out.line("private weak var transition: (any UIViewControllerTransitioningDelegate)?")
            out.line("private var makeViewController: (@MainActor () -> UIViewController?)?")
        } else {
            out.line("private weak var presented: UIViewController?")
        }
    }

    /// The recognizer put on the presenting screen or on the screen being presented, with the rule that it begins.
    static func attach(_ interaction: Interaction, _ recognizer: String, action: String, into out: inout SwiftWriter) {
        if interaction.rule.isPresentation {
            onPresentingScreen(recognizer, action: action, rule: interaction, into: &out)
        } else {
            onPresentedScreen(recognizer, action: action,
                              "The screen being presented is the one a drag dismisses; it gets the \(interaction.rule.isPinch ? "pinch" : "pan") once, however often it is presented.",
                              rule: interaction, into: &out)
        }
        scrollViewSharing(interaction.rule.scrollViewSharing, into: &out)
    }

    /// The delegate method that says how the recognizer shares a drag with the pan of a scroll view inside its view,
    /// and the test that the other recognizer is that pan (UIKit asks of every recognizer the touch reaches).
    static func scrollViewSharing(_ sharing: ExportedEntry.ScrollViewSharing?, into out: inout SwiftWriter) {
        guard let sharing else { return }
        let (doc, label) = switch sharing {
        case .simultaneous: ("Both follow the finger: the pan of a scroll view inside the view recognizes with this one (the entry's "
                             + "shouldRecognizeSimultaneously), whose action decides which moves.", "shouldRecognizeSimultaneouslyWith")
        case .waitsForScrollView: ("This pan waits for the pan of a scroll view inside the view to fail, which it does only when its "
                                   + "content cannot scroll (the entry's requireToFail).", "shouldRequireFailureOf")
        case .scrollViewWaits: ("The pan of a scroll view inside the view waits for this one to fail: gestureRecognizerShouldBegin "
                                + "decides who has the drag (the entry's requiredToFailBy).", "shouldBeRequiredToFailBy")
        }
        out.line()
        out.line("/// " + doc)
        out.line("func gestureRecognizer(")
        out.line("    _ gestureRecognizer: UIGestureRecognizer,")
        out.line("    \(label) otherGestureRecognizer: UIGestureRecognizer")
        out.open(") -> Bool {")
        out.line("isScrollViewPan(otherGestureRecognizer, inside: gestureRecognizer)")
        out.close()
        out.line()
        out.line("/// Whether `other` is the pan of a scroll view inside the view `recognizer` is on.")
        out.open("private func isScrollViewPan(_ other: UIGestureRecognizer, inside recognizer: UIGestureRecognizer) -> Bool {")
        out.line("guard let scrollView = other.view as? UIScrollView, let view = recognizer.view, scrollView !== view else { return false }")
        out.line("return other === scrollView.panGestureRecognizer && scrollView.isDescendant(of: view)")
        out.close()
    }

    /// The action's `.began` first lines: what a presentation presents, set up with this transition, or the screen a
    /// dismissal takes away (nothing to take away, nothing dragged: a flag left up would make the next plain dismissal
    /// interactive).
    static func beginGuard(_ interaction: Interaction, typeName: String, into out: inout SwiftWriter) {
        if interaction.rule.isPresentation {
            out.line("guard let presenter, let transition, let viewController = makeViewController?() else { return }")
            out.line("viewController.modalPresentationStyle = \(typeName).presentationStyle")
            out.line("viewController.transitioningDelegate = transition")
        } else {
            out.line("guard let presented else { return }")
        }
    }

    /// `attach(to:transition:makeViewController:)`, which puts the recognizer on the presenting screen (once) with what
    /// it presents, and the delegate's rule that it begins only there, with nothing presented and nothing under way.
    static func onPresentingScreen(_ recognizer: String, action: String, rule: Interaction, into out: inout SwiftWriter) {
        out.line("/// The presenting screen gets the \(rule.rule.isPinch ? "pinch" : "pan") once, however often it is attached.")
        out.line("func attach(")
        out.line("    to presenter: UIViewController, transition: any UIViewControllerTransitioningDelegate,")
        out.line("    makeViewController: @escaping @MainActor () -> UIViewController?")
        out.open(") {")
        out.line("self.presenter = presenter")
        out.line("self.transition = transition")
        out.line("self.makeViewController = makeViewController")
        out.line("let attached = presenter.view.gestureRecognizers?.contains { $0.delegate === self } ?? false")
        out.line("guard !attached else { return }")
        out.line("let recognizer = \(recognizer)(target: self, action: #selector(\(action)(_:)))")
        out.line("recognizer.delegate = self")
        out.line("presenter.view.addGestureRecognizer(recognizer)")
        out.close()
        out.line()
        out.line("/// Only on the presenting screen while it presents nothing and no transition of its own is under way.")
        out.open("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {")
        out.line("guard let presenter, gestureRecognizer.view === presenter.view else { return false }")
        entryRule(rule, recognizer, container: "gesture.view?.superview",
                  after: "presenter.presentedViewController == nil && presenter.transitionCoordinator == nil", into: &out)
        out.close()
    }

    /// `attach(to:)`, which puts the recognizer on the screen being presented (once), and the delegate's rule that it
    /// begins only there, at rest, with nothing over it: the dismissal's and the entry's own drag of the screen alike.
    static func onPresentedScreen(_ recognizer: String, action: String, _ attachDoc: String, rule: Interaction? = nil,
                                  into out: inout SwiftWriter) {
        out.line("/// " + attachDoc)
        out.open("func attach(to presented: UIViewController) {")
        out.line("self.presented = presented")
        out.line("let attached = presented.view.gestureRecognizers?.contains { $0.delegate === self } ?? false")
        out.line("guard !attached else { return }")
        out.line("let recognizer = \(recognizer)(target: self, action: #selector(\(action)(_:)))")
        out.line("recognizer.delegate = self")
        out.line("presented.view.addGestureRecognizer(recognizer)")
        out.close()
        out.line()
        out.line("/// Only on the screen presented last, once it is at rest and has nothing presented over it"
                 + (rule?.shouldBegin != nil ? ", and as the entry's rule says." : "."))
        out.open("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {")
        out.line("guard let presented, gestureRecognizer.view === presented.view else { return false }")
        entryRule(rule, recognizer, container: "gesture.view?.superview",
                  after: "!presented.isBeingPresented && !presented.isBeingDismissed && presented.presentedViewController == nil", into: &out)
        out.close()
    }

    /// gestureRecognizerShouldBegin's last lines: UIKit's own `condition`, then the entry's shouldBegin (if it has one)
    /// with the recognizer and the view whose points its other functions read.
    static func entryRule(_ interaction: Interaction?, _ recognizer: String, container: String, after condition: String,
                          into out: inout SwiftWriter) {
        guard interaction?.shouldBegin != nil else {
            out.line("return " + condition)
            return
        }
        out.line("guard \(condition) else { return false }")
        out.line("// The entry's own rule, asked once the finger has moved, in the points its other functions read.")
        out.line("guard let gesture = gestureRecognizer as? \(recognizer), let container = \(container) else { return false }")
        out.line("return shouldBegin(gesture, container.bounds.size, in: container)")
    }
}

import Catalogue
import LuaRuntime
import Transitions

/// Adaptation for scripts: `presentationController.adaptivePresentationStyle`
/// (a subclass's override) and `presentationControllerDelegate`
/// (UIAdaptivePresentationControllerDelegate, which also serves UIKit's own
/// sheets and popovers), each `function(controllerOrSelf, traitCollection)`
/// returning the style to take in compact width.
extension ScriptRuntime {
    static let adaptiveDelegateSection = "presentationControllerDelegate"

    /// A UITraitCollection: read-only, its fields' names checked.
    func push(_ traits: TraitCollection) {
        state.newTable(fieldCount: 2)
        state.push(traits.horizontalSizeClass.rawValue); state.setField(literal: "horizontalSizeClass", in: -2)
        state.push(traits.verticalSizeClass.rawValue); state.setField(literal: "verticalSizeClass", in: -2)
        sealRecord(.traitCollection)
    }

    /// The presentation controller a delegate is asked about, read-only.
    func pushAdapting(_ controller: PresentationController) {
        state.newTable(fieldCount: 3)
        state.push(controller.presentationStyle.rawValue); state.setField(literal: "presentationStyle", in: -2)
        push(controller.presentedViewController); state.setField(literal: "presentedViewController", in: -2)
        push(controller.presentingViewController); state.setField(literal: "presentingViewController", in: -2)
        sealRecord(.presentationController)
    }

    /// Calls section.adaptivePresentationStyle and reads its answer: a
    /// style a presentation may adapt to, or nil (reported at the hook's
    /// line when it is anything else), and UIKit adapts as it would without.
    func adaptiveStyle(section: String, arguments: () -> Int32) -> PresentationStyle? {
        let hook = "adaptivePresentationStyle"
        guard callHook(section, hook, results: 1, arguments: arguments) else { return nil }
        defer { state.pop() }
        let names = PresentationStyle.compactAdaptations.map(\.rawValue)
        let choices = "\"fullScreen\", \"overFullScreen\" or \"none\" (keep the presentation as it is)"
        func complain(_ message: String) -> PresentationStyle? {
            find(hook: "\(section).\(hook)", location: location(ofHook: section, hook),
                 message + "; UIKit then adapts as it would without an answer")
            return nil
        }
        guard state.typeName(at: -1) == "string", let name = state.name(at: -1) else {
            return complain("must return the style to take in compact width, \(choices); got a \(state.typeName(at: -1))")
        }
        if let style = PresentationStyle(rawValue: name), names.contains(name) { return style }
        if PresentationStyle(rawValue: name) != nil {
            return complain("\"\(name)\" is not a style a presentation adapts to in compact width: return \(choices)")
        }
        let hint = Suggestion.nearest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
        return complain("unknown presentation style \"\(Suggestion.shortened(name))\"\(hint) (return \(choices))")
    }
}

extension ScriptedDelegate: AdaptivePresentationControllerDelegate {
    func adaptivePresentationStyle(for controller: PresentationController, traitCollection: TraitCollection) -> PresentationStyle? {
        let section = ScriptRuntime.adaptiveDelegateSection
        guard runtime.hasHook(section, "adaptivePresentationStyle") else { return nil }
        return runtime.adaptiveStyle(section: section) {
            runtime.pushAdapting(controller)
            runtime.push(traitCollection)
            return 2
        }
    }
}

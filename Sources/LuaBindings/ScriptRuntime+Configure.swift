import Animation
import Catalogue
import Contract
import Geometry
import LuaRuntime
import RenderTree
import Transitions

extension ScriptRuntime {
    /// Applies the entry's presentationStyle and transitionStyle to the presented controller.
    func configure(_ presented: ViewController) throws(EntryError) {
        state.push(entry!)
        defer { state.pop() }
        func choice<T: RawRepresentable & CaseIterable>(_ field: String, _ type: T.Type) throws(EntryError) -> T? where T.RawValue == String {
            state.pushField(field, of: -1)
            defer { state.pop() }
            if state.isNil(at: -1) { return nil }
            let names = T.allCases.map(\.rawValue)
            guard let name = state.name(at: -1) else {
                throw metadataProblem(field, "'\(field)' must be one of \(names.joined(separator: ", "))")
            }
            guard let value = T(rawValue: name) else {
                let hint = Suggestion.nearest(to: name, in: names).map { "; did you mean \"\($0)\"?" } ?? ""
                throw metadataProblem(field, "unknown \(field) \"\(Suggestion.shortened(name))\"\(hint) (one of \(names.joined(separator: ", ")))")
            }
            return value
        }
        presented.modalPresentationStyle = try choice("presentationStyle", PresentationStyle.self) ?? .custom
        simulation.show(try choice("screen", ScreenLook.self) ?? .page, in: presented)
        // What the presented screen asks of the status bar, as the app's controller would override it.
        let style = try choice("statusBarStyle", StatusBarPreferences.Style.self)
        let animation = try choice("preferredStatusBarUpdateAnimation", StatusBarPreferences.Animation.self)
        state.pushField(literal: "prefersStatusBarHidden", of: -1)
        let given = !state.isNil(at: -1), boolean = state.isBoolean(at: -1), hidden = given ? state.boolean(at: -1) : nil
        state.pop()
        if given && !boolean { throw metadataProblem("prefersStatusBarHidden", "'prefersStatusBarHidden' must be true or false") }
        // The app sets the capture on its controller before presenting it, as libraries that hide the bar ask.
        state.pushField(literal: "modalPresentationCapturesStatusBarAppearance", of: -1)
        let capturesGiven = !state.isNil(at: -1), capturesBoolean = state.isBoolean(at: -1)
        presented.modalPresentationCapturesStatusBarAppearance = capturesGiven && state.boolean(at: -1)
        state.pop()
        if capturesGiven && !capturesBoolean {
            throw metadataProblem("modalPresentationCapturesStatusBarAppearance", "'modalPresentationCapturesStatusBarAppearance' must be true or false")
        }
        if style != nil || hidden != nil || animation != nil {
            presented.statusBarPreferences = StatusBarPreferences(style: style ?? .default, hidden: hidden ?? false, animation: animation ?? .fade)
        }
        sourceControl = try choice("sourceView", ListLayout.Control.self)
        // A picture of the catalogue's own for the presented screen: a PNG file of `assets` beside the entry.
        state.pushField(literal: "picture", of: -1)
        if !state.isNil(at: -1) {
            guard state.typeName(at: -1) == "string", let name = state.string(at: -1, atMost: 4096) else {
                state.pop()
                throw metadataProblem("picture", "'picture' must be the name of a PNG file in the assets folder beside the entry")
            }
            if let problem = file.assetProblem(name) {
                state.pop()
                throw metadataProblem("picture", "picture: \(problem)")
            }
            picture = name
        }
        state.pop()
        if let transition = try choice("transitionStyle", TransitionStyle.self) { presented.modalTransitionStyle = transition }
        presented.sheetConfiguration = try sheetConfiguration(style: presented.modalPresentationStyle)
        state.pushField(literal: "preferredContentSize", of: -1)
        defer { state.pop() }
        if !state.isNil(at: -1) {
            guard let size = try? size(at: state.top), size.width >= 0, size.height >= 0 else {
                throw metadataProblem("preferredContentSize", "'preferredContentSize' must be a CGSize with finite, non-negative sides")
            }
            presented.preferredContentSize = size
        }
    }

    /// A problem with a field of the entry's table, at the field's line.
    func metadataProblem(_ field: String, _ message: String) -> EntryError {
        .badMetadata(entry: entryName, location: location(ofField: field), message: message)
    }

    /// The line a field of the entry's table is written on (its last
    /// mention: the table the script returns comes at its end), or line 1.
    func location(ofField field: String) -> ScriptLocation {
        ScriptLocation(file: file.displayPath, line: fieldLines.line(of: field))
    }

    /// The diagnostic as a problem at the script's own version of the hook
    /// the engine says should have prevented it; when the entry has no such
    /// hook, the problem says so rather than blaming one it never wrote.
    func place(_ diagnostic: Diagnostic, dismissing: Bool, navigation: Bool = false, own: InteractionKind? = nil) -> Problem? {
        var problem = own.flatMap { ownControllerPlace(diagnostic, kind: $0) } ?? placed(diagnostic, dismissing: dismissing, navigation: navigation)
        problem?.rule = diagnostic.kind.rule
        return problem
    }

    /// What the animator's animateTransition would be blamed for, in a transition an interaction controller of the
    /// entry's own drives (UIKit never calls that animateTransition): the controller's `ended` for a transition never
    /// completed, else its startInteractiveTransition.
    private func ownControllerPlace(_ diagnostic: Diagnostic, kind: InteractionKind) -> Problem? {
        guard diagnostic.hook == "animateTransition" else { return nil }
        switch diagnostic.kind {
        case .completedTwice, .completedAfterCancel, .completedWhileInteractive, .unbalancedAppearanceCalls: return nil
        default: break
        }
        let name = diagnostic.kind == .neverCompleted && hasOwnControllerFunction(kind, "ended") ? "ended" : "startInteractiveTransition"
        return Problem(diagnostic.kind.severity, entry: entryName, hook: "interaction.\(kind.rawValue).controller.\(name)",
                       location: location(ofOwnController: kind, name), message: diagnostic.message)
    }

    private func placed(_ diagnostic: Diagnostic, dismissing: Bool, navigation: Bool) -> Problem? {
        let controller = ScriptedPresentationController.section
        var severity = diagnostic.kind.severity
        let section: String?
        let animatorSection = ["dismissalAnimator", "presentationAnimator", "animator"].filter {
            dismissing ? $0 != "presentationAnimator" : $0 != "dismissalAnimator"
        }.first { hasHook($0, "animateTransition") }
        switch diagnostic.kind {
        case .presentedViewNotAtFinalFrame where navigation:
            // The navigation controller lays its top screen out to fill again on its next layout pass.
            severity = .warning
            section = animatorSection
        case .completedTwice, .completedAfterCancel, .completedWhileInteractive, .unbalancedAppearanceCalls:
            // Reported by the binding at the call itself, with its line.
            return nil
        case .unsupportedStyle:
            return Problem(severity, entry: entryName, hook: nil, location: location(ofField: "presentationStyle"), message: diagnostic.message)
        case .dismissedWhileScrolled:
            // The dismissal's drag, or else the entry's own drag of the presented screen, whichever the entry has.
            pushInteraction(.dismissal, nil)
            let kind: InteractionKind = state.isTable(at: -1) ? .dismissal : .presented
            state.pop()
            return Problem(severity, entry: entryName, hook: "interaction.\(kind.rawValue)", location: location(ofField: kind.rawValue),
                           message: diagnostic.message)
        case .neverCompleted, .presentingViewMissing, .animationsStillRunning, .presentedWhileTransitioning, .presentedViewNotVisible,
             .largeMotionUnderReduceMotion, .sourceViewLeftHidden,
             .modelChangedAfterCancel where diagnostic.hook == "animateTransition":
            section = ["dismissalAnimator", "presentationAnimator", "animator"].filter {
                dismissing ? $0 != "presentationAnimator" : $0 != "dismissalAnimator"
            }.first { hasHook($0, "animateTransition") }
        case .presentedViewNotAtFinalFrame:
            // Only a frame the entry itself asked for is one UIKit's user
            // expects; without the hook the default is the container's bounds,
            // and a presented view elsewhere is the animator's own choice.
            if hasHook(controller, "frameOfPresentedViewInContainerView") {
                return Problem(severity, entry: entryName, hook: "\(controller).frameOfPresentedViewInContainerView",
                               location: location(ofHook: controller, "frameOfPresentedViewInContainerView"), message: diagnostic.message)
            }
            severity = .warning
            section = ["dismissalAnimator", "presentationAnimator", "animator"].first { hasHook($0, "animateTransition") }
        case .notLaidOutAfterSizeChange where !hasHook(controller, diagnostic.hook)
            && (hasHook(ScriptedControllerLayout.section, "viewWillLayoutSubviews") || hasHook(ScriptedControllerLayout.section, "viewWillTransition")):
            // No presentation controller's layout of the entry's: UIKit's own sized the view, and the presented
            // controller's own hooks are the entry's code that ran on the size change (the one it has, or the table).
            let section = ScriptedControllerLayout.section
            let hooks = ["viewWillLayoutSubviews", "viewWillTransition"].filter { hasHook(section, $0) }
            guard hooks.count == 1 else {
                return Problem(severity, entry: entryName, hook: section, location: location(ofField: section), message: diagnostic.message)
            }
            return Problem(severity, entry: entryName, hook: "\(section).\(hooks[0])", location: location(ofHook: section, hooks[0]),
                           message: diagnostic.message)
        case .leftInPresentingView where !hasHook(controller, "dismissalTransitionDidEnd"):
            // No controller hook to fix: the animator that added it is the place.
            let animators: [String] = ["dismissalAnimator", "animator"]
            if let animator = animators.first(where: { hasHook($0, "animateTransition") }) {
                return Problem(severity, entry: entryName, hook: "\(animator).animateTransition",
                               location: location(ofHook: animator, "animateTransition"), message: diagnostic.message)
            }
            section = controller
        default:
            section = controller
        }
        let hook = diagnostic.hook
        if let section, let at = location(ofHook: section, hook) {
            return Problem(severity, entry: entryName, hook: "\(section).\(hook)", location: at, message: diagnostic.message)
        }
        let owner = section ?? (diagnostic.hook == "animateTransition" ? "animator" : controller)
        return Problem(severity, entry: entryName, hook: "\(owner).\(hook)", location: location(ofField: owner),
                       message: diagnostic.message + " (this entry has no \(owner).\(hook); UIKit's default ran)")
    }
}

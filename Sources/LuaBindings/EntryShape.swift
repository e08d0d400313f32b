import Catalogue
import LuaRuntime
import Transitions

/// The names an entry's table may use, and the strict check that refuses
/// every other one: a misspelt hook (`animateTransiton`, `presentationControler`)
/// would otherwise never be called, and the entry would pass `check` with
/// UIKit's defaults while doing nothing the author wrote.
///
/// Keys beginning with `_` are the script's own (helpers, constants) and are
/// never checked.
enum EntryShape {
    static let metadata = ["name", "title", "summary", "tags", "author", "source"]
    static let topLevel = metadata + ["parameters", "presentationStyle", "transitionStyle", "preferredContentSize", "screen", "sourceView",
                                      "statusBarStyle", "prefersStatusBarHidden", "preferredStatusBarUpdateAnimation",
                                      "modalPresentationCapturesStatusBarAppearance", "picture",
                                      "animator", "presentationAnimator", "dismissalAnimator", "presentationController",
                                      "interaction", "sheet", "isModalInPresentation", "navigation", "presentationControllerDelegate",
                                      "presentedViewController"]
    static let animatorHooks = ["transitionDuration", "animateTransition", "animationEnded", "interruptibleAnimator"]
    static let presentationControllerHooks = [
        "presentationTransitionWillBegin", "presentationTransitionDidEnd", "dismissalTransitionWillBegin",
        "dismissalTransitionDidEnd", "frameOfPresentedViewInContainerView", "presentedView", "shouldRemovePresentersView",
        "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews", "viewWillTransition", "keyboardWillChangeFrame",
        "shouldPresentInFullscreen", "adaptivePresentationStyle",
    ]
    /// The presented controller's own overrides (`ScriptedControllerLayout`).
    static let presentedControllerHooks = ["viewWillTransition", "viewWillLayoutSubviews"]
    /// Properties an entry gives as a value or as function(self) returning one.
    static let presentationControllerFlags: Set<String> = ["shouldRemovePresentersView", "shouldPresentInFullscreen"]
    /// UIAdaptivePresentationControllerDelegate's methods that Segue calls.
    static let adaptiveDelegateHooks = ["adaptivePresentationStyle"]
    static let interactionKinds = InteractionKind.allCases.map(\.rawValue)
    static let interactionFields = ScriptRuntime.interactionFields
    static let ownControllerHooks = ["startInteractiveTransition", "changed", "ended"]
    static let parameterFields = ["type", "default", "min", "max", "choices", "description"]
    /// More keys than this in one table is not an entry someone wrote by hand.
    static let keyLimit = 256

    static func isOwn(_ key: String) -> Bool { key.hasPrefix("_") }
}

extension ScriptRuntime {
    /// Refuses unknown keys anywhere in the entry's table, naming the line
    /// and the nearest right name.
    func checkShape() throws(EntryError) {
        func problem(_ key: String, _ message: String) -> EntryError { metadataProblem(key, message) }
        func unknown(_ key: String, in names: [String], where place: String) -> EntryError {
            let hint = Suggestion.nearest(to: key, in: names).map { "; did you mean '\($0)'?" } ?? ""
            return problem(key, "\(place) has no field '\(Suggestion.shortened(key))'\(hint) (a key of your own must start with '_')")
        }

        state.push(entry!)
        defer { state.pop() }
        let top = state.top
        for key in try keys(at: top, place: "the entry's table") where !EntryShape.isOwn(key) {
            guard EntryShape.topLevel.contains(key) else {
                for (hooks, section) in [(EntryShape.animatorHooks, "animator"),
                                         (EntryShape.presentationControllerHooks, "presentationController"),
                                         (EntryShape.presentedControllerHooks, "presentedViewController")] {
                    let hook = hooks.contains(key) ? key : Suggestion.nearest(to: key, in: hooks)
                    guard let hook, Suggestion.nearest(to: key, in: EntryShape.topLevel) == nil else { continue }
                    let start = hook == key ? "'\(key)' is" : "the entry's table has no field '\(Suggestion.shortened(key))'; did you mean '\(hook)'? It is"
                    throw problem(key, "\(start) \(Self.kind(of: section)): "
                        + "put it inside \(section) = { \(hook) = function(…) … end }")
                }
                throw unknown(key, in: EntryShape.topLevel, where: "the entry's table")
            }
        }
        try checkSection(top, "animator", names: EntryShape.animatorHooks, problem: problem, unknown: unknown)
        try checkSection(top, "presentationAnimator", names: EntryShape.animatorHooks, problem: problem, unknown: unknown)
        try checkSection(top, "dismissalAnimator", names: EntryShape.animatorHooks, problem: problem, unknown: unknown)
        try checkSection(top, "presentationController", names: EntryShape.presentationControllerHooks,
                         problem: problem, unknown: unknown)
        try checkSection(top, "presentedViewController", names: EntryShape.presentedControllerHooks, problem: problem, unknown: unknown)
        try checkSection(top, Self.adaptiveDelegateSection, names: EntryShape.adaptiveDelegateHooks, problem: problem, unknown: unknown)

        try checkNavigation(top, problem: problem)

        state.pushField(literal: "interaction", of: top)
        defer { state.pop() }
        if !state.isNil(at: -1) {
            let interaction = state.top
            guard state.isTable(at: interaction) else { throw problem("interaction", "'interaction' must be a table like {dismissal = {distance = 300}}") }
            for key in try keys(at: interaction, place: "interaction") where !EntryShape.isOwn(key) {
                guard EntryShape.interactionKinds.contains(key) else { throw unknown(key, in: EntryShape.interactionKinds, where: "interaction") }
                state.pushField(key, of: interaction)
                defer { state.pop() }
                guard state.isTable(at: -1) else { throw problem(key, "interaction.\(key) must be a table like {distance = 300}") }
                let fields = try keys(at: state.top, place: "interaction.\(key)").filter { !EntryShape.isOwn($0) }
                for field in fields {
                    guard EntryShape.interactionFields.contains(field) else {
                        throw unknown(field, in: EntryShape.interactionFields, where: "interaction.\(key)")
                    }
                }
                if fields.contains("controller") { try checkOwnController(key, fields: fields, problem: problem, unknown: unknown) }
            }
        }
    }

    /// `interaction.KIND.controller`, an interaction controller of the entry's own (on top of the stack is KIND's
    /// table): a table of functions, startInteractiveTransition among them, for a transition's interaction only, and
    /// with none of the percent-driven controller's rule beside it, which would decide nothing.
    private func checkOwnController(_ kind: String, fields: [String], problem: (String, String) -> EntryError,
                                    unknown: (String, [String], String) -> EntryError) throws(EntryError) {
        let place = "interaction.\(kind).controller"
        guard kind != InteractionKind.presented.rawValue else {
            throw problem(kind, "\(place): interaction.presented moves views itself; an interaction controller drives a transition "
                          + "(interaction.dismissal, presentation or pop)")
        }
        if let rule = fields.first(where: { ScriptRuntime.percentDrivenFields.contains($0) }) {
            throw problem(kind, "interaction.\(kind).\(rule) is UIKit's percent-driven controller's; beside an interaction controller of the "
                          + "entry's own it decides nothing: the controller's functions decide")
        }
        state.pushField(literal: "controller", of: -1)
        defer { state.pop() }
        guard state.isTable(at: -1) else {
            throw problem(kind, "\(place) must be a table like {startInteractiveTransition = function(self, ctx) … end, changed = …, ended = …}")
        }
        let table = state.top
        let names = try keys(at: table, place: place).filter { !EntryShape.isOwn($0) }
        for name in names {
            guard EntryShape.ownControllerHooks.contains(name) else { throw unknown(name, EntryShape.ownControllerHooks, place) }
            state.pushField(name, of: table)
            defer { state.pop() }
            guard state.isFunction(at: -1) else { throw problem(kind, "\(place).\(name) must be a function(self, \(name == "startInteractiveTransition" ? "ctx" : "g"))") }
        }
        guard names.contains("startInteractiveTransition") else {
            throw problem(kind, "\(place) needs startInteractiveTransition(self, ctx): UIKit calls it instead of the animator's animateTransition")
        }
    }

    /// navigation = true: the animator also runs for a navigation
    /// controller's push and pop, so there must be one.
    private func checkNavigation(_ top: Int32, problem: (String, String) -> EntryError) throws(EntryError) {
        state.pushField(literal: "navigation", of: top)
        defer { state.pop() }
        if !(state.isBoolean(at: -1) && state.boolean(at: -1)) {
            // A pop gesture with no pop to drive would never be used.
            state.pushField(literal: "interaction", of: top)
            let declaresPop = state.isTable(at: -1) && { state.pushField(literal: "pop", of: -1); defer { state.pop() }; return !state.isNil(at: -1) }()
            state.pop()
            if declaresPop {
                throw problem("pop", "interaction.pop drives a navigation controller's pop, and this entry does not run for one: "
                    + "say navigation = true (or take interaction.pop out)")
            }
        }
        if state.isNil(at: -1) { return }
        guard state.isBoolean(at: -1) else {
            throw problem("navigation", "'navigation' must be true or false (true: the entry's animator also runs for a navigation "
                + "controller's push and pop); got a \(state.typeName(at: -1))")
        }
        guard state.boolean(at: -1) else { return }
        let animators = ["animator", "presentationAnimator", "dismissalAnimator"].filter { section in
            state.pushField(section, of: top)
            defer { state.pop() }
            return state.isTable(at: -1)
        }
        if animators.isEmpty {
            throw problem("navigation", "navigation = true runs the entry's animator for push and pop, and it has none: give it "
                + "animator = { transitionDuration = …, animateTransition = … }")
        }
    }

    /// What a section's hooks are, for the message that finds one at the top level.
    private static func kind(of section: String) -> String {
        switch section {
        case "animator": "an animator hook"
        case "presentationController": "a presentation-controller hook"
        default: "the presented view controller's own"
        }
    }

    private func checkSection(_ top: Int32, _ name: String, names: [String], problem: (String, String) -> EntryError,
                              unknown: (String, [String], String) -> EntryError) throws(EntryError) {
        state.pushField(name, of: top)
        defer { state.pop() }
        guard !state.isNil(at: -1) else { return }
        let section = state.top
        guard state.isTable(at: section) else { throw problem(name, "'\(name)' must be a table of hooks") }
        for key in try keys(at: section, place: name) where !EntryShape.isOwn(key) {
            guard names.contains(key) else {
                if name == "presentationController" && EntryShape.presentedControllerHooks.contains(key) {
                    throw problem(key, "'\(key)' is the presented view controller's own, not the presentation controller's: put it "
                        + "inside presentedViewController = { … }")
                }
                if name != "presentationController" && EntryShape.presentationControllerHooks.contains(key) {
                    throw problem(key, "'\(key)' is a presentation-controller hook, not \(name)'s: put it inside presentationController = { … }")
                }
                throw unknown(key, names, name)
            }
            state.pushField(key, of: section)
            defer { state.pop() }
            if name == "presentationController" && EntryShape.presentationControllerFlags.contains(key) {
                guard state.isBoolean(at: -1) || state.isFunction(at: -1) else {
                    throw problem(key, "\(name).\(key) must be true or false, or a function(self) returning one")
                }
            } else if !state.isFunction(at: -1) {
                throw problem(key, "\(name).\(key) must be a function, not a \(state.typeName(at: -1))")
            }
        }
    }

    /// The string keys of the table at index, refusing any other kind of key
    /// and tables too large to have been written by hand.
    func keys(at index: Int32, place: String) throws(EntryError) -> [String] {
        var result: [String] = []
        var failure: String?
        state.forEachKey(ofTableAt: index, limit: EntryShape.keyLimit) { key in
            if let key { result.append(key) } else { failure = "\(place) has a key that is not a name" }
        } tooMany: {
            failure = "\(place) has more than \(EntryShape.keyLimit) fields"
        }
        if let failure {
            throw .badMetadata(entry: entryName, location: ScriptLocation(file: file.displayPath, line: 1), message: failure)
        }
        return result
    }
}

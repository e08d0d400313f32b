import Geometry
import LuaRuntime
import Transitions

/// A presentation controller whose hooks are the entry's
/// `presentationController` functions. Each gets `self`: a Lua table of the
/// script's own (`self.dimmingView = …`) that also answers UIKit's
/// properties (containerView, presentedView, presentedViewController,
/// presentingViewController, transitionCoordinator, frameOfPresentedViewInContainerView).
final class ScriptedPresentationController: PresentationController {
    unowned let runtime: ScriptRuntime
    let id: Int
    var instance: LuaReference!
    static let section = "presentationController"

    init(runtime: ScriptRuntime, presented: ViewController, presenting: ViewController) {
        self.runtime = runtime
        id = runtime.newHandle()
        super.init(presented: presented, presenting: presenting)
        runtime.presentationControllers[id] = self
        let state = runtime.state
        state.newTable()
        state.newTable()
        state.push(id)
        state.push(PresentationControllerBindings.index, upvalues: 1)
        state.setField(literal: "__index", in: -2)
        // UIKit's properties are read-only (a field of their name would hide them), and the metatable is the
        // host's: a script can neither read nor replace it.
        state.push(PresentationControllerBindings.newIndex)
        state.setField(literal: "__newindex", in: -2)
        state.push(false)
        state.setField(literal: "__metatable", in: -2)
        state.setMetatable(of: -2)
        instance = state.reference()
    }

    private func hook(_ name: String, results: Int32 = 0, _ more: () -> Int32 = { 0 }) -> Bool {
        runtime.callHook(Self.section, name, results: results) {
            runtime.state.push(instance)
            return 1 + more()
        }
    }

    override var frameOfPresentedViewInContainerView: Rect {
        guard runtime.hasHook(Self.section, "frameOfPresentedViewInContainerView"),
              hook("frameOfPresentedViewInContainerView", results: 1) else { return super.frameOfPresentedViewInContainerView }
        defer { runtime.state.pop() }
        do {
            return try runtime.rect(at: -1)
        } catch {
            runtime.find(hook: "frameOfPresentedViewInContainerView",
                         location: runtime.location(ofHook: Self.section, "frameOfPresentedViewInContainerView"),
                         "must return a CGRect (\(error.message))")
            return super.frameOfPresentedViewInContainerView
        }
    }

    override var presentedView: View {
        guard runtime.hasHook(Self.section, "presentedView"), hook("presentedView", results: 1) else { return super.presentedView }
        defer { runtime.state.pop() }
        return (try? runtime.view(at: -1)) ?? super.presentedView
    }

    override var shouldRemovePresentersView: Bool { flag("shouldRemovePresentersView", otherwise: false) }
    override var shouldPresentInFullscreen: Bool { flag("shouldPresentInFullscreen", otherwise: true) }

    /// A property an entry gives as a boolean or as function(self) returning
    /// one; UIKit's default when it gives neither, or its function fails or
    /// answers something else (reported at its line).
    private func flag(_ name: String, otherwise value: Bool) -> Bool {
        let state = runtime.state
        runtime.pushHook(Self.section, name)
        if state.isBoolean(at: -1) {
            defer { state.pop() }
            return state.boolean(at: -1)
        }
        state.pop()
        guard runtime.hasHook(Self.section, name), hook(name, results: 1) else { return value }
        defer { state.pop() }
        guard state.isBoolean(at: -1) else {
            runtime.find(hook: name, location: runtime.location(ofHook: Self.section, name),
                         "must return true or false; got a \(state.typeName(at: -1)) (UIKit's default, \(value), is used)")
            return value
        }
        return state.boolean(at: -1)
    }

    override func adaptivePresentationStyle(for traitCollection: TraitCollection) -> PresentationStyle? {
        guard runtime.hasHook(Self.section, "adaptivePresentationStyle") else { return super.adaptivePresentationStyle(for: traitCollection) }
        return runtime.adaptiveStyle(section: Self.section) {
            runtime.state.push(instance)
            runtime.push(traitCollection)
            return 2
        }
    }

    override func presentationTransitionWillBegin() { _ = hook("presentationTransitionWillBegin") }
    override func presentationTransitionDidEnd(_ completed: Bool) {
        _ = hook("presentationTransitionDidEnd") { runtime.state.push(completed); return 1 }
    }
    override func dismissalTransitionWillBegin() { _ = hook("dismissalTransitionWillBegin") }
    override func dismissalTransitionDidEnd(_ completed: Bool) {
        _ = hook("dismissalTransitionDidEnd") { runtime.state.push(completed); return 1 }
    }
    override func containerViewWillLayoutSubviews() { _ = hook("containerViewWillLayoutSubviews") }
    override func containerViewDidLayoutSubviews() { _ = hook("containerViewDidLayoutSubviews") }
    override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        _ = hook("viewWillTransition") {
            runtime.push(size)
            runtime.push(coordinator)
            return 2
        }
    }
    override func keyboardWillChangeFrame(to frame: Rect, duration: Double) {
        _ = hook("keyboardWillChangeFrame") {
            runtime.push(frame)
            runtime.state.push(duration)
            return 2
        }
    }
}

enum PresentationControllerBindings {
    /// __newindex(self, key, value): the entry's own fields (`self.dimmingView = …`), by name; UIKit's are read-only.
    static let newIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let state = runtime.state
            guard let key = state.name(at: 2) else {
                throw ScriptMistake("a presentation controller's fields are named: self.name = value")
            }
            if properties.contains(key) { throw ScriptMistake("presentationController.\(key) is UIKit's, and read-only") }
            // The key itself, not its name (a long one is shortened for lookups): the field reads back as set.
            state.pushCopy(of: 2)
            state.pushCopy(of: 3)
            state.rawSet(in: 1)
            return 0
        }
    }

    static let properties = ["containerView", "presentedView", "presentedViewController", "presentingViewController",
                             "transitionCoordinator", "frameOfPresentedViewInContainerView", "presentationStyle",
                             "shouldPresentInFullscreen", "shouldRemovePresentersView"]

    /// __index(self, key): UIKit's properties first (an overridden one, like
    /// frameOfPresentedViewInContainerView, answers with the override's
    /// value, as a Swift property would), then the entry's own functions;
    /// nil otherwise, so `if self.dimmingView then` works before it is set.
    static let index: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let state = runtime.state
            guard let id = state.integer(at: segue_host_upvalue(1)), let controller = runtime.presentationControllers[id],
                  let key = state.name(at: 2) else { state.pushNil(); return 1 }
            guard properties.contains(key) else {
                runtime.pushHook(ScriptedPresentationController.section, key)
                return 1
            }
            switch key {
            case "containerView": runtime.push(controller.containerView)
            case "presentedView": runtime.push(controller.presentedView)
            case "presentedViewController": runtime.push(controller.presentedViewController)
            case "presentingViewController": runtime.push(controller.presentingViewController)
            case "transitionCoordinator": runtime.push(controller.transitionCoordinator)
            case "frameOfPresentedViewInContainerView": runtime.push(controller.frameOfPresentedViewInContainerView)
            case "shouldPresentInFullscreen": arguments.push(controller.shouldPresentInFullscreen)
            case "shouldRemovePresentersView": arguments.push(controller.shouldRemovePresentersView)
            default: arguments.push(controller.presentationStyle.rawValue)
            }
            return 1
        }
    }
}

import Catalogue
import Geometry
import LuaRuntime
import Transitions

/// The transition context, view controllers and the coordinator as handles.
extension ScriptRuntime {
    static let contextMetatable = "segue.Context"
    static let controllerMetatable = "segue.ViewController"
    static let coordinatorMetatable = "segue.Coordinator"

    func push(_ context: TransitionContext) {
        let id = handleID(for: context)
        contexts[id] = context
        state.pushHandle(id, metatable: Self.contextMetatable)
    }

    /// One id per engine object, so the same object is the same handle.
    func handleID(for object: AnyObject) -> Int {
        if let id = handleIDs[ObjectIdentifier(object)] { return id }
        let id = newHandle()
        handleIDs[ObjectIdentifier(object)] = id
        return id
    }

    func push(_ controller: ViewController?) {
        guard let controller else { return state.pushNil() }
        let id = ObjectIdentifier(controller).hashValue
        controllers[id] = controller
        state.pushHandle(id, metatable: Self.controllerMetatable)
    }

    func push(_ coordinator: TransitionCoordinator?) {
        guard let coordinator else { return state.pushNil() }
        let id = handleID(for: coordinator)
        coordinators[id] = coordinator
        state.pushHandle(id, metatable: Self.coordinatorMetatable)
    }

    func context(at index: Int32) throws(ArgumentError) -> TransitionContext {
        guard let id = state.handle(at: index, metatable: Self.contextMetatable), let context = contexts[id] else {
            throw ArgumentError(position: index, message: "transition context expected (call it as ctx:method())")
        }
        return context
    }

    func controller(at index: Int32) throws(ArgumentError) -> ViewController {
        guard let id = state.handle(at: index, metatable: Self.controllerMetatable), let controller = controllers[id] else {
            throw ArgumentError(position: index, message: "view controller expected, got \(state.typeName(at: index))")
        }
        return controller
    }

    func coordinator(at index: Int32) throws(ArgumentError) -> TransitionCoordinator {
        guard let id = state.handle(at: index, metatable: Self.coordinatorMetatable), let coordinator = coordinators[id] else {
            throw ArgumentError(position: index, message: "transition coordinator expected (call it as coordinator:method())")
        }
        return coordinator
    }

    func installHandleMetatables() {
        for (name, index, readOnly) in [(Self.contextMetatable, ContextBindings.index, ContextBindings.contextIsReadOnly),
                                        (Self.controllerMetatable, ContextBindings.controllerIndex, ContextBindings.controllerNewIndex),
                                        (Self.coordinatorMetatable, ContextBindings.coordinatorIndex, ContextBindings.coordinatorIsReadOnly)] {
            state.pushMetatable(name) {
                state.push(index); state.setField(literal: "__index", in: -2)
                state.push(readOnly); state.setField(literal: "__newindex", in: -2)
                state.push(false); state.setField(literal: "__metatable", in: -2)
            }
            state.pop()
        }
    }
}

enum ContextBindings {
    /// ctx.x = …, controller.x = …, coordinator.x = …: UIKit gives them no settable properties a script may use.
    static func refuseSetting(_ L: OpaquePointer?, on what: String) -> Int32 {
        ScriptRuntime.host(L) { runtime, _ in
            let key = runtime.state.name(at: 2) ?? runtime.state.typeName(at: 2)
            throw ScriptMistake("\(what) is read-only: '\(Suggestion.shortened(key))' cannot be set (keep values of your own in locals)")
        }
    }
    static let contextIsReadOnly: HostFunction = { L in refuseSetting(L, on: "the transition context") }
    static let coordinatorIsReadOnly: HostFunction = { L in refuseSetting(L, on: "the transition coordinator") }

    static let names = ["containerView", "isAnimated", "isInteractive", "isPresenting", "operation", "presentationStyle", "viewForKey",
                        "viewControllerForKey", "initialFrame", "finalFrame", "completeTransition", "transitionWasCancelled",
                        "updateInteractiveTransition", "finishInteractiveTransition", "cancelInteractiveTransition", "sourceView"]

    static let index: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let context = try runtime.context(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "containerView": runtime.push(context.containerView)
            case "isAnimated": arguments.push(context.isAnimated)
            case "isInteractive": arguments.push(context.isInteractive)
            case "isPresenting": arguments.push(context.isPresenting)
            case "operation": arguments.push(context.operation.rawValue)
            case "presentationStyle": arguments.push(context.presentationStyle.rawValue)
            case "viewForKey": runtime.state.push(viewForKey)
            case "viewControllerForKey": runtime.state.push(viewControllerForKey)
            case "initialFrame", "initialFrameForViewController": runtime.state.push(initialFrame)
            case "finalFrame", "finalFrameForViewController": runtime.state.push(finalFrame)
            case "completeTransition": runtime.state.push(completeTransition)
            case "transitionWasCancelled": runtime.state.push(transitionWasCancelled)
            case "updateInteractiveTransition": runtime.state.push(update)
            case "finishInteractiveTransition": runtime.state.push(finish)
            case "cancelInteractiveTransition": runtime.state.push(cancel)
            case "sourceView": runtime.push(context.sourceView)
            default: throw ScriptMistake(Suggestion.unknown("the transition context", key, in: names))
            }
            return 1
        }
    }

    static func key(_ arguments: LuaArguments) throws -> TransitionKey {
        let name = try arguments.name(2)
        switch name {
        case "from", "UITransitionContextFromViewKey", "UITransitionContextFromViewControllerKey": return .from
        case "to", "UITransitionContextToViewKey", "UITransitionContextToViewControllerKey": return .to
        default: throw ScriptMistake("the key must be \"from\" or \"to\", got \"\(name)\"")
        }
    }

    static let viewForKey: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let key = try key(arguments)
            let view = try runtime.context(at: 1).view(forKey: key)
            if view == nil { runtime.nilView = key.rawValue }
            runtime.push(view)
            return 1
        }
    }

    static let viewControllerForKey: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            runtime.push(try runtime.context(at: 1).viewController(forKey: try key(arguments)))
            return 1
        }
    }

    static let initialFrame: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            runtime.push(try runtime.context(at: 1).initialFrame(for: try runtime.controller(at: 2)))
            return 1
        }
    }

    static let finalFrame: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            runtime.push(try runtime.context(at: 1).finalFrame(for: try runtime.controller(at: 2)))
            return 1
        }
    }

    /// Hooks UIKit only asks a question of: ending or driving the transition
    /// from one of them breaks the machinery that asked (a completed
    /// transition whose interruptible animator is then scrubbed).
    static let questions = ["transitionDuration", "interruptibleAnimator", ".shouldBegin", ".progress", ".shouldFinish", ".finishesWhileDragging",
                            ".completionSpeed", ".completionCurve"]

    /// Refuses `call` inside a question hook.
    static func refuseInQuestion(_ runtime: ScriptRuntime, _ call: String) throws {
        let hook = runtime.currentHook
        guard questions.contains(where: { $0.hasPrefix(".") ? hook.hasSuffix($0) : hook == $0 }) else { return }
        throw ScriptMistake("\(call) inside \(hook), which UIKit only asks a question of: end or drive the transition "
                            + "from animateTransition, an animation's completion or the interaction's rule instead")
    }

    static let completeTransition: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            try refuseInQuestion(runtime, "completeTransition")
            let context = try runtime.context(at: 1)
            let didComplete = try runtime.flag(at: 2)
            let location = runtime.state.callerLocation()
            if context.hasEnded {
                runtime.find(.warning, hook: runtime.currentHook, location: location, rule: .completedTwice,
                             "completeTransition was called on the context of a transition that has already ended; "
                                + "UIKit ignores it (use the ctx this hook was given)")
            } else if context.isComplete {
                runtime.find(.warning, hook: runtime.currentHook, location: location, rule: .completedTwice,
                             "completeTransition was called a second time; UIKit ignores every call after the first")
            } else if context.awaitsInteraction {
                runtime.find(hook: runtime.currentHook, location: location, rule: .completedWhileInteractive, "completeTransition was "
                    + "called while a gesture still drove the transition, before it finished or cancelled it (ctx:transitionWasCancelled() "
                    + "cannot know yet); complete from the last animation's completion")
            } else if !didComplete && !context.transitionWasCancelled {
                runtime.find(hook: runtime.currentHook, location: location, rule: .completedAfterCancel, "completeTransition(false) was called though the "
                    + "transition was not cancelled: UIKit undoes it and the user sees nothing happen; pass not ctx:transitionWasCancelled()")
            } else if didComplete && context.transitionWasCancelled {
                runtime.find(hook: runtime.currentHook, location: location, rule: .completedAfterCancel, "completeTransition(true) was called after the "
                    + "transition was cancelled; pass not ctx:transitionWasCancelled()")
            }
            context.completeTransition(didComplete)
            return 0
        }
    }

    static let transitionWasCancelled: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            arguments.push(try runtime.context(at: 1).transitionWasCancelled)
            return 1
        }
    }

    static let update: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            try refuseInQuestion(runtime, "updateInteractiveTransition")
            let context = try runtime.context(at: 1)
            let percent = try arguments.number(2)
            if interactive(runtime, context, "updateInteractiveTransition", ending: false) { context.updateInteractiveTransition(percent) }
            return 0
        }
    }

    static let finish: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            try refuseInQuestion(runtime, "finishInteractiveTransition")
            let context = try runtime.context(at: 1)
            if interactive(runtime, context, "finishInteractiveTransition", ending: true) { context.finishInteractiveTransition() }
            return 0
        }
    }

    static let cancel: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            try refuseInQuestion(runtime, "cancelInteractiveTransition")
            let context = try runtime.context(at: 1)
            if interactive(runtime, context, "cancelInteractiveTransition", ending: true) { context.cancelInteractiveTransition() }
            return 0
        }
    }

    /// Whether an interactive call reaches UIKit: on a transition no interaction controller drives, or (finish and
    /// cancel) once its interaction has been finished or cancelled, UIKit ignores it, and the entry is told at the call.
    private static func interactive(_ runtime: ScriptRuntime, _ context: TransitionContext, _ name: String, ending: Bool) -> Bool {
        guard !context.hasEnded, !context.isComplete else { return false }
        if !context.hasInteraction {
            runtime.find(.warning, hook: runtime.currentHook, location: runtime.state.callerLocation(),
                         "\(name) was called on a transition no interaction controller drives (it is not interactive): UIKit ignores it")
            return false
        }
        if ending && !context.awaitsInteraction {
            runtime.find(.warning, hook: runtime.currentHook, location: runtime.state.callerLocation(),
                         "\(name) was called after the transition's interaction was already finished or cancelled: UIKit ignores it")
            return false
        }
        return true
    }

    static let controllerIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let controller = try runtime.controller(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "view": runtime.push(controller.view)
            case "name": arguments.push(controller.name)
            case "modalPresentationStyle": arguments.push(controller.modalPresentationStyle.rawValue)
            case "preferredContentSize": runtime.push(controller.preferredContentSize)
            case "presentingViewController": runtime.push(controller.presentingViewController)
            case "presentedViewController": runtime.push(controller.presentedViewController)
            case "transitionCoordinator": runtime.push(controller.presentationController?.transitionCoordinator)
            case "presentationController":
                // The entry's own controller (its `self`, with the fields the entry keeps on it), as UIKit's
                // `presentationController` is the subclass the delegate made; nil under any other.
                if let own = controller.presentationController as? ScriptedPresentationController, own.runtime === runtime {
                    runtime.state.push(own.instance)
                } else {
                    runtime.state.pushNil()
                }
            case "dismiss": runtime.state.push(dismiss)
            case "beginAppearanceTransition": runtime.state.push(AppearanceBindings.begin)
            case "endAppearanceTransition": runtime.state.push(AppearanceBindings.end)
            case "modalPresentationCapturesStatusBarAppearance": arguments.push(controller.modalPresentationCapturesStatusBarAppearance)
            case "preferredStatusBarStyle": arguments.push((controller.statusBarPreferences?.style ?? .default).rawValue)
            case "prefersStatusBarHidden": arguments.push(controller.statusBarPreferences?.hidden ?? false)
            case "setNeedsStatusBarAppearanceUpdate": runtime.state.push(setNeedsStatusBarAppearanceUpdate)
            case "setContentScrollView": runtime.state.push(setContentScrollView)
            case "contentScrollView": runtime.state.push(contentScrollView)
            default:
                throw ScriptMistake(Suggestion.unknown("UIViewController", key, in: ["view", "name", "modalPresentationStyle",
                    "preferredContentSize", "presentingViewController", "presentedViewController", "transitionCoordinator",
                    "presentationController", "dismiss", "beginAppearanceTransition", "endAppearanceTransition",
                    "modalPresentationCapturesStatusBarAppearance", "preferredStatusBarStyle", "prefersStatusBarHidden",
                    "setNeedsStatusBarAppearanceUpdate", "setContentScrollView", "contentScrollView"]))
            }
            return 1
        }
    }

    /// controller.modalPresentationCapturesStatusBarAppearance = true: the one setting a controller takes; the rest of a
    /// controller is UIKit's or the app's.
    static let controllerNewIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let controller = try runtime.controller(at: 1)
            let key = try arguments.name(2)
            guard key == "modalPresentationCapturesStatusBarAppearance" else {
                throw ScriptMistake("a view controller's '\(Suggestion.shortened(key))' cannot be set here: only "
                    + "modalPresentationCapturesStatusBarAppearance is (its view, style and the rest are the app's or UIKit's)")
            }
            guard runtime.state.isBoolean(at: 3) else {
                throw ScriptMistake("modalPresentationCapturesStatusBarAppearance takes true or false")
            }
            controller.modalPresentationCapturesStatusBarAppearance = runtime.state.boolean(at: 3)
            return 0
        }
    }

    /// controller:setNeedsStatusBarAppearanceUpdate(): the status bar asks its controller in charge again, and changes
    /// along with the animation block this is called in.
    static let setNeedsStatusBarAppearanceUpdate: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            _ = try runtime.controller(at: 1)
            runtime.simulation.setNeedsStatusBarAppearanceUpdate()
            return 0
        }
    }

    /// controller:dismiss(animated): the top presented controller's dismissal (UIKit refuses it during a transition).
    /// controller:setContentScrollView(scrollView[, edge]): UIKit's setContentScrollView(_:) for every edge UIKit keeps
    /// (the top and the bottom), or setContentScrollView(_:for:) for "top" or "bottom". nil clears them.
    static let setContentScrollView: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let controller = try runtime.controller(at: 1)
            let state = runtime.state
            guard state.top <= 3 else { throw ScriptMistake("setContentScrollView takes a scroll view and at most one edge") }
            let scrollView = state.isNil(at: 2) ? nil : try runtime.view(at: 2)
            if let scrollView, !scrollView.isScrollView {
                throw ScriptMistake("setContentScrollView takes a scroll view (UIScrollView.new{…}); '\(scrollView.name)' is not one")
            }
            var edges = ViewController.DirectionalEdge.allCases
            if !state.isNil(at: 3) {
                guard state.typeName(at: 3) == "string", let name = state.name(at: 3), let edge = ViewController.DirectionalEdge(rawValue: name) else {
                    throw ScriptMistake("setContentScrollView's edge is \"top\" or \"bottom\" (leave it out for both)")
                }
                edges = [edge]
            }
            for edge in edges { controller.contentScrollViews[edge] = scrollView }
            return 0
        }
    }

    /// controller:contentScrollView(edge): the scroll view set for that edge, or nil.
    static let contentScrollView: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let controller = try runtime.controller(at: 1)
            let state = runtime.state
            guard state.typeName(at: 2) == "string", let name = state.name(at: 2), let edge = ViewController.DirectionalEdge(rawValue: name) else {
                throw ScriptMistake("contentScrollView takes the edge \"top\" or \"bottom\" (UIKit raises an exception for any other)")
            }
            runtime.push(controller.contentScrollViews[edge])
            return 1
        }
    }

    static let dismiss: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let controller = try runtime.controller(at: 1)
            let animated = runtime.state.isNil(at: 2) ? true : try runtime.flag(at: 2)
            let simulation = runtime.simulation
            // The presented controller on top, or (as UIKit lets it) the one that presented it.
            let top = simulation.topViewController
            guard (controller === top && controller.presentingViewController != nil) || controller.presentedViewController === top else {
                throw ScriptMistake("dismiss is for the presented controller on top, or the one that presented it: "
                    + "'\(controller.name)' is neither")
            }
            simulation.dismiss(animated: animated)
            return 0
        }
    }

    static let coordinatorIndex: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, arguments in
            let coordinator = try runtime.coordinator(at: 1)
            let key = try arguments.name(2)
            switch key {
            case "transitionDuration": arguments.push(coordinator.transitionDuration)
            case "isInteractive": arguments.push(coordinator.isInteractive)
            case "isCancelled": arguments.push(coordinator.isCancelled)
            case "animateAlongsideTransition", "animate": runtime.state.push(alongside)
            default:
                throw ScriptMistake(Suggestion.unknown("the transition coordinator", key,
                    in: ["transitionDuration", "isInteractive", "isCancelled", "animateAlongsideTransition"]))
            }
            return 1
        }
    }

    /// coordinator:animateAlongsideTransition(function() … end, function() … end)
    static let alongside: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let coordinator = try runtime.coordinator(at: 1)
            func keep(_ index: Int32, hook: String) -> (() -> Void)? {
                guard runtime.state.isFunction(at: index) else { return nil }
                runtime.state.pushCopy(of: index)
                let reference = runtime.state.reference()
                return { [weak runtime] in runtime?.invoke(reference, hook: hook) }
            }
            coordinator.animate(alongsideTransition: keep(2, hook: "alongside animation"), completion: keep(3, hook: "alongside completion"))
            return 0
        }
    }
}

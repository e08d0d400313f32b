import Animation
import Geometry

/// A window, a root view controller and UIKit's presentation machinery on a
/// simulated clock. Nothing reads the wall clock: the caller advances time.
public final class Simulation {
    public let engine = AnimationEngine()
    public let window: View
    public let root: ViewController
    /// Every hook call, in order, with its time.
    public private(set) var hooks: [HookEvent] = []
    /// Every breach of the contract seen so far.
    public private(set) var diagnostics: [Diagnostic] = []
    var driver: TransitionDriver?
    var keyboardView: View?
    /// Where the keyboard is, or the zero rect when it is down.
    public internal(set) var keyboardFrame = Rect.zero
    private var pendingAnimationCheck: TransitionDriver?
    /// A cancelled transition's from-view, judged when the completion that
    /// called completeTransition has returned (flushCancelCheck).
    private var pendingCancelCheck: (() -> Void)?
    /// What a completed transition put on screen, to be looked at once all is idle.
    var pendingVisibilityCheck: (() -> Void)?
    /// The source row, to be looked at once all is idle after its screen shows again.
    var pendingSourceCheck: (() -> Void)?
    /// Asked between frames: true ends the run at once (the entry ran out of
    /// time or memory, and nothing it does afterwards is worth simulating).
    public var shouldStop: (() -> Bool)? {
        didSet { engine.shouldStop = shouldStop }
    }
    private var homes: [ObjectIdentifier: (view: View, index: Int)] = [:]
    /// The device the window is the screen of (its safe area), if one was named.
    public var device: Device? {
        didSet { layOutList() }
    }
    /// The presenting screen's list (a table view) under the root view, and
    /// its rows: views of their own, each drawn as one message of the inbox.
    public let list: View
    public internal(set) var rows: [View] = []
    /// The navigation controller the root controller is the root of: what
    /// `push` and `pop` work on.
    public let navigation: NavigationController
    /// The view a zooming transition grows from and returns to (iOS 18's
    /// zoom source, the tapped row of Material's container transform): one
    /// of `rows` unless set otherwise; see `TransitionContext.sourceView`.
    public var sourceView: View?
    /// Fingers on the screen outside a transition (a drag that moves views itself), for previews.
    public var fingers: [Point]?
    /// `UIAccessibility.isReduceMotionEnabled`. While it is on, what each
    /// scripted transition moves is measured, and large motion reported.
    public var reduceMotion = false
    var motion = MotionMeter()
    /// How many views the last sample showed (the next one reserves room for them).
    var lastSampleCount = 0

    /// `listRows: false` leaves the presenting screen without its list (no
    /// `ctx.sourceView`): the engine benchmark's bare three-view scene.
    public init(windowSize: Size = Size(width: 390, height: 844), listRows: Bool = true) {
        window = engine.makeView(name: "window", frame: Rect(origin: .zero, size: windowSize))
        root = ViewController(name: "presenting", view: engine.makeView(name: "presenting", frame: window.bounds))
        root.view.autoresizingMask = .flexibleSize
        root.view.backgroundColor = .systemBackground
        window.addSubview(root.view)
        navigation = NavigationController(root: root)
        list = engine.makeView(name: "list")
        list.isScrollView = true
        guard listRows else { return }
        root.view.addSubview(list)
        layOutList()
        sourceView = visibleRow(Self.defaultSourceRow) ?? visibleRows.last
    }

    /// A presented controller and its presentation controller hold each other
    /// (as in UIKit) until a dismissal unlinks them; a run that ends while
    /// presented unlinks them here, or every such run would leak its views.
    deinit {
        var presenter: ViewController? = root
        while let current = presenter {
            presenter = current.presentedViewController
            current.presentedViewController = nil
            current.presentationController = nil
            current.transitioningDelegate = nil
        }
    }

    public var now: Double { engine.now }
    public var isTransitioning: Bool { driver != nil }
    public var sizeClass: SizeClass { SizeClass.horizontal(for: window.bounds.size) }

    public func makeViewController(name: String) -> ViewController {
        let view = engine.makeView(name: name, frame: window.bounds)
        view.autoresizingMask = .flexibleSize
        return ViewController(name: name, view: view)
    }

    /// The controller on top of the presentation stack.
    public var topViewController: ViewController {
        var top = root
        while let next = top.presentedViewController { top = next }
        return top
    }

    func record(_ hook: String, _ detail: String? = nil) {
        engine.onAllocate?(96 + hook.utf8.count + (detail?.utf8.count ?? 0))
        hooks.append(HookEvent(time: engine.now, hook: hook, detail: detail))
    }

    func diagnose(_ kind: Diagnostic.Kind, hook: String? = nil, _ message: String) {
        engine.onAllocate?(128 + message.utf8.count)
        diagnostics.append(.make(kind, hook: hook, at: engine.now, message))
    }

    /// Calls a query hook and reports it if it changed the view hierarchy.
    func query<T>(_ name: String, _ body: () -> T) -> T {
        record(name)
        let before = fingerprint()
        let result = body()
        if fingerprint() != before {
            diagnose(.hierarchyChangedInQuery, hook: name, "\(name) changed the view hierarchy; UIKit may call it many times, "
                + "so it must only answer (add views in presentationTransitionWillBegin)")
        }
        return result
    }

    private func fingerprint() -> [Int] {
        func walk(_ view: View) -> [Int] { [view.id, -1] + view.subviews.flatMap(walk) + [-2] }
        return walk(window) + (driver.map { walk($0.container) } ?? [])
    }

    // MARK: Present and dismiss

    /// `present(_:animated:completion:)` from the top controller.
    public func present(_ presented: ViewController, animated: Bool = true, interaction plan: InteractionPlan? = nil,
                        completion: (() -> Void)? = nil) {
        guard refuseDuringTransition("present") else { return }
        flushAnimationCheck()
        reportMotion()
        let presenter = topViewController
        let delegate = presented.transitioningDelegate
        var style = presented.modalPresentationStyle
        if style == .none {
            diagnose(.unsupportedStyle, "modalPresentationStyle none cannot be presented; UIKit raises an exception")
            return
        }
        if presented.modalTransitionStyle == .partialCurl && style != .fullScreen {
            diagnose(.unsupportedStyle, "partialCurl works only with the fullScreen presentation style; UIKit raises an exception")
            return
        }
        let controller: PresentationController
        if style == .custom {
            record("presentationController(forPresented:presenting:source:)")
            let own = delegate?.presentationController(forPresented: presented, presenting: presenter, source: presenter)
                ?? PresentationController(presented: presented, presenting: presenter)
            let adapted = adaptation(of: own, for: presented)
            if adapted == .none {
                controller = own
            } else {
                // Our reading of UIKit: an adapted presentation is that style's, with UIKit's own
                // controller (as a popover adapted on a phone shows none of its chrome); the
                // transitioning delegate's animator still runs.
                controller = BuiltinPresentationController(presented: presented, presenting: presenter)
                controller.delegate = own.delegate
                style = adapted
            }
        } else {
            // UIKit gives page and form sheets its sheet controller on every width (iOS 15):
            // detents on a compact one, a dimmed card on a regular one.
            controller = style.isSheet
                ? SheetPresentationController(presented: presented, presenting: presenter,
                                              configuration: presented.sheetConfiguration, simulation: self)
                : BuiltinPresentationController(presented: presented, presenting: presenter)
            controller.presentationStyle = style
            let adapted = adaptation(of: controller, for: presented)
            if adapted != .none { style = adapted }
        }
        controller.presentationStyle = style
        record("animationController(forPresented:presenting:source:)")
        let custom = delegate?.animator(forPresented: presented, presenting: presenter, source: presenter)
        let animator = custom ?? BuiltinAnimator(style: presented.modalTransitionStyle)
        var interaction: InteractionController?
        if let custom {
            record("interactionControllerForPresentation(using:)")
            interaction = delegate?.interactionController(forPresentation: custom)
        }
        if interaction == nil, plan != nil { interaction = PercentDrivenInteractiveTransition(animator: animator) }

        presenter.presentedViewController = presented
        presented.presentingViewController = presenter
        presented.presentationController = controller
        controller.presenterViewsAtStart = Dictionary(uniqueKeysWithValues: presenter.view.descendants.map { (ObjectIdentifier($0), $0) })
        // Not in full screen: only the current context, the presenter's view, is covered.
        let context = controller.shouldPresentInFullscreen ? nil : presenter.view.convert(presenter.view.bounds, to: nil)
        let container = engine.makeView(name: "container", frame: context ?? window.bounds)
        container.autoresizingMask = .flexibleSize
        window.addSubview(container)
        controller.containerView = container
        let removesPresenter = controller.shouldRemovePresentersView || presented.modalTransitionStyle == .partialCurl
        if let home = presenter.view.superview {
            homes[ObjectIdentifier(presenter)] = (home, home.subviews.firstIndex { $0 === presenter.view } ?? 0)
        }
        if removesPresenter { container.addSubview(presenter.view) }

        let driver = TransitionDriver(simulation: self, operation: .present, presented: presented, presenter: presenter,
                                      controller: controller, animator: animator, interaction: interaction,
                                      container: container, animated: animated)
        driver.completion = completion
        self.driver = driver
        let presenterFrame = presenter.view.frame
        let frames = (initial: [ObjectIdentifier(presenter): presenterFrame],
                      final: [ObjectIdentifier(presenter): controller.shouldRemovePresentersView ? Rect.zero : presenterFrame])
        driver.begin(frames: frames, fromView: controller.shouldRemovePresentersView ? presenter.view : nil,
                     toView: presented.view)
        schedule(plan, for: driver)
    }

    /// UIKit's adaptation in compact width: what the controller (a subclass,
    /// or its delegate) says, recorded, else its style's own adaptation.
    private func adaptation(of controller: PresentationController, for presented: ViewController) -> PresentationStyle {
        controller.delegate = presented.presentationControllerDelegate
        guard sizeClass == .compact else { return .none }
        if let answer = controller.adaptivePresentationStyle(for: TraitCollection(windowSize: window.bounds.size)),
           PresentationStyle.compactAdaptations.contains(answer) {
            record("adaptivePresentationStyle(for:traitCollection:)", answer.rawValue)
            return answer
        }
        return controller.adaptivePresentationStyle(for: sizeClass)
    }

    /// `dismiss(animated:completion:)` of the top presented controller.
    public func dismiss(animated: Bool = true, interaction plan: InteractionPlan? = nil, completion: (() -> Void)? = nil) {
        guard refuseDuringTransition("dismiss") else { return }
        flushAnimationCheck()
        reportMotion()
        let presented = topViewController
        guard let presenter = presented.presentingViewController, let controller = presented.presentationController,
              let container = controller.containerView else { return }
        let delegate = presented.transitioningDelegate
        record("animationController(forDismissed:)")
        let custom = delegate?.animator(forDismissed: presented)
        let animator = custom ?? BuiltinAnimator(style: presented.modalTransitionStyle)
        var interaction: InteractionController?
        if let custom {
            record("interactionControllerForDismissal(using:)")
            interaction = delegate?.interactionController(forDismissal: custom)
        }
        if interaction == nil, plan != nil { interaction = PercentDrivenInteractiveTransition(animator: animator) }
        let driver = TransitionDriver(simulation: self, operation: .dismiss, presented: presented, presenter: presenter,
                                      controller: controller, animator: animator, interaction: interaction,
                                      container: container, animated: animated)
        driver.completion = completion
        self.driver = driver
        // UIKit's own look at the view to hand over; the hook call proper
        // comes after dismissalTransitionWillBegin.
        let presentedView = controller.presentedView
        let handsOverPresenter = controller.shouldRemovePresentersView || presented.modalTransitionStyle == .partialCurl
        let frames = (initial: [ObjectIdentifier(presented): presentedView.frame],
                      final: [ObjectIdentifier(presenter): window.bounds])
        driver.begin(frames: frames, fromView: presentedView, toView: handsOverPresenter ? presenter.view : nil)
        schedule(plan, for: driver)
    }

    /// UIKit refuses a present or dismiss while a transition runs ("Attempt
    /// to present … while a presentation is in progress") and goes on.
    func refuseDuringTransition(_ call: String) -> Bool {
        guard driver != nil else { return true }
        diagnose(.presentedWhileTransitioning, "\(call) was called while a transition was still running; UIKit refuses it "
            + "and the transition in progress must complete first")
        return false
    }

    func schedule(_ plan: InteractionPlan?, for driver: TransitionDriver) {
        guard let plan, driver.interaction != nil else { return }
        driver.interactionPlan = plan.steps.map { (driver.startTime + $0.time, $0.action) }
        driver.scrollView = plan.scrollView
        driver.responder = plan.responder
    }

    /// After completeTransition: UIKit's clean-up and the hooks that follow.
    func finish(_ driver: TransitionDriver, completed: Bool) {
        if let controller = driver.controller {
            finishPresentation(driver, controller: controller, completed: completed)
        } else {
            finishNavigation(driver, completed: completed)
        }
        finishCommon(driver, completed: completed)
    }

    /// A presentation's or dismissal's clean-up and its controller's did-end hook.
    private func finishPresentation(_ driver: TransitionDriver, controller: PresentationController, completed: Bool) {
        let presented = driver.presented, presenter = driver.presenter
        let container = driver.container
        if driver.presenting {
            if completed {
                if controller.shouldRemovePresentersView && presented.modalTransitionStyle != .partialCurl {
                    presenter.view.removeFromSuperview()
                }
            } else {
                if movedPresenter(driver) { restoreHome(of: presenter) }
                container.removeFromSuperview()
            }
            record("presentationTransitionDidEnd", String(completed))
            controller.presentationTransitionDidEnd(completed)
            if completed { pendingVisibilityCheck = { [unowned self] in checkVisible(controller) } }
            if completed {
                let final = controller.frameOfPresentedViewInContainerView
                let actual = controller.presentedView.frame
                if final != .zero && !close(actual, final) {
                    diagnose(.presentedViewNotAtFinalFrame, "the presented view ends at \(describe(actual)) but "
                        + "frameOfPresentedViewInContainerView (finalFrame(for:)) is \(describe(final)); set its frame to finalFrame")
                }
            } else {
                unlink(presented, from: presenter)
                checkChrome(driver, when: "a cancelled presentation", hook: "presentationTransitionDidEnd", completed: false)
            }
        } else {
            if completed {
                container.removeFromSuperview()
                // Only a view UIKit moved itself goes back; one an animator
                // removed stays missing (bug class 1, reported below).
                if movedPresenter(driver) { restoreHome(of: presenter) }
                unlink(presented, from: presenter)
            } else if controller.shouldRemovePresentersView && presenter.view.superview === container {
                presenter.view.removeFromSuperview()
            }
            record("dismissalTransitionDidEnd", String(completed))
            controller.dismissalTransitionDidEnd(completed)
            if completed {
                checkChrome(driver, when: "a completed dismissal", hook: "dismissalTransitionDidEnd", completed: true)
                if !presenter.view.isDescendant(of: window) {
                    diagnose(.presentingViewMissing, "after the dismissal the presenting view is not in the window: "
                        + "the user would see a black screen (an animator removed a view it was not handed)")
                }
            }
        }
    }

    /// What every transition ends with: the completion, animationEnded and the coordinator's completions.
    private func finishCommon(_ driver: TransitionDriver, completed: Bool) {
        // The presenting screen shows again: its tapped row must too, once everything is still.
        if driver.presenting != completed {
            let what = completed ? "the \(driver.operation == .pop ? "pop" : "dismissal")"
                : "the cancelled \(driver.operation == .push ? "push" : "presentation")"
            pendingSourceCheck = { [unowned self] in checkSourceShown(after: what) }
        }
        if !completed, let start = driver.fromStateAtStart, let fromView = driver.context.view(forKey: .from) {
            // Judged once the code that called completeTransition has returned:
            // a restore written after the call, in the same completion, is a restore.
            let presenter = driver.presenter.view, presenterAtStart = driver.presenterAtStart
            pendingCancelCheck = { [unowned self] in
                if changedAfterCancel(start, fromView.model) {
                    diagnose(.modelChangedAfterCancel, "after the cancel, the from-view '\(fromView.name)' keeps the values set in the "
                        + "animation block (only what is on screen rolled back); restore them in the completion when transitionWasCancelled")
                }
                // The screen behind a modal that stays: moved, changed or put in front, it covers or crowds the modal.
                // Only a presenter that stayed in the window (a style that keeps it): one taken out is the engine's to put back.
                guard let presenterAtStart, presenterAtStart.superview != nil, presenter !== fromView else { return }
                let index = presenter.superview?.sublayers.firstIndex { $0 === presenter }
                if changedAfterCancel(presenterAtStart.state, presenter.model) || presenter.superview !== presenterAtStart.superview
                    || index != presenterAtStart.index {
                    diagnose(.modelChangedAfterCancel, "after the cancelled dismissal, the presenting view '\(presenter.name)' is left "
                        + "moved (its frame, alpha, transform or place among its siblings changed) while the modal stays presented; "
                        + "put it back in the completion when transitionWasCancelled")
                }
            }
        }
        measureMotion(force: true)
        record("completion")
        driver.completion?()
        record("animationEnded", String(completed))
        driver.animator.animationEnded(completed)
        for completion in driver.coordinator.completions {
            record("alongsideCompletion")
            completion()
        }
        // Checked after the coordinator's completions, the last place to put chrome back.
        if completed, driver.operation == .dismiss, let controller = driver.controller {
            checkPresenterLeftAsItWas(driver.presenter, controller)
        }
        if !completed && !driver.presenting {
            for (view, start) in zip(driver.chrome, driver.chromeAtStart) where changedAfterCancel(start, view.model) {
                diagnose(.modelChangedAfterCancel, hook: "dismissalTransitionWillBegin",
                         "after the cancel, '\(view.name)' keeps the values set in the alongside "
                    + "animation (only what is on screen rolled back); restore them in the coordinator's completion when it isCancelled")
            }
        }
        driver.controller?.transitionCoordinator = nil
        pendingAnimationCheck = driver
        self.driver = nil
    }

    private func movedPresenter(_ driver: TransitionDriver) -> Bool {
        (driver.controller?.shouldRemovePresentersView ?? false) || driver.presented.modalTransitionStyle == .partialCurl
    }

    private func unlink(_ presented: ViewController, from presenter: ViewController) {
        presenter.presentedViewController = nil
        presented.presentingViewController = nil
        presented.presentationController = nil
    }

    private func restoreHome(of presenter: ViewController) {
        guard let home = homes[ObjectIdentifier(presenter)], presenter.view.superview !== home.view else { return }
        home.view.insertSubview(presenter.view, at: home.index)
    }

    private func checkChrome(_ driver: TransitionDriver, when: String, hook: String, completed: Bool) {
        let left = driver.chrome.filter { $0.superview != nil && $0.isDescendant(of: driver.container) }
        // Once per outermost view: a dimming view's own subviews go with it.
        let leftIDs = Set(left.map(ObjectIdentifier.init))
        for view in left where !(view.superview.map { leftIDs.contains(ObjectIdentifier($0)) } ?? false) {
            diagnose(.chromeLeftBehind, hook: hook, "'\(view.name)', added by the presentation controller, is still there "
                + "after \(when); remove it in \(hook)(\(completed))")
        }
    }

    /// Views added into the presenting screen's view during a presentation
    /// (dimming put on it, a snapshot parked there) and still in it after the
    /// dismissal: the presenting screen is no longer the one the user left.
    /// The list's rows are the host's own (added when the list grows).
    private func checkPresenterLeftAsItWas(_ presenter: ViewController, _ controller: PresentationController) {
        let rows = Set(self.rows.map(ObjectIdentifier.init))
        let added = presenter.view.descendants.filter {
            controller.presenterViewsAtStart[ObjectIdentifier($0)] == nil && !rows.contains(ObjectIdentifier($0))
        }
        controller.presenterViewsAtStart = [:]
        // One diagnostic for the outermost added views (their subviews went
        // with them), three at most, the last saying how many more.
        let addedIDs = Set(added.map(ObjectIdentifier.init))
        let outermost = added.filter { view in view.superview.map { !addedIDs.contains(ObjectIdentifier($0)) } ?? true }
        for (index, view) in outermost.prefix(3).enumerated() {
            let more = index == 2 && outermost.count > 3 ? " (and \(outermost.count - 3) more views like it)" : ""
            diagnose(.leftInPresentingView, "'\(view.name)' was added to the presenting "
                + "view during the presentation and is still in it after the dismissal\(more); remove it when the dismissal "
                + "completes (dismissalTransitionDidEnd(true), or the completion of the animation that hid it)")
        }
    }

    private func changedAfterCancel(_ a: ViewState, _ b: ViewState) -> Bool {
        !close(a.frame, b.frame) || abs(a.alpha - b.alpha) > 1e-6 || a.transform != b.transform
    }

    // MARK: Size changes

    /// A rotation or resize while presented: the window and containers take
    /// the new size and presentation controllers get viewWillTransition and
    /// a layout pass. Presented views follow only if their controller lays them out.
    public func setWindowSize(_ size: Size, duration: Double = 0.4) {
        let coordinator = TransitionCoordinator(duration: duration)
        let timeline = Timeline.live(startingAt: engine.now)
        let controllers = presentationControllers
        engine.withTimeline(timeline) {
            engine.animate(duration: duration, animations: {
                // Autoresizing carries the root view, the containers and
                // full-size presented views along.
                window.bounds = Rect(origin: .zero, size: size)
                window.center = Point(x: size.width / 2, y: size.height / 2)
                // The presenting screen lays its list out again, as Auto Layout would.
                layOutList()
                for controller in controllers {
                    controller.transitionCoordinator = coordinator
                    record("viewWillTransition(to:with:)", "\(Int(size.width))x\(Int(size.height))")
                    controller.viewWillTransition(to: size, with: coordinator)
                    record("containerViewWillLayoutSubviews")
                    controller.containerViewWillLayoutSubviews()
                    record("containerViewDidLayoutSubviews")
                    controller.containerViewDidLayoutSubviews()
                }
                coordinator.alongside.forEach { $0() }
            }, completion: { [self] _ in
                for completion in coordinator.completions { completion() }
                for controller in controllers {
                    controller.transitionCoordinator = nil
                    let expected = controller.frameOfPresentedViewInContainerView
                    let actual = controller.presentedView.frame
                    if !close(expected, actual) {
                        diagnose(.notLaidOutAfterSizeChange, "after the size change the presented view is at \(describe(actual)) "
                            + "but frameOfPresentedViewInContainerView is \(describe(expected)); set it in containerViewWillLayoutSubviews")
                    }
                }
            })
        }
    }

    // MARK: Time

    private func update(_ driver: TransitionDriver, to percent: Double) {
        if let interaction = driver.interaction as? PercentDrivenInteractiveTransition { interaction.update(percent) } else {
            driver.context.updateInteractiveTransition(percent)
        }
    }

    /// The release's completion speed and curve handed to the interaction; finish or cancel.
    private func settle(_ driver: TransitionDriver, _ release: GestureRelease) -> InteractionPlan.Action {
        if let interaction = driver.interaction as? PercentDrivenInteractiveTransition {
            if let speed = release.completionSpeed { interaction.completionSpeed = speed }
            if let curve = release.completionCurve { interaction.completionCurve = curve }
        }
        return release.finish ? .finish : .cancel
    }

    /// Moves the clock, applying interaction steps at their times.
    public func advance(to time: Double) {
        // A step due at this frame's time is applied before the frame is drawn, whatever the rounding of the two sums.
        while let driver, driver.nextStep < driver.interactionPlan.count, driver.interactionPlan[driver.nextStep].time <= time + 1e-9 {
            // By index: a gesture's plan holds an event every 1/60 s, and taking each from the front would copy the rest.
            let step = driver.interactionPlan[driver.nextStep]
            driver.nextStep += 1
            engine.advance(to: max(min(step.time, time), engine.now))
            if case .scroll(let y) = step.action {
                driver.scrollView?.contentOffset = Point(x: driver.scrollView?.contentOffset.x ?? 0, y: y)
                continue
            }
            var action = step.action
            switch action {
            case .touch(let sample):
                driver.fingers = sample.touches
                let percent = driver.responder?.percent(for: sample) ?? driver.percent
                action = .update(percent)
                guard sample.state == .changed, self.driver === driver,
                      let early = driver.responder?.finishesEarly(sample, percent: percent), self.driver === driver else { break }
                // Finished with the finger down: what is left of the gesture drives nothing.
                update(driver, to: percent)
                driver.nextStep = driver.interactionPlan.count
                driver.fingers = nil
                action = settle(driver, early)
            case .release(let sample):
                driver.fingers = nil
                // The lift carries the finger's last position: the percent follows it before the rule decides.
                if let percent = driver.responder?.percent(for: sample), self.driver === driver { update(driver, to: percent) }
                guard self.driver === driver else { continue }
                let release = driver.responder?.release(sample, percent: driver.percent) ?? GestureRelease(finish: driver.percent > 0.5)
                action = settle(driver, release)
            case .gestureCancelled:
                driver.fingers = nil
                action = .cancel
            default:
                break
            }
            // A responder may have ended the run (out of its limits) or the transition.
            guard self.driver === driver else { continue }
            if case .update(let p) = action { checkScroll(driver, percent: p) }
            guard let interaction = driver.interaction as? PercentDrivenInteractiveTransition else {
                applyDirect(action, driver)
                continue
            }
            switch action {
            case .update(let p): interaction.update(p)
            case .finish: interaction.finish()
            case .cancel: interaction.cancel()
            default: break
            }
        }
        engine.advance(to: time)
        flushAnimationCheck()
    }

    /// Judges the last transition's leftover animations (once the clock has
    /// moved past its end, or a new transition starts), and lets it go.
    func flushAnimationCheck() {
        flushCancelCheck()
        if let checked = pendingAnimationCheck {
            pendingAnimationCheck = nil
            checkAnimationsEnded(checked)
        }
    }

    func flushCancelCheck() {
        if let check = pendingCancelCheck {
            pendingCancelCheck = nil
            check()
        }
    }

    private func applyDirect(_ action: InteractionPlan.Action, _ driver: TransitionDriver) {
        switch action {
        case .update(let p): driver.context.updateInteractiveTransition(p)
        case .finish: driver.context.finishInteractiveTransition()
        case .cancel: driver.context.cancelInteractiveTransition()
        default: break
        }
    }

    /// Bug class 1 and 4 from the presented side: a presentation that
    /// completed but shows nothing leaves the user at a screen that ignores
    /// them (the presented view has the touches now).
    private func checkVisible(_ controller: PresentationController) {
        guard controller.presentedViewController.presentingViewController != nil else { return }
        checkVisible(controller.presentedView, after: "the presentation")
    }

    /// Whether `view`, what a transition that completed was to show, shows:
    /// in the window, not hidden or transparent, and at least partly on screen.
    func checkVisible(_ view: View, after transition: String, cancelled: Bool = false) {
        let name = view.name
        guard view.isDescendant(of: window) else {
            return diagnose(.presentedViewNotVisible, "after \(transition) '\(name)' is not in the window: the user sees "
                + "nothing new and the app ignores them (a black or frozen screen); "
                + (cancelled ? "leave ctx:viewForKey(\"from\") in ctx.containerView" : "add ctx:viewForKey(\"to\") to ctx.containerView"))
        }
        var opacity = 1.0
        var current: View? = view
        while let layer = current, layer !== window {
            let state = layer.presentation
            if state.isHidden { opacity = 0 }
            opacity *= state.alpha
            current = layer.superview
        }
        if opacity < 0.01 {
            return diagnose(.presentedViewNotVisible, "after \(transition) '\(name)' is invisible (hidden, or an alpha "
                + "of 0 on it or a superview): the user sees nothing new and the app ignores them; end with alpha 1")
        }
        let projection = projection(of: view)
        let ws = Quad(view.presentation.bounds).points.map(projection.w(at:))
        // As the renderer draws it: wholly at or behind the eye, nothing of it; partly, only what is in front (somewhere on screen).
        if ws.allSatisfy({ !($0 > 0) }) {
            return diagnose(.presentedViewNotVisible, "after \(transition) '\(name)' is at or behind the eye: its transform (or a "
                + "superview's) leaves it no depth in front of the viewer (m44 of 0 or less, or a z translation of the eye's "
                + "distance, 1/-m34, or more), so nothing of it is drawn and the app ignores the user; end with CATransform3DIdentity")
        }
        if ws.contains(where: { !($0 > 0) }) { return }
        let points = Quad(view.presentation.bounds).map(projection.apply).points
        let xs = points.map(\.x), ys = points.map(\.y)
        let box = Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        let bounds = window.bounds
        if box.maxX <= bounds.minX || box.minX >= bounds.maxX || box.maxY <= bounds.minY || box.minY >= bounds.maxY || box.width * box.height < 1 {
            diagnose(.presentedViewNotVisible, "after \(transition) '\(name)' is entirely off screen, at \(describe(box)): "
                + "the user sees nothing new and the app ignores them; end at ctx:finalFrame(toVC)")
        }
    }

    /// Bug class 7: the sheet moves while the content it holds is scrolled.
    private func checkScroll(_ driver: TransitionDriver, percent: Double) {
        guard percent > 0, !driver.reportedScroll else { return }
        func scrolled(_ view: View) -> View? {
            if view.isScrollView && view.contentOffset.y > 0.5 { return view }
            return view.subviews.lazy.compactMap(scrolled).first
        }
        if let view = scrolled(driver.presented.view) {
            driver.reportedScroll = true
            diagnose(.dismissedWhileScrolled, "the dismissal moved while '\(view.name)' was scrolled "
                + "\(formatted(view.contentOffset.y, decimals: 1)) pt down; scroll it to the top before the drag dismisses")
        }
    }

    private func checkAnimationsEnded(_ driver: TransitionDriver) {
        guard let end = driver.completedAt else { return }
        let late = engine.runningAnimations(on: driver.timeline, endingAfter: end)
        if late > 0 {
            diagnose(.animationsStillRunning, "\(late) animation(s) of the transition were still running after "
                + "completeTransition; call it from the completion of the last animation")
        }
    }

    /// Steps the clock at `fps` until nothing is animating or transitioning,
    /// or `limit` seconds pass; a transition still open then never completed.
    public func runUntilIdle(fps: Double = 60, limit: Double = 10, sample: ((Simulation) -> Void)? = nil) {
        let start = now
        let step = 1 / fps
        var frame = 0
        measureMotion(force: true)
        sample?(self)
        while (isTransitioning || engine.hasRunningAnimations) && now - start < limit && !(shouldStop?() ?? false) {
            frame += 1
            advance(to: start + Double(frame) * step)
            measureMotion()
            sample?(self)
        }
        flushCancelCheck()
        if driver == nil, !engine.hasRunningAnimations, !(shouldStop?() ?? false) { reportMotion() }
        if driver == nil, engine.hasRunningAnimations, now - start >= limit, !(shouldStop?() ?? false) {
            diagnose(.animationsStillRunning, "animations were still running \(String(format: "%g", limit)) s after the transition "
                + "ended, the longest a run is followed: a repeating animation, or a completion that starts another each time, "
                + "never lets the screen settle")
        }
        if driver == nil, !engine.hasRunningAnimations, !(shouldStop?() ?? false) {
            for check in [pendingVisibilityCheck, pendingSourceCheck].compactMap({ $0 }) { check() }
            (pendingVisibilityCheck, pendingSourceCheck) = (nil, nil)
        }
        if let driver, driver.completed == nil, !(shouldStop?() ?? false) {
            if engine.hasRunningAnimations && now - start >= limit {
                // Still animating when the run gives up: a transition longer than a run is followed, not a forgotten call.
                diagnose(.neverCompleted, "the transition is still animating after \(String(format: "%g", limit)) s, the longest "
                    + "a run is followed, and completeTransition has not been called: keep a transition under "
                    + "\(String(format: "%g", limit)) s (UIKit's own take well under one)")
            } else {
                diagnose(.neverCompleted, "completeTransition is never called: UIKit would leave the app frozen "
                    + "(the window ignores touches and nothing completes); call it in the last animation's completion")
            }
        }
    }
}

/// One hook call in the trace.
public struct HookEvent: Sendable, Equatable, Codable {
    public let time: Double
    public let hook: String
    public let detail: String?
}

func close(_ a: Rect, _ b: Rect, tolerance: Double = 0.5) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

func describe(_ r: Rect) -> String {
    func n(_ v: Double) -> String { formatted(v, decimals: 1) }
    return "(\(n(r.minX)), \(n(r.minY)), \(n(r.width)), \(n(r.height)))"
}

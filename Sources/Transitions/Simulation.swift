import Animation
import Geometry
import RenderTree

/// A window, a root view controller and UIKit's presentation machinery on a
/// simulated clock. Nothing reads the wall clock: the caller advances time.
public final class Simulation {
    public let engine = AnimationEngine()
    /// Held by what must not keep the simulation alive (its timers' calls, a
    /// sheet, a scroll view's pan): weak references without a side table (`Link`).
    public let link = Link<Simulation>()
    public let window: View
    public let root: ViewController
    /// Every hook call, in order, with its time.
    public private(set) var hooks: [HookEvent] = []
    /// Told every event of the run as it happens (the contract's rules, a recorder).
    public var observers: [SimulationObserver] {
        get { observerList }
        set { observerList = newValue }
    }
    public internal(set) var driver: TransitionDriver? {
        get { runningDriver }
        set { runningDriver = newValue }
    }
    // Their storage, not public: each frame reads them, and a public property is checked for exclusive access at run
    // time on every read (see View's stored properties).
    private var observerList: [SimulationObserver] = []
    private var runningDriver: TransitionDriver?
    var keyboardView: View?
    /// Where the keyboard is, or the zero rect when it is down.
    public internal(set) var keyboardFrame = Rect.zero
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
    /// The presenting screen's controls made views of their own so far (`control(_:)`).
    public internal(set) var controls: [ListLayout.Control: View] = [:]
    /// Fingers on the screen outside a transition (a drag that moves views itself), for previews.
    public var fingers: [Point]?
    /// `UIAccessibility.isReduceMotionEnabled`.
    public var reduceMotion = false
    /// The status bar's look and its change under way (`Simulation+StatusBar`).
    var statusBar = StatusBarState()
    /// Light or dark (`--appearance`): what UIKit's dynamic colours resolve to. The presenting screen's background follows.
    public var interfaceStyle = InterfaceStyle.light {
        didSet { root.view.backgroundColor = SystemPalette.of(interfaceStyle).background }
    }
    /// How many views the last sample showed (the next one reserves room for them).
    var lastSampleCount = 0
    /// Samples at full precision rather than rounded to 1/10000 (export --verify's comparison).
    public var exactSamples = false
    /// Told the display links a transition left running (and the engine invalidated at its end).
    public var displayLinksLeftRunning: (([DisplayLink]) -> Void)?
    /// Told of the controllers a script began an appearance transition on by hand and never ended, when the next
    /// transition is asked for or the run settles with none under way (`ViewController+Appearance`): an end made after
    /// completeTransition, or in work the did-end hook scheduled, is in time.
    public var appearanceLeftChanging: (([ViewController]) -> Void)?
    /// The controllers begun by hand since the last report, in the order first begun.
    var controllersBegunByHand: [ViewController] = []

    /// `listRows: false` leaves the presenting screen without its list (no
    /// `ctx.sourceView`): the engine benchmark's bare three-view scene.
    public init(windowSize: Size = Size(width: 390, height: 844), listRows: Bool = true) {
        window = engine.makeView(name: "window", frame: Rect(origin: .zero, size: windowSize))
        root = ViewController(name: "presenting", view: engine.makeView(name: "presenting", frame: window.bounds))
        root.view.autoresizingMask = .flexibleSize
        root.view.backgroundColor = .systemBackground
        window.addSubview(root.view)
        root.appearance = .appeared
        navigation = NavigationController(root: root)
        list = engine.makeView(name: "list")
        // Timers are in the trace as hook lines, at the instant they run.
        list.isScrollView = true
        link.attach(self)
        engine.onTimer = { [link] name, detail in link.object?.record(name, detail) }
        guard listRows else { return }
        root.view.addSubview(list)
        layOutList()
        sourceView = visibleRow(Self.defaultSourceRow) ?? visibleRows.last
    }

    /// A presented controller and its presentation controller hold each other
    /// (as in UIKit) until a dismissal unlinks them; a run that ends while
    /// presented unlinks them here, or every such run would leak its views.
    deinit {
        link.clear()
        var presenter: ViewController? = root
        while let current = presenter {
            presenter = current.presentedViewController
            current.presentedViewController = nil
            current.presentationController = nil
            current.transitioningDelegate = nil
        }
    }

    /// The pan of a scroll view sharing the drag under way with the app's recognizer (a transition's, or a drag of the
    /// presented screen's), from the drag's first movement until the transition or the drag ends.
    public var sharedScroll: ScrollViewPan?

    public var now: Double { engine.now }
    public var isTransitioning: Bool { driver != nil }
    /// The transition running now, if any.
    public var transition: TransitionDriver? { driver }
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

    func emit(_ event: SimulationEvent) {
        for observer in observers { observer.simulation(self, did: event) }
    }

    /// Calls a query hook, telling the observers before and after.
    func query<T>(_ name: String, _ body: () -> T) -> T {
        record(name)
        emit(.queryWillBegin(hook: name))
        let result = body()
        emit(.queryDidEnd(hook: name))
        return result
    }

    // MARK: Present and dismiss

    /// `present(_:animated:completion:)` from the top controller.
    public func present(_ presented: ViewController, animated: Bool = true, interaction plan: InteractionPlan? = nil,
                        completion: (() -> Void)? = nil) {
        guard refuseDuringTransition("present") else { return }
        reportAppearanceLeftOpen()
        emit(.transitionRequested)
        let presenter = topViewController
        let delegate = presented.transitioningDelegate
        var style = presented.modalPresentationStyle
        if style == .none { return emit(.refused(.styleNone)) }
        if presented.modalTransitionStyle == .partialCurl && style != .fullScreen {
            return emit(.refused(.partialCurlOutsideFullScreen))
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
        // A view going into the window is laid out afresh, whatever size it had the last time.
        presented.laidOutSize = nil
        emit(.presentationWillBegin(controller))
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
        emit(.transitionWillBegin(driver))
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
        reportAppearanceLeftOpen()
        emit(.transitionRequested)
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
        emit(.transitionWillBegin(driver))
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
        emit(.refused(.duringTransition(call: call)))
        return false
    }

    func schedule(_ plan: InteractionPlan?, for driver: TransitionDriver) {
        guard let plan, driver.interaction != nil else { return }
        driver.interactionPlan = plan.steps.map { (driver.startTime + $0.time, $0.action) }
        driver.scrollView = plan.scrollView
        driver.responder = plan.responder
        driver.scrollPan = plan.scrollPan
        driver.watchedScroll = plan.watchedScroll
        sharedScroll = plan.scrollPan ?? plan.watchedScroll
        // The move that began the gesture is the one whose action started this transition: an interaction controller of
        // the app's own is told of it at once, right after its startInteractiveTransition, as that action goes on to.
        if let own = driver.interaction as? SelfDrivenInteraction, case .touch(let first)? = driver.interactionPlan.first?.action,
           first.state == .began, self.driver === driver {
            driver.nextStep = 1
            driver.fingers = first.touches
            driver.scrollPan?.moved(first)
            engine.callingOut { own.gestureMoved(first) }
        }
    }

    /// After completeTransition: UIKit's clean-up and the hooks that follow.
    func finish(_ driver: TransitionDriver, completed: Bool) {
        if sharedScroll === driver.scrollPan || sharedScroll === driver.watchedScroll { sharedScroll = nil }
        if let controller = driver.controller {
            finishPresentation(driver, controller: controller, completed: completed)
        } else {
            finishNavigation(driver, completed: completed)
        }
        var layout: PresentedLayout?
        if let controller = driver.controller, driver.presenting, completed {
            let expected = controller.frameOfPresentedViewInContainerView
            let view = controller.presentedView
            layout = PresentedLayout(controller: controller, view: view, frame: view.frame, expected: expected)
        }
        emit(.transitionDidCleanUp(driver, completed: completed, layout: layout))
        endAppearance(of: driver, completed: completed)
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
            if !completed { unlink(presented, from: presenter) }
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
        }
    }

    /// What every transition ends with: the completion, animationEnded and the coordinator's completions.
    private func finishCommon(_ driver: TransitionDriver, completed: Bool) {
        emit(.completionsWillRun(driver, completed: completed))
        record("completion")
        driver.completion?()
        record("animationEnded", String(completed))
        driver.animator.animationEnded(completed)
        // Run once and let go, as UIKit lets go of a coordinator's blocks: a block that keeps what keeps the coordinator
        // would otherwise keep both for good.
        let completions = driver.coordinator.completions
        driver.coordinator.completions = []
        driver.coordinator.alongside = []
        for completion in completions {
            record("alongsideCompletion")
            completion()
        }
        driver.controller?.transitionCoordinator = nil
        self.driver = nil
        // The status bar follows whoever is in charge now (a full-screen or capturing controller came or went).
        settleStatusBar()
        setNeedsStatusBarAppearanceUpdate()
        // A display link the transition left running would run on in the app until invalidated, every frame: Segue
        // ends it with the transition, and says so. Completed from the app's code the clock called (an animation's
        // completion, delayed work, a link, a gesture's action), the sweep waits for that code to return: a link it
        // invalidates right after completing is not left running. Only the links running now are the transition's.
        let running = engine.runningDisplayLinks
        engine.afterCallingOut { [link] in link.object.map { $0.report($0.engine.invalidate(running)) } }
        emit(.transitionDidEnd(driver, completed: completed))
    }

    /// Display links a transition left running, invalidated: in the trace, and to the entry.
    private func report(_ left: [DisplayLink]) {
        if !left.isEmpty {
            record("displayLinkInvalidated", left.count == 1 ? "left running by the transition" : "\(left.count) left running by the transition")
            displayLinksLeftRunning?(left)
        }
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

    // MARK: Size changes

    /// A rotation or resize while presented: the window and containers take
    /// the new size, presentation controllers (and through them the presented
    /// controllers) get viewWillTransition, and a layout pass follows. Presented
    /// views follow only if their controller lays them out.
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
                    record("viewWillTransition(to:with:)", Self.described(size))
                    controller.viewWillTransition(to: size, with: coordinator)
                    // UIPresentationController's own forwards it to the presented controller (UIContentContainer).
                    forwardSizeChange(from: controller, coordinator: coordinator)
                    record("containerViewWillLayoutSubviews")
                    controller.containerViewWillLayoutSubviews()
                    record("containerViewDidLayoutSubviews")
                    controller.containerViewDidLayoutSubviews()
                }
                // The presented controllers' layout pass, inside the block: what they move animates with the rotation.
                layOutPresentedControllers()
                coordinator.alongside.forEach { $0() }
                coordinator.alongside = []
            }, completion: { [self] _ in
                let completions = coordinator.completions
                coordinator.completions = []
                for completion in completions { completion() }
                let layouts = controllers.map { controller in
                    controller.transitionCoordinator = nil
                    let expected = controller.frameOfPresentedViewInContainerView
                    let view = controller.presentedView
                    return PresentedLayout(controller: controller, view: view, frame: view.frame, expected: expected)
                }
                emit(.sizeChangeDidEnd(layouts))
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
            // Both recognizers see the event; the scroll view's moves its content first, so that the action reads the
            // offset this event gave it (UIKit documents no order between two recognizers' actions).
            if let event = step.action.event { driver.scrollPan?.handle(event) }
            // An interaction controller of the app's own is the recognizer's target: the events go to it as they are.
            if let own = driver.interaction as? SelfDrivenInteraction {
                switch step.action {
                case .touch(let sample):
                    driver.fingers = sample.touches
                    engine.callingOut { own.gestureMoved(sample) }
                case .release(let sample), .gestureCancelled(let sample):
                    driver.fingers = nil
                    engine.callingOut { own.gestureEnded(sample) }
                default:
                    break
                }
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
            case .gestureCancelled(let sample):
                driver.fingers = nil
                driver.responder?.gestureCancelled(sample)
                action = .cancel
            default:
                break
            }
            // A responder may have ended the run (out of its limits) or the transition.
            guard self.driver === driver else { continue }
            if case .update(let p) = action { emit(.interactionWillUpdate(driver, percent: p)) }
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
        layOutPresentedControllers()
        emit(.clockDidAdvance)
    }

    private func applyDirect(_ action: InteractionPlan.Action, _ driver: TransitionDriver) {
        switch action {
        case .update(let p): driver.context.updateInteractiveTransition(p)
        case .finish: driver.context.finishInteractiveTransition()
        case .cancel: driver.context.cancelInteractiveTransition()
        default: break
        }
    }

    /// Steps the clock at `fps` until nothing is animating or transitioning,
    /// or `limit` seconds pass; a transition still open then never completed.
    public func runUntilIdle(fps: Double = 60, limit: Double = 10, sample: ((Simulation) -> Void)? = nil) {
        let start = now
        let step = 1 / fps
        var frame = 0
        emit(.runWillStart)
        sample?(self)
        // Work on the main queue keeps the run going until it has run (display links do not: they run while
        // something else does, and end with the transition they ran in).
        while (isTransitioning || engine.hasRunningAnimations || engine.hasScheduledWork) && now - start < limit
                && !(shouldStop?() ?? false) {
            frame += 1
            advance(to: start + Double(frame) * step)
            emit(.frameDidAdvance)
            sample?(self)
        }
        if driver == nil { reportAppearanceLeftOpen() }
        emit(.runDidEnd(start: start, limit: limit, stopped: shouldStop?() ?? false))
    }
}

/// One hook call in the trace.
public struct HookEvent: Sendable, Equatable, Codable {
    public let time: Double
    public let hook: String
    public let detail: String?
}

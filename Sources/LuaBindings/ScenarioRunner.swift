import Animation
import Catalogue
import Contract
import Geometry
import LuaRuntime
import RenderTree
import Transitions

public enum ScenarioRunner {
    /// Every standard scenario, each from an image of a sandbox made ready (PreparedSandbox: as in a sandbox of its
    /// own, every byte of Lua's memory written back; kept across entries in `options.sandboxes`). Once the entry runs
    /// out of time or memory in one, the rest are not run: they would only
    /// run out again, and a hostile entry must not cost nine time limits.
    ///
    /// The scenarios together may take `entryTimeFactor` time limits: an
    /// entry that stays just under the limit in each would otherwise cost
    /// nine of them.
    public static func runAll(_ file: EntryFile, source: String, options: ScenarioOptions = ScenarioOptions(),
                              entryBudget: Duration? = nil) -> [ScenarioOutcome] {
        var options = options
        if options.chunks == nil { options.chunks = ChunkCache() }
        var outcomes: [ScenarioOutcome] = []
        var stopped: String?
        let budget = entryBudget ?? options.limits.time * entryTimeFactor
        var spent: [(scenario: Scenario, time: Duration)] = []
        let pooled = options.sandbox == nil ? options.sandboxes?.take(options.limits) : nil
        let prepared = options.sandbox?.sandbox ?? pooled ?? PreparedSandbox(limits: options.limits)
        defer { pooled.map { options.sandboxes?.give($0) } }
        // Loading the entry counts once against the budget, as when the first scenario loads it, also when the image
        // its metadata load left spares the first scenario the work: charged if the first scenario starts from it.
        let leftLoading = prepared.loading(file, source: source, parameters: options.parameters)
        let loadedRewinds = prepared.loadedRewinds
        // Processor time, as each scenario's own limit is. The clock is read once here and once at the end of each
        // scenario run: reading a thread's clock is a system call, microseconds in a virtual machine, and a reading
        // before each run as well as after it told nothing more (between two runs lies only this loop's bookkeeping).
        var start = ThreadTime.now
        var lastReading = start
        // Outcomes read off a run made at an earlier scenario's turn (the two share a first part, Scenario.sharedPrefix),
        // each with the processor time it is charged (what its run added to the other's); `ahead` is that time, not yet
        // counted: each turn's budget sees what the scenarios before it cost. The budget counts work done, so where a
        // scenario was read off another's run, an entry near it gets further than when each ran its own first part.
        var waiting: [Scenario: (outcome: ScenarioOutcome, time: Duration)] = [:]
        var ahead = Duration.zero
        for scenario in Scenario.allCases {
            let elapsed = lastReading - start - ahead
            let kept = waiting.removeValue(forKey: scenario)
            if let kept { ahead -= kept.time }
            /// The scenario not run: the scenarios before it took the entry's budget.
            func pastBudget(_ elapsed: Duration) -> ScenarioOutcome {
                stopped = "not run: the entry's scenarios together ran past \(entryTimeFactor) time limits"
                // The entry's, not the next scenario's: that one alone would run within its limit, and so would each of the others.
                let heaviest = spent.sorted { $0.time > $1.time }.prefix(3).map { "\($0.scenario.rawValue) \(Self.seconds($0.time))" }
                var problem = Problem(.error, entry: file.stem, location: ScriptLocation(file: file.displayPath, line: 1),
                                      message: "stopped after its scenarios together ran \(Self.seconds(elapsed)) of processor time, past "
                                        + "\(entryTimeFactor) × the time limit (\(Self.seconds(budget))); the heaviest (loading the entry included): "
                                        + "\(heaviest.joined(separator: ", ")). Each ran within the limit alone (loading is timed apart from the "
                                        + "scenario), but together they are far too much work")
                problem.kind = .limit
                return ScenarioOutcome(scenario: scenario, problems: [problem], skipped: stopped, trace: nil)
            }
            if stopped == nil, !outcomes.isEmpty, elapsed > budget {
                outcomes.append(pastBudget(elapsed))
                continue
            }
            if let stopped {
                outcomes.append(ScenarioOutcome(scenario: scenario, problems: [], skipped: stopped, trace: nil))
                continue
            }
            // A scenario the entry's shape rules out is skipped as its own run would skip it, without a sandbox.
            if let shape = outcomes.first(where: { $0.scenario == .present })?.shape,
               shape.reduceMotion == (options.reduceMotion || scenario == .reduceMotion),
               let reason = shape.skipReason(scenario) {
                outcomes.append(ScenarioOutcome(scenario: scenario, problems: [], skipped: reason, trace: nil))
                continue
            }
            // Only entries that put a tap recognizer on screen are tapped: the others would pay for a presentation
            // that shows nothing new.
            if scenario == .tapToDismiss, let present = outcomes.first(where: { $0.scenario == .present }),
               present.skipped == nil, !present.offersTap {
                outcomes.append(ScenarioOutcome(scenario: scenario, problems: [], skipped: noTapRecognizer, trace: nil))
                continue
            }
            if let kept {
                spent.append((scenario, kept.time))
                if kept.outcome.problems.contains(where: \.isLimit) {
                    stopped = "not run: the entry ran out of its limits in \(scenario.rawValue)"
                }
                outcomes.append(kept.outcome)
                continue
            }
            let before = lastReading, wallBefore = ContinuousClock.now
            // The scenario sharing its first part with this one, its turn still to come: one run makes both outcomes.
            // Not with samples or frames kept (no caller of runAll asks for them).
            let partner = options.sampling || options.rendering ? nil : (scenario.sharedBy ?? scenario.sharedPrefix)
                .flatMap { partner in outcomes.contains { $0.scenario == partner } ? nil : partner }
            var outcome: ScenarioOutcome
            // Processor time this turn spent on the partner's outcome, charged at its turn instead.
            var deferred = Duration.zero
            if let partner {
                let shared = runShared(file, source: source, scenario: scenario, partner: partner, options: options, prepared: prepared,
                                       since: before)
                waiting[partner] = shared.partner
                deferred = shared.deferred
                ahead += deferred
                if let own = shared.outcome {
                    outcome = own
                } else if !outcomes.isEmpty, elapsed + deferred > budget {
                    // The longer run took the rest of the budget: the entry costs no more than when each ran at its turn.
                    outcomes.append(pastBudget(elapsed + deferred))
                    lastReading = ThreadTime.now
                    continue
                } else {
                    // Something was left to report where this shorter one ends: it runs alone.
                    let wallAlone = ContinuousClock.now
                    outcome = run(file, source: source, scenario: scenario, options: options, prepared: prepared)
                    outcome.wallTime = ContinuousClock.now - wallAlone
                }
            } else {
                outcome = run(file, source: source, scenario: scenario, options: options, prepared: prepared)
                outcome.wallTime = ContinuousClock.now - wallBefore
            }
            var charged = Duration.zero
            if spent.isEmpty, let leftLoading, prepared.loadedRewinds > loadedRewinds {
                // Charged to the first scenario run, as its own loading would have been (and kept in `elapsed`).
                charged = leftLoading
                start = start - leftLoading
            }
            lastReading = ThreadTime.now
            spent.append((scenario, lastReading - before - deferred + charged))
            if outcome.problems.contains(where: \.isLimit) {
                stopped = "not run: the entry ran out of its limits in \(scenario.rawValue)"
            }
            outcomes.append(outcome)
        }
        return outcomes
    }

    static let noTapRecognizer = "no tap recognizer on screen once presented"

    /// View samples one trace may hold: about 20 MB of JSON. Past it the
    /// trace is cut and says so (a script can put thousands of views on
    /// screen for seconds).
    public static let sampledViewLimit = 20_000

    /// Layers a preview keeps in all (visible views × frames): 50 MB of
    /// frozen layers, charged to the entry's memory as they are made.
    public static let renderedLayerLimit = 100_000

    /// How many time limits one entry's scenarios may take together.
    public static let entryTimeFactor = 4

    /// "1.25 s", "0.22 s".
    static func seconds(_ time: Duration) -> String {
        let (whole, atto) = time.components
        return String(format: "%.2f s", Double(whole) + Double(atto) / 1e18)
    }

    /// Bytes charged to the entry for each view in a trace sample: the
    /// sample's Swift struct and what its JSON will take, rounded up (its
    /// name is added on top).
    static let sampleViewCost = 1024

    /// Bytes charged for each element of a built path a sample or a preview frame holds: the element (up to three
    /// points) and its JSON, rounded up.
    static let pathElementCost = 160

    /// - Parameters:
    ///   - given: drives the interactive part of the scenario instead of the standard drag.
    ///   - gesture: touches that drive it instead, read by the entry's gesture and rule
    ///     whether that finishes or cancels.
    ///   - tap: where tap-to-dismiss taps (window points) instead of the first point a recognizer takes.
    public static func run(_ file: EntryFile, source: String, scenario: Scenario, options: ScenarioOptions = ScenarioOptions(),
                           interaction given: InteractionPlan? = nil, gesture: GestureInput? = nil, tap: Point? = nil) -> ScenarioOutcome {
        run(file, source: source, scenario: scenario, options: options, interaction: given, gesture: gesture, tap: tap, prepared: nil)
    }

    /// - Parameters:
    ///   - prepared: the entry's sandbox kept between its scenarios (runAll's), or nil for a sandbox of its own.
    ///   - prefix: the shorter scenario this run's first part is (`Scenario.sharedPrefix`), to read its outcome off.
    static func run(_ file: EntryFile, source: String, scenario: Scenario, options: ScenarioOptions,
                    interaction given: InteractionPlan? = nil, gesture: GestureInput? = nil, tap: Point? = nil,
                    prepared: PreparedSandbox?, prefix: PrefixReading? = nil) -> ScenarioOutcome {
        let simulation = Simulation(windowSize: options.windowSize)
        let contract = ContractChecker.attach(to: simulation)
        simulation.device = options.device
        simulation.exactSamples = options.exactSamples
        simulation.reduceMotion = options.reduceMotion || scenario == .reduceMotion
        simulation.interfaceStyle = options.interfaceStyle
        // The device's safe area moved the list: the source row is looked up again.
        simulation.sourceView = simulation.visibleRow(options.sourceRow ?? Simulation.defaultSourceRow)
            ?? (options.sourceRow == nil ? simulation.visibleRows.last : nil)
        if let row = options.sourceRow, simulation.sourceView == nil {
            let count = simulation.visibleRows.count
            return ScenarioOutcome(scenario: scenario, problems: [Problem(.error, entry: file.stem, message: "there is no source row \(row): "
                + "this screen's list shows rows 1 to \(count)", scenario: scenario.rawValue)], skipped: nil, trace: nil)
        }
        let runtime: ScriptRuntime
        do {
            runtime = try ScriptRuntime(file: file, source: source, simulation: simulation, limits: options.limits,
                                        parameters: options.parameters, chunks: options.chunks, prepared: prepared)
        } catch {
            return ScenarioOutcome(scenario: scenario, problems: [Problem(error, scenario: scenario.rawValue)], skipped: nil, trace: nil)
        }
        // One time limit for the whole scenario: every call into the script
        // and the host's own work between them.
        return runtime.state.measuringTime {
            run(runtime, contract: contract, scenario: scenario, options: options, interaction: given, gesture: gesture, tap: tap,
                prefix: prefix)
        }
    }

    private static func run(_ runtime: ScriptRuntime, contract: ContractChecker, scenario: Scenario, options: ScenarioOptions,
                            interaction given: InteractionPlan?, gesture: GestureInput?, tap: Point?, prefix: PrefixReading?) -> ScenarioOutcome {
        let simulation = runtime.simulation
        let presented = simulation.makeViewController(name: "presented")
        presented.view.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.95)
        let delegate = ScriptedDelegate(runtime: runtime)
        presented.transitioningDelegate = delegate
        // The entry's presentedViewController functions: what the app's own controller would override.
        if runtime.hasSection(ScriptedControllerLayout.section) { presented.layoutHooks = ScriptedControllerLayout(runtime: runtime) }
        // The screen a navigation scenario pushes, looking as the presented one does.
        let pushed = simulation.makeViewController(name: "pushed")
        pushed.view.backgroundColor = presented.view.backgroundColor
        var frames: [RenderFrame] = []
        var drives: [(kind: InteractionKind, events: [GestureSample])] = []
        var taps: [Point] = []
        var offersTap = false
        var scrolledBefore: Double?
        var shape: ScenarioShape?
        func finished(skipped: String? = nil, trace: Trace? = nil, as name: Scenario? = nil) -> ScenarioOutcome {
            let scenario = name ?? scenario
            // Ended while the host itself was working (no call failed to say so).
            if !runtime.problems.contains(where: \.isLimit),
               let error = runtime.state.terminationError(hook: runtime.currentHook.isEmpty ? "scenario" : runtime.currentHook) {
                runtime.record(error)
            }
            var outcome = ScenarioOutcome(scenario: scenario, problems: runtime.problems.map { var p = $0; p.scenario = scenario.rawValue; return p },
                                          skipped: skipped, trace: trace)
            outcome.printed = runtime.state.printedWithDrops
            outcome.scriptTime = runtime.scriptTime
            outcome.memoryPeak = runtime.state.memoryPeak
            outcome.frames = frames
            outcome.drives = drives
            outcome.taps = taps
            outcome.offersTap = offersTap
            outcome.scrolledBefore = scrolledBefore
            outcome.shape = shape
            outcome.picture = runtime.picture
            if runtime.picture != nil { outcome.pictureLocation = runtime.location(ofField: "picture") }
            return outcome
        }
        do {
            try runtime.configure(presented)
            simulation.show(presented.screenLook, in: pushed)
            pushed.statusBarPreferences = presented.statusBarPreferences
            // The control the entry says the user tapped, unless the run was told a row.
            if options.sourceRow == nil, let control = runtime.sourceControl { simulation.sourceView = simulation.control(control) }
        } catch {
            runtime.add(Problem(error))
            return finished()
        }
        // presentationController?.delegate, set before presenting as apps do.
        if runtime.hasSection(ScriptRuntime.adaptiveDelegateSection) { presented.presentationControllerDelegate = delegate }
        let navigation = runtime.isNavigation
        if scenario.isNavigation && !navigation {
            return finished(skipped: ScenarioShape.notNavigation)
        }
        if navigation { simulation.navigation.delegate = delegate }
        let declared = (dismissal: runtime.interaction(.dismissal, windowSize: options.windowSize),
                        presentation: runtime.interaction(.presentation, windowSize: options.windowSize),
                        presented: runtime.interaction(.presented, windowSize: options.windowSize),
                        pop: navigation ? runtime.interaction(.pop, windowSize: options.windowSize) : nil)
        // A drive from the caller may work an entry that declares no interaction: UIKit's defaults then
        // (a pan down to dismiss, up to present; the edge swipe from the left to pop).
        func rule(_ kind: InteractionKind) -> EntryInteraction {
            switch kind {
            case .dismissal: if let rule = declared.dismissal { return rule }
            case .pop: if let rule = declared.pop { return rule }
            default: if let rule = declared.presentation { return rule }
            }
            var rule = EntryInteraction(distance: kind == .pop ? options.windowSize.width : options.windowSize.height)
            rule.gesture = kind == .pop ? .screenEdgePan(.left) : .pan(kind == .dismissal ? .down : .up)
            return rule
        }
        /// The view UIKit's recognizer for `kind` is on (the exported code puts it there).
        func recognizerView(_ kind: InteractionKind) -> View? {
            kind == .dismissal ? presented.view : kind == .pop ? simulation.navigation.view : simulation.topViewController.view
        }
        /// What the delegate hands UIKit for a gesture of `kind`: its percent-driven controller, told how the rest plays,
        /// or the entry's own controller.
        func interactive(_ kind: InteractionKind) -> ScriptedDelegate.Interactive {
            let rule = rule(kind)
            guard rule.ownController else { return .percentDriven(completionSpeed: rule.completionSpeed, completionCurve: rule.completionCurve) }
            return .own(ScriptedInteractionController(runtime: runtime, kind: kind, gesture: rule.gesture, containerSize: options.windowSize,
                                                      view: recognizerView(kind)))
        }
        /// The gesture's plan, or `.drivesNothing` when UIKit's recognizer would never begin it: the touch lands on
        /// another view, or the entry's shouldBegin says no (what it found is said).
        func plan(_ kind: InteractionKind, _ input: GestureInput) -> InteractionPlan {
            let rule = rule(kind)
            // The view UIKit's recognizer would be on (the exported code puts it there), and where it shows: the
            // check's own drags start on it, as a user's finger would.
            let view = recognizerView(kind)
            let responder = ScriptedGestureResponder(runtime: runtime, kind: kind, rule: rule, containerSize: options.windowSize, view: view)
            let events = input.touchPath(for: rule, in: options.windowSize, area: view.flatMap(simulation.visibleFrame(of:))).events(for: rule.gesture)
            // A gesture UIKit would never begin drives nothing (begins said why).
            guard let began = events.first else { return .drivesNothing }
            var plan = InteractionPlan.gesture(events: events, responder: responder)
            switch begins(began, kind: kind, rule: rule, on: view, responder: responder, runtime: runtime, byHand: gesture != nil,
                          scrolled: scenario == .interactiveScrolled) {
            case .not: return .drivesNothing
            case .alone: break
            case .withScrollView(let pan): plan.scrollPan = pan
            case .overScrollView(let pan): plan.watchedScroll = pan
            case .scrollViewHasIt(let pan):
                // The content follows the drag (export --verify replays it to the Swift's delegate too).
                plan.scrollOnly = pan
                drives.append((kind, events))
                return plan
            }
            drives.append((kind, events))
            return plan
        }
        let driven = given != nil || gesture != nil
        if let gesture {
            let kind: InteractionKind = scenario.isNavigation ? .pop
                : scenario == .present || scenario == .interactivePresent ? .presentation : .dismissal
            let declaredRule = kind == .dismissal ? declared.dismissal : kind == .pop ? declared.pop : declared.presentation
            if declaredRule == nil {
                runtime.find(.warning, hook: "touches", location: nil, "the entry declares no interaction.\(kind.rawValue): "
                    + "the touches drive it as UIKit's percent-driven default, "
                    + (kind == .pop ? "the edge swipe from the left" : "a pan \(kind == .dismissal ? "down" : "up")"))
            }
            if let problem = GestureInput.mismatch(gesture.touchPath(for: rule(kind), in: options.windowSize), rule(kind).gesture,
                                                   in: options.windowSize) {
                runtime.find(hook: "touches", location: nil, problem)
                return finished()
            }
        }
        if scenario.isInteractive && declared.dismissal == nil && !driven {
            return finished(skipped: ScenarioShape.noInteractiveDismissal)
        }
        if scenario == .interactivePresent && declared.presentation == nil && !driven {
            return finished(skipped: ScenarioShape.noInteractivePresentation)
        }
        // UIKit asks the delegate for a presentation controller only for a custom presentation.
        if presented.modalPresentationStyle != .custom && runtime.hasSection(ScriptedPresentationController.section) {
            runtime.find(.warning, hook: ScriptedPresentationController.section, location: runtime.location(ofField: "presentationController"),
                         "UIKit never calls these hooks for presentationStyle \"\(presented.modalPresentationStyle.rawValue)\": "
                         + "it uses its own presentation controller; use \"custom\" for yours")
        }
        // UIKit's sheet drags itself between its detents.
        let sheetDrags = presented.modalPresentationStyle.presentsAsSheet(in: SizeClass.horizontal(for: options.windowSize))
        shape = ScenarioShape(navigation: navigation, dismissal: declared.dismissal != nil, presentation: declared.presentation != nil,
                              presented: declared.presented != nil, pop: declared.pop != nil, sheetDrags: sheetDrags,
                              modalInPresentation: presented.sheetConfiguration.isModalInPresentation,
                              reduceMotion: simulation.reduceMotion,
                              scrolls: [declared.dismissal, declared.presented].contains { $0.map { ScenarioShape.shares($0.scrollView) } == true })
        if sheetDrags && declared.presented != nil {
            runtime.find(hook: "interaction.presented", location: runtime.location(ofInteraction: .presented, "began"),
                         "a \(presented.modalPresentationStyle.rawValue) is dragged by UIKit's sheet itself: drop interaction.presented, "
                         + "or present it as presentationStyle = \"custom\" to move it yourself")
            return finished()
        }
        if sheetDrags && presented.sheetConfiguration.isModalInPresentation
            && (scenario.isInteractive || (gesture != nil && ![.present, .interactivePresent].contains(scenario))) {
            if gesture != nil || given != nil {
                runtime.find(hook: "touches", location: runtime.location(ofField: "isModalInPresentation"),
                             "isModalInPresentation: UIKit's sheet cannot be dragged away")
                return finished()
            }
            return finished(skipped: ScenarioShape.modalSheet)
        }
        if scenario == .dragPresented && declared.presented == nil && !sheetDrags {
            return finished(skipped: ScenarioShape.noDragPresented)
        }
        if (scenario == .interactivePop || scenario == .interactivePopCancel) && declared.pop == nil && !driven {
            return finished(skipped: ScenarioShape.noInteractivePop)
        }
        // The whole run is sampled, a dismissal's presentation included.
        var samples: [Sample] = []
        var sampledViews = 0
        var renderedLayers = 0
        let keepFrame: (Simulation) -> Void = { simulation in
            guard options.rendering, !runtime.state.isTerminated, renderedLayers <= renderedLayerLimit else { return }
            let frame = simulation.renderFrame()
            let weight = frame.weight
            renderedLayers += weight.layers
            if renderedLayers > renderedLayerLimit {
                runtime.find(.error, hook: "preview", location: nil, "the preview was cut at \(String(format: "%.3f", frame.time)) s: "
                    + "it keeps at most \(renderedLayerLimit) layers in all (visible views × frames)")
                return
            }
            if frames.last?.time == frame.time { frames.removeLast() }
            if runtime.state.charge(weight.layers * Simulation.renderLayerCost + weight.pathElements * pathElementCost,
                                    for: "preview frames") { frames.append(frame) }
        }
        let sample: ((Simulation) -> Void)? = options.sampling || options.rendering ? { simulation in
            keepFrame(simulation)
            guard options.sampling, !runtime.state.isTerminated, sampledViews <= sampledViewLimit else { return }
            let next = simulation.sample()
            sampledViews += next.views.count
            if sampledViews > sampledViewLimit {
                runtime.find(.warning, hook: "trace", location: nil, "the trace was cut at \(String(format: "%.3f", next.time)) s: "
                    + "it holds at most \(sampledViewLimit) view samples (views on screen × samples)")
                return
            }
            // Where one phase ends and the next begins at the same instant,
            // the later picture (the next phase under way) is the one shown.
            if samples.last?.time == next.time { samples.removeLast() }
            let names = next.views.reduce(0) { $0 + $1.name.utf8.count }
            // A built path's elements are held in every sample that shows it, each interpolated apart.
            let paths = next.views.reduce(0) { $0 + ($1.shape?.path?.elementCount ?? 0) + ($1.shadow?.path?.elementCount ?? 0) }
            if runtime.state.charge(next.views.count * sampleViewCost + names + 64 + paths * pathElementCost, for: "trace samples") {
                samples.append(next)
            }
        } : nil
        var phases: [(range: Range<Int>, dismissing: Bool, navigation: Bool, scriptFailed: Bool, own: InteractionKind?)] = []
        /// The phases a tap's action began (by phases' index), and where the action is written: what it calls while the
        /// transition it began runs is its own doing, not the animator's.
        var tapActions: [Int: ScriptLocation] = [:]
        func phase(dismissing: Bool, navigation: Bool = false, _ body: () -> Void) {
            let start = contract.diagnostics.count, errors = runtime.scriptErrorCount
            // A transition an interaction controller of the entry's own drives: what the contract finds is its doing.
            var own: InteractionKind?
            if case .own(let controller as ScriptedInteractionController)? = delegate.interactive { own = controller.kind }
            body()
            phases.append((start..<contract.diagnostics.count, dismissing, navigation, runtime.scriptErrorCount > errors, own))
        }
        /// Whether the presentation ended with the presented controller on
        /// top and nothing still running (a presentation that never completes
        /// leaves nothing to dismiss).
        var presentedAndIdle: Bool { simulation.topViewController === presented && !simulation.isTransitioning && !runtime.state.isTerminated }

        /// Presents (by the plan, if any) and runs until idle.
        func present(animated: Bool = true, by plan: InteractionPlan? = nil) {
            if plan?.drivesNothing == true { return }
            if plan != nil { delegate.interactive = interactive(.presentation) }
            phase(dismissing: false) {
                simulation.present(presented, animated: animated, interaction: plan)
                simulation.runUntilIdle(fps: options.fps, limit: plan?.runLimit ?? 10, sample: sample)
            }
            delegate.interactive = nil
            warnIfStatusBarIgnored()
        }
        /// The presented screen asks something of the status bar, is presented, and the bar is still the presenter's:
        /// UIKit ignores what it asks (the classic hidden bar that stays), which an entry means rarely.
        func warnIfStatusBarIgnored() {
            guard presentedAndIdle, presented.statusBarPreferences != nil, simulation.statusBarController !== presented else { return }
            let field = ["prefersStatusBarHidden", "statusBarStyle", "preferredStatusBarUpdateAnimation"].first { runtime.declaresField($0) }
            runtime.find(.warning, hook: "status bar", location: runtime.location(ofField: field ?? "statusBarStyle"),
                         "what the presented screen asks of the status bar is never used: presented \"\(presented.modalPresentationStyle.rawValue)\", "
                         + "it leaves the bar to the presenter unless it captures it; say modalPresentationCapturesStatusBarAppearance = true "
                         + "(the app sets it before presenting), or set it in presentationTransitionWillBegin")
        }
        /// Dismisses (by the plan, if any) once the presentation is done.
        func dismiss(by plan: InteractionPlan? = nil) {
            if let plan, let pan = plan.scrollOnly, presentedAndIdle {
                phase(dismissing: true) { simulation.scroll(pan, by: plan.events, fps: options.fps, sample: sample) }
                return
            }
            if plan?.drivesNothing == true { return }
            guard presentedAndIdle else { return }
            if plan != nil { delegate.interactive = interactive(.dismissal) }
            phase(dismissing: true) {
                simulation.dismiss(interaction: plan)
                simulation.runUntilIdle(fps: options.fps, limit: plan?.runLimit ?? 10, sample: sample)
            }
            delegate.interactive = nil
        }
        /// Pushes the screen with the entry's animator, when nothing else is on top.
        func push() {
            guard simulation.topViewController === simulation.root, !simulation.isTransitioning, !runtime.state.isTerminated else { return }
            phase(dismissing: false, navigation: true) {
                simulation.push(pushed)
                simulation.runUntilIdle(fps: options.fps, sample: sample)
            }
        }
        /// Pops it (by the plan, if any) once the push is done.
        func pop(by plan: InteractionPlan? = nil) {
            if plan?.drivesNothing == true { return }
            guard simulation.navigation.topViewController === pushed, !simulation.isTransitioning, !runtime.state.isTerminated else { return }
            if plan != nil { delegate.interactive = interactive(.pop) }
            phase(dismissing: true, navigation: true) {
                simulation.pop(interaction: plan)
                simulation.runUntilIdle(fps: options.fps, limit: plan?.runLimit ?? 10, sample: sample)
            }
            delegate.interactive = nil
        }

        /// Where the shorter scenario this run begins with would have ended: its outcome, when its own end would have done
        /// nothing more than read the run. Its end places the contract's findings (reading the entry's tables, which a
        /// script's metatables can answer by running code), invalidates display links left running and reports work
        /// still scheduled: where any of those is to do, the shorter scenario runs alone instead.
        func readPrefix() {
            guard let prefix else { return }
            prefix.reached = true
            if runtime.state.isTerminated {
                // Neither run does more than finish from here (every step after checks the entry is alive).
                prefix.endsAlike = true
                return
            }
            guard phases.allSatisfy({ $0.range.isEmpty }), runtime.droppedProblems == 0,
                  simulation.engine.runningDisplayLinks.isEmpty, !simulation.engine.hasScheduledWork else { return }
            var outcome = finished(trace: simulation.trace(samples: samples), as: prefix.scenario)
            outcome.offersTap = prefix.scenario == .present && presentedAndIdle && simulation.hasTapRecognizer
            prefix.outcome = outcome
            prefix.readAt = ThreadTime.now
            prefix.wallAt = ContinuousClock.now
        }

        switch scenario {
        case .present:
            // With a drive the presentation itself is interactive (a drag that brings a sheet up).
            present(by: given ?? gesture.map { plan(.presentation, $0) })
            offersTap = presentedAndIdle && simulation.hasTapRecognizer
        case .tapToDismiss:
            present()
            guard presentedAndIdle else { break }
            if let tap {
                taps.append(tap)
                phase(dismissing: true) { simulation.tap(at: tap, fps: options.fps, sample: sample) }
                break
            }
            // Each view with a recognizer in turn, back to front, until a tap dismisses: the scenario's question is
            // whether some tap the entry offers does (a card's own recognizer may do something else, its close button
            // dismiss).
            var tried = Set<ObjectIdentifier>()
            search: while presentedAndIdle, tried.count < Simulation.tapCandidateLimit {
                switch simulation.tapPoint(skipping: tried) {
                case .found(let point, let recognizer):
                    if let view = recognizer.view { tried.insert(ObjectIdentifier(view)) }
                    taps.append(point)
                    tapActions[phases.count] = runtime.tapActionLocations[ObjectIdentifier(recognizer)]
                    phase(dismissing: true) { simulation.tap(at: point, fps: options.fps, sample: sample) }
                case .noRecognizer:
                    if taps.isEmpty { return finished(skipped: noTapRecognizer) }
                    break search
                case .unreachable(let views):
                    if taps.isEmpty {
                        return finished(skipped: "no tap reaches the recognizer on " + views.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
                            + (views.count > 3 ? " and \(views.count - 3) more" : "")
                            + " (each covered by other views, outside the window or under the status bar)")
                    }
                    break search
                }
            }
            if presentedAndIdle, !taps.isEmpty {
                let landed = simulation.hooks.filter { $0.hook == "tap" }.compactMap(\.detail)
                // At the first tapped action's line (the phases the taps began, in order).
                runtime.find(.warning, hook: "tap action", location: tapActions.min { $0.key < $1.key }?.value,
                             (landed.count == 1 ? "a tap at \(landed[0])" : "\(landed.count) taps (\(landed.joined(separator: "; ")))")
                             + " did not dismiss: the scenario taps where a recognizer the entry put on screen takes the tap, "
                             + "expecting one to dismiss (self.presentedViewController:dismiss(true))")
            }
        case .interactivePresent:
            present(by: given ?? plan(.presentation, gesture ?? GestureInput(.preset(.drag))))
        case .nonAnimatedPresent:
            present(animated: false)
        case .dragPresented:
            present()
            if presentedAndIdle {
                runtime.dragPresented(presented, rule: declared.presented, options: options, sample: sample,
                                      record: { drives.append((.presented, $0)) }) { body in phase(dismissing: true, body) }
            }
        case .dismiss, .presentThenDismiss:
            present(animated: scenario != .dismiss)
            readPrefix()
            dismiss()
        case .reduceMotion:
            // Every way the entry moves, with the setting on: animated, and by each gesture it declares.
            present()
            dismiss()
            if declared.dismissal != nil, !runtime.state.isTerminated, simulation.topViewController !== presented {
                present()
                dismiss(by: plan(.dismissal, GestureInput(.preset(.drag))))
            }
            if declared.presentation != nil, !runtime.state.isTerminated, simulation.topViewController !== presented {
                present(by: plan(.presentation, GestureInput(.preset(.drag))))
                dismiss()
            }
            if navigation {
                push()
                pop()
                if declared.pop != nil {
                    push()
                    pop(by: plan(.pop, GestureInput(.preset(.drag))))
                }
            }
        case .push:
            push()
        case .pop:
            push()
            readPrefix()
            pop()
        case .interactivePop, .interactivePopCancel:
            push()
            let standard = GestureInput(scenario == .interactivePopCancel ? .cancelled(at: 0.5) : .preset(.drag))
            pop(by: given ?? plan(.pop, gesture ?? standard))
        case .interactiveScrolled:
            if let reason = shape?.skipReason(scenario), given == nil, gesture == nil {
                return finished(skipped: reason)
            }
            present()
            guard presentedAndIdle else { break }
            if given != nil || gesture != nil {
                dismiss(by: given ?? plan(.dismissal, gesture ?? GestureInput(.preset(.drag))))
                break
            }
            // The drag that shares with a scroll view: the dismissal's, or else the entry's own drag of the presented screen.
            // Where check's drag lands, a scroll view is scrolled down a tenth of the gesture's distance (or as far as it
            // goes), then the drag goes 60 % of the way past that, and lets go still.
            let kind: InteractionKind = declared.dismissal.map { ScenarioShape.shares($0.scrollView) } == true ? .dismissal : .presented
            let area = simulation.visibleFrame(of: presented.view)
            guard let rule = kind == .dismissal ? declared.dismissal : declared.presented,
                  rule.gesture == .pan(.down) || rule.gesture == .pan(.vertical),
                  let down = GestureInput(.preset(.drag)).touchPath(for: rule, in: options.windowSize, area: area)
                      .events(for: rule.gesture).first?.touchesDown.first,
                  let list = simulation.scrollView(under: down, within: presented.view, moving: Point(x: 0, y: 1)),
                  ScrollViewPan.maxOffset(list, vertically: true) > 0
            else {
                return finished(skipped: "no scroll view whose content is taller than it under check's drag down the presented screen")
            }
            let scrolled = min(ScrollViewPan.maxOffset(list, vertically: true), rule.distance * 0.1)
            list.contentOffset = Point(x: list.contentOffset.x, y: scrolled)
            scrolledBefore = scrolled
            let fraction = 0.6 + scrolled / rule.distance
            if kind == .dismissal {
                dismiss(by: plan(.dismissal, GestureInput(.release(at: fraction))))
            } else {
                let path = TouchPath.hold(at: fraction, for: rule.gesture, distance: rule.distance, in: options.windowSize, area: area,
                                          ending: .release)
                runtime.dragPresented(presented, rule: rule, options: options, sample: sample, paths: [path],
                                      record: { drives.append((.presented, $0)) }) { body in phase(dismissing: true, body) }
            }
            // Recognizing together, the drag should carry on into the dismissal; a scroll view that waits for the recognizer
            // has a drag the entry turned down, and the screen rightly stays.
            if case .simultaneous = rule.scrollView, presentedAndIdle, !runtime.problems.contains(where: { $0.severity == .error }) {
                runtime.find(.warning, hook: "interaction.\(kind.rawValue)",
                             location: runtime.location(ofInteraction: kind, kind == .dismissal ? "progress" : "ended"),
                             "check's drag scrolled '\(list.name)' back to its top and went on 60 % of the way, let go still, and the "
                             + "screen stayed: the part of a drag that scrolls should not count against the dismissal, nor keep it from finishing")
            }
        case .interactiveFinish, .interactiveFlick, .interactiveCancel10, .interactiveCancel50, .interactiveCancel99:
            present()
            // Finishing: a drag to 70 % let go, which the entry's own rule should call a finish;
            // cancelling: a drag the system takes away part way.
            let standard = scenario.cancelAt.map { GestureInput(.cancelled(at: $0)) }
                ?? GestureInput(.preset(scenario == .interactiveFlick ? .flick : .drag))
            dismiss(by: given ?? plan(.dismissal, gesture ?? standard))
        case .rotation:
            phase(dismissing: false) {
                let before = contract.diagnostics.count
                simulation.present(presented)
                simulation.runUntilIdle(fps: options.fps, sample: sample)
                // One root cause, one error: a presentation that shows nothing (a view never added) is not rotated
                // as well, where the layout it never had would be a second error for the same mistake.
                let shown = !contract.diagnostics[before...].contains { $0.kind == .presentedViewNotVisible }
                if presentedAndIdle && shown {
                    simulation.setWindowSize(Size(width: options.windowSize.height, height: options.windowSize.width))
                    simulation.runUntilIdle(fps: options.fps, sample: sample)
                }
            }
        }

        // One root cause, one error: where the script failed, what the
        // contract saw afterwards (completeTransition never called, a view
        // never placed) follows from it and would send the author the wrong way.
        for (index, (range, dismissing, navigation, scriptFailed, own)) in phases.enumerated() where !scriptFailed {
            for diagnostic in Diagnostic.rootCauses(contract.diagnostics[range]) {
                if diagnostic.kind == .presentedWhileTransitioning, let action = tapActions[index] {
                    runtime.find(diagnostic.kind.severity, hook: "tap action", location: action, rule: diagnostic.kind, diagnostic.message)
                    continue
                }
                if let problem = runtime.place(diagnostic, dismissing: dismissing, navigation: navigation, own: own) { runtime.add(problem) }
            }
        }
        if !runtime.state.isTerminated { runtime.reportTimersLeft() }
        if runtime.droppedProblems > 0 {
            runtime.find(.warning, hook: "scenario", location: nil, "\(runtime.droppedProblems) more problem(s) not shown")
        }
        return finished(trace: simulation.trace(samples: samples))
    }
}

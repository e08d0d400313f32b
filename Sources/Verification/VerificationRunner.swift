import Contract
import Geometry
import RenderTree
import Transitions
import Foundation
import UIKit

/// The program `segue export --verify` compiles beside an exported entry:
/// it runs the entry's Swift through the check scenarios that apply to an
/// exported animator, exactly as `segue check` runs the Lua (the same
/// window, screens, colours and order of events), and prints each run's
/// parity lines (`Trace.parityText`) for segue to compare with the Lua's.
@MainActor public enum VerificationRunner {
    /// Attaches an entry's presenting gesture to the presenting screen, with what it presents.
    public typealias Presentation = (UIViewController, @escaping @MainActor () -> UIViewController?) -> Void

    /// The scenarios an exported entry runs through (drag-presented drags the entry's own drag of the presented screen,
    /// or UIKit's sheet by its own pan), and a navigation entry's.
    public static let scenarios = ["present", "dismiss", "present-then-dismiss", "interactive-finish", "interactive-flick",
                                   "interactive-cancel-10", "interactive-cancel-50", "interactive-cancel-99", "rotation-while-presented",
                                   "non-animated-present", "reduce-motion", "drag-presented", "interactive-present", "tap-to-dismiss",
                                   "interactive-scrolled"] + releases + navigation
        + releases.map { $0.replacingOccurrences(of: "interactive-", with: "interactive-present-") }

    /// Push and pop with the entry's animator, and the pop by its edge swipe (`navigation = true`), let go where the
    /// dismissal's drags are too.
    public static let navigation = ["push", "pop", "interactive-pop", "interactive-pop-cancel"]
        + releases.map { $0.replacingOccurrences(of: "interactive-", with: "interactive-pop-") }

    /// Drags let go elsewhere (ExportVerifier.releases): present, then the drag the input gives.
    static let releases = ["interactive-release-45", "interactive-release-55", "interactive-drag-back", "interactive-flick-at-30",
                           "interactive-flick-back-at-70"]

    /// Reads the scenario names from the command line, and from the input the touch events of its drags
    /// (`TouchEvents`; `SEGUE_VERIFY_DRAG_KINDS` says which are dismissals and which pops), and prints
    /// `scenario NAME` and its lines for each.
    /// `sourceView`: gives an entry that reads `ctx.sourceView` the row each scenario taps, as the app would.
    /// `sheet`: sets up a page or form sheet's sheet before it is presented, as the app would.
    /// `presentation`: attaches the entry's presenting gesture to the presenting screen, with what it presents.
    /// No delegate: UIKit's own animation for `transitionStyle`.
    public static func main(_ delegate: (any UIViewControllerTransitioningDelegate)?, presentationStyle: UIModalPresentationStyle,
                            transitionStyle: UIModalTransitionStyle = .coverVertical,
                            sourceView: ((UIView?) -> Void)? = nil, sourceControl: String? = nil, screen: String? = nil,
                            statusBar: String? = nil, sheet: ((UISheetPresentationController) -> Void)? = nil, presentation: Presentation? = nil,
                            presentedLayout: PresentedLayout? = nil) {
        var names = CommandLine.arguments.dropFirst()
        // `segue-bench check`'s baseline (`--time-rounds N`, an argument rather than a variable, which a user's
        // environment could carry into --verify): each scenario run N times as check runs it (no trace), and the
        // seconds of each run printed instead of its lines.
        var rounds: Int?
        if names.first == "--time-rounds" {
            guard names.count >= 2, let count = Int(names[names.startIndex + 1]), count >= 1 else {
                FileHandle.standardError.write(Data("--time-rounds needs a count of at least 1\n".utf8))
                exit(1)
            }
            rounds = count
            names = names.dropFirst(2)
        }
        var input: [String] = []
        while let line = readLine() { input.append(line) }
        let drives = TouchEvents.read(input)
        let taps = TouchEvents.taps(input)
        let scrolled = TouchEvents.scrolled(input)
        // Which gesture each drag is for (`dismissal`, `pop`), in order; all dismissals when unsaid.
        let kinds = (ProcessInfo.processInfo.environment["SEGUE_VERIFY_DRAG_KINDS"] ?? "").split(separator: ",").map(String.init)
        func scenario(_ name: String, sampling: Bool) -> String {
            run(name, delegate: delegate, style: presentationStyle, transitionStyle: transitionStyle, drags: drives, kinds: kinds, taps: taps,
                scrolled: scrolled, sourceView: sourceView, sourceControl: sourceControl, screen: screen, statusBar: statusBar,
                sheet: sheet, presentation: presentation, presentedLayout: presentedLayout, sampling: sampling)
        }
        for name in names.isEmpty ? scenarios[...] : names {
            guard scenarios.contains(name) else {
                print("unknown scenario \(name)")
                if rounds != nil { exit(1) }
                continue
            }
            if let rounds {
                // Three rounds first, untimed: a process's first runs are slow (fade's present: about 700 µs, then 40),
                // and over the catalogue the run after one such costs 143 µs on average, after three 114, after five 112
                // (measured). Every round after them printed, for the bench to total round by round.
                let warmUp = 3
                var times: [String] = []
                var kept = 0
                for round in 0..<(warmUp + rounds) {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let notes = scenario(name, sampling: false)
                    let elapsed = DispatchTime.now().uptimeNanoseconds - start
                    // A run that did less than the Lua's (a drag its recognizer never took) is not timed as cheaper.
                    guard notes.isEmpty else {
                        FileHandle.standardError.write(Data("\(name) did not run as check's did: \(notes)\n".utf8))
                        exit(1)
                    }
                    if round >= warmUp { times.append(String(Double(elapsed) / 1e9)) }
                    if round == 0 { kept = LiveUIKitObjects.count }
                }
                // Rounds that pile up UIKit's objects (and all they hold) would time a growing heap, not the rounds.
                guard LiveUIKitObjects.count <= kept else {
                    FileHandle.standardError.write(Data("\(name) kept UIKit's objects from round to round: \(LiveUIKitObjects.count) gesture recognizers, presentation controllers and display links alive after \(warmUp + rounds) rounds, \(kept) after one\n".utf8))
                    exit(1)
                }
                print("time \(name) " + times.joined(separator: " "))
                continue
            }
            print("scenario \(name)")
            // The lines in one write: a scenario of many views has 100,000 of them.
            print(scenario(name, sampling: true), terminator: "")
        }
    }

    /// The UIKit objects made for the engine's that are alive now (UIKitWrappers): for a test, which cannot import
    /// this UIKit beside Swift Testing.
    package static var wrapperCount: Int { UIKitWrappers.count }

    /// One scenario, as ScenarioRunner runs it for a Lua entry: its parity lines (`Trace.parityText`), and after
    /// them a line for each thing the Swift did that the Lua entry cannot (a drag's action that never finished nor
    /// cancelled), which makes the two differ. `drags` are the touch events of each of its dismissals and pops by the
    /// entry's gestures, in order (the ones the Lua entry was given), `kinds` which each is for. Without `sampling`
    /// (timed as check runs, no trace) only those notes.
    public static func run(_ scenario: String, delegate: (any UIViewControllerTransitioningDelegate)?, style: UIModalPresentationStyle,
                           transitionStyle: UIModalTransitionStyle = .coverVertical,
                           drags: [[GestureSample]] = [], kinds: [String] = [], taps: [Point] = [], scrolled: Double? = nil,
                           sourceView: ((UIView?) -> Void)? = nil,
                           sourceControl: String? = nil, screen: String? = nil, statusBar: String? = nil,
                           sheet: ((UISheetPresentationController) -> Void)? = nil, presentation: Presentation? = nil,
                           presentedLayout: PresentedLayout? = nil, windowSize: Size = Size(width: 390, height: 844), fps: Double = 60,
                           sampling: Bool = true) -> String {
        let simulation = Simulation(windowSize: windowSize)
        Host.simulation = simulation
        // A new scenario's objects get new wrappers: the last one's (timed rounds share a process) are let go.
        UIKitWrappers.forgetAll()
        simulation.exactSamples = true
        let contract = ContractChecker.attach(to: simulation)
        simulation.reduceMotion = scenario == "reduce-motion"
        simulation.sourceView = simulation.visibleRow(Simulation.defaultSourceRow) ?? simulation.visibleRows.last
        let presented = simulation.makeViewController(name: "presented")
        presented.view.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.95)
        let adapter = delegate.map(DelegateAdapter.init)
        presented.transitioningDelegate = adapter
        presented.modalTransitionStyle = transitionStyle.engine
        let pushed = simulation.makeViewController(name: "pushed")
        pushed.view.backgroundColor = presented.view.backgroundColor
        // The screens' content as the entry's `screen` says, as its Lua run gives them (a dialog's height is measured from it).
        if let look = screen.flatMap(ScreenLook.init(rawValue:)) {
            simulation.show(look, in: presented)
            simulation.show(look, in: pushed)
        }
        // What the presented screen asks of the status bar ("style,hidden,animation,captures"), as the app's controller
        // overrides it and sets its capture before presenting.
        if let parts = statusBar?.split(separator: ",").map(String.init), parts.count == 4,
           let style = StatusBarPreferences.Style(rawValue: parts[0]), let animation = StatusBarPreferences.Animation(rawValue: parts[2]) {
            presented.statusBarPreferences = StatusBarPreferences(style: style, hidden: parts[1] == "true", animation: animation)
            pushed.statusBarPreferences = presented.statusBarPreferences
            presented.modalPresentationCapturesStatusBarAppearance = parts[3] == "true"
        }
        // The presented controller's own overrides, calling the transition's methods as the app's would.
        if let presentedLayout { presented.layoutHooks = PresentedLayoutAdapter(presentedLayout) }
        // The control the entry grows from, made as its Lua run made it (after the two screens: the same view ids).
        if let control = sourceControl.flatMap(simulation.control(named:)) { simulation.sourceView = control }
        sourceView?(simulation.sourceView.map(UIView.wrapping))
        presented.modalPresentationStyle = style.engine ?? .custom
        if let sheet, let controller = UIViewController.wrapping(presented).sheetPresentationController { sheet(controller) }
        // A navigation entry is the navigation controller's delegate too, as an app makes it.
        let navigationController = UINavigationController(navigation: simulation.navigation)
        var navigationAdapter: NavigationDelegateAdapter?
        if let navigationDelegate = delegate as? any UINavigationControllerDelegate {
            navigationController.delegate = navigationDelegate
            navigationAdapter = NavigationDelegateAdapter(navigationController)
            simulation.navigation.delegate = navigationAdapter
        }
        let dismissalDrags = drags.indices.filter { $0 >= kinds.count || kinds[$0] == "dismissal" }.map { drags[$0] }
        let popDrags = drags.indices.filter { $0 < kinds.count && kinds[$0] == "pop" }.map { drags[$0] }
        let presentationDrags = drags.indices.filter { $0 < kinds.count && kinds[$0] == "presentation" }.map { drags[$0] }
        let presentedDrags = drags.indices.filter { $0 < kinds.count && kinds[$0] == "presented" }.map { drags[$0] }
        var samples: [Sample] = []
        var sampledViews = 0
        // Timed as check runs (ScenarioOptions.sampling false): no trace.
        let sample: ((Simulation) -> Void)? = !sampling ? nil : { simulation in
            // Where the run is, on the error stream: if the Swift stops (a precondition), segue says when.
            FileHandle.standardError.write(Data("at t=\(simulation.now)\n".utf8))
            // The Lua side's cut (ScenarioRunner.sampledViewLimit, 20,000 views a trace): the same trace, and no runaway.
            guard sampledViews <= 20_000 else { return }
            let next = simulation.sample()
            sampledViews += next.views.count
            if sampledViews > 20_000 { return }
            if samples.last?.time == next.time { samples.removeLast() }
            samples.append(next)
        }
        var presentedAndIdle: Bool { simulation.topViewController === presented && !simulation.isTransitioning }
        func present(animated: Bool = true) {
            simulation.present(presented, animated: animated)
            simulation.runUntilIdle(fps: fps, sample: sample)
        }
        func dismiss() {
            guard presentedAndIdle else { return }
            simulation.dismiss()
            simulation.runUntilIdle(fps: fps, sample: sample)
        }
        var notes: [String] = []
        var nextDrag = 0, nextPop = 0, nextPresentation = 0
        /// The next drag's events delivered to the recognizer the exported code put on the presented screen: its
        /// action begins the dismissal, and says, event by event, what the Lua entry's rule said.
        func dismissByDrag() {
            guard presentedAndIdle, nextDrag < dismissalDrags.count, let first = dismissalDrags[nextDrag].first else { return }
            let events = dismissalDrags[nextDrag]
            nextDrag += 1
            guard let recognizer = UIView.wrapping(presented.view).gestureRecognizers?.first else {
                notes.append("\(simulation.now)\thook\tgesture\tthe Swift put no gesture recognizer on the presented view")
                return
            }
            drive(recognizer, events, first)
        }
        /// Pushes the screen with the entry's animator, when nothing else is on top (as ScenarioRunner).
        func push() {
            guard simulation.topViewController === simulation.root, !simulation.isTransitioning else { return }
            simulation.push(pushed)
            simulation.runUntilIdle(fps: fps, sample: sample)
        }
        func pop() {
            guard simulation.navigation.topViewController === pushed, !simulation.isTransitioning else { return }
            simulation.pop()
            simulation.runUntilIdle(fps: fps, sample: sample)
        }
        /// The next pop drag's events delivered to the screen-edge pan the exported code put on the navigation
        /// controller's view: its action begins the pop.
        func popByDrag() {
            guard simulation.navigation.topViewController === pushed, !simulation.isTransitioning, nextPop < popDrags.count,
                  let first = popDrags[nextPop].first else { return }
            let events = popDrags[nextPop]
            nextPop += 1
            let recognizers = simulation.navigation.view.map { UIView.wrapping($0).gestureRecognizers ?? [] } ?? []
            guard let recognizer = recognizers.first(where: { $0 is UIScreenEdgePanGestureRecognizer }) else {
                notes.append("\(simulation.now)\thook\tgesture\tthe Swift put no screen-edge pan on the navigation controller's view")
                return
            }
            drive(recognizer, events, first)
        }
        /// The next presenting drag's events delivered to the recognizer the exported code put on the presenting screen
        /// once the runner attached it there, as the app would, with the screen to present: its action presents.
        func presentByDrag() {
            guard simulation.topViewController === simulation.root, !simulation.isTransitioning, nextPresentation < presentationDrags.count,
                  let first = presentationDrags[nextPresentation].first else { return }
            let events = presentationDrags[nextPresentation]
            nextPresentation += 1
            presentation?(.wrapping(simulation.root)) { .wrapping(presented) }
            guard let recognizer = UIView.wrapping(simulation.root.view).gestureRecognizers?.first else {
                notes.append("\(simulation.now)\thook\tgesture\tthe Swift put no gesture recognizer on the presenting screen")
                return
            }
            drive(recognizer, events, first)
        }
        /// The entry's own drags of the presented screen, each played against the clock as check plays it, its events
        /// delivered to the recognizer the exported code put on the presented view, whose action moves the views itself.
        func dragPresentedScreen() {
            for events in presentedDrags {
                guard presentedAndIdle else { return }
                let recognizers = UIView.wrapping(presented.view).gestureRecognizers ?? []
                guard let recognizer = recognizers.first else {
                    notes.append("\(simulation.now)\thook\tgesture\tthe Swift put no gesture recognizer on the presented view")
                    return
                }
                // A drag that lands in a scroll view meets its pan, as a dismissal's does (drive, below).
                var shared: ScrollViewPan?, waiting: ScrollViewPan?
                if let first = events.first {
                    switch ScrollViewSharing.arbitrate(recognizer, first, in: simulation) {
                    case .alone: break
                    case .together(let pan): shared = pan
                    case .scrollViewWaits(let pan): waiting = pan
                    case .scrollViewHasIt(let pan):
                        simulation.scroll(pan, by: events, fps: fps, sample: sample)
                        continue
                    }
                }
                var begun = false
                simulation.sharedScroll = shared
                simulation.play(events, fps: fps, sample: sample) { _, event in
                    shared?.handle(event)
                    // A drag whose recognizer did not begin is the recognizer's no longer: UIKit sends it nothing more.
                    if event.state == .began {
                        begun = recognizer.deliver(event)
                        if !begun && waiting == nil {
                            notes.append("\(simulation.now)\thook\tgesture\tthe Swift's recognizer did not begin (its delegate said no)")
                        }
                    } else if begun {
                        recognizer.deliver(event)
                    }
                    // Turned down, the drag is the waiting scroll view's.
                    if !begun { waiting?.handle(event) }
                    return true
                }
                if simulation.sharedScroll === shared { simulation.sharedScroll = nil }
            }
        }
        func drive(_ recognizer: UIGestureRecognizer, _ events: [GestureSample], _ first: GestureSample) {
            let drive = GestureDrive(recognizer: recognizer)
            Host.gesturePlan = InteractionPlan.gesture(events: events, responder: drive)
            // A drag that lands in a scroll view meets its pan: the Swift's delegate says which has it, as UIKit asks. The
            // scroll view's alone, its content follows the drag and nothing else begins, as in the Lua run.
            var waiting: ScrollViewPan?
            switch ScrollViewSharing.arbitrate(recognizer, first, in: simulation) {
            case .alone: break
            case .together(let pan): Host.gesturePlan?.scrollPan = pan
            case .scrollViewWaits(let pan): waiting = pan
            case .scrollViewHasIt(let pan):
                Host.gesturePlan = nil
                simulation.scroll(pan, by: events, fps: fps, sample: sample)
                return
            }
            // An interaction controller of the app's own is handed the events by its recognizer's action, as on a device.
            DelegateAdapter.delivery = { recognizer.deliver($0) }
            defer { DelegateAdapter.delivery = nil }
            let began = drive.deliver(first)
            Host.gesturePlan = nil
            if !began, let waiting {
                // Turned down by its delegate, the drag is the waiting scroll view's.
                simulation.scroll(waiting, by: events, fps: fps, sample: sample)
                return
            }
            if !began { notes.append("\(simulation.now)\thook\tgesture\tthe Swift's recognizer did not begin (its delegate said no)") }
            simulation.runUntilIdle(fps: fps, sample: sample)
            notes += drive.notes
        }
        if sampling { FileHandle.standardError.write(Data("at t=\(simulation.now)\n".utf8)) }
        switch scenario {
        case "present": present()
        case "drag-presented":
            // The entry's own drag of the presented screen, or UIKit's sheet dragged between its detents by its own pan,
            // as check drags them.
            present()
            if !presentedDrags.isEmpty {
                // The entry's own drag, which moves the screen itself.
                dragPresentedScreen()
            } else if presentedAndIdle, let host = presented.presentationController as? PresentedDragging {
                simulation.dragPresented(presented, by: host, fps: fps, sample: sample)
            }
        case "non-animated-present": present(animated: false)
        case "tap-to-dismiss":
            // The points the Lua entry's run tapped, each reaching the recognizers the Swift put on its views by the same
            // hit-test, while presented and still.
            present()
            for point in taps where presentedAndIdle {
                simulation.tap(at: point, fps: fps, sample: sample)
            }
        case "dismiss", "present-then-dismiss":
            present(animated: scenario != "dismiss")
            dismiss()
        case "interactive-finish", "interactive-flick", "interactive-cancel-10", "interactive-cancel-50", "interactive-cancel-99",
             _ where releases.contains(scenario):
            present()
            dismissByDrag()
        case "interactive-scrolled":
            // The scroll view under the drag scrolled down as far as the Lua run's check scrolled it, then the same drag.
            present()
            // The dismissal's drag, or else the entry's own drag of the presented screen, as the Lua run chose.
            let drag = dismissalDrags.first ?? presentedDrags.first
            if presentedAndIdle, let scrolled, let down = drag?.first?.touchesDown.first,
               let list = simulation.scrollView(under: down, within: presented.view, moving: Point(x: 0, y: 1)) {
                list.contentOffset = Point(x: list.contentOffset.x, y: scrolled)
            }
            if dismissalDrags.isEmpty { dragPresentedScreen() } else { dismissByDrag() }
        case "reduce-motion":
            present()
            dismiss()
            // As ScenarioRunner: an entry with an interactive dismissal is dragged away too, and a navigation entry
            // pushes and pops, by its edge swipe too.
            if !dismissalDrags.isEmpty, simulation.topViewController !== presented {
                present()
                dismissByDrag()
            }
            if !presentationDrags.isEmpty, simulation.topViewController !== presented {
                presentByDrag()
                dismiss()
            }
            if navigationAdapter != nil {
                push()
                pop()
                if !popDrags.isEmpty {
                    push()
                    popByDrag()
                }
            }
        case _ where scenario.hasPrefix("interactive-present"):
            presentByDrag()
        case "push":
            push()
        case "pop":
            push()
            pop()
        case _ where scenario.hasPrefix("interactive-pop"):
            push()
            popByDrag()
        case "rotation-while-presented":
            present()
            let shown = !contract.diagnostics.contains { $0.kind == .presentedViewNotVisible }
            if presentedAndIdle && shown {
                simulation.setWindowSize(Size(width: windowSize.height, height: windowSize.width))
                simulation.runUntilIdle(fps: fps, sample: sample)
            }
        default: break
        }
        withExtendedLifetime((adapter, navigationAdapter, navigationController)) {}
        guard sampling else { return notes.map { $0 + "\n" }.joined() }
        return simulation.trace(samples: samples).parityText + notes.map { $0 + "\n" }.joined()
    }
}

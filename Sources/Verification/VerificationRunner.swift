import Contract
import Geometry
import Transitions
import Foundation
import UIKit

/// The program `segue export --verify` compiles beside an exported entry:
/// it runs the entry's Swift through the check scenarios that apply to an
/// exported animator, exactly as `segue check` runs the Lua (the same
/// window, screens, colours and order of events), and prints each run's
/// parity lines (`Trace.parityLines`) for segue to compare with the Lua's.
@MainActor public enum VerificationRunner {
    /// The scenarios an exported entry runs through (the others need navigation, a drag of the presented screen or a
    /// presentation gesture, which export does not translate yet, and which such entries are refused for).
    public static let scenarios = ["present", "dismiss", "present-then-dismiss", "interactive-finish", "interactive-flick",
                                   "interactive-cancel-10", "interactive-cancel-50", "interactive-cancel-99", "rotation-while-presented",
                                   "non-animated-present", "reduce-motion"] + releases

    /// Drags let go elsewhere (ExportVerifier.releases): present, then the drag the input gives.
    static let releases = ["interactive-release-45", "interactive-release-55", "interactive-drag-back", "interactive-flick-at-30",
                           "interactive-flick-back-at-70"]

    /// Reads the scenario names from the command line, and from the input the touch events of its dismissal drags
    /// (`TouchEvents`), and prints `scenario NAME` and its lines for each.
    public static func main(_ delegate: any UIViewControllerTransitioningDelegate, presentationStyle: UIModalPresentationStyle) {
        let names = CommandLine.arguments.dropFirst()
        var input: [String] = []
        while let line = readLine() { input.append(line) }
        let drives = TouchEvents.read(input)
        for name in names.isEmpty ? scenarios[...] : names {
            guard scenarios.contains(name) else {
                print("unknown scenario \(name)")
                continue
            }
            print("scenario \(name)")
            for line in run(name, delegate: delegate, style: presentationStyle, drags: drives) { print(line) }
        }
    }

    /// One scenario, as ScenarioRunner runs it for a Lua entry: its parity lines (`Trace.parityLines`), and after
    /// them a line for each thing the Swift did that the Lua entry cannot (a drag's action that never finished nor
    /// cancelled), which makes the two differ. `drags` are the touch events of each of its dismissals by the
    /// entry's gesture, in order (the ones the Lua entry was given).
    public static func run(_ scenario: String, delegate: any UIViewControllerTransitioningDelegate, style: UIModalPresentationStyle,
                           drags: [[GestureSample]] = [], windowSize: Size = Size(width: 390, height: 844), fps: Double = 60) -> [String] {
        let simulation = Simulation(windowSize: windowSize)
        Host.simulation = simulation
        simulation.exactSamples = true
        let contract = ContractChecker.attach(to: simulation)
        simulation.reduceMotion = scenario == "reduce-motion"
        simulation.sourceView = simulation.visibleRow(Simulation.defaultSourceRow) ?? simulation.visibleRows.last
        let presented = simulation.makeViewController(name: "presented")
        presented.view.backgroundColor = Color(red: 0.2, green: 0.45, blue: 0.95)
        let adapter = DelegateAdapter(delegate)
        presented.transitioningDelegate = adapter
        let pushed = simulation.makeViewController(name: "pushed")
        pushed.view.backgroundColor = presented.view.backgroundColor
        presented.modalPresentationStyle = style.engine ?? .custom
        var samples: [Sample] = []
        var sampledViews = 0
        let sample: (Simulation) -> Void = { simulation in
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
        var nextDrag = 0
        /// The next drag's events delivered to the recognizer the exported code put on the presented screen: its
        /// action begins the dismissal, and says, event by event, what the Lua entry's rule said.
        func dismissByDrag() {
            guard presentedAndIdle, nextDrag < drags.count, let first = drags[nextDrag].first else { return }
            let events = drags[nextDrag]
            nextDrag += 1
            guard let recognizer = UIView.wrapping(presented.view).gestureRecognizers?.first else {
                notes.append("\(simulation.now)\thook\tgesture\tthe Swift put no gesture recognizer on the presented view")
                return
            }
            let drive = GestureDrive(recognizer: recognizer)
            Host.gesturePlan = InteractionPlan.gesture(events: events, responder: drive)
            let began = drive.deliver(first)
            Host.gesturePlan = nil
            if !began { notes.append("\(simulation.now)\thook\tgesture\tthe Swift's recognizer did not begin (its delegate said no)") }
            simulation.runUntilIdle(fps: fps, sample: sample)
            notes += drive.notes
        }
        FileHandle.standardError.write(Data("at t=\(simulation.now)\n".utf8))
        switch scenario {
        case "present": present()
        case "non-animated-present": present(animated: false)
        case "dismiss", "present-then-dismiss":
            present(animated: scenario != "dismiss")
            dismiss()
        case "interactive-finish", "interactive-flick", "interactive-cancel-10", "interactive-cancel-50", "interactive-cancel-99",
             _ where releases.contains(scenario):
            present()
            dismissByDrag()
        case "reduce-motion":
            present()
            dismiss()
            // As ScenarioRunner: an entry with an interactive dismissal is dragged away too.
            if !drags.isEmpty, simulation.topViewController !== presented {
                present()
                dismissByDrag()
            }
        case "rotation-while-presented":
            present()
            let shown = !contract.diagnostics.contains { $0.kind == .presentedViewNotVisible }
            if presentedAndIdle && shown {
                simulation.setWindowSize(Size(width: windowSize.height, height: windowSize.width))
                simulation.runUntilIdle(fps: fps, sample: sample)
            }
        default: break
        }
        withExtendedLifetime(adapter) {}
        return simulation.trace(samples: samples).parityLines + notes
    }
}

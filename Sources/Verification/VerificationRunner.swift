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
    /// The scenarios an exported animator runs through (the others need gestures,
    /// navigation or a drag, which export does not translate yet, and are skipped for such entries by check too).
    public static let scenarios = ["present", "dismiss", "present-then-dismiss", "rotation-while-presented", "non-animated-present",
                                   "reduce-motion"]

    /// Reads the scenario names from the command line and prints `scenario NAME` and its lines for each.
    public static func main(_ delegate: any UIViewControllerTransitioningDelegate, presentationStyle: UIModalPresentationStyle) {
        let names = CommandLine.arguments.dropFirst()
        for name in names.isEmpty ? scenarios[...] : names {
            guard scenarios.contains(name) else {
                print("unknown scenario \(name)")
                continue
            }
            print("scenario \(name)")
            for line in run(name, delegate: delegate, style: presentationStyle).parityLines { print(line) }
        }
    }

    /// One scenario, as ScenarioRunner runs it for a Lua entry.
    public static func run(_ scenario: String, delegate: any UIViewControllerTransitioningDelegate, style: UIModalPresentationStyle,
                           windowSize: Size = Size(width: 390, height: 844), fps: Double = 60) -> Trace {
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
        FileHandle.standardError.write(Data("at t=\(simulation.now)\n".utf8))
        switch scenario {
        case "present": present()
        case "non-animated-present": present(animated: false)
        case "dismiss", "present-then-dismiss":
            present(animated: scenario != "dismiss")
            dismiss()
        case "reduce-motion":
            present()
            dismiss()
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
        return simulation.trace(samples: samples)
    }
}

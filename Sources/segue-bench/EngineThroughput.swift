import ArgumentParser
import Contract
import Foundation
import Geometry
import Transitions

/// Present + dismiss of a 3-view scene (presenting view, presented view and
/// a card inside it; over full screen, cross-dissolve), sampled at 120 Hz,
/// many times on one core. Target: at least 10,000 transitions a second.
struct EngineThroughput: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Transitions per second and ns per sampled view, simulating present + dismiss at 120 Hz."
    )

    @Option(help: "Present + dismiss cycles per run.")
    var cycles = 2000

    @Option(help: "Runs; the best counts.")
    var runs = 5

    func run() throws {
        var best = (seconds: Double.infinity, samples: 0, views: 0)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            var samples = 0, views = 0
            for _ in 0..<cycles {
                // The bare scene the target was set for: no list rows on the presenting screen.
                let simulation = Simulation(listRows: false)
                // Checked, as every scenario segue runs is.
                let contract = ContractChecker.attach(to: simulation)
                let presented = simulation.makeViewController(name: "presented")
                presented.modalPresentationStyle = .overFullScreen
                presented.modalTransitionStyle = .crossDissolve
                let card = simulation.engine.makeView(name: "card", frame: Rect(x: 20, y: 400, width: 350, height: 400))
                presented.view.addSubview(card)
                let sample: (Simulation) -> Void = { simulation in
                    samples += 1
                    views += simulation.sample().views.count
                }
                simulation.present(presented)
                simulation.runUntilIdle(fps: 120, sample: sample)
                simulation.dismiss()
                simulation.runUntilIdle(fps: 120, sample: sample)
                guard contract.diagnostics.isEmpty else { throw ValidationError("unexpected diagnostics: \(contract.diagnostics)") }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if seconds < best.seconds { best = (seconds, samples, views) }
        }
        let transitions = Double(cycles * 2)
        let rate = transitions / best.seconds
        let target = 10_000.0
        print("Engine: \(cycles) present + dismiss cycles a run (\(Int(transitions)) transitions), 120 Hz samples, best of \(runs) runs")
        print("transitions per second    \(Int(rate))    target \(Int(target))    \(String(format: "%.1f×", rate / target)) the target")
        print("samples per transition    \(best.samples / Int(transitions))")
        print("ns per sampled view       \(String(format: "%.0f", best.seconds * 1e9 / Double(best.views)))  (\(best.views) view samples)")
        print("target: at least \(Int(target)) transitions a second on one core — \(rate >= target ? "met" : "NOT MET")")
    }
}

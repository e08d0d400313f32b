import ArgumentParser
import Catalogue
import Contract
import Foundation
import LuaBindings
import LuaRuntime
import Transitions

/// `segue check` over the built-in catalogue: total time, time per scenario
/// and the share spent inside Lua, beside the same scenarios driven by the
/// engine's own Swift animators (no script), measured in the same run.
struct CheckThroughput: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Time 'segue check' over the built-in catalogue against the same scenarios without scripts."
    )

    @Option(help: "Rounds over the whole catalogue; the best counts.")
    var rounds = 5

    @Option(help: ArgumentHelp("Time only these entries (repeatable), for profiling one.", valueName: "ENTRY"))
    var only: [String] = []

    @Flag(help: "Also print each entry's time a scenario (its best round), costliest first: where to look.")
    var perEntry = false

    func run() throws {
        let files = try BuiltinCatalogue.locate().entryFiles().filter { only.isEmpty || only.contains($0.stem) }
        let sources = try files.map { try $0.source() }
        var best = (seconds: Double.infinity, scenarios: 0, script: 0.0)
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            var scenarios = 0
            var script: UInt64 = 0
            // As `segue check` does: ready sandboxes kept for the whole run, one for each entry in turn.
            let sandboxes = SandboxPool()
            for (file, source) in zip(files, sources) {
                for outcome in Self.check(file, source: source, sandboxes: sandboxes) {
                    guard outcome.skipped == nil else { continue }
                    guard outcome.problems.isEmpty else { throw ValidationError("\(file.stem): \(outcome.problems)") }
                    scenarios += 1
                    script += outcome.scriptTime
                }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if seconds < best.seconds { best = (seconds, scenarios, Double(script) / 1e9) }
        }
        let baseline = swiftBaseline(scenarios: best.scenarios)
        let perScenario = best.seconds / Double(best.scenarios)
        print("segue check over the built-in catalogue: \(files.count) entries, \(best.scenarios) scenario runs, best of \(rounds) rounds")
        print("total                      \(String(format: "%.1f ms", best.seconds * 1000))")
        print("per scenario               \(String(format: "%.0f µs", perScenario * 1e6))    "
            + "baseline (same scenarios, Swift animators, no Lua) \(String(format: "%.0f µs", baseline * 1e6))    "
            + String(format: "%.1f×", perScenario / baseline))
        print("inside Lua                 \(String(format: "%.0f %%", 100 * best.script / best.seconds)) "
            + "(script hooks and the host functions they call, including making each sandbox)")
        if perEntry { printPerEntry(files: files, sources: sources) }
        let loading = loadTime(files: files, sources: sources)
        print("an entry in a new sandbox  \(String(format: "%.0f µs", loading * 1e6)) (Lua, the prelude and API, the main chunk: "
            + "once an entry; its scenarios start from the sandbox's image)")
        print("targets (issue 37), one core: at most 300 µs a scenario — \(perScenario <= 300e-6 ? "met" : "NOT MET"); "
            + "within 5× of the baseline — \(perScenario <= 5 * baseline ? "met" : "NOT MET")")
    }

    /// One entry as `segue check` takes it: a sandbox of the pool leased for it, its metadata read in it once, then
    /// every scenario by runAll (its files compiled once for all of them, the scenarios its shape rules out skipped).
    private static func check(_ file: EntryFile, source: String, sandboxes: SandboxPool) -> [ScenarioOutcome] {
        var options = ScenarioOptions()
        options.chunks = ChunkCache()
        options.sandbox = sandboxes.lease(.default)
        _ = try? EntryLoader.load(file, source: source, chunks: options.chunks, sandbox: options.sandbox)
        return ScenarioRunner.runAll(file, source: source, options: options)
    }

    /// Each entry's scenarios timed alone (as in the run: its metadata read, then runAll), best of the rounds.
    private func printPerEntry(files: [EntryFile], sources: [String]) {
        let sandboxes = SandboxPool()
        var rows: [(name: String, scenarios: Int, seconds: Double)] = []
        for (file, source) in zip(files, sources) {
            var best = (seconds: Double.infinity, scenarios: 0)
            for _ in 0..<rounds {
                let start = DispatchTime.now().uptimeNanoseconds
                let run = Self.check(file, source: source, sandboxes: sandboxes).filter { $0.skipped == nil }.count
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if seconds < best.seconds { best = (seconds, run) }
            }
            rows.append((file.stem, best.scenarios, best.seconds))
        }
        print("each entry, costliest a scenario first (its metadata read included):")
        for row in rows.sorted(by: { $0.seconds / Double(max($0.scenarios, 1)) > $1.seconds / Double(max($1.scenarios, 1)) }) {
            print("  \(row.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(String(format: "%3d", row.scenarios)) scenarios  "
                  + String(format: "%6.0f µs a scenario  %6.2f ms in all", row.seconds / Double(max(row.scenarios, 1)) * 1e6, row.seconds * 1e3))
        }
    }

    /// The mean time to make a sandbox from nothing and load an entry into it, its files already compiled: what each
    /// scenario cost before the sandbox was kept as an image between an entry's scenarios (PreparedSandbox).
    private func loadTime(files: [EntryFile], sources: [String]) -> Double {
        let caches = files.map { _ in ChunkCache() }
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for (index, (file, source)) in zip(files, sources).enumerated() {
                _ = try? EntryLoader.load(file, source: source, chunks: caches[index])
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best / Double(files.count)
    }

    /// The standard scenarios on the engine's built-in cover-vertical animator.
    private func swiftBaseline(scenarios: Int) -> Double {
        var best = Double.infinity
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<scenarios {
                let simulation = Simulation()
                ContractChecker.attach(to: simulation)   // checked, as the entries' scenarios are
                let presented = simulation.makeViewController(name: "presented")
                presented.modalPresentationStyle = .overFullScreen
                simulation.present(presented)
                simulation.runUntilIdle()
                simulation.dismiss()
                simulation.runUntilIdle()
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best / Double(scenarios)
    }
}

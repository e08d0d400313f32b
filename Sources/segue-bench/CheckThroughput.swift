import ArgumentParser
import Catalogue
import Contract
import Export
import ExportVerification
import Foundation
import LuaBindings
import LuaRuntime
import Transitions

/// `segue check` over the built-in catalogue: total time, time per scenario and the share spent inside Lua, beside the
/// same scenarios with Swift animators, measured in the same run: each entry's exported Swift (which `--verify` proves
/// does what the entry does) run through exactly the scenarios check ran for it, with the same touches.
struct CheckThroughput: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Time 'segue check' over the built-in catalogue against the same scenarios run by the entries' exported Swift."
    )

    @Option(help: "Rounds over the whole catalogue; the best counts.")
    var rounds = 5

    @Option(help: ArgumentHelp("Time only these entries (repeatable), for profiling one.", valueName: "ENTRY"))
    var only: [String] = []

    @Flag(help: "Also print each entry's time a scenario (its best round), costliest first: where to look.")
    var perEntry = false

    @Flag(help: "Also print each scenario's time (its best round) in check, beside its Swift's: where an entry's ratio comes from.")
    var eachScenario = false

    func validate() throws {
        guard rounds >= 1 else { throw ValidationError("--rounds must be at least 1") }
        let stems = Set(try BuiltinCatalogue.locate().entryFiles().map(\.stem))
        if let unknown = only.first(where: { !stems.contains($0) }) { throw ValidationError("no built-in entry \(unknown)") }
    }

    func run() throws {
        let files = try BuiltinCatalogue.locate().entryFiles().filter { only.isEmpty || only.contains($0.stem) }
        let sources = try files.map { try $0.source() }
        var best = (seconds: Double.infinity, scenarios: 0, script: 0.0)
        var ran: [[ScenarioOutcome]] = []
        // Each entry's fastest wall time over the rounds in check, in all and of each scenario run (for --each-scenario).
        var fastest: [(entry: Double, scenarios: [Double])] = files.map { _ in (.infinity, []) }
        for _ in 0..<rounds {
            ran = []
            let start = DispatchTime.now().uptimeNanoseconds
            var scenarios = 0
            var script: UInt64 = 0
            // As `segue check` does: ready sandboxes kept for the whole run, one for each entry in turn.
            let sandboxes = SandboxPool()
            for (index, (file, source)) in zip(files, sources).enumerated() {
                let entryStart = ContinuousClock.now
                let outcomes = Self.check(file, source: source, sandboxes: sandboxes)
                let entry = (ContinuousClock.now - entryStart) / .seconds(1)
                let times = outcomes.filter { $0.skipped == nil }.map { $0.wallTime / .seconds(1) }
                fastest[index] = (min(fastest[index].entry, entry),
                                  fastest[index].scenarios.isEmpty ? times : zip(fastest[index].scenarios, times).map { min($0, $1) })
                ran.append(outcomes)
                for outcome in outcomes {
                    guard outcome.skipped == nil else { continue }
                    guard outcome.problems.isEmpty else { throw ValidationError("\(file.stem): \(outcome.problems)") }
                    scenarios += 1
                    script += outcome.scriptTime
                }
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if seconds < best.seconds { best = (seconds, scenarios, Double(script) / 1e9) }
        }
        let swift = try exportedBaseline(files: files, sources: sources, outcomes: ran)
        let timed = swift.reduce(0) { $0 + $1.count }
        guard timed == best.scenarios else { throw ValidationError("the exported Swift ran \(timed) scenarios, check \(best.scenarios)") }
        // check's statistic on both sides: the fastest round of the whole catalogue.
        let baseline = Self.fastestRound(Array(swift.joined()), rounds: rounds) / Double(timed)
        let floor = engineFloor(scenarios: best.scenarios)
        let perScenario = best.seconds / Double(best.scenarios)
        print("segue check over the built-in catalogue: \(files.count) entries, \(best.scenarios) scenario runs, best of \(rounds) rounds")
        print("total                      \(String(format: "%.1f ms", best.seconds * 1000))")
        print("per scenario               \(String(format: "%.0f µs", perScenario * 1e6))    "
            + "baseline (the same scenarios by each entry's exported Swift, -O, no Lua) \(String(format: "%.0f µs", baseline * 1e6))    "
            + String(format: "%.1f×", perScenario / baseline))
        print("engine floor               \(String(format: "%.0f µs", floor * 1e6)) a present and dismiss by UIKit's cover-vertical, "
            + "no entry (the baseline until 2026-12-01)    " + String(format: "%.1f×", perScenario / floor))
        print("inside Lua                 \(String(format: "%.0f %%", 100 * best.script / best.seconds)) "
            + "(script hooks and the host functions they call, including making each sandbox)")
        if eachScenario { printEachScenario(files: files, check: fastest, swift: swift) }
        if perEntry {
            // An entry's Swift by the same statistic: its fastest round.
            printPerEntry(files: files, sources: sources, swift: swift.map { Self.fastestRound($0, rounds: rounds) })
        }
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

    /// Each entry's scenarios timed alone (as in the run: its metadata read, then runAll), best of the rounds, beside its
    /// exported Swift's seconds for the same scenarios (`swift`, an entry's each).
    private func printPerEntry(files: [EntryFile], sources: [String], swift: [Double]) {
        let sandboxes = SandboxPool()
        var rows: [(name: String, scenarios: Int, seconds: Double, swift: Double)] = []
        for (index, (file, source)) in zip(files, sources).enumerated() {
            var best = (seconds: Double.infinity, scenarios: 0)
            for _ in 0..<rounds {
                let start = DispatchTime.now().uptimeNanoseconds
                let run = Self.check(file, source: source, sandboxes: sandboxes).filter { $0.skipped == nil }.count
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                if seconds < best.seconds { best = (seconds, run) }
            }
            rows.append((file.stem, best.scenarios, best.seconds, swift[index]))
        }
        print("each entry, costliest a scenario first (its metadata read included):")
        for row in rows.sorted(by: { $0.seconds / Double(max($0.scenarios, 1)) > $1.seconds / Double(max($1.scenarios, 1)) }) {
            print("  \(row.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(String(format: "%3d", row.scenarios)) scenarios  "
                  + String(format: "%6.0f µs a scenario  %6.2f ms in all  its Swift %6.0f µs a scenario",
                           row.seconds / Double(max(row.scenarios, 1)) * 1e6, row.seconds * 1e3, row.swift / Double(max(row.scenarios, 1)) * 1e6))
        }
    }

    /// Each scenario of each entry: its fastest run in check's rounds (from the entry's image, as runAll runs it) beside
    /// its exported Swift's fastest, and what check spends on the entry outside its scenarios (its metadata read, its
    /// sandbox leased and loaded): where an entry's ratio comes from.
    private func printEachScenario(files: [EntryFile], check: [(entry: Double, scenarios: [Double])],
                                   swift: [[(scenario: String, rounds: [Double])]]) {
        func row(_ label: String, _ check: Double, _ swift: Double?) {
            print("  \(label.padding(toLength: 28, withPad: " ", startingAt: 0)) " + String(format: "%6.0f µs  ", check * 1e6)
                  + (swift.map { String(format: "%6.0f µs", $0 * 1e6) } ?? "     -"))
        }
        for (index, file) in files.enumerated() {
            print("\(file.stem), each scenario: check, its Swift")
            for (swiftRun, checkSeconds) in zip(swift[index], check[index].scenarios) {
                row(swiftRun.scenario, checkSeconds, swiftRun.rounds.min() ?? 0)
            }
            row("(the entry outside them)", max(check[index].entry - check[index].scenarios.reduce(0, +), 0), nil)
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

    /// The seconds of the fastest round of these scenarios' Swift, round k being each scenario's k-th run (each ran in
    /// a process of its own, so a round is the sum of theirs): check's own statistic, the fastest whole round.
    private static func fastestRound(_ scenarios: [(scenario: String, rounds: [Double])], rounds: Int) -> Double {
        (0..<rounds).map { k in scenarios.reduce(0) { $0 + $1.rounds[k] } }.min() ?? 0
    }

    /// Each scenario check ran (`outcomes`, an entry's in each), run by the entry's exported Swift: the same views,
    /// animations, touches and contract, without Lua. Each scenario's seconds in each round, in their order.
    private func exportedBaseline(files: [EntryFile], sources: [String], outcomes: [[ScenarioOutcome]]) throws -> [[(scenario: String, rounds: [Double])]] {
        // The layer beside this executable (make bench builds it, release, just before), never one a variable names:
        // a debug layer would time several times slower and flatter the ratio.
        var environment = ProcessInfo.processInfo.environment
        environment["SEGUE_UIKIT_LAYER"] = nil
        let verifier = try ExportVerifier(environment: environment)
        print("the exported Swift runs on the UIKit layer in \(verifier.layerFolder.path)")
        let exported = try zip(files, sources).map { file, source in
            let origin = Exporter.Origin(entry: file.stem, file: file.displayPath, catalogue: file.catalogue, version: nil,
                                         sha256: SHA256.hex(Array(source.utf8)), command: "segue-bench check")
            do {
                return try Exporter.export(source: source, origin: origin) { name throws(ExportRefusal) in
                    try ExportVerifier.module(name, besideEntry: file)
                }
            } catch {
                throw ValidationError("\(file.stem) does not export: \(error)")
            }
        }
        try verifier.compileForTiming(exported)
        return try zip(exported, outcomes).map { swift, outcomes in try verifier.time(swift, outcomes: outcomes, rounds: rounds) }
    }

    /// The engine alone: UIKit's cover-vertical presenting and dismissing a plain screen, contract attached. The least a
    /// scenario can cost; the baseline the target was judged against before the exported Swift could run check's scenarios.
    private func engineFloor(scenarios: Int) -> Double {
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

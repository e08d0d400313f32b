import Catalogue
import Foundation
import LuaRuntime
@testable import LuaBindings
import Testing
import Transitions

/// check runs an entry's scenarios one after another in one sandbox made ready once and rewound to that image for
/// each (PreparedSandbox); each must run exactly as it would in a sandbox of its own.
@Suite struct PreparedSandboxTests {
    /// Every built-in entry, every scenario: the problems, the skip, the printed lines, the most memory held and the
    /// trace (every hook and every sampled view, value for value; and for each entry's last scenario run its bytes) are
    /// those of the same scenario run alone in a new sandbox.
    @Test func scenariosFromTheImageRunAsInASandboxOfTheirOwn() throws {
        var compared = 0
        // One pool for the whole catalogue, as `segue check` keeps: each entry starts from the sandbox the one before
        // it used, rewound.
        let sandboxes = SandboxPool()
        for file in try builtinEntries() {
            let source = try file.source()
            var options = ScenarioOptions()
            options.sampling = true
            options.chunks = ChunkCache()
            // In a sandbox of the pool, as check reads the metadata: the entry's first scenario starts from what that
            // load left.
            options.sandboxes = sandboxes
            options.sandbox = sandboxes.lease(.default)
            _ = try? EntryLoader.load(file, source: source, chunks: options.chunks, sandbox: options.sandbox)
            var last: (label: String, rewound: Trace, alone: Trace)?
            for outcome in ScenarioRunner.runAll(file, source: source, options: options) where outcome.skipped == nil {
                // Alone: a sandbox of its own that compiles the entry from its text, as the metadata load did before
                // the image was taken (the parser's garbage is in both peaks).
                var own = options
                own.chunks = ChunkCache()
                own.sandboxes = nil
                own.sandbox = nil
                let alone = ScenarioRunner.run(file, source: source, scenario: outcome.scenario, options: own)
                let label = "\(file.stem) / \(outcome.scenario.rawValue)"
                #expect(outcome.problems.map(\.description) == alone.problems.map(\.description), "\(label)")
                #expect(outcome.printed.map(\.text) == alone.printed.map(\.text), "\(label)")
                // Within a kilobyte, not to the byte: Lua seeds its string hashes from the state's address and the
                // time, and where keys collide decides when a table with deleted keys grows, so two new sandboxes
                // differ too (zoom-from-source's Reduce Motion run by 96 bytes, in some runs).
                #expect(abs(outcome.memoryPeak - alone.memoryPeak) <= 1024, "\(label): \(outcome.memoryPeak) against \(alone.memoryPeak)")
                // Every value compared as a number; the bytes once an entry, on its last scenario with a trace (the one
                // run after the most rewinds): encoding every trace as JSON was 57 s of the suite's processor time. What
                // numbers miss and bytes see is a value rounded to -0 in one run and 0 in the other (one on each side of
                // zero within 1/20000), in the scenarios before it.
                #expect(outcome.trace == alone.trace, "\(label)")
                if let traced = outcome.trace, let alone = alone.trace { last = (label, traced, alone) }
                compared += 1
            }
            if let last { #expect(try last.rewound.json() == last.alone.json(), "\(last.label): the trace's bytes") }
        }
        #expect(compared > 300)
    }

    /// The entries whose loading calls nothing but `require`, transforms' math and the prelude start their scenarios
    /// with the entry loaded; the others from the sandbox made ready.
    @Test func entriesStartLoadedWhenLoadingTouchedNothing() throws {
        var loaded: [String] = []
        for file in try builtinEntries() {
            let source = try file.source()
            let prepared = PreparedSandbox(limits: .default)
            for scenario in [Scenario.present, .dismiss, .presentThenDismiss] {
                _ = ScenarioRunner.run(file, source: source, scenario: scenario, options: ScenarioOptions(), prepared: prepared)
            }
            #expect(prepared.rewinds == 2, "\(file.stem)")
            if prepared.loadedRewinds == 2 { loaded.append(file.stem) }
        }
        // Every built-in entry's loading is of that kind.
        #expect(loaded.count == (try builtinEntries()).count)
    }

    /// The metadata read in a sandbox leased from the run's pool, as check reads them, are read in it rewound (one
    /// is made for all the entries) and leave the entry loaded there: every scenario starts loaded, the first included.
    @Test func theMetadataLoadLeavesTheEntryLoadedForItsScenarios() throws {
        let sandboxes = SandboxPool()
        var first: PreparedSandbox?
        for (index, file) in try builtinEntries().prefix(3).enumerated() {
            let source = try file.source()
            var options = ScenarioOptions()
            options.chunks = ChunkCache()
            options.sandboxes = sandboxes
            let lease = sandboxes.lease(.default)
            options.sandbox = lease
            let prepared = lease.sandbox
            if first == nil { first = prepared }
            #expect(prepared === first, "\(file.stem): the sandbox the entry before gave back")
            let (rewinds, loadedRewinds) = (prepared.rewinds, prepared.loadedRewinds)
            _ = try EntryLoader.load(file, source: source, chunks: options.chunks, sandbox: lease)
            #expect(prepared.rewinds - rewinds == (index == 0 ? 0 : 1), "\(file.stem)")
            #expect(prepared.serves(file, source: source, parameters: [:]), "\(file.stem)")
            let outcomes = ScenarioRunner.runAll(file, source: source, options: options)
            // A scenario read off the longer run it begins (SharedPrefixTests) takes no run of its own.
            let run = outcomes.filter { $0.skipped == nil }.count - SharedPrefixTests.pairsRun(outcomes)
            #expect(prepared.rewinds - rewinds == run + (index == 0 ? 0 : 1), "\(file.stem)")
            #expect(prepared.loadedRewinds - loadedRewinds == run, "\(file.stem)")
        }
    }

    /// Loading the entry counts once against its scenarios' budget (four time limits together) whether the first
    /// scenario loads it or starts from the image its metadata load left: a main chunk that costs more than the budget
    /// stops the scenarios after the first either way.
    @Test func loadingCountsOnceAgainstTheBudgetEitherWay() throws {
        let source = """
        local x = 0
        for i = 1, 50000000 do x = x + i % 7 end
        return {
          title = "Heavy", summary = "Loads slowly.", tags = {"test"},
          animator = {
            transitionDuration = function() return 0.3 end,
            animateTransition = function(ctx)
              local to = ctx:viewForKey("to")
              if to then ctx.containerView:addSubview(to) end
              ctx:completeTransition(true)
            end,
          },
        }
        """
        let (file, folder) = try Self.write(source, name: "heavy")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The main chunk alone, timed: the budget is half of it.
        let loading = ThreadTime.measure { _ = try? EntryLoader.load(file, source: source) }
        let budget = loading / 2
        for inPool in [false, true] {
            let sandboxes = SandboxPool()
            var options = ScenarioOptions()
            options.chunks = ChunkCache()
            options.sandboxes = sandboxes
            if inPool { options.sandbox = sandboxes.lease(.default) }
            _ = try EntryLoader.load(file, source: source, chunks: options.chunks, sandbox: options.sandbox)
            let outcomes = ScenarioRunner.runAll(file, source: source, options: options, entryBudget: budget)
            #expect(outcomes.first?.skipped == nil, "in the pool: \(inPool)")
            #expect(outcomes.dropFirst().allSatisfy { $0.skipped != nil }, "in the pool: \(inPool)")
            #expect(outcomes.dropFirst().first?.problems.first?.message.contains("together ran") == true, "in the pool: \(inPool)")
        }
    }

    /// A main chunk that asks the host something of the run (here the status bar's frame) is loaded again in each
    /// scenario, from the sandbox made ready: its answer could differ, and what the host did is not in the image.
    @Test func anEntryThatAsksTheHostAtLoadIsLoadedEachTime() throws {
        let source = """
        local bar = UIApplication.shared.statusBarFrame
        print("bar", bar.size.height)
        return {
          title = "Asks", summary = "Reads the status bar at load.", tags = {"test"},
          animator = {
            transitionDuration = function() return 0.3 end,
            animateTransition = function(ctx)
              local to = ctx:viewForKey("to")
              if to then ctx.containerView:addSubview(to) end
              UIView.animate(0.3, function() end, function() ctx:completeTransition(true) end)
            end,
          },
        }
        """
        let prepared = PreparedSandbox(limits: .default)
        let (printed, _) = try Self.printed(source, name: "asks", scenarios: [.present, .dismiss, .presentThenDismiss], in: prepared)
        #expect(prepared.rewinds == 2)
        #expect(prepared.loadedRewinds == 0)
        #expect(printed.filter { $0.hasPrefix("bar") }.count == 3)
    }

    /// What `source`, written as `name`.lua, printed over `scenarios` run one after another in `prepared`; the
    /// folder is removed unless kept (then the caller removes it).
    static func printed(_ source: String, name: String, scenarios: [Scenario], in prepared: PreparedSandbox,
                        keepingFolder: Bool = false) throws -> (lines: [String], folder: URL) {
        let (file, folder) = try write(source, name: name)
        defer { if !keepingFolder { try? FileManager.default.removeItem(at: folder) } }
        let lines = scenarios.flatMap { scenario in
            ScenarioRunner.run(file, source: source, scenario: scenario, options: ScenarioOptions(), prepared: prepared).printed.map(\.text)
        }
        return (lines, folder)
    }

    static func write(_ source: String, name: String) throws -> (EntryFile, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-prepared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("\(name).lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        return (EntryFile(url: url, catalogue: "test", workingDirectory: folder), folder)
    }

    /// What a scenario changes in the libraries it shares with the entry's later scenarios (a library's field, a
    /// global set with rawset) is gone in the next: its main chunk sees the libraries as new.
    @Test func aScenarioChangesNothingTheNextSees() throws {
        let source = """
        print("main", math.pi, rawget(string, "leak"), rawget(_G, "leaked"))
        return {
          title = "Leak", summary = "Changes the libraries in its hook.", tags = {"test"},
          animator = {
            transitionDuration = function() return 0.3 end,
            animateTransition = function(ctx)
              math.pi = 3
              rawset(string, "leak", "yes")
              rawset(_G, "leaked", true)
              print("hook", math.pi, string.leak, leaked)
              local to = ctx:viewForKey("to")
              if to then ctx.containerView:addSubview(to) end
              UIView.animate(0.3, function() end, function() ctx:completeTransition(true) end)
            end,
          },
        }
        """
        let prepared = PreparedSandbox(limits: .default)
        let (printed, folder) = try Self.printed(source, name: "leak", scenarios: [.present, .dismiss, .presentThenDismiss, .rotation],
                                                 in: prepared, keepingFolder: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mainLines = printed.filter { $0.hasPrefix("main") }, hookLines = printed.filter { $0.hasPrefix("hook") }
        // Three of the four started from the image (the first made it), with the entry loaded: printing is not a
        // host function that could change the simulation.
        #expect(prepared.rewinds == 3)
        #expect(prepared.loadedRewinds == 3)
        #expect(mainLines == Array(repeating: "main\t3.1415926535898\tnil\tnil", count: 4))
        // The hooks did change them, each time.
        #expect(hookLines.count >= 4)
        #expect(hookLines.allSatisfy { $0 == "hook\t3\tyes\ttrue" })

        // The next entry in the same sandbox sees the libraries as new too, and is named in its own errors.
        let probe = """
        print("probe", math.pi, rawget(string, "leak"), rawget(_G, "leaked"))
        return {
          title = "Probe", summary = "Looks at the libraries.", tags = {"test"},
          animator = {
            transitionDuration = function() return 0.3 end,
            animateTransition = function(ctx) error("probe fails here") end,
          },
        }
        """
        let (probeFile, probeFolder) = try Self.write(probe, name: "probe")
        defer { try? FileManager.default.removeItem(at: probeFolder) }
        let outcome = ScenarioRunner.run(probeFile, source: probe, scenario: .present, options: ScenarioOptions(), prepared: prepared)
        #expect(prepared.rewinds == 4)
        #expect(outcome.printed.map(\.text) == ["probe\t3.1415926535898\tnil\tnil"])
        #expect(outcome.problems.contains { $0.entry == "probe" && $0.description.contains("probe fails here") })
        #expect(!outcome.problems.contains { $0.description.contains("leak") })
    }
}

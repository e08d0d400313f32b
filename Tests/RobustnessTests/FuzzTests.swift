import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Synchronization
import Transitions
import Testing

/// Generated entries (ScriptGenerator) through `segue check`'s path: the
/// entry loader, then the standard scenarios (`ScenarioRunner.runAll`).
/// `make test` runs 100 cases with a 0.25 s time limit, so the suite stays
/// quick; `make fuzz` runs 3,000 with the default limits (2 s, 64 MiB).
///
/// What a case must do: return (a crash kills the run: that is the signal,
/// and the case's source is on disk, its path printed to stderr before it
/// ran), finish all its scenarios in under 15 s of wall time, and leave the
/// process under 1 GiB resident. A case still running after
/// `SEGUE_FUZZ_HANG_SECONDS` (120) ends the process, naming the file.
///
///     swift test --filter FuzzTests                          100 cases, the fixed seed
///     SEGUE_FUZZ_TIME_LIMIT=2 …                               the time limit per scenario (seconds)
///     SEGUE_FUZZ_CASES=3000 swift test --filter FuzzTests     (make fuzz)
///     SEGUE_FUZZ_SEED=7 …                                     another seed
///     SEGUE_FUZZ_ONLY=42 …                                    case 42 alone
///     SEGUE_FUZZ_SKIP=cycles,coroutines …                     without those features (ScriptGenerator.Feature)
///     SEGUE_FUZZ_DUMP=DIR … --filter FuzzTests.testDumpCases  only write the cases' sources to DIR
@Suite(.serialized) struct FuzzTests {
    static let defaultSeed: UInt64 = 0x5E6E_F022
    static let caseTimeLimit = 15.0
    static let memoryLimit = 1 << 30

    struct Settings {
        var cases = 100
        var timeLimit = 0.25
        var seed = FuzzTests.defaultSeed
        var only: Int?
        var skipped: [ScriptGenerator.Feature] = []
        var hangSeconds = 120.0

        init(environment: [String: String] = ProcessInfo.processInfo.environment) {
            if let text = environment["SEGUE_FUZZ_CASES"], let n = Int(text), n >= 0 { cases = n }
            if let text = environment["SEGUE_FUZZ_TIME_LIMIT"], let n = Double(text), n > 0 { timeLimit = n }
            if let text = environment["SEGUE_FUZZ_SEED"], let n = UInt64(text) { seed = n }
            if let text = environment["SEGUE_FUZZ_ONLY"], let n = Int(text) { only = n }
            if let text = environment["SEGUE_FUZZ_HANG_SECONDS"], let n = Double(text) { hangSeconds = n }
            if let text = environment["SEGUE_FUZZ_SKIP"] {
                skipped = text.split(separator: ",").compactMap { ScriptGenerator.Feature(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
            }
        }

        var indices: [Int] { only.map { [$0] } ?? Array(0..<cases) }
        var limits: SandboxLimits { SandboxLimits(time: .milliseconds(Int(timeLimit * 1000))) }
        var features: Set<ScriptGenerator.Feature> { Set(ScriptGenerator.Feature.allCases).subtracting(skipped) }

        func source(_ index: Int) -> String {
            var generator = ScriptGenerator(seed: seed, case: index, enabled: features)
            return generator.entry()
        }
    }

    /// What one run of a case gave: per scenario, its problems and its trace as JSON.
    struct Outcome: Equatable {
        var loadProblem: String?
        var scenarios: [(scenario: String, problems: [String], trace: String)]

        static func == (a: Outcome, b: Outcome) -> Bool {
            a.loadProblem == b.loadProblem && a.scenarios.count == b.scenarios.count
                && zip(a.scenarios, b.scenarios).allSatisfy { $0.scenario == $1.scenario && $0.problems == $1.problems && $0.trace == $1.trace }
        }

        /// The time limit is wall-clock time: a case near it can finish on one
        /// run and not the next when the machine is busy. So is the entry's budget of four limits for all its
        /// scenarios: whether it is passed, and which scenarios it names as the heaviest, are measured times.
        var ranOutOfTime: Bool {
            let limits = ["longer than the time limit", "scenarios together ran"]
            return limits.contains { limit in
                loadProblem?.contains(limit) == true || scenarios.contains { $0.problems.contains { $0.contains(limit) } }
            }
        }
    }

    @Test func generatedEntriesStayWithinLimits() throws {
        let settings = Settings()
        let folder = try Self.folder()
        var worst = (seconds: 0.0, index: -1)
        var ran = 0
        for index in settings.indices {
            let url = try Self.write(settings.source(index), seed: settings.seed, index: index, in: folder)
            let start = DispatchTime.now().uptimeNanoseconds
            Self.hangWatch.withLock { $0 = (start, url.path, settings.hangSeconds) }
            _ = Self.run(url, folder: folder, limits: settings.limits)
            Self.hangWatch.withLock { $0 = nil }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            ran += 1
            if seconds > worst.seconds { worst = (seconds, index) }
            let memory = Self.memory()
            var failed = false
            if seconds >= Self.caseTimeLimit {
                Issue.record(Comment(rawValue: "case \(index) took \(String(format: "%.1f", seconds)) s (limit \(Self.caseTimeLimit) s): \(url.path)"))
                failed = true
            }
            if memory.resident >= Self.memoryLimit {
                Issue.record(Comment(rawValue: "after case \(index) the process holds \(memory.resident >> 20) MiB resident (limit 1024 MiB): \(url.path)"))
                failed = true
            }
            if !failed { try? FileManager.default.removeItem(at: url) }
            // Past 4 GiB the machine's health matters more than more cases.
            if memory.resident >= 4 * Self.memoryLimit {
                Issue.record(Comment(rawValue: "stopping after case \(index): \(memory.resident >> 20) MiB resident"))
                break
            }
        }
        let memory = Self.memory()
        let skipped = settings.skipped.isEmpty ? "" : "; features skipped: \(settings.skipped.map(\.rawValue).joined(separator: ","))"
        print("fuzz: \(ran) cases (seed \(settings.seed)); worst case \(worst.index) took \(String(format: "%.3f", worst.seconds)) s; "
              + "peak RSS \(memory.peak >> 20) MiB (now \(memory.resident >> 20) MiB)\(skipped)")
    }

    /// The same case twice gives the same problems and the same trace bytes.
    @Test func sameCaseGivesSameOutcome() throws {
        let settings = Settings()
        let folder = try Self.folder()
        let indices = settings.only.map { [$0] } ?? stride(from: 0, to: settings.cases, by: 10).map { $0 }
        for index in indices {
            let url = try Self.write(settings.source(index), seed: settings.seed, index: index, in: folder)
            let start = DispatchTime.now().uptimeNanoseconds
            Self.hangWatch.withLock { $0 = (start, url.path, settings.hangSeconds * 2) }
            let first = Self.run(url, folder: folder, limits: settings.limits)
            let second = Self.run(url, folder: folder, limits: settings.limits)
            Self.hangWatch.withLock { $0 = nil }
            if first == second || first.ranOutOfTime || second.ranOutOfTime {
                try? FileManager.default.removeItem(at: url)
            } else {
                let differing = zip(first.scenarios, second.scenarios).first { $0.problems != $1.problems || $0.trace != $1.trace }
                Issue.record(Comment(rawValue: "case \(index) gave different outcomes on two runs (first differing scenario: "
                        + "\(differing?.0.scenario ?? "the load")): \(url.path)"))
            }
        }
    }

    @Test func generatorIsDeterministic() {
        let settings = Settings()
        for index in [0, 1, 17, 123] {
            #expect(settings.source(index) == settings.source(index))
        }
        #expect(settings.source(0) != settings.source(1))
    }

    /// With SEGUE_FUZZ_DUMP=DIR, writes the cases' sources there without
    /// running them, to triage out of process (`segue check DIR/case-….lua`).
    @Test func dumpCases() throws {
        guard let path = ProcessInfo.processInfo.environment["SEGUE_FUZZ_DUMP"] else { return }
        let settings = Settings()
        let folder = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in settings.indices {
            try settings.source(index).write(to: folder.appendingPathComponent("case-\(settings.seed)-\(index).lua"),
                                             atomically: true, encoding: .utf8)
        }
    }

    /// Generated source is valid Lua: a syntax error would test the parser, not the API.
    @Test func generatedSourceCompiles() throws {
        let settings = Settings()
        for index in settings.indices {
            let state = try LuaState(entry: "fuzz")
            let source = settings.source(index)
            #expect(throws: Never.self, "case \(index)") { try state.load(source, chunkName: "case-\(index).lua") }
        }
    }

    // MARK: Running a case

    /// Loads the entry as `segue check` does, then runs every scenario.
    static func run(_ url: URL, folder: URL, limits: SandboxLimits) -> Outcome {
        let file = EntryFile(url: url, catalogue: "fuzz", workingDirectory: folder)
        let source = (try? file.source()) ?? ""
        var outcome = Outcome(scenarios: [])
        do {
            _ = try EntryLoader.load(file, limits: limits)
        } catch {
            outcome.loadProblem = String(describing: error)
            return outcome
        }
        var options = ScenarioOptions()
        options.limits = limits
        for result in ScenarioRunner.runAll(file, source: source, options: options) {
            let scenario = result.scenario
            let trace: String
            do {
                trace = try result.trace.map { String(decoding: try $0.json(), as: UTF8.self) } ?? "(no trace)"
            } catch {
                trace = "(the trace does not encode: \(error))"
            }
            outcome.scenarios.append((scenario.rawValue, result.problems.map(\.description), trace))
        }
        return outcome
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-fuzz")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes the case where a crash leaves it: a case is removed once it
    /// has passed, so after a crash the newest file there is the culprit
    /// (SEGUE_FUZZ_VERBOSE=1 also names each case before it runs).
    static func write(_ source: String, seed: UInt64, index: Int, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("case-\(seed)-\(index).lua")
        try source.write(to: url, atomically: true, encoding: .utf8)
        if ProcessInfo.processInfo.environment["SEGUE_FUZZ_VERBOSE"] != nil {
            FileHandle.standardError.write(Data("fuzz: case \(index): \(url.path)\n".utf8))
        }
        return url
    }

    /// Resident memory now and at its peak (VmRSS, VmHWM), in bytes.
    static func memory() -> (resident: Int, peak: Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
            return (Int(line.split(separator: " ").dropFirst().first { Int($0) != nil } ?? "0") ?? 0) * 1024
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    // MARK: Hangs

    /// The case running now: when it started, its file, how long it may run.
    static let hangWatch: Mutex<(start: UInt64, path: String, seconds: Double)?> = {
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: 1)
                let hung = FuzzTests.hangWatch.withLock { watch -> String? in
                    guard let watch else { return nil }
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - watch.start) / 1e9
                    return elapsed > watch.seconds ? "fuzz: a case has run for \(Int(elapsed)) s without returning: \(watch.path)" : nil
                }
                if let hung {
                    FileHandle.standardError.write(Data((hung + "\n").utf8))
                    fatalError(hung)
                }
            }
        }
        thread.name = "segue.fuzz.hangs"
        thread.start()
        return Mutex(nil)
    }()
}

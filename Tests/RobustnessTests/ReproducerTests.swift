import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Testing

/// The fuzzer's minimised failures (Reproducers/, each saying on its first
/// lines what it once did) through `segue check`'s path: each ends in
/// bounded time and memory, and says what is wrong as an error or warning
/// that names the entry and, where there is one, the file:line.
@Suite struct ReproducerTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reproducers")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".lua") }.sorted()
    }

    /// What each one must now give: the start of its first error, or nil for
    /// an entry that passes (a warning at most).
    static let expected: [String: String?] = [
        "complete-flood.lua": "stopped after using more memory than the limit",
        "container-cycle.lua": "can't add 'container' inside 'view', which is inside it: that would make a cycle",
        "coroutine-host-calls.lua": nil,
        "handle-keys-order.lua": nil,
        "insert-above-itself.lua": "bad argument #2 to 'addSubview'",
        "many-animations.lua": nil,
        "never-completes.lua": "completeTransition is never called",
        "print-flood.lua": "stopped after running longer than the time limit",
        "runtime-leak.lua": nil,
        "saved-context.lua": nil,
        "spin-after-complete.lua": "stopped after running longer than the time limit",
        "view-cycle-hang.lua": "can't add 'view' as a subview of itself",
        "view-cycle-snapshot.lua": "can't add 'view' inside 'view', which is inside it: that would make a cycle",
        "view-flood.lua": "stopped after using more memory than the limit",
        "zero-duration-chain.lua": "stopped after running longer than the time limit",
    ]

    @Test func everyReproducerIsListed() {
        #expect(Self.names == Self.expected.keys.sorted())
    }

    /// A chain of zero-length animation blocks, each completion starting the next at the same instant, holds every block
    /// until the chain ends: each is charged to the entry, so a time limit far away still leaves the memory limit to stop
    /// it at its line (it once grew the process past 1.5 GB under a 64 MiB limit).
    @Test func aZeroLengthChainIsStoppedByTheMemoryLimit() throws {
        let limits = SandboxLimits(memory: 16 << 20, time: .seconds(60))
        let file = EntryFile(url: Self.folder.appendingPathComponent("zero-duration-chain.lua"), catalogue: "reproducers",
                             workingDirectory: Self.folder)
        let source = try file.source()
        var options = ScenarioOptions()
        options.limits = limits
        let start = ThreadTime.now
        let outcome = ScenarioRunner.run(file, source: source, scenario: .present, options: options)
        #expect(ThreadTime.now - start < .seconds(30))
        let error = outcome.errors.first
        #expect(error?.message.contains("more memory than the limit") == true, "\(outcome.problems)")
        #expect(error?.location?.line == 7, "\(outcome.problems)")
        #expect(outcome.memoryPeak <= limits.memory + (64 << 10))
    }

    @Test(arguments: names)
    func reproducerEndsCleanly(name: String) throws {
        let limits = SandboxLimits.default
        let file = EntryFile(url: Self.folder.appendingPathComponent(name), catalogue: "reproducers", workingDirectory: Self.folder)
        let source = try file.source()
        let start = ThreadTime.now
        var problems: [Problem] = []
        var peak = 0
        do {
            _ = try EntryLoader.load(file, source: source, limits: limits)
            var options = ScenarioOptions()
            options.limits = limits
            for outcome in ScenarioRunner.runAll(file, source: source, options: options) {
                problems += outcome.problems
                peak = max(peak, outcome.memoryPeak)
            }
        } catch {
            problems.append(Problem(error))
        }
        #expect(ThreadTime.now - start < .seconds(15))
        // What a host function pushes while it runs is never refused (a refusal
        // there would unwind through Swift); the limit is enforced as it returns.
        #expect(peak <= limits.memory + (64 << 10), "the entry never holds more than its limit, host objects included")
        let errors = problems.filter { $0.severity == .error }
        let expected = Self.expected[name] ?? nil
        if let expected {
            // Out of time or out of memory first depends on the machine's speed: either limit will do.
            let limit = expected.hasPrefix("stopped after")
            #expect(errors.contains { limit ? $0.isLimit : $0.message.hasPrefix(expected) }, "\(name): \(problems)")
        } else {
            // Passing, or on a slow machine (a debug build under the whole suite) out of time: never anything else.
            #expect(errors.allSatisfy { $0.isLimit }, "\(name): \(errors)")
        }
        let stem = String(name.dropLast(4))
        #expect(problems.allSatisfy { $0.entry == stem })
        #expect(problems.allSatisfy { $0.location != nil || $0.isLimit || $0.message.contains("time limit") }, "\(problems)")
    }
}

import Foundation
import LuaBindings
import LuaRuntime

/// Runs `work` for 0..<count on `workers` threads and hands each result to
/// `emit` on the calling thread, in index order, as soon as it and every
/// result before it are ready: output streams, in the same order on every
/// run, and a result is let go once emitted, so memory does not grow with
/// the number of items.
///
/// An item whose script gets stuck inside Lua's own code (`StuckScript`)
/// is given up on: `givenUp` makes its result and a new worker takes the
/// stuck one's place. A stuck thread stopped for good (its Lua memory freed)
/// costs the run a sleeping thread and what the host had made for it; one
/// that could not be stopped runs on, demoted, holding all of its entry's
/// memory until the process ends. Once `stuckLimit` of those run on, or the
/// stopped ones reach `stoppedLimit` threads or `stoppedMemoryLimit` bytes,
/// no more items start: `givenUp` makes theirs too.
///
/// - Parameter ahead: how many items workers may finish ahead of the one
///   waiting to be emitted: few when each result is big (a gallery entry's frames).
func orderedParallel<Result>(_ count: Int, workers: Int, ahead: Int = 64, _ work: @escaping @Sendable (Int) -> Result,
                             givenUp: @escaping @Sendable (Int, GivenUp) -> Result,
                             emit: (Int, Result) -> Void) {
    let box = ResultBox<Result>(window: max(1, ahead))
    @Sendable func startWorker() {
        let thread = Thread {
            while let index = box.claim(below: count) {
                let result = StuckScripts.handling({ script in
                    // On the watchdog's thread, while this one is stuck in `work`.
                    switch box.giveUp(index, with: givenUp(index, .stuck(script)), script: script, count: count) {
                    case .replace: startWorker()
                    case .close(let unstarted, let stuck):
                        for later in unstarted { _ = box.store(givenUp(later, .notRun(stuckItems: stuck)), at: later) }
                    case .finished: break
                    }
                }) { work(index) }
                // Given up on meanwhile: another worker has taken this one's place.
                guard box.store(result, at: index) else { return }
            }
        }
        // Scripts recurse through the host (a hook calls UIView.animate,
        // which calls back into Lua): give workers the main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }
    for _ in 0..<max(1, min(workers, count)) { startWorker() }
    for index in 0..<count {
        emit(index, box.take(index))
    }
}

/// Why `orderedParallel` went on without an item's own result.
enum GivenUp {
    /// Its script got stuck inside Lua's own code.
    case stuck(StuckScript)
    /// Never started: this many items before it got stuck.
    case notRun(stuckItems: Int)

    /// The problem to report for the entry.
    func problem(entry: String) -> Problem {
        switch self {
        case .stuck(let script): return Problem(script)
        case .notRun(let stuck):
            return Problem(.error, entry: entry, message: "not run: \(stuck) entries before it got stuck (inside Lua's own code, or in "
                + "the host's work for the script) and were given up on; those that could not be stopped hold their memory until the "
                + "command ends")
        }
    }
}

/// Stuck items still running (not stopped) a run may give up on before it starts no more: each holds its entry's memory.
let stuckLimit = 8
/// Stopped ones: each a sleeping thread with its stack (8 MiB reserved, little of it touched)...
let stoppedLimit = 512
/// ...and what the host made for it (`StuckScript.keptBytes`), at most its memory limit each: all of them together
/// may keep what eight running ones could.
let stoppedMemoryLimit = 8 * SandboxLimits.default.memory

/// The results between the workers and the emitting thread.
private final class ResultBox<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0
    private var emitted = 0
    private var ready: [Int: Result] = [:]
    private var givenUp: Set<Int> = []
    /// How many of those were left running, and the bytes the stopped ones keep.
    private var running = 0, kept = 0
    /// How far workers may run ahead of the slowest unfinished item, so a
    /// slow entry never makes the others' results pile up.
    private let window: Int

    init(window: Int) {
        self.window = window
    }

    func claim(below count: Int) -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while next < count && next >= emitted + window { condition.wait() }
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }

    /// False when the item was given up on (the result is dropped).
    func store(_ result: Result, at index: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !givenUp.contains(index) else { return false }
        ready[index] = result
        condition.broadcast()
        return true
    }

    enum GiveUp {
        /// Start a worker in the stuck one's place.
        case replace
        /// Too many are stuck: these items will not be claimed (their results are the caller's to store).
        case close(Range<Int>, stuck: Int)
        /// The worker gave its own result after all.
        case finished
    }

    /// Stores a stuck item's result in place of the one its worker never gives.
    func giveUp(_ index: Int, with result: Result, script: StuckScript, count: Int) -> GiveUp {
        condition.lock()
        defer { condition.unlock() }
        guard index >= emitted && ready[index] == nil else { return .finished }
        givenUp.insert(index)
        if script.stopped { kept += script.keptBytes } else { running += 1 }
        ready[index] = result
        condition.broadcast()
        guard running >= stuckLimit || givenUp.count - running >= stoppedLimit || kept >= stoppedMemoryLimit else { return .replace }
        defer { next = count }
        return .close(min(next, count)..<count, stuck: givenUp.count)
    }

    func take(_ index: Int) -> Result {
        condition.lock()
        defer { condition.unlock() }
        while ready[index] == nil { condition.wait() }
        emitted = index + 1
        condition.broadcast()
        return ready.removeValue(forKey: index)!
    }
}

/// Workers for loading or checking entries: one per core (or `asked`), but
/// no more than can each hold one entry's memory limit together under
/// 768 MiB, and within what the process may have (`CatalogueOptions.entryBudget`).
func workerCount(limits: SandboxLimits, asked: Int? = nil) -> Int {
    let budget = min(768 << 20, Int(clamping: CatalogueOptions.entryBudget))
    let affordable = max(1, budget / max(limits.memory, 1))
    return min(asked ?? ProcessInfo.processInfo.activeProcessorCount, affordable)
}

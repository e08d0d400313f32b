import Foundation
import LuaRuntime

/// Runs `work` for 0..<count on `workers` threads and hands each result to
/// `emit` on the calling thread, in index order, as soon as it and every
/// result before it are ready: output streams, in the same order on every
/// run, and a result is let go once emitted, so memory does not grow with
/// the number of items.
///
/// - Parameter ahead: how many items workers may finish ahead of the one
///   waiting to be emitted: few when each result is big (a gallery entry's frames).
func orderedParallel<Result>(_ count: Int, workers: Int, ahead: Int = 64, _ work: @escaping @Sendable (Int) -> Result,
                             emit: (Int, Result) -> Void) {
    let box = ResultBox<Result>(window: max(1, ahead))
    let workers = max(1, min(workers, count))
    for _ in 0..<workers {
        let thread = Thread {
            while let index = box.claim(below: count) {
                box.store(work(index), at: index)
            }
        }
        // Scripts recurse through the host (a hook calls UIView.animate,
        // which calls back into Lua): give workers the main thread's stack.
        thread.stackSize = 8 << 20
        thread.start()
    }
    for index in 0..<count {
        emit(index, box.take(index))
    }
}

/// The results between the workers and the emitting thread.
private final class ResultBox<Result>: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0
    private var emitted = 0
    private var ready: [Int: Result] = [:]
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

    func store(_ result: Result, at index: Int) {
        condition.lock()
        ready[index] = result
        condition.broadcast()
        condition.unlock()
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

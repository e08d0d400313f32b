import Foundation
import Synchronization

/// A script still running long after its time limit armed the kill: inside
/// one step of Lua's own, which no hook interrupts. Lua's core has two that
/// a script can make take minutes: growing a table whose integer keys all
/// land in one slot (each rehash walks the whole chain for every key), and
/// a collection through long chains of weak-keyed tables (the atomic phase
/// goes over them again and again). Nothing can end such a step, so its
/// thread is given up on: whoever waits for it hears of it here and goes on
/// without it. Where it is safe the thread is also stopped for good and the
/// Lua state's memory freed (`stopped`); otherwise it runs on, demoted to idle
/// priority, until the process ends.
public struct StuckScript: Sendable, Error, CustomStringConvertible {
    /// The entry, as its state was made for.
    public let entry: String
    /// The innermost script frame, where it could be read.
    public let location: ScriptLocation?
    public let limit: Duration
    /// Processor time spent after the kill was armed, before it was given up on.
    public let after: Duration
    /// Whether the host was working (a host function, or the host reading
    /// the script's values) rather than Lua: no script line can be read then.
    public let inHost: Bool
    /// Whether its thread was stopped for good and its Lua state's memory freed (in Lua's own step, holding
    /// nothing: CLuaSandbox's park.c); otherwise it runs on, demoted, holding its memory until the process ends.
    public let stopped: Bool
    /// What the host made for it (views, animations, its trace) that stays alive in the stopped thread's frames.
    public let keptBytes: Int

    public init(entry: String, location: ScriptLocation?, limit: Duration, after: Duration, inHost: Bool, stopped: Bool = false,
                keptBytes: Int = 0) {
        (self.entry, self.location, self.limit, self.after, self.inHost) = (entry, location, limit, after, inHost)
        (self.stopped, self.keptBytes) = (stopped, keptBytes)
    }

    public var message: String {
        let place = inHost
            ? "in the host's work for the script, or a garbage collection that work started"
            : "inside one step of Lua's own"
        return "still running \(after.formattedSeconds) of processor time after its time limit (\(limit.formattedSeconds)), \(place), "
            + "which nothing can interrupt (a table growing with keys that all land in one slot, or a garbage collection through "
            + "long chains of weak-keyed tables, say); given up on" + (stopped ? ", its thread stopped and its Lua memory freed" : "")
    }

    /// "entry: file:line: message", as check prints a problem.
    public var description: String {
        ([entry] + [location?.description].compactMap { $0 } + [message]).joined(separator: ": ")
    }
}

/// Who hears of a stuck script: the handler of the thread that made its
/// state, else the process's fallback, else nobody (the caller waits on).
public enum StuckScripts {
    private static let fallback = Mutex<(@Sendable (StuckScript) -> Void)?>(nil)
    /// The handler of the thread running `handling`'s body. A task-local, bound on
    /// the calling thread when no task runs: a thread dictionary's boxing cost a
    /// few percent of a cached `segue list`, paid once an entry.
    @TaskLocal private static var handler: (@Sendable (StuckScript) -> Void)?

    /// What happens when a state made on a thread with no handler gets stuck
    /// (the command line prints it and exits: a single entry's command has
    /// nothing else to do).
    public static func setFallback(_ handler: @escaping @Sendable (StuckScript) -> Void) {
        fallback.withLock { $0 = handler }
    }

    /// Runs `body` with `handler` hearing, on another thread, of any state
    /// made meanwhile on this thread that gets stuck. `body` then returns
    /// late or never: the handler must not wait for it.
    public static func handling<T>(_ handler: @escaping @Sendable (StuckScript) -> Void, _ body: () throws -> T) rethrows -> T {
        try Self.$handler.withValue(handler, operation: body)
    }

    /// The handler for a state made now on this thread.
    static var current: @Sendable (StuckScript) -> Void {
        let own = Self.handler
        return { stuck in
            if let own { return own(stuck) }
            fallback.withLock { $0 }?(stuck)
        }
    }
}

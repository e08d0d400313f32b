import Foundation

/// The calling thread's processor time: what the time limits count (see
/// `Watchdog`), so that a busy machine changes no outcome.
public enum ThreadTime {
    public static var now: Duration {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }

    /// The processor time `body` took on this thread.
    public static func measure(_ body: () throws -> Void) rethrows -> Duration {
        let start = now
        try body()
        return now - start
    }
}

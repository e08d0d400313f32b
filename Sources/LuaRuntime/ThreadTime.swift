import Foundation

/// The calling thread's processor time: what the time limits count (see
/// `Watchdog`), so that a busy machine changes no outcome; and what the
/// benchmarks' `--cpu-time` figures count.
public enum ThreadTime {
    public static var now: Duration {
        let (seconds, nanoseconds) = read()
        return .seconds(seconds) + .nanoseconds(nanoseconds)
    }

    /// `now` in seconds, for arithmetic on doubles.
    public static var seconds: Double {
        let (seconds, nanoseconds) = read()
        return Double(seconds) + Double(nanoseconds) / 1e9
    }

    /// The processor time `body` took on this thread.
    public static func measure(_ body: () throws -> Void) rethrows -> Duration {
        let start = now
        try body()
        return now - start
    }

    private static func read() -> (Int, Int) {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return (spec.tv_sec, spec.tv_nsec)
    }
}

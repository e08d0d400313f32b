/// Turns the times at which frames were rendered into delays a GIF shows faithfully.
///
/// GIF delays are whole centiseconds and browsers show 0 or 1 cs as 10 cs, so every
/// delay must be at least 2 cs (at most 50 frames a second). Each frame is placed at
/// its time rounded to the centisecond, and a delay is the difference of two rounded
/// *cumulative* times, `delay = round(100·t[next]) − round(100·t[i])`, so rounding
/// errors never add up: the animation's total is always `round(100·end)` minus the
/// first frame's time (unless the last frame needs stretching to 2 cs).
/// A frame that would land less than 2 cs after the last kept frame is dropped;
/// taking the earliest frame that fits, each time, keeps the most frames possible.
///
/// At 60 fps, times k/60 s round to 0, 2, 3, 5, 7, 8, 10, … cs:
///
///     frame   0    1    2    3    4    5    6
///     cs      0    2    3    5    7    8    10
///     kept    ✓    ✓    ·    ✓    ✓    ·    ✓
///     delay   2    3         2    3         …
///
/// so 60 fps becomes 40 fps with delays 2, 3, 2, 3, …, and 0.1 s of animation stays 10 cs.
/// The last kept frame lasts until `end` (a caller can pass a pause), at least 2 cs.
public enum GIFTiming {
    /// - Parameters:
    ///   - times: each rendered frame's time in seconds, in increasing order, all finite.
    ///   - end: when the animation ends, in seconds; the last frame stays up until then.
    /// - Returns: the kept frames' indices into `times`, each with its delay in centiseconds.
    public static func frames(times: [Double], end: Double) -> [(index: Int, delay: Int)] {
        precondition(times.allSatisfy(\.isFinite) && end.isFinite, "frame times must be finite")
        var kept: [(index: Int, delay: Int)] = []
        var lastCentiseconds = 0
        for (index, time) in times.enumerated() {
            let centiseconds = centiseconds(time)
            if let last = kept.indices.last {
                guard centiseconds - lastCentiseconds >= minimumDelay else { continue }
                kept[last].delay = centiseconds - lastCentiseconds
            }
            kept.append((index, 0))
            lastCentiseconds = centiseconds
        }
        if let last = kept.indices.last {
            kept[last].delay = max(minimumDelay, centiseconds(end) - lastCentiseconds)
        }
        return kept
    }

    /// The shortest delay browsers honour, in centiseconds.
    public static let minimumDelay = 2

    /// Clamped so that an absurd time gives an absurd delay, which GIFEncoder refuses, not a trap.
    private static func centiseconds(_ seconds: Double) -> Int { Int(min(max(seconds * 100, -1e15), 1e15).rounded()) }
}

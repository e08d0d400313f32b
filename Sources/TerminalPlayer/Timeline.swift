/// The frames' times on the animation's clock, and which frame is on screen when.
///
///     frame    0        1        2    …    n-1
///              ├────────┼────────┼─── … ───┼──────── hold ────────┤
///     time     0        t1       t2        duration               period
///                                                                 └ a loop starts again
///
/// A frame stays on screen from its own time to the next frame's, so the
/// frame at a moment is the last one whose time has come.
struct Timeline: Equatable {
    /// Seconds from the first frame, never decreasing.
    let times: [Double]
    /// Seconds the last frame stays on screen before a loop starts again.
    let hold: Double

    /// - Parameters:
    ///   - times: the frames' times on any clock, in order; a time that goes
    ///     backwards is taken as its predecessor's (the frame then shows for no time).
    init(times: [Double], hold: Double) {
        let first = times.first ?? 0
        var running = 0.0
        self.times = times.map { time in
            let offset = time - first
            running = offset.isFinite ? max(running, offset) : running
            return running
        }
        self.hold = hold.isFinite ? max(0, hold) : 0
    }

    var count: Int { times.count }

    /// The last frame's time.
    var duration: Double { times.last ?? 0 }

    /// One loop: the frames, then the hold; at least a millisecond, so that a
    /// single frame with no hold still has a loop to go round.
    var period: Double { max(duration + hold, 0.001) }

    /// The frame on screen `position` seconds into the animation: the first
    /// before the start, the last after the end. Nil when there are no frames.
    func index(at position: Double) -> Int? {
        guard !times.isEmpty else { return nil }
        // The number of frames whose time has come, by binary search.
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// `position` brought into the first loop: [0, period).
    func looped(_ position: Double) -> Double {
        let inside = position.truncatingRemainder(dividingBy: period)
        return inside < 0 ? inside + period : inside
    }

    /// The time the frame on screen at `position` gives way to another, or nil
    /// when it is the last.
    func nextChange(after position: Double) -> Double? {
        guard let index = index(at: position) else { return nil }
        return times[(index + 1)...].first { $0 > position }
    }
}

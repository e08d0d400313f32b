/// Where playback is on the animation's clock. It moves `speed` animation
/// seconds for every real second from an anchor (a position at an instant of
/// the monotonic clock) and stands still while paused; every change sets a
/// new anchor, so pausing and seeking lose no time.
struct Playhead {
    typealias Instant = ContinuousClock.Instant

    let speed: Double
    private(set) var isPaused = false
    private var anchorPosition: Double
    private var anchorInstant: Instant

    init(speed: Double, position: Double = 0, at now: Instant) {
        self.speed = speed
        anchorPosition = position
        anchorInstant = now
    }

    /// Seconds into the animation at `now`.
    func position(at now: Instant) -> Double {
        guard !isPaused else { return anchorPosition }
        let elapsed = now - anchorInstant
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return anchorPosition + seconds * speed
    }

    /// Real time until the playhead reaches `position`, nil when paused or already past it.
    func wait(until position: Double, from now: Instant) -> Duration? {
        let ahead = position - self.position(at: now)
        guard !isPaused, ahead > 0 else { return nil }
        return .nanoseconds(Int64(min(ahead / speed, 3600) * 1e9))
    }

    mutating func pause(at now: Instant) {
        guard !isPaused else { return }
        anchorPosition = position(at: now)
        anchorInstant = now
        isPaused = true
    }

    mutating func resume(at now: Instant) {
        guard isPaused else { return }
        anchorInstant = now
        isPaused = false
    }

    /// Moves to `position`, playing or paused as before.
    mutating func seek(to position: Double, at now: Instant) {
        anchorPosition = position
        anchorInstant = now
    }
}

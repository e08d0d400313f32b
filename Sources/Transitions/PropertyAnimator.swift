import Animation

/// UIViewPropertyAnimator: animations on a timeline of their own that can
/// be started, paused, scrubbed, reversed and continued with new timing.
///
///     inactive ──start/pause/fractionComplete──▶ active ──arrives──▶ inactive (completions: end or start)
///                                                  │
///                                       stopAnimation(false) ──▶ stopped ──finishAnimation(at:)──▶ inactive
///
/// Its animations are made when it first becomes active, each an ordinary
/// UIView animation on its timeline (so they add to others as §6a says);
/// the timeline's modes say where they are:
///
///     running          live: each follows its own curve
///     paused           scrubbed at the local time it stopped (curves kept) or,
///                      once fractionComplete is set, a linear fraction (scrubsLinearly)
///     continued        from the fraction on screen to the end (or start), along new timing
///     reversed         its local time runs back to 0
public final class PropertyAnimator {
    public enum State: String, Sendable {
        case inactive, active, stopped
    }

    public enum Position: String, Sendable {
        case end, start, current
    }

    /// Unowned as a view's is: the engine makes animators, and whoever holds
    /// one (a script's runtime, a transition) holds the simulation that owns the engine.
    unowned let engine: AnimationEngine
    public let duration: Double
    public let parameters: TimingParameters
    let timing: AnimationTiming
    let timeline: Timeline
    public private(set) var state = State.inactive
    public var scrubsLinearly = true
    /// Set by reversing; the animator then arrives at its start.
    public private(set) var isReversed = false
    private var pending: [(delayFactor: Double, body: () throws -> Void)] = []
    private var completions: [(Position) -> Void] = []
    /// What it made, to put back at the start or leave where they are when stopped.
    var made: [(view: View, property: AnimatableProperty, animation: RunningAnimation)] = []
    /// After stopAnimation(false): each property's start and end values, for finishAnimation(at:).
    private var ends: [(view: View, property: AnimatableProperty, start: AnimatedValue, end: AnimatedValue)] = []
    /// When, on the clock, it arrives; nil while paused or stopped.
    var arrival: Double? {
        guard state == .active else { return nil }
        switch timeline.mode {
        case .live(let start): return start + duration
        case .settling(_, _, let start, let length, _), .continuing(_, _, let start, let length, _): return start + length
        case .scrubbed, .paused: return nil
        }
    }

    /// Completions and reversals are refused past this many: a script's loop must not grow them for ever.
    public static let completionLimit = 1_000

    /// A spring given by its physics sets the duration itself, as in UIKit.
    public init(engine: AnimationEngine, duration: Double, parameters: TimingParameters) {
        self.engine = engine
        self.duration = parameters.naturalDuration ?? max(duration, 0)
        self.parameters = parameters
        self.timing = parameters.timing(over: self.duration)
        timeline = Timeline(mode: .scrubbed(local: 0))
        timeline.duration = self.duration
        timeline.animator = self
    }

    /// Animations to run with the others (before it starts), or for the
    /// rest of its time (while it runs), starting `delayFactor` of the way.
    public func addAnimations(delayFactor: Double = 0, _ body: @escaping () throws -> Void) throws {
        engine.onAllocate?(128)
        if state == .inactive {
            pending.append((delayFactor, body))
        } else {
            try make(body, delayFactor: delayFactor)
        }
    }

    public func addCompletion(_ completion: @escaping (Position) -> Void) -> Bool {
        guard completions.count < Self.completionLimit else { return false }
        engine.onAllocate?(64)
        completions.append(completion)
        return true
    }

    private func make(_ body: () throws -> Void, delayFactor: Double) throws {
        let now = timeline.local(at: engine.now)
        let begin = max(delayFactor * duration, now)
        try engine.withTimeline(timeline) {
            try engine.run(timing: timing, duration: max(duration - begin, 0), delay: begin - now, options: AnimationOptions(),
                           animations: body, completion: nil)
        }
    }

    /// Becomes active: its pending animations are made (at local time 0, paused).
    private func activate() throws {
        guard state == .inactive else { return }
        state = .active
        engine.track(self)
        let animations = pending
        pending = []
        for (delayFactor, body) in animations { try make(body, delayFactor: delayFactor) }
    }

    /// How far it has come: its time over its duration, or the fraction it shows.
    public var fractionComplete: Double {
        guard duration > 0 else { return state == .inactive ? 0 : 1 }
        if let fraction = timeline.fraction(at: engine.now) { return fraction }
        return min(max(timeline.local(at: engine.now) / duration, 0), 1)
    }

    public var isRunning: Bool {
        guard state == .active else { return false }
        switch timeline.mode {
        case .scrubbed, .paused: return false
        default: return true
        }
    }

    public func startAnimation(afterDelay delay: Double = 0) throws {
        guard state != .stopped else { return }
        let wasInactive = state == .inactive
        try activate()
        let local = wasInactive ? -max(delay, 0) : timeline.local(at: engine.now)
        timeline.mode = isReversed
            ? .settling(from: local, to: 0, start: engine.now, length: max(local, 0), curve: .linear)
            : .live(start: engine.now - local)
    }

    public func pauseAnimation() throws {
        guard state != .stopped else { return }
        try activate()
        if case .paused = timeline.mode { return }
        timeline.mode = .scrubbed(local: timeline.local(at: engine.now))
    }

    /// Setting it pauses nothing by itself: only a paused (or not yet
    /// started) animator can be scrubbed, as UIKit's can.
    public func setFractionComplete(_ fraction: Double) throws {
        guard state != .stopped, !isRunning else { return }
        try activate()
        let f = min(max(fraction, 0), 1)
        timeline.mode = scrubsLinearly ? .paused(fraction: f) : .scrubbed(local: f * duration)
    }

    public func setReversed(_ reversed: Bool) {
        guard reversed != isReversed, state != .stopped else { return }
        isReversed = reversed
        // Running: turn round where it is, on the same curve, at the speed it went.
        guard isRunning else { return }
        let local = timeline.local(at: engine.now)
        timeline.mode = reversed
            ? .settling(from: local, to: 0, start: engine.now, length: max(local, 0), curve: .linear)
            : .live(start: engine.now - local)
    }

    /// Plays the rest from where it is shown: with `parameters`, along them
    /// over `durationFactor` × the remaining part of its duration (a spring
    /// given by its physics takes as long as it needs); without, on its own
    /// curve.
    public func continueAnimation(timing parameters: TimingParameters?, durationFactor: Double = 1) throws {
        guard state != .stopped else { return }
        try activate()
        let factor = durationFactor > 0 && durationFactor.isFinite ? durationFactor : 1
        let target = isReversed ? 0.0 : 1
        guard let parameters else {
            let local = timeline.local(at: engine.now)
            let rest = isReversed ? local : duration - local
            timeline.mode = .settling(from: local, to: isReversed ? 0 : duration, start: engine.now, length: max(rest * factor, 0), curve: .linear)
            return
        }
        // What is on screen: a linear fraction, or the curve at the paused time.
        let shown = timeline.fraction(at: engine.now)
            ?? PropertyAnimation(from: 0.0, to: 1.0, begin: 0, duration: duration, timing: timing).progress(at: timeline.local(at: engine.now))
        let length = parameters.naturalDuration ?? abs(target - shown) * duration * factor
        timeline.mode = .continuing(from: shown, to: target, start: engine.now, length: length, timing: parameters.timing(over: length))
    }

    /// stopAnimation(true): everything stays where it is, no completions;
    /// stopAnimation(false): stays, and waits for finishAnimation(at:).
    public func stopAnimation(withoutFinishing: Bool) {
        guard state == .active else { return }
        let now = engine.now
        ends = []
        for (view, property, animation) in made where engine.isRunning(animation) {
            let model = view.storedModel.value(of: property)
            let shown = animation.value(atClock: now, model: model)
            // Stopped to be finished later: where finishAnimation(at: .end / .start) puts it.
            if !withoutFinishing { ends.append((view, property, start: animation.initialValue(model: model), end: model)) }
            engine.remove(animation, on: view, property)
            view.setModel(property, shown)
        }
        made = []
        timeline.mode = .scrubbed(local: timeline.local(at: now))
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { engine.untrack(self) }
    }

    /// After stopAnimation(false): puts everything at the end, the start or
    /// where it is, and calls the completions with that position.
    public func finishAnimation(at position: Position) {
        guard state == .stopped else { return }
        if position != .current {
            for (view, property, start, end) in ends { view.setModel(property, position == .start ? start : end) }
        }
        ends = []
        arrive(at: position)
    }

    /// Arrived (or finished by hand): the animations are let go, a start
    /// position puts the values they started from back in the model.
    func arrive(at position: Position) {
        // Some may have ended at this same instant already; back at the start they all go back.
        for (view, property, animation) in made {
            if engine.isRunning(animation) { engine.remove(animation, on: view, property) }
            if position == .start { view.setModel(property, animation.initialValue(model: view.storedModel.value(of: property))) }
        }
        made = []
        state = .inactive
        isReversed = false
        timeline.mode = .scrubbed(local: 0)
        engine.untrack(self)
        let done = completions
        completions = []
        for completion in done { completion(position) }
    }

    /// Where it arrives when it gets there by itself.
    var arrivalPosition: Position { isReversed ? .start : .end }
}

/// What UIKit's timing-parameter objects say: a cubic curve, a spring
/// fitted to the time it is given, or a spring given by its physics that
/// takes as long as it needs.
public enum TimingParameters: Sendable, Equatable {
    case curve(TimingCurve)
    /// UISpringTimingParameters(dampingRatio:initialVelocity:), UIViewPropertyAnimator(duration:dampingRatio:).
    case fittedSpring(dampingRatio: Double, initialVelocity: Double)
    /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:).
    case spring(Spring)

    /// The timing over `duration` seconds.
    func timing(over duration: Double) -> AnimationTiming {
        switch self {
        case .curve(let curve): .curve(curve)
        case .fittedSpring(let ratio, let velocity): .spring(Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity))
        case .spring(let spring): .spring(spring)
        }
    }

    /// How long a spring given by its physics takes to settle; nil for the others, which take the time they are given.
    public var naturalDuration: Double? {
        if case .spring(let spring) = self { return spring.settlingDuration() }
        return nil
    }
}

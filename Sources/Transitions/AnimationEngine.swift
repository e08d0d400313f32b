import Animation
import Geometry

/// Runs UIView-style animations on the simulation's clock.
///
/// A property set inside an animation block animates from its old value to
/// the new one; the model takes the new value at once. A second animation of
/// center, bounds or transform adds to the running one, and both finish with
/// `finished == true` at their own ends (§6a); any other property's new
/// animation starts from what is on screen, and the interrupted one's
/// completion gets `finished == false`. Completions run in time order, ties
/// in the order the blocks were made.
public final class AnimationEngine {
    public private(set) var now: Double {
        get { clock }
        set { clock = newValue }
    }
    /// `now`'s storage, not public, so that the compiler sees every access and drops the run-time exclusivity check
    /// from the reads every animated property makes each frame.
    private var clock: Double = 0
    let clockTimeline = Timeline.live(startingAt: 0)
    private var viewCounter = 0
    private var timelines: [Timeline] = []
    private var blocks: [Block] = []
    /// Running animations by serial: finishing one is a dictionary removal,
    /// not a search (and, in its timeline's group, usually the first taken off).
    private var active: [Int: ActiveAnimation] = [:]
    /// The same animations by timeline, for the clock's scan (`dueAnimations`).
    private var groups: [ObjectIdentifier: TimelineGroup] = [:]
    var pendingGroups: [AnimationGroup] = []
    private var serial = 0
    /// Property animators that are active, in the order they became so.
    private var animators: [PropertyAnimator] = []
    /// Turns of the run loop so far: one ends each time the clock moves.
    var turn = 0
    /// Work the main queue runs later (`DispatchQueue.main.asyncAfter`), and the display links added and not
    /// invalidated (`AnimationEngine+Timers`).
    var scheduledWork = WorkQueue()
    var workSerial = 0
    var displayLinks: [DisplayLink] = []
    /// How deep the clock is in a call out to the app's code (an animation's completion, delayed work, a display link's
    /// function, a gesture's action), and what waits for the outermost to return: a transition ended inside one has its
    /// display links swept after it, so a link invalidated right after completeTransition in the same code is not left
    /// running.
    private(set) var callOutDepth = 0
    private var afterCallOut: [() -> Void] = []

    public func callingOut<T>(_ body: () throws -> T) rethrows -> T {
        callOutDepth += 1
        defer {
            callOutDepth -= 1
            if callOutDepth == 0, !afterCallOut.isEmpty {
                let waiting = afterCallOut
                afterCallOut = []
                for work in waiting { work() }
            }
        }
        return try body()
    }

    /// Runs `work` once the call out under way returns, or now when there is none.
    func afterCallingOut(_ work: @escaping () -> Void) {
        guard callOutDepth > 0 else { return work() }
        changeOutOfPlace(self, \.afterCallOut, emptied: []) { $0.append(work) }
    }
    /// The last display refresh at which links ran, counted in refreshes since 0.
    var lastRefresh = 0
    /// Told each timer that runs, for the trace: what ran (`asyncAfter`, `displayLink`) and a detail.
    public var onTimer: ((String, String) -> Void)?
    /// CATransactions a script has begun and not committed, innermost last,
    /// and the turn's implicit one (`AnimationEngine+Transaction`).
    var openTransactions: [Transaction] = []
    var implicitTransaction: Transaction?

    /// Told the bytes of each object made on a script's behalf (views,
    /// running animations, keyframes, hook records), so the bindings can
    /// charge them to the entry's memory limit; the engine itself never
    /// refuses.
    public var onAllocate: ((Int) -> Void)?

    /// Held by a display link, which a script may keep after the run (`Link`: no side table for the clock).
    public let link = Link<AnimationEngine>()

    public init() { link.attach(self) }

    deinit { link.clear() }

    func nextViewID() -> Int {
        viewCounter += 1
        return viewCounter
    }

    public func makeView(name: String, frame: Rect = .zero) -> View { View(engine: self, name: name, frame: frame) }

    /// The timeline animations made now run on.
    var currentTimeline: Timeline { timelines.last ?? clockTimeline }

    /// Runs body with animations made in it on `timeline`.
    func withTimeline<T>(_ timeline: Timeline, _ body: () throws -> T) rethrows -> T {
        timelines.append(timeline)
        defer { timelines.removeLast() }
        return try body()
    }

    /// Whether anything still changes: a layer animation held on its last value by its fill stays on its layer for
    /// ever, as in Core Animation, but runs only until its active end (a run need not be followed past it).
    public var hasRunningAnimations: Bool {
        !pendingGroups.isEmpty || animators.contains { $0.arrival != nil } || active.values.contains { isChanging($0.animation) }
    }

    /// Whether it still changes: one not held by its fill while it is active (the engine removes it at its end), a held
    /// one until its active end.
    private func isChanging(_ animation: RunningAnimation) -> Bool {
        animation.changesUntil < animation.end ? changes(animation, after: now) : true
    }

    /// Whether it changes after `time` on the clock (always, on a timeline no clock drives).
    private func changes(_ animation: RunningAnimation, after time: Double) -> Bool {
        clockEnd(of: animation, end: animation.changesUntil).map { $0 > time + 1e-9 } ?? true
    }

    /// `UIViewPropertyAnimator(duration:timingParameters:)`.
    public func makePropertyAnimator(duration: Double, parameters: TimingParameters) -> PropertyAnimator {
        onAllocate?(512)
        return PropertyAnimator(engine: self, duration: duration, parameters: parameters)
    }

    // The clock reads these lists and tables at every step: each is changed out of place (`changeOutOfPlace`).
    func track(_ animator: PropertyAnimator) {
        changeOutOfPlace(self, \.animators, emptied: []) { list in
            if !list.contains(where: { $0 === animator }) { list.append(animator) }
        }
    }

    func untrack(_ animator: PropertyAnimator) {
        changeOutOfPlace(self, \.animators, emptied: []) { $0.removeAll { $0 === animator } }
    }

    // Looked up on a copy (a reference counted), so that the access does not last through the hashing either.
    private func activeEntry(_ serial: Int) -> ActiveAnimation? {
        let table = active
        return table[serial]
    }

    private func group(for key: ObjectIdentifier) -> TimelineGroup? {
        let table = groups
        return table[key]
    }

    private func setActive(_ entry: ActiveAnimation?, serial: Int) {
        changeOutOfPlace(self, \.active, emptied: [:]) { $0[serial] = entry }
    }

    private func setGroup(_ group: TimelineGroup?, for key: ObjectIdentifier) {
        changeOutOfPlace(self, \.groups, emptied: [:]) { $0[key] = group }
    }

    func isRunning(_ animation: RunningAnimation) -> Bool { activeEntry(animation.serial)?.animation === animation }

    /// Lets an animation go without ending its group (a property animator stopped or arrived).
    func remove(_ animation: RunningAnimation, on view: View, _ property: AnimatableProperty) {
        finish(animation, on: view, property)
    }

    /// Stops what animates these properties of the view, leaving each where
    /// it is on screen now (a finger catching a sheet mid-snap).
    public func stopAnimations(of view: View, _ properties: [AnimatableProperty]) {
        for property in properties {
            guard let running = view.animations[property], !running.isEmpty else { continue }
            let shown = view.presentation.value(of: property)
            for animation in running {
                animation.group.interrupted = true
                remove(animation, on: view, property)
            }
            view.setModel(property, shown)
        }
    }

    /// Animations on the timeline that were still running after `time`
    /// (ending later, or never ending by themselves). One held on its last
    /// value by its fill has stopped changing: it ran until its active end.
    public func runningAnimations(on timeline: Timeline, endingAfter time: Double) -> Int {
        group(for: ObjectIdentifier(timeline))?.running.filter { $0.entry.map { changes($0.animation, after: time) } ?? false }.count ?? 0
    }

    // MARK: Blocks

    private enum Block {
        case basic(timing: PropertyAnimation<Double>, group: AnimationGroup, beginFromCurrentState: Bool)
        case keyframes(Keyframes)
    }

    private final class Keyframes {
        let group: AnimationGroup
        let begin: Double, duration: Double
        let options: AnimationOptions
        var window: (start: Double, duration: Double) = (0, 1)
        var tracks: [(view: View, property: AnimatableProperty, initial: AnimatedValue, keyframes: [Keyframe<AnimatedValue>])] = []

        init(group: AnimationGroup, begin: Double, duration: Double, options: AnimationOptions) {
            (self.group, self.begin, self.duration, self.options) = (group, begin, duration, options)
        }
    }

    /// `UIView.animate(withDuration:delay:options:animations:completion:)`.
    public func animate(duration: Double, delay: Double = 0, options: AnimationOptions = AnimationOptions(),
                        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil) rethrows {
        try run(timing: .curve(options.curve), duration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// The spring form, `usingSpringWithDamping:initialSpringVelocity:`.
    public func animate(duration: Double, delay: Double = 0, dampingRatio: Double, initialVelocity: Double,
                        options: AnimationOptions = AnimationOptions(), animations: () throws -> Void,
                        completion: ((Bool) -> Void)? = nil) rethrows {
        let spring = Spring(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        try run(timing: .spring(spring), duration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// A spring given by its physics (`UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`);
    /// the animation lasts until the spring settles.
    public func animate(spring: Spring, delay: Double = 0, options: AnimationOptions = AnimationOptions(),
                        animations: () throws -> Void, completion: ((Bool) -> Void)? = nil) rethrows {
        try run(timing: .spring(spring), duration: spring.settlingDuration(), delay: delay, options: options,
                animations: animations, completion: completion)
    }

    /// Bytes an animation block costs its entry, whatever it animates: its group, which a chain of completions that
    /// start new blocks at the same instant keeps until the chain ends (an endless one is stopped by the entry's limit).
    static let blockCost = 160

    func run(timing: AnimationTiming, duration: Double, delay: Double, options: AnimationOptions,
                     animations: () throws -> Void, completion: ((Bool) -> Void)?) rethrows {
        onAllocate?(Self.blockCost)
        let timeline = currentTimeline
        let group = AnimationGroup(timeline: timeline, completion: completion)
        let carrier = PropertyAnimation(from: 0.0, to: 1.0, begin: timeline.local(at: now) + max(delay, 0),
                                        duration: duration, timing: timing,
                                        repeatCount: options.repeats ? .infinity : 0, autoreverses: options.autoreverses)
        blocks.append(.basic(timing: carrier, group: group, beginFromCurrentState: options.beginFromCurrentState))
        defer {
            blocks.removeLast()
            if group.remaining == 0 { queueCompletion(group) }
        }
        try animations()
    }

    /// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)`.
    public func animateKeyframes(duration: Double, delay: Double = 0, options: AnimationOptions = AnimationOptions(),
                                 animations: () throws -> Void, completion: ((Bool) -> Void)? = nil) rethrows {
        onAllocate?(Self.blockCost)
        let timeline = currentTimeline
        let group = AnimationGroup(timeline: timeline, completion: completion)
        let frames = Keyframes(group: group, begin: timeline.local(at: now) + max(delay, 0), duration: duration, options: options)
        blocks.append(.keyframes(frames))
        defer { blocks.removeLast() }
        try animations()
        for track in frames.tracks {
            let keyframeTrack = KeyframeTrack(initial: track.initial, keyframes: track.keyframes, mode: options.calculationMode)
            // The block's curve warps the whole timeline, keyframe times included.
            let curve = RunningAnimation.Curve.keyframes(track: keyframeTrack.value(at:), begin: frames.begin,
                                                         duration: frames.duration, curve: options.curve)
            add(RunningAnimation(curve: curve, timeline: timeline, group: group), to: track.view, track.property, replacing: true)
        }
        if group.remaining == 0 { queueCompletion(group) }
    }

    /// `UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:)`;
    /// outside a keyframe block it just runs the changes.
    public func addKeyframe(relativeStart: Double, relativeDuration: Double, animations: () throws -> Void) rethrows {
        guard case .keyframes(let frames) = blocks.last else { return try animations() }
        let saved = frames.window
        frames.window = (relativeStart, relativeDuration)
        defer { frames.window = saved }
        try animations()
    }

    // MARK: Property changes

    func didSet(_ property: AnimatableProperty, of view: View, from old: AnimatedValue, presented: AnimatedValue, to new: AnimatedValue) {
        // A standalone layer animates by itself, block or not.
        if view.layerKind != nil { return implicitlyAnimate(property, of: view, presented: presented, to: new) }
        guard let block = blocks.last else { return }
        switch block {
        case .basic(let timing, let group, let fromCurrent):
            guard old != new else { return }
            let running = view.animations[property] ?? []
            // Additive unless something non-additive (keyframes) is running,
            // or the new transform cannot be inverted to take its offset.
            var additive = property.isAdditive && running.allSatisfy(\.additive)
            if case .transform(let t) = new, abs(t.determinant) < 1e-12 { additive = false }
            if additive {
                let animation = RunningAnimation(curve: .basic(from: old, to: new, timing: timing), timeline: group.timeline,
                                                 group: group, additive: true)
                add(animation, to: view, property, replacing: false)
                return
            }
            let from = !running.isEmpty || fromCurrent ? presented : old
            let animation = RunningAnimation(curve: .basic(from: from, to: new, timing: timing), timeline: group.timeline, group: group)
            add(animation, to: view, property, replacing: true)
        case .keyframes(let frames):
            onAllocate?(128)
            let keyframe = Keyframe(relativeStart: frames.window.start, relativeDuration: frames.window.duration, value: new)
            if let index = frames.tracks.firstIndex(where: { $0.view === view && $0.property == property }) {
                frames.tracks[index].keyframes.append(keyframe)
            } else {
                frames.tracks.append((view, property, old, [keyframe]))
            }
        }
    }

    func add(_ animation: RunningAnimation, to view: View, _ property: AnimatableProperty, replacing: Bool) {
        onAllocate?(256)
        if replacing, let old = view.animations[property], !old.isEmpty {
            for interrupted in old {
                interrupted.group.interrupted = true
                finish(interrupted, on: view, property)
            }
        }
        view.changeAnimations { $0[property, default: []].append(animation) }
        animation.timeline.animator?.made.append((view, property, animation))
        animation.group.remaining += 1
        if let transaction = countingTransaction {
            transaction.group.remaining += 1
            animation.transaction = transaction.group
        }
        serial += 1
        animation.serial = serial
        let entry = ActiveAnimation(view: view, property: property, animation: animation)
        setActive(entry, serial: serial)
        let key = ObjectIdentifier(animation.timeline)
        let group = group(for: key) ?? TimelineGroup(timeline: animation.timeline)
        setGroup(group, for: key)
        group.insert(entry, serial: serial)
    }

    private func finish(_ animation: RunningAnimation, on view: View, _ property: AnimatableProperty) {
        // Usually the oldest of the property's animations: found at once.
        view.changeAnimations { animations in
            if let index = animations[property]?.firstIndex(where: { $0 === animation }) {
                animations[property]?.remove(at: index)
            }
            if animations[property]?.isEmpty == true { animations[property] = nil }
        }
        if let key = animation.key, let count = view.layerKeys[key] { view.layerKeys[key] = count > 1 ? count - 1 : nil }
        setActive(nil, serial: animation.serial)
        let key = ObjectIdentifier(animation.timeline)
        if let group = group(for: key) {
            group.remove(animation)
            if group.isEmpty { setGroup(nil, for: key) }
        }
        animation.group.remaining -= 1
        if animation.group.remaining == 0 { queueCompletion(animation.group) }
        if let transaction = animation.transaction {
            transaction.remaining -= 1
            if transaction.remaining == 0 && transaction.sealed { queueCompletion(transaction) }
        }
    }

    // MARK: Time

    /// When, on the clock, an animation ends; nil while its timeline is paused.
    func clockEnd(of animation: RunningAnimation, end: Double? = nil) -> Double? {
        let end = end ?? animation.end
        guard end.isFinite else { return nil }
        switch animation.timeline.mode {
        case .live(let start):
            return start + end
        case .scrubbed, .paused:
            return nil
        case .continuing(_, _, let start, let length, _):
            return start + length
        case .settling(let from, let to, let start, let length, _):
            if !Timeline.runsOn(from: from, to: to) { return start + length }
            if end <= from { return now }
            if end > to { return start + length + (end - to) }
            if let known = animation.timeline.clockEnds[end] { return known }
            var (low, high) = (start, start + length)
            for _ in 0..<60 {
                let middle = (low + high) / 2
                if animation.timeline.local(at: middle) < end { low = middle } else { high = middle }
            }
            animation.timeline.clockEnds[end] = high
            return high
        }
    }

    /// Moves the clock to `time`, running every completion due on the way,
    /// each at its own time. The due animations are found once and finished
    /// in (end, creation) order; only when a completion starts new ones is
    /// the search made again. `shouldStop` (the entry ran out of its limits)
    /// cuts an endless chain of completions short.
    public func advance(to time: Double) {
        precondition(time >= now, "the clock only moves forwards")
        // Timers run at their own instants, after what animations finish by then (`AnimationEngine+Timers`).
        while let next = nextTimer(upTo: time), !(shouldStop?() ?? false) {
            advanceAnimations(to: next.time)
            runTimers(at: next.time, refresh: next.refresh)
        }
        advanceAnimations(to: time)
    }

    /// The clock to `time` for the animations alone: their completions, each at its own time.
    private func advanceAnimations(to time: Double) {
        if time > now { endTurn() }
        search: while !(shouldStop?() ?? false) {
            runPendingCompletions()
            let due = dueAnimations(at: time)
            // A property animator arrives after its own animations end, at the same instant.
            let arriving = animators.compactMap { animator -> (end: Double, animator: PropertyAnimator)? in
                guard let end = animator.arrival, end <= time else { return nil }
                return (end, animator)
            }
            guard !due.isEmpty || !arriving.isEmpty else { break }
            if let first = arriving.min(by: { $0.end < $1.end }), due.first.map({ $0.end > first.end }) ?? true {
                now = max(now, first.end)
                first.animator.arrive(at: first.animator.arrivalPosition)
                runPendingCompletions()
                continue search
            }
            let made = serial
            for (end, key) in due {
                if let next = arriving.map(\.end).min(), end > next { continue search }
                guard let entry = activeEntry(key) else { continue }
                now = max(now, end)
                finish(entry.animation, on: entry.view, entry.property)
                runPendingCompletions()
                if serial != made || (shouldStop?() ?? false) { continue search }
            }
        }
        now = time
        runPendingCompletions()
    }

    /// The running animations whose clock end is at or before `time`, earliest first (ties in the order they were
    /// added). Scanning every animation at every step was most of a step for an entry animating hundreds of pieces:
    /// a timeline no clock drives (scrubbed by a finger, paused) has none due, and on any other the due ones are the
    /// first few of its animations in the order of their ends (TimelineGroup), so only those are looked at.
    private func dueAnimations(at time: Double) -> [(end: Double, serial: Int)] {
        var due: [(end: Double, serial: Int)] = []
        for group in groups.values {
            switch group.timeline.mode {
            case .scrubbed, .paused: continue
            default: break
            }
            for item in group.running {
                guard let entry = item.entry, let end = clockEnd(of: entry.animation), end <= time else { break }
                due.append((end, item.serial))
            }
        }
        // Most steps find none or one: `sorted` made a new array even then.
        if due.count > 1 { due.sort { ($0.end, $0.serial) < ($1.end, $1.serial) } }
        return due
    }

    /// Asked while completions run: true stops the clock's work at once.
    public var shouldStop: (() -> Bool)? {
        get { stopRule }
        set { stopRule = newValue }
    }
    /// `shouldStop`'s storage, not public: the clock asks it at every step, and a public property is checked for
    /// exclusive access at run time on every read (see View's stored properties).
    private var stopRule: (() -> Bool)?

    private func runPendingCompletions() {
        // Most steps have none: one read of the list, not the three of the loop and its clearing.
        guard !pendingGroups.isEmpty else { return }
        // By index: completions may add groups as they run, and taking each
        // from the front would cost the square of their number.
        var index = 0
        while index < pendingGroups.count {
            let group = pendingGroups[index]
            index += 1
            guard !group.done else { continue }
            group.done = true
            if let completion = group.completion { callingOut { completion(!group.interrupted) } }
        }
        changeOutOfPlace(self, \.pendingGroups, emptied: []) { $0.removeAll(keepingCapacity: true) }
    }

    /// Puts a finished group's completion in line (out of place, as the clock reads the line at every step).
    func queueCompletion(_ group: AnimationGroup) {
        changeOutOfPlace(self, \.pendingGroups, emptied: []) { $0.append(group) }
    }

}

/// The running animations of one timeline in the order of their ends on it (then of their serials). On the clock an
/// animation's end grows with its end on the timeline, or is the same for all (a settle's cancel, a property animator
/// continuing), and an end at or before where a settle starts is due at once: the animations due by any time are
/// always the first few in this order.
private final class TimelineGroup {
    let timeline: Timeline
    /// Those before `head` have finished: animations usually finish in the order of their ends, so taking the first
    /// off moves `head` instead of every other entry (the finished slots let go of their animation at once).
    private var entries: [(end: Double, serial: Int, entry: ActiveAnimation?)] = []
    private var head = 0

    init(timeline: Timeline) {
        self.timeline = timeline
    }

    /// The running ones, in order.
    var running: ArraySlice<(end: Double, serial: Int, entry: ActiveAnimation?)> { entries[head...] }
    var isEmpty: Bool { head == entries.count }

    func insert(_ entry: ActiveAnimation, serial: Int) {
        let end = Self.key(entry.animation.end)
        entries.insert((end, serial, entry), at: index(end: end, serial: serial))
    }

    func remove(_ animation: RunningAnimation) {
        let at = index(end: Self.key(animation.end), serial: animation.serial)
        guard at < entries.count, entries[at].serial == animation.serial else { return }
        guard at == head else { entries.remove(at: at); return }
        entries[at].entry = nil
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32 && head * 2 >= entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// An end that is not a number sorts last, with the infinite ones: the clock never ends those.
    private static func key(_ end: Double) -> Double { end.isNaN ? .infinity : end }

    /// Where (end, serial) is or would go among the running: the first not before it.
    private func index(end: Double, serial: Int) -> Int {
        var (low, high) = (head, entries.count)
        while low < high {
            let middle = (low + high) / 2
            let item = entries[middle]
            if item.end < end || (item.end == end && item.serial < serial) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A running animation with the view and property it animates, boxed: one reference to count where the view and the
/// animation were two, in each of the engine's tables.
private final class ActiveAnimation {
    let view: View
    let property: AnimatableProperty
    let animation: RunningAnimation

    init(view: View, property: AnimatableProperty, animation: RunningAnimation) {
        self.view = view
        self.property = property
        self.animation = animation
    }
}

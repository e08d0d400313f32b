import Foundation

/// Work scheduled on the main queue for later: `DispatchQueue.main.asyncAfter(deadline:execute:)` (and `async`, due
/// at once), on the simulated clock.
struct ScheduledWork {
    let time: Double
    /// Creation order: work due at one instant runs in the order it was scheduled, as the main queue runs it.
    let serial: Int
    let scheduledAt: Double
    /// The app's work is in the trace as it runs; UIKit's own (a scroll view coming to rest) is not.
    let traced: Bool
    let work: () -> Void
}

/// The work scheduled, earliest first (by time, then the order it was scheduled in): a binary heap, so that a script
/// scheduling thousands costs log n for each, never a search or a shift of the rest.
struct WorkQueue {
    private var heap: [ScheduledWork] = []

    var isEmpty: Bool { heap.isEmpty }
    var first: ScheduledWork? { heap.first }

    private static func before(_ a: ScheduledWork, _ b: ScheduledWork) -> Bool { (a.time, a.serial) < (b.time, b.serial) }

    mutating func push(_ item: ScheduledWork) {
        heap.append(item)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[child], heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func popFirst() -> ScheduledWork? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var least = parent
            if left < heap.count, Self.before(heap[left], heap[least]) { least = left }
            if right < heap.count, Self.before(heap[right], heap[least]) { least = right }
            guard least != parent else { break }
            heap.swapAt(parent, least)
            parent = least
        }
        return first
    }
}

/// `CADisplayLink`, headless: once added, its callback runs at every refresh of a 60 Hz display, on the simulated clock
/// (the refreshes at whole sixtieths of a second since the run began), until it is invalidated; paused, it skips them.
/// `timestamp` is the refresh it runs for, `targetTimestamp` the next, as Core Animation gives them. Which refreshes it
/// sees depends on the clock alone, never on how often a caller samples it.
public final class DisplayLink {
    /// An iPhone's display without ProMotion: 60 refreshes a second.
    public static let refreshRate = 60.0
    /// Paused, it skips refreshes; resumed, it runs from the next refresh after that instant (none is caught up).
    public var isPaused = false {
        didSet { if oldValue && !isPaused, let engine { startRefresh = AnimationEngine.refresh(atOrBefore: engine.now) } }
    }
    public private(set) var timestamp: Double = 0
    public var targetTimestamp: Double { timestamp + duration }
    /// The time between refreshes.
    public let duration = 1 / DisplayLink.refreshRate
    public private(set) var isValid = true
    public private(set) var isAdded = false
    /// The refresh at or before the instant it was added (or resumed): it runs at later ones only.
    var startRefresh = 0
    let callback: (DisplayLink) -> Void
    /// Weak (a `Link`): a script may hold its link after the run (and its engine) is gone; the link then does nothing.
    private let engineLink: Link<AnimationEngine>
    private var engine: AnimationEngine? { engineLink.object }

    /// Bytes a display link costs its entry.
    static let cost = 256

    public init(engine: AnimationEngine, callback: @escaping (DisplayLink) -> Void) {
        engine.onAllocate?(Self.cost)
        engineLink = engine.link
        self.callback = callback
    }

    /// `add(to: .main, forMode: .common)`: it runs from the next refresh on. A second add does nothing more.
    public func add() {
        guard isValid, !isAdded, let engine else { return }
        isAdded = true
        startRefresh = AnimationEngine.refresh(atOrBefore: engine.now)
        changeOutOfPlace(engine, \.displayLinks, emptied: []) { $0.append(self) }
    }

    /// `invalidate()`: it never runs again (the engine drops it from its list at the next refresh, so that invalidating
    /// thousands costs no search each).
    public func invalidate() {
        isValid = false
    }

    /// Whether it runs at refresh `index`.
    func runs(at index: Int) -> Bool { isValid && !isPaused && index > startRefresh }

    func run(at refresh: Double) {
        timestamp = refresh
        guard let engine else { return callback(self) }
        engine.callingOut { callback(self) }
    }
}

extension AnimationEngine {
    /// Bytes a scheduled piece of work costs its entry.
    static let scheduledWorkCost = 128

    /// Runs `work` `delay` seconds from now (at once for 0): after the animations that end by then, in the order
    /// scheduled among work due at the same instant.
    public func after(_ delay: Double, _ work: @escaping () -> Void) {
        at(now + max(delay, 0), work)
    }

    /// Runs `work` at `time` on the clock (now, if that has passed): what `DispatchQueue.main.asyncAfter(deadline:)`
    /// gives, the deadline summed as the caller summed it, so that both sides of a comparison schedule the same instant.
    public func at(_ time: Double, traced: Bool = true, _ work: @escaping () -> Void) {
        onAllocate?(Self.scheduledWorkCost)
        workSerial += 1
        let work = ScheduledWork(time: max(time, now), serial: workSerial, scheduledAt: now, traced: traced, work: work)
        changeOutOfPlace(self, \.scheduledWork, emptied: WorkQueue()) { $0.push(work) }
    }

    /// Whether work is waiting on the main queue: a run is not still until it has run.
    public var hasScheduledWork: Bool { !scheduledWork.isEmpty }

    /// The display links running (added, not invalidated).
    public var runningDisplayLinks: [DisplayLink] { displayLinks.filter(\.isValid) }

    /// Invalidates every display link still running (what a transition's end does with those it left), and gives them.
    @discardableResult
    public func invalidateDisplayLinks() -> [DisplayLink] {
        let left = runningDisplayLinks
        for link in left { link.invalidate() }
        displayLinks = []
        return left
    }

    /// Invalidates those of `links` still running (the links a transition left, once the function that ended it has
    /// returned: any it started after are not its), and gives them.
    func invalidate(_ links: [DisplayLink]) -> [DisplayLink] {
        let left = links.filter(\.isValid)
        for link in left { link.invalidate() }
        return left
    }

    /// The index of the refresh at or before `time` (one at `time` itself, within rounding, counts as before).
    static func refresh(atOrBefore time: Double) -> Int { Int((time * DisplayLink.refreshRate + 1e-9).rounded(.down)) }

    /// The next refresh a display link runs at: after the last one run, and after the one each link started at.
    private var nextRefresh: Int? {
        var first: Int?
        for link in displayLinks where link.isValid && !link.isPaused { first = min(first ?? .max, link.startRefresh) }
        return first.map { max(lastRefresh, $0) + 1 }
    }

    /// The first instant in [now, time] at which a timer runs, if any, and the refresh due then (nil: only work is).
    func nextTimer(upTo time: Double) -> (time: Double, refresh: Int?)? {
        var next = scheduledWork.first.map(\.time).flatMap { $0 <= time ? max($0, now) : nil }
        var due: Int?
        if let index = nextRefresh {
            let refresh = Double(index) / DisplayLink.refreshRate
            // A refresh at a frame's instant is due at that frame, whatever the rounding of the two sums (never past
            // `time`: the clock then goes on to `time` itself).
            let at = min(max(refresh, now), time)
            if refresh <= time + 1e-9, at <= next ?? .infinity { (next, due) = (at, index) }
        }
        return next.map { ($0, due) }
    }

    /// Runs what is due at `time`: the display links' refresh `refresh` first (a frame begins with it), then the work
    /// scheduled.
    func runTimers(at time: Double, refresh index: Int?) {
        if let index {
            let refresh = Double(index) / DisplayLink.refreshRate
            lastRefresh = index
            // The links running at the refresh, each once, even if one invalidates or adds another; the invalidated
            // are dropped here, in one pass.
            changeOutOfPlace(self, \.displayLinks, emptied: []) { $0.removeAll { !$0.isValid } }
            for link in displayLinks where link.runs(at: index) {
                onTimer?("displayLink", "timestamp \(Self.seconds(refresh))")
                link.run(at: refresh)
                if shouldStop?() ?? false { return }
            }
        }
        // Work due now, including what it schedules for now, in order.
        while let due = scheduledWork.first, due.time <= time, !(shouldStop?() ?? false),
              let first = changeOutOfPlace(self, \.scheduledWork, emptied: WorkQueue(), { $0.popFirst() }) {
            if first.traced { onTimer?("asyncAfter", "\(Self.seconds(first.time - first.scheduledAt)) s after \(Self.seconds(first.scheduledAt))") }
            callingOut { first.work() }
        }
    }

    /// Seconds as a trace says them: to a microsecond, no trailing zeros.
    static func seconds(_ value: Double) -> String { formatted(value, decimals: 6) }
}

import Transitions

/// The contract's rules watching one simulation: every finding is made here,
/// by the checks in Checks/, from the events the engine reports as it runs.
/// The engine says what happened; whether that was right is this module's
/// to say.
///
///     let checker = ContractChecker.attach(to: simulation)
///     simulation.present(...); simulation.runUntilIdle()
///     checker.diagnostics   // what broke the contract, in the order seen
public final class ContractChecker: SimulationObserver {
    /// Every breach seen so far, in order.
    public private(set) var diagnostics: [Diagnostic] = []

    /// One check for each moment a rule is judged at. Where several find
    /// something at one event, they report in this order (a cancel's
    /// leftovers before the animations still running, the motion report
    /// before what is visible), so a run's findings read as it happened.
    private let checks: [ContractCheck] = makeChecks()

    private static func makeChecks() -> [ContractCheck] {
        [
            QueryCheck(), RefusalCheck(), CompletionCallCheck(), CancelledModelCheck(), LateAnimationCheck(),
            MotionCheck(), EndlessAnimationCheck(), VisibilityCheck(), SourceViewCheck(), NeverCompletedCheck(),
            FinalFrameCheck(), ChromeCheck(), PresentingViewCheck(), LeftInPresentingViewCheck(), SizeChangeCheck(),
            KeyboardCheck(), ScrollCheck(), AppearanceCheck(),
        ]
    }

    /// Which checks listen to each kind of event, by their place in `checks` and in its order: those of kind k are
    /// `routes[starts[k]..<starts[k + 1]]`. The same for every checker, so worked out once (a checker is made for
    /// every scenario run); read in place, since most events (a frame drawn, the clock moved) concern two or three
    /// checks and a run has thousands: an array for each kind, taken out for each event, cost its retains.
    private static let (starts, routes): ([Int], [Int]) = {
        // By raw value, as `simulation(_:did:)` looks them up, whatever the order of `allCases`; a check's events are
        // constants of its type, so one set of checks answers for all.
        let prototypes = makeChecks()
        let kinds = (SimulationEvent.Kind.allCases.map(\.rawValue).max() ?? -1) + 1
        var starts: [Int] = [], routes: [Int] = []
        for raw in 0..<kinds {
            starts.append(routes.count)
            guard let kind = SimulationEvent.Kind(rawValue: raw) else { continue }
            routes += prototypes.indices.filter { prototypes[$0].events.contains(kind) }
        }
        starts.append(routes.count)
        return (starts, routes)
    }()

    private init() {}

    /// A checker observing `simulation` from now on.
    @discardableResult
    public static func attach(to simulation: Simulation) -> ContractChecker {
        let checker = ContractChecker()
        simulation.observers.append(checker)
        return checker
    }

    public func simulation(_ simulation: Simulation, did event: SimulationEvent) {
        let kind = event.kind.rawValue
        let (from, to) = (Self.starts[kind], Self.starts[kind + 1])
        guard from < to else { return }
        let findings = Findings(simulation: simulation, checker: self)
        checks.withUnsafeBufferPointer { checks in
            Self.routes.withUnsafeBufferPointer { routes in
                for index in from..<to { checks[routes[index]].observe(event, findings) }
            }
        }
    }

    fileprivate func append(_ diagnostic: Diagnostic, in simulation: Simulation) {
        // A finding is the script's doing: it counts against the entry's memory.
        simulation.engine.onAllocate?(128 + diagnostic.message.utf8.count)
        diagnostics.append(diagnostic)
    }
}

/// What a check is handed with each event: the simulation to look at, and
/// where its findings go (stamped with the simulation's time).
///
/// Lives only for the call that makes it, while the simulation and the checker
/// are alive; unowned(unsafe) because retaining the two for each check of each
/// event (objects others refer to weakly, whose counts take the slow path) was
/// a third of the contract's time in `segue check`.
struct Findings {
    unowned(unsafe) let simulation: Simulation
    unowned(unsafe) let checker: ContractChecker

    /// Whether a run that just ended left everything still (no transition, no
    /// animation) without being stopped: when what is on screen can be judged.
    func settled(stopped: Bool) -> Bool {
        !stopped && !simulation.isTransitioning && !simulation.engine.hasRunningAnimations
    }

    func report(_ kind: Diagnostic.Kind, hook: String? = nil, _ message: String) {
        checker.append(.make(kind, hook: hook, at: simulation.now, message), in: simulation)
    }
}

/// One rule's (or a few related rules') watch over the events: what it
/// remembers between them is its own.
protocol ContractCheck: AnyObject {
    /// The kinds of event `observe` is called with (no others).
    var events: [SimulationEvent.Kind] { get }
    func observe(_ event: SimulationEvent, _ findings: Findings)
}

import Catalogue
import LuaRuntime
import Transitions

extension Scenario {
    /// The scenario whose whole run this one's begins with, step for step: `present` is the first half of
    /// `present-then-dismiss`, `non-animated-present` of `dismiss`, `push` of `pop`. `runAll` reads the shorter one's
    /// outcome off the longer run where the shorter run would have ended, instead of running those steps again.
    ///
    /// Only these pairs: every other scenario that starts with a presentation goes on differently within it (rotation
    /// rotates inside the presenting phase, Reduce Motion presents with the setting on), or would need the run copied
    /// to go on in two ways from the same point.
    var sharedPrefix: Scenario? {
        switch self {
        case .presentThenDismiss: .present
        case .dismiss: .nonAnimatedPresent
        case .pop: .push
        default: nil
        }
    }

    /// The longer scenario that begins with this one's whole run, if any.
    var sharedBy: Scenario? { Scenario.allCases.first { $0.sharedPrefix == self } }
}

/// What a longer run learned about the shorter scenario its first part is (`Scenario.sharedPrefix`).
final class PrefixReading {
    let scenario: Scenario
    /// The shorter scenario's outcome, read where its own run would have ended.
    var outcome: ScenarioOutcome?
    /// Processor time at that point, for charging the two scenarios apart.
    var readAt: Duration?
    /// The wall clock at that point (each outcome's `wallTime`).
    var wallAt: ContinuousClock.Instant?
    /// The run reached the point and found its own end would be the same as the shorter run's: the entry had run out
    /// of a limit by then, so neither run does anything more than finish.
    var endsAlike = false
    /// The run reached the point.
    var reached = false

    init(_ scenario: Scenario) { self.scenario = scenario }

    /// The shorter scenario's outcome once the longer run is over: read at the point, or else the longer run's own
    /// where the two end alike (stopped before the point by the same early return, or by a limit at it). Nil: the
    /// shorter scenario must run alone (at the point something was left to report, whose report changes the run).
    func outcome(after longer: ScenarioOutcome) -> ScenarioOutcome? {
        if let outcome { return outcome }
        return !reached || endsAlike ? longer.renamed(scenario) : nil
    }
}

extension ScenarioOutcome {
    /// The same outcome as another scenario's: its problems say that scenario.
    func renamed(_ scenario: Scenario) -> ScenarioOutcome {
        var outcome = ScenarioOutcome(scenario: scenario, problems: problems.map { var p = $0; p.scenario = scenario.rawValue; return p },
                                      skipped: skipped, trace: trace)
        outcome.frames = frames
        outcome.printed = printed
        outcome.scriptTime = scriptTime
        outcome.wallTime = wallTime
        outcome.memoryPeak = memoryPeak
        outcome.drives = drives
        outcome.taps = taps
        outcome.scrolledBefore = scrolledBefore
        outcome.offersTap = offersTap
        outcome.picture = picture
        outcome.pictureLocation = pictureLocation
        outcome.shape = shape
        return outcome
    }
}

extension ScenarioRunner {
    /// `scenario` and `partner`, a shorter scenario and the longer one whose first part it is, by one run of the longer.
    ///
    /// - Parameter since: processor time when the turn began (runAll's last reading).
    /// - Returns: `scenario`'s outcome (nil: the shorter one's end would have changed the run, and it must run alone);
    ///   the partner's, with the processor time to charge at its turn (nil: it runs alone then); and that time, spent now.
    static func runShared(_ file: EntryFile, source: String, scenario: Scenario, partner: Scenario, options: ScenarioOptions,
                          prepared: PreparedSandbox, since start: Duration)
        -> (outcome: ScenarioOutcome?, partner: (outcome: ScenarioOutcome, time: Duration)?, deferred: Duration) {
        let (shorter, longer) = scenario.sharedPrefix == nil ? (scenario, partner) : (partner, scenario)
        let wallStart = ContinuousClock.now
        let reading = PrefixReading(shorter)
        var long = run(file, source: source, scenario: longer, options: options, prepared: prepared, prefix: reading)
        let end = ThreadTime.now, wallEnd = ContinuousClock.now
        long.wallTime = wallEnd - wallStart
        let short = reading.outcome(after: long)
        if scenario == longer {
            // The shorter one's steps were this run's own: its outcome costs nothing more at its turn.
            return (long, short.map { ($0, .zero) }, .zero)
        }
        guard var short else { return (nil, (long, end - start), end - start) }
        guard let readAt = reading.readAt, let wallAt = reading.wallAt else {
            // The two ended alike: the run was the shorter one's, and the longer one added nothing to it.
            long.wallTime = .zero
            return (short, (long, .zero), .zero)
        }
        short.wallTime = wallAt - wallStart
        long.wallTime = wallEnd - wallAt
        return (short, (long, end - readAt), end - readAt)
    }
}

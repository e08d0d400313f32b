import Transitions

/// large-motion-under-reduce-motion: with Reduce Motion on, what each
/// transition the entry animates shows is measured (MotionMeter), from the
/// first frame until its animations end, and large motion is reported once
/// a transition, when the next one is asked for or the run settles.
/// UIKit's own modal animators are left out: the entry did not write them.
final class MotionCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.transitionRequested, .runWillStart, .completionsWillRun, .frameDidAdvance, .runDidEnd]

    private var motion = MotionMeter()

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .transitionRequested:
            report(findings)
        case .runWillStart, .completionsWillRun:
            measure(findings.simulation, force: true)
        case .frameDidAdvance:
            measure(findings.simulation, force: false)
        case .runDidEnd(_, _, let stopped):
            if findings.settled(stopped: stopped) { report(findings) }
        default:
            break
        }
    }

    /// Looks at what the running transition shows now, and after it
    /// completes while its animations still run; at most 30 times a second.
    private func measure(_ simulation: Simulation, force: Bool) {
        guard simulation.reduceMotion else { return }
        if let transition = simulation.transition {
            guard !transition.usesUIKitModalAnimator else { return }
            motion.phase = switch transition.operation {
            case .present: "presentation"
            case .dismiss: "dismissal"
            case .push, .pop: transition.operation.rawValue
            }
        } else if motion.phase == nil || !simulation.engine.hasRunningAnimations {
            return
        }
        let now = simulation.now
        guard force || now - motion.lastSample >= 1.0 / 30 - 1e-9 else { return }
        motion.lastSample = now
        motion.sample(simulation.window, at: now)
    }

    private func report(_ findings: Findings) {
        defer { motion.reset() }
        let simulation = findings.simulation
        guard simulation.reduceMotion, let phase = motion.phase else { return }
        if let found = motion.largeMotion(screen: simulation.window.bounds.size) {
            findings.report(.largeMotionUnderReduceMotion, "with Reduce Motion on, \(found) during the \(phase): "
                + "when UIAccessibility.isReduceMotionEnabled, offer something calmer, such as a cross-fade "
                + "(Apple's guidance: no large slides, zooms, spins or 3-D turns)")
        } else if let cut = motion.cutAt {
            findings.report(.largeMotionUnderReduceMotion, "with Reduce Motion on, the \(phase)'s motion was measured only until "
                + "\(formatted(cut, decimals: 3)) s: Segue looks at most \(MotionMeter.lookLimit) views a transition "
                + "(views in the window, on screen or not, × 30 looks a second), and this one has more; "
                + "under Reduce Motion, show fewer views or a cross-fade")
        }
    }
}

import Transitions

/// unbalanced-appearance-calls: each beginAppearanceTransition and endAppearanceTransition made by hand is judged
/// against the transition under way and where the controller is in its appearance cycle, and what was begun by hand
/// and never ended is said when the next transition is asked for or the run settles (an end made after
/// completeTransition, or in work the did-end hook scheduled, is in time). UIKit's own calls are the engine's, balanced
/// by construction. The same finding is made once: a loop of a million unbalanced calls is one mistake.
final class AppearanceCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.appearanceCalled, .transitionRequested, .runDidEnd]

    /// Controllers begun by hand since the last look, in the order first begun.
    private var begun: [ViewController] = []
    private var reported: Set<String> = []

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .appearanceCalled(let controller, let appearing, let byHand):
            guard byHand else { return }
            let problem = appearing.map { AppearanceCalls.beginProblem(controller, appearing: $0, in: findings.simulation) }
                ?? AppearanceCalls.endProblem(controller, in: findings.simulation)
            if let problem { report(problem, findings) }
            if appearing != nil, !begun.contains(where: { $0 === controller }) { begun.append(controller) }
        case .transitionRequested:
            lookForOpen(findings)
        case .runDidEnd:
            if findings.simulation.transition == nil { lookForOpen(findings) }
        default:
            break
        }
    }

    private func lookForOpen(_ findings: Findings) {
        for controller in begun where controller.appearance.isChanging { report(AppearanceCalls.leftOpen(controller.name), findings) }
        begun = []
    }

    private func report(_ message: String, _ findings: Findings) {
        guard reported.insert(message).inserted else { return }
        findings.report(.unbalancedAppearanceCalls, message)
    }
}

/// What unbalanced-appearance-calls says of a call made by hand, for the check and for the bindings that place it at
/// the script's line.
public enum AppearanceCalls {
    /// What is wrong with beginning `controller`'s appearance transition by hand now, if anything: UIKit tells it
    /// itself in the transition under way, or a begin the same way is under way already. Turning back (a begin the
    /// other way before the end, as UIKit does for a cancelled transition) is fine.
    public static func beginProblem(_ controller: ViewController, appearing: Bool, in simulation: Simulation) -> String? {
        if simulation.tellsAppearance(of: controller) { return toldByUIKit(controller) }
        guard controller.appearance == (appearing ? .appearing : .disappearing) else { return nil }
        return "beginAppearanceTransition(\(appearing)) on '\(controller.name)' while it is already \(controller.appearance.rawValue) "
            + "(begun and not ended): end the one under way first"
    }

    /// What is wrong with ending `controller`'s appearance transition by hand now, if anything: UIKit tells it itself,
    /// or none is under way.
    public static func endProblem(_ controller: ViewController, in simulation: Simulation) -> String? {
        if simulation.tellsAppearance(of: controller) { return toldByUIKit(controller) }
        guard !controller.appearance.isChanging else { return nil }
        return "endAppearanceTransition on '\(controller.name)' with no appearance transition under way (it has "
            + "\(controller.appearance.rawValue)): UIKit calls nothing; call it once after each beginAppearanceTransition"
    }

    static func toldByUIKit(_ controller: ViewController) -> String {
        "'\(controller.name)' is told of its appearance by UIKit itself in this transition (the presented screen always, the "
            + "presenter where its view leaves the window): a call by hand makes each callback come twice; call these only for "
            + "a controller UIKit does not tell, such as the presenter a custom presentation keeps on screen"
    }

    public static func leftOpen(_ name: String) -> String {
        "beginAppearanceTransition on '\(name)' was never ended: its viewDidAppear or viewDidDisappear never comes; "
            + "call endAppearanceTransition when the transition completes (presentationTransitionDidEnd, dismissalTransitionDidEnd)"
    }
}

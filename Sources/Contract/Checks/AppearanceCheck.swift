import Transitions

/// unbalanced-appearance-calls: each beginAppearanceTransition made by hand is judged against where the controller
/// is in its appearance cycle, each end against whether anything was begun, and what a script began and never ended
/// is said when the transition ends. UIKit's own calls are the engine's, balanced by construction.
final class AppearanceCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.appearanceCalled, .transitionDidEnd]

    /// Controllers begun by hand and not yet ended.
    private var open: [ObjectIdentifier: String] = [:]

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .appearanceCalled(let controller, let appearing, let byHand):
            let id = ObjectIdentifier(controller)
            if let appearing {
                if byHand, let problem = AppearanceCalls.beginProblem(controller, appearing: appearing) {
                    findings.report(.unbalancedAppearanceCalls, problem)
                }
                if byHand { open[id] = controller.name } else { open[id] = nil }
            } else {
                if byHand, let problem = AppearanceCalls.endProblem(controller) { findings.report(.unbalancedAppearanceCalls, problem) }
                open[id] = nil
            }
        case .transitionDidEnd:
            for name in open.values.sorted() {
                findings.report(.unbalancedAppearanceCalls, AppearanceCalls.leftOpen(name))
            }
            open = [:]
        default:
            break
        }
    }
}

/// What unbalanced-appearance-calls says of a call made by hand, for the check and for the bindings that place it at
/// the script's line.
public enum AppearanceCalls {
    /// What is wrong with beginning `controller`'s appearance transition now, if anything: one is already under way.
    public static func beginProblem(_ controller: ViewController, appearing: Bool) -> String? {
        guard controller.appearance.isChanging else { return nil }
        return "beginAppearanceTransition(\(appearing)) on '\(controller.name)' while it is still \(controller.appearance.rawValue) "
            + "(a begin with no end yet: UIKit's own, for a controller the transition shows or hides, or an earlier one by hand); "
            + "end the one under way first, or leave a controller UIKit tells alone"
    }

    /// What is wrong with ending `controller`'s appearance transition now, if anything: none is under way.
    public static func endProblem(_ controller: ViewController) -> String? {
        guard !controller.appearance.isChanging else { return nil }
        return "endAppearanceTransition on '\(controller.name)' with no appearance transition under way (it has "
            + "\(controller.appearance.rawValue)): UIKit calls nothing; call it once after each beginAppearanceTransition"
    }

    public static func leftOpen(_ name: String) -> String {
        "beginAppearanceTransition on '\(name)' was never ended: its viewDidAppear or viewDidDisappear never comes; "
            + "call endAppearanceTransition when the transition completes (presentationTransitionDidEnd, dismissalTransitionDidEnd)"
    }
}

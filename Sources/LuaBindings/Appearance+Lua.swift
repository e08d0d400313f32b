import Contract
import LuaRuntime
import Transitions

/// `controller:beginAppearanceTransition(isAppearing, animated)` and `controller:endAppearanceTransition()`: UIKit's
/// appearance callbacks made by hand, as libraries do for a presenter a custom presentation keeps on screen. Each call
/// is made (a line of the trace); one out of step is unbalanced-appearance-calls at its line, and a begin never ended is
/// said at the begin's line when its transition ends.
enum AppearanceBindings {
    static let begin: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let controller = try runtime.controller(at: 1)
            let appearing = try runtime.flag(at: 2)
            let animated = runtime.state.isNil(at: 3) ? true : try runtime.flag(at: 3)
            let location = runtime.state.callerLocation()
            if let problem = AppearanceCalls.beginProblem(controller, appearing: appearing, in: runtime.simulation) {
                runtime.find(hook: runtime.currentHook, location: location, rule: .unbalancedAppearanceCalls, problem)
            }
            runtime.appearanceBegunAt[ObjectIdentifier(controller)] = location
            runtime.simulation.beginAppearanceTransition(controller, appearing: appearing, animated: animated, byHand: true)
            return 0
        }
    }

    static let end: HostFunction = { L in
        ScriptRuntime.host(L) { runtime, _ in
            let controller = try runtime.controller(at: 1)
            if let problem = AppearanceCalls.endProblem(controller, in: runtime.simulation) {
                runtime.find(hook: runtime.currentHook, location: runtime.state.callerLocation(), rule: .unbalancedAppearanceCalls, problem)
            }
            runtime.appearanceBegunAt[ObjectIdentifier(controller)] = nil
            runtime.simulation.endAppearanceTransition(controller, byHand: true)
            return 0
        }
    }
}

extension ScriptRuntime {
    /// Told by the engine as a transition ends: what a script began by hand and never ended, said at the begin.
    func appearanceLeftChanging(_ controllers: [ViewController]) {
        for controller in controllers {
            find(hook: "beginAppearanceTransition", location: appearanceBegunAt[ObjectIdentifier(controller)],
                 rule: .unbalancedAppearanceCalls, AppearanceCalls.leftOpen(controller.name))
        }
    }
}

import Animation
import Geometry
import LuaRuntime
import Transitions

/// An interaction controller of the entry's own, `interaction.KIND.controller`: the UIViewControllerInteractiveTransitioning
/// UIKit code writes beside UIPercentDrivenInteractiveTransition. UIKit calls its `startInteractiveTransition(self, ctx)`
/// instead of the animator's animateTransition; the recognizer's action calls `changed(self, g)` at each move (the first
/// with `g.state` "began") and `ended(self, g)` when the fingers lift ("ended") or the system takes the gesture away
/// ("cancelled"). What they start (animations, display links, delayed work) runs on the clock, and drives the transition
/// through `ctx`: updateInteractiveTransition, then finishInteractiveTransition or cancelInteractiveTransition, then
/// completeTransition. `self` is a table of the entry's, new for each transition.
final class ScriptedInteractionController: SelfDrivenInteraction {
    unowned let runtime: ScriptRuntime
    let kind: InteractionKind
    let gesture: GestureKind
    let containerSize: Size
    /// The view the recognizer is on, which `g.view` reads (nil once it is gone).
    private weak var view: View?
    /// UIKit reads these of its percent-driven controller only; an own controller plays the rest itself.
    let completionSpeed = 1.0
    let completionCurve: TimingCurve = .easeInOut
    private var instance: LuaReference?

    init(runtime: ScriptRuntime, kind: InteractionKind, gesture: GestureKind, containerSize: Size, view: View?) {
        (self.runtime, self.kind, self.gesture, self.containerSize, self.view) = (runtime, kind, gesture, containerSize, view)
    }

    func startInteractiveTransition(_ context: TransitionContext) {
        runtime.state.newTable()
        instance = runtime.state.reference()
        call("startInteractiveTransition") {
            runtime.push(context)
            return 1
        }
    }

    func gestureMoved(_ sample: GestureSample) { event("changed", sample) }

    func gestureEnded(_ sample: GestureSample) { event("ended", sample) }

    private func event(_ name: String, _ sample: GestureSample) {
        call(name) {
            runtime.push(sample, gesture: gesture, containerSize: containerSize, view: view)
            return 1
        }
    }

    /// interaction[kind].controller[name](self, …), as the hook "interaction.KIND.controller.NAME".
    private func call(_ name: String, _ arguments: () -> Int32) {
        guard let instance else { return }
        runtime.pushOwnController(kind, name)
        // A failure is recorded as the entry's error by callPushed; the gesture goes on without the call.
        _ = runtime.callPushed("interaction.\(kind.rawValue).controller.\(name)") {
            runtime.state.push(instance)
            return 1 + arguments()
        }
    }
}

extension ScriptRuntime {
    /// Pushes interaction[kind].controller[name] (nil when absent).
    func pushOwnController(_ kind: InteractionKind, _ name: String) {
        pushInteraction(kind, "controller")
        if state.isTable(at: -1) { state.pushField(name, of: -1) } else { state.pushNil() }
        state.keepTop(above: state.top - 2)
    }

    func hasOwnControllerFunction(_ kind: InteractionKind, _ name: String) -> Bool {
        pushOwnController(kind, name)
        defer { state.pop() }
        return state.isFunction(at: -1)
    }

    /// The line of interaction[kind].controller[name], else of the kind's table.
    func location(ofOwnController kind: InteractionKind, _ name: String) -> ScriptLocation {
        pushOwnController(kind, name)
        defer { state.pop() }
        return state.definitionLocation(ofFunctionAt: -1) ?? location(ofField: kind.rawValue)
    }
}

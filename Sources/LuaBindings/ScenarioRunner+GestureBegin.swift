import Geometry
import LuaRuntime
import Transitions

/// Whether UIKit's recognizer would begin a gesture the scenario drives: each finger hit-tested where it touched down,
/// then the entry's `shouldBegin` asked at the first movement. What stops it is said, an error when it stops check's
/// own drag (which starts on the recognizer's view) and a warning for touches given by hand.
extension ScenarioRunner {
    /// A gesture's first movement the other ways a user might make it: mirrored (back the way it came; a pinch opening
    /// where it closed) and, for one finger, turned a quarter turn about the touch-down.
    public static func otherWays(_ first: GestureSample) -> [GestureSample] {
        let down = first.touchesDown.first ?? first.location
        func moved(_ t: Point, _ v: Point) -> GestureSample {
            var sample = first
            sample.translation = t
            sample.velocity = v
            sample.location = Point(x: down.x + t.x, y: down.y + t.y)
            sample.touches = [sample.location]
            return sample
        }
        guard first.touches.count == 1 else {
            var opening = first
            opening.scale = first.scale > 0 ? 1 / first.scale : 1
            opening.scaleVelocity = -first.scaleVelocity
            return [opening]
        }
        let (t, v) = (first.translation, first.velocity)
        return [moved(Point(x: -t.x, y: -t.y), Point(x: -v.x, y: -v.y)), moved(Point(x: -t.y, y: t.x), Point(x: -v.y, y: v.x))]
    }

    /// The first finger of `first` that touched down off `view`, and where it landed instead ("on the view 'dimming'");
    /// nil when every finger reaches it.
    static func missedTouch(_ first: GestureSample, on view: View, in simulation: Simulation) -> (point: Point, landed: String)? {
        guard let down = first.touchesDown.first(where: { !simulation.touch(at: $0, reaches: view) }) else { return nil }
        return (down, simulation.window.hitTest(down).map { "on the view '\($0.name)'" } ?? "outside every view of the window")
    }

    /// A point as messages write it: to a tenth.
    static func described(_ point: Point) -> String {
        func tenth(_ value: Double) -> String { LuaValue.number((value * 10).rounded() / 10).description }
        return "(\(tenth(point.x)), \(tenth(point.y)))"
    }

    /// Whether the gesture whose first event is `began` begins on `view` (nil: no view to hit-test); says why not.
    /// `byHand`: the touches were given by the user, not made by check.
    static func begins(_ began: GestureSample, kind: InteractionKind, rule: EntryInteraction, on view: View?,
                       responder: ScriptedGestureResponder, runtime: ScriptRuntime, byHand: Bool) -> Bool {
        let simulation = runtime.simulation
        let hook = "interaction.\(kind.rawValue)"
        let severity: Problem.Severity = byHand ? .warning : .error
        if let view, let missed = missedTouch(began, on: view, in: simulation) {
            runtime.find(severity, hook: hook, location: runtime.location(ofInteraction: kind, "gesture"),
                         "the \(rule.gesture.description) never begins: its recognizer is on the view '\(view.name)', but a touch at "
                         + "\(described(missed.point)) lands \(missed.landed) (UIKit hit-tests each touch, and only "
                         + "the recognizers of the view it lands on and of that view's superviews see it)")
            return false
        }
        let shouldBegin = runtime.location(ofInteraction: kind, "shouldBegin")
        let wasTransitioning = simulation.isTransitioning
        if !responder.shouldBegin(began) {
            runtime.find(severity, hook: "\(hook).shouldBegin", location: shouldBegin,
                         byHand ? "said no: the gesture did not begin, and nothing was driven"
                                : "said no to check's own \(rule.gesture.description) along its direction: the transition can never begin by it")
            return false
        }
        // check asks it of its own drag mirrored and turned across too, without driving them: an answer other than
        // true or false on any way through the function is an error here rather than on a device.
        if !byHand && rule.scripted.contains("shouldBegin") {
            for probe in otherWays(began) { _ = responder.shouldBegin(probe) }
        }
        // A question UIKit asks, not a place to act: what it did first is an error, and the gesture drives nothing.
        if simulation.isTransitioning && !wasTransitioning {
            runtime.find(hook: "\(hook).shouldBegin", location: shouldBegin,
                         "began a transition itself: gestureRecognizerShouldBegin only answers whether the recognizer may begin; "
                         + "the transition begins when it does (present or dismiss in the recognizer's action, which the interaction is)")
            return false
        }
        if let view, !view.isDescendant(of: simulation.window) {
            runtime.find(severity, hook: "\(hook).shouldBegin", location: shouldBegin,
                         "took the recognizer's view '\(view.name)' out of the window: UIKit cancels a recognizer whose view "
                         + "leaves the window, so nothing begins")
            return false
        }
        return true
    }
}

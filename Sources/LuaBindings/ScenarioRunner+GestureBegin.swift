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

    /// How a gesture begins: not at all, alone, together with the pan of the scroll view the finger landed in, or not
    /// at all because that pan has the drag (which then scrolls the content).
    enum Beginning {
        case not
        case alone
        case withScrollView(ScrollViewPan)
        case scrollViewHasIt(ScrollViewPan)
        /// Alone, over a scroll view whose pan waits for it: the content stays where it is, and a check watches that the
        /// screen does not move while it is scrolled.
        case overScrollView(ScrollViewPan)
    }

    /// A pan that lands in a scroll view meets the scroll view's own pan (a pinch does not), which UIKit gives the drag
    /// unless the recognizers are told otherwise: the scroll view under the first touch inside `view`, and the drag's
    /// outcome when that pan takes it before the recognizer is asked anything (said, an error for check's own drags).
    static func scrollViewFirst(_ began: GestureSample, kind: InteractionKind, rule: EntryInteraction, on view: View,
                                runtime: ScriptRuntime, severity: Problem.Severity) -> (scrollView: View?, outcome: Beginning?) {
        let simulation = runtime.simulation
        guard !rule.gesture.isPinch, let down = began.touchesDown.first,
              let scrollView = simulation.scrollView(under: down, within: view, moving: began.translation) else { return (nil, nil) }
        let hook = "interaction.\(kind.rawValue)"
        let at = runtime.location(ofInteraction: kind, "gesture")
        let landed = "the touch lands in the scroll view '\(scrollView.name)', whose own pan begins (its content can scroll that way, "
            + "or it always bounces that way)"
        let drag = kind == .presented ? "drag" : rule.gesture.description
        // Made only where the scroll view's pan has the drag: it is what scrolls the content then.
        var pan: ScrollViewPan { ScrollViewPan(view: scrollView, sharedWith: view, in: simulation) }
        switch rule.scrollView {
        case .exclusive:
            runtime.find(severity, hook: hook, location: at,
                         "the \(drag) never begins: \(landed) and takes the drag, as UIKit gives it to the deeper view's recognizer; "
                         + "say shouldRecognizeSimultaneously (and hold the content still while the screen moves), or "
                         + "requiredToFailBy = \"scrollView\"" + (kind == .presented ? "" : " with a shouldBegin that takes only the drags it wants"))
            return (scrollView, .scrollViewHasIt(pan))
        case .waitsForScrollView:
            runtime.find(severity, hook: hook, location: at,
                         "the \(drag) never begins: \(landed), and requireToFail = \"scrollView\" makes the recognizer wait for that "
                         + "pan to fail, which it does only when the content cannot scroll")
            return (scrollView, .scrollViewHasIt(pan))
        case .simultaneous, .scrollViewWaits:
            return (scrollView, nil)
        }
    }

    /// Once both would begin: whether the recognizer and the scroll view's pan recognize together (the entry's
    /// shouldRecognizeSimultaneously, a question that changes nothing on screen); said when not.
    static func together(_ began: GestureSample, scrollView: View, on view: View, kind: InteractionKind, rule: EntryInteraction,
                         responder: ScriptedGestureResponder, runtime: ScriptRuntime, severity: Problem.Severity) -> Beginning {
        let simulation = runtime.simulation
        // Made as the outcome needs it, where the drag begins (where the screen shows then is what a check compares).
        var pan: ScrollViewPan { ScrollViewPan(view: scrollView, sharedWith: view, in: simulation) }
        guard case .simultaneous = rule.scrollView else { return .overScrollView(pan) }
        let hook = "interaction.\(kind.rawValue).shouldRecognizeSimultaneously"
        let at = runtime.location(ofInteraction: kind, "shouldRecognizeSimultaneously")
        let wasTransitioning = simulation.isTransitioning
        // nil: the function failed, which is said at its line; UIKit's default, no, holds and nothing more is said.
        let answer = responder.shouldRecognizeSimultaneously(began, with: scrollView)
        if simulation.isTransitioning != wasTransitioning || !scrollView.isDescendant(of: simulation.window) {
            runtime.find(hook: hook, location: at, "changed what is on screen: gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:) only answers; nothing begins")
            return .not
        }
        guard let answer else { return .scrollViewHasIt(pan) }
        guard answer else {
            runtime.find(severity, hook: hook, location: at, "said no for the scroll view '\(scrollView.name)' under the touch: its pan takes the "
                         + "drag and the \(kind == .presented ? "drag" : rule.gesture.description) never begins")
            return .scrollViewHasIt(pan)
        }
        return .withScrollView(pan)
    }

    /// Whether the gesture whose first event is `began` begins on `view` (nil: no view to hit-test); says why not.
    /// `byHand`: the touches were given by the user, not made by check. `scrolled`: check's interactive-scrolled, where
    /// a scroll view that waits for the recognizer is expected to have a drag the entry's shouldBegin turns down.
    static func begins(_ began: GestureSample, kind: InteractionKind, rule: EntryInteraction, on view: View?,
                       responder: ScriptedGestureResponder, runtime: ScriptRuntime, byHand: Bool, scrolled: Bool = false) -> Beginning {
        let simulation = runtime.simulation
        let hook = "interaction.\(kind.rawValue)"
        let severity: Problem.Severity = byHand ? .warning : .error
        if let view, let missed = missedTouch(began, on: view, in: simulation) {
            runtime.find(severity, hook: hook, location: runtime.location(ofInteraction: kind, "gesture"),
                         "the \(rule.gesture.description) never begins: its recognizer is on the view '\(view.name)', but a touch at "
                         + "\(described(missed.point)) lands \(missed.landed) (UIKit hit-tests each touch, and only "
                         + "the recognizers of the view it lands on and of that view's superviews see it)")
            return .not
        }
        let first = view.map { scrollViewFirst(began, kind: kind, rule: rule, on: $0, runtime: runtime, severity: severity) }
        if let outcome = first?.outcome { return outcome }
        let scrollView = first?.scrollView
        let shouldBegin = runtime.location(ofInteraction: kind, "shouldBegin")
        let wasTransitioning = simulation.isTransitioning
        if !responder.shouldBegin(began) {
            // A scroll view that waits for the recognizer has the drag it turned down: expected where check scrolled it.
            let scrollsInstead = scrollView != nil && rule.scrollView == .scrollViewWaits
            if !(scrollsInstead && scrolled) {
                runtime.find(severity, hook: "\(hook).shouldBegin", location: shouldBegin,
                             byHand ? "said no: the gesture did not begin, and nothing was driven"
                                    : "said no to check's own \(rule.gesture.description) along its direction: the transition can never begin by it")
            }
            if scrollsInstead, let scrollView, let view { return .scrollViewHasIt(ScrollViewPan(view: scrollView, sharedWith: view, in: simulation)) }
            return .not
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
            return .not
        }
        if let view, !view.isDescendant(of: simulation.window) {
            runtime.find(severity, hook: "\(hook).shouldBegin", location: shouldBegin,
                         "took the recognizer's view '\(view.name)' out of the window: UIKit cancels a recognizer whose view "
                         + "leaves the window, so nothing begins")
            return .not
        }
        guard let scrollView, let view else { return .alone }
        return together(began, scrollView: scrollView, on: view, kind: kind, rule: rule, responder: responder, runtime: runtime,
                        severity: severity)
    }
}

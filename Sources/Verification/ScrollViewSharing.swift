import Transitions
import UIKit

/// Which recognizer has a drag that lands in a scroll view inside the exported recognizer's view: UIKit gives it to the
/// scroll view's pan unless the exported delegate says otherwise, as the Lua run's arbitration does
/// (`ScenarioRunner.begins`), asked in UIKit's order: who waits for whom, then whether both recognize at once.
enum ScrollViewSharing {
    case alone
    case together(ScrollViewPan)
    /// The scroll view's pan waits for the recognizer: it has the drag if the recognizer's delegate says no.
    case scrollViewWaits(ScrollViewPan)
    case scrollViewHasIt(ScrollViewPan)

    @MainActor static func arbitrate(_ recognizer: UIGestureRecognizer, _ first: GestureSample, in simulation: Simulation) -> ScrollViewSharing {
        guard !(recognizer is UIPinchGestureRecognizer), let view = recognizer.view?.view, let down = first.touchesDown.first,
              let scrollView = simulation.scrollView(under: down, within: view, moving: first.translation) else { return .alone }
        let engine = ScrollViewPan(view: scrollView, sharedWith: view, in: simulation)
        // A scroll view the Swift did not make as one (a plain UIView marked in the engine) has no pan to ask about.
        guard let pan = (UIView.wrapping(scrollView) as? UIScrollView)?.panGestureRecognizer else { return .scrollViewHasIt(engine) }
        let delegate = recognizer.delegate
        if delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: pan) == true { return .scrollViewHasIt(engine) }
        if delegate?.gestureRecognizer(recognizer, shouldBeRequiredToFailBy: pan) == true { return .scrollViewWaits(engine) }
        guard delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: pan) == true else { return .scrollViewHasIt(engine) }
        return .together(engine)
    }
}

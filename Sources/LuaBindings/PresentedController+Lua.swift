import Geometry
import Transitions

/// The entry's `presentedViewController` functions as the presented controller's own overrides, what the app's
/// UIViewController subclass would write: `viewWillTransition(controller, size, coordinator)` before a rotation
/// (forwarded by its presentation controller, as UIKit's is) and `viewWillLayoutSubviews(controller)` at each layout
/// pass that finds its view's size changed. `controller` is the same object as `ctx:viewControllerForKey("to")`.
final class ScriptedControllerLayout: ControllerLayoutHooks {
    unowned let runtime: ScriptRuntime
    static let section = "presentedViewController"

    init(runtime: ScriptRuntime) {
        self.runtime = runtime
    }

    func viewWillTransition(_ controller: ViewController, to size: Size, with coordinator: TransitionCoordinator) {
        runtime.callHook(Self.section, "viewWillTransition") {
            runtime.push(controller)
            runtime.push(size)
            runtime.push(coordinator)
            return 3
        }
    }

    func viewWillLayoutSubviews(_ controller: ViewController) {
        runtime.callHook(Self.section, "viewWillLayoutSubviews") {
            runtime.push(controller)
            return 1
        }
    }
}

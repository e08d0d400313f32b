import Geometry
import RenderTree

/// What a controller asks of the status bar: UIKit's `preferredStatusBarStyle`, `prefersStatusBarHidden` and
/// `preferredStatusBarUpdateAnimation`, which an app's controller overrides (an entry states its presented screen's).
public struct StatusBarPreferences: Sendable, Equatable {
    public enum Style: String, Sendable, CaseIterable {
        case `default`, lightContent, darkContent
    }

    public enum Animation: String, Sendable, CaseIterable {
        case none, fade, slide
    }

    public var style: Style
    public var hidden: Bool
    /// How hiding or showing it is animated (UIKit's default: fade); a change of style always cross-fades.
    public var animation: Animation

    public init(style: Style = .default, hidden: Bool = false, animation: Animation = .fade) {
        (self.style, self.hidden, self.animation) = (style, hidden, animation)
    }
}

/// The status bar, as UIKit hands it between controllers: the presenting screen is in charge until a controller
/// presented full screen, or one whose `modalPresentationCapturesStatusBarAppearance` is true, takes it over. A
/// presentation or dismissal that changes who will be in charge moves the bar along with it, as UIKit does (over its
/// duration, on its timeline); besides, the bar changes when the one in charge asks
/// (`setNeedsStatusBarAppearanceUpdate`), along with the animation block it is asked in, and a transition's end
/// settles it on whoever is in charge then (a cancelled one turns it back).
///
/// A controller with no preferences (the presenting screen, whose app Segue does not know) leaves the bar to follow
/// what is under it, as the renderer has always drawn it. The change's progress is a view's alpha that no window
/// shows: asked inside `UIView.animate`, it runs on that block's curve or spring, and on its timeline (a transition's,
/// which a finger may drive); asked outside one, it is immediate.
extension Simulation {
    /// The controller whose preferences the status bar follows now.
    public var statusBarController: ViewController { statusBarController(leaving: nil) }

    /// The controller in charge once `leaving` (a controller being dismissed) and those it presents are gone.
    func statusBarController(leaving: ViewController?) -> ViewController {
        var inCharge = root
        var current = root
        while let presented = current.presentedViewController, presented !== leaving {
            if presented.modalPresentationStyle == .fullScreen || presented.modalPresentationCapturesStatusBarAppearance {
                inCharge = presented
            }
            current = presented
        }
        return inCharge
    }

    /// The look a controller's preferences give, in the run's interface style (`default` is dark content in light).
    func statusBarLook(of controller: ViewController) -> StatusBarLook? {
        guard let preferences = controller.statusBarPreferences else { return nil }
        let light = preferences.style == .lightContent || (preferences.style == .default && interfaceStyle == .dark)
        return StatusBarLook(lightContent: light, hidden: preferences.hidden)
    }

    /// UIKit's `setNeedsStatusBarAppearanceUpdate()`: asks the controller in charge again and changes the bar if its
    /// answer changed, over the animation block this is called in (if any).
    public func setNeedsStatusBarAppearanceUpdate() {
        changeStatusBar(to: statusBarController)
    }

    /// UIKit's own change for a transition that brings or takes away the controller in charge: along with it, over
    /// `duration` on the current timeline (the transition's). Nothing when the bar stays as it is.
    func changeStatusBar(alongside driver: TransitionDriver, duration: Double) {
        let controller = statusBarController(leaving: driver.operation == .dismiss ? driver.presented : nil)
        guard statusBarLook(of: controller) != statusBar.look else { return }
        engine.animate(duration: duration, animations: { changeStatusBar(to: controller) })
    }

    /// The bar to what `controller` asks, animated if an animation block is open, at once if not.
    private func changeStatusBar(to controller: ViewController) {
        let next = statusBarLook(of: controller)
        guard next != statusBar.look else { return }
        let previous = statusBar.look
        let fader = statusBar.fader ?? engine.makeView(name: "status bar")
        statusBar.fader = fader
        let hidingChanges = (previous?.hidden ?? false) != (next?.hidden ?? false)
        let animation = controller.statusBarPreferences?.animation ?? .fade
        statusBar = StatusBarState(look: next, previous: previous, fader: fader, start: fader.storedModel.alpha,
                                   slides: hidingChanges && animation == .slide, instant: hidingChanges && animation == .none)
        // Toward the other end from where it rests: animated if an animation block is open, at once if not.
        fader.alpha = 1 - statusBar.start
        let hidden = (next?.hidden ?? false) ? ", hidden" : ""
        record("statusBarAppearanceUpdate", (next.map { $0.lightContent ? "lightContent" : "darkContent" } ?? "the app's own") + hidden)
    }

    /// A transition's end: the bar shows what the controller in charge asks, whatever became of the animation that
    /// carried the change (a property animator reversed or stopped it), so the picture agrees with the trace.
    func settleStatusBar() {
        guard let fader = statusBar.fader, !statusBar.instant, abs(fader.presentation.alpha - (1 - statusBar.start)) > 1e-9 else { return }
        statusBar.instant = true
        statusBar.fader = nil
    }

    /// The bar for a frame: the look it shows, and during a change the look it leaves and how far it has come.
    func statusBarForFrame() -> (look: StatusBarLook?, previous: StatusBarLook?, fraction: Double, slides: Bool) {
        guard let fader = statusBar.fader, !statusBar.instant else { return (statusBar.look, nil, 1, false) }
        let fraction = min(max(abs(fader.presentation.alpha - statusBar.start), 0), 1)
        return (statusBar.look, fraction < 1 ? statusBar.previous : nil, fraction, statusBar.slides)
    }
}

/// The status bar's change under way (`Simulation+StatusBar`).
struct StatusBarState {
    var look: StatusBarLook?
    var previous: StatusBarLook?
    /// The view whose alpha runs the change, made at the first change (so runs that never change the bar make no view).
    var fader: View?
    /// The fader's alpha when the change began: it runs from there to the other end, 0 or 1.
    var start = 0.0
    var slides = false
    var instant = false
}

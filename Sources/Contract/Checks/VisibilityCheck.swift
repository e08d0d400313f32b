import Geometry
import Transitions

/// presented-view-not-visible: a transition that completed must show what it
/// brought, and a cancelled dismissal what stays: in the window, not hidden or
/// transparent, in front of the eye and at least partly on screen. A presentation that shows nothing leaves the
/// user at a screen that ignores them (the presented view has the touches).
/// Looked at once everything is still.
final class VisibilityCheck: ContractCheck {
    let events: [SimulationEvent.Kind] = [.transitionDidCleanUp, .runDidEnd]

    private var pending: ((Findings) -> Void)?

    func observe(_ event: SimulationEvent, _ findings: Findings) {
        switch event {
        case .transitionDidCleanUp(let transition, let completed, _):
            if let controller = transition.controller {
                // A completed presentation must show what it brought; a cancelled dismissal, the screen that stays.
                guard transition.presenting == completed else { return }
                pending = { findings in
                    guard controller.presentedViewController.presentingViewController != nil else { return }
                    Self.check(controller.presentedView, after: completed ? "the presentation" : "the cancelled dismissal",
                               cancelled: !completed, findings)
                }
            } else {
                let from = transition.context.viewController(forKey: .from), to = transition.context.viewController(forKey: .to)
                let operation = transition.operation.rawValue
                // A completed push or pop must show the new screen; a cancelled one, the screen that stays.
                let shown = completed ? to : from
                pending = { findings in
                    guard findings.simulation.navigation.topViewController === shown else { return }
                    Self.check(shown.view, after: completed ? "the \(operation)" : "the cancelled \(operation)", cancelled: !completed, findings)
                }
            }
        case .runDidEnd(_, _, let stopped):
            guard findings.settled(stopped: stopped), let check = pending else { return }
            pending = nil
            check(findings)
        default:
            break
        }
    }

    static func check(_ view: View, after transition: String, cancelled: Bool = false, _ findings: Findings) {
        let window = findings.simulation.window
        let name = view.name
        guard view.isDescendant(of: window) else {
            return findings.report(.presentedViewNotVisible, "after \(transition) '\(name)' is not in the window: the user sees "
                + "nothing new and the app ignores them (a black or frozen screen); "
                + (cancelled ? "leave ctx:viewForKey(\"from\") in ctx.containerView" : "add ctx:viewForKey(\"to\") to ctx.containerView"))
        }
        var opacity = 1.0
        var current: View? = view
        while let layer = current, layer !== window {
            let state = layer.presentation
            if state.isHidden { opacity = 0 }
            opacity *= state.alpha
            current = layer.superview
        }
        if opacity < 0.01 {
            return findings.report(.presentedViewNotVisible, "after \(transition) '\(name)' is invisible (hidden, or an alpha "
                + "of 0 on it or a superview): the user sees nothing new and the app ignores them; end with alpha 1")
        }
        let projection = findings.simulation.projection(of: view)
        let ws = Quad(view.presentation.bounds).points.map(projection.w(at:))
        // As the renderer draws it: wholly at or behind the eye, nothing of it; partly, only what is in front (somewhere on screen).
        if ws.allSatisfy({ !($0 > 0) }) {
            return findings.report(.presentedViewNotVisible, "after \(transition) '\(name)' is at or behind the eye: its transform (or a "
                + "superview's) leaves it no depth in front of the viewer (m44 of 0 or less, or a z translation of the eye's "
                + "distance, 1/-m34, or more), so nothing of it is drawn and the app ignores the user; end with CATransform3DIdentity")
        }
        if ws.contains(where: { !($0 > 0) }) { return }
        let box = Quad(view.presentation.bounds).map(projection.apply).boundingBox
        let bounds = window.bounds
        if box.maxX <= bounds.minX || box.minX >= bounds.maxX || box.maxY <= bounds.minY || box.minY >= bounds.maxY || box.width * box.height < 1 {
            findings.report(.presentedViewNotVisible, "after \(transition) '\(name)' is entirely off screen, at \(box.described): "
                + "the user sees nothing new and the app ignores them; end at ctx:finalFrame(toVC)")
        }
    }
}

import Animation
import Contract
import Geometry
import Testing
@testable import Transitions

/// Seed 001's SimpleModalAnimator: the presented view fades in and out.
/// Completes with !transitionWasCancelled (the seed passes `finished`,
/// which is true after a cancel too).
final class FadeAnimator: Animator {
    let isPresentation: Bool
    var duration = 0.5
    var completesTwice = false
    var neverCompletes = false
    var removesPresenter = false
    var restoresAfterCancel = true
    /// Runs as the animation begins (a test's own work at that moment).
    var onAnimate: (() -> Void)?

    init(isPresentation: Bool) { self.isPresentation = isPresentation }

    func transitionDuration(_ context: TransitionContext) -> Double { duration }

    func animateTransition(_ context: TransitionContext) {
        onAnimate?()
        let view: View
        if isPresentation {
            view = context.view(forKey: .to)!
            view.frame = context.finalFrame(for: context.viewController(forKey: .to))
            view.alpha = 0
            context.containerView.addSubview(view)
        } else {
            view = context.view(forKey: .from)!
        }
        context.animations.animate(duration: duration, animations: {
            view.alpha = self.isPresentation ? 1 : 0
        }, completion: { _ in
            let cancelled = context.transitionWasCancelled
            if cancelled && self.restoresAfterCancel { view.alpha = self.isPresentation ? 0 : 1 }
            if !self.isPresentation && !cancelled { view.removeFromSuperview() }
            if self.removesPresenter { context.viewController(forKey: .from).view.removeFromSuperview() }
            if self.neverCompletes { return }
            context.completeTransition(!cancelled)
            if self.completesTwice { context.completeTransition(!cancelled) }
        })
    }

    var ended: [Bool] = []
    func animationEnded(_ completed: Bool) { ended.append(completed) }
}

/// Seed 000's presentation controller: the right half of the screen, over a
/// dimming view faded in alongside and removed on cancel / after dismissal.
final class DimmingPresentationController: PresentationController {
    let dimming: View
    var forgetsDimmingOnCancel = false
    var forgetsDimmingOnDismissal = false
    var laysOut = true

    init(presented: ViewController, presenting: ViewController, engine: AnimationEngine) {
        dimming = engine.makeView(name: "dimming")
        dimming.backgroundColor = Color(white: 0, alpha: 0.4)
        super.init(presented: presented, presenting: presenting)
    }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        return Rect(x: bounds.width / 2, y: 0, width: bounds.width / 2, height: bounds.height)
    }

    override func presentationTransitionWillBegin() {
        dimming.frame = containerView!.bounds
        dimming.alpha = 0
        containerView!.insertSubview(dimming, at: 0)
        transitionCoordinator?.animate(alongsideTransition: { self.dimming.alpha = 1 })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed && !forgetsDimmingOnCancel { dimming.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        // After a cancel only the screen rolls back: restore the model value.
        let coordinator = transitionCoordinator
        coordinator?.animate(alongsideTransition: { self.dimming.alpha = 0 },
                             completion: { [weak coordinator] in if coordinator?.isCancelled == true { self.dimming.alpha = 1 } })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed && !forgetsDimmingOnDismissal { dimming.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        guard laysOut else { return }
        dimming.frame = containerView!.bounds
        presentedView.frame = frameOfPresentedViewInContainerView
    }
}

final class Delegate: TransitioningDelegate {
    let engine: AnimationEngine
    let present = FadeAnimator(isPresentation: true)
    let dismiss = FadeAnimator(isPresentation: false)
    var controller: DimmingPresentationController?
    var configure: (DimmingPresentationController) -> Void = { _ in }

    init(engine: AnimationEngine) { self.engine = engine }

    func presentationController(forPresented presented: ViewController, presenting: ViewController,
                                source: ViewController) -> PresentationController? {
        let controller = DimmingPresentationController(presented: presented, presenting: presenting, engine: engine)
        configure(controller)
        self.controller = controller
        return controller
    }

    func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? { present }
    func animator(forDismissed dismissed: ViewController) -> Animator? { dismiss }
}

/// Remembers what the context handed over.
final class RecordingAnimator: Animator {
    var from: View?, to: View?
    var fromInitial = Rect.null, fromFinal = Rect.null, toInitial = Rect.null, toFinal = Rect.null
    let inner: Animator

    init(_ inner: Animator) { self.inner = inner }

    func transitionDuration(_ context: TransitionContext) -> Double { inner.transitionDuration(context) }

    func animateTransition(_ context: TransitionContext) {
        from = context.view(forKey: .from)
        to = context.view(forKey: .to)
        let (f, t) = (context.viewController(forKey: .from), context.viewController(forKey: .to))
        (fromInitial, fromFinal) = (context.initialFrame(for: f), context.finalFrame(for: f))
        (toInitial, toFinal) = (context.initialFrame(for: t), context.finalFrame(for: t))
        inner.animateTransition(context)
    }
}

final class RecordingDelegate: TransitioningDelegate {
    let present: RecordingAnimator
    let dismiss: RecordingAnimator
    init(style: TransitionStyle = .coverVertical) {
        present = RecordingAnimator(BuiltinAnimator(style: style))
        dismiss = RecordingAnimator(BuiltinAnimator(style: style))
    }
    func animator(forPresented presented: ViewController, presenting: ViewController, source: ViewController) -> Animator? { present }
    func animator(forDismissed dismissed: ViewController) -> Animator? { dismiss }
}

/// A simulation with a custom half-screen presentation ready to go.
func halfScreen(windowSize: Size = Size(width: 390, height: 844)) -> (Simulation, ViewController, Delegate) {
    let simulation = Simulation(windowSize: windowSize)
    ContractChecker.attach(to: simulation)
    let presented = simulation.makeViewController(name: "presented")
    presented.modalPresentationStyle = .custom
    let delegate = Delegate(engine: simulation.engine)
    presented.transitioningDelegate = delegate
    return (simulation, presented, delegate)
}

/// Presents a controller of `style` through `delegate` and runs until nothing moves.
func present(through delegate: TransitioningDelegate, style: PresentationStyle) -> (Simulation, ViewController) {
    let simulation = Simulation()
    ContractChecker.attach(to: simulation)
    let presented = simulation.makeViewController(name: "presented")
    presented.modalPresentationStyle = style
    presented.transitioningDelegate = delegate
    simulation.present(presented)
    simulation.runUntilIdle()
    return (simulation, presented)
}

extension Simulation {
    var hookNames: [String] { hooks.map(\.hook) }
}

extension Simulation {
    /// The findings of the ContractChecker the test attached. A simulation
    /// nothing checks has no answer to give: the test fails rather than read "no findings".
    var diagnostics: [Diagnostic] {
        guard let checker = observers.lazy.compactMap({ $0 as? ContractChecker }).first else {
            Issue.record("no ContractChecker observes this simulation (ContractChecker.attach(to:))")
            return []
        }
        return checker.diagnostics
    }
}

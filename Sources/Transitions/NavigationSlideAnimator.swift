import Animation
import Geometry

/// UINavigationController's own push and pop, for a delegate that vends no
/// animator. Apple documents none of its numbers; ours, chosen and kept
/// consistent: 0.35 s easeInOut (the figure quoted for UIKit's built-in
/// transitions); pushing, the new screen comes in from the right edge over
/// the old, which moves a third of the way left under a black overlay
/// rising to 0.1; popping reverses it.
final class NavigationSlideAnimator: Animator {
    func transitionDuration(_ context: TransitionContext) -> Double { context.isAnimated ? 0.35 : 0 }

    func animateTransition(_ context: TransitionContext) {
        let container = context.containerView
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            return context.completeTransition(!context.transitionWasCancelled)
        }
        let pushing = context.isPresenting
        let width = container.bounds.width
        toView.frame = context.finalFrame(for: context.viewController(forKey: .to))
        let front = pushing ? toView : fromView, back = pushing ? fromView : toView
        if pushing { container.addSubview(toView) } else { container.insertSubview(toView, belowSubview: fromView) }
        let overlay = container.engine.makeView(name: "navigation dimming", frame: back.bounds)
        overlay.backgroundColor = Color(red: 0, green: 0, blue: 0)
        overlay.alpha = pushing ? 0 : 0.1
        back.addSubview(overlay)
        front.transform = pushing ? AffineTransform(translationX: width, y: 0) : .identity
        back.transform = pushing ? .identity : AffineTransform(translationX: -width / 3, y: 0)
        container.engine.animate(duration: transitionDuration(context), options: AnimationOptions(curve: .easeInOut), animations: {
            front.transform = pushing ? .identity : AffineTransform(translationX: width, y: 0)
            back.transform = pushing ? AffineTransform(translationX: -width / 3, y: 0) : .identity
            overlay.alpha = pushing ? 0.1 : 0
        }, completion: { _ in
            front.transform = .identity
            back.transform = .identity
            overlay.removeFromSuperview()
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

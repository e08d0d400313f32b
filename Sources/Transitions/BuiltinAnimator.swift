import Animation
import Foundation
import Geometry

/// UIKit's own animations for its transition styles. Apple documents none
/// of their numbers; ours, chosen and kept consistent:
///
/// - coverVertical: slides up from below, back down on dismissal, 0.35 s easeInOut;
/// - crossDissolve: alpha 0 → 1 (and back), 0.35 s;
/// - flipHorizontal: 0.6 s; the front turns 0 → 90° while the back turns
///   −90° → 0 (right to left presenting, mirrored dismissing), both layers
///   single-sided with m34 = −1/1000, shrunk at each angle just enough that
///   the corners stay inside the container (UIKit's camera pull-back);
/// - partialCurl: 0.5 s; the presenter's page curls two thirds of the way
///   (curl 0 → 0.66) over the presented view, and uncurls on dismissal.
final class BuiltinAnimator: Animator {
    let style: TransitionStyle

    init(style: TransitionStyle) {
        self.style = style
    }

    func transitionDuration(_ context: TransitionContext) -> Double {
        guard context.isAnimated else { return 0 }
        switch style {
        case .coverVertical, .crossDissolve: return 0.35
        case .flipHorizontal: return 0.6
        case .partialCurl: return 0.5
        }
    }

    func animateTransition(_ context: TransitionContext) {
        let engine = context.containerView.engine
        let container = context.containerView
        let presented = context.isPresenting ? context.viewController(forKey: .to) : context.viewController(forKey: .from)
        let presenter = context.isPresenting ? context.viewController(forKey: .from) : context.viewController(forKey: .to)
        let presentedView = presented.view
        let duration = transitionDuration(context)
        // UIKit's own animators leave a cancelled dismissal's presented view
        // as it was: its frame and alpha are put back before completing.
        let startFrame = presentedView.frame, startAlpha = presentedView.alpha
        let finish: (Bool) -> Void = { _ in
            let ok = !context.transitionWasCancelled
            if ok && !context.isPresenting { presentedView.removeFromSuperview() }
            if !ok && !context.isPresenting && presentedView.layerTransform.isIdentity {
                presentedView.frame = startFrame
                presentedView.alpha = startAlpha
            }
            context.completeTransition(ok)
        }
        if context.isPresenting {
            presentedView.frame = context.finalFrame(for: presented)
            container.addSubview(presentedView)
        } else if let toView = context.view(forKey: .to), toView.superview !== container {
            toView.frame = context.finalFrame(for: presenter)
            container.insertSubview(toView, belowSubview: presentedView)
        }
        switch style {
        case .coverVertical:
            let shown = context.isPresenting ? context.finalFrame(for: presented) : presentedView.frame
            let hidden = shown.offsetBy(dx: 0, dy: container.bounds.height)
            if context.isPresenting { presentedView.frame = hidden }
            engine.animate(duration: duration, animations: {
                presentedView.frame = context.isPresenting ? shown : hidden
            }, completion: finish)
        case .crossDissolve:
            if context.isPresenting { presentedView.alpha = 0 }
            engine.animate(duration: duration, animations: {
                presentedView.alpha = context.isPresenting ? 1 : 0
            }, completion: finish)
        case .flipHorizontal:
            let front = context.isPresenting ? presenter.view : presentedView
            let back = context.isPresenting ? presentedView : presenter.view
            if back.superview == nil { container.insertSubview(back, belowSubview: front) }
            let direction: Double = context.isPresenting ? 1 : -1
            let halfWidth = container.bounds.width / 2
            front.isDoubleSided = false
            back.isDoubleSided = false
            // Both start under the same perspective, so only angle and scale change.
            front.layerTransform = Self.flip(angle: 0, halfWidth: halfWidth)
            back.layerTransform = Self.flip(angle: -direction * .pi / 2, halfWidth: halfWidth)
            let steps = 6
            engine.animateKeyframes(duration: duration, options: AnimationOptions(curve: .easeInOut), animations: {
                for i in 1...steps {
                    let share = 0.5 / Double(steps), turned = Double(i) / Double(steps) * .pi / 2
                    engine.addKeyframe(relativeStart: Double(i - 1) * share, relativeDuration: share) {
                        front.layerTransform = Self.flip(angle: direction * turned, halfWidth: halfWidth)
                    }
                    engine.addKeyframe(relativeStart: 0.5 + Double(i - 1) * share, relativeDuration: share) {
                        back.layerTransform = Self.flip(angle: -direction * (.pi / 2 - turned), halfWidth: halfWidth)
                    }
                }
            }, completion: { finished in
                front.layerTransform = .identity
                back.layerTransform = .identity
                finish(finished)
            })
        case .partialCurl:
            let page = presenter.view
            if page.superview !== container { container.addSubview(page) } else { container.bringSubviewToFront(page) }
            engine.animate(duration: duration, animations: {
                page.curl = context.isPresenting ? 0.66 : 0
            }, completion: finish)
        }
    }

    static let eyeDistance = 1000.0

    /// Rotation about y under perspective (m34 set on the identity first, so
    /// it foreshortens), with the camera pulled back just enough: the near
    /// edge, magnified 1 / (1 − s·(w/2)·|sin θ| / d), stays within the
    /// layer's own height when s = 1 / (1 + (w/2)·|sin θ| / d); 2 % more
    /// covers the straight lines the keyframes draw between samples.
    static func flip(angle: Double, halfWidth: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = -1 / eyeDistance
        let lean = abs(sin(angle)) * halfWidth / eyeDistance
        let scale = lean == 0 ? 1 : 0.98 / (1 + lean)
        return t.rotated(by: angle, x: 0, y: 1, z: 0).scaled(x: scale, y: scale, z: 1)
    }
}

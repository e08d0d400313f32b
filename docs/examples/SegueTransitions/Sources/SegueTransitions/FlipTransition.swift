// FlipTransition.swift: the Segue entry "flip" as UIKit code.
//
// Exported from flip.lua (catalogue built-in),
// SHA-256 8c5da6df25df5a06a7ac7ee1d88963fbb339a5990967d2fac4118eb61e917ea3, by:
//     segue export fade flip card-stack --package SegueTransitions --out docs/examples/SegueTransitions
// Export again after changing the entry; `segue export --verify` runs this
// code through the entry's check scenarios against the entry itself.
//
// Flip: the presenter turns away about the vertical axis and the presented
// view turns in behind it, right to left (left to right on dismissal). Both
// layers are single-sided, so each disappears edge-on at 90°; the
// perspective comes from m34 set on the identity before rotating, and the
// camera pulls back as they turn so no corner leaves the screen.
// Full screen: UIKit hands the animator the presenter's view.

import UIKit

private let eye: CGFloat = 1000.0

/// A horizontal 3-D flip with perspective; the views swap edge-on at 90°.
///
/// Keep it in a property: UIKit holds a transitioning delegate weakly, and
/// the dismissal needs it as much as the presentation.
///
///     private let transition = FlipTransition()
///
///     func show(_ viewController: UIViewController) {
///         viewController.modalPresentationStyle = FlipTransition.presentationStyle
///         viewController.transitioningDelegate = transition
///         present(viewController, animated: true)
///     }
@MainActor
public final class FlipTransition: NSObject, UIViewControllerTransitioningDelegate {
    /// The entry's parameters: its defaults, checked against its ranges.
    public struct Parameters: Sendable {
        /// Seconds for the whole flip.
        public let duration: Double

        public init(duration: Double = 0.6) {
            precondition((0.1...5.0).contains(duration), "FlipTransition: duration must be within 0.1…5.0, not \(duration)")
            self.duration = duration
        }
    }

    /// The modalPresentationStyle to give the presented controller: the one the entry is made for.
    public static let presentationStyle = UIModalPresentationStyle.fullScreen

    public let params: Parameters

    public init(params: Parameters = Parameters()) {
        self.params = params
    }

    public func animationController(
        forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
    ) -> (any UIViewControllerAnimatedTransitioning)? {
        Animator(params: params, isPresenting: true)
    }

    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        Animator(params: params, isPresenting: false)
    }

    /// One animator for both ways: `isPresenting` says which.
    @MainActor
    private final class Animator: NSObject, UIViewControllerAnimatedTransitioning {
        let params: Parameters
        let isPresenting: Bool

        init(params: Parameters, isPresenting: Bool) {
            self.params = params
            self.isPresenting = isPresenting
        }

        func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
            params.duration
        }

        func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            if UIAccessibility.isReduceMotionEnabled {
                crossFade(using: transitionContext, params.duration)
                return
            }
            let container = transitionContext.containerView
            let from = transitionContext.view(forKey: .from)
            let to = transitionContext.view(forKey: .to)
            let toController = transitionContext.viewController(forKey: .to)
            guard let to else { preconditionFailure("flip.lua:45: to is nil") }
            guard let toController else { preconditionFailure("flip.lua:45: toController is nil") }
            to.frame = transitionContext.finalFrame(for: toController)
            guard let from else { preconditionFailure("flip.lua:46: from is nil") }
            container.insertSubview(to, belowSubview: from)

            let direction = isPresenting ? 1.0 : -1.0
            let half = container.bounds.size.width / 2.0
            from.layer.isDoubleSided = false
            to.layer.isDoubleSided = false
            from.layer.transform = turned(0.0, half)
            to.layer.transform = turned(-direction * CGFloat.pi / 2.0, half)

            let steps = 6.0
            // UIKit declares this completion @Sendable, and calls it on the main thread: the work is a main-actor closure.
            let keyframesDone: @MainActor (Bool) -> Void = { [self] _ in
                from.layer.transform = CATransform3DIdentity
                to.layer.transform = CATransform3DIdentity
                let cancelled = transitionContext.transitionWasCancelled
                if cancelled {
                    to.removeFromSuperview()
                }
                if !isPresenting && !cancelled {
                    from.removeFromSuperview()
                }
                transitionContext.completeTransition(!cancelled)
            }
            UIView.animateKeyframes(
                withDuration: params.duration, delay: 0,
                animations: { [self] in
                    for i in stride(from: 1.0, through: steps, by: 1.0) {
                        let share = 0.5 / steps
                        let angle = i / steps * CGFloat.pi / 2.0
                        UIView.addKeyframe(
                            withRelativeStartTime: (i - 1.0) * share, relativeDuration: share,
                            animations: { [self] in
                                from.layer.transform = turned(direction * angle, half)
                            }
                        )
                        UIView.addKeyframe(
                            withRelativeStartTime: 0.5 + (i - 1.0) * share, relativeDuration: share,
                            animations: { [self] in
                                to.layer.transform = turned(-direction * (CGFloat.pi / 2.0 - angle), half)
                            }
                        )
                    }
                },
                completion: { finished in MainActor.assumeIsolated { keyframesDone(finished) } }
            )
        }

        // Rotation about y under perspective, scaled just enough that the near edge,
        // magnified by 1 / (1 - s·(w/2)·|sin a| / eye), stays within the screen.
        private func turned(_ angle: CGFloat, _ halfWidth: CGFloat) -> CATransform3D {
            var t = CATransform3DIdentity
            t.m34 = -1.0 / eye
            let lean = abs(sin(angle)) * halfWidth / eye
            let s = lean == 0.0 ? 1.0 : 0.98 / (1.0 + lean)
            return CATransform3DScale(CATransform3DRotate(t, angle, 0, 1, 0), s, s, 1)
        }

        // Reduce Motion: the new screen fades in over the old one, nothing turns
        // (what UIKit's own transitions do with the setting on).
        private func crossFade(using transitionContext: any UIViewControllerContextTransitioning, _ duration: CGFloat) {
            let from = transitionContext.view(forKey: .from)
            let to = transitionContext.view(forKey: .to)
            guard let to else { preconditionFailure("flip.lua:24: to is nil") }
            guard let toViewController = transitionContext.viewController(forKey: .to) else {
                preconditionFailure("flip.lua:24: ctx:viewControllerForKey(\"to\") is nil")
            }
            to.frame = transitionContext.finalFrame(for: toViewController)
            to.alpha = 0
            transitionContext.containerView.addSubview(to)
            UIView.animate(
                withDuration: duration,
                animations: {
                    to.alpha = 1
                },
                completion: { [self] _ in
                    let cancelled = transitionContext.transitionWasCancelled
                    to.alpha = 1
                    if cancelled {
                        to.removeFromSuperview()
                    }
                    if !isPresenting && !cancelled {
                        guard let from else { preconditionFailure("flip.lua:34: from is nil") }
                        from.removeFromSuperview()
                    }
                    transitionContext.completeTransition(!cancelled)
                }
            )
        }
    }
}

// CardStackTransition.swift: the Segue entry "card-stack" as UIKit code.
//
// Exported from card-stack.lua (catalogue built-in),
// SHA-256 bd2a7a8649d93e890fa3679eaba46f74e90111c5a6491e93d9e15f49a1240398, by:
//     segue export fade flip card-stack --package SegueTransitions --out docs/examples/SegueTransitions
// Export again after changing the entry; `segue export --verify` runs this
// code through the entry's check scenarios against the entry itself.
//
// Card stack: seed 003's 3-D animator. Presenting, the old screen tips back
// (scaled to 0.95 and turned 15° about x under perspective), then slides up
// and shrinks to 0.8 while the new screen rises from the bottom; dismissing
// reverses it. A keyframe animation in cubic mode; full screen, so UIKit
// hands over the presenter's view.

import UIKit

/// The old screen tips back and shrinks into a card while the new one rises over it (seed 003).
///
/// Keep it in a property: UIKit holds a transitioning delegate weakly, and
/// the dismissal needs it as much as the presentation.
///
///     private let transition = CardStackTransition()
///
///     func show(_ viewController: UIViewController) {
///         viewController.modalPresentationStyle = CardStackTransition.presentationStyle
///         viewController.transitioningDelegate = transition
///         present(viewController, animated: true)
///     }
@MainActor
public final class CardStackTransition: NSObject, UIViewControllerTransitioningDelegate {
    /// The entry's parameters: its defaults, checked against its ranges.
    public struct Parameters: Sendable {
        /// Seconds for the whole move.
        public let duration: Double

        public init(duration: Double = 1.0) {
            precondition((0.2...5.0).contains(duration), "CardStackTransition: duration must be within 0.2…5.0, not \(duration)")
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
            let fromVC = transitionContext.viewController(forKey: .from)
            let fromView = transitionContext.view(forKey: .from)
            let toView = transitionContext.view(forKey: .to)
            if isPresenting {
                runPresentAnimation(using: transitionContext, fromVC, fromView, toView)
            } else {
                runDismissAnimation(using: transitionContext, fromVC, fromView, toView)
            }
        }

        private func tipped() -> CATransform3D {
            var t1 = CATransform3DIdentity
            t1.m34 = 1.0 / -1000.0
            t1 = CATransform3DScale(t1, 0.95, 0.95, 1)
            return CATransform3DRotate(t1, 15.0 * CGFloat.pi / 180.0, 1, 0, 0)
        }

        // The card it ends as: moved up by 8 % of its height and shrunk to 0.8.
        private func lifted(_ height: CGFloat) -> CATransform3D {
            var t2 = CATransform3DIdentity
            t2.m34 = 1.0 / -1000.0
            t2 = CATransform3DTranslate(t2, 0, -height * 0.08, 0)
            return CATransform3DScale(t2, 0.8, 0.8, 1)
        }

        private func runPresentAnimation(using transitionContext: any UIViewControllerContextTransitioning, _ fromVC: UIViewController?, _ fromView: UIView?, _ toView: UIView?) {
            let containerView = transitionContext.containerView
            guard let fromVC else { preconditionFailure("card-stack.lua:24: fromVC is nil") }
            let frame = transitionContext.initialFrame(for: fromVC)
            var offScreenFrame = frame
            offScreenFrame.origin.y = offScreenFrame.size.height
            guard let toView else { preconditionFailure("card-stack.lua:27: toView is nil") }
            toView.frame = offScreenFrame
            guard let fromView else { preconditionFailure("card-stack.lua:28: fromView is nil") }
            containerView.insertSubview(toView, aboveSubview: fromView)

            let t1 = tipped()
            let t2 = lifted(fromView.frame.size.height)

            // UIKit declares this completion @Sendable, and calls it on the main thread: the work is a main-actor closure.
            let keyframesDone: @MainActor (Bool) -> Void = { _ in
                // The presenter leaves the window now; give it back its looks for when it returns.
                fromView.layer.transform = CATransform3DIdentity
                fromView.alpha = 1.0
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
            UIView.animateKeyframes(
                withDuration: params.duration, delay: 0.0, options: [.calculationModeCubic],
                animations: {
                    UIView.addKeyframe(
                        withRelativeStartTime: 0.0, relativeDuration: 0.4,
                        animations: {
                            fromView.layer.transform = t1
                            fromView.alpha = 0.6
                        }
                    )
                    UIView.addKeyframe(
                        withRelativeStartTime: 0.1, relativeDuration: 0.5,
                        animations: {
                            fromView.layer.transform = t2
                        }
                    )
                    UIView.addKeyframe(
                        withRelativeStartTime: 0.0, relativeDuration: 1.0,
                        animations: {
                            toView.frame = frame
                        }
                    )
                },
                completion: { finished in MainActor.assumeIsolated { keyframesDone(finished) } }
            )
        }

        private func runDismissAnimation(using transitionContext: any UIViewControllerContextTransitioning, _ fromVC: UIViewController?, _ fromView: UIView?, _ toView: UIView?) {
            guard let fromVC else { preconditionFailure("card-stack.lua:53: fromVC is nil") }
            let frame = transitionContext.initialFrame(for: fromVC)
            guard let toView else { preconditionFailure("card-stack.lua:54: toView is nil") }
            toView.frame = frame
            guard let fromView else { preconditionFailure("card-stack.lua:55: fromView is nil") }
            transitionContext.containerView.insertSubview(toView, belowSubview: fromView)
            var frameOffScreen = frame
            frameOffScreen.origin.y = frame.size.height

            // Start from where the presentation left it.
            toView.layer.transform = lifted(frame.size.height)
            toView.alpha = 0.6
            let t1 = tipped()

            // UIKit declares this completion @Sendable, and calls it on the main thread: the work is a main-actor closure.
            let keyframesDone: @MainActor (Bool) -> Void = { _ in
                let cancelled = transitionContext.transitionWasCancelled
                if !cancelled {
                    fromView.removeFromSuperview()
                }
                transitionContext.completeTransition(!cancelled)
            }
            UIView.animateKeyframes(
                withDuration: params.duration, delay: 0, options: [.calculationModeCubic],
                animations: {
                    UIView.addKeyframe(
                        withRelativeStartTime: 0.0, relativeDuration: 1.0,
                        animations: {
                            fromView.frame = frameOffScreen
                        }
                    )
                    UIView.addKeyframe(
                        withRelativeStartTime: 0.35, relativeDuration: 0.35,
                        animations: {
                            toView.layer.transform = t1
                            toView.alpha = 1.0
                        }
                    )
                    UIView.addKeyframe(
                        withRelativeStartTime: 0.75, relativeDuration: 0.25,
                        animations: {
                            toView.layer.transform = CATransform3DIdentity
                        }
                    )
                },
                completion: { finished in MainActor.assumeIsolated { keyframesDone(finished) } }
            )
        }

        // Reduce Motion: the new screen fades in over the old one, nothing turns
        // (what UIKit's own transitions do with the setting on).
        private func crossFade(using transitionContext: any UIViewControllerContextTransitioning, _ duration: CGFloat) {
            let from = transitionContext.view(forKey: .from)
            let to = transitionContext.view(forKey: .to)
            guard let to else { preconditionFailure("card-stack.lua:86: to is nil") }
            guard let toViewController = transitionContext.viewController(forKey: .to) else {
                preconditionFailure("card-stack.lua:86: ctx:viewControllerForKey(\"to\") is nil")
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
                        guard let from else { preconditionFailure("card-stack.lua:96: from is nil") }
                        from.removeFromSuperview()
                    }
                    transitionContext.completeTransition(!cancelled)
                }
            )
        }
    }
}

// FadeTransition.swift: the Segue entry "fade" as UIKit code.
//
// Exported from fade.lua (catalogue built-in),
// SHA-256 ba26783691a03f0391868391f116a504bd2d7a61941fc9dffe2d479a3c81a110, by:
//     segue export fade flip card-stack --package SegueTransitions --out docs/examples/SegueTransitions
// Export again after changing the entry; `segue export --verify` runs this
// code through the entry's check scenarios against the entry itself.
//
// Fade: the presented view fades in over the presenter, and out again on
// dismissal. Seed 001's SimpleModalAnimator, one animator for both ways:
// a custom presentation keeps the presenter's view, so the presented view
// is the only one this animator touches.

import UIKit

/// The presented view fades in over the presenter and fades out on dismissal.
///
/// Keep it in a property: UIKit holds a transitioning delegate weakly, and
/// the dismissal needs it as much as the presentation.
///
///     private let transition = FadeTransition()
///
///     func show(_ viewController: UIViewController) {
///         viewController.modalPresentationStyle = FadeTransition.presentationStyle
///         viewController.transitioningDelegate = transition
///         present(viewController, animated: true)
///     }
@MainActor
public final class FadeTransition: NSObject, UIViewControllerTransitioningDelegate {
    /// The entry's parameters: its defaults, checked against its ranges.
    public struct Parameters: Sendable {
        /// Seconds for the fade, each way.
        public let duration: Double

        public init(duration: Double = 0.35) {
            precondition((0.05...5.0).contains(duration), "FadeTransition: duration must be within 0.05…5.0, not \(duration)")
            self.duration = duration
        }
    }

    /// The modalPresentationStyle to give the presented controller: the one the entry is made for.
    public static let presentationStyle = UIModalPresentationStyle.custom

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
            let presentedView: UIView?
            if isPresenting {
                presentedView = transitionContext.view(forKey: .to)
                guard let presentedView else { preconditionFailure("fade.lua:14: presentedView is nil") }
                guard let toViewController = transitionContext.viewController(forKey: .to) else {
                    preconditionFailure("fade.lua:14: ctx:viewControllerForKey(\"to\") is nil")
                }
                presentedView.frame = transitionContext.finalFrame(for: toViewController)
                presentedView.alpha = 0.0
                transitionContext.containerView.addSubview(presentedView)
            } else {
                presentedView = transitionContext.view(forKey: .from)
            }

            UIView.animate(
                withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseInOut],
                animations: { [self] in
                    guard let presentedView else { preconditionFailure("fade.lua:25: presentedView is nil") }
                    presentedView.alpha = isPresenting ? 1.0 : 0.0
                },
                completion: { [self] _ in
                    let cancelled = transitionContext.transitionWasCancelled
                    if !isPresenting && !cancelled {
                        guard let presentedView else { preconditionFailure("fade.lua:30: presentedView is nil") }
                        presentedView.removeFromSuperview()
                    }
                    transitionContext.completeTransition(!cancelled)
                }
            )
        }
    }
}

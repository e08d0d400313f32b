/// How `UIView.transition(with:duration:options:animations:completion:)` shows a view's content change: the old
/// content crossfading into the new (`.transitionCrossDissolve`), or a page of it curling up off the new
/// (`.transitionCurlUp`) or the new curling down over it (`.transitionCurlDown`). UIKit's flips are not simulated yet.
public enum ContentTransition: String, Sendable, CaseIterable {
    case crossDissolve = "transitionCrossDissolve"
    case curlUp = "transitionCurlUp"
    case curlDown = "transitionCurlDown"
}

extension AnimationEngine {
    /// The view's content changes at once (`animations` runs, and what it sets is set, not animated: UIKit animates a
    /// picture of the old content unless `.allowAnimatedContent`, which Segue does not simulate), while a frozen copy of
    /// the old content, put just above the view where it was, leaves over `duration` on the options' curve: fading out,
    /// or curling away; curling down, the view itself comes down over the copy. The copy leaves when it is done, then
    /// `completion` hears whether the animation finished. A view in no superview changes with nothing to see.
    public func transition(with view: View, duration: Double, transition: ContentTransition, options: AnimationOptions = AnimationOptions(),
                           animations: (() throws -> Void)?, completion: ((Bool) -> Void)? = nil) rethrows {
        guard let superview = view.superview else {
            try animations?()
            completion?(true)
            return
        }
        let old = view.snapshotView(afterScreenUpdates: false)
        old.name = "old content of \(view.name)"
        superview.insertSubview(old, aboveSubview: view)
        // A change that fails part way still ends in a transition that runs and completes (as UIView.animate's does):
        // it is set going on the way out, whether the change returned or threw.
        defer { begin(transition, view: view, old: old, superview: superview, duration: duration, options: options, completion: completion) }
        try animations?()
    }

    /// The old content's copy leaving, and the completion once it has.
    private func begin(_ transition: ContentTransition, view: View, old: View, superview: View, duration: Double, options: AnimationOptions,
                       completion: ((Bool) -> Void)?) {
        // A view the change took off the screen takes its transition with it: nothing is left to see, and the
        // completion comes when the transition would have ended.
        guard view.superview === superview else {
            old.removeFromSuperview()
            after(duration) { completion?(true) }
            return
        }
        switch transition {
        case .crossDissolve:
            animate(duration: duration, options: options, animations: { old.alpha = 0 }, completion: { finished in
                old.removeFromSuperview()
                completion?(finished)
            })
        case .curlUp:
            animate(duration: duration, options: options, animations: { old.curl = 1 }, completion: { finished in
                old.removeFromSuperview()
                completion?(finished)
            })
        case .curlDown:
            // The new content comes down over the old: the view above its old copy, curled away at first.
            superview.insertSubview(view, aboveSubview: old)
            view.curl = 1
            animate(duration: duration, options: options, animations: { view.curl = 0 }, completion: { finished in
                old.removeFromSuperview()
                view.curl = 0
                completion?(finished)
            })
        }
    }
}

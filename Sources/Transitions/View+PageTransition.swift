/// `UIView.transition(from:to:duration:options:completion:)` with `.transitionCurlUp` or `.transitionCurlDown`: UIKit puts
/// the new view in the old one's superview and takes the old one out at once, and draws the change as a page turning (a
/// Core Animation transition over a picture of the old page). Here the picture is a frozen copy of the old view where it
/// was, drawn by its `curl` (0 flat, 1 gone) as the page that moves: curling up, the old page's copy on top curls away
/// from the new view beneath; curling down, the new view comes down over the copy. The copy leaves when the page has
/// turned; the views are where UIKit puts them from the call on.
public enum PageCurl: String, Sendable, CaseIterable {
    case up = "transitionCurlUp"
    case down = "transitionCurlDown"
}

extension AnimationEngine {
    /// The page turns on the options' curve over `duration`; `completion` is given whether the animation finished, after
    /// the old page's copy has left. With the old view in no superview (UIKit has nowhere to put the new one) nothing
    /// happens but the completion, finished.
    public func transition(from old: View, to new: View, duration: Double, curl: PageCurl, options: AnimationOptions = AnimationOptions(),
                           completion: ((Bool) -> Void)? = nil) {
        guard let superview = old.superview, old !== new else {
            completion?(true)
            return
        }
        let page = old.snapshotView(afterScreenUpdates: false)
        page.name = "page of \(old.name)"
        superview.insertSubview(page, aboveSubview: old)
        old.removeFromSuperview()
        switch curl {
        case .up:
            superview.insertSubview(new, belowSubview: page)
            animate(duration: duration, options: options, animations: { page.curl = 1 }, completion: { finished in
                page.removeFromSuperview()
                completion?(finished)
            })
        case .down:
            new.curl = 1
            superview.insertSubview(new, aboveSubview: page)
            animate(duration: duration, options: options, animations: { new.curl = 0 }, completion: { finished in
                page.removeFromSuperview()
                new.curl = 0
                completion?(finished)
            })
        }
    }
}

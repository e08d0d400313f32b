/// `UIView.transition(from:to:duration:options:completion:)` with `.transitionCurlUp` or `.transitionCurlDown`: UIKit puts
/// the new view in the old one's superview and takes the old one out, the change drawn as a page turning (a Core
/// Animation transition). Segue draws the page that moves by its `curl` (0 flat, 1 gone): curling up, the old page on top
/// curls away from the new one beneath; curling down, the new page comes down over the old. The old view leaves its
/// superview when the page has turned (UIKit takes it out at once and draws it from the transition's snapshot: the
/// screens show the same, and afterwards the same views are there).
public enum PageCurl: String, Sendable, CaseIterable {
    case up = "transitionCurlUp"
    case down = "transitionCurlDown"
}

extension AnimationEngine {
    /// The page turns on the options' curve over `duration`; `completion` is given whether the animation finished, after
    /// the old view has left. Nothing happens to views the old one is not in a superview of (UIKit has nowhere to put the
    /// new one): the completion is called, finished.
    public func transition(from old: View, to new: View, duration: Double, curl: PageCurl, options: AnimationOptions = AnimationOptions(),
                           completion: ((Bool) -> Void)? = nil) {
        guard let superview = old.superview, old !== new else {
            completion?(true)
            return
        }
        switch curl {
        case .up:
            superview.insertSubview(new, belowSubview: old)
            animate(duration: duration, options: options, animations: { old.curl = 1 }, completion: { finished in
                old.removeFromSuperview()
                old.curl = 0
                completion?(finished)
            })
        case .down:
            new.curl = 1
            superview.insertSubview(new, aboveSubview: old)
            animate(duration: duration, options: options, animations: { new.curl = 0 }, completion: { finished in
                old.removeFromSuperview()
                new.curl = 0
                completion?(finished)
            })
        }
    }
}

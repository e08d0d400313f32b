import Geometry

/// UIView's `hitTest(_:with:)` and `point(inside:with:)`, by the model values (as UIKit hit-tests: a view animating
/// away is touched where its frame says it is, not where it is drawn):
///
/// - a view that is hidden, has user interaction disabled, or an alpha under 0.01 is passed over with its subviews
///   (Apple's documentation of hitTest);
/// - a point outside a view's bounds is never reported as a hit, even where a subview reaches out past them;
/// - subviews are tried front to back (the last added first), each in its own bounds space, through its frame,
///   bounds origin and transform, 3-D ones included;
/// - standalone layers take no touches, and neither does a snapshot's picture (it is a view like any other).
extension View {
    /// The farthest descendant (or itself) that contains `point`, a point of this view's bounds space; nil when the
    /// point is outside it or it takes no touches.
    public func hitTest(_ point: Point) -> View? {
        guard takesTouches, bounds.contains(point) else { return nil }
        // A subview that contains the point and takes touches is the hit or holds it, so the walk goes down and never
        // back. A loop, not recursion: a script can nest views thousands deep, and each step is one map, never a walk
        // back to the window.
        var (view, point) = (self, point)
        descend: while true {
            for child in view.subviews.reversed() where child.takesTouches {
                guard let inverse = Simulation.placement(of: child.storedModel, in: view.storedModel).inverted else { continue }
                let inner = inverse.apply(point)
                guard child.bounds.contains(inner) else { continue }
                (view, point) = (child, inner)
                continue descend
            }
            return view
        }
    }

    /// Whether touches can land in it at all.
    private var takesTouches: Bool {
        layerKind == nil && !isHidden && isUserInteractionEnabled && alpha >= 0.01
    }
}

import Geometry

/// `convert(_:to:)` and `convert(_:from:)`: points and rects between two
/// views' bounds spaces, through every frame, bounds origin and transform
/// (3-D and perspective included) on the way, by the model values, as
/// UIKit converts by the layer tree's model, not what is on screen.
extension View {
    /// From this view's bounds space to the space its topmost ancestor
    /// sits in: the screen's, for a view in the window (whose frame is the
    /// screen); a view in no window is placed as if its root were in one.
    private func mapToRoot() -> Homography {
        var map = Homography.identity
        var view: View? = self
        while let current = view {
            map = map.concatenating(Simulation.placement(of: current.storedModel, in: current.superview?.storedModel))
            view = current.superview
        }
        return map
    }

    /// The map from this view's bounds space to `other`'s (nil: the
    /// window's, the screen's). Views in different trees meet on the screen,
    /// as views in two windows do; nil when `other` is squashed flat (a zero
    /// scale), so that no point maps into it.
    private func map(to other: View?) -> Homography? {
        let mine = mapToRoot()
        guard let other else { return mine }
        guard let back = other.mapToRoot().inverted else { return nil }
        return mine.concatenating(back)
    }

    /// The map from `other`'s bounds space (nil: the window's) to this view's.
    private func map(from other: View?) -> Homography? {
        if let other { return other.map(to: self) }
        return mapToRoot().inverted
    }

    public func convert(_ point: Point, to other: View?) -> Point? {
        map(to: other).map { $0.apply(point) }
    }

    public func convert(_ point: Point, from other: View?) -> Point? {
        map(from: other).map { $0.apply(point) }
    }

    /// The smallest rect holding the four corners' images (a turned view's
    /// rect grows to hold it, as in UIKit).
    public func convert(_ rect: Rect, to other: View?) -> Rect? {
        map(to: other).map { Self.box(rect, $0) }
    }

    public func convert(_ rect: Rect, from other: View?) -> Rect? {
        map(from: other).map { Self.box(rect, $0) }
    }

    private static func box(_ rect: Rect, _ map: Homography) -> Rect {
        Quad(rect.standardized).map(map.apply).boundingBox
    }
}

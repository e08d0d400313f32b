import Geometry
import Transitions

/// A scroll view: the engine's view marked as one, its content offset the bounds' origin (as in UIKit). Its pan is the
/// engine's model of UIScrollView's (`ScrollViewPan`), which the verification runner starts for a drag that lands in
/// it when the exported delegate recognizes with it; `panGestureRecognizer` is that pan as the delegate sees it.
@MainActor open class UIScrollView: UIView {
    /// Clipping its content, as UIKit's scroll views do.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        view.isScrollView = true
        view.clipsToBounds = true
    }

    /// The wrapper of a scroll view the engine made (a `screen = "list"` screen's list).
    package override init(view: View) {
        super.init(view: view)
    }

    open var contentOffset: CGPoint {
        get { CGPoint(view.contentOffset) }
        set { view.contentOffset = newValue.engine }
    }

    open var contentSize: CGSize {
        get { CGSize(width: view.contentSize.width, height: view.contentSize.height) }
        set { view.contentSize = Size(width: newValue.width, height: newValue.height) }
    }

    open var bounces: Bool {
        get { view.bounces }
        set { view.bounces = newValue }
    }

    open var alwaysBounceVertical: Bool {
        get { view.alwaysBounceVertical }
        set { view.alwaysBounceVertical = newValue }
    }

    open var alwaysBounceHorizontal: Bool {
        get { view.alwaysBounceHorizontal }
        set { view.alwaysBounceHorizontal = newValue }
    }

    private var pan: UIPanGestureRecognizer?

    /// Attached to the scroll view, as UIKit's is; its events are the engine's to apply, so it has no action.
    open var panGestureRecognizer: UIPanGestureRecognizer {
        if let pan { return pan }
        let recognizer = UIPanGestureRecognizer(target: nil, action: nil)
        recognizer.attached = self
        pan = recognizer
        return recognizer
    }
}

/// The edges of a rectangle, by reading direction.
public struct NSDirectionalRectEdge: OptionSet, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static var top: NSDirectionalRectEdge { NSDirectionalRectEdge(rawValue: 1 << 0) }
    public static var leading: NSDirectionalRectEdge { NSDirectionalRectEdge(rawValue: 1 << 1) }
    public static var bottom: NSDirectionalRectEdge { NSDirectionalRectEdge(rawValue: 1 << 2) }
    public static var trailing: NSDirectionalRectEdge { NSDirectionalRectEdge(rawValue: 1 << 3) }
    public static var all: NSDirectionalRectEdge { [.top, .leading, .bottom, .trailing] }
}

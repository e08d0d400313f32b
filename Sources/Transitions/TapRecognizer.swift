import Geometry

/// `UITapGestureRecognizer` with one tap of one finger (UIKit's defaults), headless: attached to a view, it
/// recognizes a tap that lands in that view or in a subview of it, and sends its action once, when the finger lifts
/// (a discrete recognizer's `.ended`, which UIKit also calls `.recognized`).
///
/// Which recognizer a tap goes to is decided by `Simulation.tap(at:)`: the hit-tested view's first, else its
/// superview's, and so on up; only one recognizes, as UIKit lets one of two recognizers recognize unless a delegate
/// allows both.
public final class TapRecognizer {
    /// `isEnabled`: a disabled recognizer is passed over, as UIKit passes over it.
    public var isEnabled = true
    /// The view it is attached to; nil until `addGestureRecognizer`, and after the view lets it go.
    public internal(set) weak var view: View?
    /// Where the last tap landed, in the window's points: what `location(in:)` converts.
    public internal(set) var location: Point?
    /// `.ended` while its action runs, `.possible` otherwise: a discrete recognizer is reset once its action returns.
    public internal(set) var isRecognized = false
    /// What the action is sent: the recognizer itself, as UIKit sends it.
    let action: (TapRecognizer) -> Void

    /// Bytes a recognizer costs its entry: the object, its closure and the view's list entry, rounded up.
    static let cost = 256

    public init(engine: AnimationEngine, action: @escaping (TapRecognizer) -> Void) {
        engine.onAllocate?(Self.cost)
        self.action = action
    }
}

extension View {
    /// `addGestureRecognizer(_:)`: at the end of the view's list; a recognizer on another view moves here, as in UIKit.
    public func addGestureRecognizer(_ recognizer: TapRecognizer) {
        if let current = recognizer.view {
            if current === self { return }
            current.removeGestureRecognizer(recognizer)
        }
        tapRecognizers.append(recognizer)
        recognizer.view = self
    }

    public func removeGestureRecognizer(_ recognizer: TapRecognizer) {
        guard recognizer.view === self else { return }
        tapRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}

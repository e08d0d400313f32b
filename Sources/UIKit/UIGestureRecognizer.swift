import Geometry
import Transitions

/// `#selector`'s stand-in on Linux, which has no Objective-C runtime: `segue export --verify` rewrites
/// `#selector(handlePan(_:))` in the exported code to `UIKit.Selector(Self.handlePan(_:))` before compiling (and says so), so
/// the selector still names a method that must exist. It names the method without its target, as a selector does:
/// the target is what the recognizer or the display link was given, and it sends the method there with itself as the
/// argument. Not Apple's declaration: the one rewrite the issue allows.
public struct Selector {
    /// The method sent to a target, with the sender (a recognizer, a display link) as its argument.
    let send: @MainActor (_ target: AnyObject, _ sender: AnyObject) -> Void

    @MainActor public init<Target: AnyObject, Sender: AnyObject>(_ method:
        @escaping @MainActor (Target) -> @MainActor (Sender) -> Void) {
        send = { target, sender in
            // Objective-C sends the message whatever the target's class; a method the target lacks, or one taking
            // another kind of sender, crashes there (unrecognized selector, a wrong argument) as here.
            guard let target = target as? Target else { preconditionFailure("a \(Target.self)'s method sent to a \(type(of: target))") }
            guard let sender = sender as? Sender else { preconditionFailure("the method takes a \(Sender.self), not a \(type(of: sender))") }
            method(target)(sender)
        }
    }
}

/// A recognizer the verification runner drives: each touch event of a scenario (the events the Lua entry was given)
/// sets its state and translation and sends its action, as UIKit does.
@MainActor open class UIGestureRecognizer: NSObject {
    public enum State: Int, @unchecked Sendable {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
        case failed = 5
    }

    /// Each target and its action. The target is not kept (UIKit's are not): an interaction controller that keeps the
    /// view its recognizer is on would otherwise never be let go.
    private var targets: [(target: Target, action: Selector)] = []
    private struct Target { weak var object: AnyObject? }
    /// The touch event being delivered: what translation, velocity and location report.
    package var event: GestureSample?

    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
        LiveUIKitObjects.made()
    }

    deinit { LiveUIKitObjects.gone() }

    open func addTarget(_ target: Any, action: Selector) {
        targets.append((Target(object: target as AnyObject), action))
    }

    open var state: UIGestureRecognizer.State = .possible

    open weak var delegate: (any UIGestureRecognizerDelegate)?

    /// The view it is attached to (addGestureRecognizer).
    open var view: UIView? { attached }
    weak var attached: UIView?

    open var numberOfTouches: Int { event?.touches.count ?? 0 }

    /// The runner delivers each drag to one recognizer: which waits for which changes nothing here.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {}

    open func location(in view: UIView?) -> CGPoint {
        guard let event else { return .zero }
        return CGPoint(Self.converted(event.location, to: view))
    }

    /// Sends the event to the action, in UIKit's order: the state, then the action message. A gesture whose delegate
    /// says it should not begin fails: its action never hears of it (false is returned then).
    @discardableResult
    package func deliver(_ event: GestureSample) -> Bool {
        self.event = event
        if event.state == .began, let delegate, !delegate.gestureRecognizerShouldBegin(self) {
            state = .failed
            return false
        }
        state = switch event.state {
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        }
        for (target, action) in targets {
            // UIKit does not keep a recognizer's target: one let go while its recognizer is in use gets no more actions
            // on iOS (or a message as a freed object, where the reference is unretained), so the exported code would
            // stop answering the finger. Stopping here names the bug, where a missed action would show only as a
            // difference in the trace later.
            guard let object = target.object else { preconditionFailure("\(type(of: self))'s target was let go while the recognizer was in use") }
            action.send(object, self)
        }
        return true
    }

    /// A point of the window in `view`'s coordinates (the window's own when nil).
    static func converted(_ point: Point, to view: UIView?) -> Point {
        guard let view else { return point }
        return view.view.convert(point, from: nil) ?? point
    }

    /// A vector of the window (a translation, a velocity) in `view`'s coordinates: the difference of two points.
    static func convertedVector(_ vector: Point, to view: UIView?) -> Point {
        let origin = converted(.zero, to: view), end = converted(vector, to: view)
        return Point(x: end.x - origin.x, y: end.y - origin.y)
    }
}

@MainActor public protocol UIGestureRecognizerDelegate: NSObjectProtocol {
    /// Optional in UIKit; the default begins, as UIKit's does.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Optional in UIKit, as the two below; the defaults are UIKit's: no. The verification runner asks them of a scroll
    /// view's pan under the drag's first touch.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
    private var translationOffset = Point.zero

    open func translation(in view: UIView?) -> CGPoint {
        guard let event else { return .zero }
        let moved = Point(x: event.translation.x - translationOffset.x, y: event.translation.y - translationOffset.y)
        return CGPoint(Self.convertedVector(moved, to: view))
    }

    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let wanted = Self.convertedVector(Point(x: translation.x, y: translation.y), to: view)
        let current = event?.translation ?? .zero
        translationOffset = Point(x: current.x - wanted.x, y: current.y - wanted.y)
    }

    open func velocity(in view: UIView?) -> CGPoint {
        guard let event else { return .zero }
        return CGPoint(Self.convertedVector(event.velocity, to: view))
    }
}

/// A tap of one finger: attached to a view, it becomes the engine's tap recognizer on that view, which the runner's taps
/// reach by hit-testing as the Lua entry's do (`Simulation.tap(at:)`); its action is sent once, when the finger lifts.
@MainActor open class UITapGestureRecognizer: UIGestureRecognizer {
    package private(set) lazy var engineRecognizer = TapRecognizer(engine: Host.simulation.engine) { [weak self] tap in
        guard let self, let point = tap.location else { return }
        // A discrete recognizer: recognized (`.ended`) for its action, then ready for the next tap.
        self.deliver(GestureSample(time: 0, state: .ended, location: point, touches: [point]))
        self.state = .possible
    }
}

@MainActor open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The scale the exported code set, as the event's scale then: later scales are relative to it.
    private var baseline = 1.0

    open var scale: CGFloat {
        get { (event?.scale ?? 1) / baseline }
        set { baseline = (event?.scale ?? 1) / newValue }
    }

    open var velocity: CGFloat { event?.scaleVelocity ?? 0 }
}

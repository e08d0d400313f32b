import Animation
import Transitions

@MainActor public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    /// Optional in UIKit (an @objc protocol's optional members); Swift on Linux has no such thing, so defaults give UIKit's values.
    var completionSpeed: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

extension UIView {
    public enum AnimationCurve: Int, @unchecked Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3

        package var engine: TimingCurve {
            switch self {
            case .easeInOut: .easeInOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }
}

/// UIKit's percent-driven interaction controller over the engine's. While the runner delivers a touch event, what the
/// exported code's action says (update, finish, cancel) is taken down and handed to the engine as the Lua entry's
/// answers are: the engine then updates, finishes or cancels, in the same order and at the same times as for the Lua.
@MainActor open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    open var completionSpeed: CGFloat = 1
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    open var wantsInteractiveStart: Bool = true

    /// The engine's controller for the transition under way (made when UIKit's delegate returned this one).
    package var engine: PercentDrivenInteractiveTransition?
    /// What the code said during the event being delivered.
    package var said: (percent: CGFloat?, finish: Bool?) = (nil, nil)
    /// Whether a touch event is being delivered now.
    package static var delivering = false

    override public init() {
        super.init()
    }

    open var percentComplete: CGFloat { said.percent ?? engine?.percentComplete ?? 0 }

    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        // The engine starts its own controller for this one (DelegateAdapter); UIKit would call this once, as it does.
        guard let context = transitionContext as? ContextAdapter else {
            preconditionFailure("a transition context the layer did not make")
        }
        engine?.startInteractiveTransition(context.context)
    }

    open func update(_ percentComplete: CGFloat) {
        if Self.delivering { said.percent = percentComplete } else { engine?.update(percentComplete) }
    }

    open func finish() {
        if Self.delivering { said.finish = true } else { engine?.finish() }
    }

    open func cancel() {
        if Self.delivering { said.finish = false } else { engine?.cancel() }
    }
}

import Transitions

/// Core Animation's display link on the engine's clock: its target's method runs at every refresh of a 60 Hz display
/// (the engine's DisplayLink, which the Lua entry's links are too, so both run at the same instants and both are
/// invalidated when a transition ends). Declared with UIKit's layer rather than QuartzCore's because it takes the
/// layer's Selector, which is UIKit's here.
@MainActor open class CADisplayLink: NSObject {
    private var link: DisplayLink!

    public init(target: Any, selector sel: Selector) {
        super.init()
        guard let method = sel.performLink else { preconditionFailure("a display link's selector must name a method taking the link") }
        // Core Animation holds the target until the link is invalidated; here the selector's method, a partial
        // application of it, does.
        // The run loop holds an added link, which exported code need not keep: the engine's link holds this one (a cycle
        // the verification's short-lived runner never breaks, as a link invalidated stays in memory only as long as that).
        link = DisplayLink(engine: Host.simulation.engine) { _ in method(self) }
    }

    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) { link.add() }

    open func invalidate() { link.invalidate() }

    open var timestamp: CFTimeInterval { link.timestamp }
    open var targetTimestamp: CFTimeInterval { link.targetTimestamp }
    open var duration: CFTimeInterval { link.duration }
    open var isPaused: Bool {
        get { link.isPaused }
        set { link.isPaused = newValue }
    }
}

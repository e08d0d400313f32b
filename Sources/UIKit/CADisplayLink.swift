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
        // application of it, does, as long as the link is alive.
        link = DisplayLink(engine: Host.simulation.engine) { [weak self] _ in
            if let self { method(self) }
        }
        LiveUIKitObjects.made()
    }

    deinit { LiveUIKitObjects.gone() }

    /// The run loop's hold on the links added to it and not invalidated, which exported code need not keep.
    private static var running: [ObjectIdentifier: CADisplayLink] = [:]

    /// Lets every link go (UIKitWrappers.forgetAll): the next scenario has a clock of its own.
    static func forgetTargets() { running.removeAll() }

    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        Self.running[ObjectIdentifier(self)] = self
        link.add()
    }

    open func invalidate() {
        link.invalidate()
        Self.running[ObjectIdentifier(self)] = nil
    }

    open var timestamp: CFTimeInterval { link.timestamp }
    open var targetTimestamp: CFTimeInterval { link.targetTimestamp }
    open var duration: CFTimeInterval { link.duration }
    open var isPaused: Bool {
        get { link.isPaused }
        set { link.isPaused = newValue }
    }
}

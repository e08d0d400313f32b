import Transitions

/// Core Animation's display link on the engine's clock: its target's method runs at every refresh of a 60 Hz display
/// (the engine's DisplayLink, which the Lua entry's links are too, so both run at the same instants and both are
/// invalidated when a transition ends). Declared with UIKit's layer rather than QuartzCore's because it takes the
/// layer's Selector, which is UIKit's here.
@MainActor open class CADisplayLink: NSObject {
    private var link: DisplayLink!
    /// Kept until the link is invalidated, as Core Animation keeps it.
    private var target: AnyObject?
    private let selector: Selector

    public init(target: Any, selector sel: Selector) {
        self.target = target as AnyObject
        selector = sel
        super.init()
        link = DisplayLink(engine: Host.simulation.engine) { [weak self] _ in self?.fire() }
        LiveUIKitObjects.made()
    }

    private func fire() {
        if let target { selector.send(target, self) }
    }

    deinit { LiveUIKitObjects.gone() }

    /// The run loop's hold on the links added to it and not invalidated, which exported code need not keep.
    private static var running: [ObjectIdentifier: CADisplayLink] = [:]

    /// Lets every link and its target go (UIKitWrappers.forgetAll): the next scenario has a clock of its own. A link
    /// left running is a leak on iOS too, which the engine reports when the transition ends; a cycle through its
    /// target (a tick that keeps its own link) would otherwise pile up from round to round.
    static func forgetTargets() {
        for link in running.values { link.target = nil }
        running.removeAll()
    }

    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        Self.running[ObjectIdentifier(self)] = self
        link.add()
    }

    open func invalidate() {
        link.invalidate()
        target = nil
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

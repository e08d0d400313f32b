/// Where a controller's view is in UIKit's appearance cycle: between viewWillAppear and viewDidAppear it is appearing,
/// between viewWillDisappear and viewDidDisappear disappearing.
public enum Appearance: String, Sendable {
    case disappeared, appearing, appeared, disappearing

    /// In the middle of coming or going: a begin not yet ended.
    public var isChanging: Bool { self == .appearing || self == .disappearing }
}

/// UIKit's appearance callbacks: beginAppearanceTransition (viewWillAppear, viewWillDisappear) and
/// endAppearanceTransition (viewDidAppear, viewDidDisappear), as UIKit makes them around a transition and as a script
/// makes them by hand (a custom presentation that keeps the presenter's view gets none from UIKit, and libraries call
/// them themselves). Each is a line of the trace with the controller's name. Which calls are balanced is the
/// contract's concern (`unbalanced-appearance-calls`), not the engine's: every call is made as asked.
extension Simulation {
    public func beginAppearanceTransition(_ controller: ViewController, appearing: Bool, animated: Bool, byHand: Bool = false) {
        emit(.appearanceCalled(controller, appearing: appearing, byHand: byHand))
        controller.appearance = appearing ? .appearing : .disappearing
        if byHand, !controllersBegunByHand.contains(where: { $0 === controller }) { controllersBegunByHand.append(controller) }
        record(appearing ? "viewWillAppear" : "viewWillDisappear", Self.appearanceDetail(controller, animated: animated, byHand: byHand))
    }

    /// Ends what the last begin started; with none under way UIKit calls nothing (and logs that the calls are unbalanced).
    public func endAppearanceTransition(_ controller: ViewController, byHand: Bool = false) {
        emit(.appearanceCalled(controller, appearing: nil, byHand: byHand))
        guard controller.appearance.isChanging else { return }
        let appearing = controller.appearance == .appearing
        controller.appearance = appearing ? .appeared : .disappeared
        record(appearing ? "viewDidAppear" : "viewDidDisappear", controller.name + (byHand ? ", by hand" : ""))
    }

    private static func appearanceDetail(_ controller: ViewController, animated: Bool, byHand: Bool) -> String {
        controller.name + (animated ? "" : ", not animated") + (byHand ? ", by hand" : "")
    }

    /// The controllers whose views a transition takes away and brings: UIKit tells only these. A presentation hides
    /// the presenter only where its view leaves the window (`shouldRemovePresentersView`: full screen, or a custom
    /// controller that says so); over-full-screen, sheets and custom presentations that keep it leave it appeared. A
    /// push hides the screen beneath as a full-screen presentation does (the driver holds the pushed screen as the
    /// presented one, the screen beneath as its presenter).
    func appearanceChanges(of driver: TransitionDriver) -> (leaving: ViewController?, coming: ViewController?) {
        let removes = driver.controller?.shouldRemovePresentersView ?? true
        switch driver.operation {
        case .present, .push: return (removes ? driver.presenter : nil, driver.presented)
        case .dismiss, .pop: return (driver.presented, removes ? driver.presenter : nil)
        }
    }

    /// Says, once, which controllers begun by hand are still appearing or disappearing (the callback
    /// `appearanceLeftChanging`), and forgets them.
    func reportAppearanceLeftOpen() {
        guard !controllersBegunByHand.isEmpty else { return }
        let open = controllersBegunByHand.filter { $0.appearance.isChanging }
        controllersBegunByHand = []
        if !open.isEmpty { appearanceLeftChanging?(open) }
    }

    /// Whether UIKit itself tells `controller` of its appearance in the transition under way: a call by hand would be
    /// a second one.
    public func tellsAppearance(of controller: ViewController) -> Bool {
        guard let driver else { return false }
        let (leaving, coming) = appearanceChanges(of: driver)
        return controller === leaving || controller === coming
    }

    /// Before the animator is asked for anything (Apple: viewWillAppear comes "before any animations are
    /// configured"): the leaving controller's viewWillDisappear, then the coming one's viewWillAppear, the order
    /// UIKit logs for a full-screen presentation and for a push or pop.
    func beginAppearance(of driver: TransitionDriver) {
        let (leaving, coming) = appearanceChanges(of: driver)
        if let leaving { beginAppearanceTransition(leaving, appearing: false, animated: driver.animated) }
        if let coming { beginAppearanceTransition(coming, appearing: true, animated: driver.animated) }
    }

    /// Once the transition is cleaned up. Completed: a presentation's viewDidAppear comes before the presenter's
    /// viewDidDisappear (as UIKit logs it for a full-screen presentation); a push, pop or dismissal ends the leaving
    /// controller first. Cancelled, the two go back as UIKit sends a cancelled interactive pop's: the coming
    /// controller's viewWillDisappear and viewDidDisappear, then the leaving one's viewWillAppear and viewDidAppear.
    func endAppearance(of driver: TransitionDriver, completed: Bool) {
        let (leaving, coming) = appearanceChanges(of: driver)
        if completed {
            let order = driver.operation == .present ? [coming, leaving] : [leaving, coming]
            for controller in order.compactMap({ $0 }) where controller.appearance.isChanging { endAppearanceTransition(controller) }
        } else {
            for (controller, appearing) in [(coming, false), (leaving, true)] {
                guard let controller else { continue }
                beginAppearanceTransition(controller, appearing: appearing, animated: driver.animated)
                endAppearanceTransition(controller)
            }
        }
    }
}

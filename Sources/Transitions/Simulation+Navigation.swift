import Geometry

/// UINavigationController's push and pop, run through the same transition
/// machinery as a presentation: the delegate's animator
/// (`navigationController(_:animationControllerFor:from:to:)`) animates in
/// the navigation's transition view, handed both views; no presentation
/// controller takes part.
///
///     navigationController(_:willShow:animated:)
///     navigationController(_:animationControllerFor:from:to:) · interactionControllerFor
///     animateTransition (or startInteractiveTransition)
///     … animations …  completeTransition
///     the old screen's view removed (completed) or the new one's (cancelled)
///     navigationController(_:didShow:animated:) (completed) · completion · animationEnded
///
/// What UIKit leaves where (our reading, kept consistent): a completed push
/// or pop takes the view of the screen that left out of the hierarchy, as
/// UIKit does whatever the animator did with it; a cancelled one takes out
/// the incoming screen's view, so the stack and the screen agree. The
/// animator must still put the incoming view in the container (a pop that
/// does not is a black screen) at its final frame (the container's bounds).
extension Simulation {
    /// `pushViewController(_:animated:)`.
    public func push(_ pushed: ViewController, animated: Bool = true, interaction plan: InteractionPlan? = nil,
                     completion: (() -> Void)? = nil) {
        guard refuseDuringTransition("push") else { return }
        guard !navigation.viewControllers.contains(where: { $0 === pushed }), pushed.presentingViewController == nil else {
            return emit(.refused(.pushOfShownController(name: pushed.name)))
        }
        navigate(.push, from: navigation.topViewController, to: pushed, animated: animated, plan: plan, completion: completion)
    }

    /// `popViewController(animated:)`: nothing when only the root is left, as in UIKit.
    public func pop(animated: Bool = true, interaction plan: InteractionPlan? = nil, completion: (() -> Void)? = nil) {
        guard refuseDuringTransition("pop") else { return }
        let stack = navigation.viewControllers
        guard stack.count > 1 else { return }
        navigate(.pop, from: stack[stack.count - 1], to: stack[stack.count - 2], animated: animated, plan: plan, completion: completion)
    }

    /// The navigation's transition view, made at the first push between the window and the root's view.
    private func navigationContainer() -> View {
        if let view = navigation.view { return view }
        let view = engine.makeView(name: "navigation", frame: window.bounds)
        view.autoresizingMask = .flexibleSize
        let index = window.subviews.firstIndex { $0 === root.view } ?? 0
        window.insertSubview(view, at: index)
        view.addSubview(root.view)
        navigation.view = view
        return view
    }

    private func navigate(_ operation: TransitionOperation, from: ViewController, to: ViewController, animated: Bool,
                          plan: InteractionPlan?, completion: (() -> Void)?) {
        reportAppearanceLeftOpen()
        emit(.transitionRequested)
        let container = navigationContainer()
        record("navigationController(_:willShow:animated:)", to.name)
        record("navigationController(_:animationControllerFor:from:to:)", operation.rawValue)
        let custom = navigation.delegate?.animator(for: operation, from: from, to: to)
        let animator = custom ?? NavigationSlideAnimator()
        var interaction: InteractionController?
        if let custom {
            record("navigationController(_:interactionControllerFor:)")
            interaction = navigation.delegate?.interactionController(for: custom)
        }
        if interaction == nil, plan != nil { interaction = PercentDrivenInteractiveTransition(animator: animator) }
        let pushing = operation == .push
        let driver = TransitionDriver(simulation: self, operation: operation, presented: pushing ? to : from, presenter: pushing ? from : to,
                                      controller: nil, animator: animator, interaction: interaction, container: container,
                                      animated: animated)
        driver.completion = completion
        self.driver = driver
        emit(.transitionWillBegin(driver))
        // The outgoing view starts at the container's bounds and leaves (zero); the incoming one ends there.
        let bounds = container.bounds
        driver.begin(frames: (initial: [ObjectIdentifier(from): bounds], final: [ObjectIdentifier(to): bounds]),
                     fromView: from.view, toView: to.view)
        schedule(plan, for: driver)
    }

    /// A push's or pop's clean-up: the stack and the view that left.
    func finishNavigation(_ driver: TransitionDriver, completed: Bool) {
        let from = driver.context.viewController(forKey: .from), to = driver.context.viewController(forKey: .to)
        if completed {
            from.view.removeFromSuperview()
            if driver.operation == .push { navigation.viewControllers.append(to) } else { navigation.viewControllers.removeLast() }
            record("navigationController(_:didShow:animated:)", to.name)
        } else {
            to.view.removeFromSuperview()
        }
    }
}

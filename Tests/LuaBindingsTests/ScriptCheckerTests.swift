import LuaBindings
import Transitions
import Testing

/// Scripts with one mistake each, and the message the checker must give:
/// the entry, the hook and file:line.
@Suite struct ScriptCheckerTests {
    /// A right-half sheet with a dimming view (seed 000), with switches for the mistakes.
    static func sheet(neverComplete: Bool = false, completeTwice: Bool = false, keepDimmingAfterDismissal: Bool = false,
                      keepDimmingOnCancel: Bool = false, useFromView: Bool = false, ignoreFinalFrame: Bool = false,
                      raiseInCompletion: Bool = false, layoutPresented: Bool = true) -> String {
        """
        local function animateTransition(ctx)
          local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          \(useFromView ? "local from = ctx:viewForKey(\"from\"); from.alpha = 0.5" : "")
          if ctx.isPresenting then
            view.frame = \(ignoreFinalFrame ? "CGRect(0, 0, 100, 100)" : "ctx:finalFrame(ctx:viewControllerForKey(\"to\"))")
            view.alpha = 0
            ctx.containerView:addSubview(view)
          end
          UIView.animate{duration = 0.3, animations = function()
            view.alpha = ctx.isPresenting and 1 or 0
          end, completion = function(finished)
            \(raiseInCompletion ? "error(\"the completion broke\")" : "")
            local cancelled = ctx:transitionWasCancelled()
            if cancelled then view.alpha = ctx.isPresenting and 0 or 1 end
            if not ctx.isPresenting and not cancelled then view:removeFromSuperview() end
            \(neverComplete ? "" : "ctx:completeTransition(not cancelled)")
            \(completeTwice ? "ctx:completeTransition(not cancelled)" : "")
          end}
        end

        return {
          title = "Sheet", summary = "A right-half sheet.",
          presentationStyle = "custom",
          interaction = {dismissal = {distance = 195}},
          animator = {transitionDuration = function() return 0.3 end, animateTransition = animateTransition},
          presentationController = {
            frameOfPresentedViewInContainerView = function(self)
              local b = self.containerView.bounds
              return CGRect(b.width / 2, 0, b.width / 2, b.height)
            end,
            presentationTransitionWillBegin = function(self)
              self.dimmingView = UIView.new{name = "dimming", frame = self.containerView.bounds,
                                            backgroundColor = UIColor.black:withAlphaComponent(0.4)}
              self.dimmingView.alpha = 0
              self.containerView:insertSubview(self.dimmingView, 0)
              self.transitionCoordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 1 end)
            end,
            presentationTransitionDidEnd = function(self, completed)
              if not completed then \(keepDimmingOnCancel ? "" : "self.dimmingView:removeFromSuperview()") end
            end,
            dismissalTransitionWillBegin = function(self)
              local coordinator = self.transitionCoordinator
              coordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 0 end,
                function() if coordinator.isCancelled then self.dimmingView.alpha = 1 end end)
            end,
            dismissalTransitionDidEnd = function(self, completed)
              if completed then \(keepDimmingAfterDismissal ? "" : "self.dimmingView:removeFromSuperview()") end
            end,
            containerViewWillLayoutSubviews = function(self)
              self.dimmingView.frame = self.containerView.bounds
              \(layoutPresented ? "self.presentedView.frame = self.frameOfPresentedViewInContainerView" : "")
            end,
          },
        }
        """
    }

    /// Every scenario but interactive-present and drag-presented (the sheet's gesture dismisses only), tap-to-dismiss (it
    /// has no tap recognizer), interactive-scrolled (it holds no scroll view) and the navigation ones (a sheet is not pushed).
    @Test(arguments: Scenario.allCases.filter {
        ![.interactivePresent, .dragPresented, .tapToDismiss, .interactiveScrolled].contains($0) && !$0.isNavigation
    })
    func correctSheetPasses(scenario: Scenario) {
        let outcome = run(Self.sheet(), name: "sheet", scenario: scenario)
        #expect(outcome.problems.isEmpty, "\(scenario.rawValue): \(outcome.problems)")
        #expect(outcome.skipped == nil)
    }

    @Test func neverCompleting() {
        let outcome = run(Self.sheet(neverComplete: true), name: "sheet", scenario: .present)
        #expect(outcome.problems.map(\.description) == ["sheet: animator.animateTransition: sheet.lua:1: completeTransition is never called: UIKit would "
            + "leave the app frozen (the window ignores touches and nothing completes); call it in the last animation's completion"])
        #expect(outcome.problems.map(\.severity) == [.error])
    }

    @Test func completingTwice() {
        let outcome = run(Self.sheet(completeTwice: true), name: "sheet", scenario: .present)
        #expect(outcome.problems.map(\.description) == ["sheet: completion: sheet.lua:17: completeTransition was called a second time; UIKit ignores every call after the first"])
        #expect(outcome.problems.map(\.severity) == [.warning], "UIKit ignores it: hygiene, not a bug users see")
    }

    @Test func dimmingLeftAfterDismissal() {
        let outcome = run(Self.sheet(keepDimmingAfterDismissal: true), name: "sheet", scenario: .presentThenDismiss)
        #expect(outcome.problems.map(\.description) == ["sheet: presentationController.dismissalTransitionDidEnd: sheet.lua:46: 'dimming', added by the "
            + "presentation controller, is still there after a completed dismissal; remove it in dismissalTransitionDidEnd(true)"])
        #expect(outcome.problems.map(\.severity) == [.warning], "UIKit discards the container, and the dimming view with it")
    }

    /// A view put into the presenting screen's own view rather than the
    /// container stays on that screen when the container goes: after the
    /// dismissal the user is back on a screen that is not as they left it.
    @Test func aViewLeftInThePresentingViewAfterDismissal() {
        func onPresenter(_ source: String) -> String {
            source.replacingOccurrences(of: "self.containerView:insertSubview(self.dimmingView, 0)",
                                        with: "self.presentingViewController.view:addSubview(self.dimmingView)")
        }
        let kept = run(onPresenter(Self.sheet(keepDimmingAfterDismissal: true)), name: "sheet", scenario: .presentThenDismiss)
        #expect(kept.problems.map(\.message) == ["'dimming' was added to the presenting view during the presentation and is "
            + "still in it after the dismissal; remove it when the dismissal completes (dismissalTransitionDidEnd(true), "
            + "or the completion of the animation that hid it)"])
        #expect(kept.problems.map(\.severity) == [.warning])
        #expect(kept.problems.first?.hook == "presentationController.dismissalTransitionDidEnd")
        // Removed in dismissalTransitionDidEnd, as the sheet does: nothing to say.
        let removed = run(onPresenter(Self.sheet()), name: "sheet", scenario: .presentThenDismiss)
        #expect(removed.problems.isEmpty, "\(removed.problems)")
        // Removed in the completion of the dismissal's alongside animation (which
        // UIKit runs after dismissalTransitionDidEnd): nothing to say either.
        let alongside = run(onPresenter(Self.sheet(keepDimmingAfterDismissal: true)).replacingOccurrences(
            of: "function() if coordinator.isCancelled then self.dimmingView.alpha = 1 end end",
            with: "function() if coordinator.isCancelled then self.dimmingView.alpha = 1 else self.dimmingView:removeFromSuperview() end end"),
            name: "sheet", scenario: .presentThenDismiss)
        #expect(alongside.problems.isEmpty, "\(alongside.problems)")
        // Left by an animator, in an entry with no presentation controller: placed
        // at the animator's animateTransition (the function's first line), not at
        // a controller the entry never wrote.
        let source = """
        local function animateTransition(ctx)
          local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          if ctx.isPresenting then
            view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            ctx.containerView:addSubview(view)
            ctx:viewControllerForKey("from").view:addSubview(UIView.new{name = "snap"})
          end
          UIView.animate{duration = 0.3, animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
            completion = function() ctx:completeTransition(true) end}
        end
        return {
          title = "Snap", summary = "Leaves a view on the presenter.", presentationStyle = "custom",
          animator = {transitionDuration = function() return 0.3 end, animateTransition = animateTransition},
        }
        """
        let snapshot = run(source, name: "snap", scenario: .presentThenDismiss)
        let line = source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("local function animateTransition") }! + 1
        #expect(snapshot.problems.map(\.hook) == ["animator.animateTransition"], "\(snapshot.problems)")
        #expect(snapshot.problems.first?.location?.line == line)
        #expect(snapshot.problems.first?.message.hasPrefix("'snap' was added to the presenting view") == true)
    }

    /// A view the animator put in the container and left there is not the
    /// presentation controller's: no warning blames the controller for it
    /// (UIKit discards the container with it).
    @Test func aViewTheAnimatorLeftIsNotBlamedOnThePresentationController() {
        // On the same line, so the sheet's line numbers stay as they are.
        func withBackdrop(_ source: String) -> String {
            source.replacingOccurrences(of: "ctx.containerView:addSubview(view)", with: "ctx.containerView:addSubview(view) "
                + "ctx.containerView:insertSubview(UIView.new{name = \"backdrop\", frame = ctx.containerView.bounds}, 0)")
        }
        let source = withBackdrop(Self.sheet())
        #expect(source.contains("backdrop"))
        #expect(run(source, name: "sheet", scenario: .presentThenDismiss).problems.isEmpty)
        // The controller's own view, left behind, is still reported, and alone.
        let kept = run(withBackdrop(Self.sheet(keepDimmingAfterDismissal: true)), name: "sheet", scenario: .presentThenDismiss)
        #expect(kept.problems.map(\.description) == ["sheet: presentationController.dismissalTransitionDidEnd: sheet.lua:46: 'dimming', added by the "
            + "presentation controller, is still there after a completed dismissal; remove it in dismissalTransitionDidEnd(true)"])
        // A view the controller adds outside its will-begin hooks (in a layout pass) is still its own.
        let lazy = run(withBackdrop(Self.sheet()).replacingOccurrences(of: "self.dimmingView.frame = self.containerView.bounds", with:
            "self.dimmingView.frame = self.containerView.bounds if not self.lazy then self.lazy = UIView.new{name = \"lazy\"} "
            + "self.containerView:addSubview(self.lazy) end"), name: "sheet", scenario: .presentThenDismiss)
        #expect(lazy.problems.map(\.message).contains { $0.hasPrefix("'lazy', added by the presentation controller, is still there after a completed dismissal") },
                "\(lazy.problems)")
        #expect(!lazy.problems.map(\.message).contains { $0.contains("backdrop") })
    }

    @Test func dimmingForgottenOnACancelledPresentation() {
        let outcome = run(Self.sheet(keepDimmingOnCancel: true), name: "sheet", scenario: .present,
                          interaction: .drag(to: 0.3, then: .cancel))
        #expect(outcome.problems.map(\.description) == ["sheet: presentationController.presentationTransitionDidEnd: sheet.lua:38: 'dimming', added by the "
            + "presentation controller, is still there after a cancelled presentation; remove it in presentationTransitionDidEnd(false)"])
        #expect(outcome.problems.map(\.severity) == [.warning], "a cancelled presentation's container goes too")
    }

    @Test func indexingTheNilFromView() {
        let outcome = run(Self.sheet(useFromView: true), name: "sheet", scenario: .present)
        let first = outcome.problems.first?.description ?? ""
        #expect(first.hasPrefix("sheet: animateTransition: sheet.lua:3: attempt to index a nil value (local 'from') "
            + "(ctx:viewForKey(\"from\") is nil here: this presentation keeps the presenter's view in the window"))
    }

    @Test func ignoringTheFinalFrame() {
        // A controller that lays the view out would put it right (UIKit too); this one does not.
        let source = Self.sheet(ignoreFinalFrame: true, layoutPresented: false)
        let outcome = run(source, name: "sheet", scenario: .present)
        let hookLine = line(of: "frameOfPresentedViewInContainerView = function", in: source)
        #expect(outcome.problems.map(\.description) == ["sheet: presentationController.frameOfPresentedViewInContainerView: sheet.lua:\(hookLine): "
            + "the presented view ends at (0, 0, 100, 100) but "
            + "frameOfPresentedViewInContainerView (finalFrame(for:)) is (195, 0, 195, 844); set its frame to finalFrame"])
        #expect(outcome.problems.map(\.severity) == [.error], "the entry asked for that frame: the view is on screen in the wrong place")
    }

    @Test func raisingInACompletion() {
        let outcome = run(Self.sheet(raiseInCompletion: true), name: "sheet", scenario: .present)
        #expect(outcome.problems.first?.description == "sheet: completion: sheet.lua:12: the completion broke")
        // One root cause, one error: the completeTransition it never reached is not a second one.
        #expect(outcome.problems.count == 1, "\(outcome.problems.map(\.description))")
    }
}

import LuaBindings
import Testing
import Transitions

/// Appearance callbacks made by hand: the balanced pattern the docs give passes every scenario, drags that cancel
/// included; a call on a controller UIKit tells itself, a begin left open after the last transition, are found at
/// their lines; an end made after completeTransition is in time.
@Suite struct AppearanceBindingTests {
    /// A fade with a pan both ways (cancelled drags put the alpha back), and presentation-controller hooks `hooks`.
    static func entry(_ hooks: String, completion: String = "") -> String {
        """
        return {
          title = "t", summary = "s",
          presentationStyle = "custom",
          interaction = {dismissal = {gesture = "pan", direction = "down"}, presentation = {gesture = "pan", direction = "up"}},
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished)
                  local cancelled = ctx:transitionWasCancelled()
                  if cancelled then view.alpha = presenting and 0 or 1 end
                  if presenting == cancelled then view:removeFromSuperview() end
                  ctx:completeTransition(not cancelled)
                  \(completion)
                end}
            end,
          },
          presentationController = {
        \(hooks)
          },
        }
        """
    }

    static let balanced = """
            presentationTransitionWillBegin = function(self) self.presentingViewController:beginAppearanceTransition(false, true) end,
            presentationTransitionDidEnd = function(self, completed)
              if not completed then self.presentingViewController:beginAppearanceTransition(true, true) end
              self.presentingViewController:endAppearanceTransition()
            end,
            dismissalTransitionWillBegin = function(self) self.presentingViewController:beginAppearanceTransition(true, true) end,
            dismissalTransitionDidEnd = function(self, completed)
              if not completed then self.presentingViewController:beginAppearanceTransition(false, true) end
              self.presentingViewController:endAppearanceTransition()
            end,
        """

    static func unbalanced(_ outcome: ScenarioOutcome) -> [Problem] {
        outcome.problems.filter { $0.rule == "unbalanced-appearance-calls" }
    }

    /// Turning back before the end (a cancelled drag) is what UIKit does itself: no finding in any scenario.
    @Test(arguments: Scenario.allCases.filter { !$0.isNavigation })
    func theBalancedPatternPassesEveryScenario(scenario: Scenario) {
        let outcome = run(Self.entry(Self.balanced), scenario: scenario)
        #expect(outcome.problems.isEmpty, "\(scenario.rawValue): \(outcome.problems)")
    }

    /// The presented controller is told by UIKit on its way in: a begin by hand, before UIKit's own, is a second one.
    @Test func aCallOnAControllerUIKitTellsIsFound() {
        let hooks = "presentationTransitionWillBegin = function(self) self.presentedViewController:beginAppearanceTransition(true, true) end,"
        let source = Self.entry(hooks)
        let found = Self.unbalanced(run(source, scenario: .present))
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.location?.line == line(of: "self.presentedViewController:beginAppearanceTransition", in: source))
        #expect(found.first?.message.contains("told of its appearance by UIKit itself") == true, "\(found)")
    }

    /// Ended in the animation's completion after completeTransition: the presenter is told before anything else
    /// happens, which is in time.
    @Test func anEndAfterCompleteTransitionIsInTime() {
        let hooks = "presentationTransitionWillBegin = function(self) self.presentingViewController:beginAppearanceTransition(false, true) end,"
        let outcome = run(Self.entry(hooks, completion: "if presenting then ctx:viewControllerForKey(\"from\"):endAppearanceTransition() end"),
                          scenario: .present)
        #expect(Self.unbalanced(outcome).isEmpty, "\(outcome.problems)")
    }

    /// Begun in work scheduled after the dismissal and never ended: said when the run settles, at the begin's line.
    @Test func aBeginLeftOpenAfterTheLastTransitionIsFound() {
        let hooks = """
            dismissalTransitionDidEnd = function(self, completed)
              local presenter = self.presentingViewController
              DispatchQueue.main:asyncAfter(0.1, function() presenter:beginAppearanceTransition(false, true) end)
            end,
        """
        let source = Self.entry(hooks)
        let found = Self.unbalanced(run(source, scenario: .presentThenDismiss))
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.location?.line == line(of: "presenter:beginAppearanceTransition", in: source))
        #expect(found.first?.message.contains("was never ended") == true, "\(found)")
    }
}

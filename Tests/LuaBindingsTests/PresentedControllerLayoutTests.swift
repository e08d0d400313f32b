import Foundation
import Geometry
import LuaBindings
import Testing
import Transitions

/// An entry's `presentedViewController` functions, the presented controller's own overrides: an over-full-screen
/// card laid out by the controller, not by a presentation controller, follows a rotation.
@Suite struct PresentedControllerLayoutTests {
    static func entry(_ hooks: String) -> String {
        """
        local card
        local function animateTransition(ctx)
          local to = ctx:viewForKey("to")
          if ctx.isPresenting then
            to.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            card = UIView.new{name = "card", frame = CGRect(0, 0, 300, 200), backgroundColor = UIColor.white}
            to:addSubview(card)
            ctx.containerView:addSubview(to)
          end
          ctx:completeTransition(true)
        end
        return {title = "Card", summary = "Card.", presentationStyle = "overFullScreen", screen = "clear",
                animator = {transitionDuration = function() return 0.3 end, animateTransition = animateTransition},
                presentedViewController = {
        \(hooks)
                }}
        """
    }

    static let centring = """
          viewWillLayoutSubviews = function(controller)
            local b = controller.view.bounds
            card.frame = CGRect((b.width - 300) / 2, (b.height - 200) / 2, 300, 200)
          end,
          viewWillTransition = function(controller, size, coordinator)
            told = string.format("%dx%d", size.width, size.height)
          end,
        """

    @Test func theCardIsCentredWhenPresentedAndAgainAfterTheRotation() throws {
        var options = ScenarioOptions()
        options.sampling = true
        let outcome = run(Self.entry(Self.centring), scenario: .rotation, options: options)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let trace = try #require(outcome.trace)
        let card = trace.samples.compactMap { sample in sample.views.first { $0.name == "card" } }
        // Presented in 390 × 844: (390 − 300) / 2, (844 − 200) / 2; after the turn to 844 × 390: (844 − 300) / 2, (390 − 200) / 2.
        #expect(card.first?.frame == Rect(x: 45, y: 322, width: 300, height: 200))
        #expect(card.last?.frame == Rect(x: 272, y: 95, width: 300, height: 200))
        // Told of the size before it is laid out at it, through the presentation controller's own.
        let hooks = trace.hooks.map { [$0.hook, $0.detail ?? ""].joined(separator: " ") }
        let told = try #require(hooks.firstIndex(of: "viewWillTransition(to:with:) presented 844x390"))
        let laidOut = try #require(hooks.firstIndex(of: "viewWillLayoutSubviews presented 844x390"))
        #expect(hooks.firstIndex(of: "viewWillTransition(to:with:) 844x390").map { $0 < told } == true)
        #expect(told < laidOut)
        #expect(hooks.filter { $0.hasPrefix("viewWillLayoutSubviews") } == ["viewWillLayoutSubviews presented 390x844",
                                                                            "viewWillLayoutSubviews presented 844x390"])
    }

    /// A dismissal's animator that resizes the screen has it laid out in the same turn, before the next frame is drawn.
    @Test func aResizeByTheDismissalsAnimatorIsLaidOutAtOnce() throws {
        let dismissal = """
              if not ctx.isPresenting then
                to = ctx:viewForKey("from")
                to.frame = CGRect(0, 0, 200, 600)
                UIView.animate{duration = 0.3, animations = function() to.alpha = 0 end,
                               completion = function() ctx:completeTransition(true) end}
                return
              end
              ctx:completeTransition(true)
            """
        let source = Self.entry(Self.centring).replacingOccurrences(of: "  ctx:completeTransition(true)\n", with: dismissal)
        let outcome = run(source, scenario: .dismiss)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let hooks = try #require(outcome.trace?.hooks)
        let animated = try #require(hooks.last { $0.hook == "animateTransition" })
        let laidOut = try #require(hooks.first { $0.hook == "viewWillLayoutSubviews" && $0.detail == "presented 200x600" })
        #expect(laidOut.time == animated.time, "\(laidOut.time) against \(animated.time)")
    }

    /// A layout pass that moves the controller's own view (UIKit sizes it) leaves it off its frame after the turn: the
    /// error is the hook's, at its line, not a presentation controller's the entry does not have.
    @Test func aHookThatResizesItsOwnViewIsBlamed() {
        let source = Self.entry("""
              viewWillLayoutSubviews = function(controller)
                local f = controller.view.frame
                controller.view.frame = CGRect(f.minX, f.minY, f.width + 1, f.height) -- grows
              end,
            """)
        let outcome = run(source, scenario: .rotation)
        let error = outcome.errors.first { $0.rule == "not-laid-out-after-size-change" }
        #expect(error?.hook == "presentedViewController.viewWillLayoutSubviews", "\(outcome.problems)")
        #expect(error?.location?.line == line(of: "viewWillLayoutSubviews = function", in: source), "\(outcome.problems)")
        #expect(error?.message.contains("moves what is inside its view, not the view itself") == true)
        // Resized in viewWillTransition's alongside animation instead: that hook's.
        let along = Self.entry("""
              viewWillTransition = function(controller, size, coordinator)
                coordinator:animateAlongsideTransition(function() controller.view.frame = CGRect(0, 0, 100, 100) end)
              end,
            """)
        let turned = run(along, scenario: .rotation).errors.first { $0.rule == "not-laid-out-after-size-change" }
        #expect(turned?.hook == "presentedViewController.viewWillTransition", "\(String(describing: turned))")
    }

    @Test func aFailingHookIsAnErrorAtItsLine() {
        let source = Self.entry("""
              viewWillLayoutSubviews = function(controller)
                controller.view.bounds.nothing.width = 1
              end,
            """)
        let outcome = run(source, scenario: .present)
        let problem = outcome.problems.first { $0.message.contains("CGRect has no field 'nothing'") }
        #expect(problem != nil, "\(outcome.problems)")
        // The hook's body is the entry's 16th line (counted by hand in `entry`).
        #expect(problem?.line == 16, "\(outcome.problems)")
    }

    @Test func hooksInTheWrongPlaceAreNamed() {
        let misspelt = run(Self.entry("viewWillLayoutSubview = function(controller) end,"), scenario: .present)
        #expect(misspelt.problems.contains { $0.message.contains("did you mean 'viewWillLayoutSubviews'") }, "\(misspelt.problems)")
        let inController = run("""
            return {title = "Card", summary = "Card.", presentationStyle = "custom",
                    animator = {transitionDuration = function() return 0.3 end, animateTransition = function(ctx) ctx:completeTransition(true) end},
                    presentationController = {viewWillLayoutSubviews = function(self) end}}
            """, scenario: .present)
        #expect(inController.problems.contains { $0.message.contains("put it inside presentedViewController") }, "\(inController.problems)")
    }
}

import Foundation
import LuaBindings
import Testing
import Transitions

/// `interaction.dismissal.controller`: an interaction controller of the entry's own. UIKit calls its
/// startInteractiveTransition instead of the animator's animateTransition, the recognizer's action hands it each move and
/// the lift, and it drives the transition through ctx itself.
@Suite struct OwnInteractionControllerTests {
    /// A full-screen sheet whose own controller moves it with the finger, tells UIKit y / 844, and at the lift goes away
    /// past 300 points (not when the system took the touch) or comes back, in 0.2 s, linearly.
    static func entry(controller: String = Self.follow, beside: String = "") -> String {
        """
        return {
          title = "t", summary = "s",
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then view.frame = ctx:finalFrame(ctx:viewControllerForKey("to")); ctx.containerView:addSubview(view) end
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function()
                  if not presenting then view:removeFromSuperview() end
                  ctx:completeTransition(true)
                end}
            end,
          },
          interaction = {
            dismissal = {
              gesture = "pan", direction = "down",\(beside)
              controller = {
        \(controller)
              },
            },
          },
        }
        """
    }

    static let follow = """
                startInteractiveTransition = function(self, ctx)
                  self.ctx = ctx
                  self.view = ctx:viewForKey("from")
                end,
                changed = function(self, g)
                  self.view.transform = CGAffineTransformMakeTranslation(0, g.translation.y)
                  self.ctx:updateInteractiveTransition(g.translation.y / 844)
                end,
                ended = function(self, g)
                  local away = g.state == "ended" and g.translation.y > 300
                  if away then self.ctx:finishInteractiveTransition() else self.ctx:cancelInteractiveTransition() end
                  UIView.animate{duration = 0.2, options = {"curveLinear"},
                    animations = function() self.view.transform = CGAffineTransformMakeTranslation(0, away and 844 or 0) end,
                    completion = function()
                      if away then self.view:removeFromSuperview() end
                      self.ctx:completeTransition(away)
                    end}
                end,
        """

    /// The hooks of the dismissal, from its start, as "name(detail)".
    static func dismissal(_ outcome: ScenarioOutcome) -> [HookEvent] {
        let hooks = outcome.trace?.hooks ?? []
        guard let start = hooks.lastIndex(where: { $0.hook == "transitionDuration" }) else { return [] }
        return Array(hooks[start...])
    }

    @Test func aDragLetGoPastItsRuleGoesAwayDrivenByTheEntry() throws {
        let outcome = run(Self.entry(), scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let hooks = Self.dismissal(outcome)
        let names = hooks.map(\.hook)
        #expect(names.contains("startInteractiveTransition"))
        #expect(!names.contains("animateTransition"), "UIKit does not call the animator's animateTransition for an own controller")
        // check drags 70 % of the container's height (844 points) and lets go: the last percent told is 0.7.
        let updates = hooks.filter { $0.hook == "updateInteractiveTransition" }.compactMap { $0.detail.flatMap(Double.init) }
        #expect(abs((updates.last ?? 0) - 0.7) <= 5e-4, "\(updates)")
        let finish = try #require(hooks.first { $0.hook == "finishInteractiveTransition" })
        let complete = try #require(hooks.first { $0.hook == "completeTransition" })
        #expect(complete.detail == "true")
        // The entry's own 0.2 s from the lift, on the clock (nothing scrubbed).
        #expect(abs(complete.time - finish.time - 0.2) < 1.0 / 60 + 1e-9)
        #expect(!names.contains("cancelInteractiveTransition"))
    }

    @Test func aGestureTheSystemTakesAwayComesBack() {
        let outcome = run(Self.entry(), scenario: .interactiveCancel50)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let hooks = Self.dismissal(outcome)
        #expect(hooks.contains { $0.hook == "cancelInteractiveTransition" })
        #expect(hooks.last { $0.hook == "completeTransition" }?.detail == "false")
    }

    /// Completing while the gesture still drives it (neither finished nor cancelled) is the contract's error, at its line.
    @Test func completingBeforeFinishingIsAnError() {
        let source = Self.entry(controller: Self.follow.replacingOccurrences(
            of: "if away then self.ctx:finishInteractiveTransition() else self.ctx:cancelInteractiveTransition() end",
            with: "self.ctx:completeTransition(away) -- too soon"))
        let outcome = run(source, scenario: .interactiveFinish)
        let error = outcome.errors.first { $0.rule == "completed-while-interactive" }
        #expect(error?.location?.line == line(of: "-- too soon", in: source), "\(outcome.problems)")
    }

    @Test func aFailingFunctionIsReportedAtItsLine() {
        let source = Self.entry(controller: Self.follow.replacingOccurrences(
            of: "self.ctx:updateInteractiveTransition(g.translation.y / 844)", with: "self.ctx:updateInteractiveTransition(g.nope.y)"))
        let outcome = run(source, scenario: .interactiveFinish)
        let error = outcome.errors.first
        #expect(error?.location?.line == line(of: "g.nope.y", in: source), "\(outcome.problems)")
        #expect(error?.hook == "interaction.dismissal.controller.changed", "\(outcome.problems)")
    }

    /// What cannot be an own controller is said when the entry loads.
    @Test func aControllerThatCannotBeIsRefusedWhenLoaded() {
        let cases: [(source: String, says: String)] = [
            (Self.entry(beside: "\n          progress = function(g, size) return 0 end,"),
             "interaction.dismissal.progress is UIKit's percent-driven controller's"),
            (Self.entry(controller: "changed = function(self, g) end,"), "needs startInteractiveTransition(self, ctx)"),
            (Self.entry(controller: Self.follow + "\n        chnaged = function(self, g) end,"), "did you mean 'changed'"),
            (Self.entry(controller: Self.follow + "\n        ended2 = 3,"), "has no field 'ended2'"),
            (Self.entry(controller: "startInteractiveTransition = true,"), "startInteractiveTransition must be a function(self, ctx)"),
            (Self.entry().replacingOccurrences(of: "dismissal = {", with: "presented = {"), "interaction.presented moves views itself"),
        ]
        for (source, says) in cases {
            let outcome = run(source, scenario: .present)
            #expect(outcome.errors.contains { $0.message.contains(says) }, "\(says): \(outcome.problems)")
        }
    }
}

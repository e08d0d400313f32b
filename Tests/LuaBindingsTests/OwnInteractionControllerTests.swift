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

    /// A controller that never completes is told so at its `ended`, not at the animator UIKit never called.
    @Test func aTransitionNeverCompletedIsTheControllersEnded() {
        let source = Self.entry(controller: Self.follow.replacingOccurrences(
            of: "ended = function(self, g)", with: "ended = function(self, g) do return end -- never"))
        let outcome = run(source, scenario: .interactiveFinish)
        let error = outcome.errors.first { $0.rule == "never-completed" }
        #expect(error?.hook == "interaction.dismissal.controller.ended", "\(outcome.problems)")
        #expect(error?.location?.line == line(of: "-- never", in: source), "\(outcome.problems)")
    }

    /// UIKit ignores a cancel after a finish, and interactive calls on a transition nothing interactive drives: each is
    /// said at its line, and nothing changes.
    @Test func callsUIKitIgnoresAreSaidAndIgnored() {
        let late = Self.entry(controller: Self.follow.replacingOccurrences(
            of: "if away then self.ctx:finishInteractiveTransition() else self.ctx:cancelInteractiveTransition() end",
            with: "self.ctx:finishInteractiveTransition(); self.ctx:cancelInteractiveTransition() -- late"))
        let outcome = run(late, scenario: .interactiveFinish)
        let warning = outcome.problems.first { $0.message.contains("after the transition's interaction was already finished") }
        #expect(warning?.location?.line == line(of: "-- late", in: late), "\(outcome.problems)")
        #expect(Self.dismissal(outcome).last { $0.hook == "completeTransition" }?.detail == "true")
        // An animator's transition, not interactive: the update and the cancel change nothing, and it presents.
        let plain = Self.entry().replacingOccurrences(of: "if presenting then view.frame",
                                                      with: "ctx:updateInteractiveTransition(0.5); ctx:cancelInteractiveTransition() -- ignored\n if presenting then view.frame")
        #expect(plain.contains("-- ignored"))
        let presented = run(plain, scenario: .present)
        let said = presented.problems.filter { $0.message.contains("no interaction controller drives") }
        #expect(said.count == 2 && said.allSatisfy { $0.location?.line == line(of: "-- ignored", in: plain) }, "\(presented.problems)")
        #expect(presented.trace?.hooks.contains { $0.hook == "completeTransition" && $0.detail == "true" } == true)
        #expect(presented.trace?.hooks.contains { $0.hook == "cancelInteractiveTransition" } == false)
    }

    /// A display link that completes the transition and then invalidates itself, in one call of its function, is not
    /// one the transition left running: the next frame it would not have run.
    @Test func aLinkInvalidatedAfterCompletingInTheSameCallIsNotLeftRunning() {
        let linked = """
                startInteractiveTransition = function(self, ctx) self.ctx = ctx end,
                ended = function(self, g)
                  local link = CADisplayLink.new(function(link)
                    self.ctx:finishInteractiveTransition()
                    self.ctx:viewForKey("from"):removeFromSuperview()
                    self.ctx:completeTransition(true)
                    link:invalidate()
                  end)
                  link:add()
                end,
        """
        let source = Self.entry(controller: linked)
        #expect(source.contains("link:invalidate()"))
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.trace?.hooks.contains { $0.hook == "displayLinkInvalidated" } == false)
        // The same from an animation's completion: a link started before, invalidated right after completing.
        let fromAnimation = Self.entry(controller: """
                startInteractiveTransition = function(self, ctx) self.ctx = ctx end,
                ended = function(self, g)
                  local link = CADisplayLink.new(function(link) end)
                  link:add()
                  UIView.animate{duration = 0.1, animations = function() self.ctx:viewForKey("from").alpha = 0 end,
                    completion = function()
                      self.ctx:finishInteractiveTransition()
                      self.ctx:viewForKey("from"):removeFromSuperview()
                      self.ctx:completeTransition(true)
                      link:invalidate()
                    end}
                end,
        """)
        let animated = run(fromAnimation, scenario: .interactiveFinish)
        #expect(animated.problems.isEmpty, "\(animated.problems)")
        // Completing and leaving it running is still said.
        let left = run(source.replacingOccurrences(of: "link:invalidate()", with: ""), scenario: .interactiveFinish)
        #expect(left.problems.contains { $0.message.contains("still running when the transition ended") }, "\(left.problems)")
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

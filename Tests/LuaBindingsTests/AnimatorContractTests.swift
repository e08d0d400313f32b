import Foundation
import LuaBindings
import LuaRuntime
import Testing
import Transitions

/// Breaches a hostile or careless animator commits that UIKit lets pass
/// silently, and that check reports at the script's own lines.
@Suite struct AnimatorContractTests {
    @Test func anInterruptibleAnimatorMustAnswerTheSameAnimatorEachTime() {
        let source = PropertyAnimatorTests().entry("", interaction: "interaction = {dismissal = {}},", interruptible: true)
            .replacingOccurrences(of: "interruptibleAnimator = function(ctx) current = current or make(ctx); return current end",
                                  with: "interruptibleAnimator = function(ctx) current = make(ctx); return current end")
        let outcome = run(source, scenario: .interactiveFinish)
        let error = outcome.errors.first { $0.message.contains("returned a different UIViewPropertyAnimator") }
        #expect(error?.location?.line == line(of: "interruptibleAnimator = function", in: source), "\(outcome.problems)")
    }

    @Test func questionHooksMayNotEndOrDriveTheTransition() {
        let early = PropertyAnimatorTests().entry("", interaction: "interaction = {dismissal = {}},", interruptible: true)
            .replacingOccurrences(of: "interruptibleAnimator = function(ctx) current = current or make(ctx); return current end",
                                  with: "interruptibleAnimator = function(ctx) current = current or make(ctx)\n ctx:completeTransition(true); return current end")
        let outcome = run(early, scenario: .interactiveFinish)
        let error = outcome.errors.first { $0.message.contains("completeTransition inside interruptibleAnimator") }
        #expect(error?.location?.line == line(of: "ctx:completeTransition(true); return current", in: early), "\(outcome.problems)")

        let driving = GestureBindingTests().entry("{dismissal = {progress = function(g, size) ctx:finishInteractiveTransition() return 0.5 end}}")
            .replacingOccurrences(of: "animateTransition = function(ctx)", with: "animateTransition = function(c) ctx = c")
        let driven = run(driving, scenario: .interactiveFinish)
        #expect(driven.errors.contains { $0.message.contains("finishInteractiveTransition inside interaction.dismissal.progress") },
                "\(driven.problems)")
    }

    @Test func aLimitHitInsideTheHostsOwnLuaIsPlacedAtTheScriptsCall() {
        // UIView.new runs partly in the prelude, Segue's own Lua: the time runs out there.
        let source = """
            return {
              title = "t", summary = "s",
              animator = {
                transitionDuration = function(ctx) return 0.3 end,
                animateTransition = function(ctx)
                  while true do ctx.containerView:addSubview(UIView.new{frame = CGRect(0, 0, 1, 1)}) end
                end,
              },
            }
            """
        var options = ScenarioOptions()
        options.limits = SandboxLimits(time: .milliseconds(200))
        let outcome = run(source, scenario: .present, options: options)
        let error = outcome.errors.first { $0.message.contains("time limit") || $0.message.contains("memory limit") }
        #expect(error?.file?.hasSuffix("sample.lua") == true, "\(outcome.problems)")
        #expect(error?.line == line(of: "while true do", in: source), "\(outcome.problems)")
    }

    @Test func animationsThatNeverSettleAreReported() {
        // Each completion starts the next animation: the screen never comes to rest.
        let source = """
            local function bounce(view, up)
              UIView.animate{duration = 0.25, animations = function() view.alpha = up and 1 or 0.5 end,
                             completion = function() bounce(view, not up) end}
            end
            return {
              title = "t", summary = "s",
              animator = {
                transitionDuration = function(ctx) return 0.3 end,
                animateTransition = function(ctx)
                  local view = ctx:viewForKey("to")
                  view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                  ctx.containerView:addSubview(view)
                  ctx:completeTransition(true)
                  bounce(view, false)
                end,
              },
            }
            """
        let outcome = run(source, scenario: .present)
        let warning = outcome.problems.first { $0.message.contains("never lets the screen settle") }
        #expect(warning?.severity == .warning, "\(outcome.problems)")
        #expect(warning?.line == line(of: "animateTransition = function", in: source))
    }
}

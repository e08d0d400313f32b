import Foundation
import LuaBindings
import Testing
import Transitions

/// `UIView.transition{with = view, animations = …}`: the view's content changes at once, and a frozen copy of its old
/// content just above it fades away (a cross-dissolve, linear over 1 s, sampled four times a second: its alpha is one
/// less the time) or curls away, then leaves; and the mistakes named.
@Suite struct ContentTransitionBindingTests {
    static func entry(_ call: String) -> String {
        """
        local function animateTransition(ctx)
          local to = ctx:viewForKey("to")
          to.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          ctx.containerView:addSubview(to)
          local badge = UIView.new{name = "badge", frame = CGRect(10, 10, 50, 50), backgroundColor = UIColor.black}
          to:addSubview(badge)
          \(call)
        end
        return {title = "Content", summary = "Content.", presentationStyle = "fullScreen",
                animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition}}
        """
    }

    static func outcome(_ source: String) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 4
        return run(source, scenario: .present, options: options)
    }

    @Test func theOldContentFadesAwayOverTheNew() throws {
        let result = Self.outcome(Self.entry("""
            UIView.transition{with = badge, duration = 1, options = {"transitionCrossDissolve", "curveLinear"},
                              animations = function() badge.backgroundColor = UIColor.white; badge.alpha = 0.5 end,
                              completion = function(finished) ctx:completeTransition(finished) end}
            """))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let samples = try #require(result.trace?.samples)
        // The change is made at once: the badge is white and half transparent in the first sample, not animated.
        let badge = samples.compactMap { sample in sample.views.first { $0.name == "badge" } }
        #expect(badge.allSatisfy { $0.alpha == 0.5 }, "\(badge.map(\.alpha))")
        // The copy of the old (black, opaque) badge sits just above it, in its superview, and fades 1 → 0 with the clock.
        let copies = samples.compactMap { sample in sample.views.first { $0.name == "old content of badge" }.map { (sample.time, $0.alpha) } }
        #expect(copies.map(\.1) == [1, 0.75, 0.5, 0.25], "\(copies)")
        let first = try #require(samples.first)
        let copy = try #require(first.views.firstIndex { $0.name == "old content of badge" })
        let original = try #require(first.views.firstIndex { $0.name == "badge" })
        #expect(copy == original + 1 && first.views[copy].superview == first.views[original].superview)
        // Gone at the end.
        #expect(samples.last.map { !$0.views.contains { $0.name == "old content of badge" } } == true)
    }

    @Test func theOldContentCurlsAwayOrTheNewCurlsDown() throws {
        let up = Self.outcome(Self.entry("""
            UIView.transition{with = badge, duration = 1, options = {"transitionCurlUp", "curveLinear"},
                              completion = function(finished) ctx:completeTransition(finished) end}
            """))
        #expect(up.problems.isEmpty, "\(up.problems)")
        let curls = (up.trace?.samples ?? []).compactMap { sample in sample.views.first { $0.name == "old content of badge" }?.curl }
        #expect(curls == [0, 0.25, 0.5, 0.75], "\(curls)")
        let down = Self.outcome(Self.entry("""
            UIView.transition{with = badge, duration = 1, options = {"transitionCurlDown", "curveLinear"},
                              completion = function(finished) ctx:completeTransition(finished) end}
            """))
        #expect(down.problems.isEmpty, "\(down.problems)")
        let badge = (down.trace?.samples ?? []).compactMap { sample in sample.views.first { $0.name == "badge" }?.curl }
        #expect(badge.prefix(4) == [1, 0.75, 0.5, 0.25] && badge.last == 0, "\(badge)")
    }

    /// A change that takes the view off the screen takes its old content too; one that fails part way still ends in a
    /// transition that completes, and the error is said at its line.
    @Test func aViewTakenAwayOrAFailedChangeLeavesNothingBehind() {
        let gone = Self.outcome(Self.entry("""
            UIView.transition{with = badge, duration = 1, options = {"transitionCrossDissolve"},
                              animations = function() badge:removeFromSuperview() end,
                              completion = function(finished) print("done", finished); ctx:completeTransition(true) end}
            """))
        #expect(gone.problems.isEmpty, "\(gone.problems)")
        #expect(gone.printed.map(\.text) == ["done\ttrue"])
        #expect((gone.trace?.samples ?? []).allSatisfy { !$0.views.contains { $0.name == "old content of badge" } })
        let failing = Self.entry("""
            pcall(function()
                UIView.transition{with = badge, duration = 1, options = {"transitionCrossDissolve"},
                                  animations = function() badge.alpha = 0.5; error("half") end,
                                  completion = function(finished) print("done", finished); ctx:completeTransition(true) end}
              end)
            """)
        let failed = Self.outcome(failing)
        #expect(failed.printed.map(\.text) == ["done\ttrue"], "\(failed.problems)")
        #expect((failed.trace?.samples.last?.views ?? []).allSatisfy { $0.name != "old content of badge" })
    }

    @Test func mistakesAreSaid() {
        for (call, message) in [
            ("UIView.transition{with = badge, duration = 1, options = {\"transitionFlipFromLeft\"}}", "UIKit's flips are not in Segue yet"),
            ("UIView.transition{with = badge, duration = 1}", "give the transition once among the options"),
            ("UIView.transition{with = badge, from = badge, duration = 1, options = {\"transitionCrossDissolve\"}}", "not both"),
            ("UIView.transition{from = badge, to = to, duration = 1, options = {\"transitionCurlUp\"}, animations = function() end}",
             "'animations' goes with 'with'"),
            ("UIView.transition{with = badge, duration = 1, options = {\"transitionCrossDissolve\"}, animations = 3}", "'animations' must be a function"),
        ] {
            let source = Self.entry(call + "\nctx:completeTransition(true)")
            let outcome = run(source, scenario: .present)
            #expect(outcome.errors.first?.message.contains(message) == true, "\(call): \(outcome.problems)")
            #expect(outcome.errors.first?.location?.line == line(of: call.components(separatedBy: "\n")[0], in: source))
        }
    }
}

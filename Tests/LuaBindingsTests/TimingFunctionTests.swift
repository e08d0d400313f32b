import Foundation
import LuaBindings
import Testing
import TestSupport

/// CAMediaTimingFunction and UICubicTimingParameters wherever UIKit takes a
/// timing: the alpha of a 1-second fade at half time is the Bézier's value
/// there, worked out here by bisection on the curve's own polynomial.
@Suite struct TimingFunctionTests {
    /// A fade of the presented view over 1 s, animated by `call` (which
    /// sets `view.alpha = target` in its animations: 1 presenting, 0 dismissing).
    func entry(_ call: String, header: String = "", interaction: String = "") -> String {
        """
        \(header)
        local function animateTransition(ctx)
          local presenting = ctx.isPresenting
          local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          if presenting then
            view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            view.alpha = 0
            ctx.containerView:addSubview(view)
          end
          local target = presenting and 1 or 0
          local function done()
            local cancelled = ctx:transitionWasCancelled()
            if not presenting and not cancelled then view:removeFromSuperview() end
            ctx:completeTransition(not cancelled)
          end
          \(call)
        end
        return {
          title = "Timed", summary = "A timed fade.", presentationStyle = "custom", \(interaction)
          animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition},
        }
        """
    }

    /// The presented view's alpha at 0.5 s.
    func alphaAtHalfTime(_ source: String) throws -> Double {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 10
        let outcome = run(source, scenario: .present, options: options)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let sample = try #require(outcome.trace?.samples.first { abs($0.time - 0.5) < 1e-9 })
        return try #require(sample.views.first { $0.name == "presented" }).alpha
    }

    @Test func aCustomCurveShapesUIViewAnimate() throws {
        let expected = bezierY(x: 0.5, 0.4, 0, 0.2, 1)
        // Far from ease-in-out's 0.5 at half time: the test tells the curves apart.
        #expect(abs(expected - 0.5) > 0.2)
        let media = try alphaAtHalfTime(entry("UIView.animate{duration = 1, timingFunction = CAMediaTimingFunction(0.4, 0, 0.2, 1), "
            + "animations = function() view.alpha = target end, completion = done}"))
        #expect(abs(media - expected) < 1e-4)
        let cubic = try alphaAtHalfTime(entry("UIView.animate{duration = 1, timingFunction = "
            + "UICubicTimingParameters(CGPoint(0.4, 0), CGPoint(0.2, 1)), animations = function() view.alpha = target end, completion = done}"))
        #expect(abs(cubic - expected) < 1e-4)
    }

    @Test func namedCurvesHaveApplesControlPoints() throws {
        // kCAMediaTimingFunctionEaseOut is (0, 0, 0.58, 1).
        let expected = bezierY(x: 0.5, 0, 0, 0.58, 1)
        for spelling in ["CAMediaTimingFunction.easeOut", "CAMediaTimingFunction(\"easeOut\")", "UICubicTimingParameters(\"easeOut\")"] {
            let alpha = try alphaAtHalfTime(entry("UIView.animate{duration = 1, timingFunction = \(spelling), "
                + "animations = function() view.alpha = target end, completion = done}"))
            #expect(abs(alpha - expected) < 1e-4, "\(spelling)")
        }
    }

    @Test func aKeyframeBlockIsWarpedByItsCurve() throws {
        let expected = bezierY(x: 0.5, 0.2, 0.8, 0.2, 1)
        let alpha = try alphaAtHalfTime(entry("UIView.animateKeyframes{duration = 1, timingFunction = CAMediaTimingFunction(0.2, 0.8, 0.2, 1), "
            + "animations = function() UIView.addKeyframe(0, 1, function() view.alpha = target end) end, completion = done}"))
        #expect(abs(alpha - expected) < 1e-4)
    }

    @Test func mistakesAreNamed() {
        func error(_ call: String) -> String {
            run(entry(call), scenario: .present).errors.first?.message ?? ""
        }
        let fade = "animations = function() view.alpha = target end, completion = done}"
        #expect(error("UIView.animate{duration = 1, timingFunction = CAMediaTimingFunction(1.5, 0, 0.2, 1), \(fade)")
            .contains("x within 0…1"))
        #expect(error("UIView.animate{duration = 1, timingFunction = CAMediaTimingFunction(\"easOut\"), \(fade)")
            .contains("did you mean 'easeOut'?"))
        #expect(error("UIView.animate{duration = 1, options = {\"curveEaseIn\"}, timingFunction = CAMediaTimingFunction.easeOut, \(fade)")
            .contains("give the curve once"))
        #expect(error("UIView.animate{duration = 1, usingSpringWithDamping = 0.5, timingFunction = CAMediaTimingFunction.easeOut, \(fade)")
            .contains("a spring has no timing function"))
        #expect(error("UIView.animate{duration = 1, timingFunction = {0.4, 0, 0.2, 1}, \(fade)")
            .contains("must be a CAMediaTimingFunction"))
        #expect(error("local f = CAMediaTimingFunction.easeIn; f.duration = 2; done()").contains("cannot be changed"))
    }

    @Test func anInteractionCompletesAlongACustomCurve() {
        let fade = "UIView.animate{duration = 1, options = {\"curveLinear\"}, animations = function() view.alpha = target end, completion = done}"
        let good = run(entry(fade, interaction: "interaction = {dismissal = {completionCurve = CAMediaTimingFunction(0.2, 0.8, 0.2, 1)}},"),
                       scenario: .interactiveFinish)
        #expect(good.problems.isEmpty, "\(good.problems)")
        let bad = run(entry(fade, interaction: "interaction = {dismissal = {completionCurve = \"easeOutt\"}},"), scenario: .interactiveFinish)
        #expect(bad.errors.contains { $0.message.contains("unknown completionCurve \"easeOutt\"; did you mean \"easeOut\"?") }, "\(bad.problems)")
    }
}

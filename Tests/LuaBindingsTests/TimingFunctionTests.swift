import Foundation
import LuaBindings
import Testing

/// CAMediaTimingFunction and UICubicTimingParameters wherever UIKit takes a
/// timing: the alpha of a 1-second fade at half time is the Bézier's value
/// there, worked out here by bisection on the curve's own polynomial.
@Suite struct TimingFunctionTests {
    /// y where x(t) = x on the Bézier (0,0), (x1,y1), (x2,y2), (1,1).
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func point(_ t: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if point(middle, x1, x2) < x { low = middle } else { high = middle }
        }
        return point((low + high) / 2, y1, y2)
    }

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
        let expected = Self.bezier(0.4, 0, 0.2, 1, at: 0.5)
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
        let expected = Self.bezier(0, 0, 0.58, 1, at: 0.5)
        for spelling in ["CAMediaTimingFunction.easeOut", "CAMediaTimingFunction(\"easeOut\")", "UICubicTimingParameters(\"easeOut\")"] {
            let alpha = try alphaAtHalfTime(entry("UIView.animate{duration = 1, timingFunction = \(spelling), "
                + "animations = function() view.alpha = target end, completion = done}"))
            #expect(abs(alpha - expected) < 1e-4, "\(spelling)")
        }
    }

    @Test func aKeyframeBlockIsWarpedByItsCurve() throws {
        let expected = Self.bezier(0.2, 0.8, 0.2, 1, at: 0.5)
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

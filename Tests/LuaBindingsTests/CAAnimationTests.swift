import Foundation
import LuaBindings
import Testing
import TestSupport
import Transitions

/// Core Animation's explicit animations on a layer: values read back from
/// the trace against Bézier curves and springs solved here, in the test.
@Suite struct CAAnimationTests {
    /// A presentation that puts a 100-point square at y = 50…150 (centre 100)
    /// on the presented screen, runs `body` (with `square` in scope) and
    /// completes after `length` seconds.
    func entry(_ body: String, length: Double = 1) -> String {
        """
        return {
          title = "t", summary = "s",
          animator = {
            transitionDuration = function(ctx) return \(length) end,
            animateTransition = function(ctx)
              local screen = ctx:viewForKey("to")
              screen.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
              ctx.containerView:addSubview(screen)
              local square = UIView.new{name = "square", frame = CGRect(0, 50, 100, 100)}
              screen:addSubview(square)
        \(body)
              UIView.animate{duration = \(length), options = {"curveLinear"}, animations = function() screen.alpha = 0.99 end,
                completion = function() ctx:completeTransition(true) end}
            end,
          },
        }
        """
    }

    func sampling() -> ScenarioOptions {
        var options = ScenarioOptions()
        options.sampling = true
        return options
    }

    /// (exact time, square) per sample: traces print times to the millisecond, samples come every sixtieth.
    func squares(_ outcome: ScenarioOutcome) -> [(time: Double, view: ViewSample)] {
        (outcome.trace?.samples ?? []).compactMap { sample in
            sample.views.first { $0.name == "square" }.map { ((sample.time * 60).rounded() / 60, $0) }
        }
    }

    @Test func aKeyframeAnimationFollowsItsKeyTimesAndTimingFunctions() {
        let source = entry("""
              local a = CAKeyframeAnimation("position.y")
              a.values = {100, 300, 200}
              a.keyTimes = {0, 0.25, 1}
              a.timingFunctions = {CAMediaTimingFunction.easeIn, CAMediaTimingFunction(0.2, 0.8, 0.2, 1)}
              a.duration = 1
              square.layer:add(a, "bounce")
        """)
        let outcome = run(source, scenario: .present, options: sampling())
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let samples = squares(outcome)
        #expect(samples.count >= 60)
        for (time, square) in samples {
            let expected: Double
            if time >= 1 {
                expected = 100 // removed at its end: the model shows again
            } else if time < 0.25 {
                expected = 100 + 200 * bezierY(x: time / 0.25, 0.42, 0, 1, 1)
            } else {
                expected = 300 - 100 * bezierY(x: (time - 0.25) / 0.75, 0.2, 0.8, 0.2, 1)
            }
            #expect(abs(square.frame.midY - expected) < 1e-3, "at \(time): \(square.frame.midY) vs \(expected)")
        }
    }

    @Test func aBasicAnimationAutoreversesAndRepeatsOverTheModel() {
        // Opacity 1 → 0.2 in 0.25 s and back, twice; the model stays 1.
        let source = entry("""
              local a = CABasicAnimation{keyPath = "opacity", fromValue = 1, toValue = 0.2, duration = 0.25,
                                         autoreverses = true, repeatCount = 2}
              square.layer:add(a, "pulse")
              print(square.alpha, #square.layer:animationKeys())
        """)
        let outcome = run(source, scenario: .present, options: sampling())
        #expect(outcome.printed.map(\.text) == ["1.0\t1"])
        for (time, square) in squares(outcome) {
            // Linear: the phase within each half-second cycle.
            let phase = time.truncatingRemainder(dividingBy: 0.5)
            let along = phase < 0.25 ? phase / 0.25 : (0.5 - phase) / 0.25
            let expected = time >= 1 ? 1 : 1 - 0.8 * along
            #expect(abs(square.alpha - expected) < 1e-3, "at \(time): \(square.alpha) vs \(expected)")
        }
    }

    @Test func aSpringAnimationRunsItsSettlingDurationOnTheClosedForm() throws {
        let source = entry("""
              local a = CASpringAnimation("transform.scale")
              a.fromValue = 0.5
              a.toValue = 1
              a.mass = 1; a.stiffness = 100; a.damping = 10
              a.duration = a.settlingDuration
              print(a.settlingDuration > 1, a.settlingDuration < 1.6)
              square.layer:add(a, nil)
        """, length: 1.6)
        let outcome = run(source, scenario: .present, options: sampling())
        #expect(outcome.printed.map(\.text) == ["true\ttrue"])
        // x(t) for ω0 = 10, ζ = 0.5; the square's width is 100 × scale.
        func spring(_ t: Double) -> Double {
            let omegaD = 10 * 0.75.squareRoot()
            return 1 - exp(-5 * t) * (cos(omegaD * t) + 5 / omegaD * sin(omegaD * t))
        }
        let samples = squares(outcome).filter { $0.time <= 1 }
        #expect(samples.count > 50)
        for (time, square) in samples {
            let scale = 0.5 + 0.5 * spring(time)
            #expect(abs(square.frame.width - 100 * scale) < 1e-2, "at \(time): \(square.frame.width) vs \(100 * scale)")
        }
        #expect(samples.contains { $0.view.frame.width > 101 }, "ζ = 0.5 overshoots")
    }

    @Test func aGroupCutsItsMembersAndItsDelegateHearsTheEnd() {
        let source = entry("""
              local move = CABasicAnimation{keyPath = "position.x", fromValue = 50, toValue = 250, duration = 1}
              local fade = CABasicAnimation{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.2, beginTime = 0.1}
              local group = CAAnimationGroup{animations = {move, fade}, duration = 0.5}
              group.delegate = {animationDidStop = function(animation, finished) print("stopped", finished, animation == group) end}
              square.layer:add(group, "both")
        """)
        let outcome = run(source, scenario: .present, options: sampling())
        #expect(outcome.printed.map(\.text) == ["stopped\ttrue\ttrue"], "\(outcome.problems)")
        for (time, square) in squares(outcome) {
            // The move is cut at the group's end (0.5 s), half way; the fade starts at 0.1 s.
            let x = time < 0.5 ? 50 + 200 * time : 50
            #expect(abs(square.frame.midX - x) < 1e-3, "at \(time)")
            let alpha = time < 0.1 ? 1 : time < 0.3 ? (time - 0.1) / 0.2 : 1
            #expect(abs(square.alpha - alpha) < 1e-3, "at \(time): \(square.alpha) vs \(alpha)")
        }
    }

    @Test func aBeginTimeInThePastStartsItPartWay() {
        // Half of a 0.3 s fade is already over when it is added: it shows 0.5 at once and ends at 0.15 s.
        let source = entry("""
              local a = CABasicAnimation{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.3}
              a.beginTime = CACurrentMediaTime() - 0.15
              a.delegate = {animationDidStop = function(_, finished) print("stopped at", CACurrentMediaTime()) end}
              square.layer:add(a, "late")
              print(a.duration, a.fillMode, a.repeatCount, a.isRemovedOnCompletion)
        """)
        let outcome = run(source, scenario: .present, options: sampling())
        #expect(outcome.printed.map(\.text) == ["0.3\tremoved\t0.0\ttrue", "stopped at\t0.15"], "\(outcome.problems)")
        for (time, square) in squares(outcome) where time < 0.15 {
            #expect(abs(square.alpha - (0.5 + time / 0.3)) < 1e-3, "at \(time)")
        }
    }

    /// animationDidStart at the animation's beginTime on the clock (0.2 s after it was added), before its stop at 0.5;
    /// one removed before it begins never starts, and its stop says unfinished.
    @Test func theDelegateHearsTheStartAtTheBeginTime() {
        let source = entry("""
              local a = CABasicAnimation{keyPath = "opacity", fromValue = 0, toValue = 1, duration = 0.3}
              a.beginTime = CACurrentMediaTime() + 0.2
              a.delegate = {
                animationDidStart = function(animation) print("started at", CACurrentMediaTime(), animation == a) end,
                animationDidStop = function(_, finished) print("stopped at", CACurrentMediaTime(), finished) end,
              }
              square.layer:add(a, "later")
              local b = CABasicAnimation{keyPath = "cornerRadius", fromValue = 0, toValue = 10, duration = 0.3}
              b.beginTime = CACurrentMediaTime() + 0.1
              b.delegate = {animationDidStart = function() print("b started") end}
              square.layer:add(b, "gone")
              square.layer:removeAnimation("gone")
        """)
        let outcome = run(source, scenario: .present, options: sampling())
        #expect(outcome.printed.map(\.text) == ["started at\t0.2\ttrue", "stopped at\t0.5\ttrue"], "\(outcome.problems)")
        let neither = entry("""
              local a = CABasicAnimation{keyPath = "opacity", fromValue = 0, toValue = 1}
              a.delegate = {}
              square.layer:add(a, "x")
        """)
        #expect(run(neither, scenario: .present).errors.first?.message.contains("the delegate has neither animationDidStart nor animationDidStop") == true)
    }

    @Test func aGroupsDelegateHearsAtTheGroupsEnd() {
        let source = entry("""
              local short = CABasicAnimation{keyPath = "opacity", fromValue = 0, toValue = 1}
              local group = CAAnimationGroup{animations = {short}, duration = 0.4}
              group.delegate = {animationDidStop = function(_, finished) print("stopped at", CACurrentMediaTime()) end}
              square.layer:add(group, "g")
        """)
        let outcome = run(source, scenario: .present, options: sampling())
        // The member lasts a quarter second (CA's default); the group, and its delegate, 0.4.
        #expect(outcome.printed.map(\.text) == ["stopped at\t0.4"], "\(outcome.problems)")
        for (time, square) in squares(outcome) where time >= 0.25 && time < 0.4 {
            #expect(abs(square.alpha - 1) < 1e-9, "at \(time): the model shows once the member is over")
        }
    }

    @Test func removingAnAnimationTellsItsDelegateItDidNotFinish() {
        let source = entry("""
              local a = CABasicAnimation{keyPath = "opacity", toValue = 0, duration = 5,
                delegate = {animationDidStop = function(_, finished) print("finished", finished) end}}
              square.layer:add(a, "long")
              square.layer:removeAnimation("long")
              print(#square.layer:animationKeys())
        """)
        let outcome = run(source, scenario: .present)
        // Gone at once; the delegate hears of it after the hook returns, as Core Animation tells it on the next turn.
        #expect(outcome.printed.map(\.text) == ["0", "finished\tfalse"])
    }

    @Test func mistakesAreErrorsAtTheirLines() {
        let cases: [(String, String)] = [
            ("local a = CABasicAnimation(\"opacty\")", "did you mean \"opacity\"?"),
            ("local a = CABasicAnimation(\"opacity\"); a.durration = 1", "did you mean 'duration'?"),
            ("local a = CAKeyframeAnimation{keyPath = \"opacity\", values = {0, 1}, keyTimes = {0}}; square.layer:add(a, \"k\")",
             "keyTimes has 1 times for 2 values"),
            ("local a = CAKeyframeAnimation{keyPath = \"opacity\", values = {0, 1}, calculationMode = \"cubic\"}", "not simulated yet"),
            ("local a = CABasicAnimation{keyPath = \"position\", toValue = 3}; square.layer:add(a, \"k\")", "toValue"),
            ("local g = CAAnimationGroup{}; g.animations = {g}; square.layer:add(g, \"k\")", "cannot hold itself"),
        ]
        for (body, message) in cases {
            let source = entry("      " + body)
            let outcome = run(source, scenario: .present)
            let error = outcome.errors.first { $0.message.contains(message) }
            #expect(error != nil, "\(body): \(outcome.problems)")
            #expect(error?.location?.line == line(of: body, in: source), "\(body): \(String(describing: error))")
        }
    }
}

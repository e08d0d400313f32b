import Foundation
import LuaBindings
import Testing
import Transitions

/// UIViewPropertyAnimator: scrubbing, continuing with new timing,
/// reversing, stopping, and the interruptible animator of an interactive
/// transition. Positions are worked out by hand (a closed-form spring, linear
/// fractions) and read back from the trace.
@Suite struct PropertyAnimatorTests {
    /// An entry whose presentation moves a 100-point square from y = 100 to
    /// y = 500 (centres) by a property animator set up in `body`; `animator`
    /// and `view` are in scope, and `done(position)` completes the transition.
    func entry(_ body: String, interaction: String = "", interruptible: Bool = false) -> String {
        """
        local current
        local function make(ctx)
          local screen = ctx:viewForKey(ctx.isPresenting and "to" or "from")
          local presenting = ctx.isPresenting
          local view
          if presenting then
            screen.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            ctx.containerView:addSubview(screen)
            view = UIView.new{name = "square", frame = CGRect(0, 50, 100, 100)}
            screen:addSubview(view)
          else
            view = screen.subviews[1]
          end
          local animator = UIViewPropertyAnimator.new{duration = 1, curve = "\(interruptible ? "easeIn" : "linear")", animations = function()
            view.center = CGPoint(50, presenting and 500 or 100)
          end}
          local function done(position)
            print("done " .. position .. " " .. view.center.y)
            if position == "start" then view.center = CGPoint(50, presenting and 100 or 500) end
            ctx:completeTransition(not ctx:transitionWasCancelled() and position ~= "start")
          end
          animator:addCompletion(done)
          return animator, view
        end
        return {
          title = "t", summary = "s",
          animator = {
            transitionDuration = function(ctx) return 1 end,
            animateTransition = function(ctx)
              \(interruptible ? "current = current or make(ctx); current:startAnimation()" : "local animator, view = make(ctx)\n" + body)
            end,
            \(interruptible ? "interruptibleAnimator = function(ctx) current = current or make(ctx); return current end," : "")
            \(interruptible ? "animationEnded = function(completed) current = nil end," : "")
          },
          \(interaction)
        }
        """
    }

    func sampling() -> ScenarioOptions {
        var options = ScenarioOptions()
        options.sampling = true
        return options
    }

    /// The square's centre at each sample: (time, y). Traces print times to
    /// the millisecond; samples are 1/60 s apart, so the exact time is the nearest sixtieth.
    func centres(_ outcome: ScenarioOutcome) -> [(time: Double, y: Double)] {
        (outcome.trace?.samples ?? []).compactMap { sample in
            sample.views.first { $0.name == "square" }.map { ((sample.time * 60).rounded() / 60, $0.frame.midY) }
        }
    }

    /// x(t) of a spring from 0 to 1, m = 1, k = 100, c = 10: ω0 = 10, ζ = 0.5, under-damped.
    func spring(_ t: Double) -> Double {
        let (omega, zeta) = (10.0, 0.5)
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
    }

    /// A spring that never settles is refused with the way out: more damping when it rings (ratio 0.005 here), less
    /// when it creeps (ratio 50,000: damping 1e6 against 2·√(100·1) = 20).
    @Test func aSpringThatNeverSettlesIsToldWhichWayToMend() {
        for (damping, advice) in [(0.1, "give it more damping"), (1e6, "give it less damping")] {
            let source = entry("animator:startAnimation()").replacingOccurrences(
                of: "curve = \"linear\"", with: "timingParameters = UISpringTimingParameters{mass = 1, stiffness = 100, damping = \(damping)}")
            let outcome = run(source, scenario: .present)
            #expect(outcome.errors.contains { $0.message.contains("does not settle within 60 s: \(advice)") }, "\(outcome.problems)")
        }
    }

    @Test func pausedAtThirtyPercentThenContinuedWithASpring() {
        // Paused and scrubbed to 0.3 at once; 0.2 s later a spring carries the rest.
        let source = entry("""
              animator:pauseAnimation()
              animator.fractionComplete = 0.3
              local clock = UIView.new{frame = CGRect(0, 0, 1, 1)}
              ctx.containerView:addSubview(clock)
              UIView.animate{duration = 0.2, options = {"curveLinear"}, animations = function() clock.alpha = 0.5 end, completion = function()
                animator:continueAnimation(UISpringTimingParameters{mass = 1, stiffness = 100, damping = 10}, 1)
              end}
            """)
        let outcome = run(source, scenario: .present, options: sampling())
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let samples = centres(outcome)
        #expect(samples.count > 30)
        var checked = 0
        // The spring is followed until it settles (within 0.001 of rest, past 1 s for ζ = 0.5, ω0 = 10), then snaps to 500.
        for (time, y) in samples where time <= 1.2 {
            // Paused: a linear 30 % of 100 → 500. Then 0.3 + 0.7 x(t − 0.2), the spring's own solution.
            let expected = time < 0.2 - 1e-9 ? 220 : 100 + 400 * (0.3 + 0.7 * spring(time - 0.2))
            #expect(abs(y - expected) < 1e-3, "at \(time): \(y) vs \(expected) (traces keep 4 decimals)")
            checked += 1
        }
        // The spring overshoots 500 on the way (ζ = 0.5) and the transition completes at its end.
        #expect(samples.contains { $0.y > 500 + 1 })
        #expect(abs((samples.last?.y ?? 0) - 500) < 1e-9)
        #expect(outcome.trace?.hooks.contains { $0.hook == "completeTransition" && $0.detail == "true" } == true)
        #expect(checked == samples.filter { $0.time <= 1.2 }.count)
    }

    @Test func reversedHalfWayItPlaysBackAndEndsAtTheStart() throws {
        let source = entry("""
              animator:startAnimation()
              local clock = UIView.new{frame = CGRect(0, 0, 1, 1)}
              ctx.containerView:addSubview(clock)
              UIView.animate{duration = 0.5, options = {"curveLinear"}, animations = function() clock.alpha = 0.5 end, completion = function()
                animator.isReversed = true
              end}
            """)
        let outcome = run(source, scenario: .present, options: sampling())
        let samples = centres(outcome)
        // Linear: up to 300 at 0.5 s, back to 100 at 1 s, at the speed it came.
        for (time, y) in samples where time <= 1 {
            let local = time <= 0.5 ? time : 1 - time
            #expect(abs(y - (100 + 400 * local)) < 1e-3, "at \(time): \(y)")
        }
        // Arrived at the start: the completion hears "start" and the transition is not completed.
        #expect(outcome.trace?.hooks.contains { $0.hook == "completeTransition" && $0.detail == "false" } == true)
        // The model is back at the start when the completion runs.
        #expect(outcome.printed.map(\.text) == ["done start 100.0"])
    }

    @Test func stoppedWhereItIsAndFinishedThere() {
        let source = entry("""
              animator:startAnimation()
              animator:addCompletion(function(position) print("position " .. position) end)
              local clock = UIView.new{frame = CGRect(0, 0, 1, 1)}
              ctx.containerView:addSubview(clock)
              UIView.animate{duration = 0.25, options = {"curveLinear"}, animations = function() clock.alpha = 0.5 end, completion = function()
                animator:stopAnimation(false)
                print("state " .. animator.state)
                animator:finishAnimation("current")
                print("after " .. animator.state .. " " .. view.center.y)
              end}
            """)
        let outcome = run(source, scenario: .present, options: sampling())
        let printed = outcome.printed.map(\.text)
        // A quarter of the way: 100 + 400 × 0.25; the model keeps it.
        #expect(printed == ["state stopped", "done current 200.0", "position current", "after inactive 200.0"], "\(printed)")
    }

    @Test(arguments: [("end", 500.0), ("start", 100.0), ("current", 200.0)])
    func finishingAStoppedAnimatorPutsItWhereItSays(position: String, y: Double) {
        let source = entry("""
              animator:startAnimation()
              local clock = UIView.new{frame = CGRect(0, 0, 1, 1)}
              ctx.containerView:addSubview(clock)
              UIView.animate{duration = 0.25, options = {"curveLinear"}, animations = function() clock.alpha = 0.5 end, completion = function()
                animator:stopAnimation(false)
                animator:finishAnimation("\(position)")
              end}
            """)
        let outcome = run(source, scenario: .present)
        // Stopped a quarter of the way (200); then at the end (500), the start (100) or where it was.
        #expect(outcome.printed.map(\.text) == ["done \(position) \(y)"], "\(outcome.problems)")
    }

    @Test func anInteractiveTransitionScrubsItsInterruptibleAnimator() throws {
        // Dismissal by a drag to 70 % (0.4 s) then let go: the square follows the
        // finger linearly though its curve is easeIn, then runs the last 30 % of
        // a second along the completion curve.
        let source = entry("", interaction: "interaction = {dismissal = {completionCurve = \"linear\"}},", interruptible: true)
        let outcome = run(source, scenario: .interactiveFinish, options: sampling())
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let hooks = outcome.trace?.hooks ?? []
        #expect(hooks.contains { $0.hook == "interruptibleAnimator" })
        let start = try #require(hooks.first { $0.hook == "startInteractiveTransition" }?.time)
        let release = try #require(hooks.first { $0.hook == "finishInteractiveTransition" }?.time)
        let complete = try #require(hooks.last { $0.hook == "completeTransition" })
        #expect(complete.detail == "true")
        #expect(abs(complete.time - release - 0.3) < 1e-6, "\(complete.time - release)")
        let updates = hooks.filter { $0.hook == "updateInteractiveTransition" && $0.time > start }
        for update in updates {
            let percent = Double(update.detail ?? "") ?? -1
            guard let sample = centres(outcome).first(where: { abs($0.time - update.time) < 1e-9 }) else { continue }
            // Dismissing moves 500 → 100: linear in the percent while scrubbed.
            #expect(abs(sample.y - (500 - 400 * percent)) < 0.25, "at \(update.time): percents are printed to 3 places")
        }
        // The drag lets go 0.5 s after the touch, 0.5 − 1/60 s after the gesture began at its first movement (hook
        // times are printed to 1/10000 s: the exact one is used below).
        let letGo = start + 0.5 - 1.0 / 60
        #expect(abs(release - letGo) < 1e-4)
        // After the release it goes on linearly from 70 % to the end in 0.3 s.
        for (time, y) in centres(outcome) where time > letGo && time < letGo + 0.3 {
            #expect(abs(y - (500 - 400 * (0.7 + 0.3 * (time - letGo) / 0.3))) < 0.01, "at \(time)")
        }
    }

    @Test func misuseIsAnErrorAtItsLine() {
        let cases: [(String, String)] = [
            ("animator:finishAnimation(\"end\")", "finishAnimation(at:) needs a stopped animator"),
            ("animator:startAnimation(); animator.fractionComplete = 0.5", "pauseAnimation() first"),
            ("animator:pauseAnimation(); animator:finishAnimation(\"ned\")", "did you mean \"end\"?"),
            ("animator:startAnimaton()", "did you mean 'startAnimation'?"),
            ("local p = UISpringTimingParameters{dampingRatio = 0.5, mass = 1}", "not both"),
            ("local p = UISpringTimingParameters{mass = 1, stiffness = 100, damping = 0}", "does not settle"),
            ("for i = 1, 2000 do animator:addCompletion(function() end) end", "at most 1000 completions"),
            ("local a = UIViewPropertyAnimator.new{duration = 1, curve = \"linear\", dampingRatio = 0.5}", "give the timing once"),
        ]
        for (body, message) in cases {
            let source = entry(body + "\n  ctx:completeTransition(true)")
            let outcome = run(source, scenario: .present)
            // Each is an error, but setting fractionComplete while running is a warning (UIKit ignores it).
            let error = outcome.problems.first { $0.message.contains(message) }
            #expect(error != nil, "\(body): \(outcome.problems)")
            #expect(error?.location?.line == line(of: body, in: source), "\(body): \(String(describing: error))")
        }
    }
}

import Foundation
import LuaBindings
import LuaRuntime
import Testing
import Transitions

/// DispatchQueue.main:asyncAfter and CADisplayLink in scripts: a fade completed by delayed work, and a fade driven frame
/// by frame by a display link, each at the instants worked out by hand (60 refreshes a second), within the limits.
@Suite struct TimerBindingTests {
    /// A custom presentation whose presented view the `animate` body shows and hides.
    static func entry(_ animate: String) -> String {
        """
        return {
          title = "t", summary = "s",
          presentationStyle = "custom",
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then view.frame = ctx:finalFrame(ctx:viewControllerForKey("to")); ctx.containerView:addSubview(view) end
              \(animate)
            end,
          },
        }
        """
    }

    @Test func delayedWorkCompletesTheTransitionAtItsTime() {
        var options = ScenarioOptions()
        options.sampling = true
        let outcome = run(Self.entry("""
            view.alpha = presenting and 0 or 1
            DispatchQueue.main:asyncAfter(0.2, function()
                view.alpha = presenting and 1 or 0
                ctx:completeTransition(true)
              end)
            """), scenario: .presentThenDismiss, options: options)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let hooks = outcome.trace?.hooks ?? []
        let ran = hooks.filter { $0.hook == "asyncAfter" }
        // The presentation's at 0.2; the dismissal begins when the presentation is still (0.2) and its work runs 0.2 later.
        #expect(ran.map(\.time) == [0.2, 0.4], "\(ran)")
        #expect(ran.first?.detail == "0.2 s after 0")
        let completions = hooks.filter { $0.hook == "completeTransition" }.map(\.time)
        #expect(completions == [0.2, 0.4])
    }

    @Test func aDisplayLinkDrivesTheFadeFrameByFrame() {
        var options = ScenarioOptions()
        options.sampling = true
        let source = Self.entry("""
            local start
            local link = CADisplayLink.new(function(link)
                start = start or link.timestamp - link.duration
                local p = math.min(1, (link.targetTimestamp - start) / 0.25)
                view.alpha = presenting and p or 1 - p
                if p >= 1 then
                  link:invalidate()
                  ctx:completeTransition(true)
                end
              end)
              view.alpha = presenting and 0 or 1
              link:add()
            """)
        let outcome = run(source, scenario: .present, options: options)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let ticks = (outcome.trace?.hooks ?? []).filter { $0.hook == "displayLink" }
        // Added at 0: refreshes at k/60; the first sees p = (2/60)/0.25 (its target is one refresh on, from a start one
        // before it), and p reaches 1 when k + 1 = 15, at k = 14.
        #expect(ticks.count == 14, "\(ticks.count)")
        #expect(ticks.last.map { abs($0.time - 14.0 / 60) < 1e-4 } == true)
        // At 7/60 the view shows p = 8/60 / 0.25 = 0.5333 (the sample rounds to 1/10000).
        let sample = outcome.trace?.samples.first { abs($0.time - 7.0 / 60) < 1e-4 }
        let alpha = sample?.views.first { $0.name == "presented" }?.alpha
        #expect(alpha.map { abs($0 - (8.0 / 60) / 0.25) < 1e-4 } == true, "\(String(describing: alpha))")
    }

    @Test func aDisplayLinkLeftRunningIsEndedWithTheTransitionAndSaid() {
        let source = Self.entry("""
            local link = CADisplayLink.new(function(link) view.alpha = 1 end)
              link:add()
              ctx:completeTransition(true)
            """)
        let outcome = run(source, scenario: .present)
        let warning = outcome.warnings.first { $0.hook == "CADisplayLink" }
        #expect(warning?.message.hasPrefix("a display link was still running when the transition ended") == true, "\(outcome.problems)")
        #expect(warning?.location?.line == line(of: "local link = CADisplayLink.new", in: source))
        #expect(outcome.errors.isEmpty)
    }

    /// Adding a link once invalidated does nothing (UIKit's link never runs again): said at the line, and the function
    /// never runs, so a transition it was to complete never completes.
    @Test func aLinkAddedAfterItsInvalidationIsSaid() {
        let source = Self.entry("""
            local link = CADisplayLink.new(function(link) ctx:completeTransition(true) end)
              link:invalidate()
              link:add() -- too late
            """)
        let outcome = run(source, scenario: .present)
        let warning = outcome.warnings.first { $0.message.hasPrefix("link:add() on a display link already invalidated") }
        #expect(warning?.location?.line == line(of: "-- too late", in: source), "\(outcome.problems)")
        #expect(outcome.errors.contains { $0.rule == "never-completed" })
    }

    /// A link added by delayed work at 0.05 s first runs at the refresh after it, 4/60 s (0.05 × 60 = 3), and then at
    /// every refresh, whatever the frame rate the run is sampled at.
    @Test func aDisplayLinksRefreshesAreTheClocksAtAnyFrameRate() {
        let source = Self.entry("""
            DispatchQueue.main:asyncAfter(0.05, function()
                local n = 0
                local link = CADisplayLink.new(function(link)
                  n = n + 1
                  print(link.timestamp)
                  if n == 3 then link:invalidate(); ctx:completeTransition(true) end
                end)
                link:add()
              end)
            """)
        var seen: [[String]] = []
        for fps in [7.0, 20, 60] {
            var options = ScenarioOptions()
            options.fps = fps
            let outcome = run(source, scenario: .present, options: options)
            #expect(outcome.problems.isEmpty, "\(fps): \(outcome.problems)")
            seen.append(outcome.printed.map(\.text))
        }
        let expected = [4.0, 5, 6].map { String(format: "%.14g", $0 / 60) }
        #expect(seen.allSatisfy { $0 == expected }, "\(seen)")
    }

    @Test func whatARunLeavesBehindIsSaid() {
        let source = Self.entry("""
            ctx:completeTransition(true)
              DispatchQueue.main:asyncAfter(0.1, function()
                CADisplayLink.new(function() end):add()
              end)
              DispatchQueue.main:asyncAfter(20, function() print("late") end)
            """)
        let outcome = run(source, scenario: .present)
        #expect(outcome.printed.isEmpty)
        let link = outcome.warnings.first { $0.hook == "CADisplayLink" }
        #expect(link?.message.hasPrefix("a display link was still running when the run ended") == true, "\(outcome.problems)")
        #expect(link?.location?.line == line(of: "CADisplayLink.new(function() end):add()", in: source))
        let late = outcome.warnings.first { $0.hook == "asyncAfter" }
        #expect(late?.message.hasPrefix("delayed work never ran: the run ended first") == true, "\(outcome.problems)")
        #expect(late?.location?.line == line(of: "asyncAfter(20", in: source))
    }

    @Test func workThatSchedulesItselfForeverIsStoppedByTheTimeLimit() {
        var options = ScenarioOptions()
        options.limits = SandboxLimits(time: .milliseconds(300))
        let source = Self.entry("""
            local function again() DispatchQueue.main:async(again) end
              again()
              ctx:completeTransition(true)
            """)
        let start = Date()
        let outcome = run(source, scenario: .present, options: options)
        #expect(outcome.problems.contains { $0.isLimit }, "\(outcome.problems)")
        #expect(Date().timeIntervalSince(start) < 20)
    }

    /// Lua's own functions given as the work have no line: an error in one is said where the script handed it over.
    @Test func anErrorInLuasOwnFunctionIsSaidWhereItWasScheduled() {
        let source = Self.entry("""
            DispatchQueue.main:asyncAfter(0.1, error)
              ctx:completeTransition(true)
            """)
        let outcome = run(source, scenario: .present)
        let failed = outcome.errors.first { $0.hook == "asyncAfter" }
        #expect(failed?.location?.line == line(of: "DispatchQueue.main:asyncAfter(0.1, error)", in: source), "\(outcome.problems)")
    }

    @Test func mistakesAreSaidAtTheirLines() {
        for (code, message) in [
            ("DispatchQueue.main:asyncAfter(-1, function() end)", "asyncAfter's delay must be seconds from 0 to 3600, got -1"),
            ("DispatchQueue.main:asyncAfter(1e9, function() end)", "asyncAfter's delay must be seconds from 0 to 3600"),
            ("DispatchQueue.main:asyncAfter(0.1, 5)", "the work to run must be a function"),
            ("DispatchQueue.main.asyncAfter(0.1, function() end)", "call it as DispatchQueue.main:asyncAfter"),
            ("DispatchQueue.main:after(0.1)", "DispatchQueue.main"),
            ("CADisplayLink.new(1)", "CADisplayLink.new takes the function to run every frame"),
            ("CADisplayLink.new(function() end).timestamp = 1", "CADisplayLink.timestamp cannot be set"),
            ("CADisplayLink.new(function() end).isPaused = 1", "CADisplayLink.isPaused must be true or false"),
        ] {
            let source = Self.entry(code + "\nctx:completeTransition(true)")
            let outcome = run(source, scenario: .present)
            let error = outcome.errors.first
            #expect(error?.message.contains(message) == true, "\(code): \(outcome.problems)")
            #expect(error?.location?.line == line(of: code, in: source), "\(code)")
        }
    }
}

import Foundation
import LuaBindings
import LuaRuntime
import Testing

/// `UIAccessibility.isReduceMotionEnabled` and the reduce-motion scenario's
/// measure of large motion, on an entry whose presented view ends at its
/// final frame after starting from a transform the test chooses. The window
/// is 390×844: a third of it is 130 pt across and 281.3 pt down.
@Suite struct ReduceMotionTests {
    /// An entry that starts the presented view at `start` (a transform made
    /// from the test's numbers) and animates it to the identity; dismissal
    /// animates it back. It ignores Reduce Motion unless `calm` is true.
    func entry(start: String, calm: Bool = false, final: String = "CATransform3DIdentity") -> String {
        """
        local function animateTransition(ctx)
          local presenting = ctx.isPresenting
          local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          local moved = \(calm ? "UIAccessibility.isReduceMotionEnabled and CATransform3DIdentity or " : "")(function() \(start) end)()
          if presenting then
            view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            view.layer.transform = moved
            ctx.containerView:addSubview(view)
          end
          UIView.animate{duration = 0.3, animations = function()
            view.layer.transform = presenting and \(final) or moved
          end, completion = function()
            if not presenting then view:removeFromSuperview() end
            ctx:completeTransition(true)
          end}
        end
        return {
          title = "Mover", summary = "Moves the presented view.", presentationStyle = "custom",
          animator = {transitionDuration = function() return 0.3 end, animateTransition = animateTransition},
        }
        """
    }

    func warnings(_ start: String, calm: Bool = false, final: String = "CATransform3DIdentity") -> [String] {
        let outcome = run(entry(start: start, calm: calm, final: final), scenario: .reduceMotion)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        return outcome.warnings.map(\.message)
    }

    @Test func aSlideOverAThirdOfTheScreenIsLarge() {
        // 300 pt down is more than 844 / 3; the view's centre travels exactly that far.
        let found = warnings("return CATransform3DMakeTranslation(0, 300, 0)")
        #expect(found.count == 2)
        #expect(found.first?.contains("'presented' slides 300 pt") == true, "\(found)")
        // A dismissal is last looked at up to a thirtieth of a second before
        // its end, when the view is removed: ease-in-out has it within 3 % of the way.
        let dismissal = found.last.flatMap { $0.split(separator: " ").drop { $0 != "slides" }.dropFirst().first }.flatMap { Int($0) }
        #expect((291...300).contains(dismissal ?? 0), "\(found)")
        #expect(found.first?.contains("during the presentation") == true)
        #expect(found.last?.contains("during the dismissal") == true)
        // 250 pt down is less than 281.3, and 120 pt across is less than 130.
        #expect(warnings("return CATransform3DMakeTranslation(0, 250, 0)").isEmpty)
        #expect(warnings("return CATransform3DMakeTranslation(120, 0, 0)").isEmpty)
        #expect(warnings("return CATransform3DMakeTranslation(140, 0, 0)").count == 2)
    }

    @Test func aZoomOverOneAndAHalfIsLarge() {
        // From half size: the area grows 4×, the side 2×.
        let found = warnings("return CATransform3DMakeScale(0.5, 0.5, 1)")
        #expect(found.count == 2 && found.allSatisfy { $0.contains("zooms 2×") })
        // 0.8 → 1: 1.25× a side, 1.5625× the area, under 2.25.
        #expect(warnings("return CATransform3DMakeScale(0.8, 0.8, 1)").isEmpty)
    }

    @Test func aSpinOverThirtyDegreesIsLarge() {
        let found = warnings("return CATransform3DMakeRotation(math.pi / 4, 0, 0, 1)")
        #expect(found.count == 2 && found.first?.contains("spins 45°") == true, "\(found)")
        // The dismissal is last looked at up to a thirtieth of a second before its end.
        let last = found.last.flatMap { $0.split(separator: " ").drop { $0 != "spins" }.dropFirst().first }
            .flatMap { Int($0.dropLast()) }
        #expect((40...45).contains(last ?? 0), "\(found)")
        #expect(warnings("return CATransform3DMakeRotation(math.pi / 9, 0, 0, 1)").isEmpty)
    }

    @Test func aTurnUnderPerspectiveIsLarge() {
        // 20° about y with the eye 1000 pt away: the near edge of a 390 pt
        // wide view is drawn 1 / (1 − 195·sin 20°/1000) ≈ 1.07× taller than
        // the far one is shrunk, far more than the 3 % a parallelogram allows.
        let start = "local t = CATransform3DIdentity; t.m34 = -1 / 1000; return CATransform3DRotate(t, math.pi / 9, 0, 1, 0)"
        let found = warnings(start)
        #expect(found.count == 2 && found.allSatisfy { $0.contains("turns in 3-D") })
        // The same turn with no perspective only narrows the view (cos 20° = 0.94): calm.
        #expect(warnings("return CATransform3DMakeRotation(math.pi / 9, 0, 1, 0)").isEmpty)
    }

    @Test func whatIsNotOnScreenOrStaysTiltedIsCalm() {
        // Tilted under perspective the whole time, sliding only 100 pt: a still tilt is not a turn.
        let tilt = "(function() local t = CATransform3DIdentity; t.m34 = -1 / 1000; return CATransform3DRotate(t, math.pi / 9, 0, 1, 0) end)()"
        // (It ends tilted, off its final frame: that warning is not this test's.)
        #expect(!warnings("return CATransform3DTranslate(\(tilt), 100, 0, 0)", final: tilt).contains { $0.contains("Reduce Motion") })
        // A screen-sized view parked right of the screen, moving further right: nobody sees it.
        let source = """
        local function animateTransition(ctx)
          local view = ctx:viewForKey("to")
          view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          view.alpha = 0
          ctx.containerView:addSubview(view)
          local parked = UIView.new{frame = CGRect(1000, 0, 390, 844), backgroundColor = UIColor.red, name = "parked"}
          ctx.containerView:addSubview(parked)
          UIView.animate{duration = 0.3, animations = function()
            view.alpha = 1
            parked.center = CGPoint(3000, 422)
          end, completion = function() parked:removeFromSuperview(); ctx:completeTransition(true) end}
        end
        return {title = "Parked", summary = "Moves a view nobody sees.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 0.3 end, animateTransition = animateTransition}}
        """
        let outcome = run(source, scenario: .present, options: { var o = ScenarioOptions(); o.reduceMotion = true; return o }())
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    }

    @Test func motionAfterCompletionIsMeasuredToo() {
        let source = """
        local function animateTransition(ctx)
          local view = ctx:viewForKey("to")
          view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          ctx.containerView:addSubview(view)
          local banner = UIView.new{frame = CGRect(0, 0, 390, 844), backgroundColor = UIColor.red, name = "banner"}
          ctx.containerView:addSubview(banner)
          UIView.animate{duration = 0.1, animations = function() view.alpha = 1 end, completion = function()
            ctx:completeTransition(true)
            UIView.animate{duration = 0.3, animations = function() banner.center = CGPoint(195, 1266) end}
          end}
        end
        return {title = "Late", summary = "Moves after completing.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 0.1 end, animateTransition = animateTransition}}
        """
        let outcome = run(source, scenario: .reduceMotion)
        #expect(outcome.warnings.contains { $0.message.contains("'banner' slides") }, "\(outcome.problems)")
    }

    @Test func anEntryThatCrossFadesInsteadIsCalm() {
        #expect(warnings("return CATransform3DMakeTranslation(0, 844, 0)", calm: true).isEmpty)
    }

    @Test func otherScenariosMeasureNothing() {
        let outcome = run(entry(start: "return CATransform3DMakeTranslation(0, 844, 0)"), scenario: .presentThenDismiss)
        #expect(outcome.problems.isEmpty)
        var options = ScenarioOptions()
        options.reduceMotion = true
        let asked = run(entry(start: "return CATransform3DMakeTranslation(0, 844, 0)"), scenario: .present, options: options)
        #expect(asked.warnings.count == 1)
    }

    @Test func theSettingIsReadOnlyAndSpeltStrictly() {
        func outcome(_ body: String, reduceMotion: Bool) -> [String] {
            var options = ScenarioOptions()
            options.reduceMotion = reduceMotion
            let source = """
            print(\(body))
            return {title = "T", summary = "S.", presentationStyle = "custom",
                    animator = {transitionDuration = function() return 0.1 end,
                                animateTransition = function(ctx)
                                  ctx.containerView:addSubview(ctx:viewForKey("to"))
                                  ctx:completeTransition(true)
                                end}}
            """
            let result = run(source, scenario: .present, options: options)
            return result.printed.map(\.text) + result.errors.map(\.message)
        }
        #expect(outcome("UIAccessibility.isReduceMotionEnabled", reduceMotion: false) == ["false"])
        #expect(outcome("UIAccessibility.isReduceMotionEnabled", reduceMotion: true) == ["true"])
        let misspelt = outcome("UIAccessibility.isReducedMotionEnabled", reduceMotion: false)
        #expect(misspelt.count == 1 && misspelt[0].contains("did you mean 'isReduceMotionEnabled'?"), "\(misspelt)")
        let written = outcome("(function() UIAccessibility.isReduceMotionEnabled = true end)()", reduceMotion: false)
        #expect(written.count == 1 && written[0].contains("UIAccessibility is read-only"), "\(written)")
    }
}

extension ReduceMotionTests {
    /// Every look at the motion walks every view on screen: 20,000 views looked at
    /// 30 times a second would take seconds, the entry's whole time limit, and the
    /// error would name no line. The meter stops at 200,000 views a transition and
    /// says so: with 5,000 views of the script's and fewer than 128 of the host's
    /// (the presenting screen's) on screen, 39 looks stay within it, and the 40th,
    /// at 39/30 = 1.3 s, goes past it. (A long time limit: the test shares a busy
    /// machine with every other suite.)
    @Test func aTransitionWithThousandsOfViewsIsMeasuredOnlyUpToTheLimit() {
        let source = """
        local function animateTransition(ctx)
          local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          if ctx.isPresenting then
            view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            ctx.containerView:addSubview(view)
            for i = 1, 5000 do view:addSubview(UIView.new{frame = CGRect(i % 300, i % 700, 4, 4)}) end
          end
          UIView.animate{duration = 2, animations = function() view.alpha = 0.9 end,
            completion = function() ctx:completeTransition(true) end}
        end
        return {
          title = "Crowd", summary = "Five thousand views.", presentationStyle = "custom",
          animator = {transitionDuration = function() return 2 end, animateTransition = animateTransition},
        }
        """
        var options = ScenarioOptions()
        options.limits = SandboxLimits(time: .seconds(60))
        let outcome = run(source, scenario: .reduceMotion, options: options)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let cut = outcome.warnings.map(\.message).filter { $0.contains("motion was measured only until") }
        #expect(cut.count == 1 && cut[0].contains("the presentation's motion was measured only until 1.3 s:"), "\(cut)")
    }
}

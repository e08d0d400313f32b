import LuaBindings
import RenderTree
import Testing

/// Who is in charge of the status bar, and the entry's fields and controller API for it.
@Suite struct StatusBarBindingTests {
    func entry(style: String, fields: String = "prefersStatusBarHidden = true,", captures: Bool = false, ask: Bool = true) -> String {
        """
        return {
          title = "t", summary = "s",
          presentationStyle = "\(style)",
          \(fields)
          animator = {
            transitionDuration = function(ctx) return 0.2 end,
            animateTransition = function(ctx)
              local view = ctx:viewForKey(ctx.isPresenting and "to" or "from")
              local controller = ctx:viewControllerForKey(ctx.isPresenting and "to" or "from")
              if ctx.isPresenting then ctx.containerView:addSubview(view) end
              \(captures ? "controller.modalPresentationCapturesStatusBarAppearance = true" : "")
              UIView.animate{duration = 0.2, animations = function()
                view.alpha = ctx.isPresenting and 1 or 0
                \(ask ? "if ctx.isPresenting then controller:setNeedsStatusBarAppearanceUpdate() end" : "")
              end, completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end,
          },
        }
        """
    }

    func lastLook(_ source: String) -> StatusBarLook?? {
        var options = ScenarioOptions()
        options.rendering = true
        let outcome = run(source, scenario: .present, options: options)
        guard outcome.errors.isEmpty, let chrome = outcome.frames.last?.chrome else { return .none }
        return .some(chrome.statusBar)
    }

    @Test func aCustomPresentationTakesTheBarOnlyByCapturingIt() {
        let hidden = StatusBarLook(lightContent: false, hidden: true)
        // Custom, not capturing: the presenter stays in charge, whatever the presented controller asks.
        #expect(lastLook(entry(style: "custom")) == .some(nil))
        #expect(lastLook(entry(style: "custom", captures: true)) == .some(hidden))
        // Full screen takes it without capturing; asked nowhere, it changes when the presentation ends.
        #expect(lastLook(entry(style: "fullScreen", ask: false)) == .some(hidden))
        // Default style is dark content in light; light content asked for is light.
        #expect(lastLook(entry(style: "fullScreen", fields: "statusBarStyle = \"lightContent\",")) ==
                .some(StatusBarLook(lightContent: true, hidden: false)))
    }

    @Test func aTransitionsEndShowsWhatTheTraceSays() {
        // The change rides a property animator that is reversed halfway: the bar comes back on screen while the
        // controller in charge still asks it hidden. When the transition ends, the picture is the trace's again.
        let source = """
            return {
              title = "t", summary = "s", presentationStyle = "overFullScreen", prefersStatusBarHidden = true,
              animator = {
                transitionDuration = function(ctx) return 1 end,
                animateTransition = function(ctx)
                  local c = ctx:viewControllerForKey("to")
                  ctx.containerView:addSubview(ctx:viewForKey("to"))
                  c.modalPresentationCapturesStatusBarAppearance = true
                  local a = UIViewPropertyAnimator.new{duration = 1, curve = "linear",
                                                       animations = function() c:setNeedsStatusBarAppearanceUpdate() end}
                  a:startAnimation()
                  DispatchQueue.main:asyncAfter(0.5, function() a.isReversed = true end)
                  a:addCompletion(function() ctx:completeTransition(true) end)
                end,
              },
            }
            """
        var options = ScenarioOptions()
        options.rendering = true
        let outcome = run(source, scenario: .present, options: options)
        #expect(outcome.errors.isEmpty, "\(outcome.errors.map(\.message))")
        let hidden = StatusBarLook(lightContent: false, hidden: true)
        // Linear: halfway (0.5) at the reversal at 0.5 s, then back a quarter second, to 0.25 at 0.75 s.
        let reversing = outcome.frames.first { abs($0.time - 0.75) < 1e-9 }?.chrome
        #expect(reversing?.statusBar == hidden && abs((reversing?.statusBarFraction ?? 0) - 0.25) < 1e-6, "\(String(describing: reversing))")
        let last = outcome.frames.last?.chrome
        #expect(last?.statusBar == hidden && last?.statusBarFraction == 1)
    }

    @Test func askingWithoutTakingTheBarIsAWarningAtTheField() {
        let source = entry(style: "custom")
        let warning = run(source, scenario: .present).problems.first { $0.message.contains("is never used: presented \"custom\"") }
        #expect(warning?.severity == .warning && warning?.location?.line == line(of: "prefersStatusBarHidden", in: source))
        #expect(!run(entry(style: "custom", captures: true), scenario: .present).problems.contains { $0.message.contains("never used") })
    }

    @Test func mistakesAreErrorsAtTheirLine() {
        for (fields, message) in [("prefersStatusBarHidden = \"yes\",", "'prefersStatusBarHidden' must be true or false"),
                                  ("statusBarStyle = \"light\",", "unknown statusBarStyle \"light\"; did you mean \"lightContent\"?"),
                                  ("preferredStatusBarUpdateAnimation = \"slid\",", "did you mean \"slide\"?")] {
            let source = entry(style: "custom", fields: fields)
            let outcome = run(source, scenario: .present)
            let error = outcome.errors.first { $0.message.contains(message) }
            #expect(error?.location?.line == line(of: fields, in: source), "\(outcome.errors.map(\.message))")
        }
        // Only the capture can be set on a controller; it takes a boolean.
        let named = run(entry(style: "custom", fields: "", captures: false, ask: false)
            .replacingOccurrences(of: "if ctx.isPresenting then ctx.containerView:addSubview(view) end",
                                  with: "if ctx.isPresenting then ctx.containerView:addSubview(view); controller.name = \"x\" end"),
            scenario: .present)
        #expect(named.errors.contains { $0.message.contains("'name' cannot be set here: only modalPresentationCapturesStatusBarAppearance is") },
                "\(named.errors.map(\.message))")
    }
}

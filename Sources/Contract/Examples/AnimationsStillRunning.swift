extension RuleExamples {
    /// animations-still-running: the entry that breaks it, then the same entry corrected.
    static let animationsStillRunning: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present", options: [], source: #"""
            -- animations-still-running, TRIGGER: a 0.2 s fade and a 0.5 s corner
            -- rounding; completeTransition is called from the SHORT one's completion,
            -- so the transition is declared over while the long one still runs.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              local function done(finished)
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end
              UIView.animate{duration = 0.2, animations = function() view.alpha = presenting and 1 or 0 end,
                             completion = done} -- BUG: ends before the 0.5 s animation below
              UIView.animate{duration = 0.5, animations = function() view.layer.cornerRadius = presenting and 16 or 0 end}
            end

            return {
              title = "Animations still running", summary = "completeTransition from the shorter of two animations.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.5 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "present", options: [], source: #"""
            -- animations-still-running, PASS: the same two animations; completeTransition
            -- is called from the completion of the LAST one to end (the 0.5 s one).
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              local function done(finished)
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end
              UIView.animate{duration = 0.2, animations = function() view.alpha = presenting and 1 or 0 end}
              UIView.animate{duration = 0.5, animations = function() view.layer.cornerRadius = presenting and 16 or 0 end,
                             completion = done} -- FIX: the last animation ends the transition
            end

            return {
              title = "Animations still running (fixed)", summary = "completeTransition from the last animation.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.5 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "present", options: [], source: #"""
            -- animations-still-running, PASS: a layer animation held on its last value by its
            -- fill (fillMode forwards, not removed) stays on the layer, as in Core Animation,
            -- but stops changing when it ends: the transition completes after that.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
                local round = CABasicAnimation{keyPath = "cornerRadius", fromValue = 0, toValue = 16, duration = 0.3,
                                               fillMode = "forwards", isRemovedOnCompletion = false}
                view.layer:add(round, "round")
              end
              UIView.animate{duration = 0.4, animations = function() view.alpha = presenting and 1 or 0 end,
                             completion = function(finished)
                               if not presenting then view:removeFromSuperview() end
                               ctx:completeTransition(not ctx:transitionWasCancelled())
                             end}
            end

            return {
              title = "Animations still running (held)", summary = "A held layer animation ended before completeTransition.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.4 end, animateTransition = animateTransition},
            }
            """#),
    ]
}

extension RuleExamples {
    /// presented-view-not-at-final-frame: the entry that breaks it, then the same entry corrected.
    static let presentedViewNotAtFinalFrame: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present", options: [], source: #"""
            -- presented-view-not-at-final-frame, TRIGGER: an over-full-screen fade whose
            -- animator makes up its own frame (100 points down from the top) instead of
            -- asking the context where the presented view belongs.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                local b = ctx.containerView.bounds
                view.frame = CGRect(0, 100, b.width, b.height - 100) -- BUG: not ctx:finalFrame(toVC)
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Not at final frame", summary = "A fade that places the presented view by itself.",
              presentationStyle = "overFullScreen",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "present", options: [], source: #"""
            -- presented-view-not-at-final-frame, PASS: the same fade; the presented view
            -- goes exactly where the context says, ctx:finalFrame(toVC).
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to")) -- FIX
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Not at final frame (fixed)", summary = "A fade that places the presented view at its final frame.",
              presentationStyle = "overFullScreen",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
    ]
}

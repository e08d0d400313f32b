extension RuleExamples {
    /// presenting-view-missing: the entry that breaks it, then the same entry corrected.
    static let presentingViewMissing: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present-then-dismiss", options: [], source: #"""
            -- presenting-view-missing, TRIGGER: a custom (over-the-presenter) fade that,
            -- once presented, takes the presenting screen's view out of the window
            -- ("it is covered anyway"). UIKit never handed it over and will not put it
            -- back: after the dismissal the user sees a black screen.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                if presenting then
                  ctx:viewControllerForKey("from").view:removeFromSuperview() -- BUG: not ours to remove
                else
                  view:removeFromSuperview()
                end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Presenting view missing", summary = "A fade that removes the presenter's view.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "present-then-dismiss", options: [], source: #"""
            -- presenting-view-missing, PASS: the same fade; the animator leaves the
            -- presenting screen's view alone (a custom presentation keeps it in the
            -- window) and removes only the view it was handed, on dismissal.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                if presenting then
                  -- FIX: nothing to remove; the presenter stays where UIKit put it
                else
                  view:removeFromSuperview()
                end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Presenting view missing (fixed)", summary = "A fade that leaves the presenter's view alone.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
    ]
}

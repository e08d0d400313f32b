extension RuleExamples {
    /// presented-view-not-visible: the entry that breaks it, then the same entry corrected.
    static let presentedViewNotVisible: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present", options: [], source: #"""
            -- presented-view-not-visible, TRIGGER: the presented view starts at alpha 0
            -- for a fade-in, but the animation block fades the wrong way round, so the
            -- presentation completes with nothing to see (and the app ignores touches).
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 0 or 1 end, function(finished) -- BUG: 0 and 1 swapped
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Presented view not visible", summary = "A fade-in that ends at alpha 0.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "present", options: [], source: #"""
            -- presented-view-not-visible, PASS: the same fade; presenting ends at
            -- alpha 1 (visible), dismissing at alpha 0.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished) -- FIX
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Presented view not visible (fixed)", summary = "A fade-in that ends at alpha 1.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: true, scenario: "interactive-cancel-50", options: [], source: #"""
            -- presented-view-not-visible, TRIGGER: a drag down dismisses; let go half
            -- way, it is cancelled and the screen should stay, but the completion takes
            -- the view out whatever happened.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                local cancelled = ctx:transitionWasCancelled()
                if cancelled then view.alpha = presenting and 0 or 1 end
                if not presenting then view:removeFromSuperview() end -- BUG: also when cancelled
                ctx:completeTransition(not cancelled)
              end)
            end

            return {
              title = "Presented view lost", summary = "A cancelled drag takes the screen away.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
        Rule.Example(triggers: false, scenario: "interactive-cancel-50", options: [], source: #"""
            -- presented-view-not-visible, PASS: the same drag; the view leaves only when
            -- the dismissal completes, and a cancelled one leaves it where it was.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                local cancelled = ctx:transitionWasCancelled()
                if cancelled then view.alpha = presenting and 0 or 1 end
                if not presenting and not cancelled then view:removeFromSuperview() end -- FIX
                ctx:completeTransition(not cancelled)
              end)
            end

            return {
              title = "Presented view kept", summary = "A cancelled drag leaves the screen where it was.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
    ]
}

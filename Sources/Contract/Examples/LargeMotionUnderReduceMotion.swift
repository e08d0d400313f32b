extension RuleExamples {
    /// large-motion-under-reduce-motion: the entry that breaks it, then the same entry corrected.
    static let largeMotionUnderReduceMotion: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "reduce-motion", options: [], source: #"""
            -- large-motion-under-reduce-motion, TRIGGER: the presented view slides up
            -- from below the screen, its whole height, whatever the user's settings.
            -- With Reduce Motion on that large slide is what the setting asks apps to avoid.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
              local below = shown:offsetBy(0, ctx.containerView.bounds.height)
              -- BUG: UIAccessibility.isReduceMotionEnabled is never read
              if presenting then
                view.frame = below
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.frame = presenting and shown or below end, function(finished)
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Large motion under Reduce Motion", summary = "A slide up that ignores Reduce Motion.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "reduce-motion", options: [], source: #"""
            -- large-motion-under-reduce-motion, PASS: the same slide up; with Reduce
            -- Motion on the view stays where it rests and cross-fades instead.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
              local below = shown:offsetBy(0, ctx.containerView.bounds.height)
              local calm = UIAccessibility.isReduceMotionEnabled -- FIX: a fade in place
              if calm then below = shown end
              if presenting then
                view.frame = below
                if calm then view.alpha = 0 end
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function()
                view.frame = presenting and shown or below
                if calm then view.alpha = presenting and 1 or 0 end
              end, function(finished)
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Large motion under Reduce Motion (fixed)", summary = "A slide up that fades with Reduce Motion on.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
    ]
}

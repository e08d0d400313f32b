extension RuleExamples {
    /// presented-while-transitioning: the entry that breaks it, then the same entry corrected.
    static let presentedWhileTransitioning: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "drag-presented", options: [], source: #"""
            -- presented-while-transitioning, TRIGGER: a drag on the presented screen
            -- dismisses it once the finger has gone 200 points down, but the call sits
            -- in `changed`, which runs at every touch event: the first call starts the
            -- dismissal, and every later one asks for a dismissal while it still runs.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Presented while transitioning", summary = "A drag that calls dismiss at every touch event.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {
                presented = {
                  gesture = "pan", direction = "down",
                  changed = function(g, controller)
                    if g.translation.y > 200 then controller:dismiss(true) end -- BUG: again and again
                  end,
                },
              },
            }
            """#),
        Rule.Example(triggers: false, scenario: "drag-presented", options: [], source: #"""
            -- presented-while-transitioning, PASS: the same drag; the decision is made
            -- once, in `ended`, when the finger lifts, so dismiss is called at most once.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                if not presenting then view:removeFromSuperview() end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Presented while transitioning (fixed)", summary = "A drag that calls dismiss once, when the finger lifts.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {
                presented = {
                  gesture = "pan", direction = "down",
                  ended = function(g, controller) -- FIX: once, at release
                    if g.translation.y > 200 then controller:dismiss(true) end
                  end,
                },
              },
            }
            """#),
    ]
}

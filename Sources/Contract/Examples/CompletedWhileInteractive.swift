extension RuleExamples {
    /// completed-while-interactive: the entry that breaks it, then the same entry corrected.
    static let completedWhileInteractive: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "interactive-finish", options: [], source: #"""
            -- completed-while-interactive, TRIGGER: a fade the user can drag down to
            -- dismiss, completed by delayed work 0.35 s after it starts. Delayed work runs
            -- on the clock; the drag holds the fade still for as long as the finger is
            -- down, so the work ends the transition under the finger, before the drag is
            -- given up, and transitionWasCancelled cannot know yet.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end}
              DispatchQueue.main:asyncAfter(0.35, function() -- BUG: the clock, not the transition
                local cancelled = ctx:transitionWasCancelled()
                if cancelled then view.alpha = presenting and 0 or 1 end
                if not presenting and not cancelled then view:removeFromSuperview() end
                ctx:completeTransition(not cancelled)
              end)
            end

            return {
              title = "Completed while interactive", summary = "An interactive fade completed by delayed work.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
        Rule.Example(triggers: false, scenario: "interactive-finish", options: [], source: #"""
            -- completed-while-interactive, PASS: the same draggable fade, completed from
            -- its animation's completion, which runs once the drag has finished or
            -- cancelled it and the rest has played.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{
                duration = 0.3,
                animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished) -- FIX: the transition's own time
                  local cancelled = ctx:transitionWasCancelled()
                  if cancelled then view.alpha = presenting and 0 or 1 end
                  if not presenting and not cancelled then view:removeFromSuperview() end
                  ctx:completeTransition(not cancelled)
                end,
              }
            end

            return {
              title = "Completed while interactive (fixed)", summary = "An interactive fade completed by its animation.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
    ]
}

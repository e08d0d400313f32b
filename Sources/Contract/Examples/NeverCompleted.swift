extension RuleExamples {
    /// never-completed: the entry that breaks it, then the same entry corrected.
    static let neverCompleted: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present", options: [], source: #"""
            -- never-completed, TRIGGER: the fade runs, but its completion forgets
            -- ctx:completeTransition. UIKit would wait for ever: the window ignores
            -- touches and the app looks frozen.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{
                duration = 0.3,
                animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished)
                  if not presenting then view:removeFromSuperview() end
                  -- BUG: no ctx:completeTransition(...) here.
                end,
              }
            end

            return {
              title = "Never completed", summary = "A fade that never calls completeTransition.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "present", options: [], source: #"""
            -- never-completed, PASS: the same fade, and the last animation's completion
            -- tells UIKit the transition is over with ctx:completeTransition.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{
                duration = 0.3,
                animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished)
                  if not presenting then view:removeFromSuperview() end
                  ctx:completeTransition(not ctx:transitionWasCancelled()) -- FIX: always end the transition
                end,
              }
            end

            return {
              title = "Never completed (fixed)", summary = "A fade that calls completeTransition when it ends.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
    ]
}

extension RuleExamples {
    /// completed-twice: the entry that breaks it, then the same entry corrected.
    static let completedTwice: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "dismiss", options: [], source: #"""
            -- completed-twice, TRIGGER: the dismissal branch of the completion calls
            -- ctx:completeTransition and then falls through to the call after it (a
            -- missing `else`/`return`), so a dismissal completes twice. UIKit ignores
            -- the second call: a warning.
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
                  if not presenting then
                    view:removeFromSuperview()
                    ctx:completeTransition(not ctx:transitionWasCancelled()) -- BUG: and again just below
                  end
                  ctx:completeTransition(not ctx:transitionWasCancelled())
                end,
              }
            end

            return {
              title = "Completed twice", summary = "A fade whose dismissal calls completeTransition twice.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "dismiss", options: [], source: #"""
            -- completed-twice, PASS: the same fade; the dismissal branch only cleans up,
            -- and the one call after it ends every transition exactly once.
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
                  if not presenting then
                    view:removeFromSuperview() -- FIX: no completeTransition here
                  end
                  ctx:completeTransition(not ctx:transitionWasCancelled())
                end,
              }
            end

            return {
              title = "Completed twice (fixed)", summary = "A fade that calls completeTransition once.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
    ]
}

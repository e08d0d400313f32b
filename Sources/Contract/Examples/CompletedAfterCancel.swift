extension RuleExamples {
    /// completed-after-cancel: the entry that breaks it, then the same entry corrected.
    static let completedAfterCancel: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "interactive-cancel-50", options: [], source: #"""
            -- completed-after-cancel, TRIGGER: a fade the user can drag down to dismiss.
            -- When the drag is given up (cancelled), the completion still reports
            -- success with ctx:completeTransition(true): UIKit would show the screen the
            -- user backed out of.
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
                  local cancelled = ctx:transitionWasCancelled()
                  if cancelled then view.alpha = presenting and 0 or 1 end
                  if not presenting and not cancelled then view:removeFromSuperview() end
                  ctx:completeTransition(true) -- BUG: ignores the cancel
                end,
              }
            end

            return {
              title = "Completed after cancel", summary = "An interactive fade that completes even when cancelled.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
        Rule.Example(triggers: false, scenario: "interactive-cancel-50", options: [], source: #"""
            -- completed-after-cancel, PASS: the same draggable fade; the completion
            -- passes `not cancelled`, so a given-up drag ends as UIKit expects:
            -- completeTransition(false), and the presented screen stays.
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
                  local cancelled = ctx:transitionWasCancelled()
                  if cancelled then view.alpha = presenting and 0 or 1 end
                  if not presenting and not cancelled then view:removeFromSuperview() end
                  ctx:completeTransition(not cancelled) -- FIX
                end,
              }
            end

            return {
              title = "Completed after cancel (fixed)", summary = "An interactive fade that reports a cancel.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
    ]
}

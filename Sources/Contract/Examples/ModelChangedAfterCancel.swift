extension RuleExamples {
    /// model-changed-after-cancel: the entry that breaks it, then the same entry corrected.
    static let modelChangedAfterCancel: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "interactive-cancel-50", options: [], source: #"""
            -- model-changed-after-cancel, TRIGGER: a draggable fade to half. When the
            -- drag is cancelled, the completion does not put the dismissed view's alpha
            -- back: UIKit rolls back only what is on screen, so the model keeps 0.5.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0.5
                ctx.containerView:addSubview(view)
              end
              UIView.animate{
                duration = 0.3,
                animations = function() view.alpha = presenting and 1 or 0.5 end,
                completion = function(finished)
                  local cancelled = ctx:transitionWasCancelled()
                  -- BUG: nothing restores view.alpha when cancelled
                  if not presenting and not cancelled then view:removeFromSuperview() end
                  ctx:completeTransition(not cancelled)
                end,
              }
            end

            return {
              title = "Model changed after cancel", summary = "An interactive fade that leaves alpha 0.5 after a cancel.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
        Rule.Example(triggers: false, scenario: "interactive-cancel-50", options: [], source: #"""
            -- model-changed-after-cancel, PASS: the same draggable fade to half; on a
            -- cancel the completion puts back the alpha the animation block had changed.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0.5
                ctx.containerView:addSubview(view)
              end
              UIView.animate{
                duration = 0.3,
                animations = function() view.alpha = presenting and 1 or 0.5 end,
                completion = function(finished)
                  local cancelled = ctx:transitionWasCancelled()
                  if cancelled then view.alpha = presenting and 0.5 or 1 end -- FIX: restore the model
                  if not presenting and not cancelled then view:removeFromSuperview() end
                  ctx:completeTransition(not cancelled)
                end,
              }
            end

            return {
              title = "Model changed after cancel (fixed)", summary = "An interactive fade that restores alpha after a cancel.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
    ]
}

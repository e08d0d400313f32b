extension RuleExamples {
    /// source-view-left-hidden: the entry that breaks it, then the same entry corrected.
    static let sourceViewLeftHidden: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present-then-dismiss", options: [], source: #"""
            -- source-view-left-hidden, TRIGGER: a zoom-like fade from the tapped row
            -- (ctx.sourceView). The row is hidden while the new screen stands in for
            -- it, but nobody shows it again: back on the list there is a gap.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              local row = ctx.sourceView
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              if row then row.isHidden = true end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                if not presenting then
                  view:removeFromSuperview()
                  -- BUG: the row stays hidden
                end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Source view left hidden", summary = "Hides the tapped row and never shows it again.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
        Rule.Example(triggers: false, scenario: "present-then-dismiss", options: [], source: #"""
            -- source-view-left-hidden, PASS: the same fade from the tapped row; when
            -- the dismissal ends, the row is shown again in its list.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              local row = ctx.sourceView
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              if row then row.isHidden = true end
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                if not presenting then
                  view:removeFromSuperview()
                  if row then row.isHidden = false end -- FIX: the list shows its row again
                end
                ctx:completeTransition(not ctx:transitionWasCancelled())
              end)
            end

            return {
              title = "Source view left hidden (fixed)", summary = "Hides the tapped row, then shows it again.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
            }
            """#),
    ]
}

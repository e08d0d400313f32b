extension RuleExamples {
    /// dismissed-while-scrolled: the entry that breaks it, then the same entry corrected.
    static let dismissedWhileScrolled: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "interactive-finish", options: [], source: #"""
            -- dismissed-while-scrolled, TRIGGER: the presented screen holds a list the
            -- user has scrolled 120 points down, and a drag down dismisses the screen.
            -- The dismissal moves while the list is still scrolled: the drag both
            -- scrolls and dismisses.
            local list -- the scroll view inside the presented screen
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                list = UIView.new{name = "list", frame = view.bounds}
                list.isScrollView = true
                list.contentOffset = CGPoint(0, 120) -- the user has scrolled down
                view:addSubview(list)
                ctx.containerView:addSubview(view)
              end
              -- BUG: the dismissal starts with the list still scrolled
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                local cancelled = ctx:transitionWasCancelled()
                if cancelled then view.alpha = presenting and 0 or 1 end
                if not presenting and not cancelled then view:removeFromSuperview() end
                ctx:completeTransition(not cancelled)
              end)
            end

            return {
              title = "Dismissed while scrolled", summary = "A drag-to-dismiss screen whose list stays scrolled.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
        Rule.Example(triggers: false, scenario: "interactive-finish", options: [], source: #"""
            -- dismissed-while-scrolled, PASS: the same screen and list; before the
            -- dismissal moves anything, the list is scrolled back to the top, so the
            -- drag dismisses a list at rest instead of scrolling and dismissing at once.
            local list -- the scroll view inside the presented screen
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                list = UIView.new{name = "list", frame = view.bounds}
                list.isScrollView = true
                list.contentOffset = CGPoint(0, 120) -- the user has scrolled down
                view:addSubview(list)
                ctx.containerView:addSubview(view)
              end
              if not presenting then list.contentOffset = CGPoint(0, 0) end -- FIX: scroll to the top first
              UIView.animate(0.3, function() view.alpha = presenting and 1 or 0 end, function(finished)
                local cancelled = ctx:transitionWasCancelled()
                if cancelled then view.alpha = presenting and 0 or 1 end
                if not presenting and not cancelled then view:removeFromSuperview() end
                ctx:completeTransition(not cancelled)
              end)
            end

            return {
              title = "Dismissed while scrolled (fixed)", summary = "A drag-to-dismiss screen that scrolls its list to the top first.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              interaction = {dismissal = {gesture = "pan", direction = "down"}},
            }
            """#),
    ]
}

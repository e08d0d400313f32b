extension RuleExamples {
    /// dismissed-while-scrolled: the entry that breaks it, then the same entry corrected.
    static let dismissedWhileScrolled: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "interactive-finish", options: [], source: #"""
            -- dismissed-while-scrolled, TRIGGER: the presented screen holds a list the
            -- user has scrolled 120 points down; the dismissal's pan recognizes with
            -- the list's own pan, and its percent is the whole drag. One drag both
            -- scrolls the list and moves the screen.
            local list -- the scroll view inside the presented screen
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                if list == nil then -- the screen's list, made once
                  list = UIScrollView.new{name = "list", frame = view.bounds}
                  list.contentSize = CGSize(view.bounds.width, 3000)
                  list.contentOffset = CGPoint(0, 120) -- the user has scrolled down
                  view:addSubview(list)
                end
                ctx.containerView:addSubview(view)
              end
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
              interaction = {dismissal = {
                gesture = "pan", direction = "down",
                shouldRecognizeSimultaneously = true,
                -- BUG: the part of the drag that scrolls the list moves the screen too
                progress = function(g, size) return g.translation.y / size.height end,
              }},
            }
            """#),
        Rule.Example(triggers: false, scenario: "interactive-finish", options: [], source: #"""
            -- dismissed-while-scrolled, PASS: the same screen and list; the part of the
            -- drag that scrolls the list back to its top (as far down as it was when
            -- the drag began) does not count towards the dismissal.
            local list -- the scroll view inside the presented screen
            local scrolledAtStart = 0
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                if list == nil then -- the screen's list, made once
                  list = UIScrollView.new{name = "list", frame = view.bounds}
                  list.contentSize = CGSize(view.bounds.width, 3000)
                  list.bounces = false -- past its top the drag moves the screen, not the list
                  list.contentOffset = CGPoint(0, 120) -- the user has scrolled down
                  view:addSubview(list)
                end
                ctx.containerView:addSubview(view)
              end
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
              interaction = {dismissal = {
                gesture = "pan", direction = "down",
                shouldRecognizeSimultaneously = true,
                shouldBegin = function(g, size)
                  scrolledAtStart = list.contentOffset.y
                  return true
                end,
                -- FIX: only the drag past the list's top moves the screen
                progress = function(g, size) return (g.translation.y - scrolledAtStart) / size.height end,
              }},
            }
            """#),
    ]
}

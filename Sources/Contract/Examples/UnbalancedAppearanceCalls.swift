extension RuleExamples {
    /// unbalanced-appearance-calls: the entry that breaks it, then the same entry corrected.
    static let unbalancedAppearanceCalls: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present", options: [], source: #"""
            -- unbalanced-appearance-calls, TRIGGER: a custom presentation keeps the
            -- presenter's view, so UIKit tells the presenter nothing; the controller tells
            -- it it is about to disappear, but never that it has.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished)
                  if not presenting then view:removeFromSuperview() end
                  ctx:completeTransition(not ctx:transitionWasCancelled())
                end}
            end

            return {
              title = "Unbalanced appearance calls", summary = "A fade that tells the presenter it will disappear, and no more.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              presentationController = {
                presentationTransitionWillBegin = function(self)
                  self.presentingViewController:beginAppearanceTransition(false, true)
                end,
                -- BUG: no presentationTransitionDidEnd calling endAppearanceTransition
              },
            }
            """#),
        Rule.Example(triggers: false, scenario: "present-then-dismiss", options: [], source: #"""
            -- unbalanced-appearance-calls, PASS: each begin is ended when its transition
            -- ends, on the way in and on the way out; a cancelled presentation turns the
            -- presenter back before ending it.
            local function animateTransition(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                view.alpha = 0
                ctx.containerView:addSubview(view)
              end
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished)
                  if not presenting then view:removeFromSuperview() end
                  ctx:completeTransition(not ctx:transitionWasCancelled())
                end}
            end

            return {
              title = "Balanced appearance calls", summary = "A fade that tells the presenter when it disappears and reappears.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              presentationController = {
                presentationTransitionWillBegin = function(self)
                  self.presentingViewController:beginAppearanceTransition(false, true)
                end,
                presentationTransitionDidEnd = function(self, completed)
                  if not completed then self.presentingViewController:beginAppearanceTransition(true, true) end
                  self.presentingViewController:endAppearanceTransition() -- FIX
                end,
                dismissalTransitionWillBegin = function(self)
                  self.presentingViewController:beginAppearanceTransition(true, true)
                end,
                dismissalTransitionDidEnd = function(self, completed)
                  if not completed then self.presentingViewController:beginAppearanceTransition(false, true) end
                  self.presentingViewController:endAppearanceTransition()
                end,
              },
            }
            """#),
    ]
}

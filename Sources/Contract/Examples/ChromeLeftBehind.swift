extension RuleExamples {
    /// chrome-left-behind: the entry that breaks it, then the same entry corrected.
    static let chromeLeftBehind: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present-then-dismiss", options: [], source: #"""
            -- chrome-left-behind, TRIGGER: the presentation controller adds a dimming
            -- view, but dismissalTransitionDidEnd forgets to remove it (a warning:
            -- UIKit throws the container away, but the controller still holds it).
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
              title = "Chrome left behind", summary = "A half sheet whose dimming view is never removed.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              presentationController = {
                frameOfPresentedViewInContainerView = function(self)
                  local b = self.containerView.bounds
                  return CGRect(0, b.height / 2, b.width, b.height / 2)
                end,
                presentationTransitionWillBegin = function(self)
                  self.dimming = UIView.new{name = "dimming", frame = self.containerView.bounds,
                                            backgroundColor = UIColor.black:withAlphaComponent(0.4)}
                  self.containerView:insertSubview(self.dimming, 0)
                end,
                dismissalTransitionDidEnd = function(self, completed)
                  -- BUG: self.dimming is never removed
                end,
                containerViewWillLayoutSubviews = function(self)
                  self.dimming.frame = self.containerView.bounds
                  self.presentedView.frame = self.frameOfPresentedViewInContainerView
                end,
              },
            }
            """#),
        Rule.Example(triggers: false, scenario: "present-then-dismiss", options: [], source: #"""
            -- chrome-left-behind, PASS: the same sheet; dismissalTransitionDidEnd(true)
            -- removes the dimming view it added.
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
              title = "Chrome left behind (fixed)", summary = "A half sheet that removes its dimming view.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              presentationController = {
                frameOfPresentedViewInContainerView = function(self)
                  local b = self.containerView.bounds
                  return CGRect(0, b.height / 2, b.width, b.height / 2)
                end,
                presentationTransitionWillBegin = function(self)
                  self.dimming = UIView.new{name = "dimming", frame = self.containerView.bounds,
                                            backgroundColor = UIColor.black:withAlphaComponent(0.4)}
                  self.containerView:insertSubview(self.dimming, 0)
                end,
                dismissalTransitionDidEnd = function(self, completed)
                  if completed then self.dimming:removeFromSuperview() end -- FIX
                end,
                containerViewWillLayoutSubviews = function(self)
                  self.dimming.frame = self.containerView.bounds
                  self.presentedView.frame = self.frameOfPresentedViewInContainerView
                end,
              },
            }
            """#),
    ]
}

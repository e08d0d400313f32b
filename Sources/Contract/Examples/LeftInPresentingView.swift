extension RuleExamples {
    /// left-in-presenting-view: the entry that breaks it, then the same entry corrected.
    static let leftInPresentingView: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present-then-dismiss", options: [], source: #"""
            -- left-in-presenting-view, TRIGGER: the dimming view is put on the
            -- presenting screen's own view instead of the container, and nothing takes
            -- it off: after the dismissal that screen is not as the user left it.
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
              title = "Left in presenting view", summary = "A half sheet that leaves its dimming on the presenter.",
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
                  self.presentingViewController.view:addSubview(self.dimming)
                end,
                dismissalTransitionDidEnd = function(self, completed)
                  -- BUG: the dimming view stays on the presenting view
                end,
                containerViewWillLayoutSubviews = function(self)
                  self.dimming.frame = self.containerView.bounds
                  self.presentedView.frame = self.frameOfPresentedViewInContainerView
                end,
              },
            }
            """#),
        Rule.Example(triggers: false, scenario: "present-then-dismiss", options: [], source: #"""
            -- left-in-presenting-view, PASS: the same dimming on the presenting view,
            -- taken off again when the dismissal completes.
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
              title = "Left in presenting view (fixed)", summary = "A half sheet that removes its dimming from the presenter.",
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
                  self.presentingViewController.view:addSubview(self.dimming)
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

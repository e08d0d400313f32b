extension RuleExamples {
    /// not-laid-out-after-size-change: the entry that breaks it, then the same entry corrected.
    static let notLaidOutAfterSizeChange: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "rotation-while-presented", options: [], source: #"""
            -- not-laid-out-after-size-change, TRIGGER: the half sheet has no
            -- containerViewWillLayoutSubviews, so after a rotation it keeps its
            -- portrait frame instead of the bottom half of the new bounds.
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
              title = "Not laid out after size change", summary = "A half sheet that is not laid out again on rotation.",
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
                  if completed then self.dimming:removeFromSuperview() end
                end,
                -- BUG: no containerViewWillLayoutSubviews
              },
            }
            """#),
        Rule.Example(triggers: false, scenario: "rotation-while-presented", options: [], source: #"""
            -- not-laid-out-after-size-change, PASS: the same sheet; on every size change
            -- containerViewWillLayoutSubviews puts it (and the dimming) in place again.
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
              title = "Not laid out after size change (fixed)", summary = "A half sheet laid out again on rotation.",
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
                  if completed then self.dimming:removeFromSuperview() end
                end,
                containerViewWillLayoutSubviews = function(self) -- FIX
                  self.dimming.frame = self.containerView.bounds
                  self.presentedView.frame = self.frameOfPresentedViewInContainerView
                end,
              },
            }
            """#),
    ]
}

extension RuleExamples {
    /// hierarchy-changed-in-query: the entry that breaks it, then the same entry corrected.
    static let hierarchyChangedInQuery: [Rule.Example] = [
        Rule.Example(triggers: true, scenario: "present", options: [], source: #"""
            -- hierarchy-changed-in-query, TRIGGER: the dimming view is added inside
            -- frameOfPresentedViewInContainerView, a question UIKit may ask many times;
            -- it must only answer. (This sheet has no presentationTransitionWillBegin.)
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
              title = "Hierarchy changed in query", summary = "A half sheet that adds its dimming view while answering its frame.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              presentationController = {
                frameOfPresentedViewInContainerView = function(self)
                  local b = self.containerView.bounds
                  if not self.dimming then -- BUG: changes the hierarchy in a query
                    self.dimming = UIView.new{name = "dimming", frame = b, backgroundColor = UIColor.black:withAlphaComponent(0.4)}
                    self.containerView:insertSubview(self.dimming, 0)
                  end
                  return CGRect(0, b.height / 2, b.width, b.height / 2)
                end,
                dismissalTransitionDidEnd = function(self, completed)
                  if completed then self.dimming:removeFromSuperview() end
                end,
                containerViewWillLayoutSubviews = function(self)
                  self.dimming.frame = self.containerView.bounds
                  self.presentedView.frame = self.frameOfPresentedViewInContainerView
                end,
              },
            }
            """#),
        Rule.Example(triggers: false, scenario: "present", options: [], source: #"""
            -- hierarchy-changed-in-query, PASS: the same sheet; the frame query only
            -- answers, and the dimming view is added in presentationTransitionWillBegin.
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
              title = "Hierarchy changed in query (fixed)", summary = "A half sheet that adds its dimming view in presentationTransitionWillBegin.",
              presentationStyle = "custom",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
              presentationController = {
                frameOfPresentedViewInContainerView = function(self)
                  local b = self.containerView.bounds
                  return CGRect(0, b.height / 2, b.width, b.height / 2)
                end,
                presentationTransitionWillBegin = function(self) -- FIX: add chrome here
                  self.dimming = UIView.new{name = "dimming", frame = self.containerView.bounds,
                                            backgroundColor = UIColor.black:withAlphaComponent(0.4)}
                  self.containerView:insertSubview(self.dimming, 0)
                end,
                dismissalTransitionDidEnd = function(self, completed)
                  if completed then self.dimming:removeFromSuperview() end
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

-- A UIPresentationController for a presented view that does not fill the
-- screen: it sits at `frame(bounds)` (in the container's bounds) over a
-- black dimming view, `params.dimming` opaque, that fades in alongside the
-- presentation and out alongside the dismissal (back in if a drag is
-- cancelled), and both are laid out again when the container changes size.
-- The module is the function that makes one:
--
--     local dimming = require("dimming")
--     presentationController = dimming(boxFrame)
--
-- `dress(controller)`, when given, runs as the presentation begins, once the
-- dimming view is in: _presentr.lua rounds the presented view's corners
-- there, zoom-from-source keeps the dimming view for its drag. A cancelled
-- dismissal puts the dimming back as it was when the dismissal began (an
-- entry's own drag may have lightened it). Used by half-sheet, drop-down
-- and zoom-from-source, and through _presentr.lua by alert, popup,
-- half-screen, form-sheet and popover.
return function(frame, dress)
  return {
    frameOfPresentedViewInContainerView = function(self)
      return frame(self.containerView.bounds)
    end,

    presentationTransitionWillBegin = function(self)
      self.dimmingView = UIView.new{name = "dimming", frame = self.containerView.bounds,
                                    backgroundColor = UIColor.black:withAlphaComponent(params.dimming)}
      self.dimmingView.alpha = 0
      self.containerView:insertSubview(self.dimmingView, 0)
      if dress then dress(self) end
      self.transitionCoordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 1 end)
    end,

    presentationTransitionDidEnd = function(self, completed)
      if not completed then self.dimmingView:removeFromSuperview() end
    end,

    dismissalTransitionWillBegin = function(self)
      local coordinator = self.transitionCoordinator
      local was = self.dimmingView.alpha
      coordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 0 end, function()
        -- A cancelled drag rolls back only what is on screen: the model still says 0.
        if coordinator.isCancelled then self.dimmingView.alpha = was end
      end)
    end,

    dismissalTransitionDidEnd = function(self, completed)
      if completed then self.dimmingView:removeFromSuperview() end
    end,

    containerViewWillLayoutSubviews = function(self)
      self.dimmingView.frame = self.containerView.bounds
      self.presentedView.frame = self.frameOfPresentedViewInContainerView
    end,
  }
end

-- The dimming view of a UIPresentationController whose presented view does
-- not fill the screen: black, `opacity` opaque, under everything in the
-- container, fading in alongside the presentation and out alongside the
-- dismissal (back in if a drag is cancelled), and laid out again with the
-- presented view when the container changes size. The entry keeps the view
-- on its presentation controller and hands it to each function:
--
--     local dimming = require("dimming")
--     presentationController = {
--       frameOfPresentedViewInContainerView = function(self) return boxFrame(self.containerView.bounds) end,
--       presentationTransitionWillBegin = function(self) self.dimmingView = dimming.fadeIn(self, params.dimming) end,
--       presentationTransitionDidEnd = function(self, completed) dimming.presented(self.dimmingView, completed) end,
--       dismissalTransitionWillBegin = function(self) dimming.fadeOut(self, self.dimmingView) end,
--       dismissalTransitionDidEnd = function(self, completed) dimming.dismissed(self.dimmingView, completed) end,
--       containerViewWillLayoutSubviews = function(self) dimming.layout(self, self.dimmingView) end,
--     }
--
-- Used by drag-sheet, drawer, drop-down, half-sheet, side-menu and zoom-from-source, and with
-- _presentr.lua by alert, popup, half-screen, form-sheet and popover.

local dimming = {}

-- Makes the dimming view, puts it under everything in the container and fades it in alongside the presentation.
---@param controller UIPresentationController
---@param opacity number
---@return UIView
function dimming.fadeIn(controller, opacity)
  local container = controller.containerView
  local view = UIView.new{name = "dimming", frame = container.bounds, backgroundColor = UIColor.black:withAlphaComponent(opacity)}
  view.alpha = 0
  container:insertSubview(view, 0)
  controller.transitionCoordinator:animateAlongsideTransition(function() view.alpha = 1 end)
  return view
end

-- A cancelled presentation takes the dimming view away again.
---@param view UIView
---@param completed boolean
function dimming.presented(view, completed)
  if not completed then view:removeFromSuperview() end
end

-- Fades the dimming view out alongside the dismissal. A cancelled dismissal puts it back as it was when the dismissal
-- began (an entry's own drag may have lightened it).
---@param controller UIPresentationController
---@param view UIView
function dimming.fadeOut(controller, view)
  local coordinator = controller.transitionCoordinator
  local was = view.alpha
  coordinator:animateAlongsideTransition(function() view.alpha = 0 end, function()
    -- A cancelled drag rolls back only what is on screen: the model still says 0.
    if coordinator.isCancelled then view.alpha = was end
  end)
end

-- A finished dismissal takes the dimming view away.
---@param view UIView
---@param completed boolean
function dimming.dismissed(view, completed)
  if completed then view:removeFromSuperview() end
end

-- Lays the dimming view and the presented view out for the container's size.
---@param controller UIPresentationController
---@param view UIView
function dimming.layout(controller, view)
  view.frame = controller.containerView.bounds
  controller.presentedView.frame = controller.frameOfPresentedViewInContainerView
end

return dimming

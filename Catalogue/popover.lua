-- Popover: what a UIKit popover from a bar button looks like, without the
-- arrow. A small rounded box of the presented controller's
-- preferredContentSize sits just under the navigation bar near the top,
-- over a clear dimming view (UIKit keeps one to catch taps outside, and
-- dims nothing), and fades in and out, as popovers do, rather than moving.
--
-- Lua sees no safe area, bar-button frame or arrow: `top` stands for the
-- bar's bottom edge (47-point safe area + 44-point bar + 8 on an iPhone 14)
-- and `anchor` for which end of the bar the button is at. The side margins
-- are UIKit's popoverLayoutMargins, 10 points. Apple publishes no radius
-- or duration: 13 points and 0.25 s are estimates. UIKit dismisses a
-- popover on a tap outside it, and so does this entry; there is no drag.

-- The content size under the bar, at the chosen end, kept 10 points in.
local function boxFrame(bounds)
  local inset = 10
  local w = math.min(params.width, bounds.width - 2 * inset)
  local h = math.min(params.height, bounds.height - params.top - inset)
  local x = bounds.midX - w / 2
  if params.anchor == "right" then x = bounds.maxX - inset - w end
  if params.anchor == "left" then x = bounds.minX + inset end
  return CGRect(x, params.top, w, h)
end

local presentr = require("presentr")
local dimming = require("dimming")

return {
  title = "Popover",
  summary = "A small rounded box fades in under the navigation bar over a clear dimming, like an arrow-less popover.",
  tags = {"popover", "fade", "uikit"},
  author = "Segue",
  source = "UIKit UIModalPresentationStyle.popover look (preferredContentSize box, clear dimming, 10 pt popoverLayoutMargins, fade)",
  parameters = {
    width = {type = "number", default = 320, min = 50, max = 1000, description = "preferredContentSize width (UIKit's popovers default to 320)."},
    height = {type = "number", default = 240, min = 50, max = 1200, description = "preferredContentSize height."},
    top = {type = "number", default = 99, min = 0, max = 400, description = "Points from the top: just under the navigation bar."},
    anchor = {type = "string", default = "right", choices = {"right", "center", "left"}, description = "Where the bar button is."},
    dimming = {type = "number", default = 0.0, min = 0.0, max = 1.0, description = "Opacity of the black behind it: none for a popover."},
    cornerRadius = {type = "number", default = 13, min = 0, max = 40, description = "Corner radius of the box."},
    duration = {type = "number", default = 0.25, min = 0.05, max = 5.0, description = "Seconds for the fade, each way."},
  },
  presentationStyle = "custom",
  -- Over a dimming view that fades in alongside (_dimming.lua), its corners rounded (_presentr.lua).
  presentationController = {
    frameOfPresentedViewInContainerView = function(self) return boxFrame(self.containerView.bounds) end,
    presentationTransitionWillBegin = function(self)
      presentr.roundCorners(self)
      self.dimmingView = dimming.fadeIn(self, params.dimming)
    end,
    presentationTransitionDidEnd = function(self, completed)
      dimming.presented(self.dimmingView, completed)
      -- UIKit dismisses a popover on a tap outside it: on the clear dimming view.
      if completed then
        self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
          self.presentedViewController:dismiss(true)
        end})
      end
    end,
    dismissalTransitionWillBegin = function(self) dimming.fadeOut(self, self.dimmingView) end,
    dismissalTransitionDidEnd = function(self, completed) dimming.dismissed(self.dimmingView, completed) end,
    containerViewWillLayoutSubviews = function(self) dimming.layout(self, self.dimmingView) end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    -- Popovers fade.
    animateTransition = function(ctx) presentr.animate(ctx, ctx.isPresenting, "crossDissolve", false) end,
  },
}

-- Form sheet: UIKit's formSheet look as a custom presentation. On a regular
-- width (an iPad) a centred card of UIKit's form-sheet size, 540 × 620
-- points; on a compact width (an iPhone) the full width less a margin on
-- each side, no taller than 620 and centred. Over a black dimming view,
-- with the rounded corners of iOS 13's sheets (10 points). It rises with
-- UIKit's default modalTransitionStyle, coverVertical, from below the
-- bottom edge, and since iOS 13 the user can drag a sheet down to dismiss
-- it: so can they here.
--
-- Lua sees no size class or safe area, so "regular" is read off the
-- container: at least 700 points each way. Apple publishes no dimming,
-- radius or duration figures: 0.4 black, 10 pt and 0.35 s (Segue's figure
-- for UIKit's transitions) are estimates.

-- UIKit's form sheet: 540 × 620 centred where there is room, else the
-- width less the margins.
local function boxFrame(bounds)
  local regular = bounds.width >= 700 and bounds.height >= 700
  local w = regular and params.width or bounds.width - 2 * params.margin
  local h = math.min(params.height, bounds.height - 2 * params.margin)
  return CGRect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
end

local presentr = require("presentr")
local dimming = require("dimming")

return {
  title = "Form sheet",
  summary = "UIKit's form sheet as a custom presentation: a 540 x 620 card (width less margins on an iPhone) rises over dimming; drag it down.",
  tags = {"sheet", "dimming", "interactive", "uikit"},
  author = "Segue",
  source = "UIKit UIModalPresentationStyle.formSheet (540 x 620 on regular width, coverVertical, iOS 13 card corners)",
  parameters = {
    width = {type = "number", default = 540, min = 200, max = 1000, description = "Points wide on a regular width (UIKit: 540)."},
    height = {type = "number", default = 620, min = 200, max = 1200, description = "Points tall at most (UIKit: 620)."},
    margin = {type = "number", default = 16, min = 0, max = 100, description = "Points kept clear on each side on a compact width."},
    dimming = {type = "number", default = 0.4, min = 0.0, max = 1.0, description = "Opacity of the black behind it."},
    cornerRadius = {type = "number", default = 10, min = 0, max = 40, description = "Corner radius of the card."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds each way."},
  },
  presentationStyle = "custom",
  -- Over a dimming view that fades in alongside (_dimming.lua), its corners rounded (_presentr.lua).
  presentationController = {
    frameOfPresentedViewInContainerView = function(self) return boxFrame(self.containerView.bounds) end,
    presentationTransitionWillBegin = function(self)
      presentr.roundCorners(self)
      self.dimmingView = dimming.fadeIn(self, params.dimming)
    end,
    presentationTransitionDidEnd = function(self, completed) dimming.presented(self.dimmingView, completed) end,
    dismissalTransitionWillBegin = function(self) dimming.fadeOut(self, self.dimmingView) end,
    dismissalTransitionDidEnd = function(self, completed) dimming.dismissed(self.dimmingView, completed) end,
    containerViewWillLayoutSubviews = function(self) dimming.layout(self, self.dimmingView) end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    -- UIKit's default modalTransitionStyle.
    animateTransition = function(ctx) presentr.animate(ctx, ctx.isPresenting, "coverVertical", false) end,
  },
  interaction = {
    -- iOS 13's sheet: a pan down on the card takes it off the bottom edge.
    -- Apple publishes no threshold or speed for it: past half, or a flick of
    -- 1000 points a second, is Segue's rule, the usual libraries' figure.
    dismissal = {gesture = "pan", direction = "down", distance = function(size)
      return size.height - boxFrame(CGRect(0, 0, size.width, size.height)).minY
    end},
  },
}

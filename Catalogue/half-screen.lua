-- Half screen: Presentr's .topHalf and .bottomHalf presentation types, one
-- entry with an `edge`. Everything that tells the two apart follows from
-- the edge: the sheet (full width, half the height, rounded down) sits at
-- that edge; it comes from that edge (.topHalf's default transition is
-- Presentr's CoverVerticalFromTopAnimation, .bottomHalf's UIKit's
-- coverVertical); and Presentr's swipe to dismiss goes towards it. Colour,
-- opacity (black at backgroundOpacity 0.7) and square corners (roundCorners
-- is off for the halves) are the same for both, so two entries would be
-- near-copies differing in one parameter.
--
-- The user can drag the sheet back to its edge, as Presentr's swipe
-- (dismissOnSwipe, off by default in Presentr) does: the sheet follows the
-- finger towards its edge, and 100 points of it dismiss (swipeLimit),
-- whatever the speed; short of that, letting go springs the sheet back
-- (0.5 s, damping 0.5). Presentr then runs its whole dismissal from where
-- the sheet is, and so does the rest here. Presentr dismisses the moment
-- the finger passes 100 points; Segue decides when it lifts.
-- Duration: Presentr's animations default to 0.3 s; UIKit publishes none
-- for its coverVertical.

-- Presentr's (.full, .half) size at .topCenter or .bottomCenter.
local function boxFrame(bounds)
  local h = math.floor(bounds.height / 2)
  if params.edge == "top" then return CGRect(0, 0, bounds.width, h) end
  return CGRect(0, bounds.height - h, bounds.width, h)
end

local presentr = require("presentr")
local dimming = require("dimming")

-- How far the finger has gone towards the sheet's edge (Presentr's swipe
-- direction follows the type: bottom for .bottomHalf, top for .topHalf).
local function towardsEdge(point) return params.edge == "top" and -point.y or point.y end

return {
  title = "Half screen",
  summary = "Half the screen slides in from the top or bottom edge over a 70 % dimming; drag it back (Presentr's .topHalf / .bottomHalf).",
  tags = {"sheet", "dimming", "interactive", "presentr"},
  author = "Segue",
  source = "Presentr PresentationType.topHalf / .bottomHalf (full width, half height, backgroundOpacity 0.7, no rounding)",
  parameters = {
    edge = {type = "string", default = "bottom", choices = {"bottom", "top"},
            description = "Presentr's .bottomHalf or .topHalf: where the sheet sits and comes from."},
    dimming = {type = "number", default = 0.7, min = 0.0, max = 1.0, description = "Opacity of the black behind it (Presentr's backgroundOpacity)."},
    cornerRadius = {type = "number", default = 0, min = 0, max = 40, description = "Presentr leaves the halves square."},
    duration = {type = "number", default = 0.3, min = 0.05, max = 5.0, description = "Seconds each way (Presentr's animationDuration)."},
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
      -- Presentr's dismissOnTap (on by default): a tap on the dimming dismisses, once the half is in.
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
    -- .topHalf comes in with Presentr's coverVerticalFromTop, .bottomHalf with UIKit's coverVertical.
    animateTransition = function(ctx)
      presentr.animate(ctx, ctx.isPresenting, params.edge == "top" and "coverVerticalFromTop" or "coverVertical", false)
    end,
  },
  interaction = {
    -- Presentr's presentedViewSwipe: a pan towards the sheet's edge (down for
    -- .bottomHalf, up for .topHalf); `direction` names the default's way, the
    -- functions follow `edge`.
    dismissal = {
      gesture = "pan", direction = "down",
      distance = function(size) return math.floor(size.height / 2) end,
      progress = function(g, size) return towardsEdge(g.translation) / math.floor(size.height / 2) end,
      shouldFinish = function(g, percent) return towardsEdge(g.translation) > 100 end,
      completionSpeed = function(g, percent)
        -- UIKit plays what is left over duration × left / speed: the whole
        -- dismissal, or Presentr's 0.5 s spring back.
        if towardsEdge(g.translation) > 100 then return math.max(1 - percent, 0.01) end
        return math.max(percent * params.duration / 0.5, 0.01)
      end,
    },
  },
}

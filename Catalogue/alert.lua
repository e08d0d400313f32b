-- Alert: Presentr's .alert presentation type. A small box the size of
-- UIAlertController's alert, 270 × 180 points, centred over a black dimming
-- view at Presentr's default backgroundOpacity, 0.7, with Presentr's
-- rounded corners (roundCorners is on for .alert, cornerRadius 4). It
-- comes in with Presentr's default transition for .alert, UIKit's
-- coverVertical (Presentr hands that one to UIKit): up from below the
-- bottom edge. `transition` picks Presentr's other choices, UIKit's
-- crossDissolve or Presentr's own coverVerticalFromTop. Dismissal reverses
-- it. No drag: Presentr's dismissOnSwipe is off by default, and an alert is
-- answered, not pushed away.
--
-- UIKit publishes no duration for its own transitions; this uses 0.35 s,
-- Segue's figure for them (Presentr's own animations default to 0.3 s).
-- A tap on the dimming view dismisses it, as Presentr's dismissOnTap does.
-- Presentr's blurBackground (off by default) blurs what is behind instead
-- of dimming it, with its blurStyle (.dark by default); see _presentr.lua.

-- Presentr's alert size, centred (its ModalCenterPosition.center).
local function boxFrame(bounds)
  local w, h = math.min(params.width, bounds.width), math.min(params.height, bounds.height)
  return CGRect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
end

local presentr = require("presentr")
local dimming = require("dimming")
local blur = require("presentr-blur")

return {
  title = "Alert",
  summary = "A 270 × 180 box rises into the centre over a 70 % black dimming (Presentr's .alert).",
  tags = {"alert", "dimming", "cover", "presentr"},
  author = "Segue",
  source = "Presentr PresentationType.alert (270 x 180, centred, backgroundOpacity 0.7, cornerRadius 4, coverVertical; blurBackground off, blurStyle .dark)",
  parameters = {
    width = {type = "number", default = 270, min = 100, max = 1000, description = "Points wide (Presentr: the size of a UIKit alert)."},
    height = {type = "number", default = 180, min = 60, max = 1000, description = "Points tall."},
    transition = {type = "string", default = "coverVertical", choices = {"coverVertical", "crossDissolve", "coverVerticalFromTop"},
                  description = "Presentr's transition: UIKit's coverVertical or crossDissolve, or Presentr's from the top."},
    dimming = {type = "number", default = 0.7, min = 0.0, max = 1.0, description = "Opacity of the black behind it (Presentr's backgroundOpacity)."},
    blurBackground = {type = "boolean", default = false,
                      description = "Blur what is behind instead of dimming it (Presentr's blurBackground, off by default)."},
    blurStyle = {type = "string", default = "dark", choices = {"dark", "light", "extraLight", "regular", "prominent",
                   "systemUltraThinMaterial", "systemThinMaterial", "systemMaterial", "systemThickMaterial", "systemChromeMaterial",
                   "systemUltraThinMaterialLight", "systemThinMaterialLight", "systemMaterialLight", "systemThickMaterialLight",
                   "systemChromeMaterialLight", "systemUltraThinMaterialDark", "systemThinMaterialDark", "systemMaterialDark",
                   "systemThickMaterialDark", "systemChromeMaterialDark"},
                 description = "The blur's UIBlurEffect style when blurBackground is on (Presentr's blurStyle, .dark by default)."},
    cornerRadius = {type = "number", default = 4, min = 0, max = 40, description = "Presentr's cornerRadius."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds each way."},
  },
  presentationStyle = "custom",
  -- In previews the presented screen is a dialog card (what it shows in an app is the app's own).
  screen = "dialog",
  -- Over a dimming view that fades in alongside (_dimming.lua), or with
  -- blurBackground a blur that comes in behind instead (_presentr-blur.lua);
  -- its corners rounded (_presentr.lua).
  presentationController = {
    frameOfPresentedViewInContainerView = function(self) return boxFrame(self.containerView.bounds) end,
    presentationTransitionWillBegin = function(self)
      presentr.roundCorners(self)
      if params.blurBackground then
        self.dimmingView = blur.chrome(self)
        self.blurView = blur.fadeIn(self, self.dimmingView, UIBlurEffect(params.blurStyle))
      else
        self.dimmingView = dimming.fadeIn(self, params.dimming)
      end
    end,
    presentationTransitionDidEnd = function(self, completed)
      dimming.presented(self.dimmingView, completed)
      -- Presentr's dismissOnTap (on by default): a tap on the dimming dismisses, once the box is in.
      if completed then
        self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
          self.presentedViewController:dismiss(true)
        end})
      end
    end,
    dismissalTransitionWillBegin = function(self) dimming.fadeOut(self, self.dimmingView) end,
    dismissalTransitionDidEnd = function(self, completed) dimming.dismissed(self.dimmingView, completed) end,
    containerViewWillLayoutSubviews = function(self)
      dimming.layout(self, self.dimmingView)
      -- Presentr gives the effect view flexible width and height.
      if params.blurBackground then self.blurView.frame = self.dimmingView.bounds end
    end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = function(ctx) presentr.animate(ctx, ctx.isPresenting, params.transition, false) end,
  },
}

-- Page sheet: UIKit's pageSheet look since iOS 13, as a custom presentation.
-- The presented card rises from the bottom edge and stops short of the top,
-- its corners rounded 10 points, while the presenter is pushed back behind
-- it: scaled down to 0.92 and rounded too, its top edge left showing 10
-- points above the card, over black, and dimmed. On a regular width (an
-- iPad) the card is 704 points wide and the presenter stays put, as UIKit
-- does there. The user can drag the card down to dismiss it, as in iOS 13.
--
-- Apple publishes none of these figures. The 0.92 scale and 0.35 s are what
-- Transmission (nathantannar4) uses for its iOS-style sheet; 10-point radii
-- and the 10-point gap are iOS 13's look; the dimming is an estimate.
-- `top`, the card's top edge, is a parameter to tune (an iPhone 14's
-- 47-point safe area plus 10 by default; detent-sheet is UIKit's own sheet,
-- which follows each device's safe area), and "regular" is read off the
-- container (at least 700 points each way). Only the card's top corners
-- are rounded (maskedCorners), as UIKit's sheet does: it runs to the bottom
-- edge, on a regular width too. UIKit's sheet also sits in a drop-shadow
-- view whose figures Apple does not publish; this card has none.

local peek = 10 -- points of the presenter left showing above the card

local function isRegular(bounds)
  return bounds.width >= 700 and bounds.height >= 700
end

local function sheetFrame(bounds)
  local w = isRegular(bounds) and math.min(704, bounds.width) or bounds.width
  return CGRect(bounds.midX - w / 2, params.top, w, bounds.height - params.top)
end

-- The presenter pushed back: scaled about its centre, then moved so that its
-- top edge is `peek` points above the card's. None on a regular width, and
-- none with Reduce Motion on (a zoom, however small, is motion).
local function pushedBack(bounds)
  if isRegular(bounds) or UIAccessibility.isReduceMotionEnabled then return CGAffineTransformIdentity end
  local s = params.presenterScale
  local dy = (params.top - peek) - bounds.height * (1 - s) / 2
  return CGAffineTransformScale(CGAffineTransformMakeTranslation(0, dy), s, s)
end

local function setBack(presenter, bounds, back)
  presenter.transform = back and pushedBack(bounds) or CGAffineTransformIdentity
  local rounded = back and not CGAffineTransformIsIdentity(presenter.transform)
  presenter.layer.cornerRadius = rounded and params.cornerRadius or 0
end

-- Rises on ease-in-out; Reduce Motion: the card fades in its place (_presentr.lua).
local presentr = require("presentr")

return {
  title = "Page sheet",
  summary = "iOS 13's card: the sheet rises short of the top while the presenter shrinks back to 0.92 behind it; drag it down.",
  tags = {"sheet", "card", "dimming", "zoom", "interactive", "uikit"},
  author = "Segue",
  source = "UIKit UIModalPresentationStyle.pageSheet (iOS 13 card); scale 0.92 and 0.35 s from Transmission's sheet transition",
  parameters = {
    top = {type = "number", default = 57, min = 0, max = 300,
           description = "Points from the top to the card (safe area + 10 on an iPhone 14)."},
    presenterScale = {type = "number", default = 0.92, min = 0.5, max = 1.0, description = "How far the presenter is pushed back."},
    cornerRadius = {type = "number", default = 10, min = 0, max = 40, description = "Corner radius of the card and of the pushed-back presenter."},
    dimming = {type = "number", default = 0.4, min = 0.0, max = 1.0, description = "Opacity of the black over the presenter."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds each way."},
  },
  presentationStyle = "custom",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self)
      return sheetFrame(self.containerView.bounds)
    end,

    presentationTransitionWillBegin = function(self)
      local bounds = self.containerView.bounds
      local dimming = UIView.new{name = "dimming", frame = bounds,
                                 backgroundColor = UIColor.black:withAlphaComponent(params.dimming)}
      dimming.alpha = 0
      self.containerView:insertSubview(dimming, 0)
      self.dimmingView = dimming
      self.presentedView.layer.cornerRadius = params.cornerRadius
      self.presentedView.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
      self.presentedView.layer.masksToBounds = true
      local presenter = self.presentingViewController.view
      presenter.layer.masksToBounds = true
      self.transitionCoordinator:animateAlongsideTransition(function()
        self.dimmingView.alpha = 1
        setBack(presenter, bounds, true)
      end)
    end,

    presentationTransitionDidEnd = function(self, completed)
      if not completed then
        self.dimmingView:removeFromSuperview()
        local presenter = self.presentingViewController.view
        setBack(presenter, self.containerView.bounds, false)
        presenter.layer.masksToBounds = false
      end
    end,

    dismissalTransitionWillBegin = function(self)
      local coordinator = self.transitionCoordinator
      local presenter = self.presentingViewController.view
      local bounds = self.containerView.bounds
      coordinator:animateAlongsideTransition(function()
        self.dimmingView.alpha = 0
        setBack(presenter, bounds, false)
      end, function()
        -- A cancelled drag rolls back only what is on screen: put the model back.
        if coordinator.isCancelled then
          self.dimmingView.alpha = 1
          setBack(presenter, bounds, true)
        end
      end)
    end,

    dismissalTransitionDidEnd = function(self, completed)
      if completed then
        self.dimmingView:removeFromSuperview()
        self.presentingViewController.view.layer.masksToBounds = false
      end
    end,

    containerViewWillLayoutSubviews = function(self)
      local bounds = self.containerView.bounds
      self.dimmingView.frame = bounds
      self.presentedView.frame = self.frameOfPresentedViewInContainerView
      -- The presenter is transformed, so only its transform is redone.
      setBack(self.presentingViewController.view, bounds, true)
    end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = function(ctx) presentr.animate(ctx, ctx.isPresenting, "coverVertical", false) end,
  },
  interaction = {
    -- iOS 13's sheet: a pan down on the card takes it off the bottom edge.
    -- Apple publishes no threshold or speed for it: past half, or a flick of
    -- 1000 points a second, is Segue's rule, the usual libraries' figure.
    dismissal = {gesture = "pan", direction = "down", distance = function(size) return size.height - params.top end},
  },
}

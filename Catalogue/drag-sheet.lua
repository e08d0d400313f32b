-- Drag sheet: a sheet with a grabber, after Slack's PanModal. The sheet
-- springs up from the bottom (0.5 s, damping 0.8, ease-in-out, PanModal's
-- defaults) over a black dimming view at 0.7, with its top corners rounded
-- to 8 points and a light grey grabber (36 × 5, fully rounded) floating 8
-- points above its top edge. It stops PanModal's default topOffset below
-- the top: topLayoutOffset (the safe area's top, which PanModal reads from
-- the key window's root view controller) + 21, read here from the
-- container's safeAreaInsets when the presentation controller lays the
-- sheet out: 68 points on an iPhone 14, 80 on an iPhone 15, 41 on an SE,
-- 21 on a phone in landscape (no safe area at the top, no status bar).
-- Drag it down to dismiss: letting go
-- nearer the bottom than the top, or flicking faster than 300 points a
-- second (PanModal's 1000 × (1 - 0.7) sensitivity), dismisses.
-- Only the top corners are rounded, as PanModal's addRoundedCorners does
-- (byRoundingCorners [.topLeft, .topRight], a mask drawn around the
-- grabber): here a mask layer, its body's top corners rounded
-- (maskedCorners) and a pill where the grabber is, the bottom two square at
-- the screen's edge. PanModal draws no shadow.
-- The sheet waits (and leaves) the grabber's 13 points further below the
-- bottom edge than PanModal's origin.y = container height, so the grabber
-- is never left over the home indicator; PanModal fades it out alongside
-- the dismissal, as here. The dimming fades alongside the transition, as
-- PanModal's does (on the transition's own curve, UIKit's ease-in-out over
-- the duration, not the sheet's spring: on the way out it is still fading
-- when the sheet has gone).
-- The drag is PanModal's pan: the sheet follows the finger (the finger's
-- travel over the sheet's height, the pan's own view); let go, it goes
-- to the nearest of its place and the bottom edge unless flicked faster
-- than 300 points a second, down (dismissed) or up (back). Either way
-- PanModal then runs a whole 0.5 s animation from where the sheet is (the
-- dismissal, or its spring back to the short form), so the rest here plays
-- over the whole duration too.
-- A tap on the dimming dismisses (PanModal's allowsTapToDismiss). What Segue
-- cannot say yet: PanModal's short-form/long-form stops (one form here, so an
-- upward flick only puts the sheet back). The grabber is
-- drawn outside the sheet's bounds, so touches there reach the dimming, as
-- in PanModal; a presented screen whose root is a scroll view would scroll
-- the mask and the grabber with it (PanModal wraps the screen in a view of
-- its own: the scripting API's presentedView, not exported yet).
-- A custom presentation: the presenter stays in the window; the dimming
-- view (_dimming.lua) and the grabber are the presentation controller's
-- chrome.

local dimming = require("dimming")

-- The grabber: 36 × 5, its bottom 8 points above the sheet's top edge.
local grabberReach = 8 + 5
local function grabberFrame(width) return CGRect((width - 36) / 2, -grabberReach, 36, 5) end

-- PanModal's addRoundedCorners: a mask over the sheet, its top corners
-- rounded and drawn around the grabber, so the sheet's content is cut to
-- the corners while the grabber above it still shows. It reaches `below`
-- the sheet's bottom edge (the screen's height): PanModal's container view
-- reaches below the screen, and so does the sheet's extension here while
-- it springs (below the screen once it rests, where nothing is drawn).
local function cornerMask(size, below)
  local mask = CALayer{frame = CGRect(0, -grabberReach, size.width, size.height + grabberReach + below)}
  local body = CALayer{frame = CGRect(0, grabberReach, size.width, size.height + below),
                       backgroundColor = UIColor.black, cornerRadius = 8}
  body.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
  mask:addSublayer(body)
  local g = grabberFrame(size.width)
  local pill = CALayer{frame = CGRect(g.minX, 0, g.width, g.height), backgroundColor = UIColor.black, cornerRadius = 2.5}
  mask:addSublayer(pill)
  return mask
end

-- The sheet's chrome taken off the presented view when it leaves: the
-- grabber, the mask and the rounded top corners, so that the app's view is
-- as it was.
local function takeChromeOff(sheet, grabber)
  grabber:removeFromSuperview()
  sheet.layer.mask = nil
  sheet.layer.cornerRadius = 0
  sheet.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"}
end

-- Reduce Motion: the sheet fades in and out where it rests instead of springing.
local function fadeInPlace(ctx, view, shown, presenting)
  if presenting then
    view.frame = shown
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function()
      view.alpha = presenting and 1 or 0
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      view.alpha = (presenting == cancelled) and 0 or 1
      if not presenting and not cancelled then view:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

-- Once it is there, or back where it was if the drag was cancelled.
local function settle(ctx, view, presenting, shown, hidden, extension)
  local cancelled = ctx:transitionWasCancelled()
  if extension then extension:removeFromSuperview() end
  if cancelled then view.frame = presenting and hidden or shown end
  if not presenting and not cancelled then view:removeFromSuperview() end
  ctx:completeTransition(not cancelled)
end

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  -- Where the sheet rests: where UIKit puts it, or where it is now.
  local shown = view.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  if UIAccessibility.isReduceMotionEnabled then return fadeInPlace(ctx, view, shown, presenting) end
  -- Off screen: below the bottom edge, with the grabber above the sheet's top.
  local hidden = shown:offsetBy(0, ctx.containerView.bounds.height + grabberReach - shown.minY)
  local extension
  if presenting then
    view.frame = hidden
    ctx.containerView:addSubview(view)
    -- PanModal's container view reaches below the screen whatever the
    -- spring does: the sheet is extended below its bottom edge, in its own
    -- colour (its bottom row of points, stretched), while it springs, so
    -- the overshoot opens no gap at the bottom.
    -- (UIKit gives no snapshot of a view it cannot draw: then none.)
    extension = view:resizableSnapshotView(CGRect(0, shown.height - 1, shown.width, 1), true)
    if extension then
      extension.frame = CGRect(0, shown.height, shown.width, ctx.containerView.bounds.height)
      view:addSubview(extension)
    end
  end
  -- PanModal animates both ways with the same spring; a finger drives it linearly.
  local target = presenting and shown or hidden
  if ctx.isInteractive then
    UIView.animate{
      duration = params.duration, options = {"curveLinear"},
      animations = function() view.frame = target end,
      completion = function(finished) settle(ctx, view, presenting, shown, hidden, extension) end,
    }
  else
    UIView.animate{
      duration = params.duration, usingSpringWithDamping = params.damping, initialSpringVelocity = 0, options = {"curveEaseInOut"},
      animations = function() view.frame = target end,
      completion = function(finished) settle(ctx, view, presenting, shown, hidden, extension) end,
    }
  end
end

return {
  title = "Drag sheet",
  summary = "A sheet with a grabber springs up over a dimmed screen; drag it down, or flick it, to dismiss.",
  tags = {"sheet", "dimming", "spring", "interactive", "presentation controller"},
  author = "Segue",
  source = "PanModal PanModalPresentationController (0.5 s spring, damping 0.8, corner 8, dimming 0.7, grabber 36 x 5 8 pt above)",
  parameters = {
    dimming = {type = "number", default = 0.7, min = 0.0, max = 1.0, description = "Opacity of the black behind the sheet."},
    damping = {type = "number", default = 0.8, min = 0.1, max = 1.0, description = "The spring's damping ratio: 1 settles without a bounce."},
    duration = {type = "number", default = 0.5, min = 0.1, max = 3.0, description = "Seconds for the spring."},
  },
  presentationStyle = "custom",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self)
      local b = self.containerView.bounds
      -- PanModal's topOffset: topLayoutOffset + 21.0; longFormYPos for .maxHeight.
      local top = self.containerView.safeAreaInsets.top + 21
      return CGRect(0, top, b.width, b.height - top)
    end,

    presentationTransitionWillBegin = function(self)
      self.dimmingView = dimming.fadeIn(self, params.dimming)
      -- The grabber rides on the sheet, outside its bounds; the corner mask
      -- leaves room for it.
      local sheet = self.presentedView
      sheet.layer.cornerRadius = 8
      sheet.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
      local grabber = UIView.new{name = "grabber", frame = grabberFrame(sheet.bounds.width),
                                 backgroundColor = UIColor{white = 0.667, alpha = 1}}
      grabber.layer.cornerRadius = 2.5
      sheet:addSubview(grabber)
      self.grabber = grabber
      sheet.layer.mask = cornerMask(self.frameOfPresentedViewInContainerView.size, self.containerView.bounds.height)
    end,

    presentationTransitionDidEnd = function(self, completed)
      dimming.presented(self.dimmingView, completed)
      if not completed then return takeChromeOff(self.presentedView, self.grabber) end
      -- PanModal's allowsTapToDismiss (on by default): a tap on the dimming dismisses.
      self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
        self.presentedViewController:dismiss(true)
      end})
    end,

    dismissalTransitionWillBegin = function(self)
      dimming.fadeOut(self, self.dimmingView)
      local coordinator = self.transitionCoordinator
      coordinator:animateAlongsideTransition(function()
        -- PanModal hides the grabber on the way out: it is drawn outside the sheet.
        self.grabber.alpha = 0
      end, function()
        if coordinator.isCancelled then self.grabber.alpha = 1 end
      end)
    end,

    dismissalTransitionDidEnd = function(self, completed)
      dimming.dismissed(self.dimmingView, completed)
      if completed then takeChromeOff(self.presentedView, self.grabber) end
    end,

    containerViewWillLayoutSubviews = function(self)
      dimming.layout(self, self.dimmingView)
      local frame = self.frameOfPresentedViewInContainerView
      self.grabber.frame = grabberFrame(frame.width)
      self.presentedView.layer.mask = cornerMask(frame.size, self.containerView.bounds.height)
    end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- PanModal's respond(to:): released nearer the bottom than its place, or
    -- flicked faster than 1000 × (1 - snapMovementSensitivity 0.7) = 300
    -- points a second, it goes; flicked as fast up, it stays.
    dismissal = {
      gesture = "pan", direction = "down",
      progress = function(g, size)
        -- The sheet follows the finger: its travel over the sheet's way down,
        -- its height and the grabber's reach (the pan is on the sheet).
        return g.translation.y / (g.view.bounds.height + grabberReach)
      end,
      finishThreshold = 0.5, velocityThreshold = 300,
      completionSpeed = function(g, percent)
        -- PanModal's dismiss(animated:) or transition(to: .shortForm) take the
        -- whole duration from where the sheet is: UIKit plays what is left over
        -- duration × left / speed.
        local v = g.velocity.y
        local finishing = v > 300 or (v >= -300 and percent > 0.5)
        return math.max(finishing and 1 - percent or percent, 0.01)
      end,
    },
  },
}

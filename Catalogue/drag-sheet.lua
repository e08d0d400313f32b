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
-- the dismissal, as here. The dimming fades in the sheet's own spring
-- (PanModal fades it alongside the transition, on the coordinator's curve,
-- which would leave it fading after the sprung sheet has gone).
-- The drag is PanModal's pan: the sheet follows the finger; let go, it goes
-- to the nearest of its place and the bottom edge unless flicked faster
-- than 300 points a second, down (dismissed) or up (back). Either way
-- PanModal then runs a whole 0.5 s animation from where the sheet is (the
-- dismissal, or its spring back to the short form), so the rest here plays
-- over the whole duration too.
-- What Segue cannot say yet: PanModal's short-form/long-form stops (one
-- form here, so an upward flick only puts the sheet back).
-- A custom presentation: the presenter stays in the window; the dimming
-- view and the grabber are the presentation controller's chrome.

-- Where the sheet's top was last laid out, for the drag's distance (which
-- is given only the container's size).
local sheetTop = 0

-- The grabber: 36 × 5, its bottom 8 points above the sheet's top edge.
local grabberReach = 8 + 5
local function grabberFrame(width) return CGRect((width - 36) / 2, -grabberReach, 36, 5) end

-- PanModal's addRoundedCorners: a mask over the sheet, its top corners
-- rounded and drawn around the grabber, so the sheet's content is cut to
-- the corners while the grabber above it still shows.
local function cornerMask(size, below)
  below = below or 0
  local mask = CALayer{frame = CGRect(0, -grabberReach, size.width, size.height + grabberReach + below)}
  local body = CALayer{frame = CGRect(0, grabberReach, size.width, size.height + below),
                       backgroundColor = UIColor.black, cornerRadius = 8}
  body.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
  mask:addSublayer(body)
  local g = grabberFrame(size.width)
  mask:addSublayer(CALayer{frame = CGRect(g.minX, 0, g.width, g.height), backgroundColor = UIColor.black, cornerRadius = 2.5})
  return mask
end

-- The presentation controller's dimming view, which the animator fades in
-- the sheet's own animation (nil until a presentation begins), and how far
-- the sheet's mask reaches below it while it springs in (`below`).
local chrome = {}

local presentationController = {
  frameOfPresentedViewInContainerView = function(self)
    local container = self.containerView
    local b = container.bounds
    -- PanModal's topOffset: topLayoutOffset + 21.0; longFormYPos for .maxHeight.
    sheetTop = container.safeAreaInsets.top + 21
    return CGRect(0, sheetTop, b.width, b.height - sheetTop)
  end,

  presentationTransitionWillBegin = function(self)
    local container = self.containerView
    self.dimmingView = UIView.new{name = "dimming", frame = container.bounds,
                                  backgroundColor = UIColor.black:withAlphaComponent(params.dimming)}
    self.dimmingView.alpha = 0
    container:insertSubview(self.dimmingView, 0)
    chrome.dimming = self.dimmingView
    -- The grabber rides on the sheet, outside its bounds; the corner mask
    -- leaves room for it.
    local sheet = self.presentedView
    sheet.layer.cornerRadius = 8
    sheet.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
    self.grabber = UIView.new{name = "grabber", frame = grabberFrame(sheet.bounds.width),
                              backgroundColor = UIColor{white = 0.667, alpha = 1}}
    self.grabber.layer.cornerRadius = 2.5
    sheet:addSubview(self.grabber)
    sheet.layer.mask = cornerMask(self.frameOfPresentedViewInContainerView.size)
    -- The dimming fades in with the sheet, in the animator's own animation.
  end,

  presentationTransitionDidEnd = function(self, completed)
    if not completed then
      self.dimmingView:removeFromSuperview()
      self.grabber:removeFromSuperview()
      self.presentedView.layer.mask = nil
    end
  end,

  dismissalTransitionWillBegin = function(self)
    local coordinator = self.transitionCoordinator
    -- The dimming fades out with the sheet, in the animator's own animation.
    coordinator:animateAlongsideTransition(function()
      -- PanModal hides the grabber on the way out: it is drawn outside the sheet.
      self.grabber.alpha = 0
    end, function()
      if coordinator.isCancelled then self.grabber.alpha = 1 end
    end)
  end,

  dismissalTransitionDidEnd = function(self, completed)
    if completed then
      self.dimmingView:removeFromSuperview()
      self.grabber:removeFromSuperview()
      self.presentedView.layer.mask = nil
    end
  end,

  containerViewWillLayoutSubviews = function(self)
    self.dimmingView.frame = self.containerView.bounds
    local frame = self.frameOfPresentedViewInContainerView
    self.presentedView.frame = frame
    self.grabber.frame = grabberFrame(frame.width)
    self.presentedView.layer.mask = cornerMask(frame.size, chrome.below)
  end,
}

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
      chrome.dimming.alpha = presenting and 1 or 0
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      view.alpha = (presenting == cancelled) and 0 or 1
      chrome.dimming.alpha = view.alpha
      if not presenting and not cancelled then view:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
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
    local below = ctx.containerView.bounds.height
    extension = view:resizableSnapshotView(CGRect(0, shown.height - 1, shown.width, 1), true)
    extension.frame = CGRect(0, shown.height, shown.width, below)
    view:addSubview(extension)
    chrome.below = below
    view.layer.mask = cornerMask(shown.size, below)
  end
  -- PanModal animates both ways with the same spring; a finger drives it linearly.
  UIView.animate{
    duration = params.duration,
    usingSpringWithDamping = not ctx.isInteractive and params.damping or nil,
    initialSpringVelocity = not ctx.isInteractive and 0 or nil,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function()
      view.frame = presenting and shown or hidden
      -- The dimming in step with the sheet, on its spring.
      chrome.dimming.alpha = presenting and 1 or 0
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if extension then
        extension:removeFromSuperview()
        chrome.below = nil
        view.layer.mask = cornerMask(shown.size)
      end
      if cancelled then
        view.frame = presenting and hidden or shown
        chrome.dimming.alpha = presenting and 0 or 1
      end
      if not presenting and not cancelled then view:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
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
  presentationController = presentationController,
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
      distance = function(size) return size.height - sheetTop end,
      finishThreshold = 0.5, velocityThreshold = 300,
      -- PanModal's dismiss(animated:) or transition(to: .shortForm) take the
      -- whole duration from where the sheet is: UIKit plays what is left over
      -- duration × left / speed.
      completionSpeed = function(g, percent)
        local v = g.velocity.y
        local finishing = v > 300 or (v >= -300 and percent > 0.5)
        return math.max(finishing and 1 - percent or percent, 0.01)
      end,
    },
  },
}

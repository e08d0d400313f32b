-- Zoom from source: iOS 18's zoom transition (UIKit's
-- preferredTransition = .zoom(sourceViewProvider:), shown in WWDC24's
-- "Enhance your UI animations and transitions"). The tapped row, the
-- context's source view, opens into the new screen: a rounded clip grows
-- from the row's frame to the whole screen, its corners going from the
-- row's radius to the screen's, while the new screen, scaled as a whole into
-- the row's frame (all of it showing, its shape kept: a short row holds a
-- small screen at its middle) and growing with the clip to full size, fades
-- in over a snapshot of the row. The row itself is hidden while
-- the zoom stands in for it, and the screen behind dims. Dismissal shrinks
-- the screen back into the row, where it cross-fades into the row's
-- snapshot in the last part of the way, and the row reappears.
--
--     clip      row ──────────────────────────▶ screen   (spring)
--     screen    fitted in the row ────────────▶ full size (same spring)
--     corners   row's ─────────────────────────▶ screen's
--     screen    alpha 0 ──▶ 1                              (same spring)
--     dimming   0 ────────────────────────────▶ params.dimming
--
-- The motion is a spring, as Apple's zoom is: Apple does not publish the
-- zoom's own spring, so this uses the spring Apple's WWDC23 "Animate with
-- springs" gives for a duration and bounce (mass 1, stiffness (2π /
-- duration)², damping 4π (1 − bounce) / duration) at SwiftUI's documented
-- default, .smooth: 0.5 s, no bounce. A UIViewPropertyAnimator runs it.
-- Estimates, not Apple's figures: the dimming (black at 0.2, the dimming
-- observed under UIKit's own sheets in light mode), the screen's corner
-- radius (47.33 points, the iPhone 14's display corners as measured; Apple
-- publishes none), the cross-fade into the row (the last 60 % of the way
-- back) and the drag's figures below.
--
-- Drag the screen down to dismiss, as iOS 18 lets you: the screen follows
-- the finger, shrinking as it goes (to params.dragScale at a drag the
-- height of the screen) with the screen's corners, and the dimming lifts;
-- let go past params.dismissFraction of the screen's height, or flicked
-- down faster than params.dismissVelocity, it zooms back into the row from
-- where the finger left it; otherwise it springs back. Dragged up, it
-- resists (UIScrollView's rubber band).
--
-- Reduce Motion: the screen cross-fades in and out in place, as iOS's zoom
-- does with the setting on; so does a zoom with no source view (a script
-- took the row away). A custom presentation: the presenter stays in the
-- window; the dimming view is the presentation controller's chrome.
--
-- The zoom serves a navigation controller's push and pop too, as iOS 18's
-- does (navigation = true): the same clip, without the dimming (a
-- presentation controller's chrome plays no part in navigation).

local dimming = require("dimming")

-- Apple's spring for a duration and bounce (WWDC23, "Animate with springs"),
-- of mass 1.
local function springFigures()
  local angular = 2 * math.pi / params.duration
  return {stiffness = angular * angular, damping = 4 * math.pi * (1 - params.bounce) / params.duration}
end

local function spring()
  local figures = springFigures()
  return UISpringTimingParameters{mass = 1, stiffness = figures.stiffness, damping = figures.damping}
end

-- How long the spring takes to settle: the animator's duration.
local function settlingDuration()
  local figures = springFigures()
  local animation = CASpringAnimation{keyPath = "opacity", mass = 1, stiffness = figures.stiffness, damping = figures.damping}
  return animation.settlingDuration
end

-- The scale at which the whole of something of `size` fits in `rect`, its
-- shape kept: iOS 18's zoom puts the whole new screen in the source's frame
-- rather than cutting a full-size screen to it.
local function fitting(rect, size)
  return math.min(rect.width / size.width, rect.height / size.height)
end

-- `view` (its own size) centred in a clip of `clipSize`, at `scale`.
local function place(view, clipSize, scale)
  view.center = CGPoint(clipSize.width / 2, clipSize.height / 2)
  view.transform = CGAffineTransformMakeScale(scale, scale)
end

-- Where a view rests when nothing moves it: its bounds round its centre.
local function resting(view)
  local b = view.bounds
  return CGRect(view.center.x - b.width / 2, view.center.y - b.height / 2, b.width, b.height)
end

-- Reduce Motion, or no row to zoom from: the screen fades where it is.
local function crossFade(ctx, view, presenting)
  if presenting then
    view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  local animator = UIViewPropertyAnimator.new{
    duration = settlingDuration(), timingParameters = spring(),
    animations = function() view.alpha = presenting and 1 or 0 end,
  }
  animator:addCompletion(function(position)
    local cancelled = ctx:transitionWasCancelled()
    view.alpha = 1
    if presenting == cancelled then
      view:removeFromSuperview()
    else
      view.transform = CGAffineTransformIdentity
      view.layer.cornerRadius = 0
    end
    ctx:completeTransition(not cancelled)
  end)
  return animator
end

-- The zoom, both ways, as one property animator.
local function zoomAnimator(ctx)
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  -- A pop hands over the screen it goes back to (a dismissal that kept its
  -- presenter does not): it goes under the zoom, where the row is.
  if not presenting then
    local back = ctx:viewForKey("to")
    if back then
      if back.superview ~= container then
        back.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
        container:insertSubview(back, 0)
      end
    end
  end
  local row = ctx.sourceView
  if UIAccessibility.isReduceMotionEnabled or not row then return crossFade(ctx, view, presenting) end
  -- The row's rectangle in the container, kept inside it: with none of it
  -- showing there is nothing to zoom from.
  local source = row:convert(row.bounds, container):intersection(container.bounds)
  if source.isEmpty then return crossFade(ctx, view, presenting) end

  -- The screen at rest, and where it starts: the row, or where a drag left it.
  local start = view:convert(view.bounds, container)
  if presenting then start = source end
  local rest = resting(view)
  if presenting then rest = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  local size = rest.size
  local rowRadius, screenRadius = row.layer.cornerRadius, params.screenCornerRadius

  -- The row as it was, to lie under the screen in the clip (UIKit makes no
  -- snapshot of a row it cannot draw: then the screen fades where it is).
  local snapshot = row:snapshotView(false)
  if not snapshot then return crossFade(ctx, view, presenting) end

  local clip = UIView.new{name = "zoom", frame = start, backgroundColor = UIColor.systemBackground}
  clip.clipsToBounds = true
  -- A screen at rest has the display's corners: the dismissal starts from them.
  clip.layer.cornerRadius = presenting and rowRadius or screenRadius
  container:addSubview(clip)
  -- The row's snapshot, fitted to the clip's width, under the screen.
  snapshot.bounds = CGRect(0, 0, source.width, source.height)
  place(snapshot, start.size, start.width / source.width)
  clip:addSubview(snapshot)
  row.isHidden = true
  -- The screen rides in a holder of its own size: a view controller's view
  -- resizes with its superview (flexible width and height), and the clip's
  -- size changes all the way.
  local holder = UIView.new{name = "zoomed", frame = CGRect(0, 0, size.width, size.height)}
  clip:addSubview(holder)
  view.layer.cornerRadius = 0
  view.transform = CGAffineTransformIdentity
  holder:addSubview(view)
  view.frame = CGRect(0, 0, size.width, size.height)
  place(holder, start.size, presenting and fitting(source, size) or start.width / size.width)
  if presenting then view.alpha = 0 end

  local finish = presenting and rest or source
  local animator = UIViewPropertyAnimator.new{
    duration = settlingDuration(), timingParameters = spring(),
    animations = function()
      clip.frame = finish
      clip.layer.cornerRadius = presenting and screenRadius or rowRadius
      place(snapshot, finish.size, finish.width / source.width)
      place(holder, finish.size, presenting and 1 or fitting(source, size))
      if presenting then view.alpha = 1 end
    end,
  }
  -- On the way back the screen gives way to the row over the last 60 % of
  -- the animator's time (the spring is most of the way home by then).
  if not presenting then animator:addAnimations(function() view.alpha = 0 end, 0.4) end
  animator:addCompletion(function(position)
    local cancelled = ctx:transitionWasCancelled()
    view.transform = CGAffineTransformIdentity
    view.alpha = 1
    if presenting ~= cancelled then
      container:addSubview(view)
      view.frame = rest
    else
      view:removeFromSuperview()
    end
    clip:removeFromSuperview()
    row.isHidden = false
    ctx:completeTransition(not cancelled)
  end)
  return animator
end

local function animateTransition(ctx)
  if not ctx.isAnimated then
    -- Not animated: the screen is simply there (or gone), with no zoom.
    local shown = ctx:viewForKey("to")
    if shown then
      shown.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
      ctx.containerView:addSubview(shown)
    end
    if not ctx.isPresenting then ctx:viewForKey("from"):removeFromSuperview() end
    return ctx:completeTransition(true)
  end
  zoomAnimator(ctx):startAnimation()
end

-- UIScrollView's rubber band: d·(1 − 1/(x·0.55/d + 1)) for x points past the end.
local function rubber(x, d) return d * (1 - 1 / (x * 0.55 / d + 1)) end

return {
  title = "Zoom from source",
  summary = "The tapped row opens into the new screen and the screen shrinks back into it (iOS 18's zoom); drag it down to dismiss.",
  tags = {"zoom", "ios", "spring", "interactive", "dimming", "source view", "navigation"},
  author = "Segue",
  source = "Apple WWDC24 Enhance your UI animations and transitions: zoom transition; spring from WWDC23 Animate with springs "
    .. "(.smooth 0.5 s, bounce 0); dimming, corners and drag figures estimated",
  parameters = {
    duration = {type = "number", default = 0.5, min = 0.1, max = 2.0, description = "The spring's perceptual duration (SwiftUI's .smooth: 0.5 s)."},
    bounce = {type = "number", default = 0.0, min = 0.0, max = 0.9, description = "The spring's bounce: 0 settles without overshoot."},
    dimming = {type = "number", default = 0.2, min = 0.0, max = 1.0, description = "Opacity of the black over the screen behind (estimate)."},
    screenCornerRadius = {type = "number", default = 47.33, min = 0, max = 80, description = "The display's corner radius the zoom grows to (estimate: iPhone 14)."},
    dragScale = {type = "number", default = 0.5, min = 0.1, max = 1.0, description = "The screen's scale when dragged down its whole height (estimate)."},
    dismissFraction = {type = "number", default = 0.15, min = 0.01, max = 1.0, description = "Let go past this share of the height, it dismisses (estimate)."},
    dismissVelocity = {type = "number", default = 800, min = 0, max = 10000, description = "Flicked down faster than this, points a second, it dismisses (estimate)."},
  },
  presentationStyle = "custom",
  navigation = true,
  -- Full screen over a black dimming view (_dimming.lua), kept for the drag.
  presentationController = {
    frameOfPresentedViewInContainerView = function(self) return self.containerView.bounds end,
    presentationTransitionWillBegin = function(self) self.dimmingView = dimming.fadeIn(self, params.dimming) end,
    presentationTransitionDidEnd = function(self, completed) dimming.presented(self.dimmingView, completed) end,
    dismissalTransitionWillBegin = function(self) dimming.fadeOut(self, self.dimmingView) end,
    dismissalTransitionDidEnd = function(self, completed) dimming.dismissed(self.dimmingView, completed) end,
    containerViewWillLayoutSubviews = function(self) dimming.layout(self, self.dimmingView) end,
  },
  animator = {
    transitionDuration = function(ctx) return ctx.isAnimated and settlingDuration() or 0 end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- The drag is on the presented screen and moves it itself; a dismissal
    -- begins only when it is let go far enough, from where it is.
    presented = {
      gesture = "pan", direction = "down",
      began = function(g, controller)
        -- The screen's content is cut to the corners too; left so afterwards
        -- (a full-screen view shows nothing outside its bounds).
        controller.view.clipsToBounds = true
        controller.view.layer.cornerRadius = params.screenCornerRadius
      end,
      changed = function(g, controller)
        local height = g.containerSize.height
        local dy = g.translation.y
        local progress = math.min(math.max(dy, 0) / height, 1)
        local scale = 1 - (1 - params.dragScale) * progress
        local ty = dy >= 0 and dy or -rubber(-dy, height)
        controller.view.transform = CGAffineTransformScale(CGAffineTransformMakeTranslation(g.translation.x, ty), scale, scale)
        -- The dimming lifts as the screen goes (the presentation controller's).
        local chrome = controller.presentationController
        if chrome then chrome.dimmingView.alpha = 1 - progress end
      end,
      ended = function(g, controller)
        local height = g.containerSize.height
        if g.state == "ended" and (g.translation.y > params.dismissFraction * height or g.velocity.y > params.dismissVelocity) then
          return controller:dismiss(true)
        end
        local view = controller.view
        local chrome = controller.presentationController
        UIView.animate{duration = params.duration, usingSpringWithDamping = 1, initialSpringVelocity = 0, animations = function()
          view.transform = CGAffineTransformIdentity
          view.layer.cornerRadius = 0
          if chrome then chrome.dimmingView.alpha = 1 end
        end}
      end,
    },
  },
}

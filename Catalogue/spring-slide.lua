-- Spring slide: seed 004's animator. The presented view springs up from the
-- bottom (damping 0.5) while the presenter dims to half opacity; the
-- presenter's alpha is reset in the completion, as the seed does. The seed's
-- spring overshoots the full-height view past the top; it is extended below
-- its bottom edge in its own colour while it springs, so no gap opens onto
-- the presenter. Dismissal drops it back down while the presenter lightens
-- from the seed's half opacity back to full, in step with the slide, and can
-- be dragged (seed 004's percent-driven interaction: linear while the finger
-- moves, finishing past halfway).

-- Reduce Motion: the view fades in and out where it rests instead of moving
-- (what UIKit's own transitions do with the setting on).
local function fadeInPlace(ctx, duration)
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  if presenting then
    view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate{
    duration = duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function() view.alpha = presenting and 1 or 0 end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then view.alpha = presenting and 0 or 1 end
      if not presenting and not cancelled then view:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return fadeInPlace(ctx, params.duration) end
  local fromViewController = ctx:viewControllerForKey("from")
  local toViewController = ctx:viewControllerForKey("to")
  local containerView = ctx.containerView
  local bounds = containerView.bounds

  if ctx.isPresenting then
    local finalFrameForVC = ctx:finalFrame(toViewController)
    local view = toViewController.view
    view.frame = CGRectOffset(finalFrameForVC, 0, bounds.size.height)
    containerView:addSubview(view)
    -- The spring overshoots the full-height view past its place: the view
    -- is extended below its bottom edge, in its own colour, while it
    -- springs, so the overshoot never opens a gap onto the presenter.
    -- (Its bottom row of points, stretched.)
    local h = finalFrameForVC.height
    local strip = view:resizableSnapshotView(CGRect(0, h - 1, finalFrameForVC.width, 1), true)
    strip.frame = CGRect(0, h, finalFrameForVC.width, bounds.size.height)
    view:addSubview(strip)
    UIView.animate{duration = params.duration, delay = 0.0, usingSpringWithDamping = params.damping,
                   initialSpringVelocity = 0.0, options = {"curveLinear"},
      animations = function()
        fromViewController.view.alpha = 0.5
        view.frame = finalFrameForVC
      end,
      completion = function(finished)
        strip:removeFromSuperview()
        local cancelled = ctx:transitionWasCancelled()
        if cancelled then view.frame = CGRectOffset(finalFrameForVC, 0, bounds.size.height) end
        ctx:completeTransition(not cancelled)
        -- The seed puts the presenter back to full opacity under the
        -- (full-screen) presented view.
        fromViewController.view.alpha = 1.0
      end}
  else
    local view = ctx:viewForKey("from")
    local presenter = toViewController.view
    local shown = view.frame
    -- The presenter is dimmed again under the presented view (out of
    -- sight), and lightens as the view slides away, in step with it.
    presenter.alpha = 0.5
    UIView.animate{duration = params.duration * 0.6, options = {ctx.isInteractive and "curveLinear" or "curveEaseIn"},
      animations = function()
        view.frame = CGRectOffset(shown, 0, bounds.size.height)
        presenter.alpha = 1.0
      end,
      completion = function(finished)
        local cancelled = ctx:transitionWasCancelled()
        if cancelled then view.frame = shown else view:removeFromSuperview() end
        ctx:completeTransition(not cancelled)
        presenter.alpha = 1.0
      end}
  end
end

return {
  title = "Spring slide",
  summary = "The presented view springs up from the bottom over a dimmed presenter; drag down to dismiss (seed 004).",
  tags = {"spring", "slide", "interactive", "seed-004"},
  author = "Segue",
  source = "Seed 004: a spring animator (damping 0.5) with a percent-driven dismissal",
  parameters = {
    duration = {type = "number", default = 0.8, min = 0.1, max = 5.0, description = "Seconds for the spring."},
    damping = {type = "number", default = 0.5, min = 0.05, max = 1.0, description = "Damping ratio: 1 settles without bouncing."},
  },
  presentationStyle = "custom",
  animator = {
    transitionDuration = function(ctx) return ctx.isPresenting and params.duration or params.duration * 0.6 end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- Seed 004's CustomInteractionController: a pan down, 200 points of it
    -- for the whole dismissal, finishing past halfway whatever the speed.
    dismissal = {
      gesture = "pan", direction = "down", distance = 200,
      shouldFinish = function(g, percent) return percent > 0.5 end,
    },
  },
}

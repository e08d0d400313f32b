-- Slide from bottom: the presented view rises from below the screen and drops
-- back down when dismissed, which the user can also do by dragging it down.
-- A custom presentation: the presenter stays in the window, so the animator
-- only ever touches the presented view.

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
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  -- Where the view rests: its final frame coming in, where it is going out.
  local shown
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) else shown = view.frame end
  local hidden = shown:offsetBy(0, container.bounds.height)
  if presenting then
    view.frame = hidden
    container:addSubview(view)
  end

  UIView.animate{
    duration = params.duration,
    -- Linear while a finger drives it: the drag itself is the curve.
    options = {ctx.isInteractive and "curveLinear" or "curveEaseOut"},
    animations = function()
      view.frame = presenting and shown or hidden
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then
        -- Only the screen rolled back; put the model values back too.
        view.frame = presenting and hidden or shown
      elseif not presenting then
        view:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Slide from bottom",
  summary = "The presented view slides up from the bottom edge and back down; drag down to dismiss.",
  tags = {"basic", "slide", "interactive"},
  author = "Segue",
  source = "UIKit's coverVertical transition style, as a custom animator with an interactive dismissal",
  parameters = {
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds for the slide, each way."},
  },
  presentationStyle = "custom",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- A pan down: the full height of the screen dismisses it completely;
    -- past half, or a flick of 1000 points a second, finishes (Segue's rule:
    -- UIKit's own coverVertical has no interactive dismissal to copy).
    dismissal = {gesture = "pan", direction = "down", distance = function(size) return size.height end,
                 completionCurve = "easeOut"},
  },
}

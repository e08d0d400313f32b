-- Fade: the presented view fades in over the presenter, and out again on
-- dismissal. Seed 001's SimpleModalAnimator, one animator for both ways:
-- a custom presentation keeps the presenter's view, so the presented view
-- is the only one this animator touches.

local function transitionDuration(ctx)
  return params.duration
end

local function animateTransition(ctx)
  local presentedView
  if ctx.isPresenting then
    presentedView = ctx:viewForKey("to")
    presentedView.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    presentedView.alpha = 0.0
    ctx.containerView:addSubview(presentedView)
  else
    presentedView = ctx:viewForKey("from")
  end

  UIView.animate{
    duration = transitionDuration(ctx),
    options = {"curveEaseInOut"},
    animations = function()
      presentedView.alpha = ctx.isPresenting and 1.0 or 0.0
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if not ctx.isPresenting and not cancelled then
        presentedView:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Fade",
  summary = "The presented view fades in over the presenter and fades out on dismissal.",
  tags = {"basic", "opacity", "seed-001"},
  author = "Segue",
  source = "Seed 001, SimpleModalAnimator: a cross-fade of the presented view",
  parameters = {
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0,
                description = "Seconds for the fade, each way."},
  },
  presentationStyle = "custom",
  animator = {
    transitionDuration = transitionDuration,
    animateTransition = animateTransition,
  },
}

-- Basket fade: the basket fades in over the shop, and out again on dismissal.
-- The presenter's view stays in the window, so the presented view is the only
-- one this animator touches.

local function animateTransition(ctx)
  local view
  if ctx.isPresenting then
    view = ctx:viewForKey("to")
    view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    view.alpha = 0.0
    ctx.containerView:addSubview(view)
  else
    view = ctx:viewForKey("from")
  end

  UIView.animate{
    duration = params.duration,
    options = {"curveEaseInOut"},
    animations = function()
      view.alpha = ctx.isPresenting and 1.0 or 0.0
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if not ctx.isPresenting and not cancelled then
        view:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  name = "basket-fade",
  title = "Basket fade",
  summary = "The basket fades in over the shop and fades out on dismissal.",
  tags = {"app", "opacity"},
  author = "Shop team",
  parameters = {
    duration = {type = "number", default = 0.3, min = 0.05, max = 5.0,
                description = "Seconds for the fade, each way."},
  },
  presentationStyle = "custom",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

-- Receipt rise: the receipt slides up from the bottom edge and back down.

local function animateTransition(ctx)
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
  local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
  -- With Reduce Motion on, the receipt fades where it rests instead of sliding.
  local calm = UIAccessibility.isReduceMotionEnabled
  local hidden = calm and shown or shown:offsetBy(0, container.bounds.height)
  if presenting then
    view.frame = hidden
    if calm then view.alpha = 0 end
    container:addSubview(view)
  end

  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseOut"},
    animations = function()
      view.frame = presenting and shown or hidden
      if calm then view.alpha = presenting and 1 or 0 end
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then
        view.frame = presenting and hidden or shown
        if calm then view.alpha = presenting and 0 or 1 end
      elseif not presenting then
        view:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Receipt rise",
  summary = "The receipt slides up from the bottom edge and back down.",
  tags = {"app", "slide"},
  author = "Shop team",
  parameters = {
    duration = {type = "number", default = 0.4, min = 0.05, max = 5.0, description = "Seconds for the slide, each way."},
  },
  presentationStyle = "custom",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

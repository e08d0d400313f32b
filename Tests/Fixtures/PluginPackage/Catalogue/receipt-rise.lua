-- Receipt rise: the receipt slides up from the bottom edge and back down.

local function animateTransition(ctx)
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
  local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
  local hidden = shown:offsetBy(0, container.bounds.height)
  if presenting then
    view.frame = hidden
    container:addSubview(view)
  end

  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseOut"},
    animations = function()
      view.frame = presenting and shown or hidden
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then
        view.frame = presenting and hidden or shown
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

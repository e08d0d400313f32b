-- Drop in: the worked example of docs/authoring.md, whole. The presented view
-- falls from above the screen and bounces into place; dismissal lifts it back
-- up, and the user can drag it up to dismiss.

local function transitionDuration(ctx)
  return 0.6
end

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  -- A custom presentation keeps the presenter: the only view we are handed is the presented one.
  local view = ctx:viewForKey(presenting and "to" or "from")
  -- Where it rests: its final frame coming in, where it is going out.
  local shown = view.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  -- With Reduce Motion on, it fades in where it rests instead of falling.
  local calm = UIAccessibility.isReduceMotionEnabled
  local above = shown:offsetBy(0, -shown.maxY)
  if calm then above = shown end
  if presenting then
    view.frame = above
    if calm then view.alpha = 0 end
    ctx.containerView:addSubview(view)
  end

  UIView.animate{
    duration = transitionDuration(ctx),
    usingSpringWithDamping = presenting and params.damping or 1.0,
    initialSpringVelocity = 0,
    animations = function()
      view.frame = presenting and shown or above
      if calm then view.alpha = presenting and 1 or 0 end
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then
        view.frame = presenting and above or shown
        if calm then view.alpha = presenting and 0 or 1 end
      end
      if not presenting and not cancelled then view:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Drop in",
  summary = "The presented view falls from the top and bounces into place; drag it up to dismiss.",
  tags = {"spring", "interactive"},
  parameters = {
    damping = {type = "number", default = 0.6, min = 0.1, max = 1.0, description = "1 settles without a bounce."},
  },
  presentationStyle = "custom",
  animator = {transitionDuration = transitionDuration, animateTransition = animateTransition},
  interaction = {dismissal = {distance = function(size) return size.height end}},
}

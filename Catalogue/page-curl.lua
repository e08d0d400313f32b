-- Page curl: UIKit's partial curl. The presenter's page curls up from the
-- bottom corner part of the way, showing the presented view beneath it, and
-- uncurls on dismissal. Full screen with the partialCurl transition style,
-- which keeps the curled page over the presented one. `curl` is Segue's
-- name for how far the page has turned (0 flat, 1 gone); the renderer draws
-- the curled part as the page's back, shaded.

local function animateTransition(ctx)
  local container = ctx.containerView
  local presenter = ctx.isPresenting and ctx:viewForKey("from") or ctx:viewForKey("to")
  local presented = ctx:viewForKey(ctx.isPresenting and "to" or "from")
  if ctx.isPresenting then
    presented.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    container:insertSubview(presented, {belowSubview = presenter})
  else
    container:bringSubviewToFront(presenter)
  end

  -- Reduce Motion: the page fades away (and back) instead of curling.
  local calm = UIAccessibility.isReduceMotionEnabled
  UIView.animate{
    duration = params.duration,
    options = {"curveEaseInOut"},
    animations = function()
      if calm then
        presenter.alpha = ctx.isPresenting and 0 or 1
      else
        presenter.curl = ctx.isPresenting and params.amount or 0
      end
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled and calm then presenter.alpha = ctx.isPresenting and 1 or 0 end
      if cancelled and not calm then presenter.curl = ctx.isPresenting and 0 or params.amount end
      if not ctx.isPresenting and not cancelled then presented:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Page curl",
  summary = "The presenting page curls part of the way up to reveal the presented view underneath.",
  tags = {"3d", "curl", "built-in style"},
  author = "Segue",
  source = "UIKit's partialCurl transition style (fullScreen only)",
  parameters = {
    amount = {type = "number", default = 0.66, min = 0.1, max = 0.95, description = "How far the page curls (0 to 1)."},
    duration = {type = "number", default = 0.5, min = 0.1, max = 5.0, description = "Seconds to curl or uncurl."},
  },
  presentationStyle = "fullScreen",
  transitionStyle = "partialCurl",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

-- The Reduce Motion fallback of the entries that turn, fold or fly screens
-- in depth (cards, cube, explode, fold, natgeo, page-in-out, portal, turn):
-- nothing moves, the new screen fades in over the old one, at most 0.3 s,
-- which is what UIKit's own transitions do with the setting on. The module
-- is the function itself:
--
--     local crossFade = require("cross-fade")
--     if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
--
-- It reads the entry's `duration` parameter.
return function(ctx)
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  to.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.alpha = 0
  ctx.containerView:addSubview(to)
  UIView.animate{
    duration = math.min(params.duration, 0.3),
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function() to.alpha = 1 end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      to.alpha = 1
      if cancelled then to:removeFromSuperview() else from:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

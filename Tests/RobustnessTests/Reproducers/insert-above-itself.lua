-- Today: SIGILL, "View.swift:183: Fatal error: Unexpectedly found nil while unwrapping an Optional
-- value": insertSubview(v, {aboveSubview = v}) removes v, then force-unwraps v's old index.
-- (belowSubview = v crashes the same way at View.swift:190.)
-- Correct host: what UIKit does (nothing moves), or a Lua error at this file:12; never a crash.
return {
  title = "Insert above itself", summary = "A view inserted above itself.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local v = ctx:viewForKey("to")
      ctx.containerView:addSubview(v)
      ctx.containerView:insertSubview(v, {aboveSubview = v})
      ctx:completeTransition(true)
    end,
  },
}

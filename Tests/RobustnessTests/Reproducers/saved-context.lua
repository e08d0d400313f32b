-- Today: SIGABRT, "Fatal error: Attempted to read an unowned reference but object … was already
-- destroyed", in TransitionContext.isComplete (TransitionContext.swift:65): a context kept from the
-- presentation outlives its TransitionDriver (held unowned), and the dismissal uses it.
-- Correct host: completeTransition on a finished transition's context is a finding at this file:12
-- ("completeTransition was called a second time"), or a clean Lua error; never a crash.
local saved
return {
  title = "Saved context", summary = "The presentation's ctx used again during the dismissal.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      if saved then saved:completeTransition(true) end
      saved = ctx
      local v = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
      if ctx.isPresenting then ctx.containerView:addSubview(v) end
      UIView.animate(0.3, function() v.alpha = 1 end, function() ctx:completeTransition(true) end)
    end,
  },
}

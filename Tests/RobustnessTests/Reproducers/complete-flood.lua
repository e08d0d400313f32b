-- Today: `segue check` runs 28 s and peaks at 2.4 GiB resident under a 64 MiB memory limit: each
-- extra completeTransition adds a finding and a diagnostic in Swift (not counted by the Lua
-- allocator) until the 2 s limit, in every scenario.
-- Correct host: Swift-side records bounded (count repeats: "called a second time (and 4,000,000
-- more)"), memory held by the host for an entry counted against its limit.
return {
  title = "Complete flood", summary = "completeTransition in an endless loop.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local v = ctx:viewForKey("to")
      if ctx.isPresenting then ctx.containerView:addSubview(v) end
      for i = 1, 1e9 do ctx:completeTransition(true) end
    end,
  },
}

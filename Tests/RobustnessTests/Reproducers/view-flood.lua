-- Today: `segue check` peaks at 1.6 GiB resident (10.5 s) under a 64 MiB memory limit: every
-- UIView.new stays in ScriptRuntime.views for the life of the runtime, though Lua collected the
-- handle long ago; the Swift View objects are not counted by the Lua allocator.
-- Correct host: host objects made for an entry counted against its memory limit (or released
-- with their last handle), stopping it with "memory limit of 64 MiB exceeded" at this file:14.
return {
  title = "View flood", summary = "Makes views until a limit stops it.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local v = ctx:viewForKey("to")
      if ctx.isPresenting then ctx.containerView:addSubview(v) end
      ctx:completeTransition(true)
      for i = 1, 1e9 do UIView.new() end
    end,
  },
}

-- Today: `segue check` peaks at 470 MiB resident for an entry holding ~45 MiB: no runtime is ever
-- freed. ScriptRuntime holds its LuaState and sets state.userInfo = self (a strong reference back),
-- so each scenario's runtime, Lua heap, simulation and watchdog entry stay until the process ends
-- (10 of them for one `segue check`; the in-process fuzzer grows without bound).
-- Correct host: each scenario's state freed when it ends; peak about one entry's heap (~50 MiB).
local hoard = {}
for i = 1, 400000 do hoard[i] = {i} end
return {
  title = "Runtime leak", summary = "Keeps 400,000 small tables alive.", _hoard = hoard,
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local v = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
      if ctx.isPresenting then ctx.containerView:addSubview(v) end
      ctx:completeTransition(true)
    end,
  },
}

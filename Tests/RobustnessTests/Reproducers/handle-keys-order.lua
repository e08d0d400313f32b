-- Today: `segue run handle-keys-order.lua --json` gives different bytes from run to run (the
-- container's subview order, so the samples' order and ids): pairs visits userdata keys in Lua's
-- hash order, which follows their addresses. Also, each push of a view makes a new userdata, so
-- t[ctx:viewForKey("to")] and t[ctx:viewForKey("to")] are two different keys.
-- Correct host: the same trace on every run (handles interned per object, and pairs ordering
-- handle keys by their stable id, as it already orders numbers and strings).
return {
  title = "Handle keys", summary = "Adds views in the order pairs visits a view-keyed table.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local v = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
      if ctx.isPresenting then ctx.containerView:addSubview(v) end
      local keyed = {}
      for i = 1, 8 do keyed[UIView.new{name = "k" .. i, frame = CGRect(0, 0, 10, 10)}] = i end
      for view in pairs(keyed) do ctx.containerView:addSubview(view) end
      ctx:completeTransition(true)
    end,
  },
}

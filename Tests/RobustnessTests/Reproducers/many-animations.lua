-- Today: the Lua part ends in milliseconds, then the host works for minutes outside every limit
-- (`segue check`: 79 s with 5,000 animations, over 5 min with 20,000; memory flat):
-- AnimationEngine.advance scans every running animation for each one that ends, and finish()
-- removes it from an array, O(n²) at the instant they all end. 2 s of Lua can start ~10^6.
-- Correct host: a cap on running animations per entry (a clean error naming the hook and line),
-- or an engine whose cost per frame does not grow with n².
return {
  title = "Many animations", summary = "Starts 10,000 one-second animations.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local v = ctx:viewForKey("to")
      if ctx.isPresenting then ctx.containerView:addSubview(v) end
      for i = 1, 10000 do
        local w = UIView.new()
        UIView.animate(1, function() w.alpha = 0 end)
      end
      ctx:completeTransition(true)
    end,
  },
}

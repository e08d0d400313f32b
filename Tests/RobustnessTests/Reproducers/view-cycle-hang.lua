-- Today: hangs for ever (CPU bound, memory flat) in View.isDescendant(of:) (View.swift:215), which
-- follows superview links round a view that is its own superview. It loops inside one host
-- function, where Lua's hook never runs, so the 2 s time limit never stops it.
-- Correct host: addSubview refuses the cycle with a Lua error at this file:11; and no host function
-- should loop without a bound.
return {
  title = "Cycle hang", summary = "A view added to itself, then isDescendant.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local a = UIView.new(); a:addSubview(a)
      a:isDescendant(UIView.new())
      ctx:completeTransition(true)
    end,
  },
}

-- Today: stack overflow (SIGSEGV) in the engine's own tree walks, Simulation.fingerprint()
-- (Simulation.swift:67) here, also TransitionDriver.descendants(of:) (TransitionDriver.swift:152),
-- View.resizeSubviews and checkScroll when the cycle is made elsewhere: the transition's container is
-- moved under its own child. The window (reached with .superview) does the same.
-- Correct host: a Lua error at this file:14 from addSubview (no view into its own subtree).
return {
  title = "Container cycle",
  summary = "The container view added to a view inside it.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      local child = UIView.new()
      ctx.containerView:addSubview(child)
      child:addSubview(ctx.containerView)
      ctx:finalFrame(ctx:viewControllerForKey("to")) -- a query hook: the host fingerprints the tree
      ctx:completeTransition(true)
    end,
  },
}

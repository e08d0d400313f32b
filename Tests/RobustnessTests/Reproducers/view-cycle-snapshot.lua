-- Today: stack overflow (SIGSEGV) in Snapshot.init(of:afterScreenUpdates:), View.swift:255, which
-- recurses through a view hierarchy that is a cycle: addSubview accepts a view into its own subtree.
-- Correct host: a Lua error at this file:5 ("addSubview: a view cannot be added to its own
-- subtree", as UIKit raises), reported as "view-cycle-snapshot: animateTransition: …:4: …".
local function cycle() local a, b = UIView.new(), UIView.new(); a:addSubview(b); b:addSubview(a); return a end
return {
  title = "View cycle",
  summary = "Two views each the other's subview, then a snapshot of one.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx)
      cycle():snapshotView(true)
      ctx:completeTransition(true)
    end,
  },
}

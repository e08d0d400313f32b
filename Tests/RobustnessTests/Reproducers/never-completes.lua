-- Today: `segue check` crashes (SIGILL, "Simulation.swift:138: Precondition failed: a transition is
-- already running") in the [dismiss] scenario: the presentation never completed, the scenario calls
-- Simulation.dismiss anyway. Any entry that does not complete its presentation crashes the same way,
-- including one stopped by the time or memory limit before it completes.
-- Correct host: "completeTransition is never called" once per scenario, and the scenario ends there.
return {
  title = "Never completes",
  summary = "animateTransition returns without calling completeTransition.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx) end,
  },
}

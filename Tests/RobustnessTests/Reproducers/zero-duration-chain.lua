-- Today: hangs for ever (CPU bound, memory flat) in AnimationEngine.runPendingCompletions: each
-- zero-length animation's completion starts another, which is due at once, so the simulated clock
-- never moves; every completion is a new call from the host, so the per-call time limit (2 s) never
-- fires either.
-- Correct host: a bound per entry (total script time per scenario, or completions per instant) that
-- ends it with "zero-duration-chain: completion: zero-duration-chain.lua:7: …".
local function again() UIView.animate(0, function() end, again) end
return {
  title = "Zero-duration chain", summary = "Each completion starts a zero-length animation.",
  animator = {
    transitionDuration = function(ctx) return 0.3 end,
    animateTransition = function(ctx) ctx:completeTransition(true); again() end,
  },
}

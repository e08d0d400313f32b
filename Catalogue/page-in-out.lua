-- Page in/out: IBAnimatable's "Page" transition, SystemPage(curl) and
-- SystemPage(unCurl), Core Animation's pageCurl and pageUnCurl played over
-- the container, as UIKit's page-turning view transition:
-- UIView.transition(from:to:) with transitionCurlUp or transitionCurlDown
-- (0.75 s, IBAnimatable's default). Curl ("out"): the old page curls all
-- the way off, uncovering the new one beneath. Uncurl ("in"): the new page
-- comes down over the old one. Dismissal plays the other one, so the page
-- comes back the way it left. Unlike `page-curl` (UIKit's partialCurl,
-- which stops part of the way), the page turns completely.
-- The curve: IBAnimatable eases out on a cubic (easings.net's easeOutCubic,
-- 0.215, 0.61, 0.355, 1); a UIKit view transition takes only UIKit's four
-- curves, so this one eases out on UIKit's (0, 0, 0.58, 1), a little later
-- to slow down.
-- Full screen: UIKit hands the animator both screens.

-- Reduce Motion: the new screen fades in over the old one, no page turns
-- (what UIKit's own transitions do with the setting on): _cross-fade.lua.
local crossFade = require("cross-fade")

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  to.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  -- Presenting plays the chosen one; dismissing the other, to undo it. Out:
  -- the old page curls up off the new one beneath; in: the new one comes
  -- down over the old.
  local curlOut = (params.page == "out") == ctx.isPresenting
  UIView.transition{
    from = from, to = to, duration = params.duration,
    options = {curlOut and "transitionCurlUp" or "transitionCurlDown", "curveEaseOut"},
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      -- Cancelled: the old page back and the new one gone, as before.
      if cancelled then
        container:addSubview(from)
        to:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Page in/out",
  summary = "A whole page turns: the old one curls off the top of the new, or the new one uncurls down over the old.",
  tags = {"3d", "curl", "page", "ibanimatable"},
  author = "Segue",
  source = "IBAnimatable SystemPage(curl) / SystemPage(unCurl): Core Animation's pageCurl and pageUnCurl transitions (0.75 s; ease-out cubic there, UIKit's ease-out here)",
  parameters = {
    page = {type = "string", default = "out", choices = {"out", "in"},
            description = "out: presenting curls the old page off (pageCurl); in: the new page uncurls over it (pageUnCurl). Dismissal plays the other."},
    duration = {type = "number", default = 0.75, min = 0.1, max = 5.0, description = "Seconds for the page to turn."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  -- No drag: UIKit takes the old page out of the window as the transition
  -- starts (it turns a picture of it), which would cancel a pan on it; and
  -- IBAnimatable gives SystemPage no gesture of its own.
}

-- Cross dissolve: UIKit's crossDissolve transition style written out as a
-- custom animator, with Presentr's figures: its CrossDissolveAnimation fades
-- the presented view's alpha from 0 to 1 over the presenter (and back on
-- dismissal) in a plain UIView.animate, so easeInOut, for PresentrAnimation's
-- default animationDuration, 0.3 s. Full screen, as UIKit's own style is
-- used: the presenter leaves the window once the new screen is opaque.
--
-- Nothing moves, so Reduce Motion has nothing to calm: the fade is already
-- what Apple suggests instead of motion, so this entry does not ask
-- UIAccessibility and fades the same either way.

local function animateTransition(ctx)
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local presented = ctx:viewForKey(presenting and "to" or "from")
  if presenting then
    presented.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    presented.alpha = 0
    container:addSubview(presented)
  else
    -- Full screen: the presenter comes back under the fading view.
    local presenter = ctx:viewForKey("to")
    presenter.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    container:insertSubview(presenter, {belowSubview = presented})
  end

  UIView.animate{
    duration = params.duration,
    options = {"curveEaseInOut"},
    animations = function() presented.alpha = presenting and 1 or 0 end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then
        presented.alpha = presenting and 0 or 1
        if presenting then presented:removeFromSuperview() else ctx:viewForKey("to"):removeFromSuperview() end
      elseif not presenting then
        presented:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Cross dissolve",
  summary = "The new screen fades in over the old one and out again, UIKit's crossDissolve with Presentr's 0.3 s.",
  tags = {"fade", "basic", "presentr", "uikit"},
  author = "Segue",
  source = "Presentr CrossDissolveAnimation (alpha 0 to 1, 0.3 s PresentrAnimation default, easeInOut)",
  parameters = {
    duration = {type = "number", default = 0.3, min = 0.05, max = 5.0, description = "Seconds for the fade, each way."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

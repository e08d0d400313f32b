-- Seed 004's AnimatedTransitioning (a spring slide-up) and its
-- CustomInteractionController (percent-driven: translation / 200, finishing
-- past halfway), line by line. The seed's dismissal animator is not listed;
-- a slide back down in the same style stands in for it.

local AnimatedTransitioning = {}

function AnimatedTransitioning.transitionDuration(transitionContext)
  return 5
end

function AnimatedTransitioning.animateTransition(transitionContext)
  local fromViewController = transitionContext:viewControllerForKey("from")
  local toViewController = transitionContext:viewControllerForKey("to")
  local finalFrameForVC = transitionContext:finalFrame(toViewController)
  local containerView = transitionContext.containerView
  local bounds = containerView.bounds
  toViewController.view.frame = CGRectOffset(finalFrameForVC, 0, bounds.size.height)
  containerView:addSubview(toViewController.view)
  UIView.animate{duration = AnimatedTransitioning.transitionDuration(transitionContext), delay = 0.0,
                 usingSpringWithDamping = 0.5, initialSpringVelocity = 0.0, options = {"curveLinear"}, animations = function()
    fromViewController.view.alpha = 0.5
    toViewController.view.frame = finalFrameForVC
  end, completion = function(finished)
    transitionContext:completeTransition(true)
    fromViewController.view.alpha = 1.0
  end}
end

local Dismissal = {}

function Dismissal.transitionDuration(transitionContext) return 0.5 end

function Dismissal.animateTransition(transitionContext)
  local fromViewController = transitionContext:viewControllerForKey("from")
  local bounds = transitionContext.containerView.bounds
  local shown = fromViewController.view.frame
  UIView.animate{duration = Dismissal.transitionDuration(transitionContext), options = {"curveLinear"}, animations = function()
    fromViewController.view.frame = CGRectOffset(shown, 0, bounds.size.height)
  end, completion = function(finished)
    local cancelled = transitionContext:transitionWasCancelled()
    if cancelled then fromViewController.view.frame = shown else fromViewController.view:removeFromSuperview() end
    transitionContext:completeTransition(not cancelled)
  end}
end

return {
  title = "Seed 004", summary = "Spring slide with a percent-driven dismissal.",
  presentationStyle = "custom",
  presentationAnimator = AnimatedTransitioning,
  dismissalAnimator = Dismissal,
  -- CustomInteractionController: progress = translation / 200.0, clamped.
  interaction = {dismissal = {distance = 200.0}},
}

-- Seed 001's SimpleModalAnimator, line by line: presentation and dismissal in
-- one animator, told apart by isPresentation (here ctx.isPresenting).

local SimpleModalAnimator = {}

function SimpleModalAnimator.transitionDuration(transitionContext)
  return 1.0
end

function SimpleModalAnimator.animateTransition(transitionContext)
  local isPresentation = transitionContext.isPresenting
  local containerView = transitionContext.containerView
  local presentedView
  if isPresentation then
    presentedView = transitionContext:viewForKey("to")
    presentedView.frame = containerView.bounds
    presentedView.alpha = 0.0
    containerView:addSubview(presentedView)
  else
    presentedView = transitionContext:viewForKey("from")
  end
  UIView.animate(SimpleModalAnimator.transitionDuration(transitionContext), function()
    presentedView.alpha = isPresentation and 1.0 or 0.0
  end, function(finished)
    transitionContext:completeTransition(finished)
    if not isPresentation then
      presentedView:removeFromSuperview()
    end
  end)
end

return {
  title = "Seed 001", summary = "SimpleModalAnimator.",
  presentationStyle = "custom",
  animator = SimpleModalAnimator,
}

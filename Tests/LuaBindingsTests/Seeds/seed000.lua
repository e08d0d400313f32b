-- Seed 000, Apple's "Creating Custom Presentations", listings 11-1 to 11-5,
-- line by line. The guide gives no animator; a plain slide from the right
-- stands in for it so the presentation controller has something to run.

local presentationController = {}

-- Listing 11-1: the presented view fills the right half.
function presentationController.frameOfPresentedViewInContainerView(self)
  local presentedViewFrame = CGRectZero
  local containerBounds = self.containerView.bounds
  presentedViewFrame.size = CGSizeMake(math.floor(containerBounds.size.width / 2.0), containerBounds.size.height)
  presentedViewFrame.origin.x = containerBounds.size.width - presentedViewFrame.size.width
  return presentedViewFrame
end

-- Listing 11-3: the dimming view, faded in alongside the transition.
function presentationController.presentationTransitionWillBegin(self)
  local containerView = self.containerView
  local presentedViewController = self.presentedViewController

  -- Listing 11-2's init: the dimming view and its initial appearance.
  self.dimmingView = UIView.new()
  self.dimmingView.name = "dimming"
  self.dimmingView.backgroundColor = UIColor{white = 0.0, alpha = 0.4}
  self.dimmingView.alpha = 0.0

  self.dimmingView.frame = containerView.bounds
  self.dimmingView.alpha = 0.0
  containerView:insertSubview(self.dimmingView, {at = 0})

  if presentedViewController.transitionCoordinator then
    presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
      self.dimmingView.alpha = 1.0
    end)
  else
    self.dimmingView.alpha = 1.0
  end
end

-- Listing 11-4: a cancelled presentation removes the dimming view.
function presentationController.presentationTransitionDidEnd(self, completed)
  if not completed then self.dimmingView:removeFromSuperview() end
end

-- Listing 11-5: fade it back out, and remove it once the dismissal is done.
function presentationController.dismissalTransitionWillBegin(self)
  if self.presentedViewController.transitionCoordinator then
    self.presentedViewController.transitionCoordinator:animateAlongsideTransition(function()
      self.dimmingView.alpha = 0.0
    end)
  else
    self.dimmingView.alpha = 0.0
  end
end

function presentationController.dismissalTransitionDidEnd(self, completed)
  if completed then self.dimmingView:removeFromSuperview() end
end

local function animateTransition(ctx)
  local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
  local final = ctx.isPresenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
  local away = final:offsetBy(final.width, 0)
  if ctx.isPresenting then
    view.frame = away
    ctx.containerView:addSubview(view)
  end
  UIView.animate(0.3, function() view.frame = ctx.isPresenting and final or away end, function(finished)
    if not ctx.isPresenting then view:removeFromSuperview() end
    ctx:completeTransition(true)
  end)
end

return {
  title = "Seed 000", summary = "Apple's custom presentation guide.",
  presentationStyle = "custom",
  presentationController = presentationController,
  animator = {transitionDuration = function() return 0.3 end, animateTransition = animateTransition},
}

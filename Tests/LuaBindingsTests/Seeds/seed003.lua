-- Seed 003's card-stack animator (Objective-C), line by line.

local function RunPresentAnimation(transitionContext, fromVC, toVC, fromView, toView)
  local containerView = transitionContext.containerView
  local frame = transitionContext:initialFrame(fromVC)
  local offScreenFrame = CGRect(frame)
  offScreenFrame.origin.y = offScreenFrame.size.height
  toView.frame = offScreenFrame
  containerView:insertSubview(toView, {aboveSubview = fromView})

  local t1 = CATransform3DIdentity
  t1.m34 = 1.0 / -1000
  t1 = CATransform3DScale(t1, 0.95, 0.95, 1)
  t1 = CATransform3DRotate(t1, 15.0 * math.pi / 180.0, 1, 0, 0)

  local t2 = CATransform3DIdentity
  t2.m34 = 1.0 / -1000
  t2 = CATransform3DTranslate(t2, 0, -fromView.frame.size.height * 0.08, 0)
  t2 = CATransform3DScale(t2, 0.8, 0.8, 1)

  UIView.animateKeyframes{duration = 1.0, delay = 0.0, options = {"calculationModeCubic"}, animations = function()
    UIView.addKeyframe{relativeStartTime = 0.0, relativeDuration = 0.4, animations = function()
      fromView.layer.transform = t1
      fromView.alpha = 0.6
    end}
    UIView.addKeyframe{relativeStartTime = 0.1, relativeDuration = 0.5, animations = function()
      fromView.layer.transform = t2
    end}
    UIView.addKeyframe{relativeStartTime = 0.0, relativeDuration = 1.0, animations = function()
      toView.frame = frame
    end}
  end, completion = function(finished)
    transitionContext:completeTransition(not transitionContext:transitionWasCancelled())
  end}
end

local function RunDismissAnimation(transitionContext, fromVC, toVC, fromView, toView)
  local frame = transitionContext:initialFrame(fromVC)
  toView.frame = frame
  transitionContext.containerView:insertSubview(toView, {belowSubview = fromView})

  local frameOffScreen = CGRect(frame)
  frameOffScreen.origin.y = frame.size.height

  local t1 = CATransform3DIdentity
  t1.m34 = 1.0 / -1000
  t1 = CATransform3DScale(t1, 0.95, 0.95, 1)
  t1 = CATransform3DRotate(t1, 15.0 * math.pi / 180.0, 1, 0, 0)

  UIView.animateKeyframes{duration = 1.0, delay = 0, options = {"calculationModeCubic"}, animations = function()
    UIView.addKeyframe{relativeStartTime = 0.0, relativeDuration = 1.0, animations = function()
      fromView.frame = frameOffScreen
    end}
    UIView.addKeyframe{relativeStartTime = 0.35, relativeDuration = 0.35, animations = function()
      toView.layer.transform = t1
      toView.alpha = 1.0
    end}
    UIView.addKeyframe{relativeStartTime = 0.75, relativeDuration = 0.25, animations = function()
      toView.layer.transform = CATransform3DIdentity
    end}
  end, completion = function(finished)
    transitionContext:completeTransition(not transitionContext:transitionWasCancelled())
  end}
end

return {
  title = "Seed 003", summary = "Card stack.",
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function() return 1.0 end,
    animateTransition = function(transitionContext)
      local fromVC = transitionContext:viewControllerForKey("from")
      local toVC = transitionContext:viewControllerForKey("to")
      local fromView, toView = transitionContext:viewForKey("from"), transitionContext:viewForKey("to")
      if transitionContext.isPresenting then
        RunPresentAnimation(transitionContext, fromVC, toVC, fromView, toView)
      else
        RunDismissAnimation(transitionContext, fromVC, toVC, fromView, toView)
      end
    end,
  },
}

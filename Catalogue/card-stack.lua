-- Card stack: seed 003's 3-D animator. Presenting, the old screen tips back
-- (scaled to 0.95 and turned 15° about x under perspective), then slides up
-- and shrinks to 0.8 while the new screen rises from the bottom; dismissing
-- reverses it. A keyframe animation in cubic mode; full screen, so UIKit
-- hands over the presenter's view.

local function tipped()
  local t1 = CATransform3DIdentity
  t1.m34 = 1.0 / -1000
  t1 = CATransform3DScale(t1, 0.95, 0.95, 1)
  return CATransform3DRotate(t1, 15.0 * math.pi / 180.0, 1, 0, 0)
end

-- The card it ends as: moved up by 8 % of its height and shrunk to 0.8.
local function lifted(height)
  local t2 = CATransform3DIdentity
  t2.m34 = 1.0 / -1000
  t2 = CATransform3DTranslate(t2, 0, -height * 0.08, 0)
  return CATransform3DScale(t2, 0.8, 0.8, 1)
end

local function runPresentAnimation(ctx, fromVC, fromView, toView)
  local containerView = ctx.containerView
  local frame = ctx:initialFrame(fromVC)
  local offScreenFrame = CGRect(frame)
  offScreenFrame.origin.y = offScreenFrame.size.height
  toView.frame = offScreenFrame
  containerView:insertSubview(toView, {aboveSubview = fromView})

  local t1 = tipped()
  local t2 = lifted(fromView.frame.size.height)

  UIView.animateKeyframes{duration = params.duration, delay = 0.0, options = {"calculationModeCubic"}, animations = function()
    UIView.addKeyframe(0.0, 0.4, function()
      fromView.layer.transform = t1
      fromView.alpha = 0.6
    end)
    UIView.addKeyframe(0.1, 0.5, function()
      fromView.layer.transform = t2
    end)
    UIView.addKeyframe(0.0, 1.0, function()
      toView.frame = frame
    end)
  end, completion = function(finished)
    -- The presenter leaves the window now; give it back its looks for when it returns.
    fromView.layer.transform = CATransform3DIdentity
    fromView.alpha = 1.0
    ctx:completeTransition(not ctx:transitionWasCancelled())
  end}
end

local function runDismissAnimation(ctx, fromVC, fromView, toView)
  local frame = ctx:initialFrame(fromVC)
  toView.frame = frame
  ctx.containerView:insertSubview(toView, {belowSubview = fromView})
  local frameOffScreen = CGRect(frame)
  frameOffScreen.origin.y = frame.size.height

  -- Start from where the presentation left it.
  toView.layer.transform = lifted(frame.size.height)
  toView.alpha = 0.6
  local t1 = tipped()

  UIView.animateKeyframes{duration = params.duration, delay = 0, options = {"calculationModeCubic"}, animations = function()
    UIView.addKeyframe(0.0, 1.0, function()
      fromView.frame = frameOffScreen
    end)
    UIView.addKeyframe(0.35, 0.35, function()
      toView.layer.transform = t1
      toView.alpha = 1.0
    end)
    UIView.addKeyframe(0.75, 0.25, function()
      toView.layer.transform = CATransform3DIdentity
    end)
  end, completion = function(finished)
    local cancelled = ctx:transitionWasCancelled()
    if not cancelled then fromView:removeFromSuperview() end
    ctx:completeTransition(not cancelled)
  end}
end

-- Reduce Motion: the new screen fades in over the old one, nothing turns
-- (what UIKit's own transitions do with the setting on).
local function crossFade(ctx, duration)
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  to.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.alpha = 0
  ctx.containerView:addSubview(to)
  UIView.animate{
    duration = duration,
    animations = function() to.alpha = 1 end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      to.alpha = 1
      if cancelled then to:removeFromSuperview() end
      if not ctx.isPresenting and not cancelled then from:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Card stack",
  summary = "The old screen tips back and shrinks into a card while the new one rises over it (seed 003).",
  tags = {"3d", "keyframes", "perspective", "seed-003"},
  author = "Segue",
  source = "Seed 003, a blog post's 3-D card animator (1.0 s, keyframes in cubic mode, 15° tip under m34 = -1/1000)",
  parameters = {
    duration = {type = "number", default = 1.0, min = 0.2, max = 5.0, description = "Seconds for the whole move."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = function(ctx)
      if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx, params.duration) end
      local fromVC = ctx:viewControllerForKey("from")
      local fromView, toView = ctx:viewForKey("from"), ctx:viewForKey("to")
      if ctx.isPresenting then
        runPresentAnimation(ctx, fromVC, fromView, toView)
      else
        runDismissAnimation(ctx, fromVC, fromView, toView)
      end
    end,
  },
}

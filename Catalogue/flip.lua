-- Flip: the presenter turns away about the vertical axis and the presented
-- view turns in behind it, right to left (left to right on dismissal). Both
-- layers are single-sided, so each disappears edge-on at 90°; the
-- perspective comes from m34 set on the identity before rotating, and the
-- camera pulls back as they turn so no corner leaves the screen.
-- Full screen: UIKit hands the animator the presenter's view.

local eye = 1000

-- Rotation about y under perspective, scaled just enough that the near edge,
-- magnified by 1 / (1 - s·(w/2)·|sin a| / eye), stays within the screen.
local function turned(angle, halfWidth)
  local t = CATransform3DIdentity
  t.m34 = -1 / eye
  local lean = math.abs(math.sin(angle)) * halfWidth / eye
  local s = lean == 0 and 1 or 0.98 / (1 + lean)
  return CATransform3DScale(CATransform3DRotate(t, angle, 0, 1, 0), s, s, 1)
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

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx, params.duration) end
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local toController = ctx:viewControllerForKey("to")
  to.frame = ctx:finalFrame(toController)
  container:insertSubview(to, {belowSubview = from})

  local direction = ctx.isPresenting and 1 or -1
  local half = container.bounds.width / 2
  from.layer.isDoubleSided = false
  to.layer.isDoubleSided = false
  from.layer.transform = turned(0, half)
  to.layer.transform = turned(-direction * math.pi / 2, half)

  local steps = 6
  UIView.animateKeyframes{
    duration = params.duration,
    animations = function()
      for i = 1, steps do
        local share, angle = 0.5 / steps, i / steps * math.pi / 2
        UIView.addKeyframe((i - 1) * share, share, function()
          from.layer.transform = turned(direction * angle, half)
        end)
        UIView.addKeyframe(0.5 + (i - 1) * share, share, function()
          to.layer.transform = turned(-direction * (math.pi / 2 - angle), half)
        end)
      end
    end,
    completion = function(finished)
      from.layer.transform = CATransform3DIdentity
      to.layer.transform = CATransform3DIdentity
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then to:removeFromSuperview() end
      if not ctx.isPresenting and not cancelled then from:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Flip",
  summary = "A horizontal 3-D flip with perspective; the views swap edge-on at 90°.",
  tags = {"3d", "flip", "perspective"},
  author = "Segue",
  source = "UIKit's flipHorizontal transition style, rebuilt as a custom animator with perspective (eye at 1000 pt)",
  parameters = {
    duration = {type = "number", default = 0.6, min = 0.1, max = 5.0, description = "Seconds for the whole flip."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

-- Shared axis: Material Design's shared axis pattern, with the figures of
-- Material Components for Android's MaterialSharedAxis. Both screens move
-- together along one axis while they fade through each other: x and y
-- slide 30 dp (SlideDistanceProvider), z scales (ScaleProvider: the incoming
-- screen grows from 0.8, the outgoing one grows to 1.1; backwards, the
-- incoming shrinks from 1.1 and the outgoing to 0.8). The fade is a fade
-- through (FadeThroughProvider): the outgoing screen is gone by 35 % of the
-- way and the incoming one fades in over the rest, so they are never both
-- half-seen. 300 ms (motionDurationLong1). Presenting moves forward (left,
-- up, into the screen); dismissing moves backward.
-- Material's curve, fast-out-slow-in, cubic-bezier(0.4, 0, 0.2, 1), eases
-- the whole transition and the providers split its eased progress, so here
-- it is the timingFunction of one keyframe block: the fade-out is the
-- keyframe 0-35 % (gone at about 29 % of the time) and the fade-in the rest.
-- Between the fades the container's black would show; a white backdrop
-- stands in for Android's window background (the light theme's surface).
-- Full screen: UIKit hands the animator both screens.

local slide = 30           -- dp, mtrl_transition_shared_axis_slide_distance
local fadeOutShare = 0.35  -- FadeThroughProvider's progress threshold
local fastOutSlowIn = CAMediaTimingFunction(0.4, 0, 0.2, 1)

-- Where a screen sits at the start (incoming) or end (outgoing) of a move.
local function offset(axis, forward, incoming)
  -- Forward, the incoming screen comes from +30 and the outgoing goes to -30.
  local d = (forward == incoming) and slide or -slide
  local t = CATransform3DIdentity
  if axis == "x" then return CATransform3DTranslate(t, d, 0, 0) end
  if axis == "y" then return CATransform3DTranslate(t, 0, d, 0) end
  -- z: growing forward, shrinking backward.
  local s
  if forward then s = incoming and 0.8 or 1.1 else s = incoming and 1.1 or 0.8 end
  return CATransform3DScale(t, s, s, 1)
end

local function animateTransition(ctx)
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.frame = frame
  -- Reduce Motion: the same fade through, with nothing moving or scaling.
  local still = UIAccessibility.isReduceMotionEnabled
  local forward = ctx.isPresenting

  local backdrop = UIView.new{name = "shared axis backdrop", frame = frame,
                              backgroundColor = UIColor.white}
  container:insertSubview(backdrop, 0)
  container:addSubview(to)
  to.alpha = 0
  if not still then to.layer.transform = offset(params.axis, forward, true) end

  UIView.animateKeyframes{
    duration = params.duration,
    timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or fastOutSlowIn,
    animations = function()
      UIView.addKeyframe(0, fadeOutShare, function() from.alpha = 0 end)
      UIView.addKeyframe(fadeOutShare, 1 - fadeOutShare, function() to.alpha = 1 end)
      if not still then
        UIView.addKeyframe(0, 1, function()
          from.layer.transform = offset(params.axis, forward, false)
          to.layer.transform = CATransform3DIdentity
        end)
      end
    end,
    completion = function(finished)
      from.layer.transform = CATransform3DIdentity
      to.layer.transform = CATransform3DIdentity
      from.alpha = 1
      to.alpha = 1
      backdrop:removeFromSuperview()
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then to:removeFromSuperview() else from:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Shared axis",
  summary = "Both screens move together along x, y or z while the old one fades out and the new one fades in.",
  tags = {"material", "slide", "zoom", "opacity"},
  author = "Segue",
  source = "Material Design motion system, shared axis: MDC-Android MaterialSharedAxis (300 ms, 30 dp slide, z 0.8/1.1 scale, fade-through at 35 %)",
  parameters = {
    axis = {type = "string", default = "x", choices = {"x", "y", "z"},
            description = "x: a horizontal slide (peers, steppers); y: a vertical one; z: a scale (parent to child)."},
    duration = {type = "number", default = 0.3, min = 0.05, max = 3.0, description = "Seconds for the move (Material: 300 ms)."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

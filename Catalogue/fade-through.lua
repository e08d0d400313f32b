-- Fade through: Material Design's fade through pattern, for screens with no
-- strong relationship (bottom navigation destinations, say), with the
-- figures of Material Components for Android's MaterialFadeThrough. The
-- outgoing screen fades out and is gone by 35 % of the way
-- (FadeThroughProvider's threshold); only then does the incoming screen
-- fade in, while it grows from 0.92 to full size over the whole time
-- (ScaleProvider with an incoming start scale of 0.92; the outgoing screen
-- does not scale). 300 ms (motionDurationLong1). Dismissal is the same
-- pattern back to the presenter, as Material uses one fade through for
-- both directions.
-- Material's curve, fast-out-slow-in, cubic-bezier(0.4, 0, 0.2, 1), eases
-- the whole transition and the providers split its eased progress, so here
-- it is the timingFunction of one keyframe block: the fade-out is the
-- keyframe 0-35 % (gone at about 29 % of the time) and the fade-in the rest.
-- Between the fades a white backdrop stands in for Android's window
-- background.
-- Full screen: UIKit hands the animator both screens.

local fadeOutShare = 0.35 -- FadeThroughProvider.PROGRESS_THRESHOLD
local fastOutSlowIn = CAMediaTimingFunction(0.4, 0, 0.2, 1)

local function animateTransition(ctx)
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.frame = frame
  -- Reduce Motion: the same two fades, without the scale.
  local still = UIAccessibility.isReduceMotionEnabled

  local backdrop = UIView.new{name = "fade through backdrop", frame = frame, backgroundColor = UIColor.white}
  container:insertSubview(backdrop, 0)
  container:addSubview(to)
  to.alpha = 0
  if not still then to.layer.transform = CATransform3DMakeScale(params.startScale, params.startScale, 1) end

  UIView.animateKeyframes{
    duration = params.duration,
    timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or fastOutSlowIn,
    animations = function()
      UIView.addKeyframe(0, fadeOutShare, function() from.alpha = 0 end)
      UIView.addKeyframe(fadeOutShare, 1 - fadeOutShare, function() to.alpha = 1 end)
      if not still then
        UIView.addKeyframe(0, 1, function() to.layer.transform = CATransform3DIdentity end)
      end
    end,
    completion = function(finished)
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
  title = "Fade through",
  summary = "The old screen fades out, then the new one fades in while growing slightly into place.",
  tags = {"material", "opacity", "zoom"},
  author = "Segue",
  source = "Material Design motion system, fade through: MDC-Android MaterialFadeThrough (300 ms, out by 35 %, incoming scale from 0.92)",
  parameters = {
    startScale = {type = "number", default = 0.92, min = 0.5, max = 1.0, description = "The scale the incoming screen grows from."},
    duration = {type = "number", default = 0.3, min = 0.05, max = 3.0, description = "Seconds for the whole fade through (Material: 300 ms)."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

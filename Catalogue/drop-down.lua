-- Drop down: IBAnimatable's DropDownAnimator ("DropDown" presentation
-- animation) with IBAnimatable's default modal: half the screen's width and
-- height, centred over a black dimming view at opacity 0.7. The box falls
-- from a screen's height above, overshoots its place by 20 points, bounces
-- back 10 points above it and settles, like something dropped onto a
-- spring: IBAnimatable's position.y keyframes (y - screen height, y + 20,
-- y - 10, y) at key times 0, 0.5, 0.75 and 1, eased out, linear and eased
-- out, over its default presentation duration, 0.4 s.
--
-- Dismissal is IBAnimatable's too, not a reverse: the box falls a screen's
-- height down and tips over as it goes. IBAnimatable picks the tilt at
-- random, up to ±0.5 radians; here it is the `tilt` parameter, so every run
-- is the same. The user can drag it down.
--
-- Segue's keyframes take one curve for the whole block, so each eased-out
-- stretch is sampled from easeOut's Bézier (0, 0, 0.58, 1) into linear
-- keyframes.

local easeOut = {0.0, 0.0, 0.58, 1.0}

-- Progress along a cubic Bézier timing function at time t (0…1).
local function eased(c, t)
  local lo, hi, s = 0.0, 1.0, t
  for _ = 1, 24 do
    s = (lo + hi) / 2
    local x = 3 * (1 - s) ^ 2 * s * c[1] + 3 * (1 - s) * s ^ 2 * c[3] + s ^ 3
    if x < t then lo = s else hi = s end
  end
  return 3 * (1 - s) ^ 2 * s * c[2] + 3 * (1 - s) * s ^ 2 * c[4] + s ^ 3
end

-- IBAnimatable's modal size (.half, .half) at .center.
local function boxFrame(bounds)
  local w, h = math.floor(bounds.width / 2), math.floor(bounds.height / 2)
  return CGRect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
end

local presentationController = {
  frameOfPresentedViewInContainerView = function(self)
    return boxFrame(self.containerView.bounds)
  end,

  presentationTransitionWillBegin = function(self)
    self.dimmingView = UIView.new{name = "dimming", frame = self.containerView.bounds,
                                  backgroundColor = UIColor.black:withAlphaComponent(params.dimming)}
    self.dimmingView.alpha = 0
    self.containerView:insertSubview(self.dimmingView, 0)
    self.transitionCoordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 1 end)
  end,

  presentationTransitionDidEnd = function(self, completed)
    if not completed then self.dimmingView:removeFromSuperview() end
  end,

  dismissalTransitionWillBegin = function(self)
    local coordinator = self.transitionCoordinator
    coordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 0 end, function()
      -- A cancelled drag rolls back only what is on screen: the model still says 0.
      if coordinator.isCancelled then self.dimmingView.alpha = 1 end
    end)
  end,

  dismissalTransitionDidEnd = function(self, completed)
    if completed then self.dimmingView:removeFromSuperview() end
  end,

  containerViewWillLayoutSubviews = function(self)
    self.dimmingView.frame = self.containerView.bounds
    self.presentedView.frame = self.frameOfPresentedViewInContainerView
  end,
}

-- The fall: keyframes of the box's frame, each eased stretch sampled.
local function drop(ctx, view, shown, screenHeight, completion)
  local stretches = {
    -- from, to (points off its place), start, length (fractions), curve
    {-screenHeight, 20, 0.0, 0.5, easeOut},
    {20, -10, 0.5, 0.25, nil},
    {-10, 0, 0.75, 0.25, easeOut},
  }
  view.frame = shown:offsetBy(0, -screenHeight)
  UIView.animateKeyframes{duration = params.duration, options = {"curveLinear"}, animations = function()
    for _, s in ipairs(stretches) do
      local from, to, start, length, curve = s[1], s[2], s[3], s[4], s[5]
      local steps = curve and 6 or 1
      for i = 1, steps do
        local p = curve and eased(curve, i / steps) or i / steps
        UIView.addKeyframe(start + (i - 1) / steps * length, length / steps, function()
          view.frame = shown:offsetBy(0, from + (to - from) * p)
        end)
      end
    end
  end, completion = completion}
end

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local container = ctx.containerView
  local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
  local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
  local height = container.bounds.height
  local calm = UIAccessibility.isReduceMotionEnabled
  local fallen = CGPoint(shown.midX, shown.midY + height)
  if presenting then container:addSubview(view) end

  local function completion(finished)
    local cancelled = ctx:transitionWasCancelled()
    -- Put the model back: untilted before the frame is set again.
    view.transform = CGAffineTransformIdentity
    view.alpha = 1
    if cancelled and presenting then view:removeFromSuperview() end
    if cancelled and not presenting then view.frame = shown end
    if not cancelled and not presenting then view:removeFromSuperview() end
    ctx:completeTransition(not cancelled)
  end

  if calm then
    -- Reduce Motion: no fall and no tumble, only a fade in its place.
    view.frame = shown
    if presenting then view.alpha = 0 end
    UIView.animate{duration = params.duration, options = {"curveEaseInOut"},
                   animations = function() view.alpha = presenting and 1 or 0 end, completion = completion}
  elseif presenting then
    drop(ctx, view, shown, height, completion)
  else
    UIView.animate{duration = params.duration, options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
      animations = function()
        view.center = fallen
        view.transform = CGAffineTransformMakeRotation(params.tilt)
      end, completion = completion}
  end
end

return {
  title = "Drop down",
  summary = "A centred box drops from above, overshoots and bounces into place; it tips and falls away (IBAnimatable's DropDown).",
  tags = {"drop", "bounce", "dimming", "keyframes", "interactive", "ibanimatable"},
  author = "Segue",
  source = "IBAnimatable DropDownAnimator (0.4 s, position.y keyframes -H, +20, -10, 0 at 0, 0.5, 0.75, 1; dimming 0.7)",
  parameters = {
    tilt = {type = "number", default = 0.3, min = -0.5, max = 0.5,
            description = "Radians the box tips as it falls away (IBAnimatable: random, up to ±0.5)."},
    dimming = {type = "number", default = 0.7, min = 0.0, max = 1.0, description = "Opacity of the black behind it (IBAnimatable's opacity)."},
    duration = {type = "number", default = 0.4, min = 0.05, max = 5.0, description = "Seconds each way (IBAnimatable's presentation default)."},
  },
  presentationStyle = "custom",
  presentationController = presentationController,
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- Dragging the box a screen's height down dismisses it.
    dismissal = {distance = function(size) return size.height end},
  },
}

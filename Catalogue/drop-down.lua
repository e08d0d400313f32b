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
-- is the same. No drag: IBAnimatable's AnimatablePresentationController
-- dismisses a modal only on a tap on the dimming view (dismissOnTap, on by
-- default), as this entry does, and has no swipe or pan.
--
-- IBAnimatable gives its CAKeyframeAnimation one timing function per
-- stretch (easeOut, linear, easeOut: Core Animation's own, easeOut being
-- 0, 0, 0.58, 1). A keyframe block's timingFunction would warp the whole
-- fall instead, so each stretch here is its own UIView.animate with its
-- own curve, delayed to its key time.

-- IBAnimatable's modal size (.half, .half) at .center.
local function boxFrame(bounds)
  local w, h = math.floor(bounds.width / 2), math.floor(bounds.height / 2)
  return CGRect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
end

local dimming = require("dimming")

-- The end, either way: the model put back (untilted before the frame is
-- set again), the view taken away where it left, and UIKit told.
local function settle(ctx, view, shown, presenting)
  local cancelled = ctx:transitionWasCancelled()
  view.transform = CGAffineTransformIdentity
  view.alpha = 1
  if cancelled and presenting then view:removeFromSuperview() end
  if cancelled and not presenting then view.frame = shown end
  if not cancelled and not presenting then view:removeFromSuperview() end
  ctx:completeTransition(not cancelled)
end

-- The fall: IBAnimatable's three stretches, each one UIView.animate with its
-- own curve, delayed to its key time. All three are added now, so the
-- model frame is the box's place from the start, as IBAnimatable's is (it
-- animates only position.y) and the layout pass just after, which sets the
-- frame, moves nothing. Chained in completions instead, the model would sit
-- 20 points low during the first stretch and that layout pass would shift
-- the whole fall up by 20.
local function drop(ctx, view, shown, screenHeight)
  view.frame = shown:offsetBy(0, -screenHeight)
  -- Each stretch: where it goes (points off its place), its key time, its share of the duration, its curve.
  UIView.animate{duration = params.duration * 0.5, delay = 0, timingFunction = CAMediaTimingFunction.easeOut,
    animations = function() view.frame = shown:offsetBy(0, 20) end}
  UIView.animate{duration = params.duration * 0.25, delay = params.duration * 0.5, timingFunction = CAMediaTimingFunction.linear,
    animations = function() view.frame = shown:offsetBy(0, -10) end}
  UIView.animate{duration = params.duration * 0.25, delay = params.duration * 0.75, timingFunction = CAMediaTimingFunction.easeOut,
    animations = function() view.frame = shown end,
    completion = function(finished) settle(ctx, view, shown, true) end}
end

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local container = ctx.containerView
  local view = ctx:viewForKey(presenting and "to" or "from")
  -- Where it rests: its final frame coming in, where it is going out.
  local shown = view.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  local height = container.bounds.height
  local fallen = CGPoint(shown.midX, shown.midY + height)
  if presenting then container:addSubview(view) end

  if UIAccessibility.isReduceMotionEnabled then
    -- Reduce Motion: no fall and no tumble, only a fade in its place.
    view.frame = shown
    if presenting then view.alpha = 0 end
    UIView.animate{duration = params.duration, options = {"curveEaseInOut"},
                   animations = function() view.alpha = presenting and 1 or 0 end,
                   completion = function(finished) settle(ctx, view, shown, presenting) end}
  elseif presenting then
    drop(ctx, view, shown, height)
  else
    UIView.animate{duration = params.duration, options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
      animations = function()
        view.center = fallen
        view.transform = CGAffineTransformMakeRotation(params.tilt)
      end, completion = function(finished) settle(ctx, view, shown, false) end}
  end
end

return {
  title = "Drop down",
  summary = "A centred box drops from above, overshoots and bounces into place; it tips and falls away (IBAnimatable's DropDown).",
  tags = {"drop", "bounce", "dimming", "keyframes", "ibanimatable"},
  author = "Segue",
  source = "IBAnimatable DropDownAnimator (0.4 s, position.y keyframes -H, +20, -10, 0 at 0, 0.5, 0.75, 1; dimming 0.7)",
  parameters = {
    tilt = {type = "number", default = 0.3, min = -0.5, max = 0.5,
            description = "Radians the box tips as it falls away (IBAnimatable: random, up to ±0.5)."},
    dimming = {type = "number", default = 0.7, min = 0.0, max = 1.0, description = "Opacity of the black behind it (IBAnimatable's opacity)."},
    duration = {type = "number", default = 0.4, min = 0.05, max = 5.0, description = "Seconds each way (IBAnimatable's presentation default)."},
  },
  presentationStyle = "custom",
  -- Over a dimming view that fades in alongside (_dimming.lua).
  presentationController = {
    frameOfPresentedViewInContainerView = function(self) return boxFrame(self.containerView.bounds) end,
    presentationTransitionWillBegin = function(self) self.dimmingView = dimming.fadeIn(self, params.dimming) end,
    presentationTransitionDidEnd = function(self, completed)
      dimming.presented(self.dimmingView, completed)
      -- IBAnimatable's dismissOnTap (on by default): a tap on the dimming dismisses, once the box is in.
      if completed then
        self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
          self.presentedViewController:dismiss(true)
        end})
      end
    end,
    dismissalTransitionWillBegin = function(self) dimming.fadeOut(self, self.dimmingView) end,
    dismissalTransitionDidEnd = function(self, completed) dimming.dismissed(self.dimmingView, completed) end,
    containerViewWillLayoutSubviews = function(self) dimming.layout(self, self.dimmingView) end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

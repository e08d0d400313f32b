-- Cards: VCTransitionsLibrary's CECardsAnimationController (after Tope's
-- "cards" animation), also IBAnimatable's CardsAnimator. Presenting, the old
-- screen drops back like a card put down on a pile: it tips 15° about x
-- under perspective (m34 = -1/900) at 0.95 scale and 0.6 alpha, then
-- shrinks to 0.8 and rises by 8 % of its height; only then does the new
-- screen come up: it peeks 30 points above the bottom edge (the source's
-- comment calls this an overshoot; its code moves the card 30 points up
-- from off-screen, which is what plays) and rises into place in the last
-- fifth. Keyframes in cubic mode, as the source. Dismissing, the card drops
-- off the bottom in the first half while the old screen comes back from
-- 0.6 scale through the tipped pose to flat.
-- How it differs from `card-stack` (seed 003, a blog post's port of the
-- same idea): the source's m34 of -1/900, the second keyframe from 0.2, the
-- late 30-point peek instead of a rise over the whole time, and the
-- dismissal's 0.6 starting scale.
-- Full screen: UIKit hands the animator both screens.

-- Tipped back: 0.95 scale and 15° about x, under perspective.
local function tipped()
  local t = CATransform3DIdentity
  t.m34 = -1 / 900
  t = CATransform3DScale(t, 0.95, 0.95, 1)
  return CATransform3DRotate(t, 15 * math.pi / 180, 1, 0, 0)
end

-- Put down: 0.8 scale, raised by 8 % of its height.
local function putDown(height)
  local t = CATransform3DIdentity
  t.m34 = -1 / 900
  t = CATransform3DTranslate(t, 0, -height * 0.08, 0)
  return CATransform3DScale(t, 0.8, 0.8, 1)
end

-- Reduce Motion: the new screen fades in over the old one, nothing tips or slides
-- (what UIKit's own transitions do with the setting on): _cross-fade.lua.
local crossFade = require("cross-fade")

local function present(ctx, from, to, frame)
  local offScreen = frame:offsetBy(0, frame.height)
  to.frame = offScreen
  ctx.containerView:insertSubview(to, {aboveSubview = from})
  local t1, t2 = tipped(), putDown(frame.height)

  UIView.animateKeyframes{
    duration = params.duration,
    options = {"calculationModeCubic"},
    animations = function()
      UIView.addKeyframe(0.0, 0.4, function()
        from.layer.transform = t1
        from.alpha = 0.6
      end)
      UIView.addKeyframe(0.2, 0.4, function() from.layer.transform = t2 end)
      UIView.addKeyframe(0.6, 0.2, function() to.frame = offScreen:offsetBy(0, -30) end)
      UIView.addKeyframe(0.8, 0.2, function() to.frame = frame end)
    end,
    completion = function(finished)
      -- The old screen leaves the window (or stays, if cancelled): flat and opaque either way.
      from.layer.transform = CATransform3DIdentity
      from.alpha = 1
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then
        to.frame = offScreen
        to:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end,
  }
end

local function dismiss(ctx, from, to, frame)
  local offScreen = frame:offsetBy(0, frame.height)
  to.frame = frame
  to.layer.transform = CATransform3DScale(CATransform3DIdentity, 0.6, 0.6, 1)
  to.alpha = 0.6
  ctx.containerView:insertSubview(to, {belowSubview = from})
  local t1 = tipped()

  UIView.animateKeyframes{
    duration = params.duration,
    options = {"calculationModeCubic"},
    animations = function()
      UIView.addKeyframe(0.0, 0.5, function() from.frame = offScreen end)
      UIView.addKeyframe(0.35, 0.35, function()
        to.layer.transform = t1
        to.alpha = 1
      end)
      UIView.addKeyframe(0.75, 0.25, function() to.layer.transform = CATransform3DIdentity end)
    end,
    completion = function(finished)
      to.layer.transform = CATransform3DIdentity
      to.alpha = 1
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then
        from.frame = frame
        to:removeFromSuperview()
      else
        from:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end,
  }
end

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:initialFrame(ctx:viewControllerForKey("from"))
  if ctx.isPresenting then present(ctx, from, to, frame) else dismiss(ctx, from, to, frame) end
end

return {
  title = "Cards",
  summary = "The old screen is put down on a pile, tipped back and shrunk, then the new card comes up over it.",
  tags = {"3d", "perspective", "keyframes", "interactive", "vctransitions", "ibanimatable"},
  author = "Segue",
  source = "VCTransitionsLibrary CECardsAnimationController / IBAnimatable CardsAnimator (1.0 s, 15° tip under m34 = -1/900, 0.95 then 0.8 scale, 0.6 alpha)",
  parameters = {
    duration = {type = "number", default = 1.0, min = 0.2, max = 5.0,
                description = "Seconds for the whole move (VCTransitionsLibrary 1.0, IBAnimatable 0.75)."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- VCTransitionsLibrary pairs any animation with any of its interaction
    -- controllers; a card that drops off the bottom takes its
    -- CEVerticalSwipeInteractionController: for a dismissal either way counts,
    -- and 200 points of it make the whole transition (IBAnimatable's
    -- CardsAnimator names no gesture).
    dismissal = {
      gesture = "pan", direction = "vertical", distance = 200,
      -- VCTransitionsLibrary decides at the last move, past half, whatever the
      -- speed; and its completionSpeed is 1 - percentComplete, so what is left
      -- either way plays over the whole duration.
      shouldFinish = function(g, percent) return percent > 0.5 end,
      completionSpeed = function(g, percent) return math.max(1 - percent, 0.01) end,
    },
  },
}

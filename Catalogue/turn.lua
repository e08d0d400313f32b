-- Turn: VCTransitionsLibrary's CETurnAnimationController (IBAnimatable's
-- TurnAnimator). The old screen turns edge-on about an axis through the
-- middle of the screen in the first half; the new one turns in from
-- edge-on in the second half. Unlike `flip` (UIKit's flipHorizontal), the
-- axis can be vertical or horizontal, the camera does not pull back (the
-- near edge swells past the screen under m34 = -0.002, as in the source),
-- and the layers stay double-sided: each half ends exactly edge-on, so no
-- back is ever seen. Dismissal turns the other way; drag to dismiss, as
-- IBAnimatable pairs it with a pan.
-- Full screen: UIKit hands the animator both screens.

local eye = 500 -- the source's sublayerTransform m34 = -0.002

local function opposite(way)
  if way == "left" then return "right" elseif way == "right" then return "left" elseif way == "up" then return "down" end
  return "up"
end

-- Rotation about the middle of the screen: about y for left/right, x for up/down.
local function turned(angle, direction)
  local t = CATransform3DIdentity
  t.m34 = -1 / eye
  if direction == "left" or direction == "right" then return CATransform3DRotate(t, angle, 0, 1, 0) end
  return CATransform3DRotate(t, angle, 1, 0, 0)
end

-- Reduce Motion: the new screen fades in over the old one, nothing turns
-- (what UIKit's own transitions do with the setting on): _cross-fade.lua.
local crossFade = require("cross-fade")

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:initialFrame(ctx:viewControllerForKey("from"))
  from.frame = frame
  to.frame = frame
  ctx.containerView:addSubview(to)

  -- The source turns forwards from left/top and backwards from right/bottom.
  local direction = ctx.isPresenting and params.direction or opposite(params.direction)
  local factor = (direction == "right" or direction == "down") and 1 or -1
  from.layer.transform = turned(0, direction)
  to.layer.transform = turned(-factor * math.pi / 2, direction)

  UIView.animateKeyframes{
    duration = params.duration,
    animations = function()
      UIView.addKeyframe(0.0, 0.5, function() from.layer.transform = turned(factor * math.pi / 2, direction) end)
      UIView.addKeyframe(0.5, 0.5, function() to.layer.transform = turned(0, direction) end)
    end,
    completion = function(finished)
      from.layer.transform = CATransform3DIdentity
      to.layer.transform = CATransform3DIdentity
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then to:removeFromSuperview() else from:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

-- IBAnimatable's PanInteractiveAnimator: the progress is the finger's travel
-- along its way over the container's side, and letting go finishes past half
-- or when faster than 1000 points a second that way (a fast flick back past
-- half still finishes; there is no cancelling flick).
local function along(v, way)
  if way == "left" then return -v.x elseif way == "right" then return v.x
  elseif way == "up" then return -v.y end
  return v.y
end
local function side(size, way) return (way == "left" or way == "right") and size.width or size.height end

return {
  title = "Turn",
  summary = "The old screen turns edge-on about the screen's middle, then the new one turns in.",
  tags = {"3d", "perspective", "turn", "interactive", "vctransitions", "ibanimatable"},
  author = "Segue",
  source = "VCTransitionsLibrary CETurnAnimationController / IBAnimatable TurnAnimator (1.0 s, 90° per half, m34 = -0.002)",
  parameters = {
    direction = {type = "string", default = "left", choices = {"left", "right", "up", "down"},
                 description = "The side the turn starts from (IBAnimatable's Turn(left) …); left/right turn about the vertical axis, up/down about the horizontal one."},
    duration = {type = "number", default = 1.0, min = 0.2, max = 5.0,
                description = "Seconds for both halves (VCTransitionsLibrary 1.0, IBAnimatable 0.75)."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- IBAnimatable's turn(from: d) pans from the opposite side
    -- (.pan(from: direction.opposingGesture)): the finger moves towards d;
    -- `direction` below names the default's way, the functions follow the
    -- parameter.
    dismissal = {
      gesture = "pan", direction = "left",
      progress = function(g, size)
        local way = params.direction
        return along(g.translation, way) / side(size, way)
      end,
      shouldFinish = function(g, percent) return percent > 0.5 or along(g.velocity, params.direction) > 1000 end,
    },
  },
}

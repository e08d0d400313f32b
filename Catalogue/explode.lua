-- Explode: VCTransitionsLibrary's CEExplodeAnimationController, also
-- IBAnimatable's ExplodeAnimator. The old screen breaks into a grid of
-- pieces (10 across by default, square-ish, so about 22 down on a phone)
-- over the new screen; each piece flies up to 100 points off in x and y,
-- spins by a random angle (the source draws it from -10 to 10 radians),
-- shrinks to nothing (0.01, as IBAnimatable) and fades out, all on one
-- curve. The source explodes on dismissal too; here dismissal reverses by
-- default (the presenter's pieces fly back together over the presented
-- screen), and `dismissal = explode` plays the source's way.
-- The source cuts pieces with resizableSnapshotView(from:); here a piece is
-- a clipping view holding a whole snapshot offset inside it. Its random
-- numbers (arc4random) are a fixed sequence here, so every run and preview
-- is the same. Full screen: UIKit hands the animator both screens.

-- Park and Miller's minimal standard generator (the next state is 16807
-- times this one, modulo 2^31 - 1): the same scatter on every run. Every
-- step is exact in floats as in integers, the product staying below 2^46
-- and the quotient never within rounding of a whole number, so the
-- remainder is written out without Lua's %.
local modulus = 2147483647
local function step(state)
  local product = state * 16807
  return product - math.floor(product / modulus) * modulus
end

-- A state as a number between `low` and `high`.
local function between(state, low, high) return low + (high - low) * state / modulus end

-- Reduce Motion: the new screen fades in over the old one, nothing flies or spins
-- (what UIKit's own transitions do with the setting on): _cross-fade.lua.
local crossFade = require("cross-fade")

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.frame = frame
  from.frame = frame

  -- Exploding breaks the screen being left; imploding assembles the one returned to.
  local implode = not ctx.isPresenting and params.dismissal == "implode"
  local broken = implode and to or from
  if implode then
    container:addSubview(to)
  else
    container:insertSubview(to, {belowSubview = from})
  end

  local columns = params.columns
  -- As many rows as keep the pieces square-ish; a float (+ 0.0), so that
  -- Lua counts with it as Swift does.
  local rows = math.max(1, math.floor(columns * frame.height / frame.width + 0.5) + 0.0)
  local w, h = frame.width / columns, frame.height / rows
  local state = 20131011.0
  local pieces = {}
  for col = 0, columns - 1 do
    for row = 0, rows - 1 do
      local x, y = col * w, row * h
      local piece = UIView.new{name = "explode piece", frame = CGRect(frame.minX + x, frame.minY + y, w, h)}
      piece.clipsToBounds = true
      local picture = broken:snapshotView(implode)
      picture.frame = CGRect(-x, -y, frame.width, frame.height)
      piece:addSubview(picture)
      container:addSubview(piece)
      local home = piece.center
      state = step(state)
      local dx = between(state, -100, 100)
      state = step(state)
      local dy = between(state, -100, 100)
      state = step(state)
      local angle = between(state, params.minAngle, params.maxAngle)
      local away = CGPoint(home.x + dx, home.y + dy)
      local spin = CGAffineTransformScale(CGAffineTransformMakeRotation(angle), 0.01, 0.01)
      -- The picture fades, not the piece: a fading view with subviews is
      -- composited offscreen (group opacity), a whole frame's work apiece.
      pieces[#pieces + 1] = {view = piece, picture = picture, home = home, away = away, spin = spin}
      if implode then
        piece.center = away
        piece.transform = spin
        picture.alpha = 0
      end
    end
  end

  -- The pieces stand in for the broken screen (hidden only now: a snapshot
  -- of a hidden view shows nothing).
  broken.isHidden = true

  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function()
      for _, p in ipairs(pieces) do
        p.view.center = implode and p.home or p.away
        p.view.transform = implode and CGAffineTransformIdentity or p.spin
        p.picture.alpha = implode and 1 or 0
      end
    end,
    completion = function(finished)
      for _, p in ipairs(pieces) do p.view:removeFromSuperview() end
      from.isHidden = false
      to.isHidden = false
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then to:removeFromSuperview() else from:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Explode",
  summary = "The old screen shatters into spinning pieces that fly apart and fade, uncovering the new one.",
  tags = {"pieces", "spin", "snapshots", "pinch", "interactive", "vctransitions", "ibanimatable"},
  author = "Segue",
  source = "VCTransitionsLibrary CEExplodeAnimationController / IBAnimatable ExplodeAnimator (1.0 s, 10 pieces across, ±100 pt, -10…10 rad, scale to 0.01)",
  parameters = {
    columns = {type = "integer", default = 3, min = 2, max = 12,
               description = "Pieces across (the source's xFactor is 10; 3 keeps previews within their drawing budget); rows follow the screen's shape."},
    minAngle = {type = "number", default = -10, min = -20, max = 0, description = "Least spin of a piece, in radians."},
    maxAngle = {type = "number", default = 10, min = 0, max = 20, description = "Most spin of a piece, in radians."},
    dismissal = {type = "string", default = "implode", choices = {"implode", "explode"},
                 description = "implode: the presenter's pieces fly back together; explode: the presented screen explodes too, as the source."},
    duration = {type = "number", default = 1.0, min = 0.2, max = 5.0,
                description = "Seconds for the pieces to fly (VCTransitionsLibrary 1.0, IBAnimatable 0.75)."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- VCTransitionsLibrary pairs any animation with any of its interaction
    -- controllers; pieces that fly back together close like fingers, so this
    -- takes its CEPinchInteractionController: closing two fingers dismisses,
    -- the progress 1 - scale / the scale at the start.
    dismissal = {
      gesture = "pinch", direction = "in", distance = 1,
      -- VCTransitionsLibrary decides at the last move, past half, whatever the
      -- speed; and its completionSpeed is 1 - percentComplete, so what is left
      -- either way plays over the whole duration.
      shouldFinish = function(g, percent) return percent > 0.5 end,
      completionSpeed = function(g, percent) return math.max(1 - percent, 0.01) end,
    },
  },
}

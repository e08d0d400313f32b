-- Cube: VCTransitionsLibrary's CECubeAnimationController (after Andrés
-- Brun). The two screens are neighbouring faces of a cube: each turns 90°
-- about the edge they share while that edge slides across the screen, so
-- the old face swings away as the new one swings in. The source hinges each
-- layer on the shared edge (anchorPoint on that edge) under a strong
-- perspective (m34 = -1/200, taken from the edge), and darkens the face that
-- turns away with a black veil at 0.8 alpha. Dismissal turns the cube back
-- the other way; the user can drag it back, as IBAnimatable's CubeAnimator
-- pairs it with a pan.
-- Full screen: UIKit hands the animator both screens.

local eye = 200

-- Which way the screens move, and so where the shared edge starts and ends:
-- sideways or not, and 1 when the new face comes in from the right or from
-- below, -1 from the left or from above.
local function horizontal(way) return way == "left" or way == "right" end
local function sign(way) return (way == "left" or way == "up") and 1 or -1 end

local function opposite(way)
  if way == "left" then return "right" elseif way == "right" then return "left" elseif way == "up" then return "down" end
  return "up"
end

-- A face turned by `angle` about its hinge, seen from `eye` points away.
local function turned(angle, horizontal)
  local t = CATransform3DIdentity
  t.m34 = -1 / eye
  if horizontal then return CATransform3DRotate(t, angle, 0, 1, 0) end
  return CATransform3DRotate(t, angle, 1, 0, 0)
end

-- A black veil over a face: the source's "shadow", darker as the face turns away.
local function veil(view, alpha)
  local v = UIView.new{name = "cube shade", frame = view.bounds,
                       backgroundColor = UIColor.black:withAlphaComponent(0.8)}
  v.alpha = alpha
  view:addSubview(v)
  return v
end

-- A face hinged at (ax, ay) of itself, that point put at `point`. Setting the
-- anchor leaves position where it is, so position is then put on the edge
-- explicitly.
local function hinge(view, ax, ay, point)
  view.layer.anchorPoint = CGPoint(ax, ay)
  view.layer.position = point
end

-- The point `edge` points along the way the screens move (sideways when
-- `h`), on the middle line of `frame`.
local function edgePoint(frame, h, edge)
  if h then return CGPoint(frame.minX + edge, frame.midY) end
  return CGPoint(frame.midX, frame.minY + edge)
end

-- Reduce Motion: the new screen fades in over the old one, nothing turns
-- (what UIKit's own transitions do with the setting on): _cross-fade.lua.
local crossFade = require("cross-fade")

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.frame = frame
  from.frame = frame
  container:addSubview(to)

  -- Dismissing turns the cube back: the presenter returns from where it left.
  local way = ctx.isPresenting and params.direction or opposite(params.direction)
  local h, s = horizontal(way), sign(way)
  local size = h and frame.width or frame.height
  local quarter = math.pi / 2

  -- Hinge both faces on the shared edge: the old face's leading edge, the
  -- new face's trailing one.
  local startEdge = s > 0 and size or 0
  local endEdge = size - startEdge
  local near, far = s > 0 and 1 or 0, s > 0 and 0 or 1
  local start = edgePoint(frame, h, startEdge)
  if h then
    hinge(from, near, 0.5, start)
    hinge(to, far, 0.5, start)
  else
    hinge(from, 0.5, near, start)
    hinge(to, 0.5, far, start)
  end

  -- Signs chosen so each free edge swings away from the viewer (z < 0):
  -- about y, a point left of the hinge goes back for a negative angle;
  -- about x, a point above the hinge goes back for a positive one.
  local fromAngle = (h and -quarter or quarter) * s
  from.layer.transform = turned(0, h)
  to.layer.transform = turned(-fromAngle, h)
  local fromShade, toShade = veil(from, 0), veil(to, 1)

  local finish = edgePoint(frame, h, endEdge)
  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function()
      from.layer.position = finish
      to.layer.position = finish
      from.layer.transform = turned(fromAngle, h)
      to.layer.transform = turned(0, h)
      fromShade.alpha = 1
      toShade.alpha = 0
    end,
    completion = function(finished)
      -- Back to a plain, centred view whichever way it ended.
      for _, view in ipairs({from, to}) do
        view.layer.transform = CATransform3DIdentity
        view.layer.anchorPoint = CGPoint(0.5, 0.5)
        view.frame = frame
      end
      fromShade:removeFromSuperview()
      toShade:removeFromSuperview()
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
  title = "Cube",
  summary = "The two screens are faces of a cube that turns to bring the new one to the front.",
  tags = {"3d", "perspective", "cube", "interactive", "vctransitions"},
  author = "Segue",
  source = "VCTransitionsLibrary CECubeAnimationController (1.0 s, 90° about the shared edge, m34 = -1/200, 0.8 black shade)",
  parameters = {
    direction = {type = "string", default = "left", choices = {"left", "right", "up", "down"},
                 description = "Which way the screens move when presenting; dismissal turns back the other way."},
    duration = {type = "number", default = 1.0, min = 0.2, max = 5.0, description = "Seconds for the quarter turn."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- IBAnimatable's system cube pans from the opposite of where the new face
    -- came from (.pan(from: direction.opposingGesture)): the finger turns the
    -- cube back, against `direction`; `direction` below names the default's
    -- way, the functions follow the parameter.
    dismissal = {
      gesture = "pan", direction = "right",
      progress = function(g, size)
        local way = opposite(params.direction)
        return along(g.translation, way) / side(size, way)
      end,
      shouldFinish = function(g, percent) return percent > 0.5 or along(g.velocity, opposite(params.direction)) > 1000 end,
    },
  },
}

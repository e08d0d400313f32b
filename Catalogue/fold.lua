-- Fold: VCTransitionsLibrary's CEFoldAnimationController, also IBAnimatable's
-- FoldAnimator. Both screens are cut into strips, two per fold, hinged
-- alternately on their left and right edges like a paper fan. The old
-- screen's strips fold up (each pair turning ±90° about its outer hinges)
-- while they all slide to the far edge; the new screen's strips unfold from
-- the near edge into place. As in the source, the strips sit in one view
-- whose sublayerTransform gives them all one perspective (m34 = -0.005), so
-- every strip vanishes towards the screen's centre and the fan zig-zags
-- (the old strips' final turn carries the same m34 once more, as the
-- source's does); a CAGradientLayer shade (clear at the hinge, black at the
-- free edge, on the source's slightly slanted axes) darkens each strip as it
-- turns away and lifts as it opens. Dismissal folds the other way.
-- Each strip is a resizableSnapshotView(from:) of its part of the screen, as
-- in the source.
-- Full screen: UIKit hands the animator both screens.

local eye = 200 -- m34 = -0.005

local function opposite(way)
  if way == "left" then return "right" elseif way == "right" then return "left" elseif way == "up" then return "down" end
  return "up"
end

-- A strip's own turn (the perspective is its stage's sublayerTransform),
-- made from `base` (the identity, or the perspective again).
local function turned(angle, horizontal, base)
  if horizontal then return CATransform3DRotate(base, angle, 0, 1, 0) end
  return CATransform3DRotate(base, angle, 1, 0, 0)
end

-- A point `along` the axis of motion (sideways when `horizontal`), on the
-- middle line of `frame`, in the strips' stage.
local function at(frame, horizontal, along)
  if horizontal then return CGPoint(along, frame.height / 2) end
  return CGPoint(frame.width / 2, along)
end

-- One strip of `view`, the part of it at `rect`, hinged on its leading or
-- trailing edge (across the way it folds: sideways when `horizontal`), with
-- a gradient shade over it that is clear at the hinge and black at the free
-- edge; put on `stage`.
local function strip(stage, view, afterUpdates, rect, leading, horizontal)
  local clip = UIView.new{name = "fold strip", frame = rect}
  local picture = view:resizableSnapshotView(rect, afterUpdates)
  picture.frame = clip.bounds
  clip:addSubview(picture)
  local shade = UIView.new{name = "fold shade", frame = clip.bounds}
  -- The source's points across a strip hinged on its left (leading) or
  -- right edge: (0, 0.2) to (1, 0), or (1, 0) to (0, 1); swapped for a
  -- vertical fold.
  local first = leading and CGPoint(0, 0.2) or CGPoint(1, 0)
  local last = leading and CGPoint(1, 0) or CGPoint(0, 1)
  local gradient = CAGradientLayer{
    name = "fold gradient", frame = clip.bounds,
    colors = {UIColor.clear, UIColor.black},
    startPoint = horizontal and first or CGPoint(first.y, first.x),
    endPoint = horizontal and last or CGPoint(last.y, last.x),
  }
  shade.layer:addSublayer(gradient)
  clip:addSubview(shade)
  local edge = leading and 0 or 1
  clip.layer.anchorPoint = horizontal and CGPoint(edge, 0.5) or CGPoint(0.5, edge)
  stage:addSubview(clip)
  return {view = clip, shade = shade}
end

-- Reduce Motion: the new screen fades in over the old one, nothing folds
-- (what UIKit's own transitions do with the setting on): _cross-fade.lua.
local crossFade = require("cross-fade")

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.frame = frame
  container:addSubview(to)

  -- The side the new screen unfolds from (IBAnimatable's Fold(left) …).
  local side = ctx.isPresenting and params.direction or opposite(params.direction)
  local horizontal = side == "left" or side == "right"
  local length = horizontal and frame.width or frame.height
  local near = (side == "left" or side == "up") and 0 or length -- where the new strips start
  local far = length - near                                      -- where the old strips gather
  local fold = length * 0.5 / params.folds                       -- one strip's width

  -- The strips' stage: its sublayerTransform is every strip's perspective,
  -- about its centre (CEFoldAnimationController's containerView.layer.sublayerTransform).
  local stage = UIView.new{name = "fold stage", frame = frame}
  local perspective = CATransform3DIdentity
  perspective.m34 = -1 / eye
  stage.layer.sublayerTransform = perspective
  container:addSubview(stage)

  -- Each free edge turns away from the viewer: about y a leading strip goes
  -- back for +90°, about x for -90°; trailing strips the other way.
  local quarter = horizontal and math.pi / 2 or -math.pi / 2
  local moves = {}
  for i = 0, params.folds - 1 do
    local offset = i * fold * 2
    for _, leading in ipairs({true, false}) do
      local start = leading and offset or offset + fold
      local hingeAt = leading and offset or offset + fold * 2
      local angle = leading and quarter or -quarter
      local rect = horizontal and CGRect(start, 0, fold, frame.height) or CGRect(0, start, frame.width, fold)
      local old = strip(stage, from, false, rect, leading, horizontal)
      old.view.layer.position = at(frame, horizontal, hingeAt)
      old.view.layer.transform = turned(0, horizontal, CATransform3DIdentity)
      old.shade.alpha = 0
      local new = strip(stage, to, true, rect, leading, horizontal)
      new.view.layer.position = at(frame, horizontal, near)
      new.view.layer.transform = turned(angle, horizontal, CATransform3DIdentity)
      new.shade.alpha = 1
      moves[#moves + 1] = {old = old, new = new, hingeAt = hingeAt, angle = angle}
    end
  end
  -- The strips stand in for both screens while they move.
  from.isHidden = true
  to.isHidden = true

  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function()
      for _, s in ipairs(moves) do
        s.old.view.layer.position = at(frame, horizontal, far)
        s.old.view.layer.transform = turned(s.angle, horizontal, perspective)
        s.old.shade.alpha = 1
        s.new.view.layer.position = at(frame, horizontal, s.hingeAt)
        s.new.view.layer.transform = turned(0, horizontal, CATransform3DIdentity)
        s.new.shade.alpha = 0
      end
    end,
    completion = function(finished)
      stage:removeFromSuperview()
      from.isHidden = false
      to.isHidden = false
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
  title = "Fold",
  summary = "The old screen folds up like a paper fan towards one edge while the new one unfolds from the other.",
  tags = {"3d", "perspective", "fold", "snapshots", "interactive", "vctransitions", "ibanimatable"},
  author = "Segue",
  source = "VCTransitionsLibrary CEFoldAnimationController / IBAnimatable FoldAnimator (1.0 s, 2 folds, ±90° strips, m34 = -0.005 as the container's sublayerTransform, gradient shades)",
  parameters = {
    folds = {type = "integer", default = 2, min = 1, max = 8, description = "How many folds (two strips each) the screens are cut into."},
    direction = {type = "string", default = "left", choices = {"left", "right", "up", "down"},
                 description = "The edge the new screen unfolds from; dismissal folds back towards it."},
    duration = {type = "number", default = 1.0, min = 0.2, max = 5.0,
                description = "Seconds for the fold (VCTransitionsLibrary 1.0, IBAnimatable 0.75)."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- IBAnimatable's fold(from: d) pans from the opposite side
    -- (.pan(from: direction.opposingGesture)): the finger folds the screen
    -- back towards d; `direction` below names the default's way, the
    -- functions follow the parameter.
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

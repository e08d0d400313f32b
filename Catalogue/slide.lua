-- Slide: IBAnimatable's SlideAnimator (TransitionAnimationType.slide(to:
-- isFade:)). Both screens travel the container's full width (or height) in
-- `direction` together, side by side like pages on a strip: the new one
-- comes in from the far edge as the old one leaves, and neither is in front
-- of the other for long. IBAnimatable animates with UIView.animate's
-- defaults (easeInOut) for its defaultTransitionDuration, 0.75 s, longer
-- than UIKit's 0.35 s because the travel is long. With `fade`
-- (IBAnimatable's "slide(left, fade)") the old screen also fades out and
-- the new one in. Unlike push (Hero), the old screen does not lag behind:
-- it moves all the way.
--
-- Dismissal is IBAnimatable's reverse, a slide the other way; the user can
-- drag it (IBAnimatable pairs slide with a pan in the same direction). Full
-- screen, so UIKit hands over both views. The curve is given to
-- UIView.animate as its timingFunction, so this file and Hero's share one
-- way of driving it.
--
-- IBAnimatable's AnimatableNavigationController runs the same animator for
-- push and pop, and so does this entry (navigation = true); the pop is
-- driven by UIKit's edge swipe from the left, with UIKit's default rule
-- (past half way, or flicked faster than 1000 points a second).

-- UIView.animate's default curve, easeInEaseOut (0.42, 0, 0.58, 1); the
-- Reduce Motion fade uses it too.
local curves = {
  standard = CAMediaTimingFunction.easeInEaseOut,
}

local opposite = {left = "right", right = "left", up = "down", down = "up"}

-- Where a screen is when it is off by `amount` of the screen for a move in
-- `direction` (IBAnimatable's travel and its inverse). The appearing screen waits on the side it comes
-- from, the disappearing one ends on the side it goes to. In fractions of
-- the container's width (x) and height (y).
local function shift(direction, appearing, amount)
  local ahead = appearing and -amount or amount
  if direction == "left" then return {x = -ahead} end
  if direction == "right" then return {x = ahead} end
  if direction == "up" then return {y = -ahead} end
  return {y = ahead}
end

local function with(t, extra)
  for k, v in pairs(extra) do t[k] = v end
  return t
end

-- A look: offset (fractions of the container), scale, alpha and how dark
-- the black overlay on top of the screen is.
local function look(t)
  return {x = t.x or 0, y = t.y or 0, scale = t.scale or 1, alpha = t.alpha or 1, overlay = t.overlay or 0}
end

-- Each motion says which screen is in front, the curve, and where each
-- screen starts and ends.
local function slide(direction)
  local gone = params.fade and 0 or 1
  return {front = "to", curve = curves.standard,
          to = {look(with(shift(direction, true, 1), {alpha = gone})), look{}},
          from = {look{}, look(with(shift(direction, false, 1), {alpha = gone}))}}
end

local function presentation() return slide(params.direction) end
-- IBAnimatable reverses slide(to: d) as slide(to: opposite of d).
local function dismissal() return slide(opposite[params.direction]) end

-- Reduce Motion: nothing moves; the screen in front fades over the other.
local function crossFade(presenting)
  if presenting then
    return {front = "to", curve = curves.standard, to = {look{alpha = 0}, look{}}, from = {look{}, look{}}}
  end
  return {front = "from", curve = curves.standard, from = {look{}, look{alpha = 0}}, to = {look{}, look{}}}
end

local function reduceMotion()
  return UIAccessibility.isReduceMotionEnabled
end

local function show(view, overlay, l, size)
  view.transform = CGAffineTransformScale(CGAffineTransformMakeTranslation(l.x * size.width, l.y * size.height),
                                          l.scale, l.scale)
  view.alpha = l.alpha
  if overlay then overlay.alpha = l.overlay end
end

local function animateTransition(ctx)
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local fromView, toView = ctx:viewForKey("from"), ctx:viewForKey("to")
  local motion
  if reduceMotion() then
    motion = crossFade(presenting)
  else
    motion = presenting and presentation() or dismissal()
  end

  toView.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  if motion.front == "to" then
    container:insertSubview(toView, {aboveSubview = fromView})
  else
    container:insertSubview(toView, {belowSubview = fromView})
  end

  -- Each screen takes its first look now and its last inside the animation.
  -- The overlay is a child of the screen it darkens, so it moves with it.
  local size = container.bounds.size
  local screens = {}
  for _, key in ipairs{"from", "to"} do
    local view = key == "from" and fromView or toView
    local start, finish = motion[key][1], motion[key][2]
    local overlay
    if start.overlay > 0 or finish.overlay > 0 then
      overlay = UIView.new{name = "overlay", frame = view.bounds, backgroundColor = UIColor.black}
      view:addSubview(overlay)
    end
    show(view, overlay, start, size)
    screens[#screens + 1] = {view = view, overlay = overlay, finish = finish}
  end

  UIView.animate{
    duration = params.duration,
    -- Linear while a finger drives it: the drag itself is the curve.
    timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or motion.curve,
    animations = function()
      for _, s in ipairs(screens) do show(s.view, s.overlay, s.finish, size) end
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      -- Both screens get their own looks back: the presenter's view leaves
      -- the window now and returns, untransformed, on dismissal.
      for _, s in ipairs(screens) do
        s.view.transform = CGAffineTransformIdentity
        s.view.alpha = 1
        if s.overlay then s.overlay:removeFromSuperview() end
      end
      if cancelled then toView:removeFromSuperview() end
      if not presenting and not cancelled then fromView:removeFromSuperview() end
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
  title = "Slide",
  summary = "Both screens travel the full width together, the new one in and the old one out (IBAnimatable's slide).",
  tags = {"slide", "navigation", "interactive", "ibanimatable"},
  author = "Segue",
  source = "IBAnimatable SlideAnimator (0.75 s defaultTransitionDuration, easeInOut, full travel, optional fade)",
  parameters = {
    direction = {type = "string", default = "left", choices = {"left", "right", "up", "down"},
                 description = "The way both screens travel (IBAnimatable's left, right, top, bottom)."},
    fade = {type = "boolean", default = false, description = "Also fade the old screen out and the new one in."},
    duration = {type = "number", default = 0.75, min = 0.05, max = 5.0, description = "Seconds for the slide, each way."},
  },
  presentationStyle = "fullScreen",
  navigation = true,
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- IBAnimatable's slide(to: d) pans from d (.pan(from: direction.matchingGesture)):
    -- the finger drags the screens back, against `direction`; `direction`
    -- below names the default's way, the functions follow the parameter.
    dismissal = {
      gesture = "pan", direction = "right",
      progress = function(g, size)
        local way = opposite[params.direction]
        return along(g.translation, way) / side(size, way)
      end,
      shouldFinish = function(g, percent) return percent > 0.5 or along(g.velocity, opposite[params.direction]) > 1000 end,
    },
    pop = {gesture = "screenEdgePan", edge = "left"},
  },
}

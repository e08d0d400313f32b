-- Zoom: Hero's zoom (HeroDefaultAnimationType.zoom, set up in Hero's
-- DefaultAnimationPreprocessor). The old screen grows to 1.3 and fades away
-- like something the camera flies through, uncovering the new screen, which
-- grows from 0.7 to full size beneath it. 0.35 s on Hero's "standard" curve
-- (Material's cubic Bézier 0.4, 0, 0.2, 1).
--
-- Dismissal is Hero's zoomOut, its reverse: the old screen comes back over
-- the top, shrinking from 1.3 as it fades in, while the new one shrinks to
-- 0.7 beneath it. Full screen, so UIKit hands over both views. The curve
-- is Hero's own cubic Bézier, given to UIView.animate as its
-- timingFunction.
--
-- Pinch to zoom: Hero binds no gesture of its own; its interactive
-- transitions are the app's gesture handler feeding Hero.shared.update, and
-- a zoom asks for a pinch. Opening the fingers presents (the new screen
-- grows under them, from 0.7 to full size: a scale of 1 / 0.7), closing
-- them dismisses (it shrinks back to 0.7). Letting go follows Hero's
-- documented rule (InteractiveTransition.md): finish when progress plus
-- velocity (in progress a second) passes 0.3, else cancel; Hero plays the
-- rest at its own pace.

-- Hero's "standard" timing function (HeroTimingFunction, Material's curve).
local curves = {
  standard = CAMediaTimingFunction(0.4, 0, 0.2, 1),
}

-- A look: offset (fractions of the container), scale, alpha and how dark
-- the black overlay on top of the screen is.
local function look(t)
  return {x = t.x or 0, y = t.y or 0, scale = t.scale or 1, alpha = t.alpha or 1, overlay = t.overlay or 0}
end

-- Each motion says which screen is in front, the curve, and where each
-- screen starts and ends.
local function zoomIn()
  return {front = "from", curve = curves.standard,
          from = {look{}, look{scale = params.grow, alpha = 0}},
          to = {look{scale = params.shrink}, look{}}}
end

local function zoomOut()
  return {front = "to", curve = curves.standard,
          to = {look{scale = params.grow, alpha = 0}, look{}},
          from = {look{}, look{scale = params.shrink}}}
end

local function presentation() return zoomIn() end
-- Hero reverses zoom as zoomOut.
local function dismissal() return zoomOut() end

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

-- How far a pinch goes for the whole zoom: the new screen's change of
-- scale, so the fingers stay on it. Opening: 0.7 to 1 is a scale of 1 / 0.7;
-- closing: 1 to 0.7.
local function pinchDistance(presenting)
  local s = params.shrink
  return math.max(presenting and 1 / s - 1 or 1 - s, 0.05)
end

-- Hero's release rule: progress + velocity / distance > 0.3. A pinch's
-- velocity is its scale a second, negative while closing.
local function heroFinishes(g, percent, presenting)
  local speed = presenting and g.velocity or -g.velocity
  return percent + speed / pinchDistance(presenting) > 0.3
end

return {
  title = "Zoom",
  summary = "The old screen grows and fades away while the new one grows from 0.7 beneath it (Hero's zoom).",
  tags = {"zoom", "fade", "pinch", "interactive", "hero"},
  author = "Segue",
  source = "Hero DefaultAnimationPreprocessor .zoom (0.35 s, standard curve, 1.3 and 0.7; dismissal .zoomOut)",
  parameters = {
    grow = {type = "number", default = 1.3, min = 1.0, max = 3.0, description = "The scale the old screen grows to as it fades."},
    shrink = {type = "number", default = 0.7, min = 0.1, max = 1.0, description = "The scale the new screen grows from."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds for the move, each way."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    presentation = {
      gesture = "pinch", direction = "out",
      distance = function(size) return pinchDistance(true) end,
      shouldFinish = function(g, percent) return heroFinishes(g, percent, true) end,
    },
    dismissal = {
      gesture = "pinch", direction = "in",
      distance = function(size) return pinchDistance(false) end,
      shouldFinish = function(g, percent) return heroFinishes(g, percent, false) end,
    },
  },
}

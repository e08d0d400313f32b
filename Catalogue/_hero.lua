-- Hero's runner, shared by the entries that port Hero's default animations
-- (HeroDefaultAnimationType, set up in Hero's DefaultAnimationPreprocessor:
-- push, pull, cover, uncover, zoom-slide, zoom) and by slide, which moves
-- IBAnimatable's screens the same way. An entry says what each screen looks
-- like at the start and the end of its motion; this runs it with
-- UIView.animate, cross-fades instead under Reduce Motion, and gives each
-- screen its own look back at the end. Entries load it with
-- `local hero = require("hero")`; they declare a `duration` parameter, which
-- the runner reads.
--
-- Hero's curves are its own cubic Béziers, given to UIView.animate as its
-- timingFunction. A screen may carry Hero's shadow (shadowState in
-- DefaultAnimationPreprocessor: black, opacity 0.5, radius 5, offset zero,
-- masksToBounds off): it begins at full strength (.beginWith) and fades to
-- nothing over the move (.shadowOpacity(0)), so it falls on the screen
-- beneath along the edge between them and is gone when they rest. Hero puts
-- it on the screen arriving in a push or a cover and on the one leaving in a
-- pull or an uncover. Reduce Motion's cross-fade has none.

local hero = {}

-- Hero's timing functions (HeroTimingFunction, Material's curves).
hero.curves = {
  standard = CAMediaTimingFunction(0.4, 0, 0.2, 1),
  deceleration = CAMediaTimingFunction(0, 0, 0.2, 1),
}

hero.opposite = {left = "right", right = "left", up = "down", down = "up"}

-- Hero's shift: where a screen is when it is off by `amount` of the screen
-- for a move in `direction`. The appearing screen waits on the side it comes
-- from, the disappearing one ends on the side it goes to. In fractions of
-- the container's width (x) and height (y).
function hero.shift(direction, appearing, amount)
  local ahead = appearing and -amount or amount
  if direction == "left" then return {x = -ahead} end
  if direction == "right" then return {x = ahead} end
  if direction == "up" then return {y = -ahead} end
  return {y = ahead}
end

function hero.with(t, extra)
  for k, v in pairs(extra) do t[k] = v end
  return t
end

-- A look: offset (fractions of the container), scale, alpha, how dark
-- the black overlay on top of the screen is and how strong its shadow is.
function hero.look(t)
  return {x = t.x or 0, y = t.y or 0, scale = t.scale or 1, alpha = t.alpha or 1, overlay = t.overlay or 0,
          shadow = t.shadow or 0}
end

local look, with, shift = hero.look, hero.with, hero.shift

-- Hero's shadowState: what the moving screen's layer begins with.
local shadowState = {color = UIColor.black.cgColor, opacity = 0.5, radius = 5, offset = CGSize(0, 0)}

-- Hero's motions. Each says which screen is in front, the curve, and where
-- each screen starts and ends. Push: the new screen slides in over the old
-- one, which drifts a third of the way and darkens; pull, its mirror, takes
-- the old screen all the way off the new one. Cover and uncover do the same
-- while the screen underneath stays where it is.
function hero.push(direction)
  return {front = "to", curve = hero.curves.deceleration,
          to = {look(with(shift(direction, true, 1), {shadow = shadowState.opacity})), look{}},
          from = {look{}, look(with(shift(direction, false, 1 / 3), {overlay = 0.1}))}}
end

function hero.pull(direction)
  return {front = "from", curve = hero.curves.standard,
          from = {look{shadow = shadowState.opacity}, look(shift(direction, false, 1))},
          to = {look(with(shift(direction, true, 1 / 3), {overlay = 0.1})), look{}}}
end

function hero.cover(direction)
  return {front = "to", curve = hero.curves.deceleration,
          to = {look(with(shift(direction, true, 1), {shadow = shadowState.opacity})), look{}},
          from = {look{}, look{overlay = 0.1}}}
end

function hero.uncover(direction)
  return {front = "from", curve = hero.curves.standard,
          from = {look{shadow = shadowState.opacity}, look(shift(direction, false, 1))},
          to = {look{overlay = 0.1}, look{}}}
end

-- Reduce Motion: nothing moves; the screen in front fades over the other.
local function crossFade(presenting, curve)
  if presenting then
    return {front = "to", curve = curve, to = {look{alpha = 0}, look{}}, from = {look{}, look{}}}
  end
  return {front = "from", curve = curve, from = {look{}, look{alpha = 0}}, to = {look{}, look{}}}
end

local function show(view, overlay, l, size, shadowed)
  view.transform = CGAffineTransformScale(CGAffineTransformMakeTranslation(l.x * size.width, l.y * size.height),
                                          l.scale, l.scale)
  view.alpha = l.alpha
  if overlay then overlay.alpha = l.overlay end
  if shadowed then view.layer.shadowOpacity = l.shadow end
end

-- The animator's animateTransition for an entry's motions:
-- `presentation()` and `dismissal()` give them, `fadeCurve` is the curve of
-- the Reduce Motion cross-fade (Hero's standard unless the entry says).
function hero.animateTransition(motions)
  local fadeCurve = motions.fadeCurve or hero.curves.standard
  return function(ctx)
    local container = ctx.containerView
    local presenting = ctx.isPresenting
    local fromView, toView = ctx:viewForKey("from"), ctx:viewForKey("to")
    local motion
    if UIAccessibility.isReduceMotionEnabled then
      motion = crossFade(presenting, fadeCurve)
    else
      motion = presenting and motions.presentation() or motions.dismissal()
    end

    toView.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    if motion.front == "to" then
      container:insertSubview(toView, {aboveSubview = fromView})
    else
      container:insertSubview(toView, {belowSubview = fromView})
    end

    -- Each screen takes its first look now and its last inside the animation.
    -- The overlay is a child of the screen it darkens, so it moves with it.
    -- A screen with a shadow keeps what its layer had, to give it back.
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
      local saved
      if start.shadow > 0 or finish.shadow > 0 then
        local layer = view.layer
        saved = {color = layer.shadowColor, opacity = layer.shadowOpacity, radius = layer.shadowRadius,
                 offset = layer.shadowOffset, masks = layer.masksToBounds}
        layer.shadowColor = shadowState.color
        layer.shadowRadius = shadowState.radius
        layer.shadowOffset = shadowState.offset
        layer.masksToBounds = false
      end
      show(view, overlay, start, size, saved ~= nil)
      screens[#screens + 1] = {view = view, overlay = overlay, finish = finish, saved = saved}
    end

    UIView.animate{
      duration = params.duration,
      -- Linear while a finger drives it: the drag itself is the curve.
      timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or motion.curve,
      animations = function()
        for _, s in ipairs(screens) do show(s.view, s.overlay, s.finish, size, s.saved ~= nil) end
      end,
      completion = function(finished)
        local cancelled = ctx:transitionWasCancelled()
        -- Both screens get their own looks back: the presenter's view leaves
        -- the window now and returns, untransformed, on dismissal.
        for _, s in ipairs(screens) do
          s.view.transform = CGAffineTransformIdentity
          s.view.alpha = 1
          if s.overlay then s.overlay:removeFromSuperview() end
          if s.saved then
            local layer = s.view.layer
            layer.shadowColor, layer.shadowOpacity = s.saved.color, s.saved.opacity
            layer.shadowRadius, layer.shadowOffset = s.saved.radius, s.saved.offset
            layer.masksToBounds = s.saved.masks
          end
        end
        if cancelled then toView:removeFromSuperview() end
        if not presenting and not cancelled then fromView:removeFromSuperview() end
        ctx:completeTransition(not cancelled)
      end,
    }
  end
end

-- How far a move `way` is along a vector (a translation, a velocity), and
-- the container's side along it.
function hero.along(v, way)
  if way == "left" then return -v.x elseif way == "right" then return v.x
  elseif way == "up" then return -v.y end
  return v.y
end

function hero.side(size, way) return (way == "left" or way == "right") and size.width or size.height end

-- Hero's interactive pan (Hero's docs, InteractiveTransition.md): Hero binds
-- no gesture itself; the app's pan handler feeds Hero.shared.update with the
-- finger's travel over the screen's side, and on release finishes when
-- progress + velocity / side > 0.3, else cancels; Hero plays the rest at its
-- own pace (completion speed 1). The finger drags the screens the way the
-- dismissal moves them: against the entry's `direction`.
-- Hero's rule on a gesture declaration for a drag along `way()`: progress is
-- the travel over the container's side; it finishes past 0.3 with the
-- velocity over the side added.
local function heroRule(declaration, way)
  local along, side = hero.along, hero.side
  local heroSize -- the container, as the last touch event saw it
  declaration.progress = function(g, size)
    heroSize = size
    local w = way()
    return along(g.translation, w) / side(size, w)
  end
  declaration.shouldFinish = function(g, percent)
    local w = way()
    return percent + (heroSize and along(g.velocity, w) / side(heroSize, w) or 0) > 0.3
  end
  return declaration
end

-- A UIPanGestureRecognizer; `defaultWay` names the way for the default
-- `direction`, and the functions follow the parameter.
function hero.panDismissal(defaultWay)
  return heroRule({gesture = "pan", direction = defaultWay}, function() return hero.opposite[params.direction] end)
end

-- UIKit's interactive pop for an entry pushed by a navigation controller: a
-- screen-edge pan from the left edge, whatever way the screens move; its
-- travel across the screen is the progress, finished by Hero's rule.
function hero.edgePop()
  return heroRule({gesture = "screenEdgePan", edge = "left"}, function() return "right" end)
end

return hero

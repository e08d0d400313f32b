-- Hero's runner, shared by the entries that port Hero's default animations
-- (HeroDefaultAnimationType, set up in Hero's DefaultAnimationPreprocessor:
-- push, pull, cover, uncover, zoom-slide, zoom) and by slide, which moves
-- IBAnimatable's screens the same way. An entry says how each screen looks
-- at the start and the end of its motion; hero.run plays it with
-- UIView.animate, cross-fades instead under Reduce Motion, and gives each
-- screen its own look back at the end. Entries load it with
-- `local hero = require("hero")` and call `hero.run` from their
-- animateTransition; they declare a `duration` parameter, which it reads.
--
-- Hero's curves are its own cubic Béziers, given to UIView.animate as its
-- timingFunction. A screen may carry Hero's shadow (shadowState in
-- DefaultAnimationPreprocessor: black, opacity 0.5, radius 5, offset zero,
-- masksToBounds off): it begins at full strength (.beginWith) and fades to
-- nothing over the move (.shadowOpacity(0)), so it falls on the screen
-- beneath along the edge between them and is gone when they rest. Hero puts
-- it on the screen arriving in a push or a cover and on the one leaving in a
-- pull or an uncover. Reduce Motion's cross-fade has none.
--
-- Its functions are annotated with their types (---@param), as a library's
-- are: `segue export` writes the module as one Swift file from them.

local hero = {}

-- Hero's timing functions (HeroTimingFunction, Material's curves).
local standardCurve = CAMediaTimingFunction(0.4, 0, 0.2, 1)
local decelerationCurve = CAMediaTimingFunction(0, 0, 0.2, 1)

-- Hero's shadowState: what the moving screen's layer begins with (and its
-- opacity fades from); black, with no offset.
local shadowOpacity = 0.5
local shadowRadius = 5

---@class Look A screen's look: its offset (fractions of the container's width and height), scale, alpha, how dark the black overlay on top of it is and how strong its shadow is.
---@field x number
---@field y number
---@field scale number
---@field alpha number
---@field overlay number
---@field shadow number

---@class Motion Which screen is in front, the curve, and how each screen looks at the start and the end.
---@field frontIsTo boolean
---@field curve CAMediaTimingFunction
---@field fromStart Look
---@field fromEnd Look
---@field toStart Look
---@field toEnd Look

---@class Shadow What a screen's layer had before Hero's shadow: given back at the end.
---@field color CGColor?
---@field opacity number
---@field radius number
---@field offset CGSize
---@field masks boolean

---@class Screen A screen under way: its view, its overlay, its last look and the shadow it had.
---@field view UIView?
---@field overlay UIView?
---@field finish Look
---@field saved Shadow?

-- Hero's standard curve (Material's 0.4, 0, 0.2, 1).
---@return CAMediaTimingFunction
function hero.standard() return standardCurve end

-- Hero's deceleration curve (Material's 0, 0, 0.2, 1).
---@return CAMediaTimingFunction
function hero.deceleration() return decelerationCurve end

-- The way opposite `direction`.
---@param direction string
---@return string
function hero.opposite(direction)
  if direction == "left" then return "right" elseif direction == "right" then return "left" elseif direction == "up" then return "down" end
  return "up"
end

-- A look: `offset` in fractions of the container's width (x) and height (y).
---@param offset CGPoint
---@param scale number
---@param alpha number
---@param overlay number
---@param shadow number
---@return Look
function hero.look(offset, scale, alpha, overlay, shadow)
  return {x = offset.x, y = offset.y, scale = scale, alpha = alpha, overlay = overlay, shadow = shadow}
end

-- A screen as it rests.
---@return Look
function hero.rest() return hero.look(CGPoint(0, 0), 1, 1, 0, 0) end

-- Hero's shift: where a screen is when it is off by `amount` of the screen
-- for a move in `direction`. The appearing screen waits on the side it comes
-- from, the disappearing one ends on the side it goes to. In fractions of
-- the container's width (x) and height (y).
---@param direction string
---@param appearing boolean
---@param amount number
---@return CGPoint
function hero.shift(direction, appearing, amount)
  local ahead = appearing and -amount or amount
  if direction == "left" then return CGPoint(-ahead, 0) end
  if direction == "right" then return CGPoint(ahead, 0) end
  if direction == "up" then return CGPoint(0, -ahead) end
  return CGPoint(0, ahead)
end

-- A motion: `frontIsTo` when the new screen is in front.
---@param frontIsTo boolean
---@param curve CAMediaTimingFunction
---@param fromStart Look
---@param fromEnd Look
---@param toStart Look
---@param toEnd Look
---@return Motion
function hero.motion(frontIsTo, curve, fromStart, fromEnd, toStart, toEnd)
  return {frontIsTo = frontIsTo, curve = curve, fromStart = fromStart, fromEnd = fromEnd, toStart = toStart, toEnd = toEnd}
end

-- Hero's motions. Push: the new screen slides in over the old one, which
-- drifts a third of the way and darkens; pull, its mirror, takes the old
-- screen all the way off the new one. Cover and uncover do the same while
-- the screen underneath stays where it is.
---@param direction string
---@return Motion
function hero.push(direction)
  return hero.motion(true, decelerationCurve, hero.rest(), hero.look(hero.shift(direction, false, 1 / 3), 1, 1, 0.1, 0),
                     hero.look(hero.shift(direction, true, 1), 1, 1, 0, shadowOpacity), hero.rest())
end

---@param direction string
---@return Motion
function hero.pull(direction)
  return hero.motion(false, standardCurve, hero.look(CGPoint(0, 0), 1, 1, 0, shadowOpacity), hero.look(hero.shift(direction, false, 1), 1, 1, 0, 0),
                     hero.look(hero.shift(direction, true, 1 / 3), 1, 1, 0.1, 0), hero.rest())
end

---@param direction string
---@return Motion
function hero.cover(direction)
  return hero.motion(true, decelerationCurve, hero.rest(), hero.look(CGPoint(0, 0), 1, 1, 0.1, 0),
                     hero.look(hero.shift(direction, true, 1), 1, 1, 0, shadowOpacity), hero.rest())
end

---@param direction string
---@return Motion
function hero.uncover(direction)
  return hero.motion(false, standardCurve, hero.look(CGPoint(0, 0), 1, 1, 0, shadowOpacity), hero.look(hero.shift(direction, false, 1), 1, 1, 0, 0),
                     hero.look(CGPoint(0, 0), 1, 1, 0.1, 0), hero.rest())
end

-- Reduce Motion: nothing moves; the screen in front fades over the other.
local function crossFade(presenting, curve)
  local gone = hero.look(CGPoint(0, 0), 1, 0, 0, 0)
  if presenting then return hero.motion(true, curve, hero.rest(), hero.rest(), gone, hero.rest()) end
  return hero.motion(false, curve, hero.rest(), gone, hero.rest(), hero.rest())
end

local function show(view, overlay, l, size, shadowed)
  view.transform = CGAffineTransformScale(CGAffineTransformMakeTranslation(l.x * size.width, l.y * size.height),
                                          l.scale, l.scale)
  view.alpha = l.alpha
  if overlay then overlay.alpha = l.overlay end
  if shadowed then view.layer.shadowOpacity = l.shadow end
end

-- A screen takes its first look now and its last inside the animation. The
-- overlay is a child of the screen it darkens, so it moves with it. A screen
-- with a shadow keeps what its layer had, to give it back.
local function prepare(view, start, finish, size)
  local overlay
  if start.overlay > 0 or finish.overlay > 0 then
    local dark = UIView.new{name = "overlay", frame = view.bounds, backgroundColor = UIColor.black}
    view:addSubview(dark)
    overlay = dark
  end
  local saved
  if start.shadow > 0 or finish.shadow > 0 then
    local layer = view.layer
    saved = {color = layer.shadowColor, opacity = layer.shadowOpacity, radius = layer.shadowRadius,
             offset = layer.shadowOffset, masks = layer.masksToBounds}
    layer.shadowColor = UIColor.black.cgColor
    layer.shadowRadius = shadowRadius
    layer.shadowOffset = CGSize(0, 0)
    layer.masksToBounds = false
  end
  show(view, overlay, start, size, saved ~= nil)
  return {view = view, overlay = overlay, finish = finish, saved = saved}
end

-- Both screens get their own looks back: the presenter's view leaves the
-- window now and returns, untransformed, on dismissal.
local function restore(screen)
  screen.view.transform = CGAffineTransformIdentity
  screen.view.alpha = 1
  local overlay = screen.overlay
  if overlay then overlay:removeFromSuperview() end
  local saved = screen.saved
  if saved then
    local layer = screen.view.layer
    layer.shadowColor = saved.color
    layer.shadowOpacity = saved.opacity
    layer.shadowRadius = saved.radius
    layer.shadowOffset = saved.offset
    layer.masksToBounds = saved.masks
  end
end

-- The animator's animateTransition for a motion (the presentation's or the
-- dismissal's, as `presenting` says); `fadeCurve` is the curve of the Reduce
-- Motion cross-fade (Hero's standard unless the entry says).
---@param ctx TransitionContext
---@param presenting boolean
---@param motion Motion
---@param fadeCurve CAMediaTimingFunction
function hero.run(ctx, presenting, motion, fadeCurve)
  local container = ctx.containerView
  local fromView, toView = ctx:viewForKey("from"), ctx:viewForKey("to")
  local shown = UIAccessibility.isReduceMotionEnabled and crossFade(presenting, fadeCurve) or motion

  toView.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  if shown.frontIsTo then
    container:insertSubview(toView, {aboveSubview = fromView})
  else
    container:insertSubview(toView, {belowSubview = fromView})
  end

  local size = container.bounds.size
  local from = prepare(fromView, shown.fromStart, shown.fromEnd, size)
  local to = prepare(toView, shown.toStart, shown.toEnd, size)

  UIView.animate{
    duration = params.duration,
    -- Linear while a finger drives it: the drag itself is the curve.
    timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or shown.curve,
    animations = function()
      show(from.view, from.overlay, from.finish, size, from.saved ~= nil)
      show(to.view, to.overlay, to.finish, size, to.saved ~= nil)
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      restore(from)
      restore(to)
      if cancelled then toView:removeFromSuperview() end
      if not presenting and not cancelled then fromView:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

-- How far a move `way` is along a vector (a translation, a velocity).
---@param v CGPoint
---@param way string
---@return number
function hero.along(v, way)
  if way == "left" then return -v.x elseif way == "right" then return v.x
  elseif way == "up" then return -v.y end
  return v.y
end

-- The container's side along `way`.
---@param size CGSize
---@param way string
---@return number
function hero.side(size, way) return (way == "left" or way == "right") and size.width or size.height end

-- Hero's interactive pan (Hero's docs, InteractiveTransition.md): Hero binds
-- no gesture itself; the app's pan handler feeds Hero.shared.update with the
-- finger's travel over the screen's side, and on release finishes when
-- progress + velocity / side > 0.3, else cancels; Hero plays the rest at its
-- own pace (completion speed 1). An entry's drag along `way` takes its
-- progress from hero.dragged and its decision from hero.finishes.
---@param translation CGPoint
---@param size CGSize
---@param way string
---@return number
function hero.dragged(translation, size, way) return hero.along(translation, way) / hero.side(size, way) end

---@param velocity CGPoint
---@param size CGSize
---@param percent number
---@param way string
---@return boolean
function hero.finishes(velocity, size, percent, way) return percent + hero.along(velocity, way) / hero.side(size, way) > 0.3 end

return hero

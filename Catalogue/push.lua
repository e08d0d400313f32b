-- Push: Hero's default navigation animation (HeroDefaultAnimationType.push,
-- set up in Hero's DefaultAnimationPreprocessor). The new screen slides in
-- over the old one, which drifts a third of the way in the same direction
-- and darkens under a 10 % black overlay: the parallax UINavigationController
-- uses, so the old screen reads as "behind". Both move for 0.35 s on Hero's
-- "deceleration" curve (Material's cubic Bézier 0, 0, 0.2, 1).
-- `direction` is the way the screens move: "left" brings the new screen in
-- from the right edge, like a navigation push.
--
-- Dismissal is Hero's reverse of push, a pull the other way: the screen on
-- top slides all the way off on Hero's "standard" curve (0.4, 0, 0.2, 1)
-- while the old one comes back from a third of the way and brightens. The
-- user can drag it off. Full screen, so UIKit hands over both views.
--
-- Both curves are Hero's own cubic Béziers, given to UIView.animate as its
-- timingFunction. The screen in front carries Hero's shadow (shadowState in
-- DefaultAnimationPreprocessor: black, opacity 0.5, radius 5, offset zero,
-- masksToBounds off): it begins at full strength (.beginWith) and fades to
-- nothing over the move (.shadowOpacity(0)), so it falls on the screen
-- beneath along the edge between them and is gone when they rest. Hero puts
-- it on the screen arriving in a push and on the one leaving in a pull.
-- Reduce Motion's cross-fade has none.
--
-- Hero runs the same animation for a navigation controller (its
-- UINavigationControllerDelegate vends it for push and pop), and so does
-- this entry (navigation = true): a push is the presentation's move, a pop
-- the dismissal's, handed both screens as a full-screen presentation is.
-- The pop can be driven by UIKit's edge swipe from the left, read with
-- Hero's rule.

-- Hero's timing functions (HeroTimingFunction, Material's curves).
local curves = {
  standard = CAMediaTimingFunction(0.4, 0, 0.2, 1),
  deceleration = CAMediaTimingFunction(0, 0, 0.2, 1),
}

local opposite = {left = "right", right = "left", up = "down", down = "up"}

-- Hero's shift: where a screen is when it is off by `amount` of the screen
-- for a move in `direction`. The appearing screen waits on the side it comes
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

-- A look: offset (fractions of the container), scale, alpha, how dark
-- the black overlay on top of the screen is and how strong its shadow is.
local function look(t)
  return {x = t.x or 0, y = t.y or 0, scale = t.scale or 1, alpha = t.alpha or 1, overlay = t.overlay or 0,
          shadow = t.shadow or 0}
end

-- Hero's shadowState: what the moving screen's layer begins with.
local shadowState = {color = UIColor.black.cgColor, opacity = 0.5, radius = 5, offset = CGSize(0, 0)}

-- Each motion says which screen is in front, the curve, and where each
-- screen starts and ends.
local function push(direction)
  return {front = "to", curve = curves.deceleration,
          to = {look(with(shift(direction, true, 1), {shadow = shadowState.opacity})), look{}},
          from = {look{}, look(with(shift(direction, false, 1 / 3), {overlay = 0.1}))}}
end

local function pull(direction)
  return {front = "from", curve = curves.standard,
          from = {look{shadow = shadowState.opacity}, look(shift(direction, false, 1))},
          to = {look(with(shift(direction, true, 1 / 3), {overlay = 0.1})), look{}}}
end

local function presentation() return push(params.direction) end
-- Hero reverses a push as a pull the other way.
local function dismissal() return pull(opposite[params.direction]) end

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

local function show(view, overlay, l, size, shadowed)
  view.transform = CGAffineTransformScale(CGAffineTransformMakeTranslation(l.x * size.width, l.y * size.height),
                                          l.scale, l.scale)
  view.alpha = l.alpha
  if overlay then overlay.alpha = l.overlay end
  if shadowed then view.layer.shadowOpacity = l.shadow end
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

-- Hero's interactive pan (Hero's docs, InteractiveTransition.md): Hero binds
-- no gesture itself; the app's pan handler feeds Hero.shared.update with the
-- finger's travel over the screen's side, and on release finishes when
-- progress + velocity / side > 0.3, else cancels; Hero plays the rest at its
-- own pace (completion speed 1). The finger drags the screens the way the
-- dismissal moves them: against `direction`.
local heroSize -- the container, as the last touch event saw it
local function dismissalWay() return opposite[params.direction] end
local function along(v, way)
  if way == "left" then return -v.x elseif way == "right" then return v.x
  elseif way == "up" then return -v.y end
  return v.y
end
local function side(size, way) return (way == "left" or way == "right") and size.width or size.height end

return {
  title = "Push",
  summary = "The new screen slides in over the old one, which drifts a third of the way and darkens (Hero's push).",
  tags = {"slide", "navigation", "parallax", "interactive", "hero"},
  author = "Segue",
  source = "Hero DefaultAnimationPreprocessor .push (0.35 s, deceleration curve; dismissal .pull)",
  parameters = {
    direction = {type = "string", default = "left", choices = {"left", "right", "up", "down"},
                 description = "The way the screens move; left brings the new screen in from the right."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds for the move, each way."},
  },
  presentationStyle = "fullScreen",
  navigation = true,
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- A UIPanGestureRecognizer; `direction` names the default's way, and the
    -- functions follow the parameter.
    dismissal = {
      gesture = "pan", direction = "right",
      progress = function(g, size)
        heroSize = size
        local way = dismissalWay()
        return along(g.translation, way) / side(size, way)
      end,
      shouldFinish = function(g, percent)
        local way = dismissalWay()
        return percent + (heroSize and along(g.velocity, way) / side(heroSize, way) or 0) > 0.3
      end,
    },
    -- UIKit's interactive pop: a screen-edge pan from the left edge, whatever
    -- way the screens move; its travel across the screen is the progress.
    pop = {
      gesture = "screenEdgePan", edge = "left",
      progress = function(g, size)
        heroSize = size
        return g.translation.x / size.width
      end,
      shouldFinish = function(g, percent)
        return percent + (heroSize and g.velocity.x / heroSize.width or 0) > 0.3
      end,
    },
  },
}

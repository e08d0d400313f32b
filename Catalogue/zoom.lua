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
-- timingFunction; Hero's runner is shared with the other Hero entries:
-- _hero.lua beside this file.
--
-- Pinch to zoom: Hero binds no gesture of its own; its interactive
-- transitions are the app's gesture handler feeding Hero.shared.update, and
-- a zoom asks for a pinch. Opening the fingers presents (the new screen
-- grows under them, from 0.7 to full size: a scale of 1 / 0.7), closing
-- them dismisses (it shrinks back to 0.7). Letting go follows Hero's
-- documented rule (InteractiveTransition.md): finish when progress plus
-- velocity (in progress a second) passes 0.3, else cancel; Hero plays the
-- rest at its own pace.

local hero = require("hero")

-- Presenting: the old screen grows and fades in front while the new one
-- grows from `shrink` beneath it; dismissing, the new one does the same
-- back over the old.
local function zoomIn()
  return hero.motion(false, hero.standard(), hero.rest(), hero.look(CGPoint(0, 0), params.grow, 0, 0, 0),
                     hero.look(CGPoint(0, 0), params.shrink, 1, 0, 0), hero.rest())
end

local function zoomOut()
  return hero.motion(true, hero.standard(), hero.rest(), hero.look(CGPoint(0, 0), params.shrink, 1, 0, 0),
                     hero.look(CGPoint(0, 0), params.grow, 0, 0, 0), hero.rest())
end

local function animateTransition(ctx)
  hero.run(ctx, ctx.isPresenting, ctx.isPresenting and zoomIn() or zoomOut(), hero.standard())
end

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

-- Zoom slide: Hero's zoomSlide (HeroDefaultAnimationType.zoomSlide, set up
-- in Hero's DefaultAnimationPreprocessor). Both screens shrink to 0.8 as
-- they slide: the old one leaves in `direction` while the new one comes in
-- behind it from the far edge and grows to full size, like cards passed
-- along a table. 0.35 s on Hero's "standard" curve (Material's cubic Bézier
-- 0.4, 0, 0.2, 1). Hero runs the scale and the slide together, not one
-- after the other, and so does this.
--
-- Dismissal is Hero's reverse, a zoomSlide the other way; the user can drag
-- it. Full screen, so UIKit hands over both views. The curve is Hero's own
-- cubic Bézier, given to UIView.animate as its timingFunction; Hero's
-- runner is shared with the other Hero entries: _hero.lua beside this file.

local hero = require("hero")

-- Both screens at 0.8 while they are off the screen: the new one comes in
-- from the side `direction` points away from, the old one leaves that way.
local function zoomSlide(direction)
  return hero.motion(true, hero.standard(), hero.rest(), hero.look(hero.shift(direction, false, 1), 0.8, 1, 0, 0),
                     hero.look(hero.shift(direction, true, 1), 0.8, 1, 0, 0), hero.rest())
end

local function animateTransition(ctx)
  -- Dismissal zooms and slides back the other way.
  local direction = ctx.isPresenting and params.direction or hero.opposite(params.direction)
  hero.run(ctx, ctx.isPresenting, zoomSlide(direction), hero.standard())
end

return {
  title = "Zoom slide",
  summary = "Both screens shrink to 0.8 as the new one slides in and the old one out (Hero's zoomSlide).",
  tags = {"slide", "zoom", "interactive", "hero"},
  author = "Segue",
  source = "Hero DefaultAnimationPreprocessor .zoomSlide (0.35 s, standard curve, scale 0.8)",
  parameters = {
    direction = {type = "string", default = "left", choices = {"left", "right", "up", "down"},
                 description = "The way the screens move; left brings the new one in from the right."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds for the move, each way."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- A drag against `direction` takes the screen back (Hero's pan rule, in _hero.lua).
    dismissal = {
      gesture = "pan", direction = "right",
      progress = function(g, size) return hero.dragged(g.translation, size, hero.opposite(params.direction)) end,
      shouldFinish = function(g, percent)
        return hero.finishes(g.velocity, g.containerSize, percent, hero.opposite(params.direction))
      end,
    },
  },
}

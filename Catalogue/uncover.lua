-- Uncover: Hero's uncover (HeroDefaultAnimationType.uncover, set up in
-- Hero's DefaultAnimationPreprocessor). The old screen slides away in
-- `direction`, uncovering the new one, which waits underneath without
-- moving and brightens out of a 10 % black overlay, as if the old screen
-- had been lying on top of it. 0.35 s on Hero's "standard" curve (Material's
-- cubic Bézier 0.4, 0, 0.2, 1). The default, "down", lowers the old screen
-- off the bottom edge.
--
-- Dismissal is Hero's reverse of uncover, a cover the other way: the old
-- screen slides back over on Hero's "deceleration" curve (0, 0, 0.2, 1) and
-- the new one darkens beneath it. The user can drag it. Full screen, so
-- UIKit hands over both views.
--
-- Hero's runner, curves and shadow are shared with the other Hero entries:
-- _hero.lua beside this file.

local hero = require("hero")

local function animateTransition(ctx)
  -- Hero reverses an uncover as a cover the other way.
  local motion = ctx.isPresenting and hero.uncover(params.direction) or hero.cover(hero.opposite(params.direction))
  hero.run(ctx, ctx.isPresenting, motion, hero.standard())
end

return {
  title = "Uncover",
  summary = "The old screen slides away, uncovering the new one waiting beneath (Hero's uncover).",
  tags = {"slide", "reveal", "interactive", "hero"},
  author = "Segue",
  source = "Hero DefaultAnimationPreprocessor .uncover (0.35 s, standard curve; dismissal .cover)",
  parameters = {
    direction = {type = "string", default = "down", choices = {"left", "right", "up", "down"},
                 description = "The way the old screen moves off; down lowers it off the bottom."},
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
      gesture = "pan", direction = "up",
      progress = function(g, size) return hero.dragged(g.translation, size, hero.opposite(params.direction)) end,
      shouldFinish = function(g, percent)
        return hero.finishes(g.velocity, g.containerSize, percent, hero.opposite(params.direction))
      end,
    },
  },
}

-- Cover: Hero's cover (HeroDefaultAnimationType.cover, set up in Hero's
-- DefaultAnimationPreprocessor). The new screen slides in over the old one,
-- which stays where it is and darkens under a 10 % black overlay: unlike
-- push, nothing underneath moves, so the new screen reads as a sheet laid on
-- top. 0.35 s on Hero's "deceleration" curve (Material's cubic Bézier 0, 0,
-- 0.2, 1). `direction` is the way the new screen moves: "up" brings it in
-- from the bottom edge.
--
-- Dismissal is Hero's reverse of cover, an uncover the other way: the new
-- screen slides back off on Hero's "standard" curve (0.4, 0, 0.2, 1) and the
-- old one brightens; the user can drag it off. Full screen, so UIKit hands
-- over both views.
--
-- Hero's runner, curves and shadow are shared with the other Hero entries:
-- _hero.lua beside this file.

local hero = require("hero")

local function animateTransition(ctx)
  -- Hero reverses a cover as an uncover the other way.
  local motion = ctx.isPresenting and hero.cover(params.direction) or hero.uncover(hero.opposite(params.direction))
  hero.run(ctx, ctx.isPresenting, motion, hero.standard())
end

return {
  title = "Cover",
  summary = "The new screen slides over the old one, which stays and darkens (Hero's cover).",
  tags = {"slide", "cover", "interactive", "hero"},
  author = "Segue",
  source = "Hero DefaultAnimationPreprocessor .cover (0.35 s, deceleration curve; dismissal .uncover)",
  parameters = {
    direction = {type = "string", default = "up", choices = {"left", "right", "up", "down"},
                 description = "The way the new screen moves; up brings it in from the bottom."},
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
      gesture = "pan", direction = "down",
      progress = function(g, size) return hero.dragged(g.translation, size, hero.opposite(params.direction)) end,
      shouldFinish = function(g, percent)
        return hero.finishes(g.velocity, g.containerSize, percent, hero.opposite(params.direction))
      end,
    },
  },
}

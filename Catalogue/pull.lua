-- Pull: Hero's pull (HeroDefaultAnimationType.pull, set up in Hero's
-- DefaultAnimationPreprocessor), the mirror of push and what a navigation
-- pop looks like. The old screen is pulled all the way off in `direction`,
-- uncovering the new one, which comes up from a third of the way behind it
-- and brightens out of a 10 % black overlay. 0.35 s on Hero's "standard"
-- curve (Material's cubic Bézier 0.4, 0, 0.2, 1). The default, "right",
-- reads as going back.
--
-- Dismissal is Hero's reverse of pull, a push the other way: the old screen
-- slides back in over the new one on Hero's "deceleration" curve (0, 0,
-- 0.2, 1) while the new one drifts a third of the way and darkens. The user
-- can drag it. Full screen, so UIKit hands over both views.
--
-- Hero's runner, curves and shadow are shared with the other Hero entries:
-- _hero.lua beside this file.
--
-- With a navigation controller (navigation = true), as Hero's delegate
-- does, a push is this move and a pop its reverse; UIKit's edge swipe from
-- the left drives the pop, read with Hero's rule.

local hero = require("hero")

local function animateTransition(ctx)
  -- Hero reverses a pull as a push the other way.
  local motion = ctx.isPresenting and hero.pull(params.direction) or hero.push(hero.opposite(params.direction))
  hero.run(ctx, ctx.isPresenting, motion, hero.standard())
end

return {
  title = "Pull",
  summary = "The old screen is pulled off, uncovering the new one rising from a third of the way behind (Hero's pull).",
  tags = {"slide", "navigation", "parallax", "interactive", "hero"},
  author = "Segue",
  source = "Hero DefaultAnimationPreprocessor .pull (0.35 s, standard curve; dismissal .push)",
  parameters = {
    direction = {type = "string", default = "right", choices = {"left", "right", "up", "down"},
                 description = "The way the old screen is pulled; right reads as going back."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds for the move, each way."},
  },
  presentationStyle = "fullScreen",
  navigation = true,
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- A drag against `direction` takes the screen back (Hero's pan rule, in _hero.lua).
    dismissal = {
      gesture = "pan", direction = "left",
      progress = function(g, size) return hero.dragged(g.translation, size, hero.opposite(params.direction)) end,
      shouldFinish = function(g, percent)
        return hero.finishes(g.velocity, g.containerSize, percent, hero.opposite(params.direction))
      end,
    },
    -- UIKit's interactive pop: a screen-edge pan from the left edge, whatever way the screens move.
    pop = {
      gesture = "screenEdgePan", edge = "left",
      progress = function(g, size) return hero.dragged(g.translation, size, "right") end,
      shouldFinish = function(g, percent) return hero.finishes(g.velocity, g.containerSize, percent, "right") end,
    },
  },
}

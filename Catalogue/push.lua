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
-- Hero's runner, curves and shadow are shared with the other Hero entries:
-- _hero.lua beside this file.
--
-- With a navigation controller (navigation = true), as Hero's delegate
-- does, a push is this move and a pop its reverse; UIKit's edge swipe from
-- the left drives the pop, read with Hero's rule.

local hero = require("hero")

local function animateTransition(ctx)
  -- Hero reverses a push as a pull the other way.
  local motion = ctx.isPresenting and hero.push(params.direction) or hero.pull(hero.opposite(params.direction))
  hero.run(ctx, ctx.isPresenting, motion, hero.standard())
end

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
    -- A drag against `direction` takes the screen back (Hero's pan rule, in _hero.lua).
    dismissal = {
      gesture = "pan", direction = "right",
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

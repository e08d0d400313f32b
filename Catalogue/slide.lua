-- Slide: IBAnimatable's SlideAnimator (TransitionAnimationType.slide(to:
-- isFade:)). Both screens travel the container's full width (or height) in
-- `direction` together, side by side like pages on a strip: the new one
-- comes in from the far edge as the old one leaves, and neither is in front
-- of the other for long. IBAnimatable animates with UIView.animate's
-- defaults (easeInOut) for its defaultTransitionDuration, 0.75 s, longer
-- than UIKit's 0.35 s because the travel is long. With `fade`
-- (IBAnimatable's "slide(left, fade)") the old screen also fades out and
-- the new one in. Unlike push (Hero), the old screen does not lag behind:
-- it moves all the way.
--
-- Dismissal is IBAnimatable's reverse, a slide the other way; the user can
-- drag it (IBAnimatable pairs slide with a pan in the same direction). Full
-- screen, so UIKit hands over both views. The curve is given to
-- UIView.animate as its timingFunction, so this file and Hero's share one
-- way of driving it: Hero's runner, _hero.lua beside this file.
--
-- IBAnimatable's AnimatableNavigationController runs the same animator for
-- push and pop, and so does this entry (navigation = true); the pop is
-- driven by UIKit's edge swipe from the left, with UIKit's default rule
-- (past half way, or flicked faster than 1000 points a second).

local hero = require("hero")

-- UIView.animate's default curve, easeInEaseOut (0.42, 0, 0.58, 1); the
-- Reduce Motion fade uses it too.
local curve = CAMediaTimingFunction.easeInEaseOut

-- IBAnimatable's travel is Hero's shift by a whole screen: the new screen in
-- from the side `direction` points away from, the old one out that way.
local function slide(direction)
  local gone = params.fade and 0 or 1
  return hero.motion(true, curve, hero.rest(), hero.look(hero.shift(direction, false, 1), 1, gone, 0, 0),
                     hero.look(hero.shift(direction, true, 1), 1, gone, 0, 0), hero.rest())
end

local function animateTransition(ctx)
  -- IBAnimatable reverses slide(to: d) as slide(to: opposite of d).
  local direction = ctx.isPresenting and params.direction or hero.opposite(params.direction)
  hero.run(ctx, ctx.isPresenting, slide(direction), curve)
end

-- IBAnimatable's PanInteractiveAnimator: the progress is the finger's travel
-- along its way over the container's side, and letting go finishes past half
-- or when faster than 1000 points a second that way (a fast flick back past
-- half still finishes; there is no cancelling flick).

return {
  title = "Slide",
  summary = "Both screens travel the full width together, the new one in and the old one out (IBAnimatable's slide).",
  tags = {"slide", "navigation", "interactive", "ibanimatable"},
  author = "Segue",
  source = "IBAnimatable SlideAnimator (0.75 s defaultTransitionDuration, easeInOut, full travel, optional fade)",
  parameters = {
    direction = {type = "string", default = "left", choices = {"left", "right", "up", "down"},
                 description = "The way both screens travel (IBAnimatable's left, right, top, bottom)."},
    fade = {type = "boolean", default = false, description = "Also fade the old screen out and the new one in."},
    duration = {type = "number", default = 0.75, min = 0.05, max = 5.0, description = "Seconds for the slide, each way."},
  },
  presentationStyle = "fullScreen",
  navigation = true,
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- IBAnimatable's slide(to: d) pans from d (.pan(from: direction.matchingGesture)):
    -- the finger drags the screens back, against `direction`; `direction`
    -- below names the default's way, the functions follow the parameter.
    dismissal = {
      gesture = "pan", direction = "right",
      progress = function(g, size)
        local way = hero.opposite(params.direction)
        return hero.along(g.translation, way) / hero.side(size, way)
      end,
      shouldFinish = function(g, percent) return percent > 0.5 or hero.along(g.velocity, hero.opposite(params.direction)) > 1000 end,
    },
    pop = {gesture = "screenEdgePan", edge = "left"},
  },
}

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
local look, with, shift = hero.look, hero.with, hero.shift

-- Each motion says which screen is in front, the curve, and where each
-- screen starts and ends.
local function zoomSlide(direction)
  return {front = "to", curve = hero.curves.standard,
          to = {look(with(shift(direction, true, 1), {scale = 0.8})), look{}},
          from = {look{}, look(with(shift(direction, false, 1), {scale = 0.8}))}}
end

local function presentation() return zoomSlide(params.direction) end
local function dismissal() return zoomSlide(hero.opposite[params.direction]) end

local animateTransition = hero.animateTransition{presentation = presentation, dismissal = dismissal}

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
    dismissal = hero.panDismissal("right"),
  },
}

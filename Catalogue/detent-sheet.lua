-- Detent sheet: UIKit's own sheet since iOS 15 (UISheetPresentationController).
-- A page sheet that rests at the medium detent, half the screen, with the
-- grabber showing, over a dimmed presenter (UIKit's default:
-- largestUndimmedDetentIdentifier nil); the user drags it up to the large
-- detent (the presenter is then pushed back behind it), past the top it rubber-bands, and
-- down below medium it goes away. Everything but the way it comes and goes
-- is UIKit's: `sheet` configures the sheetPresentationController (a function,
-- to read params), and Segue lays it out, dims, pushes back and drags it as
-- UIKit does.
--
-- The animator is ours only so that Reduce Motion gets a cross-fade; its
-- slide is the sheet's critically damped spring (Apple publishes no
-- duration: 0.5 s is an estimate, as are UIKit's figures Segue uses for the
-- sheet itself; see docs/authoring.md).

-- Rises on a critically damped spring; Reduce Motion: it fades in its place (_presentr.lua).
local presentr = require("presentr")

return {
  title = "Detent sheet",
  summary = "UIKit's sheet with detents: rests at half height with a grabber, drags up to full height and down away.",
  tags = {"sheet", "detents", "dimming", "interactive", "uikit"},
  author = "Segue",
  source = "UIKit UISheetPresentationController (iOS 15): medium and large detents, grabber, largestUndimmedDetentIdentifier; custom detent (iOS 16)",
  parameters = {
    startsAt = {type = "string", default = "medium", choices = {"medium", "large"},
                description = "The detent the sheet first rests at."},
    undimmedAtMedium = {type = "boolean", default = false,
                        description = "Leave the presenter undimmed (and usable) at the medium detent, as Maps does (UIKit's default, largestUndimmedDetentIdentifier nil, dims at every detent)."},
    grabber = {type = "boolean", default = true, description = "Show the grabber at the top of the sheet."},
    peek = {type = "number", default = 0, min = 0, max = 300,
            description = "Points of a custom detent below medium (0: none)."},
    cornerRadius = {type = "number", default = 10, min = 0, max = 40, description = "The sheet's top corner radius."},
    duration = {type = "number", default = 0.5, min = 0.05, max = 5.0, description = "Seconds to rise or fall."},
  },
  presentationStyle = "pageSheet",
  sheet = function()
    return {
      -- A custom detent (iOS 16) below medium when peek is set: a fixed height.
      detents = params.peek > 0 and {{identifier = "peek", height = params.peek}, "medium", "large"} or {"medium", "large"},
      selectedDetentIdentifier = params.startsAt,
      largestUndimmedDetentIdentifier = params.undimmedAtMedium and "medium" or nil,
      prefersGrabberVisible = params.grabber,
      preferredCornerRadius = params.cornerRadius,
    }
  end,
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = function(ctx) presentr.animate(ctx, ctx.isPresenting, "coverVertical", true) end,
  },
  -- No interaction of its own: UIKit's sheet is dragged between its detents,
  -- and down below the smallest away, by its own pan (drag-presented).
}

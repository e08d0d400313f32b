-- Presentr's blurBackground, for the entries that offer it (alert, popup):
-- it blurs what is behind instead of dimming it. The chrome view gets no
-- colour and, under everything in it, a UIVisualEffectView with no effect,
-- whose effect is set alongside the transition, so the blur comes in
-- progressively; on dismissal the chrome view fades out with the blur in
-- it, as Presentr does (_dimming.lua's fadeOut). Entries declare
-- `blurBackground` and `blurStyle` (its choices: `blur.styles`), and in
-- their presentation controller make the chrome view (`blur.chrome`) where
-- they would dim, and the blur view in it (`blur.fadeIn`).

local blur = {}

-- UIKit's UIBlurEffect styles, any of which Presentr's blurStyle takes.
blur.styles = {"dark", "light", "extraLight", "regular", "prominent",
  "systemUltraThinMaterial", "systemThinMaterial", "systemMaterial", "systemThickMaterial", "systemChromeMaterial",
  "systemUltraThinMaterialLight", "systemThinMaterialLight", "systemMaterialLight", "systemThickMaterialLight",
  "systemChromeMaterialLight", "systemUltraThinMaterialDark", "systemThinMaterialDark", "systemMaterialDark",
  "systemThickMaterialDark", "systemChromeMaterialDark"}

-- The chrome view: no colour, under everything in the container; what the
-- presentation controller keeps as its dimming view.
function blur.chrome(controller)
  local chrome = UIView.new{name = "dimming", frame = controller.containerView.bounds}
  controller.containerView:insertSubview(chrome, 0)
  return chrome
end

-- The blur view, under everything in the chrome view, its effect set
-- alongside the presentation: the controller keeps it too, to lay it out
-- (Presentr gives it flexible width and height).
function blur.fadeIn(controller, chrome)
  local effectView = UIVisualEffectView.new{name = "blur", frame = chrome.bounds}
  chrome:insertSubview(effectView, 0)
  controller.transitionCoordinator:animateAlongsideTransition(function()
    effectView.effect = UIBlurEffect(params.blurStyle)
  end)
  return effectView
end

return blur

-- Presentr's blurBackground, for the entries that offer it (alert, popup):
-- it blurs what is behind instead of dimming it. The chrome view gets no
-- colour and, under everything in it, a UIVisualEffectView with no effect,
-- whose effect is set alongside the transition, so the blur comes in
-- progressively; on dismissal the chrome view fades out with the blur in
-- it, as Presentr does (_dimming.lua's fadeOut). Entries declare
-- `blurBackground` and `blurStyle` (its choices UIBlurEffect's styles),
-- and in their presentation controller make the chrome view
-- (`blur.chrome`) where they would dim, then the blur view in it
-- (`blur.fadeIn`), which they keep to lay it out (Presentr gives it
-- flexible width and height).

local blur = {}

-- The chrome view: no colour, under everything in the container; what the
-- presentation controller keeps as its dimming view.
---@param controller UIPresentationController
---@return UIView
function blur.chrome(controller)
  local container = controller.containerView
  local chrome = UIView.new{name = "dimming", frame = container.bounds}
  container:insertSubview(chrome, 0)
  return chrome
end

-- The blur view, under everything in the chrome view, `effect` set on it
-- alongside the presentation.
---@param controller UIPresentationController
---@param chrome UIView
---@param effect UIBlurEffect
---@return UIVisualEffectView
function blur.fadeIn(controller, chrome, effect)
  local effectView = UIVisualEffectView.new{name = "blur", frame = chrome.bounds}
  chrome:insertSubview(effectView, 0)
  controller.transitionCoordinator:animateAlongsideTransition(function() effectView.effect = effect end)
  return effectView
end

return blur

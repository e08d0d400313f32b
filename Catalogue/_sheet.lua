-- The animator of a sheet that rises from the bottom edge to its frame and
-- drops back, UIKit's own slide, lasting params.duration; with Reduce
-- Motion it fades in and out where it rests instead. Linear while a finger
-- drives it (the drag itself is the curve); otherwise ease-in-out, or with
-- `spring` a critically damped spring. Entries call it from their
-- animator:
--
--     local sheet = require("sheet")
--     animator = {animateTransition = function(ctx) sheet.animate(ctx, ctx.isPresenting, true) end, …}
--
-- Used by page-sheet and detent-sheet.

local sheet = {}

-- Where the sheet is at the end: shown, or hidden (and faded, with Reduce Motion).
local function place(view, presenting, shown, hidden, hiddenAlpha)
  view.frame = presenting and shown or hidden
  view.alpha = presenting and 1 or hiddenAlpha
end

-- The transition's end: a cancelled one puts the model back (only the screen
-- rolled back), a finished dismissal takes the sheet away, and UIKit is told.
local function settle(ctx, view, presenting, shown, hidden, hiddenAlpha)
  local cancelled = ctx:transitionWasCancelled()
  if cancelled then
    view.frame = presenting and hidden or shown
    view.alpha = presenting and hiddenAlpha or 1
  elseif not presenting then
    view:removeFromSuperview()
  end
  ctx:completeTransition(not cancelled)
end

-- The sheet comes in (`presenting`) or goes; `spring`: a critically damped
-- spring when no finger drives it and Reduce Motion is off.
---@param ctx TransitionContext
---@param presenting boolean
---@param spring boolean
function sheet.animate(ctx, presenting, spring)
  local container = ctx.containerView
  local view = ctx:viewForKey(presenting and "to" or "from")
  -- Where it rests: its final frame coming in, where it is going out.
  local shown = view.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  local calm = UIAccessibility.isReduceMotionEnabled
  local hidden = calm and shown or shown:offsetBy(0, container.bounds.height - shown.minY)
  local hiddenAlpha = calm and 0 or 1
  if presenting then
    view.frame = hidden
    view.alpha = hiddenAlpha
    container:addSubview(view)
  end
  if spring and not calm and not ctx.isInteractive then
    UIView.animate{duration = params.duration, usingSpringWithDamping = 1, initialSpringVelocity = 0,
                   animations = function() place(view, presenting, shown, hidden, hiddenAlpha) end,
                   completion = function(finished) settle(ctx, view, presenting, shown, hidden, hiddenAlpha) end}
  else
    UIView.animate{duration = params.duration, options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
                   animations = function() place(view, presenting, shown, hidden, hiddenAlpha) end,
                   completion = function(finished) settle(ctx, view, presenting, shown, hidden, hiddenAlpha) end}
  end
end

return sheet

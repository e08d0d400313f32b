-- Presentr's way of presenting, shared by the entries that port its
-- presentation types (alert, popup, half-screen) and by UIKit's form sheet,
-- popover and sheet looks (page-sheet and detent-sheet rise the same way,
-- detent-sheet on UIKit's critically damped spring): a box placed by the
-- entry, over the dimming view of _dimming.lua, with rounded corners,
-- coming in by one of Presentr's transitions. Entries load it with
-- `local presentr = require("presentr")` beside `require("dimming")`, and
-- declare the `cornerRadius` and `duration` parameters it reads; their
-- presentation controller rounds the presented view's corners
-- (`presentr.roundCorners(self)`) as the dimming comes in, and their animator is
-- `presentr.animate`. _presentr-blur.lua has Presentr's
-- blurBackground.
--
-- Presentr hands UIKit's own transitions (coverVertical, crossDissolve) to
-- UIKit and runs its coverVerticalFromTop itself; all three are here, with
-- UIView.animate's default curve. Reduce Motion cross-dissolves whatever
-- the entry asks for. Presentr also dismisses on a tap on the dimming view
-- (dismissOnTap): its entries add that recognizer themselves.

local presentr = {}

-- Where the presented view waits, off screen or faded, for each way in:
-- UIKit's coverVertical starts just below the bottom edge; Presentr's
-- CoverVerticalFromTopAnimation just above the top edge; a cross dissolve
-- does not move at all (it fades: see hiddenAlpha), nor does anything with
-- Reduce Motion (`calm`).
local function away(shown, bounds, transition, calm)
  if calm or transition == "crossDissolve" then return shown end
  if transition == "coverVerticalFromTop" then return shown:offsetBy(0, -shown.maxY) end
  return shown:offsetBy(0, bounds.height - shown.minY)
end

-- Presentr's rounded corners (its roundCorners and cornerRadius): the presented view's, clipping what is inside.
---@param controller UIPresentationController
function presentr.roundCorners(controller)
  local view = controller.presentedView
  view.layer.cornerRadius = params.cornerRadius
  view.layer.masksToBounds = params.cornerRadius > 0
end

-- Where the presented view is at the end: shown, or hidden (and faded,
-- for a cross dissolve or with Reduce Motion).
local function place(view, presenting, shown, hidden, hiddenAlpha)
  view.frame = presenting and shown or hidden
  view.alpha = presenting and 1 or hiddenAlpha
end

-- The transition's end: a cancelled one puts the model back (only the
-- screen rolled back), a finished dismissal takes the view away, and
-- UIKit is told.
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

-- The animator's animateTransition: `transition` names the way in (and
-- back out): "coverVertical", "crossDissolve" or "coverVerticalFromTop",
-- on UIView.animate's default curve, linear while a finger drives it (the
-- drag itself is the curve); `spring`: a critically damped spring instead,
-- when no finger drives it and Reduce Motion is off (UIKit's own sheet).
---@param ctx TransitionContext
---@param presenting boolean
---@param transition string
---@param spring boolean
function presentr.animate(ctx, presenting, transition, spring)
  local container = ctx.containerView
  local view = ctx:viewForKey(presenting and "to" or "from")
  -- Where it rests: its final frame coming in, where it is going out.
  local shown = view.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  -- Reduce Motion: no slide, the same fade a cross dissolve does.
  local calm = UIAccessibility.isReduceMotionEnabled
  local hidden = away(shown, container.bounds, transition, calm)
  local hiddenAlpha = (calm or transition == "crossDissolve") and 0 or 1
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

return presentr

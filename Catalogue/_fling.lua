-- What a sheet thrown by the finger needs (fling-sheet, scroll-sheet): where a
-- fling would carry it, and the sheet shown where the finger has it, with the
-- transition told how far that is.
local fling = {}

--- How much further a finger let go at `velocity` points a second would carry a decelerating scroll view: UIScrollView's
--- normal rate (0.998 of its speed kept each millisecond), run to rest.
---@param velocity number
---@return number
function fling.projection(velocity)
  local rate = 0.998
  return velocity / 1000 * rate / (1 - rate)
end

--- The sheet `y` points down from its rest (up when negative), and UIKit told how far it is: with Reduce Motion on it
--- stays in place and fades by as much instead of sliding.
---@param view UIView
---@param ctx TransitionContext
---@param height number
---@param y number
function fling.show(view, ctx, height, y)
  local percent = math.min(math.max(y, 0) / height, 1)
  if UIAccessibility.isReduceMotionEnabled then
    view.alpha = 1 - percent
  else
    view.transform = CGAffineTransformMakeTranslation(0, y)
  end
  ctx:updateInteractiveTransition(percent)
end

return fling

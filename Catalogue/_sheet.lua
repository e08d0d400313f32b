-- The animator of a sheet that rises from the bottom edge to its frame and
-- drops back, UIKit's own slide, lasting params.duration; with Reduce
-- Motion it fades in and out where it rests instead. Linear while a finger
-- drives it (the drag itself is the curve); otherwise ease-in-out, or with
-- `spring` a critically damped spring. The module is the function that
-- makes one:
--
--     local sheet = require("sheet")
--     animator = {animateTransition = sheet{spring = true}, …}
--
-- Used by page-sheet and detent-sheet.
return function(options)
  local spring = options and options.spring
  return function(ctx)
    local presenting = ctx.isPresenting
    local container = ctx.containerView
    local view = ctx:viewForKey(presenting and "to" or "from")
    local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
    local calm = UIAccessibility.isReduceMotionEnabled
    local hidden = calm and shown or shown:offsetBy(0, container.bounds.height - shown.minY)
    local hiddenAlpha = calm and 0 or 1
    if presenting then
      view.frame = hidden
      view.alpha = hiddenAlpha
      container:addSubview(view)
    end
    local function move()
      view.frame = presenting and shown or hidden
      view.alpha = presenting and 1 or hiddenAlpha
    end
    local function finish()
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then
        view.frame = presenting and hidden or shown
        view.alpha = presenting and hiddenAlpha or 1
      elseif not presenting then
        view:removeFromSuperview()
      end
      ctx:completeTransition(not cancelled)
    end
    if spring and not calm and not ctx.isInteractive then
      UIView.animate{duration = params.duration, usingSpringWithDamping = 1, initialSpringVelocity = 0,
                     animations = move, completion = finish}
    else
      UIView.animate{duration = params.duration, options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
                     animations = move, completion = finish}
    end
  end
end

-- Bubble: BubbleTransition (andreamazz/BubbleTransition). A circle of the
-- new screen's colour grows from the tapped control until it covers the
-- screen, while the new screen itself grows from that point too, from a
-- speck to its full size, and fades in; dismissing, both shrink back into
-- the point and the screen fades out. BubbleTransition's defaults: 0.5 s
-- each way on UIView.animate's default curve, the bubble's colour the
-- presented screen's background ("make sure that it matches", its README
-- says), scale 0.001 at the point.
--
-- The bubble is a circle whose diameter is twice the distance from the
-- point to the screen's farthest corner (BubbleTransition's frameForBubble),
-- so it covers the screen from wherever it starts. BubbleTransition hides
-- it once the screen is in and shows it again to shrink on the way out;
-- here the dismissal makes the same circle afresh, which looks the same.
--
-- The point is the tapped button's centre, as BubbleTransition takes it:
-- the inbox's compose button (sourceView = "composeButton" below, so
-- ctx.sourceView is that button; `--source-row N` makes it a row instead),
-- or the screen's centre without one. With Reduce Motion on nothing
-- grows: the new screen fades in place.

-- BubbleTransition's frameForBubble: a square whose side is twice the
-- distance from `start` to the farthest corner of a screen of `size`.
local function bubbleSide(start, size)
  local lengthX = math.max(start.x, size.width - start.x)
  local lengthY = math.max(start.y, size.height - start.y)
  return math.sqrt(lengthX * lengthX + lengthY * lengthY) * 2
end

-- Where the bubble starts: the tapped control's centre in the container, or the container's centre.
local function startingPoint(ctx)
  local container = ctx.containerView
  local tapped = ctx.sourceView
  if tapped then
    local frame = tapped:convert(tapped.bounds, container)
    return CGPoint(frame.midX, frame.midY)
  end
  return CGPoint(container.bounds.midX, container.bounds.midY)
end

local function animateTransition(ctx)
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local screen = ctx:viewForKey(presenting and "to" or "from")
  -- Where the screen rests: its final frame coming in, where it is going out.
  local shown = screen.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  local speck = CGAffineTransformMakeScale(0.001, 0.001)

  if UIAccessibility.isReduceMotionEnabled then
    if presenting then
      screen.frame = shown
      screen.alpha = 0
      container:addSubview(screen)
    end
    UIView.animate{duration = params.duration, animations = function() screen.alpha = presenting and 1 or 0 end,
      completion = function(finished)
        local cancelled = ctx:transitionWasCancelled()
        if cancelled then screen.alpha = presenting and 0 or 1 end
        if not presenting and not cancelled then screen:removeFromSuperview() end
        ctx:completeTransition(not cancelled)
      end}
    return
  end

  local start = startingPoint(ctx)
  local side = bubbleSide(start, shown.size)
  local bubble = UIView.new{name = "bubble", frame = CGRect(0, 0, side, side)}
  -- The screen's colour, or none (a clear bubble) for a screen that has none.
  bubble.backgroundColor = screen.backgroundColor
  bubble.layer.cornerRadius = side / 2
  bubble.center = start
  local centre = CGPoint(shown.midX, shown.midY)
  if presenting then
    bubble.transform = speck
    container:addSubview(bubble)
    screen.frame = shown
    screen.center = start
    screen.transform = speck
    screen.alpha = 0
    container:addSubview(screen)
  else
    container:insertSubview(bubble, {belowSubview = screen})
  end

  UIView.animate{duration = params.duration,
    animations = function()
      bubble.transform = presenting and CGAffineTransformIdentity or speck
      screen.transform = presenting and CGAffineTransformIdentity or speck
      screen.alpha = presenting and 1 or 0
      screen.center = presenting and centre or start
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      bubble:removeFromSuperview()
      if not presenting and not cancelled then screen:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end}
end

return {
  title = "Bubble",
  summary = "A circle of the new screen's colour grows from the tapped compose button to cover the screen, the screen growing with it (BubbleTransition).",
  tags = {"bubble", "circle", "reveal", "zoom", "source"},
  author = "Segue",
  source = "BubbleTransition (andreamazz): duration 0.5, scale 0.001 at the starting point, bubble twice the distance to the farthest corner, "
    .. "the bubble coloured as the presented screen",
  parameters = {
    duration = {type = "number", default = 0.5, min = 0.05, max = 5.0, description = "Seconds each way (BubbleTransition's duration)."},
  },
  presentationStyle = "custom",
  -- The user taps the toolbar's compose button (BubbleTransition's demo grows from its button).
  sourceView = "composeButton",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

-- Container transform: Material Design's container transform pattern (a
-- list row or card that becomes the detail screen), with the figures of
-- Material Components for Android's MaterialContainerTransform. A rounded
-- container grows from the row's rectangle to the whole screen over the
-- whole time; the new screen, scaled to the container's width, fades in
-- over what the row showed during the first quarter (fade mode "in",
-- thresholds 0-0.25); the corners square off by three quarters (shape mask
-- 0-0.75); a black scrim at 0x52 (32 %) darkens the list behind. 300 ms.
-- Dismissal is Material's return: the screen shrinks back into the row,
-- fading out between 60 % and 90 % of the way while its corners round
-- between 30 % and 90 %.
-- Material's curve, fast-out-slow-in, cubic-bezier(0.4, 0, 0.2, 1), eases
-- the transition's progress and the thresholds split that eased progress,
-- so it is the timingFunction of the keyframe block, which warps every
-- keyframe's time the same way.
-- Segue has no source-view API yet: the row's rectangle comes from the
-- parameters (in points, in the presenter's screen).
-- A custom presentation: the presenter stays in the window; the animator
-- borrows its snapshot for the row's content.

local scrimAlpha = 0x52 / 255 -- MaterialContainerTransform's default scrim colour
local fastOutSlowIn = CAMediaTimingFunction(0.4, 0, 0.2, 1)

-- The row's rectangle, kept inside the container.
local function sourceRect(bounds)
  local r = CGRect(params.sourceX, params.sourceY, params.sourceWidth, params.sourceHeight)
  local inside = r:intersection(bounds)
  if inside.isEmpty then return CGRect(bounds.midX - 1, bounds.midY - 1, 2, 2) end
  return inside
end

-- The full-size screen drawn at `width`, pinned at the container's top left.
local function fitted(frame, width)
  local s = width / frame.width
  local t = CATransform3DTranslate(CATransform3DIdentity, -frame.width * (1 - s) / 2, -frame.height * (1 - s) / 2, 0)
  return CATransform3DScale(t, s, s, 1)
end

-- Reduce Motion: the screen fades in and out in place, nothing grows.
local function fadeInPlace(ctx)
  local presenting = ctx.isPresenting
  local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
  if presenting then
    view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function() view.alpha = presenting and 1 or 0 end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      view.alpha = (presenting == cancelled) and 0 or 1
      if not presenting and not cancelled then view:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return fadeInPlace(ctx) end
  local container = ctx.containerView
  local presenting = ctx.isPresenting
  local detail = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
  local frame = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or detail.frame
  local source = sourceRect(container.bounds)
  local presenter = ctx:viewControllerForKey(presenting and "from" or "to").view

  local scrim = UIView.new{name = "container transform scrim", frame = container.bounds,
                           backgroundColor = UIColor.black:withAlphaComponent(scrimAlpha)}
  scrim.alpha = presenting and 0 or 1
  container:addSubview(scrim)

  -- The container: clips and rounds what it holds. It holds the row as the
  -- presenter showed it, and over it the detail screen.
  local card = UIView.new{name = "container", frame = presenting and source or frame}
  card.clipsToBounds = true
  card.layer.cornerRadius = presenting and params.cornerRadius or 0
  container:addSubview(card)
  local row = presenter:snapshotView(false)
  row.frame = CGRect(-source.minX, -source.minY, container.bounds.width, container.bounds.height)
  card:addSubview(row)
  detail.frame = CGRect(0, 0, frame.width, frame.height)
  card:addSubview(detail)
  detail.layer.transform = fitted(frame, presenting and source.width or frame.width)
  detail.alpha = presenting and 0 or 1

  UIView.animateKeyframes{
    duration = params.duration,
    timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or fastOutSlowIn,
    animations = function()
      UIView.addKeyframe(0.0, 1.0, function()
        card.frame = presenting and frame or source
        detail.layer.transform = fitted(frame, presenting and frame.width or source.width)
        scrim.alpha = presenting and 1 or 0
        row.frame = presenting and CGRect(-frame.minX, -frame.minY, container.bounds.width, container.bounds.height)
                                or CGRect(-source.minX, -source.minY, container.bounds.width, container.bounds.height)
      end)
      -- Enter: fade 0-0.25, shape 0-0.75. Return: fade 0.6-0.9, shape 0.3-0.9.
      if presenting then
        UIView.addKeyframe(0.0, 0.25, function() detail.alpha = 1 end)
        UIView.addKeyframe(0.0, 0.75, function() card.layer.cornerRadius = 0 end)
      else
        UIView.addKeyframe(0.6, 0.3, function() detail.alpha = 0 end)
        UIView.addKeyframe(0.3, 0.6, function() card.layer.cornerRadius = params.cornerRadius end)
      end
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      detail.layer.transform = CATransform3DIdentity
      detail.alpha = 1
      -- The detail screen goes back to the container (or away) at its own frame.
      local shown = presenting ~= cancelled
      if shown then
        container:addSubview(detail)
        detail.frame = frame
      else
        detail:removeFromSuperview()
      end
      card:removeFromSuperview()
      scrim:removeFromSuperview()
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Container transform",
  summary = "A list row's container grows into the detail screen, whose content fades in over the row's.",
  tags = {"material", "zoom", "opacity", "dimming"},
  author = "Segue",
  source = "Material Design motion system, container transform: MDC-Android MaterialContainerTransform (300 ms, fade in 0-25 %, corners 0-75 %, return fade 60-90 %, scrim 0x52000000)",
  parameters = {
    sourceX = {type = "number", default = 16, min = 0, max = 2000, description = "The row's left edge, in points (no source-view API yet)."},
    sourceY = {type = "number", default = 200, min = 0, max = 3000, description = "The row's top edge, in points."},
    sourceWidth = {type = "number", default = 358, min = 2, max = 2000, description = "The row's width, in points."},
    sourceHeight = {type = "number", default = 80, min = 2, max = 3000, description = "The row's height, in points."},
    cornerRadius = {type = "number", default = 12, min = 0, max = 40, description = "The row's corner radius, squared off as it grows."},
    duration = {type = "number", default = 0.3, min = 0.05, max = 3.0, description = "Seconds for the transform (Material: 300 ms)."},
  },
  presentationStyle = "custom",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

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
-- The row is the context's source view (the tapped row of the list): its
-- rectangle converted into the container is where the container starts
-- and ends, a snapshot of it is what the container shows at first, and the
-- row itself is hidden while the container stands in for it, as
-- MaterialContainerTransform hides its start view. With no source view (a
-- script took the row away) the screen fades in place.
-- A custom presentation: the presenter stays in the window.

local scrimAlpha = 0x52 / 255 -- MaterialContainerTransform's default scrim colour
local fastOutSlowIn = CAMediaTimingFunction(0.4, 0, 0.2, 1)

-- A view `frame.width` wide drawn at `width`, pinned at the container's top left.
local function fitted(frame, width)
  local s = width / frame.width
  local t = CATransform3DTranslate(CATransform3DIdentity, -frame.width * (1 - s) / 2, -frame.height * (1 - s) / 2, 0)
  return CATransform3DScale(t, s, s, 1)
end

-- Reduce Motion: the screen fades in and out in place, nothing grows.
local function fadeInPlace(ctx)
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
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
  local container = ctx.containerView
  local row = ctx.sourceView
  if UIAccessibility.isReduceMotionEnabled or not row then return fadeInPlace(ctx) end
  -- The row's rectangle in the container, kept inside it: with none of it
  -- showing there is nothing to grow from.
  local source = row:convert(row.bounds, container):intersection(container.bounds)
  if source.isEmpty then return fadeInPlace(ctx) end
  local presenting = ctx.isPresenting
  local detail = ctx:viewForKey(presenting and "to" or "from")
  -- Where the detail screen rests: its final frame coming in, where it is going out.
  local frame = detail.frame
  if presenting then frame = ctx:finalFrame(ctx:viewControllerForKey("to")) end

  local scrim = UIView.new{name = "container transform scrim", frame = container.bounds,
                           backgroundColor = UIColor.black:withAlphaComponent(scrimAlpha)}
  scrim.alpha = presenting and 0 or 1
  container:addSubview(scrim)

  -- The container: clips and rounds what it holds. It holds the row as it
  -- was, fitted to the container's width, and over it the detail screen;
  -- under both, the row's background (the list's white), which Material
  -- calls the container colour.
  local card = UIView.new{name = "container", frame = presenting and source or frame, backgroundColor = UIColor.white}
  card.clipsToBounds = true
  card.layer.cornerRadius = presenting and params.cornerRadius or 0
  container:addSubview(card)
  local start = row:snapshotView(false)
  start.frame = CGRect(0, 0, source.width, source.height)
  start.layer.transform = fitted(source, presenting and source.width or frame.width)
  card:addSubview(start)
  row.isHidden = true
  -- The detail screen rides in a holder of its own size: a view
  -- controller's view resizes with its superview (flexible width and
  -- height), and the container's size changes all the way, which would lay
  -- its content out anew on every frame and again at the end. Material
  -- scales one layout of the screen throughout.
  local holder = UIView.new{name = "container transform content", frame = CGRect(0, 0, frame.width, frame.height)}
  card:addSubview(holder)
  holder.layer.transform = fitted(frame, presenting and source.width or frame.width)
  detail.layer.transform = CATransform3DIdentity
  holder:addSubview(detail)
  detail.frame = CGRect(0, 0, frame.width, frame.height)
  detail.alpha = presenting and 0 or 1

  UIView.animateKeyframes{
    duration = params.duration,
    timingFunction = ctx.isInteractive and CAMediaTimingFunction.linear or fastOutSlowIn,
    animations = function()
      UIView.addKeyframe(0.0, 1.0, function()
        card.frame = presenting and frame or source
        holder.layer.transform = fitted(frame, presenting and frame.width or source.width)
        scrim.alpha = presenting and 1 or 0
        start.layer.transform = fitted(source, presenting and frame.width or source.width)
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
      row.isHidden = false
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
    cornerRadius = {type = "number", default = 12, min = 0, max = 40, description = "The row's corner radius, squared off as it grows."},
    duration = {type = "number", default = 0.3, min = 0.05, max = 3.0, description = "Seconds for the transform (Material: 300 ms)."},
  },
  presentationStyle = "custom",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

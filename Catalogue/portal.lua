-- Portal: VCTransitionsLibrary's CEPortalAnimationController (Frédéric Adda,
-- ZEN BabyBook), also IBAnimatable's PortalAnimator. Presenting, the old
-- screen splits down the middle into two doors that slide apart, each by
-- its own width, while the new screen grows from 0.8 scale behind them to
-- full size. Dismissing, the presenter's two doors slide back in from the
-- sides and close over the presented screen as it shrinks back to 0.8.
-- One ease-out curve for everything, as the source. Pinch in to dismiss,
-- as IBAnimatable pairs portal with a closing pinch.
-- The source cuts the doors with resizableSnapshotView(from:); here each
-- door is a clipping view holding a whole snapshot, offset so only its half
-- shows. Full screen: UIKit hands the animator both screens.

-- A door cut from `view`: a clipping view over the half of `frame` that
-- starts `x` points in (0 for the left door, half the width for the right).
local function door(view, frame, afterUpdates, x, name)
  local half = frame.width / 2
  local clip = UIView.new{name = name, frame = CGRect(frame.minX + x, frame.minY, half, frame.height)}
  clip.clipsToBounds = true
  local picture = view:snapshotView(afterUpdates)
  picture.frame = CGRect(-x, 0, frame.width, frame.height)
  clip:addSubview(picture)
  return clip
end

-- Reduce Motion: the new screen fades in over the old one, no doors, no zoom
-- (what UIKit's own transitions do with the setting on): _cross-fade.lua.
local crossFade = require("cross-fade")

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  local presenting = ctx.isPresenting
  local zoomed = CATransform3DScale(CATransform3DIdentity, params.zoomScale, params.zoomScale, 1)
  local half = frame.width / 2

  -- The doors are always the presenter's screen; the presented one is behind.
  local behind = ctx:viewForKey(presenting and "to" or "from")
  local left, right
  to.frame = frame
  if presenting then
    container:insertSubview(to, 0)
    to.layer.transform = zoomed
    left = door(from, frame, false, 0, "left door")
    right = door(from, frame, false, half, "right door")
    from.isHidden = true -- the doors stand in for it
  else
    left = door(to, frame, true, 0, "left door")
    right = door(to, frame, true, half, "right door")
    left.frame = left.frame:offsetBy(-half, 0)
    right.frame = right.frame:offsetBy(half, 0)
  end
  container:addSubview(left)
  container:addSubview(right)
  local leftOpen, rightOpen = frame:offsetBy(-half, 0), frame:offsetBy(half, 0)
  leftOpen = CGRect(leftOpen.minX, leftOpen.minY, half, leftOpen.height)
  rightOpen = CGRect(rightOpen.minX + half, rightOpen.minY, half, rightOpen.height)
  local leftShut, rightShut = CGRect(frame.minX, frame.minY, half, frame.height),
                              CGRect(frame.minX + half, frame.minY, half, frame.height)

  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseOut"},
    animations = function()
      left.frame = presenting and leftOpen or leftShut
      right.frame = presenting and rightOpen or rightShut
      behind.layer.transform = presenting and CATransform3DIdentity or zoomed
    end,
    completion = function(finished)
      left:removeFromSuperview()
      right:removeFromSuperview()
      from.isHidden = false
      behind.layer.transform = CATransform3DIdentity
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then to:removeFromSuperview() else from:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Portal",
  summary = "The old screen opens down the middle like two doors while the new one zooms up behind them.",
  tags = {"zoom", "doors", "snapshots", "pinch", "interactive", "vctransitions", "ibanimatable"},
  author = "Segue",
  source = "VCTransitionsLibrary CEPortalAnimationController / IBAnimatable PortalAnimator (1.0 s ease-out, zoom from 0.8)",
  parameters = {
    zoomScale = {type = "number", default = 0.8, min = 0.1, max = 1.0,
                 description = "The scale the new screen grows from behind the doors (IBAnimatable's zoomScale)."},
    duration = {type = "number", default = 1.0, min = 0.2, max = 5.0,
                description = "Seconds for the doors (VCTransitionsLibrary 1.0, IBAnimatable 0.75)."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- IBAnimatable's portal(forward) is dismissed by closing two fingers
    -- (.pinch(direction: .close), its PinchInteractiveAnimator): the progress
    -- is 1 - scale / the scale at the start, so the doors shut as the
    -- fingers meet, and letting go finishes past half; speed plays no part.
    dismissal = {
      gesture = "pinch", direction = "in", distance = 1,
      shouldFinish = function(g, percent) return percent > 0.5 end,
    },
  },
}

-- Dissolve in: QRCoder's text input screen (ufo22940268/QRCoder,
-- QRCoder/TextMenuInputTransition.swift, TextMenuInputAnimator; presented
-- from QRCoder/TextMenu.swift). The input screen is presented with the
-- custom style over the QR code being edited, and comes in by a content
-- transition of the whole container: UIView.transition(with: containerView)
-- with .transitionCrossDissolve, 0.5 s (the animator's transitionDuration),
-- the screen added at alpha 0 before the call and set to 1 in its animations
-- block. UIKit does not animate what that block sets: it takes a picture of
-- the container before (the screen transparent: nothing) and after, and
-- dissolves the one into the other, so the screen fades in where it rests.
--
-- The source also moves its text field 40 points down before the call and
-- back to identity inside the block; Segue's presented screen has no text
-- field, and under a content transition that move would not show anyway (the
-- block's changes are pictured, not animated, without .allowAnimatedContent),
-- so this entry leaves it out.
--
-- What Segue cannot draw as UIKit does, and the one deviation it costs:
-- UIKit's content transition dissolves the old picture out AND the new one
-- in (a CATransition fade of the container's layer), so a screen appearing
-- over an empty container fades in over what lies beneath. Segue shows the
-- new content at once and only fades a frozen copy of the old content out
-- above it, so QRCoder's code as written would show the screen at full
-- strength from the first frame. So a snapshot of the presenter is put in
-- the container before the call and removed in the block: the old picture is
-- then the screen beneath, the new one the input screen, and the dissolve
-- between them looks as QRCoder's does on a device (in UIKit the snapshot
-- changes nothing: it is the picture already beneath).
--
-- Dismissal: QRCoder's delegate returns no animator for it, and the screen's
-- modalTransitionStyle is .crossDissolve, so UIKit plays its own cross
-- dissolve out. An entry with its own animator cannot also name a transition
-- style, so that fade is written out here with the figures Segue uses for
-- UIKit's built-in one: alpha 1 to 0 over 0.35 s, easeInOut.
--
-- Nothing moves, so Reduce Motion has nothing to calm: both ways are already
-- the fade Apple suggests instead of motion (as cross-dissolve does).

local function transitionDuration(ctx)
  if ctx.isPresenting then return params.duration end
  return 0.35
end

local function animateTransition(ctx)
  local container = ctx.containerView
  if ctx.isPresenting then
    local input = ctx:viewForKey("to")
    input.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    input.alpha = 0
    container:addSubview(input)
    -- Segue's stand-in for UIKit's fade-in of the new picture (see the header): the container's old content
    -- is a picture of the screen beneath it, so its frozen copy has something to dissolve from.
    local presenter = ctx:viewControllerForKey("from").view
    local beneath = presenter:snapshotView(false)
    beneath.frame = presenter:convert(presenter.bounds, container)
    container:addSubview(beneath)
    -- The container's content changes under a cross-dissolve: the picture without the input screen dissolves
    -- into the picture with it.
    UIView.transition{
      with = container,
      duration = params.duration,
      options = {"transitionCrossDissolve"},
      animations = function()
        beneath:removeFromSuperview()
        input.alpha = 1
      end,
      completion = function(finished)
        local cancelled = ctx:transitionWasCancelled()
        if cancelled then input:removeFromSuperview() end
        ctx:completeTransition(not cancelled)
      end,
    }
  else
    -- UIKit's own crossDissolve dismissal, which QRCoder falls back on.
    local input = ctx:viewForKey("from")
    UIView.animate{
      duration = 0.35,
      options = {"curveEaseInOut"},
      animations = function() input.alpha = 0 end,
      completion = function(finished)
        local cancelled = ctx:transitionWasCancelled()
        if cancelled then
          input.alpha = 1
        else
          input:removeFromSuperview()
        end
        ctx:completeTransition(not cancelled)
      end,
    }
  end
end

return {
  title = "Dissolve in",
  summary = "The new screen dissolves in by a cross-dissolve of the whole container's content (QRCoder's text input).",
  tags = {"fade", "dissolve", "content-transition"},
  author = "Segue",
  source = "QRCoder TextMenuInputAnimator (ufo22940268/QRCoder): UIView.transition(with: containerView) "
    .. ".transitionCrossDissolve, 0.5 s, custom style; dismissal UIKit's crossDissolve (0.35 s here)",
  parameters = {
    duration = {type = "number", default = 0.5, min = 0.05, max = 5.0,
                description = "Seconds of the presenting cross-dissolve (TextMenuInputAnimator's transitionDuration)."},
  },
  presentationStyle = "custom",
  animator = {
    transitionDuration = transitionDuration,
    animateTransition = animateTransition,
  },
}

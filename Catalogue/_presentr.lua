-- Presentr's way of presenting, shared by the entries that port its
-- presentation types (alert, popup, half-screen) and by UIKit's form sheet
-- and popover looks, which are laid out the same way: a box placed by the
-- entry (`boxFrame`), over a black dimming view that fades in alongside,
-- with rounded corners, coming in by one of Presentr's transitions. Entries
-- load it with `local presentr = require("presentr")` and declare the
-- `dimming`, `cornerRadius` and `duration` parameters it reads. It requires
-- _dimming.lua, the presentation controller it shares with the sheets.
--
-- Presentr hands UIKit's own transitions (coverVertical, crossDissolve) to
-- UIKit and runs its coverVerticalFromTop itself; all three are here, with
-- UIView.animate's default curve. Reduce Motion cross-dissolves whatever
-- the entry asks for. Presentr also dismisses on a tap on the dimming view;
-- Segue has no taps.

local presentr = {}

-- Where the presented view waits, off screen or faded, for each way in:
-- UIKit's coverVertical starts just below the bottom edge; Presentr's
-- CoverVerticalFromTopAnimation just above the top edge; a cross dissolve
-- does not move at all.
local function away(shown, bounds, transition)
  if transition == "coverVerticalFromTop" then return shown:offsetBy(0, -shown.maxY), 1 end
  if transition == "crossDissolve" then return shown, 0 end
  return shown:offsetBy(0, bounds.height - shown.minY), 1
end

-- UIKit's UIBlurEffect styles, any of which Presentr's blurStyle takes.
presentr.blurStyles = {"dark", "light", "extraLight", "regular", "prominent",
  "systemUltraThinMaterial", "systemThinMaterial", "systemMaterial", "systemThickMaterial", "systemChromeMaterial",
  "systemUltraThinMaterialLight", "systemThinMaterialLight", "systemMaterialLight", "systemThickMaterialLight",
  "systemChromeMaterialLight", "systemUltraThinMaterialDark", "systemThinMaterialDark", "systemMaterialDark",
  "systemThickMaterialDark", "systemChromeMaterialDark"}

-- Presentr's PresentationController: `boxFrame(bounds)` is where the
-- presented view sits in the container's bounds, over the dimming view
-- (_dimming.lua), its corners rounded `params.cornerRadius`. With
-- `options.blur` the entry declares `blurBackground` and `blurStyle`:
-- Presentr's blurBackground blurs what is behind instead of dimming it. The
-- chrome view gets no colour and, under everything in it, a
-- UIVisualEffectView with no effect, whose effect is set alongside the
-- transition, so the blur comes in progressively; on dismissal the chrome
-- view fades out with the blur in it, as Presentr does.
local dimming = require("dimming")

function presentr.presentationController(boxFrame, options)
  local function dress(self)
    self.presentedView.layer.cornerRadius = params.cornerRadius
    self.presentedView.layer.masksToBounds = params.cornerRadius > 0
  end
  local controller = dimming(boxFrame, dress)
  if not (options and options.blur) then return controller end
  local dims, layout = controller.presentationTransitionWillBegin, controller.containerViewWillLayoutSubviews
  controller.presentationTransitionWillBegin = function(self)
    if not params.blurBackground then return dims(self) end
    self.dimmingView = UIView.new{name = "dimming", frame = self.containerView.bounds}
    self.containerView:insertSubview(self.dimmingView, 0)
    dress(self)
    self.blurView = UIVisualEffectView.new{name = "blur", frame = self.dimmingView.bounds}
    self.dimmingView:insertSubview(self.blurView, 0)
    self.transitionCoordinator:animateAlongsideTransition(function()
      self.blurView.effect = UIBlurEffect(params.blurStyle)
    end)
  end
  controller.containerViewWillLayoutSubviews = function(self)
    layout(self)
    -- Presentr gives the effect view flexible width and height.
    if self.blurView then self.blurView.frame = self.dimmingView.bounds end
  end
  return controller
end

-- The animator's animateTransition: `transition()` names the way in (and
-- back out): "coverVertical", "crossDissolve" or "coverVerticalFromTop".
function presentr.animateTransition(transition)
  return function(ctx)
    local presenting = ctx.isPresenting
    local container = ctx.containerView
    local view = ctx:viewForKey(presenting and "to" or "from")
    local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
    -- Reduce Motion: no slide, the same fade a cross dissolve does.
    local way = UIAccessibility.isReduceMotionEnabled and "crossDissolve" or transition()
    local hidden, hiddenAlpha = away(shown, container.bounds, way)
    if presenting then
      view.frame = hidden
      view.alpha = hiddenAlpha
      container:addSubview(view)
    end
    UIView.animate{
      duration = params.duration,
      -- Linear while a finger drives it: the drag itself is the curve.
      options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
      animations = function()
        view.frame = presenting and shown or hidden
        view.alpha = presenting and 1 or hiddenAlpha
      end,
      completion = function(finished)
        local cancelled = ctx:transitionWasCancelled()
        if cancelled then
          -- Only the screen rolled back; put the model values back too.
          view.frame = presenting and hidden or shown
          view.alpha = presenting and hiddenAlpha or 1
        elseif not presenting then
          view:removeFromSuperview()
        end
        ctx:completeTransition(not cancelled)
      end,
    }
  end
end

return presentr

-- Popup: Presentr's .popup presentation type, its "average/default size
-- popup modal". Presentr's default ModalSize: the container's width less
-- its defaultSideMargin, 30 points, on each side, and 66 % of its height
-- (defaultHeightPercentage 0.66), both rounded down, centred over a black
-- dimming view at Presentr's backgroundOpacity 0.7, with rounded corners
-- (cornerRadius 4). It comes in with Presentr's default transition, UIKit's
-- coverVertical, up from below the bottom edge; `transition` picks UIKit's
-- crossDissolve or Presentr's coverVerticalFromTop instead. Dismissal
-- reverses it. Unlike alert, its size follows the screen: rotate and it is
-- laid out again. No drag: Presentr's dismissOnSwipe is off by default.
--
-- UIKit publishes no duration for its own transitions; this uses 0.35 s,
-- Segue's figure for them (Presentr's own animations default to 0.3 s).
-- Presentr also dismisses on a tap on the dimming view; Segue has no taps.
--
-- Presentr's blurBackground (off by default) blurs what is behind instead
-- of dimming it: the chrome view gets no colour and, under everything in
-- it, a UIVisualEffectView with no effect, whose effect (Presentr's
-- blurStyle, .dark by default) is set alongside the transition, so the
-- blur comes in progressively; on dismissal the chrome view fades out with
-- the blur in it, as Presentr does.

-- UIKit's UIBlurEffect styles, any of which Presentr's blurStyle takes.
local blurStyles = {"dark", "light", "extraLight", "regular", "prominent",
  "systemUltraThinMaterial", "systemThinMaterial", "systemMaterial", "systemThickMaterial", "systemChromeMaterial",
  "systemUltraThinMaterialLight", "systemThinMaterialLight", "systemMaterialLight", "systemThickMaterialLight",
  "systemChromeMaterialLight", "systemUltraThinMaterialDark", "systemThinMaterialDark", "systemMaterialDark",
  "systemThickMaterialDark", "systemChromeMaterialDark"}

-- Presentr's ModalSize.default in both directions, centred.
local function boxFrame(bounds)
  local w = math.floor(bounds.width - params.sideMargin * 2)
  local h = math.floor(bounds.height * params.heightFraction)
  return CGRect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
end

-- Where the presented view waits, off screen or faded, for each way in:
-- UIKit's coverVertical starts just below the bottom edge; Presentr's
-- CoverVerticalFromTopAnimation just above the top edge; a cross dissolve
-- does not move at all.
local function away(shown, bounds, transition)
  if transition == "coverVerticalFromTop" then return shown:offsetBy(0, -shown.maxY), 1 end
  if transition == "crossDissolve" then return shown, 0 end
  return shown:offsetBy(0, bounds.height - shown.minY), 1
end

local presentationController = {
  frameOfPresentedViewInContainerView = function(self)
    return boxFrame(self.containerView.bounds)
  end,

  presentationTransitionWillBegin = function(self)
    self.dimmingView = UIView.new{name = "dimming", frame = self.containerView.bounds}
    self.containerView:insertSubview(self.dimmingView, 0)
    self.presentedView.layer.cornerRadius = params.cornerRadius
    self.presentedView.layer.masksToBounds = params.cornerRadius > 0
    if params.blurBackground then
      -- Presentr's blur: an effect view with no effect fills the (colourless) chrome view, and the
      -- effect comes in alongside the transition, blurring progressively, as UIKit animates it.
      self.blurView = UIVisualEffectView.new{name = "blur", frame = self.dimmingView.bounds}
      self.dimmingView:insertSubview(self.blurView, 0)
      self.transitionCoordinator:animateAlongsideTransition(function()
        self.blurView.effect = UIBlurEffect(params.blurStyle)
      end)
    else
      self.dimmingView.backgroundColor = UIColor.black:withAlphaComponent(params.dimming)
      self.dimmingView.alpha = 0
      self.transitionCoordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 1 end)
    end
  end,

  presentationTransitionDidEnd = function(self, completed)
    if not completed then self.dimmingView:removeFromSuperview() end
  end,

  dismissalTransitionWillBegin = function(self)
    local coordinator = self.transitionCoordinator
    coordinator:animateAlongsideTransition(function() self.dimmingView.alpha = 0 end, function()
      -- A cancelled drag rolls back only what is on screen: the model still says 0.
      if coordinator.isCancelled then self.dimmingView.alpha = 1 end
    end)
  end,

  dismissalTransitionDidEnd = function(self, completed)
    if completed then self.dimmingView:removeFromSuperview() end
  end,

  containerViewWillLayoutSubviews = function(self)
    self.dimmingView.frame = self.containerView.bounds
    -- Presentr gives the effect view flexible width and height.
    if self.blurView then self.blurView.frame = self.dimmingView.bounds end
    self.presentedView.frame = self.frameOfPresentedViewInContainerView
  end,
}

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local container = ctx.containerView
  local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
  local shown = presenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or view.frame
  -- Reduce Motion: no slide, the same fade a cross dissolve does.
  local transition = UIAccessibility.isReduceMotionEnabled and "crossDissolve" or params.transition
  local hidden, hiddenAlpha = away(shown, container.bounds, transition)
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

return {
  title = "Popup",
  summary = "A centred box, the screen less 30-pt margins by 66 % of its height, rises over a 70 % dimming (Presentr's .popup).",
  tags = {"popup", "dimming", "cover", "presentr"},
  author = "Segue",
  source = "Presentr PresentationType.popup (width - 2 x 30, 0.66 x height, centred, backgroundOpacity 0.7, cornerRadius 4, coverVertical; blurBackground off, blurStyle .dark)",
  parameters = {
    sideMargin = {type = "number", default = 30, min = 0, max = 200, description = "Points left on each side (Presentr's defaultSideMargin)."},
    heightFraction = {type = "number", default = 0.66, min = 0.1, max = 1.0, description = "Share of the height (Presentr's defaultHeightPercentage)."},
    transition = {type = "string", default = "coverVertical", choices = {"coverVertical", "crossDissolve", "coverVerticalFromTop"},
                  description = "Presentr's transition: UIKit's coverVertical or crossDissolve, or Presentr's from the top."},
    dimming = {type = "number", default = 0.7, min = 0.0, max = 1.0, description = "Opacity of the black behind it (Presentr's backgroundOpacity)."},
    blurBackground = {type = "boolean", default = false,
                      description = "Blur what is behind instead of dimming it (Presentr's blurBackground, off by default)."},
    blurStyle = {type = "string", default = "dark", choices = blurStyles,
                 description = "The blur's UIBlurEffect style when blurBackground is on (Presentr's blurStyle, .dark by default)."},
    cornerRadius = {type = "number", default = 4, min = 0, max = 40, description = "Presentr's cornerRadius."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds each way."},
  },
  presentationStyle = "custom",
  presentationController = presentationController,
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

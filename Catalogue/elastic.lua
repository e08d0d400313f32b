-- Elastic: Luke Zhao's ElasticTransition (github.com/lkzhao/ElasticTransition,
-- MIT), its non-interactive presentation and dismissal of a menu from the
-- left edge (the example app's MenuViewController). The menu slides in
-- while its leading edge is drawn as a Bézier bulge, as if a finger had
-- pulled it out by the middle, that springs back to a straight edge; going
-- out, the middle leads and the edge is pulled hollow.
--
-- What follows the library:
-- - The shape is ElasticShapeLayer.swift's currentPath() for the shape
--   layer's edge .right (the transition's .left, opposite()): the edge runs
--   from the top corner to the drag point and on to the bottom corner. With
--   radiusFactor >= 0.5 (ElasticTransition's default, 0.5) it is two cubics
--   whose inner control points sit on the drag point's line, a fifth of the
--   way from each corner to the drag point; below 0.5 it is the three-cubic
--   drawing, the drag point pushed a quarter further out. The drag point is the middle of
--   the edge: a static transition's startingPoint is nil, so dragPoint is
--   container.center (ElasticTransition.setup()).
-- - The motion is ElasticTransition.swift's two springs: the drag point
--   (cc) and the corners (lc), each MotionAnimation's SpringValueAnimation
--   (mass 1) with the defaults stiffness 0.2 and damping 0.2: cc stiffness
--   (0.2 + 0.5) * 180 = 126, lc (0.2 + 0.5) * 140 = 98, both damping
--   (0.2 + 0.5) * 20 = 14. The menu rides on min(cc, lc) (updateShape()):
--   coming in that is lc, a damping ratio of 14 / (2 * sqrt(98)) = 0.71.
--   UIKit's spring at 0.71 over 1 s has nearly the same stiffness (95), and
--   1 s is about when the library's springs come to rest and it calls
--   completeTransition (its transitionDuration answers 0.7).
-- - The menu is contentLength wide (the example's 320, at most the screen)
--   and full height at the left (ElasticTransitionPresentationController's
--   frameOfPresentedViewInContainerView). The shape is filled with the
--   menu's backgroundColor (setup(), frontViewBackgroundColor being nil).
-- - transformType .translateMid (the default): the presenting screen is
--   pushed right with the menu, by contentLength once it is in; behind it
--   the container shows that screen's backgroundColor (setup()), which the
--   spring's overshoot going out uncovers at the right edge.
-- - The overlay over the presenting screen, overlayColor
--   (152, 174, 196) at 0.5, fades in as the menu comes; a tap on it
--   dismisses (the example menu's dismissByBackgroundTouch = true).
--
-- What is simplified:
-- - The two springs are not simulated frame by frame (the library drives
--   them from its own display-link animator). The menu slides on UIKit's
--   spring (above) and the bulge is one CABasicAnimation of the path. Its
--   timing curve, CAMediaTimingFunction(0.24, 8.42, 0.33, -3.34), was
--   fitted to cc - lc of the library's springs: the path goes from an edge
--   whose drag point (presenting) or corners (dismissing) are tucked
--   contentLength / 16 inside the menu, hidden behind it, to a straight one,
--   and the curve's overshoot past 1 is the bulge: 0 at the start, 42 points
--   at 0.2 s, gone by 0.45 s, within 2 points of the library's (a 320-point
--   menu, 1 s). The library's small wobble the other way after that (under
--   4 points) is not drawn. The bulge relies on the path's points being
--   interpolated past 1 where the curve overshoots, as Segue does and as
--   Core Animation does for springs on paths: worth a look on a device.
-- - The shape is drawn on a view of its own under the menu, moving with it,
--   not on a full-screen shadow view; it reaches a menu's width to the left
--   of the menu so that the spring's overshoot shows no gap at the edge.
-- - The presenting screen follows the menu's edge (min(cc, lc)), not the
--   library's avg(cc, lc), which would open a sliver of container between
--   them.
-- - Going out the menu rides on lc's spring too. The library's menu follows
--   cc there (damping ratio 0.62) until cc overshoots off screen, then lc,
--   so cc's rebound never shows; one UIKit spring cannot switch, and 0.62
--   throughout brings a 2-point sliver of the menu back at the left edge.
-- - The library moves the presenting screen into its container, over the
--   container's colour. A custom presentation leaves that screen in the
--   window, under the container, so the colour is a view of its own that
--   rides along the screen's right edge (it shows only when the spring
--   going out overshoots; the window's black would show otherwise).
-- - Only the left edge, the drag point in the middle, and no interactive
--   drag, shadow (showShadow is false by default) or sticky edge.
--
-- Reduce Motion: nothing slides and nothing bends; the menu fades in where
-- it rests and the presenting screen stays put, under the overlay.

-- The overlay over the presenting screen, under the menu (ElasticTransition's overlayColor).
local function overlayColor()
  return UIColor{red = 152 / 255, green = 174 / 255, blue = 196 / 255, alpha = 0.5}
end

-- The menu's width: the example menu's contentLength, at most the screen's.
local function menuWidth(bounds)
  return math.min(params.contentLength, bounds.width)
end

-- .translateMid: the presenting screen pushed right by the menu once it is in. Nothing moves with Reduce Motion on.
local function pushedAside(bounds)
  if params.transformType == "none" or UIAccessibility.isReduceMotionEnabled then return CGAffineTransformIdentity end
  return CGAffineTransformMakeTranslation(menuWidth(bounds), 0)
end

-- ElasticShapeLayer's path for its edge .right, in the shape's coordinates: the menu's trailing edge from the top
-- corner through the drag point (the middle) to the bottom corner, then back along `backX`. With `tipX` equal to
-- `cornerX` every control point is on the one line and the edge is straight; the elements are the same either way,
-- so the two can be animated one into the other.
local function elasticPath(cornerX, tipX, height, backX)
  local top = CGPoint(cornerX, 0)
  local bottom = CGPoint(cornerX, height)
  local middle = height / 2
  local factor = params.radiusFactor
  local path = UIBezierPath()
  path:move(top)
  if factor >= 0.5 then
    -- Two cubics meeting at the drag point; their inner handles a fifth of the way from each corner.
    local tip = CGPoint(tipX, middle)
    path:addCurve(tip, top, CGPoint(tipX, middle * 0.2))
    path:addCurve(bottom, tip, CGPoint(tipX, middle + middle * 0.8))
  else
    -- Three cubics: the drag point pushed a quarter further out, the bend drawn in towards it as `factor` falls
    -- (0 pulls it to a point).
    local tipOut = tipX + (tipX - cornerX) / 4
    local halfway = (tipOut + cornerX) / 2
    local upper = CGPoint(halfway, middle * (1 - factor))
    local lower = CGPoint(halfway, middle + middle * factor)
    path:addCurve(upper, top, CGPoint(cornerX, middle * (1 - 2 * factor)))
    path:addCurve(lower, upper, CGPoint(tipOut, middle))
    path:addCurve(bottom, lower, CGPoint(cornerX, middle + middle * 2 * factor))
  end
  path:addLine(CGPoint(backX, height))
  path:addLine(CGPoint(backX, 0))
  path:close()
  return path
end

local function transitionDuration(ctx)
  return params.duration
end

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local container = ctx.containerView
  local menu = ctx:viewForKey(presenting and "to" or "from")
  -- A custom presentation keeps the presenting screen in the window; UIKit hands over its controller, whose view
  -- the library moves too (backView).
  local presenter = ctx:viewControllerForKey(presenting and "from" or "to").view
  -- Where the menu rests: its final frame coming in, where it is going out; off screen, its right edge on the left one.
  local shown = menu.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  local hidden = shown:offsetBy(-shown.width, 0)
  local bounds = container.bounds
  local aside = pushedAside(bounds)

  if UIAccessibility.isReduceMotionEnabled then
    -- Reduce Motion: a cross-fade of the menu in its place, no bulge, the presenting screen left where it is.
    if presenting then
      menu.frame = shown
      menu.alpha = 0
      container:addSubview(menu)
    end
    UIView.animate{
      duration = transitionDuration(ctx),
      options = {"curveEaseInOut"},
      animations = function()
        menu.alpha = presenting and 1 or 0
      end,
      completion = function(finished)
        local cancelled = ctx:transitionWasCancelled()
        if cancelled then menu.alpha = presenting and 0 or 1 end
        if not presenting and not cancelled then menu:removeFromSuperview() end
        ctx:completeTransition(not cancelled)
      end,
    }
    return
  end

  if presenting then
    menu.frame = hidden
    container:addSubview(menu)
  end

  -- The elastic edge: a view under the menu that moves with it, whose shape layer draws the menu's edge out beyond
  -- the menu (a drawing that stays inside it is hidden behind it).
  local width = shown.width
  local height = shown.height
  local tucked = width / 16
  local edge = UIView.new{name = "elastic edge", frame = menu.frame}
  container:insertSubview(edge, {belowSubview = menu})
  local straight = elasticPath(width, width, height, -width)
  local shape = CAShapeLayer{frame = edge.bounds, path = straight}
  -- The menu's own colour (frontView.backgroundColor?.cgColor in the library: none, no fill).
  local fill = menu.backgroundColor
  if fill ~= nil then
    shape.fillColor = fill.cgColor
  else
    shape.fillColor = nil
  end
  edge.layer:addSublayer(shape)
  -- The library's container colour, the presenting screen's own, just right of that screen wherever it is.
  local offstage = CGRect(bounds.width, 0, width, bounds.height)
  local offstageAside = offstage:offsetBy(aside.tx, 0)
  local backdrop = UIView.new{name = "backdrop", frame = presenting and offstage or offstageAside}
  backdrop.backgroundColor = presenter.backgroundColor
  container:insertSubview(backdrop, 0)
  -- Coming in, the drag point starts tucked inside and overshoots out (it leads the corners); going out, the corners
  -- do, so the middle leads and the edge is hollow.
  local tuckedIn = elasticPath(width, width - tucked, height, -width)
  if not presenting then tuckedIn = elasticPath(width - tucked, width, height, -width) end
  -- Fitted to the difference of ElasticTransition's two springs (see above): rises past 1 at once, peaks at 3.1
  -- near a fifth of the way, and is back under 1 before half-way.
  local bulge = CABasicAnimation{keyPath = "path", fromValue = tuckedIn, toValue = straight,
                                 duration = transitionDuration(ctx),
                                 timingFunction = CAMediaTimingFunction(0.24, 8.42, 0.33, -3.34)}
  -- The model is the straight edge already; the animation only shows the way there.
  shape.path = straight
  shape:add(bulge, "elastic")

  UIView.animate{
    duration = transitionDuration(ctx),
    -- The library's corner spring (lc), each way (see above).
    usingSpringWithDamping = 0.71,
    initialSpringVelocity = 0,
    animations = function()
      menu.frame = presenting and shown or hidden
      edge.frame = presenting and shown or hidden
      backdrop.frame = presenting and offstageAside or offstage
      presenter.transform = presenting and aside or CGAffineTransformIdentity
    end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      -- At rest the edge is straight, the menu's own: the shape's view goes, and so does the backdrop.
      edge:removeFromSuperview()
      backdrop:removeFromSuperview()
      if cancelled then
        menu.frame = presenting and hidden or shown
        presenter.transform = presenting and CGAffineTransformIdentity or aside
      end
      if not presenting and not cancelled then menu:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "Elastic",
  summary = "A menu slides in from the left with its edge pulled out in an elastic curve that springs back straight (ElasticTransition).",
  tags = {"menu", "bezier", "spring", "slide", "shape", "tap"},
  author = "Segue",
  source = "lkzhao/ElasticTransition (MIT): ElasticShapeLayer.swift's currentPath (radiusFactor 0.5), ElasticTransition.swift's "
    .. "springs (stiffness 0.2, damping 0.2: 126 and 98, damping 14), overlayColor (152, 174, 196, 0.5), .translateMid; "
    .. "the example menu's contentLength 320 and dismissByBackgroundTouch",
  parameters = {
    duration = {type = "number", default = 1.0, min = 0.3, max = 3.0,
                description = "Seconds each way (the library's springs settle in about 1 s)."},
    contentLength = {type = "number", default = 320, min = 100, max = 1000,
                     description = "The menu's width, at most the screen's (the example menu's contentLength)."},
    radiusFactor = {type = "number", default = 0.5, min = 0, max = 0.5,
                    description = "Curvature of the pulled edge: lower is sharper, 0 a point (ElasticTransition's radiusFactor)."},
    transformType = {type = "string", default = "translateMid", choices = {"translateMid", "none"},
                     description = "translateMid pushes the presenting screen aside with the menu; none leaves it."},
  },
  presentationStyle = "custom",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self)
      local bounds = self.containerView.bounds
      return CGRect(0, 0, menuWidth(bounds), bounds.height)
    end,
    presentationTransitionWillBegin = function(self)
      local overlay = UIView.new{name = "overlay", frame = self.containerView.bounds, backgroundColor = overlayColor()}
      overlay.alpha = 0
      self.containerView:insertSubview(overlay, 0)
      self.overlayView = overlay
      self.transitionCoordinator:animateAlongsideTransition(function() self.overlayView.alpha = 1 end)
    end,
    presentationTransitionDidEnd = function(self, completed)
      if not completed then
        self.overlayView:removeFromSuperview()
        return
      end
      -- The example menu's dismissByBackgroundTouch: a tap beside the menu dismisses it.
      self.overlayView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
        self.presentedViewController:dismiss(true)
      end})
    end,
    dismissalTransitionWillBegin = function(self)
      local coordinator = self.transitionCoordinator
      coordinator:animateAlongsideTransition(function() self.overlayView.alpha = 0 end, function()
        if coordinator.isCancelled then self.overlayView.alpha = 1 end
      end)
    end,
    dismissalTransitionDidEnd = function(self, completed)
      if completed then self.overlayView:removeFromSuperview() end
    end,
    containerViewWillLayoutSubviews = function(self)
      local bounds = self.containerView.bounds
      self.overlayView.frame = bounds
      self.presentedView.frame = self.frameOfPresentedViewInContainerView
      self.presentingViewController.view.transform = pushedAside(bounds)
    end,
  },
  animator = {
    transitionDuration = transitionDuration,
    animateTransition = animateTransition,
  },
}

-- NatGeo: VCTransitionsLibrary's CENatGeoAnimationController (Paweł
-- Wrzosek, after the National Geographic app), as IBAnimatable's
-- NatGeoAnimator plays it. The old screen is a book page: hinged on its
-- left edge (anchorPoint x = 0), it turns 80° away into the screen under
-- perspective (m34 = -1/500) while sliding back. The new screen lies
-- underneath, and settles flat from a tilted, offset start (5° about z,
-- 10° about x, -45° about y, pushed right, up and towards the viewer). The
-- page starts turning after the first fifth (its part is 0.8 of the time).
-- Dismissal plays it backwards: the page turns back down over the
-- presented screen as that one tilts away. The source's offsets (320, 170
-- points) were measured on a 320-point-wide iPhone; they are scaled with
-- the screen's width here.
-- Full screen: UIKit hands the animator both screens.

local eye = 500
local pageShare = 0.8 -- kAnimationFirstPartRatio / firstPartRatio

local function radians(degrees) return degrees / 180 * math.pi end

-- The page (old screen) flat, and turned away about its left edge.
local function pageFlat()
  local t = CATransform3DIdentity
  t.m34 = -1 / eye
  return t
end
local function pageTurned(scale)
  local t = CATransform3DRotate(pageFlat(), radians(80), 0, 1, 0)
  t = CATransform3DTranslate(t, 0, 0, -30)
  return CATransform3DTranslate(t, 170 * scale, 0, 0)
end

-- The screen underneath, where it starts (tilted and offset) and at rest.
local function underStart(scale)
  local t = CATransform3DRotate(pageFlat(), radians(5), 0, 0, 1)
  t = CATransform3DTranslate(t, 320 * scale, -40 * scale, 150 * scale)
  t = CATransform3DRotate(t, radians(-45), 0, 1, 0)
  return CATransform3DRotate(t, radians(10), 1, 0, 0)
end

-- Reduce Motion: the new screen fades in over the old one, nothing turns
-- (what UIKit's own transitions do with the setting on): _cross-fade.lua.
local crossFade = require("cross-fade")

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return crossFade(ctx) end
  local container = ctx.containerView
  local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
  local frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
  to.frame = frame
  -- As the source: the incoming view first, the outgoing one above it.
  container:addSubview(to)
  container:addSubview(from)

  -- The page is the presenter's screen both ways: leaving when presenting,
  -- coming back when dismissing; the other screen lies underneath.
  local presenting = ctx.isPresenting
  local page, under = presenting and from or to, presenting and to or from
  local scale = frame.width / 320

  -- Hinge the page on its left edge without moving it.
  page.layer.anchorPoint = CGPoint(0, 0.5)
  page.frame = frame
  page.layer.transform = presenting and pageFlat() or pageTurned(scale)
  under.layer.transform = presenting and underStart(scale) or pageFlat()

  UIView.animateKeyframes{
    duration = params.duration,
    options = {"calculationModeCubic"},
    animations = function()
      UIView.addKeyframe(0.0, 1.0, function()
        under.layer.transform = presenting and pageFlat() or underStart(scale)
      end)
      -- Turning away, the page waits for the first fifth; turning back, it lands early.
      UIView.addKeyframe(presenting and 1 - pageShare or 0.0, pageShare, function()
        page.layer.transform = presenting and pageTurned(scale) or pageFlat()
      end)
    end,
    completion = function(finished)
      page.layer.transform = CATransform3DIdentity
      under.layer.transform = CATransform3DIdentity
      page.layer.anchorPoint = CGPoint(0.5, 0.5)
      page.frame = frame
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then to:removeFromSuperview() else from:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

return {
  title = "NatGeo",
  summary = "The old screen turns away like a book page about its left edge, uncovering the new one as it settles.",
  tags = {"3d", "perspective", "page", "keyframes", "interactive", "vctransitions", "ibanimatable"},
  author = "Segue",
  source = "VCTransitionsLibrary CENatGeoAnimationController / IBAnimatable NatGeoAnimator (0.75 s, page 80° about its left edge over 0.8 of the time, m34 = -1/500)",
  parameters = {
    duration = {type = "number", default = 0.75, min = 0.2, max = 5.0,
                description = "Seconds for the whole turn (IBAnimatable 0.75, VCTransitionsLibrary 1.0)."},
  },
  presentationStyle = "fullScreen",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- VCTransitionsLibrary pairs any animation with any of its interaction
    -- controllers; a page turned about its left edge takes a sideways swipe,
    -- its CEHorizontalSwipeInteractionController: for a dismissal either way
    -- counts, and 200 points of it make the whole turn.
    dismissal = {
      gesture = "pan", direction = "horizontal", distance = 200,
      -- VCTransitionsLibrary decides at the last move, past half, whatever the
      -- speed; and its completionSpeed is 1 - percentComplete, so what is left
      -- either way plays over the whole duration.
      shouldFinish = function(g, percent) return percent > 0.5 end,
      completionSpeed = function(g, percent) return math.max(1 - percent, 0.01) end,
    },
  },
}

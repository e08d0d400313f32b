-- Card modal: the iOS 13-style card before iOS 13, as HarshilShah's
-- DeckTransition and ivanvorobei's SPStorkController draw it. The presented
-- card slides up from the bottom and stops short of the top; behind it the
-- presenter (a snapshot, as both libraries use) shrinks back about its top
-- edge to leave the same gap above it, rounds its corners and darkens over
-- a black background. Dismissal slides the card down and brings the
-- presenter forward again; drag the card down to dismiss.
--   deck  (DeckTransition): 0.3 s ease-out; presenter inset at the top
--         by ManualLayout.presentingViewTopInset (the status bar's height;
--         8 with the bar hidden, as on a phone in landscape; 20 under the
--         old 40-point in-call bar), scale 1 - 2·inset/height, alpha 0.8
--         over black; card 8 points below the presenter's top; corner
--         radius 8; dismissed by a 240-point drag.
--   stork (SPStorkController): 0.6 s spring (damping 1, velocity 1);
--         inset topSpace (the status bar's height, or 30 when it is under
--         25 points: 20-point bars, and none in landscape); a black grade
--         at 0.51 over the presenter; card 13 points below; corner radius
--         10; dismissed by a 200-point drag.
-- Both read UIApplication.shared.statusBarFrame.height whenever they lay out
-- (frameOfPresentedViewInContainerView, the transition's will-begin hooks),
-- and so does this script: 47 points on an iPhone 14, 54 on an iPhone 15,
-- 20 on an SE (card at 55, 62 and 28 for deck; 60, 67 and 43 for stork).
-- Corners: both libraries round only the card's top two (SPStorkController
-- sets maskedCorners [.layerMinXMinYCorner, .layerMaxXMinYCorner];
-- DeckTransition lays a RoundedView strip over its top edge), the bottom
-- two square at the screen's edge. Behind it, DeckTransition rounds only
-- the presenter's top corners too (a second RoundedView strip), while
-- SPStorkController rounds all four of its snapshot. Neither draws a shadow.
-- Drag the card down: both libraries' pan moves it half as far as the
-- finger for the first 120 points, then with friction (30·atan), and
-- dismisses past a finger travel of 240 (DeckTransition) or 200
-- (SPStorkController, translateForDismiss) whatever the speed; short of it
-- the card springs back (DeckTransition in 0.25 s, SPStorkController in a
-- 0.6 s spring). Here that card offset is the dismissal's percent, and the
-- rest plays as the libraries play it: the whole dismissal from where the
-- card is, or the spring back.
-- DeckTransition dismisses as soon as the finger passes 240 points, before
-- it lifts (finishesWhileDragging). What Segue cannot say yet: that only the
-- card follows the finger (here the presenter comes forward with it, as the
-- dismissal's percent does).
-- A custom presentation: the presenter stays in the window; the snapshot,
-- background and grade are the presentation controller's chrome.

-- Each library's figures.
local function figures()
  if params.style == "stork" then
    return {duration = 0.6, gap = 13, radius = 10, dim = 0.51, drag = 200, springBack = 0.6}
  end
  return {duration = 0.3, gap = 8, radius = 8, dim = 1 - 0.8, drag = 240, springBack = 0.25}
end

-- The gap above the shrunk presenter, from the status bar as the libraries
-- read it: SPStorkController's topSpace, DeckTransition's
-- ManualLayout.presentingViewTopInset.
local function inset()
  local bar = UIApplication.shared.statusBarFrame.height
  if params.style == "stork" then return bar < 25 and 30 or bar end
  if bar == 0 then return 8 end
  if bar == 40 then return 20 end
  return bar
end

-- The presenter pushed back: scaled about its top edge, then moved down by the inset.
local function pushedBack(bounds)
  local s = 1 - inset() * 2 / bounds.height
  local t = CGAffineTransformMakeTranslation(0, inset() - bounds.height / 2)
  t = CGAffineTransformScale(t, s, s)
  return CGAffineTransformTranslate(t, 0, bounds.height / 2)
end


-- Reduce Motion: the card fades in and out where it rests instead of sliding;
-- the presenter's push-back (a scale of about 0.9, no large motion) still
-- runs alongside, so the fade takes the whole transition's time.
local function fadeInPlace(ctx, view, shown, presenting)
  if presenting then
    view.frame = shown
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate{
    duration = figures().duration,
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

-- The card at the end of its move: up in its place, or down off the screen.
local function place(view, presenting, shown, hidden)
  view.frame = presenting and shown or hidden
end

-- Once it is there, or back where it was if the drag was cancelled.
local function settle(ctx, view, presenting, shown, hidden)
  local cancelled = ctx:transitionWasCancelled()
  if cancelled then view.frame = presenting and hidden or shown end
  if not presenting and not cancelled then view:removeFromSuperview() end
  ctx:completeTransition(not cancelled)
end

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  -- Where the card rests: where UIKit puts it, or where it is now.
  local shown = view.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  if UIAccessibility.isReduceMotionEnabled then return fadeInPlace(ctx, view, shown, presenting) end
  local hidden = shown:offsetBy(0, ctx.containerView.bounds.height - shown.minY)
  if presenting then
    view.frame = hidden
    ctx.containerView:addSubview(view)
  end
  -- SPStorkController springs (damping 1, velocity 1), easing out up and in
  -- down; DeckTransition eases out both ways; a finger drives either linearly.
  if params.style == "stork" and not ctx.isInteractive then
    UIView.animate{
      duration = figures().duration, usingSpringWithDamping = 1, initialSpringVelocity = 1,
      options = {presenting and "curveEaseOut" or "curveEaseIn"},
      animations = function() place(view, presenting, shown, hidden) end,
      completion = function(finished) settle(ctx, view, presenting, shown, hidden) end,
    }
  else
    UIView.animate{
      duration = figures().duration,
      options = {ctx.isInteractive and "curveLinear" or "curveEaseOut"},
      animations = function() place(view, presenting, shown, hidden) end,
      completion = function(finished) settle(ctx, view, presenting, shown, hidden) end,
    }
  end
end

-- How far the card travels to leave: from its place to the bottom edge.
local function travel(size) return size.height - inset() - figures().gap end

-- Both libraries' updatePresentedViewForTranslation: the card moves half as
-- far as the finger up to 120 points (elasticThreshold, translationFactor
-- 1/2), then with friction; nothing for an upward drag.
local function cardOffset(finger)
  if finger <= 0 then return 0 end
  if finger < 120 then return finger / 2 end
  local friction = finger - 120
  return 30 * math.atan(friction / 120) + friction / 10 + 60
end

return {
  title = "Card modal",
  summary = "A card slides up leaving a gap at the top while the screen behind shrinks back and darkens; drag down to dismiss.",
  tags = {"sheet", "card", "dimming", "interactive", "presentation controller"},
  author = "Segue",
  source = "DeckTransition (0.3 s, corner 8, alpha 0.8, gap 8) / SPStorkController (0.6 s spring, corner 10, grade 0.51, gap 13)",
  parameters = {
    style = {type = "string", default = "deck", choices = {"deck", "stork"},
             description = "deck: DeckTransition's figures; stork: SPStorkController's."},
  },
  presentationStyle = "custom",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self)
      local b = self.containerView.bounds
      local top = inset() + figures().gap
      return CGRect(0, top, b.width, b.height - top)
    end,
  
    presentationTransitionWillBegin = function(self)
      local container = self.containerView
      local b = container.bounds
      local background = UIView.new{name = "card background", frame = b, backgroundColor = UIColor.black}
      local picture = self.presentingViewController.view:snapshotView(false)
      picture.name = "card presenter"
      picture.frame = b
      picture.clipsToBounds = true
      if params.style == "deck" then
        picture.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
      end
      -- Black over the picture: DeckTransition lowers the picture's alpha over
      -- black, SPStorkController lays a grade over it; the same look either way.
      local grade = UIView.new{name = "card grade", frame = CGRect(0, 0, b.width, b.height), backgroundColor = UIColor.black}
      grade.alpha = 0
      picture:addSubview(grade)
      container:insertSubview(background, 0)
      container:insertSubview(picture, {aboveSubview = background})
      self.background = background
      self.presenterPicture = picture
      self.grade = grade
      self.presentedView.layer.cornerRadius = figures().radius
      self.presentedView.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
      self.presentedView.clipsToBounds = true
      self.transitionCoordinator:animateAlongsideTransition(function()
        self.presenterPicture.transform = pushedBack(b)
        self.presenterPicture.layer.cornerRadius = figures().radius
        self.grade.alpha = figures().dim
      end)
    end,
  
    presentationTransitionDidEnd = function(self, completed)
      if not completed then
        self.background:removeFromSuperview()
        self.presenterPicture:removeFromSuperview()
      end
    end,
  
    dismissalTransitionWillBegin = function(self)
      local coordinator = self.transitionCoordinator
      local b = self.containerView.bounds
      coordinator:animateAlongsideTransition(function()
        self.presenterPicture.transform = CGAffineTransformIdentity
        self.presenterPicture.layer.cornerRadius = 0
        self.grade.alpha = 0
      end, function()
        -- A cancelled drag rolls back only what is on screen: put the model back.
        if coordinator.isCancelled then
          self.presenterPicture.transform = pushedBack(b)
          self.presenterPicture.layer.cornerRadius = figures().radius
          self.grade.alpha = figures().dim
        end
      end)
    end,
  
    dismissalTransitionDidEnd = function(self, completed)
      if completed then
        self.background:removeFromSuperview()
        self.presenterPicture:removeFromSuperview()
      end
    end,
  
    containerViewWillLayoutSubviews = function(self)
      local b = self.containerView.bounds
      self.background.frame = b
      -- The picture is transformed: lay it out by bounds and centre, never frame.
      self.presenterPicture.bounds = CGRect(0, 0, b.width, b.height)
      self.presenterPicture.center = CGPoint(b.midX, b.midY)
      self.presenterPicture.transform = pushedBack(b)
      self.grade.frame = CGRect(0, 0, b.width, b.height)
      self.presentedView.frame = self.frameOfPresentedViewInContainerView
    end,
  },
  animator = {
    transitionDuration = function(ctx) return figures().duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    dismissal = {
      gesture = "pan", direction = "down",
      distance = function(size) return travel(size) end,
      progress = function(g, size) return cardOffset(g.translation.y) / travel(size) end,
      shouldFinish = function(g, percent) return g.translation.y >= figures().drag end,
      finishesWhileDragging = function(g, percent) return params.style == "deck" and g.translation.y >= figures().drag end,
      completionSpeed = function(g, percent)
        -- UIKit plays what is left over duration × left / speed.
        if g.translation.y >= figures().drag then return math.max(1 - percent, 0.01) end
        return math.max(percent * figures().duration / figures().springBack, 0.01)
      end,
    },
  },
}

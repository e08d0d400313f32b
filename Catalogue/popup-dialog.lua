-- Popup dialog: PopupDialog's (Orderella) dialog, a card as tall as its
-- content. Its width is PopupDialog's iPhone layout: 20 points from each
-- side, but at most 340 and at least 300 wide, and never closer than 10 to
-- an edge (on an iPad PopupDialog centres its preferredWidth, 340, which is
-- the same width on every iPad screen wider than 420). Its height is
-- whatever the dialog's content needs at that width: the presentation
-- controller asks the card's view, as Auto Layout would answer it
-- (systemLayoutSizeFitting at a required width and a free height), so a
-- longer message makes a taller card and the card never has to guess.
-- It comes in over PopupDialog's overlay, black at 70 %, which fades in
-- alongside, and a tap on the overlay dismisses it (tapGestureDismissal).
--
-- PopupDialog's transitions, each reporting its own transitionDuration
-- (0.22 s in, 0.2 s out) while the way in runs 0.6 s: bounceUp (its
-- default: up from a screen's height below on a spring of damping 0.6),
-- bounceDown (the same from above), zoomIn (from a tenth of its size on
-- that spring) and fadeIn (0.6 s, easing out). Each goes back out the way
-- it came in 0.2 s, easing in, fading as it goes.
--
-- Changed: PopupDialog's card is a subview of a full-screen view, which
-- moves it by shifting its bounds; here the card is the presented view
-- itself (so the presentation controller can size it), which moves it the
-- same distance on screen. The card is kept inside the container's safe
-- area, and a second tap while it leaves does nothing. Left out: its soft
-- shadow (radius 5 at 40 %), which needs a second view since the card
-- clips its content to its corners; the overlay's FXBlurView snapshot
-- blur, which has no UIKit counterpart; the pan to dismiss
-- (panGestureDismissal); moving up out of the keyboard's way
-- (PopupDialog+Keyboard); and the iPad layout's 40-point margins, which
-- only matter in a Slide Over window narrower than 420 points (there
-- PopupDialog's card is narrower than this one's 300). Added: with
-- Reduce Motion on it fades in and out whatever `transition` says
-- (PopupDialog does not look).

local dimming = require("dimming")

-- With Reduce Motion on, the transition is a fade whatever `transition` says.
local function reducesMotion() return UIAccessibility.isReduceMotionEnabled end
local function zoomsIn() return not reducesMotion() and params.transition == "zoomIn" end
local function fadesIn() return reducesMotion() or params.transition == "fadeIn" end

-- PopupDialog's iPhone constraints: H:|-(>=10,==20@900)-[card(<=340,>=300)]-(>=10,==20@900)-|.
local function cardWidth(bounds)
  return math.min(math.min(math.max(bounds.width - 40, 300), 340), bounds.width - 20)
end

-- Where the card waits before it comes in and goes when it leaves: a
-- screen's height below or above (the bounce transitions), or where it
-- rests (zoomIn and fadeIn change its size or its alpha instead).
local function offscreenFrame(shown, bounds)
  if reducesMotion() then return shown end
  if params.transition == "bounceUp" then return shown:offsetBy(0, bounds.height) end
  if params.transition == "bounceDown" then return shown:offsetBy(0, -bounds.height) end
  return shown
end

local zoomedOut = CGAffineTransformMakeScale(0.1, 0.1)

-- Where the card rests once in: its own size, in place, opaque.
local function placeAtRest(card, shown)
  card.transform = CGAffineTransformIdentity
  card.frame = shown
  card.alpha = 1
end

local function animatePresentation(ctx, card, shown)
  local container = ctx.containerView
  card.frame = offscreenFrame(shown, container.bounds)
  if zoomsIn() then card.transform = zoomedOut end
  if fadesIn() then card.alpha = 0 end
  container:addSubview(card)
  if fadesIn() then
    UIView.animate{duration = 0.6, options = {"curveEaseOut"},
                   animations = function() placeAtRest(card, shown) end,
                   completion = function(finished) ctx:completeTransition(not ctx:transitionWasCancelled()) end}
  else
    -- PopupDialog passes curveEaseOut with its spring, which UIKit's spring does not use.
    UIView.animate{duration = 0.6, usingSpringWithDamping = 0.6, initialSpringVelocity = 0, options = {"curveEaseOut"},
                   animations = function() placeAtRest(card, shown) end,
                   completion = function(finished) ctx:completeTransition(not ctx:transitionWasCancelled()) end}
  end
end

local function animateDismissal(ctx, card)
  local gone = offscreenFrame(card.frame, ctx.containerView.bounds)
  UIView.animate{duration = 0.2, options = {"curveEaseIn"},
                 animations = function()
                   if zoomsIn() then card.transform = zoomedOut else card.frame = gone end
                   card.alpha = 0
                 end,
                 completion = function(finished)
                   local cancelled = ctx:transitionWasCancelled()
                   if not cancelled then card:removeFromSuperview() end
                   ctx:completeTransition(not cancelled)
                 end}
end

return {
  title = "Popup dialog",
  summary = "A card up to 340 points wide and as tall as its content bounces up over a 70 % overlay (PopupDialog).",
  tags = {"popup", "dialog", "dimming", "spring", "popupdialog"},
  author = "Segue",
  source = "Orderella PopupDialog (PopupDialogContainerView's iPhone width 300-340 at 20-pt margins, PopupDialogOverlayView's black at 0.7, TransitionAnimations: bounceUp/bounceDown/zoomIn/fadeIn, 0.6 s spring damping 0.6 in, 0.2 s ease-in out)",
  parameters = {
    transition = {type = "string", default = "bounceUp", choices = {"bounceUp", "bounceDown", "zoomIn", "fadeIn"},
                  description = "PopupDialog's transitionStyle."},
    dimming = {type = "number", default = 0.7, min = 0.0, max = 1.0, description = "Opacity of the black overlay (PopupDialogOverlayView's opacity)."},
    cornerRadius = {type = "number", default = 4, min = 0, max = 40, description = "The card's corner radius (PopupDialog's cornerRadius)."},
  },
  presentationStyle = "custom",
  -- In previews the card is a dialog: a title, a message and two buttons, and it is as tall as they need.
  screen = "dialog",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self)
      local bounds = self.containerView.bounds
      local width = cardWidth(bounds)
      local fitted = self.presentedView:systemLayoutSizeFitting(CGSize(width, UIView.layoutFittingCompressedSize.height),
                                                                UILayoutPriority.required, UILayoutPriority.fittingSizeLevel)
      local insets = self.containerView.safeAreaInsets
      local height = math.min(fitted.height, bounds.height - insets.top - insets.bottom)
      return CGRect(bounds.midX - width / 2, bounds.midY - height / 2, width, height)
    end,
    presentationTransitionWillBegin = function(self)
      local card = self.presentedView
      card.layer.cornerRadius = params.cornerRadius
      card.layer.masksToBounds = params.cornerRadius > 0
      self.dimmingView = dimming.fadeIn(self, params.dimming)
    end,
    presentationTransitionDidEnd = function(self, completed)
      dimming.presented(self.dimmingView, completed)
      -- PopupDialog's tapGestureDismissal (on by default): a tap outside the card dismisses it.
      if completed then
        self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
          self.presentedViewController:dismiss(true)
        end})
      end
    end,
    dismissalTransitionWillBegin = function(self)
      -- Leaving: a second tap would ask for a second dismissal.
      self.dimmingView.isUserInteractionEnabled = false
      dimming.fadeOut(self, self.dimmingView)
    end,
    dismissalTransitionDidEnd = function(self, completed)
      self.dimmingView.isUserInteractionEnabled = not completed
      dimming.dismissed(self.dimmingView, completed)
    end,
    containerViewWillLayoutSubviews = function(self) dimming.layout(self, self.dimmingView) end,
  },
  animator = {
    transitionDuration = function(ctx) return ctx.isPresenting and 0.22 or 0.2 end,
    animateTransition = function(ctx)
      if ctx.isPresenting then
        animatePresentation(ctx, ctx:viewForKey("to"), ctx:finalFrame(ctx:viewControllerForKey("to")))
      else
        animateDismissal(ctx, ctx:viewForKey("from"))
      end
    end,
  },
}

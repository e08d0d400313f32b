-- Photo viewer: a photo fills the screen over black and the status bar
-- fades away with the screen it covers, as a photo browser hides it to
-- give the picture the whole display; a tap on the photo closes it and the
-- status bar comes back.
--
-- Segue's own, after the photo browsers of apps: the photo grows from 90 %
-- and fades in over 0.3 s, easing out, while a black backdrop fades in
-- behind it; back out in 0.25 s, easing in. The presented controller asks
-- for a hidden status bar with light content (prefersStatusBarHidden,
-- preferredStatusBarStyle) and takes the bar over although it is not
-- presented full screen (modalPresentationCapturesStatusBarAppearance,
-- set by the app before presenting, as photo and dialog libraries ask):
-- UIKit then fades the bar out along with the presentation and back in
-- along with the dismissal. With Reduce Motion on the photo only fades.

return {
  title = "Photo viewer",
  summary = "A photo fills the screen over black as the status bar fades away; tap it to close.",
  tags = {"photo", "fullscreen", "status bar", "fade", "tap"},
  author = "Segue",
  source = "Segue: a photo browser's presentation (0.3 s ease-out from 90 % over a black backdrop, 0.25 s ease-in back; the status bar hidden by the presented controller, which captures its appearance)",
  parameters = {
    duration = {type = "number", default = 0.3, min = 0.05, max = 5.0, description = "Seconds in (out takes five sixths of it)."},
    scale = {type = "number", default = 0.9, min = 0.1, max = 1.0, description = "The photo's size when it starts to grow."},
  },
  presentationStyle = "custom",
  -- In previews the presented screen is a photo, the catalogue's own (assets/harbour.png: a sunset over the sea,
  -- drawn for Segue); its controller asks the status bar to hide, in light content.
  screen = "photo",
  picture = "harbour.png",
  statusBarStyle = "lightContent",
  prefersStatusBarHidden = true,
  modalPresentationCapturesStatusBarAppearance = true,
  presentationController = {
    presentationTransitionWillBegin = function(self)
      local backdrop = UIView.new{name = "backdrop", frame = self.containerView.bounds, backgroundColor = UIColor.black}
      -- It follows the container's size by itself (a rotation), as Apple's sample dimming view does.
      backdrop.autoresizingMask = {"flexibleWidth", "flexibleHeight"}
      backdrop.alpha = 0
      self.containerView:insertSubview(backdrop, 0)
      self.backdrop = backdrop
      self.transitionCoordinator:animateAlongsideTransition(function() backdrop.alpha = 1 end)
    end,
    presentationTransitionDidEnd = function(self, completed)
      if not completed then
        self.backdrop:removeFromSuperview()
        return
      end
      -- Tap the photo to close it (asked of the presenter, which dismisses whatever the photo shows over it too).
      self.presentedView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(recognizer)
        self.presentingViewController:dismiss(true)
      end})
    end,
    dismissalTransitionWillBegin = function(self)
      local backdrop = self.backdrop
      self.transitionCoordinator:animateAlongsideTransition(function() backdrop.alpha = 0 end)
    end,
    dismissalTransitionDidEnd = function(self, completed)
      if completed then self.backdrop:removeFromSuperview() end
    end,
    containerViewWillLayoutSubviews = function(self)
      -- By bounds and centre: the photo may be scaled (its frame is undefined then).
      local frame = self.frameOfPresentedViewInContainerView
      self.presentedView.bounds = CGRect(0, 0, frame.width, frame.height)
      self.presentedView.center = CGPoint(frame.midX, frame.midY)
    end,
  },
  animator = {
    transitionDuration = function(ctx) return ctx.isPresenting and params.duration or params.duration * 5 / 6 end,
    animateTransition = function(ctx)
      local presenting = ctx.isPresenting
      local controller = ctx:viewControllerForKey(presenting and "to" or "from")
      local photo = ctx:viewForKey(presenting and "to" or "from")
      local small = UIAccessibility.isReduceMotionEnabled and CGAffineTransformIdentity
                    or CGAffineTransformMakeScale(params.scale, params.scale)
      if presenting then
        photo.frame = ctx:finalFrame(controller)
        photo.transform = small
        photo.alpha = 0
        ctx.containerView:addSubview(photo)
      end
      UIView.animate{duration = presenting and params.duration or params.duration * 5 / 6, options = {presenting and "curveEaseOut" or "curveEaseIn"},
                     animations = function()
                       photo.transform = presenting and CGAffineTransformIdentity or small
                       photo.alpha = presenting and 1 or 0
                     end,
                     completion = function(finished)
                       local cancelled = ctx:transitionWasCancelled()
                       if cancelled then
                         photo.transform = presenting and small or CGAffineTransformIdentity
                         photo.alpha = presenting and 0 or 1
                       elseif not presenting then
                         photo:removeFromSuperview()
                       end
                       ctx:completeTransition(not cancelled)
                     end}
    end,
  },
}

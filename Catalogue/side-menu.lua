-- Side menu: SideMenu's .menuSlideIn (jonkykong/SideMenu), a menu from the
-- left edge. The menu is as tall as the screen and as wide as SideMenu's
-- default menuWidth, three quarters of the screen's shorter side rounded,
-- at most 240 points (240 on every iPhone). It slides in over the screen by
-- its own width (menuTranslateFactor -1, menuOnTop) and out again, each way
-- on UIView.animate's spring with SideMenu's defaults: 0.35 s
-- (presentDuration, dismissDuration), damping 1, initial velocity 1,
-- curveEaseInOut.
--
-- The rest of the screen stays where it is, behind a dimming view
-- (SideMenu's presentingEndAlpha is 1, no dimming: `dimming` is 0 by
-- default, and a darker one is a common setting). Tapping it dismisses the
-- menu (SideMenu's enableTapToDismissGesture, on by default): the tap
-- recognizer is on the dimming view, so a tap on the menu itself reaches
-- the menu and never dismisses. Dragging the menu back to the left dismisses
-- it interactively (enableSwipeToDismissGesture): the pan is on the menu, the
-- progress is how far the menu has gone over its width, and letting go plays
-- the rest on easeIn (SideMenu's completionCurve).

local dimming = require("dimming")

-- SideMenu's default menuWidth for this screen.
local function menuWidth(width, height)
  return math.min(math.floor(math.min(width, height) * 0.75 + 0.5), 240)
end

return {
  title = "Side menu",
  summary = "A menu slides in from the left over the screen; tap beside it or drag it back to dismiss (SideMenu's .menuSlideIn).",
  tags = {"menu", "slide", "dimming", "interactive", "tap"},
  author = "Segue",
  source = "SideMenu SideMenuPresentationStyle.menuSlideIn with SideMenuSettings' defaults (menuWidth, 0.35 s, damping 1, "
    .. "initialSpringVelocity 1, enableTapToDismissGesture, enableSwipeToDismissGesture, completionCurve .easeIn)",
  parameters = {
    dimming = {type = "number", default = 0, min = 0, max = 1,
               description = "Opacity of the black over the rest of the screen (SideMenu's presentingEndAlpha 1 is none)."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds each way (presentDuration, dismissDuration)."},
  },
  presentationStyle = "custom",
  -- In previews the presented screen is a menu (what it shows in an app is the app's own).
  screen = "menu",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self)
      local bounds = self.containerView.bounds
      return CGRect(0, 0, menuWidth(bounds.width, bounds.height), bounds.height)
    end,
    presentationTransitionWillBegin = function(self)
      self.dimmingView = dimming.fadeIn(self, params.dimming)
    end,
    presentationTransitionDidEnd = function(self, completed)
      dimming.presented(self.dimmingView, completed)
      -- SideMenu's enableTapToDismissGesture: a tap beside the menu dismisses it once it is in (the menu, in
      -- front, takes taps on itself).
      if completed then
        self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
          self.presentedViewController:dismiss(true)
        end})
      end
    end,
    dismissalTransitionWillBegin = function(self) dimming.fadeOut(self, self.dimmingView) end,
    dismissalTransitionDidEnd = function(self, completed) dimming.dismissed(self.dimmingView, completed) end,
    containerViewWillLayoutSubviews = function(self) dimming.layout(self, self.dimmingView) end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = function(ctx)
      local presenting = ctx.isPresenting
      local menu = ctx:viewForKey(presenting and "to" or "from")
      -- Where it rests: its final frame coming in, where it is going out.
      local shown = menu.frame
      if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
      -- Off screen to the left by its own width; with Reduce Motion on, nothing slides: the menu fades in place.
      local calm = UIAccessibility.isReduceMotionEnabled
      local hidden = shown:offsetBy(-shown.width, 0)
      if calm then hidden = shown end
      if presenting then
        menu.frame = hidden
        if calm then menu.alpha = 0 end
        ctx.containerView:addSubview(menu)
      end
      UIView.animate{duration = params.duration, delay = 0, usingSpringWithDamping = 1, initialSpringVelocity = 1,
                     options = {"curveEaseInOut"},
                     animations = function()
                       menu.frame = presenting and shown or hidden
                       if calm then menu.alpha = presenting and 1 or 0 end
                     end,
                     completion = function()
                       local cancelled = ctx:transitionWasCancelled()
                       -- A drag given up puts the menu back where it was (on screen the animation ran back; the model
                       -- still says where it was going).
                       if cancelled then
                         menu.frame = presenting and hidden or shown
                         menu.alpha = (presenting and calm) and 0 or 1
                       end
                       ctx:completeTransition(not cancelled)
                     end}
    end,
  },
  interaction = {
    dismissal = {
      gesture = "pan", direction = "left",
      -- The menu dragged back towards the left edge: its travel over its width.
      distance = function(size) return menuWidth(size.width, size.height) end,
      completionCurve = "easeIn",
    },
  },
}

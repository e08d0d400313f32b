-- Drawer: a panel slides in from the right edge over a dimmed screen, as
-- shopping and mail apps show their filters. The panel is 85 % of the
-- screen's width, at most 360 points, and the whole height; it comes in on
-- a critically damped spring (damping 1) in 0.4 s and goes out in 0.3 s on
-- ease-in.
--
-- Tapping the dimmed screen beside it dismisses it. Dragging the panel back
-- to the right dismisses it interactively: the pan's recognizer is on the
-- panel (the presented screen), so a drag that starts on the dimming never
-- begins, and its delegate lets it begin only when the finger moves to the
-- right more than down (gestureRecognizerShouldBegin), so that a list in the
-- panel still scrolls up and down under a mostly vertical drag and its rows
-- still swipe left. While the finger drives it the panel moves linearly, so
-- it stays under the finger. Letting go past half way or with a flick to the
-- right finishes it; the rest plays on ease-out.

local dimming = require("dimming")

-- The panel's width for a screen: 85 % of it, at most 360 points.
local function panelWidth(width)
  return math.min(math.floor(width * 0.85 + 0.5), 360)
end

return {
  title = "Drawer",
  summary = "A filter panel slides in from the right over a dimmed screen; tap beside it or drag it back (across, not down) to dismiss.",
  tags = {"drawer", "slide", "dimming", "interactive", "tap"},
  author = "Segue",
  parameters = {
    dimming = {type = "number", default = 0.4, min = 0, max = 1, description = "Opacity of the black over the rest of the screen."},
    duration = {type = "number", default = 0.4, min = 0.05, max = 5.0, description = "Seconds the panel takes to come in."},
  },
  presentationStyle = "custom",
  -- In previews the presented screen is a menu (what it shows in an app is the app's own).
  screen = "menu",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self)
      local bounds = self.containerView.bounds
      local width = panelWidth(bounds.width)
      return CGRect(bounds.width - width, 0, width, bounds.height)
    end,
    presentationTransitionWillBegin = function(self)
      self.dimmingView = dimming.fadeIn(self, params.dimming)
    end,
    presentationTransitionDidEnd = function(self, completed)
      dimming.presented(self.dimmingView, completed)
      -- Once the panel is in, a tap on the dimming beside it dismisses it (the panel, in front, takes taps on itself).
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
    transitionDuration = function(ctx) return ctx.isPresenting and params.duration or 0.3 end,
    animateTransition = function(ctx)
      local presenting = ctx.isPresenting
      local duration = presenting and params.duration or 0.3
      local panel = ctx:viewForKey(presenting and "to" or "from")
      local shown = panel.frame
      if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
      -- Off the right edge; with Reduce Motion on, the panel fades in place instead.
      local calm = UIAccessibility.isReduceMotionEnabled
      local hidden = calm and shown or shown:offsetBy(shown.width, 0)
      if presenting then
        panel.frame = hidden
        if calm then panel.alpha = 0 end
        ctx.containerView:addSubview(panel)
      end
      if presenting then
        UIView.animate{duration = duration, delay = 0, usingSpringWithDamping = 1, initialSpringVelocity = 0, options = {},
                       animations = function()
                         panel.frame = shown
                         if calm then panel.alpha = 1 end
                       end,
                       completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
      else
        -- Linear while a finger drives it, so the panel stays under the finger; ease-in on a tap.
        UIView.animate{duration = duration, options = {ctx.isInteractive and "curveLinear" or "curveEaseIn"},
                       animations = function()
                         panel.frame = hidden
                         if calm then panel.alpha = 0 end
                       end,
                       completion = function()
                         -- A drag given up leaves the panel where it was (on screen the animation ran back; the model
                         -- still says where it was going).
                         local cancelled = ctx:transitionWasCancelled()
                         if cancelled then
                           panel.frame = shown
                           panel.alpha = 1
                         end
                         ctx:completeTransition(not cancelled)
                       end}
      end
    end,
  },
  interaction = {
    dismissal = {
      gesture = "pan", direction = "right",
      -- The panel dragged back to the right: its travel over its width.
      distance = function(size) return panelWidth(size.width) end,
      -- Only a drag to the right, more across than down: a mostly vertical one belongs to the list inside, and one to
      -- the left to the panel's own rows (a swipe to delete).
      shouldBegin = function(g, size) return g.velocity.x > math.abs(g.velocity.y) end,
      completionCurve = "easeOut",
    },
  },
}

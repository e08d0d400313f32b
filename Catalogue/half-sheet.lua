-- Half sheet: Apple's "Creating Custom Presentations" (seed 000) as an entry.
-- The presented view covers half the screen from one edge over a dimming view
-- that fades in alongside the transition. The presentation controller owns the
-- dimming view: it removes it when a presentation is cancelled and after a
-- dismissal completes, and lays both views out again when the size changes.

-- Where the sheet sits in the container, for the chosen edge.
local function sheetFrame(bounds)
  local f = params.fraction
  if params.edge == "bottom" then return CGRect(0, bounds.height * (1 - f), bounds.width, bounds.height * f) end
  if params.edge == "top" then return CGRect(0, 0, bounds.width, bounds.height * f) end
  if params.edge == "left" then return CGRect(0, 0, bounds.width * f, bounds.height) end
  return CGRect(bounds.width * (1 - f), 0, bounds.width * f, bounds.height)
end

-- The same frame pushed just off the screen past its edge.
local function offscreen(frame, bounds)
  if params.edge == "bottom" then return frame:offsetBy(0, bounds.height - frame.minY) end
  if params.edge == "top" then return frame:offsetBy(0, -frame.maxY) end
  if params.edge == "left" then return frame:offsetBy(-frame.maxX, 0) end
  return frame:offsetBy(bounds.width - frame.minX, 0)
end

local dimming = require("dimming")

-- Reduce Motion: the view fades in and out where it rests instead of moving
-- (what UIKit's own transitions do with the setting on).
local function fadeInPlace(ctx, duration)
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  if presenting then
    view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    view.alpha = 0
    ctx.containerView:addSubview(view)
  end
  UIView.animate{
    duration = duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function() view.alpha = presenting and 1 or 0 end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then view.alpha = presenting and 0 or 1 end
      if not presenting and not cancelled then view:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

local function animateTransition(ctx)
  if UIAccessibility.isReduceMotionEnabled then return fadeInPlace(ctx, params.duration) end
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  local bounds = ctx.containerView.bounds
  -- Where it rests: its final frame coming in, where it is going out.
  local shown = view.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  local hidden = offscreen(shown, bounds)
  if presenting then
    view.frame = hidden
    ctx.containerView:addSubview(view)
  end
  UIView.animate{
    duration = params.duration,
    options = {ctx.isInteractive and "curveLinear" or "curveEaseInOut"},
    animations = function() view.frame = presenting and shown or hidden end,
    completion = function(finished)
      local cancelled = ctx:transitionWasCancelled()
      if cancelled then view.frame = presenting and hidden or shown end
      if not presenting and not cancelled then view:removeFromSuperview() end
      ctx:completeTransition(not cancelled)
    end,
  }
end

-- The sheet's size across its edge, and how far a finger has gone towards that edge.
local function sheetSize(size)
  local across = (params.edge == "bottom" or params.edge == "top") and size.height or size.width
  return across * params.fraction
end
local function towardsEdge(point)
  if params.edge == "top" then return -point.y elseif params.edge == "left" then return -point.x
  elseif params.edge == "right" then return point.x end
  return point.y
end

return {
  title = "Half sheet",
  summary = "Half the screen slides in from an edge over a dimmed presenter; drag it back to dismiss.",
  tags = {"sheet", "dimming", "interactive", "seed-000"},
  author = "Segue",
  source = "Apple, \"Creating Custom Presentations\" (seed 000): a presentation controller with a dimming view",
  parameters = {
    edge = {type = "string", default = "bottom", choices = {"bottom", "right", "left", "top"},
            description = "The edge the sheet comes from."},
    fraction = {type = "number", default = 0.5, min = 0.1, max = 1.0, description = "How much of the screen it covers."},
    dimming = {type = "number", default = 0.4, min = 0.0, max = 1.0, description = "Opacity of the black behind it."},
    duration = {type = "number", default = 0.35, min = 0.05, max = 5.0, description = "Seconds for the slide."},
  },
  presentationStyle = "custom",
  -- Over a dimming view that fades in alongside (_dimming.lua).
  presentationController = {
    frameOfPresentedViewInContainerView = function(self) return sheetFrame(self.containerView.bounds) end,
    presentationTransitionWillBegin = function(self) self.dimmingView = dimming.fadeIn(self, params.dimming) end,
    presentationTransitionDidEnd = function(self, completed)
      dimming.presented(self.dimmingView, completed)
      -- Apple's sample dismisses from its presenting controller when the dimming view is tapped.
      if completed then
        self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
          self.presentingViewController:dismiss(true)
        end})
      end
    end,
    dismissalTransitionWillBegin = function(self) dimming.fadeOut(self, self.dimmingView) end,
    dismissalTransitionDidEnd = function(self, completed) dimming.dismissed(self.dimmingView, completed) end,
    containerViewWillLayoutSubviews = function(self) dimming.layout(self, self.dimmingView) end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    -- Apple's custom presentation controller is dismissed by a tap on the
    -- dimming view and has no drag; a sheet at an edge is expected to be
    -- pushed back to it, so this pan does, with the rule of the Swipe demo in
    -- the same Apple sample ("Custom View Controller Presentations and
    -- Transitions", AAPLSwipeTransitionInteractionController): the percent is
    -- how far the sheet has gone back, and letting go at half or more
    -- finishes, whatever the speed. `direction` names the default's way, the
    -- functions follow `edge`.
    dismissal = {
      gesture = "pan", direction = "down",
      distance = function(size) return sheetSize(size) end,
      progress = function(g, size) return towardsEdge(g.translation) / sheetSize(size) end,
      shouldFinish = function(g, percent) return percent >= 0.5 end,
    },
  },
}

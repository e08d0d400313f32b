-- Toast: Loaf (schmidyy/Loaf), Android's toast for iOS. A small rounded
-- box, 280 × 40 points, springs up from below the bottom edge and fades in
-- above the home indicator; it stays for Loaf's default show duration,
-- .average, 4 s, then dismisses itself: it sinks back out and fades. A tap
-- on it dismisses it at once. No dimming: the app behind stays as it is,
-- and keeps its touches.
--
-- Read in Loaf's source (Sources/Loaf/): LoafViewController (Loaf.swift)
-- schedules its own dismissal in viewDidLoad with
-- DispatchQueue.main.asyncAfter(deadline: .now() + duration.length) and
-- dismisses on a tap on its view; Presenter/Manager.swift makes the
-- Animator with a 0.4 s duration; Presenter/Animator.swift animates the
-- frame and the alpha (0 to 1 in, 1 to 0 out) with UIView.animate, delay
-- 0, spring damping 0.8, initial velocity 0.65, curveEaseOut presenting and
-- curveEaseIn dismissing; Presenter/Controller.swift places the container
-- and the toast; Extensions.swift (presentToast) rounds its corners (6,
-- clipsToBounds). Loaf's defaults: location .bottom, both directions
-- .vertical, state .info (#34495e; success #2ecc71, warning #f1c40f, error
-- #e74c3c), width .fixed(280), height max(text + 12, 40): 40 for a line.
--
-- Loaf's Controller shrinks the container view itself to the toast's size,
-- so that the rest of the screen reaches the app behind: its bottom on the
-- safe area's bottom inset, its left edge a quarter of the room beside the
-- toast from the screen's left; the toast is then placed in it at the
-- container's centre x in the window less half its width, which centres it
-- on the screen. So the toast's right quarter of that room hangs outside
-- the container, where a tap goes through to the app behind (as on a
-- device: hit-testing stops at a superview's bounds). Loaf's waiting frames
-- are in the container's coordinates too: its height plus 60 below at
-- .bottom, as much above at .top, 60 below at .center; to the left or right,
-- twice its width from the container's edge. Loaf places the container once;
-- when the screen turns, autoresizing stretches it (in Segue's rotation the
-- toast then ends off screen), so here the container is placed again
-- whenever it lays out.
--
-- The delayed work: the timeout is scheduled as the presentation begins
-- (the presented controller's viewDidLoad, where Loaf schedules it, runs
-- just before), so the toast rests for `showFor` less the 0.4 s it takes
-- to come in, then dismisses itself. A tap first takes it away; UIKit then
-- ignores the timeout's dismiss of a controller no longer presented, which
-- Segue refuses, so the timeout skips it once a dismissal has begun.
-- Nothing else is simplified. With Reduce Motion on nothing slides: the
-- toast fades in and out where it rests, on Loaf's spring.

-- Loaf's State colours (UIColor(hexString:)).
local function stateColour(state)
  if state == "success" then return UIColor(0x2e / 255, 0xcc / 255, 0x71 / 255, 1) end
  if state == "warning" then return UIColor(0xf1 / 255, 0xc4 / 255, 0x0f / 255, 1) end
  if state == "error" then return UIColor(0xe7 / 255, 0x4c / 255, 0x3c / 255, 1) end
  return UIColor(0x34 / 255, 0x49 / 255, 0x5e / 255, 1)
end

-- Loaf's Controller.presentationTransitionWillBegin: the container shrinks to the toast's size; its bottom on the
-- safe area's bottom inset (10 points when there is none), its top 10 points under the top inset, or in the middle;
-- its left edge a quarter of the room beside the toast from the screen's left. `window` is the container's superview,
-- whose bounds and safe area the container had before.
local function containerFrame(window)
  local bounds, insets = window.bounds, window.safeAreaInsets
  local w, h = params.width, params.height
  local bottom = insets.bottom
  if bottom == 0 then bottom = 10 end
  local y = bounds.height - h - bottom
  if params.location == "top" then
    y = insets.top + 10
  elseif params.location == "center" then
    y = bounds.midY - h / 2
  end
  return CGRect((bounds.width - w) / 4, y, w, h)
end

-- Loaf's Controller.frameOfPresentedViewInContainerView: the toast's size, at the container's bottom, top or middle,
-- its x the container's centre in its superview's coordinates less half the toast (which centres the toast on the
-- screen once the container has its own place, below).
local function toastFrame(container)
  local w, h = params.width, params.height
  local x = container.center.x - w / 2
  if params.location == "top" then
    return CGRect(x, 0, w, h)
  elseif params.location == "center" then
    return CGRect(x, container.bounds.midY - h / 2, w, h)
  end
  return CGRect(x, container.bounds.height - h, w, h)
end

-- Where it waits off screen (Loaf's dismissedFrame in Animator.swift, in the container's coordinates): `side` -1 to
-- the left, 1 to the right, 0 vertically (Loaf's Direction).
local function waitingFrame(shown, side)
  local w, h = shown.width, shown.height
  if side < 0 then
    return CGRect(-w * 2, shown.minY, w, h)
  elseif side > 0 then
    return CGRect(w * 2, shown.minY, w, h)
  elseif params.location == "top" then
    return CGRect(shown.minX, -h - 60, w, h)
  elseif params.location == "center" then
    return CGRect(shown.minX, 60, w, h)
  end
  return CGRect(shown.minX, h + 60, w, h)
end

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local toast = ctx:viewForKey(presenting and "to" or "from")
  local shown = toast.frame
  if presenting then shown = ctx:finalFrame(ctx:viewControllerForKey("to")) end
  -- Reduce Motion: it waits where it rests, faded; nothing slides.
  local calm = UIAccessibility.isReduceMotionEnabled
  -- The way it comes in, or goes out.
  local side = 0.0
  if presenting then
    if params.presentingDirection == "left" then side = -1.0 elseif params.presentingDirection == "right" then side = 1.0 end
  else
    if params.dismissingDirection == "left" then side = -1.0 elseif params.dismissingDirection == "right" then side = 1.0 end
  end
  local hidden = waitingFrame(shown, side)
  if calm then hidden = shown end
  if presenting then ctx.containerView:addSubview(toast) end
  toast.alpha = presenting and 0 or 1
  toast.frame = presenting and hidden or shown

  -- Loaf's spring, for the slide and the fade alike (with Reduce Motion, the fade alone).
  UIView.animate{duration = params.duration, delay = 0, usingSpringWithDamping = 0.8, initialSpringVelocity = 0.65,
                 options = {presenting and "curveEaseOut" or "curveEaseIn"},
                 animations = function()
                   toast.frame = presenting and shown or hidden
                   toast.alpha = presenting and 1 or 0
                 end,
                 completion = function(finished)
                   local cancelled = ctx:transitionWasCancelled()
                   if cancelled then
                     toast.frame = presenting and hidden or shown
                     toast.alpha = presenting and 0 or 1
                   end
                   if not presenting and not cancelled then toast:removeFromSuperview() end
                   ctx:completeTransition(not cancelled)
                 end}
end

return {
  title = "Toast",
  summary = "A small box springs up above the bottom edge, stays 4 s and dismisses itself; tap it to dismiss sooner (Loaf).",
  tags = {"toast", "banner", "spring", "fade", "tap", "delayed"},
  author = "Segue",
  source = "Loaf (schmidyy/Loaf): 280 x 40, cornerRadius 6, location .bottom, directions .vertical, state .info, "
    .. "dismissed after Duration.average (4 s) by DispatchQueue.main.asyncAfter or on a tap; 0.4 s, spring damping 0.8, "
    .. "initial velocity 0.65, curveEaseOut in, curveEaseIn out, fading",
  parameters = {
    showFor = {type = "number", default = 4, min = 1, max = 8,
               description = "Seconds from the presentation to the self-dismissal (Loaf's Duration: .short 2, .average 4, .long 8)."},
    location = {type = "string", default = "bottom", choices = {"bottom", "top", "center"}, description = "Loaf's Location."},
    presentingDirection = {type = "string", default = "vertical", choices = {"vertical", "left", "right"},
                           description = "Where it comes from (Loaf's presentingDirection)."},
    dismissingDirection = {type = "string", default = "vertical", choices = {"vertical", "left", "right"},
                           description = "Where it goes (Loaf's dismissingDirection)."},
    state = {type = "string", default = "info", choices = {"info", "success", "warning", "error"},
             description = "Loaf's State: its background colour."},
    width = {type = "number", default = 280, min = 40, max = 1000, description = "Points wide (Loaf's Width.fixed(280))."},
    height = {type = "number", default = 40, min = 40, max = 400, description = "Points tall (Loaf: 40 for one line of text)."},
    -- Below showFor's least: a timeout that fired while the toast was still coming in would be refused by UIKit
    -- (a dismiss during a transition), and the toast would stay.
    duration = {type = "number", default = 0.4, min = 0.05, max = 0.9, description = "Seconds each way (Loaf's Animator)."},
  },
  presentationStyle = "custom",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self) return toastFrame(self.containerView) end,
    presentationTransitionWillBegin = function(self)
      local container = self.containerView
      local toast = self.presentedView
      -- The container shrinks to the toast: the rest of the screen reaches the app behind.
      container.frame = containerFrame(container.superview)
      -- What Loaf's presentToast and viewDidLoad set up: the colour, the rounded corners, the tap.
      toast.backgroundColor = stateColour(params.state)
      toast.layer.cornerRadius = 6
      toast.clipsToBounds = true
      toast:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
        self.presentedViewController:dismiss(true)
      end})
      -- Loaf's timeout: the toast dismisses itself `showFor` seconds on, unless it is on its way out already.
      -- (`leaving` is 1 once a dismissal is under way or done, 0 before: a number, as the export keeps no flags.)
      self.leaving = 0
      DispatchQueue.main:asyncAfter(params.showFor, function()
        if self.leaving == 0 then self.presentedViewController:dismiss(true) end
      end)
    end,
    -- Whether the toast is leaving (a tap took it away), for the timeout; a dismissal given up leaves it up again.
    dismissalTransitionWillBegin = function(self) self.leaving = 1 end,
    dismissalTransitionDidEnd = function(self, completed)
      if not completed then self.leaving = 0 end
    end,
    -- Loaf's: the toast at its frame; and the container placed again for the window's new size (Loaf's keeps the
    -- first place, stretched by autoresizing when the screen turns).
    containerViewWillLayoutSubviews = function(self)
      self.containerView.frame = containerFrame(self.containerView.superview)
      self.presentedView.frame = self.frameOfPresentedViewInContainerView
    end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
}

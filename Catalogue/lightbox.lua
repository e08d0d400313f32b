-- Lightbox: a card over the dimmed screen, presented over full
-- screen. That style keeps the presenting screen's views and has no
-- presentation controller of the entry's to lay anything out, so the
-- presented controller lays out its own card, in the overrides UIKit calls
-- on it (an app writes them in its view controller; `segue export` gives
-- it the two methods to call from them):
-- - viewWillLayoutSubviews centres the card at the largest 4:3 size that
--   leaves `margin` on every side (no wider than `maxWidth`), and gives its
--   shadow the card's rounded outline;
-- - viewWillTransition turns that outline along with the screen: a shadow
--   path is not animated by a UIView animation block (the layout pass runs
--   inside the rotation's), so it is animated on its own, with a
--   CABasicAnimation as long as the coordinator's transition.
-- The card comes in scaled down from `startScale` and fading, while the
-- presented screen's own background darkens to `dimming`; the dismissal
-- reverses both.

-- The card's size in a screen of `size`: 4:3, a margin all round, at most maxWidth wide.
local function cardSize(size)
  local width = math.min(size.width - params.margin * 2, params.maxWidth)
  local height = width * 3 / 4
  local tallest = size.height - params.margin * 2
  if height > tallest then
    height = tallest
    width = height * 4 / 3
  end
  return CGSize(width, height)
end

-- The card the animator put in the presented controller's view, found by its name (the app's own views are there too).
local function findCard(view)
  local card
  for _, subview in ipairs(view.subviews) do
    if subview.name == "card" then card = subview end
  end
  return card
end

-- Its shadow's outline, in the card's own coordinates.
local function outline(size)
  return UIBezierPath{roundedRect = CGRect(0, 0, size.width, size.height), cornerRadius = params.cornerRadius}
end

return {
  title = "Lightbox",
  summary = "A 4:3 card grows in over a darkening screen, presented over full screen and laid out by its own controller.",
  tags = {"overFullScreen", "card", "dimming", "layout"},
  author = "Segue",
  source = "UIKit: UIModalPresentationStyle.overFullScreen (the presenter's views stay; no presentation controller of the app's), "
    .. "the presented UIViewController's viewWillLayoutSubviews and viewWillTransition(to:with:)",
  parameters = {
    margin = {type = "number", default = 24, min = 0, max = 120, description = "Points left around the card."},
    maxWidth = {type = "number", default = 520, min = 100, max = 1200, description = "The card's widest, in points."},
    cornerRadius = {type = "number", default = 14, min = 0, max = 40, description = "The card's corner radius."},
    dimming = {type = "number", default = 0.6, min = 0.0, max = 1.0, description = "How dark the screen behind turns."},
    startScale = {type = "number", default = 0.85, min = 0.1, max = 1.0, description = "The card's scale as it starts to come in."},
    duration = {type = "number", default = 0.3, min = 0.05, max = 5.0, description = "Seconds each way."},
  },
  presentationStyle = "overFullScreen",
  -- The presented screen's root is clear: the presenting screen shows through it.
  screen = "clear",
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = function(ctx)
      if ctx.isPresenting then
        local controller = ctx:viewControllerForKey("to")
        local view = ctx:viewForKey("to")
        view.frame = ctx:finalFrame(controller)
        view.backgroundColor = UIColor(0, 0, 0, 0)
        local card = UIView.new{name = "card"}
        card.backgroundColor = UIColor(1, 1, 1, 1)
        card.layer.cornerRadius = params.cornerRadius
        card.layer.shadowOpacity = 0.3
        card.layer.shadowRadius = 16
        card.layer.shadowOffset = CGSize(0, 6)
        view:addSubview(card)
        card.alpha = 0
        card.transform = CGAffineTransformMakeScale(params.startScale, params.startScale)
        ctx.containerView:addSubview(view)
        -- The card is laid out by the controller's viewWillLayoutSubviews, once the view is in the window.
        UIView.animate{
          duration = params.duration, options = {"curveEaseOut"},
          animations = function()
            view.backgroundColor = UIColor(0, 0, 0, params.dimming)
            card.alpha = 1
            card.transform = CGAffineTransformIdentity
          end,
          completion = function(finished) ctx:completeTransition(not ctx:transitionWasCancelled()) end,
        }
      else
        local view = ctx:viewForKey("from")
        local card = findCard(ctx:viewControllerForKey("from").view)
        UIView.animate{
          duration = params.duration, options = {"curveEaseIn"},
          animations = function()
            view.backgroundColor = UIColor(0, 0, 0, 0)
            card.alpha = 0
            card.transform = CGAffineTransformMakeScale(params.startScale, params.startScale)
          end,
          completion = function(finished)
            local completed = not ctx:transitionWasCancelled()
            if completed then view:removeFromSuperview() end
            ctx:completeTransition(completed)
          end,
        }
      end
    end,
  },
  presentedViewController = {
    -- Centred at its size for the view's bounds; bounds and centre, not frame, as the card may be scaled.
    viewWillLayoutSubviews = function(controller)
      local card = findCard(controller.view)
      if card then
        local size = cardSize(controller.view.bounds.size)
        card.bounds = CGRect(0, 0, size.width, size.height)
        card.center = CGPoint(controller.view.bounds.midX, controller.view.bounds.midY)
        card.layer.shadowPath = outline(size)
      end
    end,
    -- The shadow's outline turns with the screen: from the card's size now to its size in the new one.
    viewWillTransition = function(controller, size, coordinator)
      local card = findCard(controller.view)
      if card then
        local turn = CABasicAnimation{keyPath = "shadowPath", fromValue = outline(card.bounds.size),
                                      toValue = outline(cardSize(size)), duration = coordinator.transitionDuration}
        card.layer:add(turn, "shadowPath")
      end
    end,
  },
}

-- Scroll sheet: a sheet holding a list, dragged down to dismiss from the list
-- itself. The sheet's pan recognizes together with the list's own pan (the
-- delegate's shouldRecognizeSimultaneously): while the list is scrolled down,
-- the drag scrolls it and the sheet stays; once the list is at its top, the
-- same drag moves the sheet, and the list is held at its top until the sheet
-- is back. An interaction controller of the entry's own does it, since only
-- the app's code knows what the list is doing.
--
-- The presented screen is the app's list (screen = "list"): it says which is
-- its list with setContentScrollView (iOS 15), where UIKit's own sheets look
-- for it, and the controller asks for it with contentScrollView(for: .top).
-- A screen with no list is dragged as a plain sheet.
--
-- A drag down begins UIKit's dismissal at its first movement, as any
-- interactive dismissal does, even one that only scrolls the list back: the
-- screens hear viewWillDisappear, then viewWillAppear when it is called off.
-- PanModal and UIKit's own sheets move the sheet themselves and dismiss at the
-- lift instead. A drag up, or across, only scrolls.

-- The sheet: the bottom `fraction` of the screen, its top corners rounded.
local function sheetFrame(bounds)
  local height = bounds.height * params.fraction
  return CGRect(0, bounds.height - height, bounds.width, height)
end

-- Where a fling would carry the sheet, and the sheet shown where the finger has it (_fling.lua).
local fling = require("fling")

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  local calm = UIAccessibility.isReduceMotionEnabled
  if presenting then
    view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    view.layer.cornerRadius = 16
    view.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
    view.clipsToBounds = true
  end
  -- Just below the screen, from where the sheet rests.
  local away = CGAffineTransformMakeTranslation(0, ctx.containerView.bounds.height - view.frame.minY)
  if presenting then
    if calm then view.alpha = 0 else view.transform = away end
    ctx.containerView:addSubview(view)
  end
  UIView.animate{
    duration = params.duration,
    options = {"curveEaseOut"},
    animations = function()
      if calm then
        view.alpha = presenting and 1 or 0
      else
        view.transform = presenting and CGAffineTransformIdentity or away
      end
    end,
    completion = function(finished)
      if not presenting then view:removeFromSuperview() end
      ctx:completeTransition(true)
    end,
  }
end

return {
  title = "Scroll sheet",
  summary = "A sheet holding a list: one drag down scrolls the list to its top, then pulls the sheet away.",
  tags = {"sheet", "interactive", "scroll-view", "physics"},
  author = "Segue",
  screen = "list",
  source = "PanModal (Slack): the sheet's pan recognizes with its scroll view's, moves the sheet only from the list's top "
    .. "and holds the list there while the sheet is pulled",
  parameters = {
    fraction = {type = "number", default = 0.85, min = 0.3, max = 1.0, description = "How much of the screen the sheet covers."},
    duration = {type = "number", default = 0.4, min = 0.05, max = 5.0, description = "Seconds for the slide."},
  },
  presentationStyle = "custom",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self) return sheetFrame(self.containerView.bounds) end,
    containerViewWillLayoutSubviews = function(self)
      self.presentedView.frame = self.frameOfPresentedViewInContainerView
    end,
  },
  animator = {
    transitionDuration = function(ctx) return params.duration end,
    animateTransition = animateTransition,
  },
  interaction = {
    dismissal = {
      gesture = "pan", direction = "down",
      -- The list's pan and the sheet's both follow the finger.
      shouldRecognizeSimultaneously = true,
      -- Only a drag down begins the dismissal; one up or across is the list's alone.
      shouldBegin = function(g, size) return g.velocity.y > math.abs(g.velocity.x) end,
      controller = {
        startInteractiveTransition = function(self, ctx)
          self.ctx = ctx
          self.view = ctx:viewForKey("from")
          self.list = ctx:viewControllerForKey("from"):contentScrollView("top")
          self.height = self.view.frame.height
          self.offset = 0
          self.last = 0
        end,
        changed = function(self, g)
          local step = g.translation.y - self.last
          self.last = g.translation.y
          -- The sheet at rest and the list scrolled, or the finger going up: the list has the movement.
          if self.list ~= nil then
            if self.offset <= 0 and (self.list.contentOffset.y > 0 or step < 0) then return end
            self.list.contentOffset = CGPoint(self.list.contentOffset.x, 0)
          end
          self.offset = math.max(self.offset + step, 0)
          fling.show(self.view, self.ctx, self.height, self.offset)
        end,
        ended = function(self, g)
          -- Thrown past halfway (by where the fling would carry it), the sheet goes; otherwise it comes back.
          local away = g.state == "ended" and self.offset > 0 and self.offset + fling.projection(g.velocity.y) > self.height / 2
          if away then self.ctx:finishInteractiveTransition() else self.ctx:cancelInteractiveTransition() end
          local target = away and self.height or 0
          UIView.animate{
            duration = 0.3,
            options = {"curveEaseOut"},
            animations = function()
              if UIAccessibility.isReduceMotionEnabled then
                self.view.alpha = away and 0 or 1
              else
                self.view.transform = CGAffineTransformMakeTranslation(0, target)
              end
            end,
            completion = function(finished)
              if away then self.view:removeFromSuperview() end
              self.ctx:completeTransition(away)
            end,
          }
        end,
      },
    },
  },
}

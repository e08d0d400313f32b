-- Fling sheet: a sheet that follows the finger and is thrown, the way
-- Apple's "Designing Fluid Interfaces" (WWDC 2018, session 803) builds
-- fluid interactions:
-- - dragged up past where it rests it resists, rubber-banding as a scroll
--   view does: an offset x shows as (1 - 1 / (x * 0.55 / d + 1)) * d for
--   the sheet's height d (UIScrollView's constant, 0.55);
-- - let go, it projects where the finger's speed would carry it as a scroll
--   view decelerates (UIScrollView.DecelerationRate.normal, 0.998 a
--   millisecond: v / 1000 * 0.998 / (1 - 0.998) points further), and goes
--   away when that lies past half its height;
-- - it then travels on a spring that starts at the finger's speed, given as
--   the talk gives springs: a response (the period, seconds) and a damping
--   ratio, stiffness (2π / response)² and damping 4π ζ / response for a
--   unit mass.
-- The drag is driven by an interaction controller of the entry's own, not
-- UIKit's percent-driven one: it moves the sheet itself, runs the spring on
-- a display link telling UIKit the percent at every frame, and finishes or
-- cancels when the spring comes to rest. Presented, it springs up from the
-- bottom; dismissed by the app, it slides down. With Reduce Motion on it
-- cross-fades, a drag fading it as far as it would have moved, on a spring
-- that does not overshoot.

-- The spring's position and speed t seconds after it left x0 at speed v0, pulled to `target`: the closed form of
-- x'' = -ω²(x - target) - 2ζωx', with ω = 2π / response.
local function spring(x0, v0, target, t, damping)
  local omega = 2 * math.pi / params.response
  local a = x0 - target
  if damping < 1 then
    local wd = omega * math.sqrt(1 - damping * damping)
    local b = (v0 + damping * omega * a) / wd
    local decay = math.exp(-damping * omega * t)
    local c = math.cos(wd * t)
    local s = math.sin(wd * t)
    return {position = target + decay * (a * c + b * s),
            speed = decay * ((b * wd - damping * omega * a) * c - (a * wd + damping * omega * b) * s)}
  end
  local b = v0 + omega * a
  local decay = math.exp(-omega * t)
  return {position = target + (a + b * t) * decay, speed = (b - omega * (a + b * t)) * decay}
end

-- How far past its rest an offset of `offset` shows, resisting as it goes (UIScrollView's rubber band).
local function rubberBand(offset, dimension)
  return (1 - 1 / (offset * 0.55 / dimension + 1)) * dimension
end

-- Where a fling would carry the sheet, and the sheet shown where the finger has it (_fling.lua).
local fling = require("fling")

local function animateTransition(ctx)
  local presenting = ctx.isPresenting
  local view = ctx:viewForKey(presenting and "to" or "from")
  if presenting then
    view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
    view.layer.cornerRadius = params.cornerRadius
    view.clipsToBounds = true
    view.layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
    ctx.containerView:addSubview(view)
  end
  local away = CGAffineTransformMakeTranslation(0, ctx.containerView.bounds.height - view.frame.minY)
  if UIAccessibility.isReduceMotionEnabled then
    if presenting then view.alpha = 0 end
    UIView.animate{
      duration = 0.3,
      animations = function() view.alpha = presenting and 1 or 0 end,
      completion = function(finished)
        if not presenting then view:removeFromSuperview() end
        ctx:completeTransition(true)
      end,
    }
    return
  end
  if presenting then view.transform = away end
  UIView.animate{
    duration = presenting and 0.5 or 0.3,
    usingSpringWithDamping = presenting and params.damping or 1, initialSpringVelocity = 0,
    options = {presenting and "curveEaseInOut" or "curveEaseIn"},
    animations = function() view.transform = presenting and CGAffineTransformIdentity or away end,
    completion = function(finished)
      if not presenting then view:removeFromSuperview() end
      ctx:completeTransition(true)
    end,
  }
end

return {
  title = "Fling sheet",
  summary = "A sheet that follows the finger, resists being pulled up, and is thrown away or springs back by where the fling would carry it.",
  tags = {"sheet", "interactive", "spring", "physics"},
  author = "Segue",
  source = "Apple WWDC 2018 session 803, Designing Fluid Interfaces: projection with UIScrollView.DecelerationRate.normal (0.998), "
    .. "rubber-banding (constant 0.55), springs by response and damping ratio; an interaction controller of its own",
  parameters = {
    topGap = {type = "number", default = 60, min = 0, max = 400, description = "Points of the screen left showing above the sheet."},
    cornerRadius = {type = "number", default = 12, min = 0, max = 40, description = "The sheet's top corners."},
    response = {type = "number", default = 0.4, min = 0.1, max = 2.0, description = "The spring's period, in seconds (its response)."},
    damping = {type = "number", default = 0.8, min = 0.1, max = 1.0, description = "The spring's damping ratio: 1 never overshoots."},
  },
  presentationStyle = "custom",
  presentationController = {
    frameOfPresentedViewInContainerView = function(self)
      local bounds = self.containerView.bounds
      return CGRect(0, params.topGap, bounds.width, bounds.height - params.topGap)
    end,
    containerViewWillLayoutSubviews = function(self)
      self.presentedView.frame = self.frameOfPresentedViewInContainerView
    end,
  },
  animator = {
    transitionDuration = function(ctx) return ctx.isPresenting and 0.5 or 0.3 end,
    animateTransition = animateTransition,
  },
  interaction = {
    dismissal = {
      gesture = "pan", direction = "down",
      controller = {
        startInteractiveTransition = function(self, ctx)
          self.ctx = ctx
          self.view = ctx:viewForKey("from")
          self.height = self.view.frame.height
          self.offset = 0
        end,
        -- The sheet under the finger: down freely, up against the rubber band.
        changed = function(self, g)
          local y = g.translation.y
          if y < 0 then y = -rubberBand(-y, self.height) end
          self.offset = y
          fling.show(self.view, self.ctx, self.height, y)
        end,
        -- Thrown: away when the fling would carry it past half its height (never when the system took the touch),
        -- otherwise back; on a spring from the finger's speed, finished or cancelled once it rests.
        ended = function(self, g)
          local away = g.state == "ended" and self.offset + fling.projection(g.velocity.y) > self.height / 2
          local target = away and self.height or 0
          local damping = UIAccessibility.isReduceMotionEnabled and 1 or params.damping
          local from = self.offset
          local speed = g.velocity.y
          -- The spring starts at the first refresh after the lift, and each frame shows it at the time that frame
          -- will be on screen (targetTimestamp), whatever frames were dropped on the way.
          local start = -1.0
          local settling = CADisplayLink.new(function(link)
            if start < 0 then start = link.timestamp end
            local elapsed = link.targetTimestamp - start
            local now = spring(from, speed, target, elapsed, damping)
            -- Thrown away it is done once it is off the screen; coming back, once it is still.
            local resting = (away and now.position >= target)
              or (math.abs(now.position - target) < 0.5 and math.abs(now.speed) < 20) or elapsed > 5
            fling.show(self.view, self.ctx, self.height, resting and target or now.position)
            if resting then
              link:invalidate()
              if away then
                self.ctx:finishInteractiveTransition()
                self.view:removeFromSuperview()
              else
                self.ctx:cancelInteractiveTransition()
              end
              self.ctx:completeTransition(away)
            end
          end)
          settling:add()
        end,
      },
    },
  },
}

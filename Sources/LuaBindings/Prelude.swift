import Geometry
import LuaRuntime
import RenderTree

/// Core Graphics' value types and UIColor for scripts, as Lua tables with
/// UIKit's field names. Run in each entry's sandbox before the entry; it
/// returns the metatables so the host can make values of the same kinds.
///
/// A rect keeps its origin and size as nested tables so that
/// `frame.origin.y = frame.size.height` reads as it does in Swift.
/// Transforms (CATransform3D…, CGAffineTransform…) are host functions:
/// their math lives in the Geometry module, once.
enum Prelude {
    static let chunkName = "=(segue prelude)"

    /// Compiled once per process: every sandbox loads the same bytecode.
    static let compiled = Result { () throws(LuaError) in try HostChunk(source: source, chunkName: chunkName) }

    /// UIKit's dynamic colours as a Lua table, `{name = {{r, g, b, a}, {r, g, b, a}}, …}` light then dark, from
    /// SystemPalette: the one table the painter and the verification layer read too.
    static let dynamicColors: String = {
        func components(_ c: Color) -> String { "{\(c.red), \(c.green), \(c.blue), \(c.alpha)}" }
        let pairs = SystemPalette.Dynamic.allCases.map { dynamic in
            "\(dynamic.rawValue) = {\(components(SystemPalette.light.color(dynamic))), \(components(SystemPalette.dark.color(dynamic)))}"
        }
        return "{" + pairs.joined(separator: ", ") + "}"
    }()

    static let source = #"""
    local setmetatable, getmetatable, rawget, type, error, tostring, min, max =
      setmetatable, getmetatable, rawget, type, error, tostring, math.min, math.max
    local format, gsub, pcall, select = string.format, string.gsub, pcall, select
    -- Captured before the entry runs: the host's own code must never call what
    -- a script put in their place (a pairs of its own was handed params' values).
    local pairs, ipairs, next, rawset, concat, sort = pairs, ipairs, next, rawset, table.concat, table.sort
    local abs, huge, byte, lower, sub = math.abs, math.huge, string.byte, string.lower, string.sub

    -- At most 64 bytes and "…", cut before a character's continuation bytes.
    local function shortened(key)
      local text = tostring(key)
      if #text <= 64 then return text end
      local cut = 64
      while cut > 0 and byte(text, cut + 1) >= 0x80 and byte(text, cut + 1) < 0xC0 do cut = cut - 1 end
      return sub(text, 1, cut) .. "…"
    end

    local function nearest(key, names)
      local a = lower(tostring(key))
      if #a > 64 then return nil end
      -- Edit distance (insertions, deletions, changes), one row at a time:
      -- "isReducedMotion" is one letter from "isReduceMotion".
      local function distance(b)
        local previous = {}
        for j = 0, #b do previous[j] = j end
        for i = 1, #a do
          local current = {[0] = i}
          local ai = byte(a, i)
          for j = 1, #b do
            local cost = ai == byte(b, j) and 0 or 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
          end
          previous = current
        end
        return previous[#b]
      end
      local best, bestScore = nil, huge
      for _, name in ipairs(names) do
        local score = distance(lower(name))
        if score < bestScore then best, bestScore = name, score end
      end
      return best and bestScore <= 3 and best or nil
    end

    local function suggest(kind, key, names)
      local best = nearest(key, names)
      local hint = best and (": did you mean '" .. best .. "'?") or ""
      error(kind .. " has no field '" .. shortened(key) .. "'" .. hint, 3)
    end

    local function number(value, what)
      if type(value) ~= "number" then error(what .. " must be a number, got " .. type(value), 3) end
      return value
    end

    -- CGPoint, CGSize ---------------------------------------------------------

    local Point = {__name = "CGPoint"}
    local Size = {__name = "CGSize"}
    local pointMethods, sizeMethods = {}, {}
    Point.__index = function(_, k) return pointMethods[k] or suggest("CGPoint", k, {"x", "y", "offsetBy"}) end
    Size.__index = function(_, k) return sizeMethods[k] or suggest("CGSize", k, {"width", "height"}) end
    Point.__eq = function(a, b) return a.x == b.x and a.y == b.y end
    Size.__eq = function(a, b) return a.width == b.width and a.height == b.height end
    Point.__tostring = function(p) return format("CGPoint(x: %g, y: %g)", p.x, p.y) end
    Size.__tostring = function(s) return format("CGSize(width: %g, height: %g)", s.width, s.height) end

    local function point(x, y) return setmetatable({x = number(x or 0, "x"), y = number(y or 0, "y")}, Point) end
    local function size(w, h) return setmetatable({width = number(w or 0, "width"), height = number(h or 0, "height")}, Size) end
    function pointMethods.offsetBy(p, dx, dy) return point(p.x + (dx or 0), p.y + (dy or 0)) end

    -- CGRect ------------------------------------------------------------------

    local Rect = {__name = "CGRect"}
    local rectMethods = {}
    local rectFields = {
      x = function(r) return r.origin.x end, y = function(r) return r.origin.y end,
      width = function(r) return abs(r.size.width) end, height = function(r) return abs(r.size.height) end,
      minX = function(r) return min(r.origin.x, r.origin.x + r.size.width) end,
      maxX = function(r) return max(r.origin.x, r.origin.x + r.size.width) end,
      minY = function(r) return min(r.origin.y, r.origin.y + r.size.height) end,
      maxY = function(r) return max(r.origin.y, r.origin.y + r.size.height) end,
      midX = function(r) return r.origin.x + r.size.width / 2 end,
      midY = function(r) return r.origin.y + r.size.height / 2 end,
      isEmpty = function(r) return r.size.width == 0 or r.size.height == 0 end,
    }
    local rectNames = {"origin", "size", "x", "y", "width", "height", "minX", "midX", "maxX", "minY", "midY", "maxY",
      "isEmpty", "offsetBy", "insetBy", "intersection", "union", "contains", "intersects", "standardized"}
    Rect.__index = function(r, k)
      local field = rectFields[k]
      if field then return field(r) end
      return rectMethods[k] or suggest("CGRect", k, rectNames)
    end
    Rect.__newindex = function(r, k, v)
      if k == "x" then r.origin.x = number(v, "x") elseif k == "y" then r.origin.y = number(v, "y")
      elseif k == "width" then r.size.width = number(v, "width") elseif k == "height" then r.size.height = number(v, "height")
      else suggest("CGRect (settable)", k, {"origin", "size", "x", "y", "width", "height"}) end
    end
    Rect.__eq = function(a, b) return a.origin == b.origin and a.size == b.size end
    Rect.__tostring = function(r)
      return format("CGRect(x: %g, y: %g, width: %g, height: %g)", r.origin.x, r.origin.y, r.size.width, r.size.height)
    end

    local function rect(x, y, w, h)
      return setmetatable({origin = point(x, y), size = size(w, h)}, Rect)
    end
    function rectMethods.offsetBy(r, dx, dy) return rect(r.origin.x + (dx or 0), r.origin.y + (dy or 0), r.size.width, r.size.height) end
    function rectMethods.insetBy(r, dx, dy) return rect(r.minX + dx, r.minY + dy, r.width - 2 * dx, r.height - 2 * dy) end
    function rectMethods.standardized(r) return rect(r.minX, r.minY, r.width, r.height) end
    function rectMethods.intersection(a, b)
      local x0, x1, y0, y1 = max(a.minX, b.minX), min(a.maxX, b.maxX), max(a.minY, b.minY), min(a.maxY, b.maxY)
      if x0 > x1 or y0 > y1 then return rect(huge, huge, 0, 0) end
      return rect(x0, y0, x1 - x0, y1 - y0)
    end
    function rectMethods.intersects(a, b)
      return max(a.minX, b.minX) < min(a.maxX, b.maxX) and max(a.minY, b.minY) < min(a.maxY, b.maxY)
    end
    function rectMethods.union(a, b)
      local x0, y0 = min(a.minX, b.minX), min(a.minY, b.minY)
      return rect(x0, y0, max(a.maxX, b.maxX) - x0, max(a.maxY, b.maxY) - y0)
    end
    function rectMethods.contains(r, p)
      if getmetatable(p) == "CGRect" then
        return p.minX >= r.minX and p.maxX <= r.maxX and p.minY >= r.minY and p.maxY <= r.maxY
      end
      return p.x >= r.minX and p.x < r.maxX and p.y >= r.minY and p.y < r.maxY
    end

    -- Constructors with Swift's labels and C's names ---------------------------

    -- A constructor's mistakes are the caller's: whatever line inside the
    -- prelude raised one, it is reported at the script's call (tail calls
    -- make the prelude's own levels unreliable).
    local function located(construct)
      return function(_, ...)
        local ok, result = pcall(construct, ...)
        if ok then return result end
        if type(result) == "string" then result = gsub(result, "^.-:%d+: ", "", 1) end
        error(result, 2)
      end
    end

    local function api(kind, construct, statics)
      return setmetatable({}, {
        __metatable = false,
        __call = located(construct),
        __index = function(_, k)
          local make = statics[k]
          if make then return make() end
          suggest(kind, k, (function() local n = {} for name in pairs(statics) do n[#n + 1] = name end return n end)())
        end,
        -- UIKit's names are constants: UIColor.systemBackground = … would change every later read.
        __newindex = function(_, k)
          error(kind .. "." .. tostring(k) .. " cannot be set: " .. kind .. "'s names are UIKit's", 2)
        end,
      })
    end

    CGPoint = api("CGPoint", function(a, b)
      if type(a) == "table" then return point(a.x, a.y) end
      return point(a, b)
    end, {zero = function() return point(0, 0) end})

    CGSize = api("CGSize", function(a, b)
      if type(a) == "table" then return size(a.width, a.height) end
      return size(a, b)
    end, {zero = function() return size(0, 0) end})

    CGRect = api("CGRect", function(a, b, c, d)
      if type(a) == "table" then
        if a.origin or a.size then
          local o, s = a.origin or point(0, 0), a.size or size(0, 0)
          return rect(o.x, o.y, s.width, s.height)
        end
        return rect(a.x or 0, a.y or 0, a.width or 0, a.height or 0)
      end
      return rect(a or 0, b or 0, c or 0, d or 0)
    end, {zero = function() return rect(0, 0, 0, 0) end, null = function() return rect(huge, huge, 0, 0) end})

    -- UILayoutPriority's published levels (systemLayoutSizeFitting's priorities), or one of 1 to 1000.
    UILayoutPriority = api("UILayoutPriority", function(v)
      if type(v) ~= "number" or v ~= v or v < 1 or v > 1000 then error("UILayoutPriority takes a number from 1 to 1000", 2) end
      return v
    end, {required = function() return 1000 end, defaultHigh = function() return 750 end,
          defaultLow = function() return 250 end, fittingSizeLevel = function() return 50 end})

    CGRectMake, CGPointMake, CGSizeMake = rect, point, size
    function CGRectGetMinX(r) return r.minX end
    function CGRectGetMidX(r) return r.midX end
    function CGRectGetMaxX(r) return r.maxX end
    function CGRectGetMinY(r) return r.minY end
    function CGRectGetMidY(r) return r.midY end
    function CGRectGetMaxY(r) return r.maxY end
    function CGRectGetWidth(r) return r.width end
    function CGRectGetHeight(r) return r.height end
    function CGRectOffset(r, dx, dy) return r:offsetBy(dx, dy) end
    function CGRectInset(r, dx, dy) return r:insetBy(dx, dy) end
    function CGRectIntersection(a, b) return a:intersection(b) end
    function CGRectUnion(a, b) return a:union(b) end
    function CGRectContainsPoint(r, p) return r:contains(p) end
    function CGRectContainsRect(r, o) return r:contains(o) end
    function CGRectIntersectsRect(a, b) return a:intersects(b) end
    function CGRectEqualToRect(a, b) return a == b end

    -- UIColor --------------------------------------------------------------------

    local Color = {__name = "UIColor"}
    local colorMethods = {}
    Color.__index = function(c, k)
      -- layer.shadowColor = UIColor.black.cgColor: the same colour.
      if k == "cgColor" then return c end
      return colorMethods[k] or suggest("UIColor", k, {"red", "green", "blue", "alpha", "withAlphaComponent", "cgColor"})
    end
    Color.__eq = function(a, b) return a.red == b.red and a.green == b.green and a.blue == b.blue and a.alpha == b.alpha end
    Color.__tostring = function(c) return format("UIColor(red: %g, green: %g, blue: %g, alpha: %g)", c.red, c.green, c.blue, c.alpha) end
    local function color(r, g, b, a)
      return setmetatable({red = number(r, "red"), green = number(g, "green"), blue = number(b, "blue"), alpha = number(a or 1, "alpha")}, Color)
    end
    function colorMethods.withAlphaComponent(c, a) return color(c.red, c.green, c.blue, a) end
    local named = {
      black = {0, 0, 0}, white = {1, 1, 1}, red = {1, 0, 0}, green = {0, 1, 0}, blue = {0, 0, 1},
      gray = {0.5, 0.5, 0.5}, darkGray = {1 / 3, 1 / 3, 1 / 3}, lightGray = {2 / 3, 2 / 3, 2 / 3},
    }
    local statics = {clear = function() return color(0, 0, 0, 0) end}
    for name, rgb in pairs(named) do statics[name] = function() return color(rgb[1], rgb[2], rgb[3], 1) end end
    -- UIKit's dynamic system colours, light and dark (RenderTree's SystemPalette), resolved when read in the
    -- run's style (--appearance), which the host answers: the sandbox is made once for many runs. Their table is
    -- made at the first read: most entries read none.
    local isDark = function() return false end
    local dynamicColors
    local function dynamic(name)
      dynamicColors = dynamicColors or \#(Prelude.dynamicColors)
      local c = dynamicColors[name][isDark() and 2 or 1]
      return color(c[1], c[2], c[3], c[4])
    end
    for _, name in ipairs({\#(SystemPalette.Dynamic.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))}) do
      statics[name] = function() return dynamic(name) end
    end
    local function makeAppearance(runIsDark) isDark = runIsDark end
    UIColor = api("UIColor", function(a, g, b, alpha)
      if type(a) == "table" then
        if a.white then return color(a.white, a.white, a.white, a.alpha) end
        return color(a.red or 0, a.green or 0, a.blue or 0, a.alpha)
      end
      return color(a, g, b, alpha)
    end, statics)

    -- UIBezierPath: a rect, a rounded rect or an oval (UIBezierPath(rect),
    -- UIBezierPath{rect = r}, {roundedRect = r, cornerRadius = 12}, {ovalIn = r}),
    -- or a path built element by element from UIBezierPath() or
    -- UIBezierPath{arcCenter =, radius =, startAngle =, endAngle =, clockwise =}.
    -- .cgPath is the same value. A built path keeps its elements in a flat
    -- list (an operation, then its points' coordinates: 1 move, 2 line,
    -- 3 quadratic curve (control, end), 4 cubic curve (controls, end),
    -- 5 close), read by the host when a layer takes it.
    local Path = {__name = "UIBezierPath"}
    local pathMethods = {}
    local sin, cos, tan, floor, ceil, pi = math.sin, math.cos, math.tan, math.floor, math.ceil, math.pi
    local pathElementLimit = \#(PathShape.elementLimit)
    Path.__index = function(p, k)
      if k == "cgPath" then
        -- UIKit's cgPath is an immutable copy: what the path becomes later does not change it.
        if p.kind ~= "path" or rawget(p, "frozen") then return p end
        local copy, list = {}, p.elements
        for i = 1, #list do copy[i] = list[i] end
        return setmetatable({kind = "path", elements = copy, n = p.n, frozen = true}, Path)
      end
      if k == "bounds" then
        if p.kind ~= "path" then return rect(p.rect.x, p.rect.y, p.rect.width, p.rect.height) end
        -- CGPath's boundingBox: every point, control points included.
        local list, i, x0, y0, x1, y1 = p.elements, 1, nil, nil, nil, nil
        while i <= #list do
          local count = ({1, 1, 2, 3, 0})[list[i]]
          if not count then error("a UIBezierPath's elements were changed by hand", 2) end
          for j = 1, count do
            local x, y = list[i + 2 * j - 1], list[i + 2 * j]
            if type(x) ~= "number" or type(y) ~= "number" then error("a UIBezierPath's elements were changed by hand", 2) end
            x0, y0 = x0 and min(x0, x) or x, y0 and min(y0, y) or y
            x1, y1 = x1 and max(x1, x) or x, y1 and max(y1, y) or y
          end
          i = i + 1 + 2 * count
        end
        if not x0 then return rect(0, 0, 0, 0) end
        return rect(x0, y0, x1 - x0, y1 - y0)
      end
      if k == "currentPoint" then
        if p.kind ~= "path" then
          -- Core Graphics ends a rect, oval or rounded rect where its own construction starts, which UIKit does not document.
          error("the currentPoint of a " .. p.kind .. " path is not known here: build the path with UIBezierPath() to know it", 2)
        end
        if rawget(p, "x") == nil then return point(0, 0) end
        return point(rawget(p, "x"), rawget(p, "y"))
      end
      if k == "isEmpty" then return p.kind == "path" and p.n == 0 end
      return pathMethods[k] or suggest("UIBezierPath", k, {"cgPath", "bounds", "currentPoint", "isEmpty", "move", "addLine",
        "addQuadCurve", "addCurve", "addArc", "close"})
    end
    Path.__newindex = function() error("a UIBezierPath's fields cannot be set; build it with move, addLine, addCurve and the rest", 2) end
    local function pathRect(value, label)
      if type(value) ~= "table" or type(value.width) ~= "number" then
        error("UIBezierPath's '" .. label .. "' must be a CGRect", 3)
      end
      return CGRect(value)
    end
    local pathArguments = {rect = true, roundedRect = true, cornerRadius = true, ovalIn = true, arcCenter = true, radius = true,
      startAngle = true, endAngle = true, clockwise = true}
    local function newPath()
      return setmetatable({kind = "path", elements = {}, n = 0}, Path)
    end
    -- A finite coordinate pair from a CGPoint argument.
    local function pathPoint(value, what)
      if type(value) ~= "table" or type(value.x) ~= "number" or type(value.y) ~= "number" then
        error(what .. " must be a CGPoint, got " .. type(value), 3)
      end
      local x, y = value.x, value.y
      if x ~= x or y ~= y or abs(x) == huge or abs(y) == huge then error(what .. " must be finite", 3) end
      return x, y
    end
    local function append(p, what, op, ...)
      if getmetatable(p) ~= "UIBezierPath" or p.kind ~= "path" then
        error("UIBezierPath:" .. what .. " adds to a path made by UIBezierPath() (a rect, rounded rect or oval path is fixed)", 3)
      end
      if rawget(p, "frozen") then error("a cgPath cannot be changed: change the UIBezierPath it came from and read its cgPath again", 3) end
      if p.n >= pathElementLimit then error("a UIBezierPath holds at most " .. pathElementLimit .. " elements", 3) end
      local list, values = p.elements, {...}
      for _, v in ipairs(values) do
        if v ~= v or abs(v) == huge then error("UIBezierPath:" .. what .. "'s points are past a number's range", 3) end
      end
      list[#list + 1] = op
      for _, v in ipairs(values) do list[#list + 1] = v end
      rawset(p, "n", p.n + 1)
    end
    local function needsPoint(p, what)
      if type(p) == "table" and rawget(p, "frozen") then error("a cgPath cannot be changed: change the UIBezierPath it came from", 3) end
      if getmetatable(p) == "UIBezierPath" and p.kind == "path" and rawget(p, "x") == nil then
        error("UIBezierPath:" .. what .. " needs a current point: call move(to) first", 3)
      end
    end
    function pathMethods.move(p, to)
      local x, y = pathPoint(to, "move's point")
      append(p, "move", 1, x, y)
      rawset(p, "x", x); rawset(p, "y", y); rawset(p, "sx", x); rawset(p, "sy", y)
    end
    function pathMethods.addLine(p, to)
      needsPoint(p, "addLine")
      local x, y = pathPoint(to, "addLine's point")
      append(p, "addLine", 2, x, y)
      rawset(p, "x", x); rawset(p, "y", y)
    end
    function pathMethods.addQuadCurve(p, to, controlPoint)
      needsPoint(p, "addQuadCurve")
      local x, y = pathPoint(to, "addQuadCurve's end point")
      local cx, cy = pathPoint(controlPoint, "addQuadCurve's control point")
      append(p, "addQuadCurve", 3, cx, cy, x, y)
      rawset(p, "x", x); rawset(p, "y", y)
    end
    function pathMethods.addCurve(p, to, controlPoint1, controlPoint2)
      needsPoint(p, "addCurve")
      local x, y = pathPoint(to, "addCurve's end point")
      local ax, ay = pathPoint(controlPoint1, "addCurve's controlPoint1")
      local bx, by = pathPoint(controlPoint2, "addCurve's controlPoint2")
      append(p, "addCurve", 4, ax, ay, bx, by, x, y)
      rawset(p, "x", x); rawset(p, "y", y)
    end
    function pathMethods.close(p)
      if type(p) == "table" and rawget(p, "frozen") then error("a cgPath cannot be changed: change the UIBezierPath it came from", 2) end
      if rawget(p, "x") ~= nil then
        append(p, "close", 5)
        rawset(p, "x", rawget(p, "sx")); rawset(p, "y", rawget(p, "sy"))
      end
    end
    -- An arc of the circle about center, from startAngle to endAngle (radians
    -- from the x axis; clockwise on screen, y being down, when clockwise is
    -- true), as Core Graphics makes it: a line from the current point to its
    -- start (a move when there is none), then a cubic curve for each quarter
    -- turn or less, its controls at 4/3 tan(angle / 4) of the radius along the
    -- tangents. At most one whole turn.
    function pathMethods.addArc(p, center, radius, startAngle, endAngle, clockwise)
      local cx, cy = pathPoint(center, "addArc's center")
      for _, v in ipairs({{radius, "radius"}, {startAngle, "startAngle"}, {endAngle, "endAngle"}}) do
        if type(v[1]) ~= "number" or v[1] ~= v[1] or abs(v[1]) == huge then error("addArc's " .. v[2] .. " must be a finite number", 2) end
      end
      if type(clockwise) ~= "boolean" then error("addArc's clockwise must be true or false", 2) end
      local sweep = endAngle - startAngle
      if sweep ~= sweep or abs(sweep) == huge then error("addArc's angles are too far apart to measure the arc between them", 2) end
      if clockwise then
        if sweep >= 2 * pi then sweep = 2 * pi elseif sweep < 0 then sweep = sweep - 2 * pi * floor(sweep / (2 * pi)) end
      else
        if sweep <= -2 * pi then sweep = -2 * pi elseif sweep > 0 then sweep = sweep - 2 * pi * ceil(sweep / (2 * pi)) end
      end
      local function at(angle)
        local x, y = cx + radius * cos(angle), cy + radius * sin(angle)
        if x ~= x or y ~= y or abs(x) == huge or abs(y) == huge then error("addArc's points are past a number's range", 3) end
        return x, y
      end
      local x, y = at(startAngle)
      if getmetatable(p) == "UIBezierPath" and p.kind == "path" and rawget(p, "x") ~= nil then
        append(p, "addArc", 2, x, y)
      else
        append(p, "addArc", 1, x, y); rawset(p, "sx", x); rawset(p, "sy", y)
      end
      local pieces = max(1, ceil(abs(sweep) / (pi / 2) - 1e-9))
      local step = sweep / pieces
      local k = 4 / 3 * tan(step / 4) * radius
      local a0 = startAngle
      for _ = 1, pieces do
        local a1 = a0 + step
        local x0, y0 = at(a0)
        local x1, y1 = at(a1)
        append(p, "addArc", 4, x0 - k * sin(a0), y0 + k * cos(a0), x1 + k * sin(a1), y1 - k * cos(a1), x1, y1)
        a0 = a1
      end
      local ex, ey = at(startAngle + sweep)
      rawset(p, "x", ex); rawset(p, "y", ey)
    end
    UIBezierPath = setmetatable({}, {
      __metatable = false,
      __call = located(function(a)
        if a == nil then return newPath() end
        if type(a) ~= "table" then error("UIBezierPath takes nothing, a CGRect or {rect =}, {roundedRect =, cornerRadius =}, {ovalIn =} or {arcCenter =, radius =, startAngle =, endAngle =, clockwise =}", 2) end
        if getmetatable(a) == "CGRect" then return setmetatable({kind = "rect", rect = a}, Path) end
        local given = 0
        for k in pairs(a) do
          given = given + 1
          if not pathArguments[k] then
            local best = nearest(k, {"rect", "roundedRect", "cornerRadius", "ovalIn", "arcCenter", "radius", "startAngle", "endAngle", "clockwise"})
            error("UIBezierPath has no argument '" .. shortened(k) .. "'" .. (best and ("; did you mean '" .. best .. "'?") or ""), 2)
          end
        end
        if a.rect then return setmetatable({kind = "rect", rect = pathRect(a.rect, "rect")}, Path) end
        if a.ovalIn then return setmetatable({kind = "oval", rect = pathRect(a.ovalIn, "ovalIn")}, Path) end
        if a.roundedRect then
          local radius = number(a.cornerRadius or 0, "cornerRadius")
          if radius ~= radius or radius < 0 or radius == huge then error("'cornerRadius' must be a finite number, at least 0", 2) end
          return setmetatable({kind = "roundedRect", rect = pathRect(a.roundedRect, "roundedRect"), cornerRadius = radius}, Path)
        end
        if a.arcCenter then
          local p = newPath()
          pathMethods.addArc(p, a.arcCenter, a.radius, a.startAngle, a.endAngle, a.clockwise)
          return p
        end
        error("UIBezierPath takes nothing, a CGRect or {rect =}, {roundedRect =, cornerRadius =}, {ovalIn =} or {arcCenter =, radius =, startAngle =, endAngle =, clockwise =}", 2)
      end),
      __index = function(_, k) suggest("UIBezierPath", k, {}) end,
    })

    -- Timing functions: a cubic Bézier from (0, 0) to (1, 1) through two
    -- control points, whose x must stay within 0…1 so time runs forwards.
    -- CAMediaTimingFunction and UICubicTimingParameters make the same value.

    local Timing = {__name = "CAMediaTimingFunction"}
    Timing.__index = function(_, k) suggest("CAMediaTimingFunction", k, {"controlPoints"}) end
    Timing.__newindex = function() error("a timing function cannot be changed; make a new one", 2) end
    Timing.__tostring = function(t)
      local p = t.controlPoints
      return format("CAMediaTimingFunction(controlPoints: %g, %g, %g, %g)", p[1], p[2], p[3], p[4])
    end
    local function timing(x1, y1, x2, y2)
      local points = {number(x1, "c1x"), number(y1, "c1y"), number(x2, "c2x"), number(y2, "c2y")}
      for i, v in ipairs(points) do
        if v ~= v or v == huge or v == -huge then error("a timing function's control points must be finite numbers", 3) end
        if (i == 1 or i == 3) and (v < 0 or v > 1) then
          error(format("a timing function's control points must have x within 0…1 (time only runs forwards); got %g", v), 3)
        end
      end
      return setmetatable({controlPoints = points}, Timing)
    end
    -- Apple documents these control points for its named curves.
    local curves = {
      linear = {0, 0, 1, 1}, easeIn = {0.42, 0, 1, 1}, easeOut = {0, 0, 0.58, 1},
      easeInEaseOut = {0.42, 0, 0.58, 1}, easeInOut = {0.42, 0, 0.58, 1}, default = {0.25, 0.1, 0.25, 1},
    }
    local function namedTiming(kind, name, names)
      local p = curves[name]
      if not p or not names[name] then
        local list = {}
        for n in pairs(names) do list[#list + 1] = n end
        sort(list)
        local best = nearest(name, list)
        error(kind .. " has no curve '" .. shortened(name) .. "'" .. (best and ("; did you mean '" .. best .. "'?") or "")
          .. " (" .. concat(list, ", ") .. ")", 3)
      end
      return timing(p[1], p[2], p[3], p[4])
    end
    local mediaNames = {linear = true, easeIn = true, easeOut = true, easeInEaseOut = true, default = true}
    local mediaStatics = {}
    for name in pairs(mediaNames) do mediaStatics[name] = function() return namedTiming("CAMediaTimingFunction", name, mediaNames) end end
    -- CAMediaTimingFunction(0.4, 0, 0.2, 1), CAMediaTimingFunction("easeOut") or CAMediaTimingFunction.easeOut.
    CAMediaTimingFunction = api("CAMediaTimingFunction", function(...)
      local a, b, c, d = ...
      if type(a) == "string" then return namedTiming("CAMediaTimingFunction", a, mediaNames) end
      if select("#", ...) ~= 4 then error("CAMediaTimingFunction takes four control-point numbers (c1x, c1y, c2x, c2y) or a curve's name", 2) end
      return timing(a, b, c, d)
    end, mediaStatics)
    -- UICubicTimingParameters(CGPoint(0.4, 0), CGPoint(0.2, 1)) or UICubicTimingParameters("easeOut") (a UIView.AnimationCurve).
    local animationCurves = {linear = true, easeIn = true, easeOut = true, easeInOut = true}
    UICubicTimingParameters = api("UICubicTimingParameters", function(a, b)
      if type(a) == "string" then return namedTiming("UICubicTimingParameters", a, animationCurves) end
      if type(a) ~= "table" or type(b) ~= "table" then
        error("UICubicTimingParameters takes two control points, like UICubicTimingParameters(CGPoint(0.4, 0), CGPoint(0.2, 1)), "
          .. "or a curve's name", 2)
      end
      return timing(a.x, a.y, b.x, b.y)
    end, {})

    -- Transforms: the math is the host's (CATransform3D…, CGAffineTransform… globals).

    local Transform = {__name = "CATransform3D"}
    local fields3D = {"m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                      "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"}
    Transform.__eq = function(a, b)
      for _, f in ipairs(fields3D) do if a[f] ~= b[f] then return false end end
      return true
    end
    Transform.__tostring = function(t)
      return format("CATransform3D(m11: %g, m12: %g, m13: %g, m14: %g, m21: %g, m22: %g, m23: %g, m24: %g, "
        .. "m31: %g, m32: %g, m33: %g, m34: %g, m41: %g, m42: %g, m43: %g, m44: %g)",
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44)
    end

    local Affine = {__name = "CGAffineTransform"}
    local affineMethods = {
      translatedBy = function(t, x, y) return CGAffineTransformTranslate(t, x, y) end,
      scaledBy = function(t, x, y) return CGAffineTransformScale(t, x, y) end,
      rotated = function(t, angle) return CGAffineTransformRotate(t, angle) end,
      concatenating = function(t, u) return CGAffineTransformConcat(t, u) end,
      inverted = function(t) return CGAffineTransformInvert(t) end,
    }
    Affine.__index = function(_, k)
      return affineMethods[k] or suggest("CGAffineTransform", k, {"a", "b", "c", "d", "tx", "ty",
        "translatedBy", "scaledBy", "rotated", "concatenating", "inverted"})
    end
    Affine.__eq = function(a, b) return a.a == b.a and a.b == b.b and a.c == b.c and a.d == b.d and a.tx == b.tx and a.ty == b.ty end
    Affine.__tostring = function(t) return format("CGAffineTransform(a: %g, b: %g, c: %g, d: %g, tx: %g, ty: %g)", t.a, t.b, t.c, t.d, t.tx, t.ty) end

    CGAffineTransform = api("CGAffineTransform", function(a)
      if type(a) ~= "table" then
        error("CGAffineTransform takes a table, {translationX =, y =}, {scaleX =, y =} or {rotationAngle =}, not numbers; "
              .. "or write CGAffineTransformMakeScale(sx, sy), CGAffineTransformMakeTranslation(x, y) or "
              .. "CGAffineTransformMakeRotation(angle), the forms segue export translates", 2)
      end
      if a.translationX then return CGAffineTransformMakeTranslation(a.translationX, a.y or 0) end
      if a.scaleX then return CGAffineTransformMakeScale(a.scaleX, a.y or a.scaleX) end
      if a.rotationAngle then return CGAffineTransformMakeRotation(a.rotationAngle) end
      return CGAffineTransformMakeTranslation(0, 0)
    end, {identity = function() return CGAffineTransformMakeTranslation(0, 0) end})

    -- Values UIKit spells as constants are made fresh on each use, because
    -- scripts change them in place (t.m34 = -1 / 1000).
    local constants = {
      CATransform3DIdentity = function() return CATransform3DMakeTranslation(0, 0, 0) end,
      CGAffineTransformIdentity = function() return CGAffineTransformMakeTranslation(0, 0) end,
      CGRectZero = function() return rect(0, 0, 0, 0) end,
      CGPointZero = function() return point(0, 0) end,
      CGSizeZero = function() return size(0, 0) end,
    }
    setmetatable(_G, {__index = function(_, k) local make = constants[k] return make and make() end, __metatable = false})

    -- params: the declared parameters, read-only; reading one that was not
    -- declared is an error (a misspelt name would otherwise read nil). This
    -- returns the metatable: the host puts it on a userdata, which rawset
    -- cannot write to.
    local function makeParams(values)
      local names = {}
      for name in pairs(values) do names[#names + 1] = name end
      local declared = #names > 0 and concat(names, ", ") or "none"
      return {
        __index = function(_, k)
          local v = values[k]
          if v == nil then
            local best = nearest(k, names)
            error("no parameter '" .. shortened(k) .. "'" .. (best and ("; did you mean '" .. best .. "'?") or "")
              .. " (declared: " .. declared .. ")", 2)
          end
          return v
        end,
        __newindex = function(_, k)
          error("params are read-only: '" .. shortened(k) .. "' is given with --param or in the name, like fade(duration: 0.5)", 2)
        end,
        -- An iterator of its own: the generic for's state would hand out the values table itself.
        __pairs = function()
          local key
          return function()
            local value
            key, value = next(values, key)
            return key, value
          end
        end,
        __metatable = false,
        __name = "params",
      }
    end
    params = setmetatable({}, {
      __index = function(_, k)
        error("params." .. shortened(k) .. " is not ready at file scope: parameters are bound after the script returns "
          .. "its table (where they are declared); read them inside hooks", 2)
      end,
      __newindex = function() error("params are read-only", 2) end,
      __metatable = false,
    })

    -- UIAccessibility: the settings a transition should respect, read-only, as the host answers for the run.
    -- This makes its metatable; the host puts it on a userdata (as for
    -- params), which rawset cannot write to.
    local function makeAccessibility(reduceMotion)
      return {
        __index = function(_, k)
          if k ~= "isReduceMotionEnabled" then suggest("UIAccessibility", k, {"isReduceMotionEnabled"}) end
          return reduceMotion()
        end,
        __newindex = function()
          error("UIAccessibility is read-only: Reduce Motion is turned on with --reduce-motion (check turns it on in its reduce-motion scenario)", 2)
        end,
        __metatable = false,
        __name = "UIAccessibility",
      }
    end

    -- UITraitCollection and the presentation controller an adaptive
    -- delegate is asked about: read-only tables whose misspelt fields are errors
    -- (a field of the kind's that is nil at this moment, like a gesture's gone view, reads nil).
    local function readOnly(kind, names)
      local known = {}
      for _, name in ipairs(names) do known[name] = true end
      return {
        __index = function(_, k) if not known[k] then suggest(kind, k, names) end end,
        __newindex = function() error(kind .. " is read-only", 2) end,
        __metatable = false,
        __name = kind,
      }
    end
    local Traits = readOnly("UITraitCollection", {"horizontalSizeClass", "verticalSizeClass"})
    local Presentation = readOnly("UIPresentationController", {"presentationStyle", "presentedViewController", "presentingViewController"})
    -- A gesture recognizer at one event, and a custom detent's resolution context.
    local Gesture = readOnly("UIGestureRecognizer", {"containerSize", "translation", "velocity", "location", "scale", "state",
                                                     "numberOfTouches", "kind", "view"})
    local DetentContext = readOnly("UISheetPresentationControllerDetentResolutionContext", {"maximumDetentValue"})

    -- The host puts these on the values it makes, so a script that reached
    -- one could change how every such value reads, or give them all a
    -- finalizer (which Lua runs with hooks off, and at lua_close with no
    -- limit at all). getmetatable gives the kind's name instead.
    for _, kind in ipairs({Point, Size, Rect, Color, Path, Timing, Transform, Affine}) do kind.__metatable = kind.__name end

    return {makeParams = makeParams, makeAccessibility = makeAccessibility, makeAppearance = makeAppearance, CGPoint = Point, CGSize = Size, CGRect = Rect, UIColor = Color, CATransform3D = Transform, CGAffineTransform = Affine,
            UIBezierPath = Path, UITraitCollection = Traits, UIPresentationController = Presentation, UIGestureRecognizer = Gesture,
            DetentContext = DetentContext}
    """#
}

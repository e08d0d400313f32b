/// Statements, one small function per feature. A hook body is a few of
/// them; most are wrapped in pcall so one error does not end the hook before
/// the rest run.
extension ScriptGenerator {
    /// `count` random statements for the scope, each in a pcall with the
    /// given probability (else in a do block, where an error ends the hook).
    mutating func block(_ scope: Scope, count: Int, protected: Double = 0.6) -> String {
        guard depth < 4 else { return count > 0 ? leaf(scope) : "" }
        depth += 1
        defer { depth -= 1 }
        var lines: [String] = []
        for _ in 0..<count {
            let statement = self.statement(scope)
            lines.append(rng.chance(protected) ? "pcall(function()\n\(statement)\nend)" : "do\n\(statement)\nend")
        }
        return lines.joined(separator: "\n")
    }

    private typealias Maker = @Sendable (inout ScriptGenerator, Scope) -> String

    /// The features and how often each is drawn.
    private static let makers: [(Feature, Int, Maker)] = [
        (.properties, 10, { $0.properties($1) }),
        (.hierarchy, 6, { $0.hierarchy($1) }),
        (.views, 5, { $0.newView($1) }),
        (.animate, 7, { $0.animate($1) }),
        (.keyframes, 4, { $0.keyframes($1) }),
        (.geometry, 5, { $0.geometry($1) }),
        (.constructors, 4, { $0.constructors($1) }),
        (.context, 6, { $0.contextCall($1) }),
        (.coordinator, 4, { $0.coordinatorCall($1) }),
        (.print, 2, { $0.printCall($1) }),
        (.coroutines, 4, { $0.coroutine($1) }),
        (.pcall, 3, { $0.pcallAround($1) }),
        (.savedHandles, 5, { $0.savedHandles($1) }),
        (.cycles, 2, { $0.cycle($1) }),
        (.nesting, 2, { $0.nesting($1) }),
        (.loops, 1, { $0.loop($1) }),
        (.completionChains, 2, { $0.completionChain($1) }),
        (.pairsOverHandles, 2, { $0.pairsOverHandles($1) }),
        (.recursion, 1, { $0.recursion($1) }),
        (.memory, 1, { $0.memory($1) }),
        (.errorObjects, 1, { $0.errorObject($1) }),
    ]

    mutating func statement(_ scope: Scope) -> String {
        let available = Self.makers.filter { enabled.contains($0.0) }
        guard !available.isEmpty else { return "local _ = 0" }
        var roll = rng.below(available.reduce(0) { $0 + $1.1 })
        for (_, weight, make) in available {
            if roll < weight { return make(&self, scope) }
            roll -= weight
        }
        return "local _ = 0"
    }

    /// A statement that nests nothing, for the deepest blocks.
    mutating func leaf(_ scope: Scope) -> String {
        if on(.properties) && rng.chance(0.6) { return properties(scope) }
        if on(.context) && rng.chance(0.5) { return contextCall(scope) }
        return "local _ = \(number())"
    }

    // MARK: Views

    static let viewProperties = ["frame", "bounds", "center", "alpha", "backgroundColor", "transform", "isHidden", "clipsToBounds",
                                 "name", "isScrollView", "contentOffset", "curl", "effect"]
    static let layerProperties = ["transform", "anchorPoint", "cornerRadius", "zPosition", "borderWidth", "borderColor",
                                  "isDoubleSided", "opacity", "position", "bounds", "masksToBounds"]

    /// A value that fits the property most of the time.
    mutating func valueFor(_ property: String, scope: Scope) -> String {
        if rng.chance(0.2) { return value(scope) }
        switch property {
        case "frame", "bounds": return rect()
        case "center", "contentOffset", "anchorPoint", "position": return point()
        case "alpha", "opacity", "curl": return fraction()
        case "backgroundColor", "borderColor": return color()
        case "transform": return affine()
        case "cornerRadius", "zPosition", "borderWidth": return number()
        case "name": return rng.chance(0.7) ? "\"n\(rng.below(100))\"" : "string.rep(\"v\", 1000000)"
        case "effect": return blurEffect(scope)
        default: return rng.pick(["true", "false", "nil", "1"])
        }
    }

    mutating func properties(_ scope: Scope) -> String {
        let target = view(scope)
        switch rng.below(7) {
        case 0, 1:
            let property = rng.pick(Self.viewProperties)
            return "local o = \(target)\no.\(property) = \(valueFor(property, scope: scope))"
        case 2:
            let property = rng.pick(Self.layerProperties)
            let value = property == "transform" ? (rng.chance(0.8) ? transform3D() : value(scope)) : valueFor(property, scope: scope)
            return "local o = \(target)\no.layer.\(property) = \(value)"
        case 3:
            return "local o = \(target)\nlocal r = o.\(rng.pick(Self.viewProperties + ["layer", "superview", "subviews"]))"
        case 4:
            return "local o = \(target)\nlocal r = o.layer.\(rng.pick(Self.layerProperties))"
        case 5:
            return "local o = \(target)\no.\(rng.pick(["frmae", "superview", "subviews", "layer", "addSubview", "Alpha"])) = \(value(scope))"
        default:
            // Read-modify-write, as real entries do (frame.origin.y = …).
            return "local o = \(target)\nlocal f = o.frame\nf.origin.y = \(number())\nf.size.width = \(number())\no.frame = f"
        }
    }

    mutating func hierarchy(_ scope: Scope) -> String {
        let a = view(scope), b = view(scope)
        switch rng.below(9) {
        case 0, 1: return "local p = \(a)\np:addSubview(\(rng.chance(0.85) ? b : value(scope)))"
        case 2: return "local p = \(a)\np:insertSubview(\(b), \(rng.chance(0.5) ? number() : scalar()))"
        case 3: return "local p = \(a)\np:insertSubview(\(b), {\(rng.pick(["at", "aboveSubview", "belowSubview", "beside"])) = \(rng.chance(0.6) ? view(scope) : value(scope))})"
        case 4: return "local p = \(a)\np:removeFromSuperview()"
        case 5: return "local p = \(a)\np:\(rng.pick(["bringSubviewToFront", "sendSubviewToBack"]))(\(b))"
        case 6: return "local p = \(a)\nS.v[#S.v + 1] = p:snapshotView(\(rng.pick(["true", "false", "{afterScreenUpdates = true}", scalar()])))"
        case 7: return "local p = \(a)\nlocal r = p:isDescendant(\(b))"
        default: return "local p = \(a)\np:layoutIfNeeded()\nlocal n = #p.subviews"
        }
    }

    /// A UIBlurEffect, now and then a misspelt one, nil or any value.
    mutating func blurEffect(_ scope: Scope) -> String {
        switch rng.below(6) {
        case 0: return "nil"
        case 1: return value(scope)
        default: return "UIBlurEffect(\"\(rng.pick(["dark", "light", "extraLight", "systemMaterial", "systemThinMaterialDark", "drak"]))\")"
        }
    }

    mutating func newView(_ scope: Scope) -> String {
        if rng.chance(0.15) {
            // A visual effect view, its content in its contentView (or, now and then, wrongly on it).
            let parent = rng.chance(0.6) ? "\nlocal p = \(view(scope))\nif p then p:addSubview(S.v[#S.v]) end" : ""
            let content = rng.chance(0.8) ? "S.v[#S.v].contentView" : "S.v[#S.v]"
            return "S.v[#S.v + 1] = UIVisualEffectView.new{effect = \(blurEffect(scope)), frame = \(rect())}\(parent)"
                + "\n\(content):addSubview(UIView.new(\(rect())))"
        }
        let arguments: String
        switch rng.below(5) {
        case 0: arguments = "()"
        case 1: arguments = "(\(rect()))"
        case 2: arguments = "(\(value(scope)))"
        default:
            arguments = "{name = \(rng.chance(0.8) ? "\"v\(rng.below(50))\"" : value(scope)), frame = \(rect()), "
                + "backgroundColor = \(color()), alpha = \(fraction())}"
        }
        let parent = rng.chance(0.6) ? "\nlocal p = \(view(scope))\nif p then p:addSubview(S.v[#S.v]) end" : ""
        return "S.v[#S.v + 1] = UIView.new\(arguments)\(parent)"
    }

    // MARK: Animation

    mutating func animate(_ scope: Scope) -> String {
        let animations = function(scope)
        let completion = rng.chance(0.7) ? function(scope, arguments: "finished") : "nil"
        switch rng.below(5) {
        case 0:
            return "UIView.animate(\(number()), \(animations), \(completion))"
        case 1:
            return "UIView.animate(\(number()), \(number()), \(optionsList()), \(animations), \(completion))"
        case 2:
            return "UIView.animate{duration = \(number()), usingSpringWithDamping = \(number()), initialSpringVelocity = \(number()), "
                + "delay = \(number()), animations = \(animations), completion = \(completion)}"
        default:
            let duration = rng.chance(0.7) ? "\(Double(rng.below(100)) / 100)" : number()
            let delay = rng.chance(0.5) ? "" : "delay = \(number()), "
            let options = rng.chance(0.5) ? "" : "options = \(optionsList()), "
            return "UIView.animate{duration = \(duration), \(delay)\(options)animations = \(animations), completion = \(completion)}"
        }
    }

    mutating func keyframes(_ scope: Scope) -> String {
        var frames: [String] = []
        for _ in 0..<rng.int(0...3) {
            let body = function(scope, count: 0...2)
            frames.append(rng.chance(0.6)
                ? "UIView.addKeyframe(\(fraction()), \(fraction()), \(body))"
                : "UIView.addKeyframe{relativeStartTime = \(fraction()), relativeDuration = \(fraction()), animations = \(body)}")
        }
        if rng.chance(0.15) { return frames.first ?? "UIView.addKeyframe(0, 1, function() end)" }  // outside a keyframe block
        let completion = rng.chance(0.6) ? function(scope, arguments: "finished") : "nil"
        return "UIView.animateKeyframes{duration = \(rng.chance(0.7) ? "0.5" : number()), delay = \(rng.chance(0.7) ? "0" : number()), "
            + "options = \(optionsList()), animations = function()\n\(frames.joined(separator: "\n"))\n\(block(scope, count: rng.int(0...1)))\nend, "
            + "completion = \(completion)}"
    }

    // MARK: Values

    mutating func geometry(_ scope: Scope) -> String {
        let calls = [
            "CATransform3DMakeTranslation(\(number()), \(number()), \(number()))",
            "CATransform3DMakeScale(\(number()), \(number()), \(number()))",
            "CATransform3DMakeRotation(\(number()), \(number()), \(number()), \(number()))",
            "CATransform3DTranslate(\(transform3D()), \(number()), \(number()), \(number()))",
            "CATransform3DScale(\(transform3D()), \(number()), \(number()), \(number()))",
            "CATransform3DRotate(\(transform3D()), \(number()), \(number()), \(number()), \(number()))",
            "CATransform3DConcat(\(transform3D()), \(transform3D()))",
            "CATransform3DInvert(\(transform3D()))",
            "CATransform3DMakeAffineTransform(\(affine()))",
            "CATransform3DGetAffineTransform(\(transform3D()))",
            "CATransform3DIsIdentity(\(transform3D()))",
            "CATransform3DIsAffine(\(transform3D()))",
            "CATransform3DEqualToTransform(\(transform3D()), \(transform3D()))",
            "CGAffineTransformMakeTranslation(\(number()), \(number()))",
            "CGAffineTransformMakeScale(\(number()), \(number()))",
            "CGAffineTransformMakeRotation(\(number()))",
            "CGAffineTransformTranslate(\(affine()), \(number()), \(number()))",
            "CGAffineTransformScale(\(affine()), \(number()), \(number()))",
            "CGAffineTransformRotate(\(affine()), \(number()))",
            "CGAffineTransformConcat(\(affine()), \(affine()))",
            "CGAffineTransformInvert(\(affine()))",
            "CGAffineTransformIsIdentity(\(affine()))",
            "CGPointApplyAffineTransform(\(point()), \(affine()))",
            "CGRectGetMinX(\(rect()))", "CGRectGetMidY(\(rect()))", "CGRectGetWidth(\(rect()))",
            "CGRectOffset(\(rect()), \(number()), \(number()))", "CGRectInset(\(rect()), \(number()), \(number()))",
            "CGRectIntersection(\(rect()), \(rect()))", "CGRectUnion(\(rect()), \(rect()))",
            "CGRectContainsPoint(\(rect()), \(point()))", "CGRectContainsRect(\(rect()), \(rect()))",
            "CGRectIntersectsRect(\(rect()), \(rect()))", "CGRectEqualToRect(\(rect()), \(rect()))",
            "(\(affine())):\(rng.pick(["translatedBy(1, 2)", "scaledBy(0, 0)", "rotated(0/0)", "inverted()", "concatenating(\(affine()))"]))",
        ]
        return "S.t = \(rng.pick(calls))"
    }

    mutating func constructors(_ scope: Scope) -> String {
        let made = [rect(), point(), size(), color(), affine(), transform3D(),
                    "CGRect(\(rect()))", "CGPoint{x = \(number())}", "CGSize{width = \(number())}",
                    "(\(rect())):offsetBy(\(number()), \(number()))", "(\(rect())):insetBy(\(number()), \(number()))",
                    "(\(rect())):standardized()", "(\(rect())):contains(\(rng.chance(0.5) ? point() : rect()))",
                    "(\(rect())):intersection(\(rect()))", "(\(rect())):union(\(value(scope)))",
                    "(\(point())):offsetBy(\(number()), \(number()))", "CGRect.\(rng.pick(["zero", "null", "infinite"]))",
                    "UIColor.\(rng.pick(["clear", "nope"]))", "tostring(\(rect()))", "tostring(\(transform3D()))",
                    "(\(rect())).\(rng.pick(["minX", "maxY", "midX", "isEmpty", "width", "bogus"]))",
                    "CATransform3DIdentity == \(transform3D())", "\(rect()) == \(rect())"]
        let made1 = rng.pick(made)
        return rng.chance(0.3) ? "local r = \(made1)\nr.\(rng.pick(["x", "y", "width", "height", "origin", "minX"])) = \(value(scope))"
                               : "S.t = \(made1)"
    }

    // MARK: The context and the coordinator

    mutating func contextCall(_ scope: Scope) -> String {
        let c = context(scope)
        let keys = ["\"from\"", "\"to\"", "\"UITransitionContextToViewKey\"", "\"sideways\"", "nil", "1"]
        switch rng.below(14) {
        case 0: return "local r = \(c):viewForKey(\(rng.pick(keys)))"
        case 1: return "S.vc = \(c):viewControllerForKey(\(rng.pick(keys)))"
        case 2: return "local r = \(c):initialFrame(\(rng.chance(0.8) ? viewController(scope) : value(scope)))"
        case 3: return "local r = \(c):finalFrame(\(rng.chance(0.8) ? viewController(scope) : value(scope)))"
        case 4: return "\(c):completeTransition(\(rng.chance(0.6) ? "not \(c):transitionWasCancelled()" : value(scope)))"
        case 5: return "local r = \(c):transitionWasCancelled()"
        case 6: return "\(c):updateInteractiveTransition(\(rng.chance(0.5) ? fraction() : value(scope)))"
        case 7: return "\(c):\(rng.pick(["finishInteractiveTransition", "cancelInteractiveTransition"]))()"
        case 8: return "local r = \(c).\(rng.pick(["isAnimated", "isInteractive", "isPresenting", "presentationStyle", "containerView"]))"
        case 9: return "local r = \(c).\(rng.pick(["containerVeiw", "completeTransitoin", "view", "transitionDuration"]))"
        case 10: return "\(c).completeTransition(\(value(scope)))"  // a dot instead of a colon: no context argument
        case 11: return "local f = \(c).completeTransition\nf(\(context(scope)), \(value(scope)))"
        case 12: return "local vc = \(viewController(scope))\nlocal r = vc.\(rng.pick(["view", "name", "modalPresentationStyle", "preferredContentSize", "presentingViewController", "presentedViewController", "transitionCoordinator", "frame"]))"
        default: return "local r = \(c):finalFrame(\(c):viewControllerForKey(\(rng.pick(keys))))"
        }
    }

    mutating func coordinatorCall(_ scope: Scope) -> String {
        let c = coordinator(scope)
        switch rng.below(5) {
        case 0, 1:
            return "local co = \(c)\nco:animateAlongsideTransition(\(function(scope)), \(rng.chance(0.6) ? function(scope) : "nil"))"
        case 2: return "local co = \(c)\nlocal r = co.\(rng.pick(["transitionDuration", "isInteractive", "isCancelled", "animate", "isCanceled"]))"
        case 3: return "S.coordinator = \(c)"
        default: return "local co = \(c)\nco.animateAlongsideTransition(\(value(scope)), \(value(scope)))"
        }
    }

    mutating func printCall(_ scope: Scope) -> String {
        "print(" + (0..<rng.int(0...4)).map { _ in value(scope) }.joined(separator: ", ") + ")"
    }

    // MARK: Hostile shapes

    /// API calls from inside coroutines, and coroutines kept for later hooks.
    mutating func coroutine(_ scope: Scope) -> String {
        let body = block(scope, count: rng.int(1...3))
        switch rng.below(5) {
        case 0, 1:
            return "coroutine.wrap(function(...)\n\(body)\nend)(\(value(scope)))"
        case 2:
            return "S.co = coroutine.create(function()\n\(body)\ncoroutine.yield(1)\n\(block(scope, count: rng.int(1...2)))\nend)\n"
                + "coroutine.resume(S.co)"
        case 3:
            return "if S.co then coroutine.resume(S.co, \(value(scope))) end"
        default:
            // A loop of API calls inside one coroutine: each call must leave the host's stack as it found it.
            return "coroutine.wrap(function()\nfor i = 1, \(rng.pick(["10", "50", "1000"])) do\n\(leaf(scope))\n"
                + "S.t = \(rng.pick(["CGAffineTransformMakeScale(1, 2)", "CATransform3DMakeScale(1, 1, 1)", "S.v[1] and S.v[1].frame"]))\nend\nend)()"
        }
    }

    mutating func pcallAround(_ scope: Scope) -> String {
        let targets = ["UIView.animate", "UIView.new", "UIView.animateKeyframes", "UIView.addKeyframe", "CATransform3DInvert",
                       "CGAffineTransformMakeRotation", "CATransform3DConcat", "print", "error", "coroutine.wrap"]
        if rng.chance(0.3) {
            return "xpcall(\(function(scope)), function(m)\n\(block(scope, count: 1))\nreturn m\nend)"
        }
        let arguments = (0..<rng.int(0...3)).map { _ in value(scope) }
        return "local ok, r = pcall(\(rng.pick(targets))\(arguments.isEmpty ? "" : ", " + arguments.joined(separator: ", ")))"
    }

    /// ctx, self, views and functions kept in upvalues and used in later hooks and completions.
    mutating func savedHandles(_ scope: Scope) -> String {
        switch rng.below(7) {
        case 0: return scope == .animator ? "S.ctx = ctx" : scope == .controller ? "S.self = self" : "S.n = S.n + 1"
        case 1: return "S.v[#S.v + 1] = \(view(scope))"
        case 2: return "S.fn = \(function(scope))"
        case 3: return "if type(S.fn) == \"function\" then S.fn() end"
        case 4: return "if S.ctx then S.ctx:completeTransition(\(rng.pick(["true", "false", "not S.ctx:transitionWasCancelled()"]))) end"
        case 5: return "if S.self then local c = S.self.containerView\nlocal r = S.self.frameOfPresentedViewInContainerView end"
        default: return "S.container = \(rng.chance(0.5) ? view(scope) : "S.container")\nS.window = S.container and S.container.superview"
        }
    }

    /// A view inside its own subtree: two views, the container under its
    /// child, the window (reached by superview) under a view.
    mutating func cycle(_ scope: Scope) -> String {
        let follow = rng.pick(["p:snapshotView(true)", "p:isDescendant(UIView.new())", "local n = #p.subviews",
                               "p:removeFromSuperview()", "p.frame = CGRect(0, 0, 10, 10)", "p:layoutIfNeeded()", ""])
        switch rng.below(4) {
        case 0:
            return "local a, b = UIView.new(), UIView.new()\na:addSubview(b)\nb:addSubview(a)\nlocal p = \(rng.pick(["a", "b"]))\n\(follow)"
        case 1:
            return "local a = UIView.new()\na:addSubview(a)\nlocal p = a\n\(follow)"
        case 2:
            let container = scope == .controller ? "self.containerView" : scope == .animator ? "ctx.containerView" : "S.container"
            return "local c = UIView.new()\nlocal p = \(container)\np:addSubview(c)\nc:addSubview(p)\n\(follow)"
        default:
            return "local w = \(view(scope))\nfor i = 1, 20 do if w and w.superview then w = w.superview end end\n"
                + "local c = UIView.new()\nif w then w:addSubview(c) c:addSubview(w) end\nlocal p = c\n\(follow)"
        }
    }

    mutating func nesting(_ scope: Scope) -> String {
        if rng.chance(0.5) {
            let n = rng.pick(["3", "10", "100"]), m = rng.pick(["2", "10", "100"])
            return "for i = 1, \(n) do\nfor j = 1, \(m) do\n\(leaf(scope))\nend\nend"
        }
        let duration = rng.chance(0.5) ? "0.1" : number()
        return "local function nest(n)\nUIView.animate(\(duration), function()\n\(leaf(scope))\nif n > 0 then nest(n - 1) end\nend)\nend\n"
            + "nest(\(rng.pick(["5", "50", "250", "100000"])))"
    }

    /// Many views or animations: a correct host stops these by its limits.
    mutating func loop(_ scope: Scope) -> String {
        let bound = rng.pick(["1e4", "1e5", "1e7", "math.huge"])
        switch rng.below(4) {
        case 0:
            return "local parent = \(view(scope)) or UIView.new()\nfor i = 1, \(bound) do\nlocal w = UIView.new{frame = CGRect(i, i, 10, 10)}\n"
                + "parent:addSubview(w)\nend"
        case 1:
            return "for i = 1, \(bound) do\nlocal w = UIView.new()\nUIView.animate(1, function() w.alpha = 0 end, function() end)\nend"
        case 2:
            return "local w = UIView.new()\nfor i = 1, \(bound) do\nUIView.animate(i, function() w.alpha = i % 2 end)\nend"
        default:
            return "for i = 1, \(bound) do\nlocal r = \(rng.pick(["S.v[1] and S.v[1].frame", "CATransform3DMakeScale(1, 1, 1)", "UIView.new()"]))\nend"
        }
    }

    /// Completions that start new animations, down a chain.
    mutating func completionChain(_ scope: Scope) -> String {
        let duration = rng.pick(["0.05", "0.2", "0", number()])
        let length = rng.pick(["3", "30", "1000", "math.huge"])
        return "local function chain(n)\nif n <= 0 then return end\nUIView.animate(\(duration), function()\n\(leaf(scope))\nend, function(finished)\n"
            + "\(leaf(scope))\nchain(n - 1)\nend)\nend\nchain(\(length))"
    }

    mutating func pairsOverHandles(_ scope: Scope) -> String {
        "local keyed = {}\nfor i = 1, \(rng.int(1...8)) do keyed[UIView.new{name = \"k\" .. i}] = i; keyed[{i}] = i end\n"
            + "for _, w in ipairs(S.v) do keyed[w] = true end\n"
            + "for k, x in pairs(keyed) do\nif type(k) == \"userdata\" then k.alpha = 0.5; print(k.name) \(rng.chance(0.5) ? "; (\(view(scope)) or UIView.new()):addSubview(k)" : "") end\nend"
    }

    mutating func recursion(_ scope: Scope) -> String {
        switch rng.below(4) {
        case 0: return "local function r(n) return n <= 0 and 0 or 1 + r(n - 1) end\nlocal x = r(\(rng.pick(["100", "1e5", "1e7"])))"
        case 1: return "local t = setmetatable({}, {__index = function(t, k) return t[k] end})\nlocal r = CGRect(t)"
        case 2: return "local function r() return pcall(r) end\nr()"
        default: return "local function r(n) UIView.animateKeyframes{duration = 1, animations = function() UIView.addKeyframe(0, 1, function() r(n + 1) end) end} end\nr(0)"
        }
    }

    mutating func memory(_ scope: Scope) -> String {
        switch rng.below(4) {
        case 0: return "local s = string.rep(\"x\", \(rng.pick(["1e6", "1e8", "2^31"])))"
        case 1: return "local t = {}\nfor i = 1, \(rng.pick(["1e5", "1e8"])) do t[i] = {i} end"
        case 2: return "for i = 1, \(rng.pick(["10", "1000", "1e6"])) do print(string.rep(\"p\", \(rng.pick(["10", "1e5", "1e6"])))) end"
        default: return "local s = \"\"\nfor i = 1, \(rng.pick(["100", "1e5"])) do s = s .. tostring(i) end"
        }
    }

    mutating func errorObject(_ scope: Scope) -> String {
        rng.pick(["error({})", "error(nil)", "error(UIView.new())", "error(setmetatable({}, {__tostring = function() return string.rep(\"e\", 1e6) end}))",
                  "error(setmetatable({}, {__tostring = function() return {} end}))", "error(\"plain\", 0)", "error(\"lvl\", 3)",
                  "error(setmetatable({}, {__tostring = function() error(\"again\") end}))", "error(\(value(scope)))"])
    }
}

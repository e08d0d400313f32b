/// Expressions: numbers (hostile ones often), values of any type, views,
/// contexts and geometry, for the statements to pass around.
extension ScriptGenerator {
    static let hostileNumbers = ["(0/0)", "math.huge", "(-math.huge)", "(-0.0)", "1e308", "(-1e308)", "5e-324", "2^53",
                                 "math.maxinteger", "math.mininteger", "1e15", "(-1)", "0", "1e-9", "(2^63)", "(-2^63)",
                                 "(-(0/0))", "1e300 * 1e10"]

    /// A number, hostile a third of the time, sometimes not a number at all.
    mutating func number() -> String {
        switch rng.below(12) {
        case 0..<6: return "\(Double(rng.below(90_000)) / 100 - 100)"
        case 6..<10: return rng.pick(Self.hostileNumbers)
        default: return scalar()
        }
    }

    /// A fraction 0…1, out of range or hostile sometimes.
    mutating func fraction() -> String {
        rng.chance(0.7) ? "\(Double(rng.below(101)) / 100)" : number()
    }

    /// nil, a boolean, a string or a number: the wrong type for most arguments.
    mutating func scalar() -> String {
        switch rng.below(8) {
        case 0: return "nil"
        case 1: return rng.pick(["true", "false"])
        case 2: return rng.pick(Self.hostileNumbers)
        case 3: return "string.rep(\"ab\", \(rng.pick(["10", "1000", "100000", "1000000"])))"
        case 4: return rng.pick(["\"\"", "\"from\"", "\"to\"", "\"x\"", "\"\\0\\255\"", "\"12\"", "\"0x10\"", "\"nan\""])
        case 5: return "function() end"
        case 6: return "{}"
        default: return "\(rng.int(-3...3))"
        }
    }

    /// A value of any type the API could be handed.
    mutating func value(_ scope: Scope) -> String {
        switch rng.below(16) {
        case 0..<3: return scalar()
        case 3..<5: return number()
        case 5: return rect()
        case 6: return point()
        case 7: return color()
        case 8: return transform3D()
        case 9: return affine()
        case 10: return view(scope)
        case 11: return context(scope)
        case 12: return deepTable()
        case 13: return rng.pick(["coroutine.create(function() end)", "S", "S.v", "params", "_G", "string", "UIView", "CGRect"])
        case 14: return "setmetatable({}, {__index = function(t, k) error(\"no \" .. tostring(k)) end})"
        default: return "{origin = \(point()), size = {width = \(number()), height = \(number())}}"
        }
    }

    /// Deep or self-referential tables.
    mutating func deepTable() -> String {
        switch rng.below(4) {
        case 0: return "(function() local t = {} for i = 1, \(rng.pick(["10", "200", "10000"])) do t = {t, origin = t} end return t end)()"
        case 1: return "(function() local t = {} t.t = t t.origin = t t.size = t t[1] = t return t end)()"
        case 2: return "{{{{{{{{{{{{{{{{{{{{1}}}}}}}}}}}}}}}}}}}}"
        default: return "(function() local t = {} for i = 1, 1000 do t[i] = i; t[\"k\" .. i] = {i} end return t end)()"
        }
    }

    /// A view, or an expression that should be one (and may be nil).
    mutating func view(_ scope: Scope) -> String {
        var choices = ["S.v[\(rng.int(1...4))]", "S.v[#S.v]", "UIView.new()", "UIView.new{name = \"fuzz\", frame = \(rect())}",
                       "S.container", "S.window"]
        switch scope {
        case .animator:
            choices += ["ctx.containerView", "ctx:viewForKey(\"to\")", "ctx:viewForKey(\"from\")", "ctx:viewControllerForKey(\"from\").view",
                        "ctx:viewControllerForKey(\"to\").view", "ctx.containerView.superview", "ctx.containerView.subviews[1]",
                        "ctx.containerView.subviews[#ctx.containerView.subviews]"]
            if hasLocalView { choices += ["v", "v", "v"] }
        case .controller:
            choices += ["self.containerView", "self.presentedView", "self.presentedViewController.view",
                        "self.presentingViewController.view", "self.containerView.superview", "self.dimmingView"]
        case .main, .plain:
            break
        }
        return rng.pick(choices)
    }

    mutating func context(_ scope: Scope) -> String {
        scope == .animator && rng.chance(0.8) ? "ctx" : "S.ctx"
    }

    mutating func viewController(_ scope: Scope) -> String {
        switch scope {
        case .animator: return rng.pick(["ctx:viewControllerForKey(\"to\")", "ctx:viewControllerForKey(\"from\")", "S.vc"])
        case .controller: return rng.pick(["self.presentedViewController", "self.presentingViewController", "S.vc"])
        default: return "S.vc"
        }
    }

    mutating func coordinator(_ scope: Scope) -> String {
        switch scope {
        case .animator: return rng.pick(["ctx:viewControllerForKey(\"to\").transitionCoordinator",
                                         "ctx:viewControllerForKey(\"from\").transitionCoordinator", "S.coordinator"])
        case .controller: return rng.pick(["self.transitionCoordinator", "self.transitionCoordinator", "S.coordinator"])
        default: return "S.coordinator"
        }
    }

    mutating func rect() -> String {
        switch rng.below(8) {
        case 0: return "CGRect(\(number()), \(number()), \(number()), \(number()))"
        case 1: return "CGRect{x = \(number()), y = \(number()), width = \(number()), height = \(number())}"
        case 2: return "CGRectMake(\(number()), \(number()), \(number()), \(number()))"
        case 3: return rng.pick(["CGRectZero", "CGRect.zero", "CGRect.null", "CGRect{origin = CGPoint(1, 2)}"])
        case 4: return "{origin = {x = \(number()), y = \(number())}, size = {width = \(number()), height = \(number())}}"
        case 5: return value(.plain)
        default:
            let w = rng.pick(["390", "844", "100", "0"]), h = rng.pick(["844", "390", "50", "0"])
            return "CGRect(\(rng.int(-400...400)), \(rng.int(-900...900)), \(w), \(h))"
        }
    }

    mutating func point() -> String {
        switch rng.below(4) {
        case 0: return "CGPoint(\(number()), \(number()))"
        case 1: return "CGPointMake(\(number()), \(number()))"
        case 2: return "{x = \(number()), y = \(number())}"
        default: return "CGPoint(\(rng.int(0...400)), \(rng.int(0...800)))"
        }
    }

    mutating func size() -> String {
        rng.chance(0.5) ? "CGSize(\(number()), \(number()))" : "CGSizeMake(\(number()), \(number()))"
    }

    mutating func color() -> String {
        switch rng.below(6) {
        case 0: return "UIColor(\(fraction()), \(fraction()), \(fraction()), \(fraction()))"
        case 1: return "UIColor{white = \(fraction()), alpha = \(fraction())}"
        case 2: return "UIColor{red = \(fraction()), green = \(fraction())}"
        case 3: return "UIColor.\(rng.pick(["black", "white", "red", "clear", "systemBlue", "blak"])):withAlphaComponent(\(fraction()))"
        case 4: return "UIColor.\(rng.pick(["black", "gray", "systemBackground", "darkGray"]))"
        default: return "{red = \(number()), green = \(number()), blue = \(number()), alpha = \(number())}"
        }
    }

    mutating func transform3D() -> String {
        switch rng.below(7) {
        case 0: return "CATransform3DIdentity"
        case 1: return "CATransform3DMakeRotation(\(number()), \(number()), \(number()), \(number()))"
        case 2: return "CATransform3DMakeScale(\(number()), \(number()), \(number()))"
        case 3: return "CATransform3DMakeTranslation(\(number()), \(number()), \(number()))"
        case 4: return "(function() local t = CATransform3DIdentity t.m34 = \(rng.chance(0.5) ? "-1 / 1000" : number()) return t end)()"
        case 5: return "CATransform3DRotate(CATransform3DIdentity, \(number()), 1, 0, 0)"
        default:
            let fields = ScriptGenerator.matrixFields.map { "\($0) = \(rng.chance(0.7) ? (["m11", "m22", "m33", "m44"].contains($0) ? "1" : "0") : number())" }
            return "{" + fields.joined(separator: ", ") + "}"
        }
    }

    static let matrixFields = ["m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24",
                               "m31", "m32", "m33", "m34", "m41", "m42", "m43", "m44"]

    mutating func affine() -> String {
        switch rng.below(6) {
        case 0: return "CGAffineTransformIdentity"
        case 1: return "CGAffineTransform{rotationAngle = \(number())}"
        case 2: return "CGAffineTransform{scaleX = \(number()), y = \(number())}"
        case 3: return "CGAffineTransform{translationX = \(number()), y = \(number())}"
        case 4: return "CGAffineTransformMakeScale(\(number()), \(number()))"
        default: return "{a = \(number()), b = \(number()), c = \(number()), d = \(number()), tx = \(number()), ty = \(number())}"
        }
    }

    /// An options list: real names, misspelt ones, wrong types.
    mutating func optionsList() -> String {
        let names = ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "beginFromCurrentState", "repeat", "autoreverse",
                     "calculationModeLinear", "calculationModeDiscrete", "calculationModePaced", "calculationModeCubic",
                     "calculationModeCubicPaced"]
        switch rng.below(6) {
        case 0: return scalar()
        case 1: return "{\"curveEaseInOutt\"}"
        case 2: return "{1, 2}"
        default:
            return "{" + (0..<rng.int(0...3)).map { _ in "\"\(rng.pick(names))\"" }.joined(separator: ", ") + "}"
        }
    }

    /// A Lua function literal whose body is a random block (or sometimes not a function).
    mutating func function(_ scope: Scope, arguments: String = "", count: ClosedRange<Int> = 0...2) -> String {
        if rng.chance(0.08) { return scalar() }
        return "function(\(arguments))\n" + block(scope, count: rng.int(count)) + "\nend"
    }
}

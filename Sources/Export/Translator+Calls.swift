import Foundation
import LuaSyntax

extension Translator {
    /// `f(x)`: one of the entry's functions, the scripting API's, or `UIView.animate`.
    func call(_ node: SyntaxNode) throws(ExportRefusal) -> Expression {
        let callee = node.parts[0], arguments = Array(node.parts.dropFirst())
        if let name = dotted(callee) {
            if name == "UIView.animate" { return try animate(node, arguments) }
            if name == "UIView.animateKeyframes" { return try animateKeyframes(node, arguments) }
            if name == "UIView.transition" { return try pageTransition(node, arguments) }
            if name == "UIView.addKeyframe" { return try addKeyframe(node, arguments) }
            if name == "UITapGestureRecognizer.new" { return try tapRecognizer(node, arguments) }
            if name == "UIView.new" {
                throw refuse(node, "UIView.new outside a local's declaration", "make the view in a local of its own: local v = UIView.new{…}")
            }
            if let helper = helpers[name], lookup(name) == nil {
                return try helperCall(helper, arguments, at: node)
            }
            if let module = moduleFunctions[name], lookup(name) == nil {
                return try moduleCall(module, arguments, at: node)
            }
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 2, let table = moduleTable, parts[0] == table, lookup(table) == nil {
                return try memberCall(parts[1], arguments, at: node)
            }
            if parts.count == 2, let module = moduleFunctions[parts[0]], lookup(parts[0]) == nil {
                return try moduleMemberCall(module, parts[1], arguments, at: node)
            }
            if name == "CGRect", arguments.count == 1 {
                // CGRect(r): a new rect equal to r, which a Swift value already is.
                let copy = try unwrap(try expression(arguments[0], expecting: .rect), at: arguments[0])
                try require(copy, is: .rect, at: arguments[0])
                return Expression(text: copy.text, type: .rect, precedence: copy.precedence)
            }
            if name == "CAMediaTimingFunction", arguments.count != 4 || !arguments.allSatisfy({ ExportedEntry.number($0) != nil }) {
                throw refuse(node, "CAMediaTimingFunction of computed or named points",
                             "write its four control points as numbers, or use CAMediaTimingFunction.easeOut and the like")
            }
            if name == "UIColor", arguments.count == 1, arguments[0].tag == "Table" { return try colorTable(arguments[0]) }
            if name == "UISpringTimingParameters" { return try springTiming(node, arguments) }
            if name == "UIViewPropertyAnimator.new" || name == "CASpringAnimation" {
                throw refuse(node, "\(name) made in place", "make it in a local of its own: local animator = \(name){…}")
            }
            if let form = UIKitVocabulary.functions[name] {
                // math.min and friends are generic in Swift: their literals keep their `.0`.
                let values = try self.typedArguments(arguments, form.parameters, at: node, name: name, typed: !name.hasPrefix("math."))
                var result = Expression(text: form.render("", values.map(\.text)), type: form.result)
                switch name {
                // Lua's floor is an integer (of any size the float had): integer arithmetic on it is refused by its bound
                // unless written as a float (math.floor(x) + 0.0).
                case "math.floor": result.integerBound = .infinity
                // Lua's max and min return an argument as it is: an integer when an integer argument wins.
                case "math.max", "math.min":
                    let bounds = values.compactMap(\.integerBound)
                    result.integerBound = bounds.isEmpty ? nil : bounds.max()
                default: break
                }
                return result
            }
            if name == "UIBlurEffect" { return try blurEffect(node, arguments) }
            if name == "CADisplayLink.new" { return try displayLink(node, arguments) }
            if name == "UIVisualEffectView.new" {
                throw refuse(node, "UIVisualEffectView.new outside a local's declaration", "make the view in a local of its own: local v = UIVisualEffectView.new{…}")
            }
            if name == "UIBezierPath" { return try bezierPath(node, arguments) }
            if name == "CABasicAnimation" {
                throw refuse(node, "a CABasicAnimation made in place", "make it in a local of its own: local a = CABasicAnimation{keyPath = …}")
            }
            if name == "CAGradientLayer" || name == "CALayer" || name == "CAShapeLayer" {
                throw refuse(node, "a \(name) made in place", "make it in a local of its own: local layer = \(name){…}")
            }
            if name == "require" {
                throw refuse(node, "require inside a function", "require the module once at the top of the file: local m = require(\"name\")")
            }
            let root = String(name.prefix { $0 != "." })
            throw refuse(node, "a call of \(name)", Self.globalAdvice[root] ?? Self.globalAdvice[name]
                         ?? (Self.notYetExported.contains(root) || Self.notYetExported.contains(name)
                             ? "the scripting API has it, but export does not translate it yet"
                             : "it is not in the scripting API (Catalogue/types/segue.lua)"))
        }
        throw refuse(node, "a call of a computed function", "call the entry's functions by name")
    }

    private func helperCall(_ helper: Helper, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        guard helper.line < declaredAt else {
            throw refuse(node, "a call of '\(helper.name)' from a function declared above it",
                         "Lua sees a global there, which is nil when it runs: declare '\(helper.name)' first")
        }
        var translated: [Expression] = []
        for argument in arguments {
            // A string passed to the entry's own function (a view's name) is a Swift String; where it is used the types must agree.
            if argument.tag == "String", case .text(let text)? = argument.parts.first {
                translated.append(Expression(text: SwiftWriter.stringLiteral(text), type: .string))
                continue
            }
            translated.append(try expression(argument))
        }
        // An optional passed on stays optional: the helper's parameter is then optional too, and unwraps where it uses it.
        let signature = try self.helper(helper.name, arguments: translated.map(\.type), bounds: translated.map(\.integerBound), at: node)
        if inInteraction {
            // Called from the interaction or the presentation controller: a static method of the delegate's class, so it
            // may read nothing of the animator's but the parameters, which it is given.
            if signature.readsInstance {
                throw refuse(node, "a call of '\(helper.name)' from \(inController ? "the presentation controller" : "the interaction"), which reads the animator's state",
                             "pass what it reads as arguments")
            }
            sharedHelpers.insert(helper.name)
        }
        // A shared helper is a static method of the delegate's class, named through it: inside the nested classes a member
        // of theirs (NSObject's `perform`, the controller's `progress`) would otherwise be found first.
        let shared = sharedHelpers.contains(helper.name)
        if !shared {
            usesSelf()
            readsInstanceSeen = true
        } else if signature.readsAnimator {
            // The parameters it reads, passed by the class calling it (which then keeps them).
            usesSelf()
        }
        let name = (shared ? typeName + "." : "") + SwiftWriter.identifier(helper.name)
        if translated.count == 1, translated[0].type == .context, helper.name == durationHook {
            return Expression(text: "transitionDuration(using: \(translated[0].text))", type: .number)
        }
        var list = zip(translated, signature.parameters ?? []).map { argument, type in
            argument.type == .context ? "using: \(argument.text)" : argument.text
        }
        if shared && signature.readsAnimator { list.append("params: params") }
        return Expression(text: "\(name)(\(list.joined(separator: ", ")))", type: signature.result ?? .void)
    }

    /// The scripting API's names export does not translate yet (the rest of segue.lua's globals are translated or refused with advice).
    static let notYetExported: Set<String> = [
        "UICubicTimingParameters",
        "UISpringTimingParameters", "CATransaction", "CAKeyframeAnimation", "CASpringAnimation", "CAAnimationGroup",
        "CACurrentMediaTime", "UIViewPropertyAnimator", "CAGradientLayer", "UIApplication", "CGAffineTransform", "CATransform3DInvert", "CATransform3DMakeAffineTransform",
        "CATransform3DGetAffineTransform", "CATransform3DIsIdentity", "CATransform3DIsAffine", "CATransform3DEqualToTransform",
        "CGAffineTransformRotate", "CGAffineTransformConcat",
        "CGAffineTransformInvert", "CGPointApplyAffineTransform", "CGRectMake", "CGPointMake",
        "CGSizeMake", "CGRectOffset", "CGRectInset", "CGRectIntersection", "CGRectUnion", "CGRectContainsPoint", "CGRectContainsRect",
        "CGRectIntersectsRect", "CGRectEqualToRect", "CGRectGetMinX", "CGRectGetMidX", "CGRectGetMaxX", "CGRectGetMinY",
        "CGRectGetMidY", "CGRectGetMaxY", "CGRectGetWidth", "CGRectGetHeight", "math.ceil", "math.log",
        "math.tan", "math.asin", "math.acos", "math.fmod", "math.modf", "math.random", "math.tointeger", "math.type",
    ]

    /// Translated arguments for UIKit parameters of the given types.
    func arguments(_ nodes: [SyntaxNode], _ types: [SwiftType], at node: SyntaxNode, name: String,
                   typed: Bool = true) throws(ExportRefusal) -> [String] {
        try typedArguments(nodes, types, at: node, name: name, typed: typed).map(\.text)
    }

    func typedArguments(_ nodes: [SyntaxNode], _ types: [SwiftType], at node: SyntaxNode, name: String,
                        typed: Bool = true) throws(ExportRefusal) -> [Expression] {
        guard nodes.count == types.count else {
            throw refuse(node, "\(name) with \(nodes.count) argument(s)", "UIKit's takes \(types.count)")
        }
        var result: [Expression] = []
        for (argument, type) in zip(nodes, types) {
            literalTyped = typed
            var value = try expression(argument, expecting: type)
            if !type.isOptional { value = try unwrap(value, at: argument) }
            try require(value, is: type, at: argument)
            result.append(value)
        }
        return result
    }

    /// `UIColor{white = w, alpha = a}` is UIKit's `UIColor(white:alpha:)`; `UIColor{red =, green =, blue =, alpha =}` its
    /// `UIColor(red:green:blue:alpha:)`, a component left out 0 as the scripting API has it (alpha 1).
    private func colorTable(_ table: SyntaxNode) throws(ExportRefusal) -> Expression {
        var fields: [String: SyntaxNode] = [:]
        for pair in table.parts {
            guard pair.tag == "Pair", let key = ExportedEntry.string(pair.parts[0]), ["white", "red", "green", "blue", "alpha"].contains(key) else {
                throw refuse(pair, "this field of UIColor{…}", "UIColor{…} takes white and alpha, or red, green, blue and alpha")
            }
            fields[key] = pair.parts[1]
        }
        func component(_ key: String, otherwise: String) throws(ExportRefusal) -> String {
            guard let node = fields[key] else { return otherwise }
            literalTyped = true
            let value = try unwrap(try expression(node, expecting: .number), at: node)
            try require(value, is: .number, at: node)
            return value.text
        }
        let alpha = try component("alpha", otherwise: "1")
        // The scripting API reads white first: the red, green and blue beside it are not used.
        if fields["white"] != nil {
            guard fields.keys.allSatisfy({ $0 == "white" || $0 == "alpha" }) else {
                throw refuse(table, "UIColor{…} with white and red, green or blue", "give white, or red, green and blue")
            }
            return Expression(text: "UIColor(white: \(try component("white", otherwise: "0")), alpha: \(alpha))", type: .color)
        }
        let (red, green, blue) = (try component("red", otherwise: "0"), try component("green", otherwise: "0"), try component("blue", otherwise: "0"))
        return Expression(text: "UIColor(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))", type: .color)
    }

    /// `object:method(…)`.
    func invoke(_ node: SyntaxNode) throws(ExportRefusal) -> Expression {
        guard let method = ExportedEntry.string(node.parts[1]) else { throw refuse(node, "a method call", "?") }
        if dotted(node.parts[0]) == "DispatchQueue.main" { return try mainQueue(method, Array(node.parts.dropFirst(2)), at: node) }
        var receiver = try expression(node.parts[0])
        if receiver.type == .optional(.context) {
            throw refuse(node, "ctx:\(method) in transitionDuration", "UIKit may ask the duration without a context; use params or isPresenting")
        }
        receiver = try unwrap(receiver, at: node.parts[0])
        let arguments = Array(node.parts.dropFirst(2))
        if receiver.type == .view, method == "insertSubview" { return try insertSubview(receiver, arguments, at: node) }
        if [.view, .effectView, .scrollView].contains(receiver.type.unwrapped), method == "convert",
           arguments.count == 2, arguments[1].tag == "Table" || arguments[1].tag == "Nil" {
            throw refuse(node, "view:convert with {to = …}, {from = …} or nil", "only view:convert(rect, view) is exported yet (UIKit's convert(_:to:))")
        }
        if receiver.type == .transitionCoordinator, method == "animateAlongsideTransition" {
            return try animateAlongside(receiver, arguments, at: node)
        }
        if receiver.type == .propertyAnimator, let call = try propertyAnimatorCall(receiver, method, arguments, at: node) { return call }
        guard let form = UIKitVocabulary.method(method, of: receiver.type) else {
            throw refuse(node, "\(receiver.type.described)'s \(method)", "it is not exported yet, or not in the scripting API")
        }
        guard let parameters = form.parameters(forArguments: arguments.count) else {
            let least = form.parameters.count - form.optionalTrailing
            throw refuse(node, "\(method) with \(arguments.count) argument(s)",
                         "UIKit's takes \(least == form.parameters.count ? "\(least)" : "\(least) or \(form.parameters.count)")")
        }
        let values = try self.arguments(arguments, parameters, at: node, name: method)
        return Expression(text: form.render(parenthesized(receiver, below: .atom), values), type: form.result)
    }

    /// `DispatchQueue.main:asyncAfter(seconds, function() … end)` and `:async(function() … end)`: Dispatch's own calls,
    /// the work a trailing closure (its body translated as any closure's, `[self]` where it reads the animator).
    private func mainQueue(_ method: String, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        switch (method, arguments.count) {
        case ("asyncAfter", 2):
            let delay = try unwrap(try expression(arguments[0], expecting: .number), at: arguments[0])
            try require(delay, is: .number, at: arguments[0])
            let work = try closure(arguments[1], parameters: [], name: "asyncAfter's work")
            // The delay summed first, as the Lua sums it: `.now() + a + b` would add a to the clock, then b.
            return Expression(text: "DispatchQueue.main.asyncAfter(deadline: .now() + \(parenthesized(delay, below: .multiplicative))) " + work, type: .void)
        case ("async", 1):
            return Expression(text: "DispatchQueue.main.async " + (try closure(arguments[0], parameters: [], name: "async's work")), type: .void)
        default:
            throw refuse(node, "DispatchQueue.main:\(method) with \(arguments.count) argument(s)",
                         "write DispatchQueue.main:asyncAfter(seconds, function() … end) or DispatchQueue.main:async(function() … end)")
        }
    }

    /// `CADisplayLink.new(function(link) … end)`: UIKit's display link calls a method of its target, so the file's
    /// DisplayLinkTarget is the target and calls the function, a closure translated as any other.
    private func displayLink(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        guard arguments.count == 1 else {
            throw refuse(node, "CADisplayLink.new with \(arguments.count) arguments", "give it the function to run every frame: function(link) … end")
        }
        guard !isModule else { throw refuse(node, "CADisplayLink.new in a module", "not exported yet: make the display link in the entry") }
        let tick = try closure(arguments[0], parameters: [.displayLink], name: "the display link's function")
        usesDisplayLink = true
        return Expression(text: "DisplayLinkTarget.link " + tick, type: .displayLink)
    }

    /// `view:insertSubview(v, {belowSubview = w})` and its other forms.
    private func insertSubview(_ receiver: Expression, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        if arguments.count == 2, let index = ExportedEntry.number(arguments[1]), let at = Int(index), at >= 0 {
            let view = try unwrap(try expression(arguments[0], expecting: .view), at: arguments[0])
            try require(view, is: .view, at: arguments[0])
            return Expression(text: "\(receiver.text).insertSubview(\(view.text), at: \(at))", type: .void)
        }
        guard arguments.count == 2, arguments[1].tag == "Table", arguments[1].parts.count == 1, arguments[1].parts[0].tag == "Pair",
              let label = ExportedEntry.string(arguments[1].parts[0].parts[0]), ["aboveSubview", "belowSubview"].contains(label) else {
            throw refuse(node, "this form of insertSubview", "write view:insertSubview(v, {belowSubview = w}) or {aboveSubview = w}")
        }
        let view = try unwrap(try expression(arguments[0], expecting: .view), at: arguments[0])
        let sibling = try unwrap(try expression(arguments[1].parts[0].parts[1], expecting: .view), at: arguments[1].parts[0].parts[1])
        try require(view, is: .view, at: arguments[0])
        try require(sibling, is: .view, at: arguments[1])
        return Expression(text: "\(receiver.text).insertSubview(\(view.text), \(label): \(sibling.text))", type: .void)
    }

    /// `coordinator:animateAlongsideTransition(animation, completion)`: UIKit's closures are given the coordinator's
    /// context, which the scripting API's are not (they read the coordinator itself). The animation closure animates, as
    /// UIView.animate's does.
    private func animateAlongside(_ receiver: Expression, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        guard (1...2).contains(arguments.count), arguments[0].tag == "Function" else {
            throw refuse(node, "this form of animateAlongsideTransition", "give an animation function written in place, and a completion if you need one")
        }
        var parts = ["alongsideTransition: " + (try closure(arguments[0], parameters: [.coordinatorContext], name: "animations"))]
        if arguments.count == 2 {
            parts.append("completion: " + (try closure(arguments[1], parameters: [.coordinatorContext], name: "completion")))
        }
        // Laid out as UIKit code lays it out: `}, completion: { _ in` between the two.
        let text = "\(parenthesized(receiver, below: .atom)).animate(" + parts.joined(separator: ", ") + ")"
        return Expression(text: text, type: .void)
    }

    /// `UIBlurEffect(style)`: a style named in place, or a parameter whose choices are all UIKit's styles (its enum then
    /// says UIKit's style of each name, `style`).
    private func blurEffect(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        guard arguments.count == 1 else { throw refuse(node, "UIBlurEffect with \(arguments.count) arguments", "name one style: UIBlurEffect(\"dark\")") }
        let argument = arguments[0]
        if argument.tag == "String", case .text(let style)? = argument.parts.first {
            guard Self.blurStyles.contains(style) else {
                throw refuse(argument, "the blur style \"\(style)\"", "use one of UIBlurEffect.Style's: \(Self.blurStyles.joined(separator: ", "))")
            }
            return Expression(text: "UIBlurEffect(style: .\(style))", type: .blurEffect)
        }
        let value = try expression(argument)
        guard case .choice(let name) = value.type, choices(of: name).allSatisfy(Self.blurStyles.contains) else {
            throw refuse(argument, "UIBlurEffect of \(value.type.described)", "name the style in place, or pass a parameter whose choices are UIBlurEffect.Style's names")
        }
        blurStyleChoices.insert(name)
        return Expression(text: "UIBlurEffect(style: \(parenthesized(value, below: .atom)).style)", type: .blurEffect)
    }

    /// UIBlurEffect.Style's cases, as the scripting API names them (UIBlurEffectStyle in segue.lua).
    static let blurStyles = ["extraLight", "light", "dark", "regular", "prominent", "systemUltraThinMaterial", "systemThinMaterial",
                             "systemMaterial", "systemThickMaterial", "systemChromeMaterial", "systemUltraThinMaterialLight",
                             "systemThinMaterialLight", "systemMaterialLight", "systemThickMaterialLight", "systemChromeMaterialLight",
                             "systemUltraThinMaterialDark", "systemThinMaterialDark", "systemMaterialDark", "systemThickMaterialDark",
                             "systemChromeMaterialDark"]

    // MARK: UIView.animate

    /// `UIView.animate{duration =, delay =, options =, usingSpringWithDamping =, initialSpringVelocity =, animations =, completion =}`
    /// as the UIKit class method with those labels (the shortest of Apple's overloads that says it all).
    private func animate(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        guard curvedKeyframes == 0 else {
            throw refuse(node, "UIView.animate inside a keyframe animation on one curve",
                         "UIKit would give it the animator's duration and curve, which the Lua does not; make it outside")
        }
        let fields = try table(node, arguments, name: "UIView.animate", known: ["duration", "delay", "options", "usingSpringWithDamping",
                                                                               "initialSpringVelocity", "animations", "completion", "timingFunction"])
        let transaction = try fields["timingFunction"].map { (timing) throws(ExportRefusal) in try timingFunction(timing) }
        guard let durationNode = fields["duration"], let animationsNode = fields["animations"] else {
            throw refuse(node, "UIView.animate without duration or animations", "give both")
        }
        let duration = try number(durationNode)
        var parts = ["withDuration: \(duration)"]
        let spring = fields["usingSpringWithDamping"]
        if fields["delay"] != nil || fields["options"] != nil || spring != nil {
            parts.append("delay: \(try fields["delay"].map { (delay) throws(ExportRefusal) in try number(delay) } ?? "0")")
        }
        if let spring {
            parts.append("usingSpringWithDamping: \(try number(spring))")
            parts.append("initialSpringVelocity: \(try fields["initialSpringVelocity"].map { (velocity) throws(ExportRefusal) in try number(velocity) } ?? "0")")
        } else if let velocity = fields["initialSpringVelocity"] {
            throw refuse(velocity, "initialSpringVelocity without usingSpringWithDamping", "give the damping too")
        }
        if fields["options"] != nil || spring != nil {
            parts.append("options: \(try fields["options"].map { (options) throws(ExportRefusal) in try self.options(options) } ?? "[]")")
        }
        // A comment among the values (`-- Linear while a finger drives it`) is about them: above the call, not inside the
        // animations closure whose first statement would otherwise take it.
        var said = SwiftWriter()
        said.depth = 0
        for comment in takeComments(from: (node.line ?? 0) + 1, before: animationsNode.line ?? 0) { said.comment(comment.text) }
        // The values on one line, each closure on lines of its own: as UIKit code is laid out.
        var closures = ["animations: " + (try closure(animationsNode, parameters: [], name: "animations"))]
        if let completion = fields["completion"] {
            closures.append("completion: " + (try closure(completion, parameters: [.bool], name: "completion")))
        }
        let indented = ([parts.joined(separator: ", ")] + closures).map { $0.replacingOccurrences(of: "\n", with: "\n    ") }
        let call = inTransaction(transaction, "UIView.animate(\n    " + indented.joined(separator: ",\n    ") + "\n)")
        return Expression(text: (said.lines + [call]).joined(separator: "\n"), type: .void)
    }

    /// `UIView.transition{from =, to =, duration =, options = {"transitionCurlUp", …}, completion =}`: UIKit's
    /// `transition(from:to:duration:options:completion:)`, its values on one line and the completion a closure under it.
    private func pageTransition(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        guard curvedKeyframes == 0 else {
            throw refuse(node, "UIView.transition inside a keyframe animation on one curve", "make it outside")
        }
        let fields = try table(node, arguments, name: "UIView.transition",
                               known: ["from", "to", "with", "duration", "options", "animations", "completion"])
        func view(_ node: SyntaxNode) throws(ExportRefusal) -> String {
            let value = try unwrap(try expression(node, expecting: .view), at: node)
            try require(value, is: .view, at: node)
            return value.text
        }
        guard let durationNode = fields["duration"] else { throw refuse(node, "UIView.transition without a duration", "give one") }
        // The transition's kind once among the options, as the Lua requires it: a call with none or two runs nothing
        // the entry checked. Only options all written as names can be judged here (one chosen by a condition is the
        // Lua's to check as it runs); nil when they cannot.
        func kind() throws(ExportRefusal) -> String? {
            let items = fields["options"]?.parts ?? []
            let names = items.compactMap(ExportedEntry.string)
            guard names.count == items.count else { return nil }
            let kinds = names.filter { $0.hasPrefix("transition") }
            guard kinds.count == 1 else {
                throw refuse(fields["options"] ?? node, "UIView.transition with \(kinds.count) transitions among its options",
                             "name one: \"transitionCrossDissolve\", \"transitionCurlUp\" or \"transitionCurlDown\"")
            }
            return kinds[0]
        }
        var parts: [String]
        if let withNode = fields["with"] {
            // A view's content changing: transition(with:duration:options:animations:completion:).
            guard fields["from"] == nil, fields["to"] == nil else {
                throw refuse(node, "UIView.transition with both 'with' and 'from'/'to'", "give one form")
            }
            _ = try kind()
            var head = ["with: \(try view(withNode))", "duration: \(try number(durationNode))"]
            if let options = fields["options"] { head.append("options: \(try self.options(options))") }
            parts = [head.joined(separator: ", ")]
            parts.append("animations: " + (try fields["animations"].map { node throws(ExportRefusal) in
                try closure(node, parameters: [], name: "animations")
            } ?? "nil"))
        } else {
            guard let fromNode = fields["from"], let toNode = fields["to"] else {
                throw refuse(node, "UIView.transition without from and to (or with)", "give both, or 'with' and 'animations'")
            }
            if let animations = fields["animations"] {
                throw refuse(animations, "UIView.transition's animations with from and to", "UIKit's from/to form takes none")
            }
            guard try kind() != "transitionCrossDissolve" else {
                throw refuse(node, "UIView.transition from one view to another by a cross-dissolve",
                             "turn the page (\"transitionCurlUp\", \"transitionCurlDown\"), as the scripting API does")
            }
            var head = ["from: \(try view(fromNode))", "to: \(try view(toNode))", "duration: \(try number(durationNode))"]
            if let options = fields["options"] { head.append("options: \(try self.options(options))") }
            parts = [head.joined(separator: ", ")]
        }
        if let completion = fields["completion"] {
            parts.append("completion: " + (try closure(completion, parameters: [.bool], name: "completion")))
        }
        let indented = parts.map { $0.replacingOccurrences(of: "\n", with: "\n    ") }
        return Expression(text: "UIView.transition(\n    " + indented.joined(separator: ",\n    ") + "\n)", type: .void)
    }

    /// A `timingFunction =` value: what CATransaction.setAnimationTimingFunction gives the UIView animation made inside it.
    private func timingFunction(_ node: SyntaxNode) throws(ExportRefusal) -> String {
        let value = try unwrap(try expression(node, expecting: .timingFunction), at: node)
        try require(value, is: .timingFunction, at: node)
        return value.text
    }

    /// The call inside a transaction that sets its curve (the Lua API's `timingFunction`), or the call alone.
    private func inTransaction(_ timing: String?, _ call: String) -> String {
        guard let timing else { return call }
        return ["// The curve: Core Animation's transaction timing function, which the animation made inside it takes.",
                "CATransaction.begin()", "CATransaction.setAnimationTimingFunction(\(timing))", call, "CATransaction.commit()"]
            .joined(separator: "\n")
    }

    /// `UIView.animateKeyframes{duration =, delay =, options =, animations =, completion =}`. UIKit declares this completion
    /// `@Sendable` (not animate's): the entry's completion becomes a main-actor closure, kept in a local before the call and
    /// run in place by the completion UIKit calls on the main thread.
    private func animateKeyframes(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        let fields = try table(node, arguments, name: "UIView.animateKeyframes",
                               known: ["duration", "delay", "options", "animations", "completion", "timingFunction"])
        guard let durationNode = fields["duration"], let animationsNode = fields["animations"] else {
            throw refuse(node, "UIView.animateKeyframes without duration or animations", "give both")
        }
        guard curvedKeyframes == 0 else {
            throw refuse(node, "a keyframe animation inside a keyframe animation on one curve",
                         "UIKit would give it the animator's duration and curve, which the Lua does not; make it outside")
        }
        if let timing = fields["timingFunction"] {
            return try keyframesOnOneCurve(node, timing: timing, fields: fields, animations: animationsNode, duration: durationNode)
        }
        let duration = try number(durationNode)
        let delay = try fields["delay"].map { (delay) throws(ExportRefusal) in try number(delay) } ?? "0"
        var parts = ["withDuration: \(duration), delay: \(delay)"]
        if let options = fields["options"] { parts[0] += ", options: \(try self.options(options, .keyframeOptions))" }
        var closures = ["animations: " + (try closure(animationsNode, parameters: [], name: "animations"))]
        if let completion = fields["completion"] {
            let body = try closure(completion, parameters: [.bool], name: "completion")
            var name = "keyframesDone"
            var suffix = 2
            while scopes.contains(where: { $0.values.contains { $0.swift == name } }) || hoisted.contains(where: { $0.contains("let \(name):") }) {
                name = "keyframesDone\(suffix)"
                suffix += 1
            }
            hoisted.append("// UIKit declares this completion @Sendable, and calls it on the main thread: the work is a main-actor closure.")
            hoisted.append("let \(name): @MainActor (Bool) -> Void = \(body)")
            closures.append("completion: { finished in MainActor.assumeIsolated { \(name)(finished) } }")
        }
        let indented = ([parts.joined(separator: ", ")] + closures).map { $0.replacingOccurrences(of: "\n", with: "\n    ") }
        return Expression(text: "UIView.animateKeyframes(\n    " + indented.joined(separator: ",\n    ") + "\n)", type: .void)
    }

    /// `UIView.animateKeyframes{timingFunction = …}`: one curve over the whole keyframe animation, which UIKit gives
    /// through a property animator with that curve, a keyframe animation of no duration made in its animations taking
    /// its duration and timing. A percent-driven transition scrubs UIView animations, not an animator of the entry's
    /// own, so an entry with an interaction is refused.
    private func keyframesOnOneCurve(_ node: SyntaxNode, timing: SyntaxNode, fields: [String: SyntaxNode], animations: SyntaxNode,
                                     duration durationNode: SyntaxNode) throws(ExportRefusal) -> Expression {
        guard entry.dismissal == nil && entry.pop == nil else {
            throw refuse(timing, "a keyframe animation's timingFunction in an entry with an interaction",
                         "UIKit gives one curve only through a property animator, which a percent-driven transition does not scrub; time each keyframe instead")
        }
        // Inside another animation UIKit would hand the inner one the outer's duration and curve, which the Lua does not.
        guard animationDepth == 0 else {
            throw refuse(node, "a keyframe animation on one curve inside another animation's block", "make it where no animation block is open")
        }
        if let options = fields["options"] { throw refuse(options, "options beside a keyframe animation's timingFunction", "give the curve alone") }
        let parameters = try cubicTiming(timing)
        let duration = try number(durationNode)
        let delay = try fields["delay"].map { (delay) throws(ExportRefusal) in try number(delay) }
        // Names no local of the function has, before or after, nor another animator of it.
        func taken(_ name: String) -> Bool {
            scopes.contains { $0.values.contains { $0.swift == name } } || hoisted.contains { $0.contains("let \(name)") }
                || function.generatedNames.contains(name) || (function.node.map { Self.mentions(name, $0) } ?? false)
        }
        var suffix = 1
        var name = "keyframes", timingName = "timing"
        while taken(name) || taken(name + "Done") || taken(timingName) {
            suffix += 1
            (name, timingName) = ("keyframes\(suffix)", "timing\(suffix)")
        }
        function.generatedNames.formUnion([name, name + "Done", timingName])
        // The curve in a constant of its own, a choice between two on lines of their own.
        var lines = ["// One curve over the whole keyframe animation: a property animator's, which a keyframe animation of no",
                     "// duration made in its animations takes, with its duration.",
                     "let \(timingName) = \(parameters)",
                     "let \(name) = UIViewPropertyAnimator(duration: \(duration), timingParameters: \(timingName))"]
        curvedKeyframes += 1
        let body = try closure(animations, parameters: [], name: "animations")
        curvedKeyframes -= 1
        lines.append("\(name).addAnimations {")
        lines.append("    UIView.animateKeyframes(withDuration: 0, delay: 0, animations: " + body.replacingOccurrences(of: "\n", with: "\n    ") + ")")
        lines.append("}")
        if let completion = fields["completion"] {
            let done = try closure(completion, parameters: [.bool], name: "completion")
            if done.hasPrefix("{ _ in") || done.hasPrefix("{ [self] _ in") {
                lines.append("\(name).addCompletion " + done)
            } else {
                // The entry's completion is told whether the animations finished: the animator ended at their end.
                lines.append("let \(name)Done: (Bool) -> Void = " + done)
                lines.append("\(name).addCompletion { position in \(name)Done(position == .end) }")
            }
        }
        lines.append(delay.map { "\(name).startAnimation(afterDelay: \($0))" } ?? "\(name).startAnimation()")
        return Expression(text: lines.joined(separator: "\n"), type: .void)
    }

    /// A timing function as UIKit's cubic timing parameters: its control points, from a curve written in place, a named
    /// one, a constant of the entry's holding one, or a choice between two of them.
    private func cubicTiming(_ node: SyntaxNode) throws(ExportRefusal) -> String {
        switch node.tag {
        case "Paren":
            return try cubicTiming(node.parts[0])
        case "Op" where node.parts.first == .text("or") && node.parts[1].tag == "Op" && node.parts[1].parts.first == .text("and"):
            let condition = try expression(node.parts[1].parts[1], expecting: .bool)
            try require(condition, is: .bool, at: node.parts[1].parts[1])
            let then = try cubicTiming(node.parts[1].parts[2]), otherwise = try cubicTiming(node.parts[2])
            return "\(parenthesized(condition, below: .or))\n    ? \(then.replacingOccurrences(of: "\n", with: "\n    "))"
                + "\n    : \(otherwise.replacingOccurrences(of: "\n", with: "\n    "))"
        case "Id":
            // The chunk's constant, unless a local or parameter of that name hides it.
            if case .text(let lua)? = node.parts.first, let constant = constantNodes[lua], lookup(lua)?.type == .timingFunction,
               scopes.lastIndex(where: { $0[lua] != nil }) == 0 {
                return try cubicTiming(constant.node)
            }
        case "Call" where dotted(node.parts[0]) == "CAMediaTimingFunction":
            let points = node.parts.dropFirst().compactMap(ExportedEntry.number)
            if points.count == 4 && node.parts.count == 5 {
                // Core Animation's x values lie within 0…1, as check holds the entry's to.
                guard [points[0], points[2]].allSatisfy({ Double($0).map { (0...1).contains($0) } ?? false }) else {
                    throw refuse(node, "a timing function whose control points' x lie outside 0…1", "give x values within 0…1")
                }
                return "UICubicTimingParameters(controlPoint1: CGPoint(x: \(points[0]), y: \(points[1])), "
                    + "controlPoint2: CGPoint(x: \(points[2]), y: \(points[3])))"
            }
        case "Index":
            // UIView.AnimationCurve's four are Core Animation's named curves; `default` has no curve of UIKit's own.
            let curves = ["CAMediaTimingFunction.linear": "linear", "CAMediaTimingFunction.easeIn": "easeIn",
                          "CAMediaTimingFunction.easeOut": "easeOut", "CAMediaTimingFunction.easeInEaseOut": "easeInOut"]
            if let name = dotted(node), let curve = curves[name] { return "UICubicTimingParameters(animationCurve: .\(curve))" }
            if dotted(node) == "CAMediaTimingFunction.default" {
                return "UICubicTimingParameters(controlPoint1: CGPoint(x: 0.25, y: 0.1), controlPoint2: CGPoint(x: 0.25, y: 1))"
            }
        default: break
        }
        throw refuse(node, "a keyframe animation's timingFunction computed when the entry runs",
                     "write CAMediaTimingFunction(x1, y1, x2, y2) or a named curve, in place or in a constant at the top of the entry")
    }

    /// `UIView.addKeyframe(start, duration, function() … end)` or its table form.
    private func addKeyframe(_ node: SyntaxNode, _ arguments: [SyntaxNode]) throws(ExportRefusal) -> Expression {
        let start: SyntaxNode, length: SyntaxNode, body: SyntaxNode
        if arguments.count == 1, arguments[0].tag == "Table" {
            let fields = try table(node, arguments, name: "UIView.addKeyframe", known: ["relativeStartTime", "relativeDuration", "animations"])
            guard let s = fields["relativeStartTime"], let d = fields["relativeDuration"], let a = fields["animations"] else {
                throw refuse(node, "UIView.addKeyframe without relativeStartTime, relativeDuration or animations", "give all three")
            }
            (start, length, body) = (s, d, a)
        } else if arguments.count == 3 {
            (start, length, body) = (arguments[0], arguments[1], arguments[2])
        } else {
            throw refuse(node, "UIView.addKeyframe with \(arguments.count) argument(s)", "give the start, the duration and the animations")
        }
        let startText = try number(start), lengthText = try number(length)
        let animations = try closure(body, parameters: [], name: "animations").replacingOccurrences(of: "\n", with: "\n    ")
        return Expression(text: "UIView.addKeyframe(\n    withRelativeStartTime: \(startText), relativeDuration: \(lengthText),\n    animations: \(animations)\n)",
                          type: .void)
    }

    /// A call's one table argument, its fields by name, none but the known.
    func table(_ node: SyntaxNode, _ arguments: [SyntaxNode], name: String, known: [String]) throws(ExportRefusal) -> [String: SyntaxNode] {
        guard arguments.count == 1, arguments[0].tag == "Table" else {
            throw refuse(node, "\(name) with positional arguments", "write \(name){duration = …, animations = function() … end}")
        }
        var fields: [String: SyntaxNode] = [:]
        for pair in arguments[0].parts {
            guard pair.tag == "Pair", let key = ExportedEntry.string(pair.parts[0]) else {
                throw refuse(pair, "a positional value in \(name)'s table", "name each argument")
            }
            guard known.contains(key) else { throw refuse(pair, "\(name)'s '\(key)'", "it takes \(known.joined(separator: ", "))") }
            fields[key] = pair.parts[1]
        }
        return fields
    }

    func number(_ node: SyntaxNode) throws(ExportRefusal) -> String {
        literalTyped = true
        let value = try unwrap(try expression(node, expecting: .number), at: node)
        try require(value, is: .number, at: node)
        return value.text
    }

    private func options(_ node: SyntaxNode, _ type: SwiftType = .animationOptions) throws(ExportRefusal) -> String {
        guard node.tag == "Table", node.parts.allSatisfy({ $0.tag != "Pair" }) else {
            throw refuse(node, "options that are not a list written in place", "write options = {\"curveEaseOut\"}")
        }
        var items: [String] = []
        for item in node.parts {
            let option = try expression(item, expecting: type)
            try require(option, is: type, at: item)
            items.append(option.text)
        }
        return "[\(items.joined(separator: ", "))]"
    }

    /// A Lua function written in place as a Swift closure, its body indented under the call.
    func closure(_ node: SyntaxNode, parameters types: [SwiftType], name: String) throws(ExportRefusal) -> String {
        guard node.tag == "Function" else {
            throw refuse(node, "\(name) given a function kept elsewhere", "write the function in place, as function() … end")
        }
        let names = node.parts[0].parts.compactMap { parameter -> String? in
            guard case .text(let lua)? = parameter.parts.first else { return nil }
            return lua
        }
        for lua in names { try checkName(lua, at: node) }
        guard names.count <= types.count, !node.parts[0].parts.contains(where: { $0.tag == "Dots" }) else {
            throw refuse(node, "\(name) with \(names.count) parameter(s)", "UIKit passes \(types.count)")
        }
        let outerUsesSelf = closureUsesSelf, outerHoisted = hoisted, outerConditional = conditional, outerResult = function.result
        closureUsesSelf = false
        closureDepth += 1
        if name == "animations" { animationDepth += 1 }
        defer { if name == "animations" { animationDepth -= 1 } }
        conditional = 0
        function.result = nil
        defer { closureDepth -= 1; hoisted = outerHoisted; conditional = outerConditional; function.result = outerResult }
        var writer = SwiftWriter()
        writer.depth = 1
        try scoped { () throws(ExportRefusal) in
            for (lua, type) in zip(names, types) { declare(lua, Variable(swift: SwiftWriter.identifier(lua), type: type, mutable: false)) }
            try block(node.parts[1].parts, into: &writer)
        }
        if let result = function.result, result != .void { throw refuse(node, "\(name) returning a value", "UIKit ignores it; drop the return value") }
        let capture = closureUsesSelf ? "[self] " : ""
        closureUsesSelf = outerUsesSelf || closureUsesSelf && closureDepth > 1
        var header = "{"
        // A parameter the body never reads is `_`, as Swift code says it.
        var assigned: [String: Int] = [:], uses: [String: Int] = [:]
        Usage.count(node.parts[1].parts, into: &assigned, uses: &uses)
        let labels = (0..<types.count).map { $0 < names.count && uses[names[$0], default: 0] > 0 ? SwiftWriter.identifier(names[$0]) : "_" }
        if !labels.isEmpty || !capture.isEmpty {
            header += " \(capture)\(labels.joined(separator: ", "))\(labels.isEmpty ? "" : " ")in"
        }
        return ([header] + writer.lines + ["}"]).joined(separator: "\n")
    }
}

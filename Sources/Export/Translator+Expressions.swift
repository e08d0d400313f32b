import LuaSyntax

extension Translator {
    /// A translated expression: its Swift text, type and how tightly it binds.
    struct Expression {
        var text: String
        var type: SwiftType
        var precedence: Precedence = .atom
        /// The Lua local it reads, when it is one (unwrapped in place by `guard let`).
        var local: String?
        /// A Lua integer (a literal without a point, and +, - and * of such) and how large it may be: Lua computes it
        /// exactly and wraps past 2^63, a Double rounds past 2^53. Nil: a float in Lua as in Swift.
        var integerBound: Double?
        /// Read from a member UIKit declares `T!`: a local of it is declared with its type.
        var implicitlyUnwrapped = false
        /// A Float property being written: the value is converted.
        var isFloat = false
        /// The name a `guard let` unwrapping it binds, when not the one its type gives.
        var unwrapName: String?
    }

    enum Precedence: Int, Comparable {
        case ternary = 1, or, and, comparison, additive, multiplicative, prefix, atom
        static func < (a: Precedence, b: Precedence) -> Bool { a.rawValue < b.rawValue }
    }

    func parenthesized(_ expression: Expression, below precedence: Precedence) -> String {
        expression.precedence < precedence ? "(\(expression.text))" : expression.text
    }

    func require(_ expression: Expression, is type: SwiftType, at node: SyntaxNode) throws(ExportRefusal) {
        if expression.type == type || SwiftType.optional(expression.type) == type { return }
        // A gradient layer is a CALayer, a visual effect view a UIView.
        if (expression.type == .gradientLayer || expression.type == .shapeLayer) && type.unwrapped == .layer { return }
        if (expression.type.unwrapped == .effectView || expression.type.unwrapped == .scrollView) && type.unwrapped == .view
            && (type.isOptional || !expression.type.isOptional) { return }
        throw refuse(node, "\(expression.type.described) where \(type.described) is needed", "the types must agree in Swift")
    }

    // MARK: Expressions

    func expression(_ node: SyntaxNode, expecting expected: SwiftType? = nil) throws(ExportRefusal) -> Expression {
        // Only the literal itself is typed by its place, never one inside it (`min(1, 2) / 3` would be Int arithmetic).
        let typed = literalTyped
        literalTyped = false
        switch node.tag {
        case "Number":
            guard let text = ExportedEntry.number(node) else {
                throw refuse(node, "a number a Double cannot hold exactly (an integer past 2^53, or past Double's range)", "write a smaller number, with a decimal point")
            }
            // Swift reads `200` as an Int where no type is given: a Lua number is a floating-point value.
            let floating = text.contains(".") || text.lowercased().contains("e") || (expected == .number && typed) ? text : text + ".0"
            let integral = !text.contains(where: { ".eEpP".contains($0) }) || (text.lowercased().hasPrefix("0x") && !text.lowercased().contains("p"))
            return Expression(text: floating, type: .number, integerBound: integral ? abs(Double(text) ?? .infinity) : nil)
        case "True": return Expression(text: "true", type: .bool)
        case "False": return Expression(text: "false", type: .bool)
        case "Nil":
            guard let expected, expected.isOptional else { throw refuse(node, "nil where a value is needed", "give a value") }
            return Expression(text: "nil", type: expected)
        case "String":
            guard case .text(let text)? = node.parts.first else { throw refuse(node, "a string", "?") }
            return try literal(text, expecting: expected, at: node)
        case "Id": return try identifier(node)
        case "Paren":
            var inner = try expression(node.parts[0], expecting: expected)
            inner.text = "(\(inner.text))"
            inner.precedence = .atom
            inner.local = nil
            return inner
        case "Index": return try field(node, forWriting: false)
        case "Call": return try call(node)
        case "Invoke": return try invoke(node)
        case "Op": return try operation(node, expecting: expected)
        case "Function":
            throw refuse(node, "a function value here", "UIView.animate's animations and completion are the closures exported so far")
        case "Table": return try table(node, expecting: expected)
        case "Dots": throw refuse(node, "...", "name the parameters")
        default: throw refuse(node, "\(node.tag ?? "this expression")", "it has no Swift form in an exported animator")
        }
    }

    /// A string literal: a case of the enum the context expects (`.to`, `.curveLinear`, `.left`).
    func literal(_ text: String, expecting expected: SwiftType?, at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        switch expected?.unwrapped {
        case .choice(let name)?:
            let cases = choices(of: name)
            guard cases.contains(text) else {
                // UIKit's names are said "you-eye": a UIGestureRecognizer.State.
                let article = "AEIOU".contains(name.first ?? "x") && !name.hasPrefix("UI") ? "an" : "a"
                throw refuse(node, "\"\(text)\" as \(article) \(name)", "one of \(cases.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            return Expression(text: ".\(text)", type: .choice(name))
        case .keyframeOptions?:
            guard UIKitVocabulary.keyframeOptions.contains(text) else {
                throw refuse(node, "the keyframe option \"\(text)\"", "UIView.KeyframeAnimationOptions has \(UIKitVocabulary.keyframeOptions.sorted().joined(separator: ", ")); a curve belongs to each keyframe's animations")
            }
            return Expression(text: ".\(text)", type: .keyframeOptions)
        case .detent?:
            guard ["medium", "large"].contains(text) else {
                throw refuse(node, "the detent \"\(text)\"", "UIKit's detents are \"medium\" and \"large\"; one of your own is {identifier = \"\(text)\", height = …}")
            }
            return Expression(text: ".\(text)()", type: .detent)
        case .detentIdentifier?:
            sheetIdentifierUses.append((text, node))
            return Expression(text: Self.detentIdentifier(text), type: .detentIdentifier)
        case .string?:
            // A module's function that takes or gives a string (a direction's name): Swift's String.
            return Expression(text: SwiftWriter.stringLiteral(text), type: .string)
        case .animationOptions?:
            guard UIKitVocabulary.animationOptions.contains(text) else {
                throw refuse(node, "the animation option \"\(text)\"", "it is not exported yet; use one of \(UIKitVocabulary.animationOptions.sorted().joined(separator: ", "))")
            }
            return Expression(text: ".\(text)", type: .animationOptions)
        default:
            throw refuse(node, "the string \"\(text)\"", "strings are exported only as the names of choices UIKit or a parameter has")
        }
    }

    func choices(of type: String) -> [String] {
        switch type {
        case UIKitVocabulary.viewKey.spelling, UIKitVocabulary.viewControllerKey.spelling: ["from", "to"]
        case UIKitVocabulary.directionalEdge.spelling: ["top", "bottom"]
        case UIKitVocabulary.gestureState: UIKitVocabulary.gestureStates
        case UIKitVocabulary.animatingPosition: UIKitVocabulary.animatingPositions
        default:
            entry.parameters.compactMap { parameter -> [String]? in
                guard case .choice(let cases) = parameter.kind, ExportWriter.enumName(parameter.name) == type else { return nil }
                return cases
            }.first ?? []
        }
    }

    private func identifier(_ node: SyntaxNode) throws(ExportRefusal) -> Expression {
        guard case .text(let lua)? = node.parts.first else { throw refuse(node, "a name", "?") }
        // Lua's `_` is a name like any other; Swift's binds nothing and cannot be read.
        if lua == "_" { throw refuse(node, "a read of the name '_'", "Swift's _ binds nothing: give the value a name") }
        if var variable = lookup(lua) {
            if variable.type == .void { throw refuse(node, "'\(lua)' read before it has a value", "give it its value first") }
            // A struct or a list read whole (passed on, stored, assigned) is copied in Swift where Lua shares the one table:
            // from then on it may not change. A list looped over by ipairs is read in place.
            if !readingFieldBase && (variable.type.isStruct || (variable.type.isList && !readingListInPlace)) && !variable.escaped {
                variable.escaped = true
                for index in scopes.indices.reversed() where scopes[index][lua] != nil {
                    scopes[index][lua] = variable
                    break
                }
            }
            readingFieldBase = false
            readingListInPlace = false
            if constantNodes[lua] != nil { constantsRead.insert(lua) }
            return Expression(text: variable.swift, type: variable.type, local: lua, integerBound: variable.integerBound)
        }
        if let value = UIKitVocabulary.values[lua] { return Expression(text: value.swift, type: value.type) }
        if lua == "params" { usesSelf(); readsParameters = true; return Expression(text: "params", type: .parameters) }
        if helpers[lua] != nil { throw refuse(node, "the function '\(lua)' as a value", "call it") }
        if lua == moduleTable {
            throw refuse(node, "the module's table read as a value (\(lua))", "only its functions are exported (\(lua).name(…)); keep values in local constants")
        }
        throw refuse(node, "the global '\(lua)'", Self.globalAdvice[lua] ?? "declare it with local, or use the scripting API's names")
    }

    /// `view.subviews[1]`, the backmost subview or nil (a view found again in a hook that did not make it): UIKit's
    /// `subviews.first`. Another index would need Lua's nil past the end spelt out; it is refused.
    private func firstSubview(_ node: SyntaxNode, forWriting: Bool) throws(ExportRefusal) -> Expression {
        guard !forWriting else {
            throw refuse(node, "an assignment to an element of subviews", "subviews is read-only: add a view with addSubview")
        }
        guard ExportedEntry.number(node.parts[1]) == "1" else {
            throw refuse(node, "subviews indexed other than by 1", "only subviews[1] (UIKit's subviews.first) is exported; keep the view in a local where it is made")
        }
        readingFieldBase = node.parts[0].parts[0].tag == "Id"
        var base = try expression(node.parts[0].parts[0])
        readingFieldBase = false
        base = try unwrap(base, at: node.parts[0].parts[0])
        guard base.type == .view else {
            throw refuse(node, "subviews of \(base.type.described)", "read subviews[1] of a view that is not nil")
        }
        return Expression(text: "\(parenthesized(base, below: .atom)).subviews.first", type: .optional(.view))
    }

    static let globalAdvice = [
        "setmetatable": "metatables have no Swift form; write the record's fields out",
        "getmetatable": "metatables have no Swift form; write the record's fields out",
        "coroutine": "coroutines have no Swift form here; drive the steps from UIView.animate's completion",
        "pairs": "pairs visits keys in no fixed order; loop with ipairs over a list",
        "string": "string functions (patterns among them) have no faithful Swift form here; pass choices as parameters",
        "CATransaction": "CATransaction is not exported yet",
        "UIViewPropertyAnimator": "UIViewPropertyAnimator is not exported yet",
        "DispatchQueue": "call DispatchQueue.main:asyncAfter(seconds, function() … end) or :async(function() … end) in place",
        "CGAffineTransform": "the table form is not exported yet: write CGAffineTransformMakeTranslation(x, y), "
            + "CGAffineTransformMakeScale(sx, sy) or CGAffineTransformMakeRotation(angle), and CGAffineTransformScale(t, sx, sy)",
    ]

    /// Reading a member of the animator: from a closure Swift wants `[self]` said, and a function that does is a method.
    func usesSelf() {
        guard !isModule else { return }
        readsAnimator = true
        if closureDepth > 0 { closureUsesSelf = true }
    }

    /// A dotted name (`UIColor.black`, `math.pi`), if the node is one.
    func dotted(_ node: SyntaxNode) -> String? {
        if node.tag == "Id", case .text(let name)? = node.parts.first, lookup(name) == nil { return name }
        if node.tag == "Index", let base = dotted(node.parts[0]), let key = ExportedEntry.string(node.parts[1]) { return "\(base).\(key)" }
        return nil
    }

    /// A field read or written: the context's, a view's, a parameter, a global value.
    func field(_ node: SyntaxNode, forWriting: Bool) throws(ExportRefusal) -> Expression {
        if node.parts[1].tag == "Number", node.parts[0].tag == "Index", ExportedEntry.string(node.parts[0].parts[1]) == "subviews" {
            return try firstSubview(node, forWriting: forWriting)
        }
        guard let key = ExportedEntry.string(node.parts[1]) else {
            throw refuse(node, "an index computed when the entry runs (t[k])",
                         "a table looked up by a computed key has no Swift type here; use an if on the key, or a parameter's choices")
        }
        // UIApplication.shared.statusBarFrame, deprecated since iOS 13: the file's helper reads the window scene's.
        if dotted(node) == "UIApplication.shared.statusBarFrame" {
            guard !forWriting else { throw refuse(node, "an assignment to UIApplication.shared.statusBarFrame", "it is read-only") }
            guard !isModule else {
                throw refuse(node, "UIApplication.shared.statusBarFrame in a module", "not exported yet: read it in the entry and pass it on")
            }
            readsStatusBar = true
            return Expression(text: "statusBarFrame", type: .rect)
        }
        if let name = dotted(node), let value = UIKitVocabulary.values[name] {
            guard !forWriting else { throw refuse(node, "an assignment to \(name)", "it is read-only") }
            return Expression(text: value.swift, type: value.type)
        }
        // A field read or written through a name is not the value passed on whole.
        readingFieldBase = node.parts[0].tag == "Id"
        var base = try expression(node.parts[0])
        readingFieldBase = false
        // What UIKit's context has not and the animator keeps: whether it presents, and the view the app says the
        // transition grows from.
        if base.type.unwrapped == .context && (key == "isPresenting" || key == "sourceView") {
            guard !forWriting else { throw refuse(node, "an assignment to \(key)", "it is read-only") }
            guard !isModule else {
                throw refuse(node, "ctx.\(key) in a module", "not exported yet: pass it to the module's function from the entry")
            }
            usesSelf()
            readsInstanceSeen = true
            guard key == "sourceView" else { return Expression(text: "isPresenting", type: .bool) }
            readsSourceView = true
            var result = Expression(text: "sourceView", type: .optional(.view))
            result.unwrapName = "sourceView"
            return result
        }
        if base.type == .parameters {
            guard let parameter = entry.parameters.first(where: { $0.name == key }) else {
                throw refuse(node, "params.\(key)", "the entry declares no parameter '\(key)'")
            }
            guard !forWriting else { throw refuse(node, "an assignment to params.\(key)", "parameters are read-only") }
            let type: SwiftType = switch parameter.kind {
            case .number, .integer: .number
            case .boolean: .bool
            case .choice: .choice(ExportWriter.enumName(parameter.name))
            }
            if parameter.kind == .integer {
                guard !isModule else {
                    throw refuse(node, "params.\(key), an integer parameter, in a module", "not exported yet: pass the value to the module's function")
                }
                // Lua computes with the integer itself; a Double holds every value of the checked range exactly.
                let bound = [parameter.range?.min, parameter.range?.max].compactMap { $0.flatMap(Double.init) }.map(abs).max()
                return Expression(text: "CGFloat(params.\(SwiftWriter.identifier(key)))", type: type, integerBound: bound)
            }
            if isModule {
                // A module reads each entry's own parameters: a protocol's requirement, which an enum of one entry's choices cannot be.
                if case .choice = type {
                    throw refuse(node, "params.\(key), a parameter's choices, in a module", "not exported yet: pass the value to the module's function")
                }
                parametersRead[key] = type
                moduleReadsParameters = true
            }
            return Expression(text: "params.\(SwiftWriter.identifier(key))", type: type)
        }
        if base.type == .optional(.context) {
            // Asked without a context, UIKit wants the animation's length: an animated transition's.
            if key == "isAnimated", !forWriting {
                return Expression(text: "(\(base.text)?.isAnimated ?? true)", type: .bool)
            }
            throw refuse(node, "ctx.\(key) in transitionDuration", "UIKit may ask the duration without a context; use params, isPresenting or isAnimated")
        }
        base = try unwrap(base, at: node.parts[0])
        if let field = try recordField(base, key, at: node, forWriting: forWriting) { return field }
        if base.type == .presentationController, let field = try controllerField(base, key, at: node, forWriting: forWriting) { return field }
        if base.type == .viewController, key == "presentationController" { return try ownController(base, at: node, forWriting: forWriting) }
        if base.type == .ownController { return try ownControllerField(base, key, at: node, forWriting: forWriting) }
        if base.type == .ownInteraction { return try ownInteractionField(key, at: node, forWriting: forWriting) }
        // The gesture's container: the view the interaction's methods are given by that name.
        if [.panGesture, .pinchGesture].contains(base.type), key == "containerSize" {
            guard !forWriting else { throw refuse(node, "an assignment to containerSize", "it is read-only") }
            return Expression(text: "container.bounds.size", type: .size)
        }
        // Segue's own page curl has no UIKit property to become.
        if key == "curl", [.view, .effectView, .scrollView].contains(base.type.unwrapped) {
            throw refuse(node, "a view's 'curl', Segue's own", "UIKit has no such property: turn a page with UIView.transition{from =, to =, "
                         + "options = {\"transitionCurlUp\"}, …}, or let UIKit curl it (transitionStyle = \"partialCurl\", no animator)")
        }
        guard let field = UIKitVocabulary.field(key, of: base.type) else {
            throw refuse(node, "\(base.type.described)'s '\(key)'", "it is not exported yet, or not in the scripting API")
        }
        if forWriting && !field.settable { throw refuse(node, "an assignment to '\(key)'", "it is read-only") }
        if forWriting, let lua = base.local, let variable = lookup(lua), variable.type.isStruct {
            // Lua's tables are shared, Swift's structs copied: the same only while no one else holds the value,
            // that is before it is first passed on whole, and not from a loop or closure that may run after that.
            guard variable.mutable else {
                throw refuse(node, "a field of the parameter \(lua) (\(key))", "Lua changes the caller's table; make a new value and return it")
            }
            guard !variable.escaped, variable.depth == loopDepth + closureDepth else {
                throw refuse(node, "a field of \(lua) changed after \(lua) was passed on (\(key))",
                             "Lua changes the one table every holder sees, Swift a copy; make a new value and assign it")
            }
        } else if forWriting, base.type.isStruct {
            // Through a view (`to.frame.origin.x = 50`) Lua changes a fresh copy and the view not at all, Swift the view; through
            // a local (`r.origin.x = 5`) both change the local's value, while no one else holds it.
            switch structRoot(node.parts[0]) {
            case .local(let lua):
                if let variable = lookup(lua), !variable.mutable || variable.escaped || variable.depth != loopDepth + closureDepth {
                    throw refuse(node, "a field of \(lua) changed after \(lua) was passed on, or from a loop or closure (\(key))",
                                 "Lua changes the one table every holder sees, Swift a copy; make a new value and assign it")
                }
            case .copy:
                throw refuse(node, "a field of a value read from a view or the API (\(key))",
                             "Lua changes a copy and the view not at all; keep the value in a local, change it, and assign it whole")
            }
        }
        var result = Expression(text: "\(parenthesized(base, below: .atom)).\(field.swift)", type: field.type)
        result.implicitlyUnwrapped = field.implicitlyUnwrapped
        if field.isFloat {
            // Core Animation's Float, the entry's number: CGFloat(…) read, Float(…) written (Translator.assignment).
            if forWriting { result.isFloat = true } else { result.text = "CGFloat(\(result.text))" }
        }
        return result
    }

    enum StructRoot { case local(String), copy }

    /// Where a struct reached through fields comes from: a local's own value, or a fresh copy Lua makes on each read
    /// (a view's frame, a constant, a call's result).
    func structRoot(_ node: SyntaxNode) -> StructRoot {
        if node.tag == "Id", case .text(let lua)? = node.parts.first, let variable = lookup(lua), variable.type.isStruct { return .local(lua) }
        if node.tag == "Index" { return structRoot(node.parts[0]) }
        if node.tag == "Paren" { return structRoot(node.parts[0]) }
        return .copy
    }

    /// A value UIKit may not have (`view(forKey:)`), unwrapped where Lua would fail without it: a `guard` before the statement.
    func unwrap(_ expression: Expression, at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        guard case .optional(let wrapped) = expression.type else { return expression }
        guard conditional == 0 else {
            throw refuse(node, "a value UIKit may not have, used in a branch Lua may not take",
                         "take it into a local before the condition, and test it")
        }
        // Where the Lua would stop with an error (indexing nil), the Swift stops too, saying where: never a silent return
        // that would leave UIKit waiting for completeTransition.
        let stop = "preconditionFailure(\(SwiftWriter.stringLiteral("\(fileName):\(node.line ?? 0): \(Self.luaText(node)) is nil")))"
        // One line when short, else the stop on a line of its own.
        func guarded(_ binding: String) -> String {
            let line = "guard let \(binding) else { \(stop) }"
            return line.count <= 100 ? line : "guard let \(binding) else {\n    \(stop)\n}"
        }
        if let lua = expression.local, let variable = lookup(lua) {
            hoisted.append(guarded(variable.swift))
            narrow(lua, to: wrapped)
            return Expression(text: variable.swift, type: wrapped, local: lua)
        }
        let key = "\u{0}" + expression.text
        if let known = lookup(key) { return Expression(text: known.swift, type: known.type) }
        // A presentation controller's own (`containerView`) keeps its name, as `guard let containerView` says in Swift.
        var name = expression.unwrapName ?? Self.name(for: expression.text, wrapped)
        var suffix = 2
        while scopes.contains(where: { scope in scope.values.contains { $0.swift == name } }) {
            name = (expression.unwrapName ?? Self.name(for: expression.text, wrapped)) + "\(suffix)"
            suffix += 1
        }
        // `guard let containerView` of the property itself (which no local of the hook hides: see unwrapName), outside a
        // closure, where Swift would want self said.
        let shorthand = name == expression.text || ("self." + name == expression.text && closureDepth == 0)
        hoisted.append(guarded(shorthand ? name : "\(name) = \(expression.text)"))
        declare(key, Variable(swift: name, type: wrapped, mutable: false))
        return Expression(text: name, type: wrapped)
    }

    /// The Lua an unwrapped value was read by, for the message of the stop: `ctx:viewForKey("to")`, `presentedView`.
    static func luaText(_ node: SyntaxNode) -> String {
        switch node.tag {
        case "Id": if case .text(let name)? = node.parts.first { return name }
        case "Invoke":
            if let method = ExportedEntry.string(node.parts[1]) {
                let arguments = node.parts.dropFirst(2).map { ExportedEntry.string($0).map { "\"\($0)\"" } ?? luaText($0) }
                return "\(luaText(node.parts[0])):\(method)(\(arguments.joined(separator: ", ")))"
            }
        case "Index":
            if let key = ExportedEntry.string(node.parts[1]) { return "\(luaText(node.parts[0])).\(key)" }
        default: break
        }
        return "the value"
    }

    /// `toView` for `view(forKey: .to)`, `toViewController` for `viewController(forKey: .to)`.
    static func name(for text: String, _ type: SwiftType) -> String {
        let suffix = type == .viewController ? "ViewController" : type == .view ? "View" : "Value"
        for key in ["from", "to"] where text.hasSuffix("forKey: .\(key))") { return key + suffix }
        return suffix.prefix(1).lowercased() + suffix.dropFirst()
    }

    // MARK: Operators

    private static let binary: [String: (swift: String, precedence: Precedence)] = [
        "add": ("+", .additive), "sub": ("-", .additive), "mul": ("*", .multiplicative), "div": ("/", .multiplicative),
        "eq": ("==", .comparison), "ne": ("!=", .comparison), "lt": ("<", .comparison), "le": ("<=", .comparison),
        "gt": (">", .comparison), "ge": (">=", .comparison),
    ]

    private func operation(_ node: SyntaxNode, expecting expected: SwiftType?) throws(ExportRefusal) -> Expression {
        guard case .text(let op)? = node.parts.first else { throw refuse(node, "an operator", "?") }
        let operands = Array(node.parts.dropFirst())
        switch op {
        case "not":
            let operand = try expression(operands[0], expecting: .bool)
            // `not x` of a value that may be nil: Lua's nil is false, every value true.
            if operand.type.isOptional && operand.type != .optional(.bool) {
                return Expression(text: "\(parenthesized(operand, below: .comparison)) == nil", type: .bool, precedence: .comparison)
            }
            try require(operand, is: .bool, at: operands[0])
            return Expression(text: "!" + parenthesized(operand, below: .prefix), type: .bool, precedence: .prefix)
        case "unm":
            let operand = try unwrap(try expression(operands[0], expecting: .number), at: operands[0])
            try require(operand, is: .number, at: operands[0])
            // `- -x` is not Swift's `--x`.
            let inner = operand.text.hasPrefix("-") ? "(\(operand.text))" : parenthesized(operand, below: .prefix)
            return Expression(text: "-" + inner, type: .number, precedence: .prefix, integerBound: operand.integerBound)
        case "or":
            // `c and a or b`: Lua's conditional, exactly `c ? a : b` when `a` is never false or nil.
            if operands[0].tag == "Op", operands[0].parts.first == .text("and") {
                return try conditional(operands[0].parts[1], operands[0].parts[2], operands[1], expecting: expected, at: node)
            }
            return try logical(operands, "||", .or, at: node)
        case "and":
            return try logical(operands, "&&", .and, at: node)
        case "mod", "pow", "idiv", "concat", "len", "band", "bor", "bxor", "shl", "shr", "bnot":
            let advice = ["mod": "Lua's % rounds toward minus infinity, Swift's remainder toward zero; write the arithmetic out",
                          "concat": "strings are not exported", "len": "# is not exported; keep the count in a local",
                          "pow": "write the product out, or use a parameter"]
            throw refuse(node, "the operator \(op)", advice[op] ?? "it has no faithful Swift form here")
        case _ where (op == "eq" || op == "ne") && operands.contains(where: { $0.tag == "Nil" }):
            // `x == nil`, `x ~= nil`: only of a value that may be nil (Swift warns that a value never is).
            guard let other = operands.first(where: { $0.tag != "Nil" }) else {
                throw refuse(node, "nil compared with nil", "write true or false")
            }
            let value = try expression(other)
            // A field the presentation controller keeps (`T!`) is nil until a hook sets it: the comparison is Swift's too.
            let keptField = value.implicitlyUnwrapped && value.text.hasPrefix("self.")
                && (inController || ownInteractionFields.contains { "self." + $0.name == value.text })
            guard value.type.isOptional || keptField else {
                throw refuse(node, "\(value.type.described) compared with nil", "it is never nil here; drop the comparison")
            }
            return Expression(text: "\(parenthesized(value, below: .comparison)) \(op == "eq" ? "==" : "!=") nil", type: .bool, precedence: .comparison)
        default:
            guard let (swift, precedence) = Self.binary[op] else { throw refuse(node, "the operator \(op)", "?") }
            let comparison = precedence == .comparison
            // A literal string on the left takes its type from the right (`"card" == v.name`), as the right takes the left's.
            let literalFirst = operands[0].tag == "String" && operands[1].tag != "String"
            var right = literalFirst ? try expression(operands[1]) : Expression(text: "", type: .void)
            var left = try expression(operands[0], expecting: literalFirst ? right.type : nil)
            if !literalFirst { right = try expression(operands[1], expecting: left.type) }
            // Views are the same view or not: Lua compares the handles of one view equal, Swift the objects by identity
            // (`===`), either side possibly nil (a superview).
            if op == "eq" || op == "ne", [left.type, right.type].allSatisfy({ [.view, .effectView, .scrollView].contains($0.unwrapped) }) {
                return Expression(text: "\(parenthesized(left, below: .comparison)) \(op == "eq" ? "===" : "!==") \(parenthesized(right, below: .comparison))",
                                  type: .bool, precedence: .comparison)
            }
            if !(comparison && (op == "eq" || op == "ne")) {
                left = try unwrap(left, at: operands[0])
                right = try unwrap(right, at: operands[1])
                guard left.type == .number, right.type == .number else {
                    throw refuse(node, "\(op) of \(left.type.described) and \(right.type.described)", "arithmetic and order are exported for numbers")
                }
            } else if left.type != right.type,
                      !(left.type.unwrapped == right.type.unwrapped && [.string, .number, .bool].contains(left.type.unwrapped)) {
                // (A value that may be nil beside one of its type compares as in Lua: nil is equal to no value.)
                throw refuse(node, "a comparison of \(left.type.described) with \(right.type.described)", "Lua calls them unequal; Swift will not compare them")
            } else if ![.number, .bool, .string].contains(left.type.unwrapped), !{ if case .choice = left.type { true } else { false } }() {
                throw refuse(node, "== on \(left.type.described)", "Lua compares tables by identity; compare numbers, booleans or choices")
            }
            // Left-associative: a right operand of the same precedence keeps its parentheses; Swift's comparisons do not
            // chain at all (`a < b == c`), so a comparison inside one keeps them on either side.
            let leftText = comparison && left.precedence <= .comparison ? "(\(left.text))" : parenthesized(left, below: precedence)
            let text = "\(leftText) \(swift) \(right.precedence <= precedence ? "(\(right.text))" : right.text)"
            var bound: Double?
            if !comparison, op != "div", let a = left.integerBound, let b = right.integerBound {
                bound = op == "mul" ? a * b : a + b
                // The bound itself is a Double: below 2^53 it is exact, and so is the arithmetic it bounds.
                guard bound! < 9_007_199_254_740_992 else {
                    throw refuse(node, "integer arithmetic that may pass 2^53 (Lua computes integers exactly and wraps; a Double rounds)",
                                 "make one side a float, so that Lua computes in floats as Swift does: a literal with a decimal point (2.0), "
                                     + "math.floor(x) + 0.0, or a parameter times 1.0")
                }
            }
            return Expression(text: text, type: comparison ? .bool : .number, precedence: precedence, integerBound: bound)
        }
    }

    private func logical(_ operands: [SyntaxNode], _ swift: String, _ precedence: Precedence, at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        let left = try expression(operands[0], expecting: .bool)
        conditional += 1
        defer { conditional -= 1 }
        let right = try expression(operands[1], expecting: .bool)
        guard left.type == .bool, right.type == .bool else {
            throw refuse(node, "\(swift == "&&" ? "and" : "or") of \(left.type.described) and \(right.type.described)",
                         "Lua's and/or pick values; exported code uses them on booleans, or as `c and a or b`")
        }
        return Expression(text: "\(parenthesized(left, below: precedence)) \(swift) \(right.precedence <= precedence ? "(\(right.text))" : right.text)",
                          type: .bool, precedence: precedence)
    }

    private func conditional(_ condition: SyntaxNode, _ then: SyntaxNode, _ otherwise: SyntaxNode, expecting expected: SwiftType?,
                             at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        let test = try expression(condition, expecting: .bool)
        try require(test, is: .bool, at: condition)
        conditional += 1
        defer { conditional -= 1 }
        var first = try expression(then, expecting: expected)
        var second = try expression(otherwise, expecting: expected ?? first.type)
        // A parameter's choice beside a string (a module's name for a way): the name Lua holds, a String.
        func named(_ value: Expression) -> Expression {
            guard case .choice = value.type else { return value }
            return Expression(text: "\(parenthesized(value, below: .atom)).rawValue", type: .string)
        }
        if first.type == .string || second.type == .string { (first, second) = (named(first), named(second)) }
        if first.type.isOptional || (first.type == .bool && then.tag != "True") {
            throw refuse(then, "`c and a or b` where a may be \(first.type == .bool ? "false" : "nil")",
                         "Lua then picks b; write an if, or make a a value that is never \(first.type == .bool ? "false" : "nil")")
        }
        guard first.type == second.type || second.type == .optional(first.type) else {
            throw refuse(node, "`c and a or b` with \(first.type.described) and \(second.type.described)", "both must have one type")
        }
        var result = Expression(text: "\(parenthesized(test, below: .or)) ? \(parenthesized(first, below: .or)) : \(parenthesized(second, below: .ternary))",
                                type: second.type, precedence: .ternary)
        // A branch that reads a kept field (`T!`) leaves the whole optional to Swift unless its type is said where it is
        // kept (`let target: CGFloat = …`), which unwraps it as a read of the field alone does.
        result.implicitlyUnwrapped = first.implicitlyUnwrapped || second.implicitlyUnwrapped
        return result
    }
}

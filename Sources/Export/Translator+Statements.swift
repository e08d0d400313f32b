import LuaSyntax

extension Translator {
    /// A block's statements, each after the comments written before it.
    func block(_ statements: [SyntaxNode], into writer: inout SwiftWriter) throws(ExportRefusal) {
        for (index, statement) in statements.enumerated() {
            var above = comments(through: statement.line ?? 0)
            // A comment after the code on the statement's own line stays at the end of its first Swift line.
            var trailing: String?
            if let last = above.last, last.line == statement.line, let text = SwiftWriter.trailingComment(last.text) {
                trailing = text
                above.removeLast()
            }
            // A blank line in the Lua between two statements (or before the comment above one) stays.
            let first = min(above.first?.line ?? Int.max, statement.line ?? 0)
            if index > 0, first >= 2, first - 2 < sourceLines.count, sourceLines[first - 2].allSatisfy({ $0 == " " || $0 == "\t" }) {
                writer.line()
            }
            for comment in above { writer.comment(comment.text) }
            hoisted = []
            var lines = SwiftWriter()
            lines.depth = 0
            try self.statement(statement, following: statements[(index + 1)...], into: &lines)
            // Every line a statement makes is marked with its Lua line (a compile error then points there).
            let origin = SwiftWriter.origin(statement.line ?? 0)
            for guardLine in hoisted { writer.line(origin + guardLine) }
            hoisted = []
            if let trailing, lines.lines.isEmpty { lines.line(trailing.trimmingCharacters(in: .whitespaces)) }
            for (offset, line) in lines.lines.enumerated() {
                var text = line
                if offset == 0, let trailing, !line.hasPrefix("//") { text += trailing }
                writer.line(text.contains("\u{1}") ? text : origin + text)
            }
        }
    }

    private func statement(_ node: SyntaxNode, following: ArraySlice<SyntaxNode>, into writer: inout SwiftWriter) throws(ExportRefusal) {
        switch node.tag {
        case "Local": try local(node, following: following, into: &writer)
        case "Set": try assignment(node, into: &writer)
        case "Call", "Invoke":
            let call = try expression(node)
            writer.line(call.type == .void ? call.text : "_ = \(call.text)")
        case "If": try branches(node, into: &writer)
        case "Return": try returnStatement(node, into: &writer)
        case "Forin": try forIn(node, into: &writer)
        case "Fornum": try forNumeric(node, into: &writer)
        case "Do":
            writer.open("do {")
            try scoped { () throws(ExportRefusal) in try block(node.parts, into: &writer) }
            writer.close()
        case "Localrec":
            throw refuse(node, "a local function inside a function",
                         "move it to the top of the entry (a local function there becomes a method of the animator)")
        case "While", "Repeat":
            throw refuse(node, "a \(node.tag == "While" ? "while" : "repeat") loop", "a loop over the entry's own data is not exported yet; use a for loop over a list")
        default:
            throw refuse(node, "a \(node.tag ?? "statement") statement", "it has no Swift form in an exported animator")
        }
    }

    private func name(_ node: SyntaxNode) -> String? {
        guard node.tag == "Id", case .text(let name)? = node.parts.first else { return nil }
        return name
    }

    // MARK: Locals

    private func local(_ node: SyntaxNode, following: ArraySlice<SyntaxNode>, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let names = node.parts[0].parts.compactMap(name)
        for lua in names {
            try checkName(lua, at: node)
            try checkRedeclaration(lua, at: node)
        }
        let values = node.parts.count > 1 ? node.parts[1].parts : []
        if values.isEmpty {
            for lua in names { try declareLater(lua, at: node, following: following, into: &writer) }
            return
        }
        guard names.count == values.count else {
            throw refuse(node, "\(names.count) locals given \(values.count) value(s)",
                         "give each local its own value (a function's several results are not exported yet)")
        }
        if names.count > 1, values.contains(where: { $0.tag == "Call" || $0.tag == "Invoke" }), names.count != values.count {
            throw refuse(node, "a call's several results", "return one value, or a CGPoint")
        }
        for (lua, value) in zip(names, values) {
            if value.tag == "Call", dotted(value.parts[0]) == "UIView.new" {
                try newView(lua, value, into: &writer)
                continue
            }
            if value.tag == "Call", dotted(value.parts[0]) == "UIScrollView.new" {
                try newView(lua, value, scrollView: true, into: &writer)
                continue
            }
            if value.tag == "Call", dotted(value.parts[0]) == "UIVisualEffectView.new" {
                try newEffectView(lua, value, into: &writer)
                continue
            }
            if value.tag == "Call", dotted(value.parts[0]) == "UIViewPropertyAnimator.new" {
                try newPropertyAnimator(lua, value, into: &writer)
                continue
            }
            if value.tag == "Call", dotted(value.parts[0]) == "CABasicAnimation" {
                try newBasicAnimation(lua, value, into: &writer)
                continue
            }
            if value.tag == "Call", dotted(value.parts[0]) == "CASpringAnimation" {
                try newSpringAnimation(lua, value, into: &writer)
                continue
            }
            if value.tag == "Call", let name = dotted(value.parts[0]), ["CAGradientLayer", "CALayer", "CAShapeLayer"].contains(name) {
                try newLayer(lua, value, kind: name, into: &writer)
                continue
            }
            if value.tag == "Function" {
                throw refuse(value, "a function kept in a local", "declare it with `local function` at the top of the entry")
            }
            if value.tag == "Table", value.parts.isEmpty {
                guard names.count == 1 else { throw refuse(value, "an empty list among several locals", "declare it on a line of its own") }
                emptyList(lua, at: value, into: &writer)
                continue
            }
            if value.tag == "Table" { recordHint = lua }
            let expression = try self.expression(value)
            guard expression.type != .void else { throw refuse(value, "a local given a call that returns nothing", "drop the local") }
            let swift = SwiftWriter.identifier(lua)
            let fieldsWritten = expression.type.isStruct && (function.assigned["\u{0}." + lua] ?? 0) > 0
            let mutable = (function.assigned[lua] ?? 0) > 0 || fieldsWritten
            if expression.integerBound != nil && (function.assigned[lua] ?? 0) > 0 {
                throw refuse(value, "the local '\(lua)', a Lua integer that changes",
                             "write its value with a decimal point (\(lua) = 0.0), so that Lua counts in floats as Swift does")
            }
            // A struct read out of a local's struct (`local p = r.origin`) is that very table in Lua: neither may change.
            var shared = false
            if expression.type.isStruct, value.tag == "Index", case .local(let root) = structRoot(value) {
                shared = true
                if var rootVariable = lookup(root) {
                    rootVariable.escaped = true
                    for index in scopes.indices.reversed() where scopes[index][root] != nil {
                        scopes[index][root] = rootVariable
                        break
                    }
                }
            }
            if (function.uses[lua] ?? 0) == 0 {
                // A local that is only ever written: Swift would warn that it is never read, and `_ =` leaves the
                // later assignments nothing to assign to.
                if (function.assigned[lua] ?? 0) > 0 {
                    throw refuse(value, "the local '\(lua)', assigned but never read", "leave it out, or read it")
                }
                writer.line("_ = \(expression.text)")
            } else {
                // A changing view local says its type: the first value may be a subclass (view.window is a UIWindow),
                // which Swift would otherwise take as the variable's type and refuse a plain view assigned later.
                let annotation = expression.implicitlyUnwrapped || (mutable && expression.type.unwrapped == .view)
                    ? ": \(expression.type.spelling)" : ""
                writer.line("\(mutable ? "var" : "let") \(swift)\(annotation) = \(expression.text)")
            }
            declare(lua, Variable(swift: swift, type: expression.type, mutable: mutable, escaped: shared, depth: loopDepth + closureDepth,
                                  integerBound: expression.integerBound))
        }
    }

    /// `local v = UIView.new{frame =, name =, backgroundColor =, alpha =}`: UIView(frame:), then each value set, as the Lua
    /// API's UIView.new sets them (a name is UIKit's accessibilityIdentifier, which traces show); `UIScrollView.new{…}`
    /// the same with UIScrollView(frame:).
    private func newView(_ lua: String, _ call: SyntaxNode, scrollView: Bool = false, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let className = scrollView ? "UIScrollView" : "UIView"
        let (swift, fields) = try constructorFields(lua, call, "\(className).new", ["frame", "name", "backgroundColor", "alpha"])
        var frame = "CGRect.zero"
        if let node = fields["frame"] { frame = try rect(node) }
        writer.line("let \(swift) = \(className)(frame: \(frame))")
        try setName(fields["name"], of: swift, into: &writer)
        if let node = fields["backgroundColor"] {
            let value = try unwrap(try expression(node, expecting: .color), at: node)
            try require(value, is: .color, at: node)
            writer.line("\(swift).backgroundColor = \(value.text)")
        }
        try setAlpha(fields["alpha"], of: swift, into: &writer)
        declare(lua, Variable(swift: swift, type: scrollView ? .scrollView : .view, mutable: false, depth: loopDepth + closureDepth))
    }

    /// `local v = UIVisualEffectView.new{effect =, frame =, name =, alpha =}`: UIVisualEffectView(effect:), then each value
    /// set, as the Lua API's sets them.
    private func newEffectView(_ lua: String, _ call: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let (swift, fields) = try constructorFields(lua, call, "UIVisualEffectView.new", ["effect", "frame", "name", "alpha"])
        guard call.parts.count > 1 else {
            throw refuse(call, "this form of UIVisualEffectView.new", "write UIVisualEffectView.new{effect = …, frame = …, name = …}")
        }
        var effect = "nil"
        if let node = fields["effect"] {
            let value = try expression(node, expecting: .optional(.blurEffect))
            try require(value, is: .optional(.blurEffect), at: node)
            effect = value.text
        }
        writer.line("let \(swift) = UIVisualEffectView(effect: \(effect))")
        if let node = fields["frame"] { writer.line("\(swift).frame = \(try rect(node))") }
        try setName(fields["name"], of: swift, into: &writer)
        try setAlpha(fields["alpha"], of: swift, into: &writer)
        declare(lua, Variable(swift: swift, type: .effectView, mutable: false, depth: loopDepth + closureDepth))
    }

    /// A new view's or layer's local and the fields of its table (`known` only), made where its first values do not
    /// animate: `UIView.new{…}`, `UIVisualEffectView.new{…}`, `CAGradientLayer{…}`.
    func constructorFields(_ lua: String, _ call: SyntaxNode, _ name: String, _ known: [String], made: String = "view",
                           example: String? = nil, fieldAdvice: String? = nil) throws(ExportRefusal) -> (swift: String, fields: [String: SyntaxNode]) {
        guard animationDepth == 0 else {
            throw refuse(call, "\(name) inside an animations function", "make the \(made) before UIView.animate: its first values would animate")
        }
        guard (function.uses[lua] ?? 0) > 0, (function.assigned[lua] ?? 0) == 0 else {
            throw refuse(call, "a new \(made) in a local that is never read, or assigned again", "keep the \(made) in a local of its own and use it")
        }
        let arguments = Array(call.parts.dropFirst())
        var fields: [String: SyntaxNode] = [:]
        if let table = arguments.first {
            guard arguments.count == 1, table.tag == "Table" else {
                throw refuse(call, "\(name) with positional arguments", example ?? "write \(name){\(known[0]) = …, name = …}")
            }
            for pair in table.parts {
                guard pair.tag == "Pair", let key = ExportedEntry.string(pair.parts[0]), known.contains(key) else {
                    throw refuse(pair, "this field of \(name)",
                                 fieldAdvice ?? "\(name) takes \(known.dropLast().joined(separator: ", ")) and \(known.last ?? "")")
                }
                fields[key] = pair.parts[1]
            }
        }
        return (SwiftWriter.identifier(lua), fields)
    }

    private func rect(_ node: SyntaxNode) throws(ExportRefusal) -> String {
        let value = try unwrap(try expression(node, expecting: .rect), at: node)
        try require(value, is: .rect, at: node)
        return value.text
    }

    /// A new view's name: UIKit's accessibilityIdentifier, written in place or passed in (a helper's string parameter).
    private func setName(_ node: SyntaxNode?, of swift: String, into writer: inout SwiftWriter) throws(ExportRefusal) {
        guard let node else { return }
        if let name = ExportedEntry.string(node) {
            writer.line("\(swift).accessibilityIdentifier = \(SwiftWriter.stringLiteral(name))")
            return
        }
        let value = try expression(node, expecting: .optional(.string))
        guard value.type == .string else { throw refuse(node, "a view's name computed when the entry runs", "write the name, or pass it in") }
        writer.line("\(swift).accessibilityIdentifier = \(value.text)")
    }

    private func setAlpha(_ node: SyntaxNode?, of swift: String, into writer: inout SwiftWriter) throws(ExportRefusal) {
        guard let node else { return }
        literalTyped = true
        let value = try unwrap(try expression(node, expecting: .number), at: node)
        try require(value, is: .number, at: node)
        writer.line("\(swift).alpha = \(value.text)")
    }

    /// `local x` and then `x = …` on each branch: `let x: T`, typed by the first assignment.
    private func declareLater(_ lua: String, at node: SyntaxNode, following: ArraySlice<SyntaxNode>,
                              into writer: inout SwiftWriter) throws(ExportRefusal) {
        let swift = SwiftWriter.identifier(lua)
        let assignments = function.assigned[lua] ?? 0
        // Swift's definite initialisation accepts a `let` set once on every path: one assignment in this block, or one in
        // each branch of the if (with an else) that follows. Set on some paths only, Lua's local is nil on the others:
        // an optional, nil until set.
        func assigns(_ statement: SyntaxNode) -> Bool {
            statement.tag == "Set" && statement.parts[0].parts.count == 1 && statement.parts[0].parts[0].parts.first == .text(lua)
        }
        // The first statement after the declaration that mentions it: an assignment, or an if with an else whose every
        // branch assigns it before anything else of the branch could read it.
        let first = following.first { Self.mentions(lua, $0) }
        let topLevel = first.map(assigns) ?? false
        var everyBranch = false
        if let first, first.tag == "If", first.parts.count % 2 == 1 {
            let blocks = first.parts.enumerated().filter { $0.offset % 2 == 1 || $0.offset == first.parts.count - 1 }.map(\.element)
            let conditions = first.parts.enumerated().filter { $0.offset % 2 == 0 && $0.offset != first.parts.count - 1 }.map(\.element)
            everyBranch = !conditions.contains { Self.mentions(lua, $0) } && blocks.allSatisfy { block in
                guard let at = block.parts.firstIndex(where: assigns) else { return false }
                return !block.parts[..<at].contains { Self.mentions(lua, $0) }
            }
        }
        let definite = topLevel || everyBranch
        let once = definite && (assignments == 1 || (first.map { Self.assignsOncePerBranch(lua, $0) } ?? false))
        let token = nextToken
        nextToken += 1
        writer.line(definite ? "\(once ? "let" : "var") \(swift): \u{0}\(token)\u{0}" : "var \(swift): \u{0}\(token)\u{0} = nil")
        pending[lua] = (token: token, mutable: !once, optional: !definite)
        declare(lua, Variable(swift: swift, type: .void, mutable: !once, assignedLater: once))
    }

    /// Whether `statement` is an if whose every branch assigns `lua` exactly once, at its top level.
    static func assignsOncePerBranch(_ lua: String, _ statement: SyntaxNode) -> Bool {
        guard statement.tag == "If" else { return false }
        var assigned: [String: Int] = [:], uses: [String: Int] = [:]
        Usage.count([statement], into: &assigned, uses: &uses)
        let blocks = statement.parts.enumerated().filter { $0.offset % 2 == 1 || $0.offset == statement.parts.count - 1 && statement.parts.count % 2 == 1 }
        let direct = blocks.map { block in
            block.element.parts.filter { $0.tag == "Set" && $0.parts[0].parts.count == 1 && $0.parts[0].parts[0].parts.first == .text(lua) }.count
        }
        return direct.allSatisfy { $0 == 1 } && assigned[lua] == direct.count
    }

    // MARK: Assignments

    private func assignment(_ node: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let targets = node.parts[0].parts, values = node.parts[1].parts
        guard targets.count == 1, values.count == 1 else {
            throw refuse(node, "an assignment of several values at once", "assign each on a line of its own")
        }
        let target = targets[0], value = values[0]
        if let lua = name(target) {
            guard let variable = lookup(lua) else {
                throw refuse(target, "an assignment to the global '\(lua)'", "declare it with local")
            }
            if variable.type == .void, let declared = pending[lua] {
                let expression = try self.expression(value)
                guard expression.type != .void else { throw refuse(value, "a local given a call that returns nothing", "drop the local") }
                pending[lua] = nil
                let type = declared.optional && !expression.type.isOptional ? .optional(expression.type) : expression.type
                declarationTypes[declared.token] = type
                typeDeclared(lua, type)
                writer.line("\(variable.swift) = \(expression.text)")
                return
            }
            guard variable.mutable || variable.assignedLater else {
                throw refuse(target, "an assignment to '\(lua)'", "it cannot be assigned here")
            }
            let expression = try self.expression(value, expecting: variable.type)
            try require(expression, is: variable.type, at: value)
            writer.line("\(variable.swift) = \(expression.text)")
            return
        }
        guard target.tag == "Index" else { throw refuse(target, "an assignment to \(target.tag ?? "this")", "assign to a local or a field") }
        if try append(target, value, into: &writer) { return }
        // A field the entry's own interaction controller keeps (`self.ctx = ctx`): a stored property of its class.
        if target.parts[0].tag == "Id", case .text(let lua)? = target.parts[0].parts.first, lookup(lua)?.type == .ownInteraction,
           let key = ExportedEntry.string(target.parts[1]) {
            _ = try ownInteractionField(key, at: target, forWriting: true)
            try ownInteractionFieldAssignment(key, value, into: &writer)
            return
        }
        // A field of the presentation controller's own (`self.dimmingView = …`): a stored property of its class.
        if inController, target.parts[0].tag == "Id", case .text(let lua)? = target.parts[0].parts.first, lookup(lua)?.swift == "self",
           let key = ExportedEntry.string(target.parts[1]), UIKitVocabulary.field(key, of: .presentationController) == nil {
            _ = try field(target, forWriting: true)
            try controllerFieldAssignment(key, value, into: &writer)
            return
        }
        let field = try self.field(target, forWriting: true)
        literalTyped = true
        let expression = coreGraphics(try self.expression(value, expecting: field.type), for: field.type)
        try require(expression, is: field.type, at: value)
        // A literal is a Float as written; any other number is converted.
        let text = field.isFloat && ExportedEntry.number(value) == nil ? "Float(\(expression.text))" : expression.text
        writer.line("\(field.text) = \(text)")
    }

    /// A local's type once known (a `local x` given its value, a list given its first item), in the scope that declared it.
    func typeDeclared(_ lua: String, _ type: SwiftType) {
        for index in scopes.indices.reversed() where scopes[index][lua] != nil {
            scopes[index][lua]?.type = type
            return
        }
    }

    // MARK: Control flow

    private func branches(_ node: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let parts = node.parts
        var index = 0
        while index + 1 < parts.count {
            // An elseif's condition runs only when the earlier ones failed: nothing may be unwrapped ahead of the whole if.
            if index > 0 { conditional += 1 }
            var condition = try expression(parts[index], expecting: .bool)
            if index > 0 { conditional -= 1 }
            // `if x then` of a local that may be nil: `if let x`, the value itself inside; of any other such value, `!= nil`.
            var unwrapped: (lua: String, type: SwiftType)?
            if condition.type.isOptional && condition.type != .optional(.bool) {
                // A `var` the block does not assign is bound the same way: `if let` gives the block a copy, which no
                // assignment there would have to reach.
                var assigned: [String: Int] = [:], uses: [String: Int] = [:]
                Usage.count(parts[index + 1].parts, into: &assigned, uses: &uses)
                if let lua = condition.local, parts[index].tag == "Id", let variable = lookup(lua),
                   !variable.mutable || assigned[lua, default: 0] == 0 {
                    unwrapped = (lua, condition.type.unwrapped)
                    condition.text = "let \(variable.swift)"
                } else {
                    condition = Expression(text: "\(parenthesized(condition, below: .comparison)) != nil", type: .bool, precedence: .comparison)
                }
            } else {
                try require(condition, is: .bool, at: parts[index])
            }
            // What the condition unwrapped is guarded before the if: the blocks inside would start their own.
            if index == 0 { flushHoisted(into: &writer) }
            writer.open(index == 0 ? "if \(condition.text) {" : "} else if \(condition.text) {")
            try scoped { () throws(ExportRefusal) in
                if let unwrapped { narrow(unwrapped.lua, to: unwrapped.type) }
                try block(parts[index + 1].parts, into: &writer)
            }
            writer.depth -= 1
            index += 2
        }
        if index < parts.count {
            writer.open("} else {")
            try scoped { () throws(ExportRefusal) in try block(parts[index].parts, into: &writer) }
            writer.depth -= 1
        }
        writer.line("}")
    }

    private func returnStatement(_ node: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        guard node.parts.count <= 1 else { throw refuse(node, "a return of several values", "return one value") }
        guard let value = node.parts.first else {
            if let result = function.result, result != .void { throw refuse(node, "a return without a value", "return \(result.described)") }
            function.result = .void
            writer.line("return")
            return
        }
        var expected = function.result
        if value.tag == "Table" { recordHint = functionName }
        // A function's first return of a name (`return "right"` in `opposite(way)`): a case of the choices its
        // parameters are of, when exactly one set of them has that name.
        if expected == nil, value.tag == "String", case .text(let text)? = value.parts.first {
            let kinds = Set(scopes.flatMap(\.values).compactMap { variable -> SwiftType? in
                guard case .choice(let name) = variable.type.unwrapped, choices(of: name).contains(text) else { return nil }
                return variable.type.unwrapped
            })
            if kinds.count == 1 { expected = kinds.first }
        }
        let expression = try self.expression(value, expecting: expected)
        if expression.type == .void {
            // `return crossFade(ctx)`: the call, then the return, as Swift code reads.
            if let result = function.result, result != .void { throw refuse(node, "a return of nothing", "return \(result.described)") }
            function.result = .void
            writer.line(expression.text)
            writer.line("return")
            return
        }
        if let result = function.result, result != expression.type {
            throw refuse(value, "a return of \(expression.type.described)", "the function returns \(result.described) elsewhere")
        }
        function.result = expression.type
        writer.line("return \(expression.text)")
    }

    /// The guards a statement's head hoisted, written now: the statements of its block each start with none.
    private func flushHoisted(into writer: inout SwiftWriter) {
        for guardLine in hoisted { writer.line(guardLine) }
        hoisted = []
    }

    private func forIn(_ node: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        let names = node.parts[0].parts.compactMap(name), iterators = node.parts[1].parts
        for lua in names { try checkName(lua, at: node) }
        guard iterators.count == 1, iterators[0].tag == "Call", name(iterators[0].parts[0]) == "ipairs", iterators[0].parts.count == 2,
              names.count == 2 else {
            throw refuse(node, "a for-in loop other than ipairs over a list",
                         "pairs visits keys in no fixed order; loop with ipairs over a list such as {from, to}")
        }
        let listed = iterators[0].parts[1]
        if listed.tag == "Table", listed.parts.contains(where: { $0.tag == "Pair" }) {
            throw refuse(iterators[0], "ipairs over a table with named fields", "list the values only")
        }
        readingListInPlace = listed.tag == "Id"
        let items = try unwrap(try expression(listed), at: listed)
        readingListInPlace = false
        guard case .list(let type) = items.type else {
            throw refuse(listed, "ipairs over \(items.type.described)", "loop over a list of values: {from, to}, or a local filled with list[#list + 1] = v")
        }
        guard type != .void else {
            throw refuse(listed, "ipairs over a list before anything is added to it", "add its first value before the loop: its Swift type is its values'")
        }
        if let lua = items.local { iteratedLists.append(lua) }
        defer { if items.local != nil { iteratedLists.removeLast() } }
        let index = names[0] == "_" || (function.uses[names[0]] ?? 0) == 0 ? "_" : SwiftWriter.identifier(names[0])
        let value = (function.uses[names[1]] ?? 0) == 0 ? "_" : SwiftWriter.identifier(names[1])
        let list = items.text
        flushHoisted(into: &writer)
        writer.open(index == "_" ? "for \(value) in \(list) {" : "for (\(index), \(value)) in zip(1..., \(list)) {")
        loopDepth += 1
        defer { loopDepth -= 1 }
        try scoped { () throws(ExportRefusal) in
            if index != "_" { declare(names[0], Variable(swift: index, type: .number, mutable: false)) }
            declare(names[1], Variable(swift: value, type: type, mutable: false))
            try block(node.parts[2].parts, into: &writer)
        }
        writer.close()
    }

    private func forNumeric(_ node: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) {
        if let variable = name(node.parts[0]) { try checkName(variable, at: node) }
        guard let variable = name(node.parts[0]), node.parts.count == 4 else {
            throw refuse(node, "a numeric for loop with a step", "loop with a step of 1, or over a list with ipairs")
        }
        // Bounds are evaluated once, before the loop, in Lua as in Swift's stride.
        func bound(_ part: SyntaxNode) throws(ExportRefusal) -> (text: String, integer: Double?) {
            if let literal = ExportedEntry.number(part), let value = Double(literal) {
                return ("\(value)", literal.contains(".") || literal.contains("e") ? nil : abs(value))
            }
            let value = try unwrap(try expression(part, expecting: .number), at: part)
            try require(value, is: .number, at: part)
            return (value.text, value.integerBound)
        }
        let (start, first) = try bound(node.parts[1])
        let (end, last) = try bound(node.parts[2])
        // Lua counts in integers from an integer start: the variable is one, as large as either end.
        let counter = first.map { max($0, last ?? .infinity) }
        // Lua's loop over whole numbers gives numbers that divide as floats (i / 3): a stride of Doubles, which holds
        // them exactly; from a start past the end it runs no times, as Lua's does.
        let used = (function.uses[variable] ?? 0) > 0
        let swift = used ? SwiftWriter.identifier(variable) : "_"
        flushHoisted(into: &writer)
        writer.open("for \(swift) in stride(from: \(start), through: \(end), by: 1.0) {")
        loopDepth += 1
        defer { loopDepth -= 1 }
        try scoped { () throws(ExportRefusal) in
            declare(variable, Variable(swift: swift, type: .number, mutable: false, integerBound: counter))
            try block(node.parts[3].parts, into: &writer)
        }
        writer.close()
    }
}

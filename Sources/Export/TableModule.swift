import LuaSyntax

/// A module that is a table of functions: `local m = {}`, its functions (`function m.name(…) … end`, each typed by
/// its `---@param name type` and `---@return type` annotations), local functions and constants, then `return m`.
/// Every function is translated when the module is first used, whichever the entry calls, so that every entry that
/// requires it writes the same file.
extension Translator {
    /// The annotation types a module's function may take and give.
    static let annotationTypes: [String: SwiftType] = [
        "number": .number, "boolean": .bool, "CGPoint": .point, "CGRect": .rect, "CGSize": .size,
        "CGAffineTransform": .affineTransform, "CATransform3D": .transform3D, "UIView": .view, "CALayer": .layer,
        "UIColor": .color, "CAMediaTimingFunction": .timingFunction, "TransitionContext": .context, "string": .string,
        "CGColor": .cgColor, "UIPresentationController": .presentationController,
        "UIVisualEffectView": .effectView, "UIScrollView": .scrollView, "UIBlurEffect": .blurEffect, "UIBezierPath": .bezierPath, "CAShapeLayer": .shapeLayer,
    ]

    func translateTableModule(_ module: ModuleSource, at node: SyntaxNode) throws(ExportRefusal) -> ModuleTranslation {
        let (tree, refusal) = try Self.parse(module)
        let statements = tree.block.parts
        guard statements.count >= 2, let first = statements.first, first.tag == "Local", first.parts.count == 2,
              first.parts[0].parts.count == 1, case .text(let table)? = first.parts[0].parts[0].parts.first,
              first.parts[1].parts.count == 1, first.parts[1].parts[0].tag == "Table", first.parts[1].parts[0].parts.isEmpty,
              let last = statements.last, last.tag == "Return", last.parts.count == 1, last.parts[0].tag == "Id",
              last.parts[0].parts.first == .text(table) else {
            throw refusal(statements.first?.line ?? 1, "a module that is neither one function nor a table of functions",
                          "write local m = {}, then function m.name(…) … end for each, then return m")
        }
        let typeName = ExportWriter.typeName(module.name, suffix: "Module")
        let child = Translator(file: module.file, entry: entry, comments: tree.comments, source: module.source)
        child.isModule = true
        child.moduleTable = table
        child.moduleTypeName = typeName
        try child.declareClasses(tree.comments, typeName: typeName)
        let chunkComment = child.chunkComment(firstStatement: first.line ?? 1)
        // The table's functions take their comments (and annotations) first; the rest is read as an entry's chunk is.
        var rest: [SyntaxNode] = []
        var order: [String] = []
        var previousEnd = Self.lastLine(first)
        for statement in statements.dropFirst().dropLast() {
            defer { previousEnd = Self.lastLine(statement) }
            guard statement.tag == "Set", statement.parts[0].parts.count == 1, statement.parts[1].parts.count == 1,
                  statement.parts[0].parts[0].tag == "Index", statement.parts[0].parts[0].parts[0].parts.first == .text(table) else {
                rest.append(statement)
                continue
            }
            let line = statement.line ?? 1
            guard let name = ExportedEntry.string(statement.parts[0].parts[0].parts[1]), statement.parts[1].parts[0].tag == "Function" else {
                throw refusal(line, "a value kept in the module's table", "only functions are exported in a module's table so far; keep values in local constants")
            }
            guard ExportedEntry.isSwiftIdentifier(name), !Self.reserved.contains(name), child.moduleMembers[name] == nil else {
                throw refusal(line, "the module function '\(name)'", "name it with ASCII letters, digits and _, once, and not a name the Swift uses")
            }
            let comments = child.takeComments(from: previousEnd + 1, before: line)
            let function = statement.parts[1].parts[0]
            let names = function.parts[0].parts.compactMap { node -> String? in
                if case .text(let lua)? = node.parts.first, node.tag == "Id" { lua } else { nil }
            }
            guard names.count == function.parts[0].parts.count else {
                throw refusal(line, "\(table).\(name) with a variable number of arguments (...)", "name each parameter")
            }
            var annotated: [String: SwiftType] = [:], result: SwiftType?, doc: [SyntaxTree.Comment] = []
            for comment in comments {
                let words = comment.text.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
                guard let tag = words.first, tag == "-@param" || tag == "-@return" else {
                    // A class's annotations are its struct's, not the function's comment.
                    if !(words.first?.hasPrefix("-@") ?? false) { doc.append(comment) }
                    continue
                }
                let typeWord = tag == "-@param" ? words.dropFirst(2).first : words.dropFirst().first
                guard let typeWord, let type = child.annotationType(typeWord) else {
                    throw refusal(comment.line, "the annotation '--\(comment.text.trimmingCharacters(in: .whitespaces))'",
                                  "give a type the export knows: \(Self.annotationTypes.keys.sorted().joined(separator: ", ")), with ? when it may be nil")
                }
                if tag == "-@param", words.count >= 3 { annotated[words[1]] = type } else { result = type }
            }
            var types: [SwiftType] = []
            for lua in names {
                try child.checkName(lua, at: function)
                guard let type = annotated[lua] else {
                    throw refusal(line, "\(table).\(name)'s parameter '\(lua)' without a type",
                                  "annotate it above the function: ---@param \(lua) number (a module's function is typed by what it says, not by who calls it)")
                }
                types.append(type)
            }
            child.moduleMembers[name] = ModuleMember(node: function, line: line, comment: doc, parameterNames: names, parameters: types,
                                                     result: result)
            order.append(name)
        }
        // A class named as a function of the module, or as the module's enum, would make one name mean two things in Swift.
        if let clash = child.records.first(where: { order.contains($0.shortName) || $0.shortName == typeName }) {
            throw refusal(clash.line, "the class '\(clash.shortName)', named as \(clash.shortName == typeName ? "the module's Swift enum" : "a function of the module")",
                          "give the class a name of its own (a type's name begins with a capital: ---@class Look)")
        }
        guard !order.isEmpty else {
            throw refusal(last.line ?? 1, "a module table without functions", "add function \(table).name(…) … end")
        }
        try child.readChunk(rest)
        // Inside the enum a function's name would hide a file-level constant or function of the same name.
        if let clash = order.first(where: { child.scopes[0][$0] != nil || child.helpers[$0] != nil }) {
            throw refusal(child.moduleMembers[clash]?.line ?? 1, "the module function '\(clash)' beside a local of the same name",
                          "rename one: in Swift the function would hide the local")
        }
        var functions: [ModuleTranslation.Function] = []
        for name in order { functions.append(try child.translateMember(name, at: node)) }
        let read = child.parametersRead.sorted { $0.key < $1.key }.map { (name: $0.key, type: $0.value) }
        return ModuleTranslation(source: module, typeName: typeName, functions: functions,
                                 parametersRead: read, translator: child, chunkComment: chunkComment, isFunction: false)
    }

    /// One of the module's functions, translated once (the first time it is asked for, by the module's own order or by a
    /// call from another of its functions).
    func translateMember(_ name: String, at node: SyntaxNode) throws(ExportRefusal) -> ModuleTranslation.Function {
        guard var member = moduleMembers[name] else { throw refuse(node, "\(moduleTable ?? "m").\(name)", "the module has no such function") }
        if let done = member.translated { return done }
        guard !member.translating else {
            throw refuse(member.node, "\(moduleTable ?? "m").\(name) calling itself", "recursion is not exported; write the steps out")
        }
        member.translating = true
        moduleMembers[name] = member
        // A number may come in as a Lua integer of any size (the caller's), so integer arithmetic on one is refused as on
        // math.floor's result: Lua would compute it exactly where a Double rounds.
        let bound = zip(member.parameterNames, member.parameters).map { lua, type in
            (lua, Variable(swift: type == .context ? "transitionContext" : SwiftWriter.identifier(lua), type: type, mutable: false,
                           integerBound: type == .number ? .infinity : nil))
        }
        if let result = member.result, result != .void, !Self.alwaysReturns(member.node.parts[1].parts) {
            throw refuse(member.node, "\(moduleTable ?? "m").\(name) with a way through that returns nothing",
                         "return \(result.described) on every path, as its ---@return says (Lua's nil would reach the caller)")
        }
        let outerReads = moduleReadsParameters
        moduleReadsParameters = false
        defer { moduleReadsParameters = outerReads }
        let (body, _) = try fresh(declaredAt: member.line) { () throws(ExportRefusal) in
            try self.body(of: member.node, parameters: bound, result: member.result)
        }
        if let result = member.result, body.result != result {
            throw refuse(member.node, "\(moduleTable ?? "m").\(name) returning \(body.result?.described ?? "nothing")", "its ---@return says \(result.described)")
        }
        let function = ModuleTranslation.Function(luaName: name, parameters: member.parameters, parameterNames: member.parameterNames,
                                                  result: body.result ?? .void, lines: body.lines, comment: member.comment,
                                                  readsParameters: moduleReadsParameters)
        member.translated = function
        member.translating = false
        moduleMembers[name] = member
        return function
    }

    /// `m.other(…)` inside the module: its own static method.
    func memberCall(_ name: String, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        let function = try translateMember(name, at: node)
        let values = try annotatedArguments(arguments, for: function, named: "\(moduleTable ?? "m").\(name)", at: node)
        var list = zip(values, function.parameters).map { $1 == .context ? "using: \($0.text)" : $0.text }
        if function.readsParameters {
            moduleReadsParameters = true
            list.append("params: params")
        }
        // A local of the same name hides the static method: then it is called through the enum.
        let callee = lookup(name) == nil ? SwiftWriter.identifier(name) : "\(moduleTypeName ?? "Self").\(SwiftWriter.identifier(name))"
        return Expression(text: "\(callee)(\(list.joined(separator: ", ")))", type: function.result)
    }

    /// A call's arguments for a table module's function (from the entry, or from another of its functions), typed by its
    /// annotations: a parameter's choice given to a `string` is its name; a value that
    /// may be nil given to a parameter annotated without `?` is refused (Lua fails only where the function uses it, the
    /// Swift would stop at the call).
    func annotatedArguments(_ arguments: [SyntaxNode], for function: ModuleTranslation.Function, named name: String,
                            at node: SyntaxNode) throws(ExportRefusal) -> [Expression] {
        guard arguments.count == function.parameters.count else {
            throw refuse(node, "a call of \(name) with \(arguments.count) argument(s)", "it takes \(function.parameters.count)")
        }
        var result: [Expression] = []
        for (argument, type) in zip(arguments, function.parameters) {
            literalTyped = true
            var value = try expression(argument, expecting: type)
            if value.type.isOptional && !type.isOptional {
                throw refuse(argument, "\(value.type.described) for \(name)'s \(type.described)",
                             "check it first (if v then … end), or annotate the parameter with ? (---@param name \(type.spelling)?)")
            }
            if type == .string, case .choice = value.type {
                value = Expression(text: "\(parenthesized(value, below: .atom)).rawValue", type: .string)
            }
            try require(value, is: type, at: argument)
            result.append(value)
        }
        return result
    }

    /// A module's `---@class Name text` and the `---@field name type` lines after it: records declared before any
    /// function is translated, so that annotations may name them.
    func declareClasses(_ comments: [SyntaxTree.Comment], typeName: String) throws(ExportRefusal) {
        var index = 0
        while index < comments.count {
            let words = comments[index].text.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 2).map(String.init)
            guard words.first == "-@class", words.count >= 2 else { index += 1; continue }
            let line = comments[index].line
            var fields: [(name: String, type: SwiftType)] = []
            index += 1
            while index < comments.count, comments[index].line == line + fields.count + 1 {
                let field = comments[index].text.trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
                guard field.first == "-@field" else { break }
                guard field.count >= 3, ExportedEntry.isSwiftIdentifier(field[1], keywordsAllowed: true), let type = annotationType(field[2]) else {
                    throw ExportRefusal(file: file, line: comments[index].line, construct: "the field annotation '--\(comments[index].text.trimmingCharacters(in: .whitespaces))'",
                                        instead: "write ---@field name type, with a type the export knows or a class declared above this one")
                }
                fields.append((field[1], type))
                index += 1
            }
            let short = words[1].hasSuffix(":") ? String(words[1].dropLast()) : words[1]
            guard ExportedEntry.isSwiftIdentifier(short), !fields.isEmpty, !records.contains(where: { $0.shortName == short }),
                  !Self.standardTypes.contains(short), !Self.reserved.contains(short) else {
                throw ExportRefusal(file: file, line: line, construct: "the class '\(short)'",
                                    instead: "give a class a Swift name of its own and its fields (---@field name type on the lines after it)")
            }
            records.append(Record(name: "\(typeName).\(short)", fields: fields, line: line, doc: words.count > 2 ? words[2] : nil))
        }
    }

    /// An annotation's type: one the export knows (`number`, `CGPoint`, `UIView?`), or a record the module declares.
    func annotationType(_ word: String) -> SwiftType? {
        if word.hasSuffix("?") { return annotationType(String(word.dropLast())).map { .optional($0) } }
        if let known = Self.annotationTypes[word] { return known }
        return records.first { $0.shortName == word }.map { .record($0.name) }
    }
}

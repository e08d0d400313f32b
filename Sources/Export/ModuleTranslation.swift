import LuaSyntax

/// A module's source, as the catalogue gives it for `require("name")`: `_name.lua` beside the entry.
public struct ModuleSource: Sendable {
    public let name: String
    /// As shown to the user: `Catalogue/_cross-fade.lua`.
    public let file: String
    public let source: String
    public let sha256: String

    public init(name: String, file: String, source: String, sha256: String) {
        (self.name, self.file, self.source, self.sha256) = (name, file, source, sha256)
    }
}

/// A module translated: a caseless enum named after the module (`CrossFadeModule`) in a file of its own. A module
/// that is a function (`return function(ctx) … end`) is its `run`, translated at the entry's first call with that
/// call's types. A module that is a table of functions (`local m = {} … function m.name(…) … end … return m`) has
/// each as a static method of its name, typed by its `---@param` and `---@return` annotations (so that every entry
/// that requires it writes the same file), and its local functions as private static methods, typed at their first
/// call. The entry's parameters it reads become its protocol `Parameters`, which the entry's `Parameters` conform
/// to, so each entry that requires it passes its own.
struct ModuleTranslation {
    let source: ModuleSource
    /// `CrossFadeModule` for `cross-fade`.
    let typeName: String
    /// `run` for a module that is a function; a table's functions in the order written.
    var functions: [Function]
    /// The entry's parameters the module reads, and their types (a protocol's requirements).
    var parametersRead: [(name: String, type: SwiftType)]
    let translator: Translator
    let chunkComment: [SyntaxTree.Comment]
    /// A module that is one function: its comment heads the enum.
    let isFunction: Bool

    struct Function {
        let luaName: String
        var name: String { luaName }
        let parameters: [SwiftType]
        let parameterNames: [String]
        let result: SwiftType
        let lines: [String]
        let comment: [SyntaxTree.Comment]
        /// It reads `params` (or calls one of the module's functions that does): it is passed the entry's.
        let readsParameters: Bool
    }

    var protocolName: String { typeName + ".Parameters" }

    func function(_ lua: String) -> Function? { functions.first { $0.luaName == lua } }
}

/// A table module's function as written, before and while it is translated.
struct ModuleMember {
    let node: SyntaxNode
    let line: Int
    let comment: [SyntaxTree.Comment]
    let parameterNames: [String]
    let parameters: [SwiftType]
    let result: SwiftType?
    var translated: ModuleTranslation.Function?
    var translating = false
}

extension Translator {
    /// `local crossFade = require("cross-fade")` at the top of the entry: the module's function, called by that name.
    func readRequire(_ lua: String, _ value: SyntaxNode) throws(ExportRefusal) {
        guard !isModule else {
            throw refuse(value, "require inside a module", "a module that loads another is not exported yet: copy what it uses into it")
        }
        guard value.parts.count == 2, let name = ExportedEntry.string(value.parts[1]) else {
            throw refuse(value, "require of a computed name", "write require(\"name\") with the module's name")
        }
        guard let resolve = modules, let module = try resolve(name) else {
            throw refuse(value, "require (a shared module)", "no module '\(name)' was found beside the entry (_\(name).lua)")
        }
        // `x-1` and `x1` are both X1Module in Swift: one file name for two modules.
        let swift = ExportWriter.typeName(name, suffix: "Module")
        if let other = moduleFunctions.values.first(where: { $0.name != name && ExportWriter.typeName($0.name, suffix: "Module") == swift }) {
            throw refuse(value, "the modules '\(other.name)' and '\(name)', both \(swift) in Swift", "rename one of the modules' files")
        }
        moduleFunctions[lua] = module
    }

    /// A call of a module's function: translated at its first call, with that call's argument types, as a helper is.
    func moduleCall(_ module: ModuleSource, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        var translated: [Expression] = []
        for argument in arguments { translated.append(try expression(argument)) }
        let types = translated.map(\.type)
        let translation: ModuleTranslation
        if let known = moduleTranslations[module.name] {
            guard let run = known.functions.first, known.isFunction else {
                throw refuse(node, "a call of the module '\(module.name)', a table of functions", "call one of them: \(known.functions.first.map { "m.\($0.luaName)(…)" } ?? "m.name(…)")")
            }
            guard run.parameters == types else {
                throw refuse(node, "a call of the module '\(module.name)' with \(types.map(\.described).joined(separator: ", "))",
                             "it was first called with \(run.parameters.map(\.described).joined(separator: ", ")); a Swift function has one type")
            }
            translation = known
        } else {
            translation = try translateModule(module, arguments: types, at: node)
            moduleTranslations[module.name] = translation
        }
        return try moduleInvocation(translation, translation.functions[0], name: "run", translated, at: node)
    }

    /// `m.name(…)` of a table module required by the entry: the module is translated whole at its first use.
    func moduleMemberCall(_ module: ModuleSource, _ member: String, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        let translation: ModuleTranslation
        if let known = moduleTranslations[module.name] {
            translation = known
        } else {
            translation = try translateTableModule(module, at: node)
            moduleTranslations[module.name] = translation
        }
        guard !translation.isFunction else {
            throw refuse(node, "\(member) of the module '\(module.name)', which is one function", "call it by the name it was required as")
        }
        guard let function = translation.function(member) else {
            throw refuse(node, "the module '\(module.name)''s '\(member)'",
                         "it has \(translation.functions.map(\.luaName).joined(separator: ", ")) (function \(module.name).name(…) in its file)")
        }
        let translated = try annotatedArguments(arguments, for: function, named: "\(module.name).\(member)", at: node)
        return try moduleInvocation(translation, function, name: function.name, translated, at: node)
    }

    /// The call of a module's function from the entry: its arguments checked against its parameters, and the entry's
    /// parameters passed when it reads them.
    private func moduleInvocation(_ translation: ModuleTranslation, _ function: ModuleTranslation.Function, name: String,
                                  _ arguments: [Expression], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        guard arguments.count == function.parameters.count else {
            throw refuse(node, "a call of \(translation.source.name).\(function.luaName) with \(arguments.count) argument(s)",
                         "it takes \(function.parameters.count)")
        }
        for (argument, type) in zip(arguments, function.parameters) where argument.type != type && .optional(argument.type) != type {
            throw refuse(node, "\(argument.type.described) for \(translation.source.name).\(function.luaName)'s \(type.described)",
                         "the types must agree in Swift")
        }
        var list = zip(arguments, function.parameters).map { argument, type in
            type == .context ? "using: \(argument.text)" : argument.text
        }
        if function.readsParameters {
            usesSelf()
            list.append("params: params")
        }
        return Expression(text: "\(translation.typeName).\(SwiftWriter.identifier(name))(\(list.joined(separator: ", ")))", type: function.result)
    }

    /// A module's syntax, and how to refuse what is in it: at its own file and line.
    static func parse(_ module: ModuleSource) throws(ExportRefusal) -> (SyntaxTree, (Int, String, String) -> ExportRefusal) {
        let refusal = { (line: Int, construct: String, instead: String) in
            ExportRefusal(file: module.file, line: line, construct: construct, instead: instead)
        }
        do {
            return (try LuaParser.parse(module.source), refusal)
        } catch {
            throw refusal(error.line ?? 1, "a module Lua cannot read (\(error.message))", "fix its syntax first (segue check says where)")
        }
    }

    private func translateModule(_ module: ModuleSource, arguments: [SwiftType], at node: SyntaxNode) throws(ExportRefusal) -> ModuleTranslation {
        let (tree, refusal) = try Self.parse(module)
        let statements = tree.block.parts
        guard let last = statements.last, last.tag == "Return", last.parts.count == 1, last.parts[0].tag == "Function" else {
            throw refusal(statements.last?.line ?? 1, "a module that does not return a function",
                          "return one function (return function(ctx) … end), or make it a table of functions (local m = {}, function m.name(…) … end, return m) and call m.name(…)")
        }
        let child = Translator(file: module.file, entry: entry, comments: tree.comments, source: module.source)
        child.isModule = true
        child.moduleTypeName = ExportWriter.typeName(module.name, suffix: "Module")
        let chunkComment = child.chunkComment(firstStatement: statements.first?.line ?? 1)
        try child.readChunk(Array(statements.dropLast()))
        let function = last.parts[0]
        let functionComment = child.takeComments(from: 1, before: (last.line ?? 1) + 1).filter { $0.line < (function.line ?? 1) }
        let nodes = function.parts[0].parts
        guard nodes.count == arguments.count, !nodes.contains(where: { $0.tag == "Dots" }) else {
            throw refuse(node, "a call of the module '\(module.name)' with \(arguments.count) argument(s) for its \(nodes.count) parameter(s)",
                         "pass each parameter")
        }
        var bound: [(String, Variable)] = []
        var names: [String] = []
        for (parameter, type) in zip(nodes, arguments) {
            guard case .text(let lua)? = parameter.parts.first else { continue }
            try child.checkName(lua, at: function)
            names.append(lua)
            bound.append((lua, Variable(swift: type == .context ? "transitionContext" : SwiftWriter.identifier(lua), type: type, mutable: false)))
        }
        let body = try child.body(of: function, parameters: bound)
        let read = child.parametersRead.sorted { $0.key < $1.key }.map { (name: $0.key, type: $0.value) }
        let run = ModuleTranslation.Function(luaName: "run", parameters: arguments, parameterNames: names, result: body.result ?? .void,
                                             lines: body.lines, comment: functionComment, readsParameters: !read.isEmpty)
        // `CrossFadeModule`: never an entry's (`…Transition`), a generated name, a Swift or UIKit type, nor a library an app imports.
        return ModuleTranslation(source: module, typeName: ExportWriter.typeName(module.name, suffix: "Module"), functions: [run],
                                 parametersRead: read, translator: child, chunkComment: chunkComment, isFunction: true)
    }
}

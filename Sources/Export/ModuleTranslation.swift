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

/// A module that is a function (`return function(ctx) … end`), translated at the entry's first call of it: a
/// caseless enum named after the module (`CrossFadeModule`) with the function as `run`, in a file of its own. The
/// entry's parameters it reads become its protocol `Parameters`, which the entry's `Parameters` conform to, so each
/// entry that requires it passes its own.
struct ModuleTranslation {
    let source: ModuleSource
    /// `CrossFade` for `cross-fade`.
    let typeName: String
    let parameters: [SwiftType]
    let parameterNames: [String]
    let result: SwiftType
    let lines: [String]
    /// The entry's parameters the module reads, and their types (a protocol's requirements).
    let parametersRead: [(name: String, type: SwiftType)]
    let translator: Translator
    let chunkComment: [SyntaxTree.Comment]
    /// The function's own comment, above its `return`.
    let functionComment: [SyntaxTree.Comment]

    var protocolName: String { typeName + ".Parameters" }
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
        moduleFunctions[lua] = module
    }

    /// A call of a module's function: translated at its first call, with that call's argument types, as a helper is.
    func moduleCall(_ module: ModuleSource, _ arguments: [SyntaxNode], at node: SyntaxNode) throws(ExportRefusal) -> Expression {
        var translated: [Expression] = []
        for argument in arguments { translated.append(try expression(argument)) }
        let types = translated.map(\.type)
        let translation: ModuleTranslation
        if let known = moduleTranslations[module.name] {
            guard known.parameters == types else {
                throw refuse(node, "a call of the module '\(module.name)' with \(types.map(\.described).joined(separator: ", "))",
                             "it was first called with \(known.parameters.map(\.described).joined(separator: ", ")); a Swift function has one type")
            }
            translation = known
        } else {
            translation = try translateModule(module, arguments: types, at: node)
            moduleTranslations[module.name] = translation
        }
        var list = zip(translated, translation.parameters).map { argument, type in
            type == .context ? "using: \(argument.text)" : argument.text
        }
        if !translation.parametersRead.isEmpty {
            usesSelf()
            list.append("params: params")
        }
        return Expression(text: "\(translation.typeName).run(\(list.joined(separator: ", ")))", type: translation.result)
    }

    private func translateModule(_ module: ModuleSource, arguments: [SwiftType], at node: SyntaxNode) throws(ExportRefusal) -> ModuleTranslation {
        // Its refusals name its own file and line.
        func refusal(_ line: Int, _ construct: String, _ instead: String) -> ExportRefusal {
            ExportRefusal(file: module.file, line: line, construct: construct, instead: instead)
        }
        let tree: SyntaxTree
        do {
            tree = try LuaParser.parse(module.source)
        } catch {
            throw refusal(error.line ?? 1, "a module Lua cannot read (\(error.message))", "fix its syntax first (segue check says where)")
        }
        let statements = tree.block.parts
        guard let last = statements.last, last.tag == "Return", last.parts.count == 1, last.parts[0].tag == "Function" else {
            throw refusal(statements.last?.line ?? 1, "a module that does not return a function",
                          "a module of several functions or values is not exported yet; one that is a function is (return function(ctx) … end)")
        }
        let child = Translator(file: module.file, entry: entry, comments: tree.comments, source: module.source)
        child.isModule = true
        let chunkComment = child.chunkComment(firstStatement: statements.first?.line ?? 1)
        try child.readChunk(Array(statements.dropLast()))
        if let helper = child.helpers.values.min(by: { $0.line < $1.line }) {
            throw refusal(helper.line, "the local function '\(helper.name)' in a module", "a module's own helpers are not exported yet: write the steps in its function")
        }
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
        // `CrossFadeModule`: never an entry's (`…Transition`), a generated name, a Swift or UIKit type, nor a library an app imports.
        return ModuleTranslation(source: module, typeName: ExportWriter.typeName(module.name, suffix: "Module"), parameters: arguments, parameterNames: names,
                                 result: body.result ?? .void, lines: body.lines, parametersRead: read, translator: child,
                                 chunkComment: chunkComment, functionComment: functionComment)
    }
}

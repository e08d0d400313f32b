import Foundation
import LuaSyntax

/// Translates an entry's functions into the Swift of its animator: the
/// hooks become `UIViewControllerAnimatedTransitioning`'s methods, the
/// chunk's local functions private methods beside them, its constants
/// file-private `let`s. Types come from UIKit's declarations
/// (`UIKitVocabulary`) and the entry's parameters; whatever has no faithful
/// Swift form is refused with its line.
final class Translator {
    let file: String
    let entry: ExportedEntry
    /// The chunk's comments not yet placed, in order.
    private var comments: [SyntaxTree.Comment]

    struct Variable {
        let swift: String
        var type: SwiftType
        let mutable: Bool
        /// `local x` given its value later, once on each path (a Swift `let` all the same).
        var assignedLater = false
        /// A struct's value read whole (passed, stored, returned): from then on a field write would change a copy
        /// where Lua changes the one table both hold.
        var escaped = false
        /// Loops and closures around its declaration.
        var depth = 0
        /// A Lua integer's bound (see Expression.integerBound).
        var integerBound: Double?
        /// `local items = {}`: the token standing for its type in the declaration, filled in at the first append.
        var listToken: Int?
    }
    var scopes: [[String: Variable]] = [[:]]

    /// A chunk-level local function: a private method of the animator, typed at its first call.
    struct Helper {
        let name: String
        let node: SyntaxNode
        let line: Int
        var parameters: [SwiftType]?
        /// The Lua integer bounds of its first call's arguments (nil: a float), which its body was checked with.
        var integerBounds: [Double?] = []
        var result: SwiftType?
        var lines: [String]?
        var translating = false
        /// Whether it reads the animator's parameters or state, or calls a method that does: then it is a method itself.
        var readsAnimator = false
        /// Whether it reads more of the animator's than the parameters (isPresenting, a method): then the interaction and
        /// the presentation controller cannot call it. One that reads only the parameters is given them when shared.
        var readsInstance = false
        /// The comment written just above it: the method's.
        var comments: [SyntaxTree.Comment] = []
    }
    var helpers: [String: Helper] = [:]
    /// The chunk's constants: `fileprivate let` lines, by line.
    var constants: [(line: Int, text: String)] = []

    /// The function being translated.
    struct Function {
        var result: SwiftType?
        /// Lua's names assigned anywhere in the function after their declaration.
        var assigned: [String: Int] = [:]
        var uses: [String: Int] = [:]
        /// Its first line: the comments it may take start there.
        var firstLine = 0
        /// Names the translation gave its own locals (a keyframe animator's), none given twice.
        var generatedNames: Set<String> = []
        /// Its syntax: a name the translation gives a local of its own must not be one the Lua declares anywhere in it.
        var node: SyntaxNode?
    }
    var function = Function()
    /// Guards a statement needs before it: a value UIKit may not have, unwrapped where Lua would fail without it.
    var hoisted: [String] = []
    /// Inside a branch of `and`, `or` or a ternary: nothing may be hoisted out of it.
    var conditional = 0
    /// Inside a closure: a use of the animator's own members needs `[self]`.
    var closureUsesSelf = false
    var closureDepth = 0
    var loopDepth = 0
    /// Inside an animations closure: a property set there animates, which a new view's first values must not.
    var animationDepth = 0
    /// The next name read is the base of a field access (`t.m34 = …`), not the value passed on whole.
    var readingFieldBase = false
    /// The next literal stands where Swift knows its type (a CGFloat property, a UIKit parameter): `0`, not `0.0`.
    var literalTyped = false
    /// Whether the expression just translated read `params` (a constant of the file cannot).
    var readsParameters = false
    /// `local x` declared before its value: the token in its declaration line, filled in with the type of its first value.
    var pending: [String: (token: Int, mutable: Bool, optional: Bool)] = [:]
    var declarationTypes: [Int: SwiftType] = [:]
    var nextToken = 0
    /// The lists declared empty, by their declaration's token: each must be given a first value.
    var listTokens: [Int: SyntaxNode] = [:]
    /// The records the entry makes (its private structs), and the name the next one takes.
    var records: [Record] = []
    var recordHint: String?
    /// The chunk's constants' end-of-line comments, by line.
    var trailingComments: [Int: String] = [:]
    /// The next name read is the list an ipairs loop goes over (read in place, not passed on), and the lists being looped over.
    var readingListInPlace = false
    var iteratedLists: [String] = []
    /// The chunk function being translated, when it is one: a record it returns is named after it.
    var functionName: String?
    /// Chunk functions that are the animator's hooks: UIKit's methods, not helpers beside them.
    var hookNames: Set<String> = []
    /// The function that is transitionDuration(using:), called by that name.
    var durationHook: String?
    /// Finds `require("name")`'s source: nil when the entry's catalogue has no such module.
    var modules: ((String) throws(ExportRefusal) -> ModuleSource?)?
    /// The chunk's locals that hold a module's function, and the module.
    var moduleFunctions: [String: ModuleSource] = [:]
    /// The modules translated so far, by name.
    var moduleTranslations: [String: ModuleTranslation] = [:]
    /// Translating a module's function: `params` is its argument, not the animator's, and what it reads is noted.
    var isModule = false
    var parametersRead: [String: SwiftType] = [:]
    /// A table module: the local its functions are kept in, the functions, and whether the one being translated reads
    /// the entry's parameters (directly or through another of them).
    var moduleTable: String?
    /// Translating a module: its enum, in which its records are nested.
    var moduleTypeName: String?
    var moduleMembers: [String: ModuleMember] = [:]
    var moduleReadsParameters = false
    /// Translating one of the interaction's functions: the helpers it calls (and theirs) are file-level functions,
    /// which both the animator and the interaction controller reach.
    var inInteraction = false
    var sharedHelpers: Set<String> = []
    /// Translating one of the presentation controller's hooks, and the stored properties its hooks keep, in order.
    var inController = false
    /// The Lua name of the hook being translated's `self` (the controller), which a tap's action reads as Swift's `self`.
    var controllerSelf: String?
    /// The actions of the tap recognizers the controller's hooks make, each lifted into a method of the controller.
    var tapActions: [ControllerMethod] = []
    /// Inside a keyframe animation on one curve: an animation made there would take the animator's timing in UIKit.
    var curvedKeyframes = 0
    /// The animator reads `ctx.sourceView`: the transition then has a `sourceView` the app sets.
    var readsSourceView = false
    /// The sheet has a detent of the entry's own, which UIKit has since iOS 16.
    var usesCustomDetents = false
    /// It reads the status bar's frame: the file gets its helper.
    var readsStatusBar = false
    /// A display link is made: the file declares DisplayLinkTarget, the target that calls its function.
    var usesDisplayLink = false
    /// While the sheet's table is translated: the detents its lists name (every branch's), and the identifiers its
    /// fields name, each with where, to be checked against them at its end.
    var sheetDetentNames: Set<String> = []
    var sheetIdentifierUses: [(name: String, node: SyntaxNode)] = []
    /// Parameters whose choices name detents: their enum gets UIKit's identifier for each (`detentIdentifier`).
    var detentIdentifierChoices: Set<String> = []
    /// The chunk's constants' values and lines (a keyframe animation's curve reads a timing function's control points),
    /// and those read as values (the others, only read for their points, are not written).
    var constantNodes: [String: (node: SyntaxNode, line: Int)] = [:]
    var constantsRead: Set<String> = []
    /// The parameters' choice enums used as UIBlurEffect styles: each says UIKit's style of its names.
    var blurStyleChoices: Set<String> = []
    /// The function being translated read the animator's state beyond its parameters (see Helper.readsInstance).
    var readsInstanceSeen = false
    /// What the last `fresh` body read of it.
    var lastReadsInstance = false
    var controllerFields: [(name: String, type: SwiftType)] = []
    /// The fields the entry's own interaction controller keeps on `self`, typed by their first assignment, in order.
    var ownInteractionFields: [(name: String, type: SwiftType)] = []
    /// The fields read from outside the controller's hooks (`vc.presentationController.dimmingView`): settable only inside.
    var controllerFieldsReadOutside: Set<String> = []
    /// The transitioning delegate's class (`TurnTransition`): the shared helpers are its static methods, called through it.
    var typeName = ""
    /// The line the function being translated is declared on, when it is one of the chunk's local functions: a local
    /// function declared below it is, where it runs, a global Lua has not got (nil). The hooks see them all.
    var declaredAt = Int.max
    /// Whether the function being translated read anything of the animator's (`usesSelf`).
    var readsAnimator = false

    /// The entry's lines, to keep its blank lines.
    let sourceLines: [Substring]
    /// The entry's file name, for the messages of the exported code's stops.
    var fileName: String { String(file.split(separator: "/").last ?? "") }

    init(file: String, entry: ExportedEntry, comments: [SyntaxTree.Comment], source: String) {
        self.file = file
        self.entry = entry
        self.comments = comments
        sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    func refuse(_ node: SyntaxNode, _ construct: String, _ instead: String) -> ExportRefusal {
        ExportRefusal(file: file, line: node.line ?? 0, construct: construct, instead: instead)
    }

    // MARK: Scopes

    func lookup(_ name: String) -> Variable? {
        for scope in scopes.reversed() { if let variable = scope[name] { return variable } }
        return nil
    }

    func declare(_ name: String, _ variable: Variable) { scopes[scopes.count - 1][name] = variable }

    /// A second local of one name in one block: Swift has no such shadowing.
    func checkRedeclaration(_ lua: String, at node: SyntaxNode) throws(ExportRefusal) {
        if scopes[scopes.count - 1][lua] != nil {
            throw refuse(node, "a second local '\(lua)' in the same block", "give it a name of its own")
        }
    }

    /// Names the exported class gives a meaning of its own: a Lua name among them would shadow it.
    /// Every name the generated code calls or declares besides the entry's own (the UIKit, Core Graphics and Core
    /// Animation names are kept by their prefixes).
    static let reserved: Set<String> = ["transitionContext", "params", "isPresenting", "self", "super", "Self", "Type", "Protocol",
                                        "init", "deinit", "animateTransition", "transitionDuration", "animationEnded", "Parameters", "Animator",
                                        "min", "max", "abs", "sin", "cos", "atan", "stride", "zip", "precondition", "preconditionFailure",
                                        // The file's helper for UIApplication.shared.statusBarFrame: a local of its name would hide it.
                                        "statusBarFrame",
                                        // The file's display-link target type, which a local of its name would hide.
                                        "DisplayLinkTarget",
                                        "fatalError", "assert", "print", "Double", "Int", "Bool", "String", "TimeInterval", "NSObject",
                                        "MainActor", "Sendable", "presentationStyle", "animationController", "Void", "Never",
                                        "true", "false", "nil"]

    static let hookMethods: Set<String> = ["animateTransition", "transitionDuration", "animationEnded"]

    /// Members of the classes the translated code runs in (NSObject's, UIPercentDrivenInteractiveTransition's, the
    /// generated ones): inside them such a member, not a file-level constant or function of that name, is what the
    /// name means, so a chunk-level name among them would silently read something else.
    static let memberNames: Set<String> = ["description", "debugDescription", "hash", "hashValue", "isEqual", "superclass", "isProxy",
                                           "completionSpeed", "completionCurve", "duration", "percentComplete", "timingCurve",
                                           "wantsInteractiveStart", "update", "finish", "cancel", "pause", "startInteractiveTransition",
                                           "isDragging", "presented", "attach", "handlePan", "handlePinch", "distance", "shouldFinish",
                                           "speedToComplete", "gestureRecognizerShouldBegin", "dismissal", "DismissalInteraction",
                                           "interactionControllerForDismissal", "interactionControllerForPresentation",
                                           "pop", "PopInteraction", "navigationController", "handleEdgePan", "owner",
                                           "presentationController", "PresentationController",
                                           "presentation", "PresentationInteraction", "presenter", "transition", "makeViewController",
                                           "attachPresentation", "configure", "sheet", "finishesWhileDragging", "statusBarFrame",
                                           "PresentedDrag", "presentedDrag", "began", "changed", "ended"]

    /// A name declared at the top of the file, which code inside the classes reads.
    func checkChunkName(_ lua: String, at node: SyntaxNode) throws(ExportRefusal) {
        // `CrossFadeModule`, `FadeTransition`: the names the exported files give their types.
        let typeLike = lua.first?.isUppercase == true && (lua.hasSuffix("Module") || lua.hasSuffix("Transition"))
        if lua == "_" {
            throw refuse(node, "the name '_' at the top of the entry", "Swift's _ binds nothing: give it a name")
        }
        if Self.memberNames.contains(lua) || typeLike {
            throw refuse(node, "the name '\(lua)' at the top of the entry",
                         typeLike ? "the exported Swift names its types so (a module's, an entry's); rename it"
                                  : "inside the exported classes it names a member or type of theirs (UIKit's, NSObject's or the "
                                    + "exported code's own) instead; rename it")
        }
    }

    /// A Lua name declared in the Swift (a local, a parameter, a function): refused where it would shadow the class's own.
    func checkName(_ lua: String, at node: SyntaxNode) throws(ExportRefusal) {
        let apiPrefix = ["UI", "CG", "CA", "NS"].contains(where: { lua.hasPrefix($0) && lua.dropFirst(2).first?.isUppercase == true })
        if Self.reserved.contains(lua) || lua.hasPrefix("__") || apiPrefix {
            throw refuse(node, "the name '\(lua)'", "the exported Swift uses it for its own; rename it")
        }
    }

    /// Narrows a name for the rest of the innermost block, as `guard let` shadows it.
    func narrow(_ name: String, to type: SwiftType) {
        guard let variable = lookup(name) else { return }
        declare(name, Variable(swift: variable.swift, type: type, mutable: false))
    }

    func scoped<T>(_ body: () throws(ExportRefusal) -> T) throws(ExportRefusal) -> T {
        scopes.append([:])
        defer { scopes.removeLast() }
        return try body()
    }

    // MARK: Comments

    /// The comments not yet placed written from line `first` up to before `end`.
    /// The block of comments on the lines right above `line` (none between them and it), taken.
    func takeComments(directlyAbove line: Int) -> [SyntaxTree.Comment] {
        var first = line
        while comments.contains(where: { $0.line == first - 1 }) { first -= 1 }
        return takeComments(from: first, before: line)
    }

    func takeComments(from first: Int, before end: Int) -> [SyntaxTree.Comment] {
        let taken = comments.filter { $0.line >= first && $0.line < end }
        comments.removeAll { $0.line >= first && $0.line < end }
        return taken
    }

    /// Those of the function being translated up to a statement's line (a comment at its end goes above it).
    func comments(through line: Int) -> [SyntaxTree.Comment] {
        takeComments(from: function.firstLine, before: line + 1)
    }

    /// The deepest line a node reaches: where a function's body ends, near enough (its `end` is on no node).
    static func lastLine(_ node: SyntaxNode) -> Int {
        node.parts.reduce(node.line ?? 0) { max($0, lastLine($1)) }
    }

    /// The file's opening comment: what comes before the first statement, but for a run
    /// just above it (after a blank line), which is that statement's own.
    func chunkComment(firstStatement line: Int) -> [SyntaxTree.Comment] {
        var before = comments.filter { $0.line < line }
        var own: [SyntaxTree.Comment] = []
        var next = line
        while let last = before.last, last.line + last.text.filter({ $0 == "\n" }).count == next - 1 {
            own.insert(before.removeLast(), at: 0)
            next = last.line
        }
        if before.isEmpty { (before, own) = (own, []) }
        comments.removeAll { $0.line < line }
        comments.insert(contentsOf: own, at: 0)
        return before
    }

    // MARK: The chunk

    /// Reads the chunk's statements before its `return`: local functions and constants.
    func readChunk(_ statements: [SyntaxNode]) throws(ExportRefusal) {
        var previousEnd = 0
        for statement in statements {
            // LuaLS's annotations (---@class, ---@param) are the types export reads, not prose for the Swift.
            let leading = takeComments(from: previousEnd + 1, before: statement.line ?? 0).filter { !$0.text.hasPrefix("-@") }
            // A constant's comment after it on its line (`local eye = 200 -- m34 = -0.005`) stays after it.
            if statement.tag == "Local", Self.lastLine(statement) == statement.line {
                let line = statement.line ?? 0
                trailingComments[line] = takeComments(from: line, before: line + 1).compactMap { SwiftWriter.trailingComment($0.text) }.first
            }
            previousEnd = Self.lastLine(statement)
            switch statement.tag {
            case "Localrec":
                guard case .node(_, _, _, let parts)? = statement.parts.first?.parts.first, case .text(let name)? = parts.first else { continue }
                // A hook's own name is fine: the function then is that UIKit method (checked once the hooks are known).
                if !Self.hookMethods.contains(name) { try checkName(name, at: statement) }
                try checkChunkName(name, at: statement)
                helpers[name] = Helper(name: name, node: statement.parts[1].parts[0], line: statement.line ?? 0, comments: leading)
            case "Local":
                try readConstant(statement, leading: leading)
            default:
                throw refuse(statement, "a statement the entry runs when it loads (\(statement.tag ?? "?"))",
                             "only local functions and constants are exported at the top of an entry")
            }
        }
    }

    private func readConstant(_ statement: SyntaxNode, leading: [SyntaxTree.Comment]) throws(ExportRefusal) {
        let names = statement.parts[0].parts
        let values = statement.parts.count > 1 ? statement.parts[1].parts : []
        guard names.count == values.count else {
            throw refuse(statement, "a local without a value at the top of the entry", "give it its value where it is declared")
        }
        for (name, value) in zip(names, values) {
            guard case .text(let lua)? = name.parts.first else { continue }
            try checkChunkName(lua, at: statement)
            if value.tag == "Function" {
                if !Self.hookMethods.contains(lua) { try checkName(lua, at: statement) }
                helpers[lua] = Helper(name: lua, node: value, line: statement.line ?? 0, comments: leading)
                continue
            }
            try checkName(lua, at: statement)
            if value.tag == "Call", value.parts.first?.parts.first == .text("require") {
                try readRequire(lua, value)
                continue
            }
            try checkRedeclaration(lua, at: statement)
            // Computed once, as the chunk computes it when the entry loads: from numbers and the API's own values.
            readsParameters = false
            let expression = try scoped { () throws(ExportRefusal) in try self.expression(value) }
            guard hoisted.isEmpty, expression.type != .void, !expression.type.isOptional, !readsParameters else {
                throw refuse(value, "the constant '\(lua)'", readsParameters
                             ? "a value computed from params belongs in the function that uses it"
                             : "give it a value that is always there (a number, a CGRect, a transform)")
            }
            let swift = SwiftWriter.identifier(lua)
            var comment = SwiftWriter()
            for part in leading { comment.comment(part.text) }
            // A class's instance at the top of a file is the main actor's, as UIKit's are (Swift 6 wants it said).
            let isolation = [.timingFunction, .color].contains(expression.type) ? "@MainActor " : ""
            constants.append((statement.line ?? 0, comment.lines.map { $0 + "\n" }.joined() + isolation +
                              "private let \(swift)\(expression.type == .number ? ": CGFloat" : "") = \(expression.text)"
                              + (trailingComments[statement.line ?? 0] ?? "")))
            declare(lua, Variable(swift: swift, type: expression.type, mutable: false))
            constantNodes[lua] = (value, statement.line ?? 0)
        }
    }

    // MARK: Functions

    /// The lines of a function's body (at depth 0), with its parameters bound.
    func body(of node: SyntaxNode, parameters: [(lua: String, variable: Variable)],
              result: SwiftType? = nil) throws(ExportRefusal) -> (lines: [String], result: SwiftType?) {
        let outer = function
        function = Function(result: result, firstLine: node.line ?? 0)
        function.node = node
        defer { function = outer }
        let statements = node.parts[1].parts
        var assigned: [String: Int] = [:], uses: [String: Int] = [:]
        Usage.count(statements, into: &assigned, uses: &uses)
        (function.assigned, function.uses) = (assigned, uses)
        var writer = SwiftWriter()
        let outerPending = pending, outerLists = listTokens
        (pending, listTokens) = ([:], [:])
        defer { (pending, listTokens) = (outerPending, outerLists) }
        try scoped { () throws(ExportRefusal) in
            for (lua, variable) in parameters { declare(lua, variable) }
            try block(statements, into: &writer)
        }
        if let (lua, _) = pending.first {
            throw refuse(node, "the local '\(lua)', never given a value", "give it one, or drop it")
        }
        if let at = listTokens.first(where: { declarationTypes[$0.key] == nil })?.value {
            throw refuse(at, "a list never given a value", "add to it, or drop it: its Swift type is its values'")
        }
        let lines = writer.lines.map { line in
            guard line.contains("\u{0}") else { return line }
            var line = line
            for (token, type) in declarationTypes { line = line.replacingOccurrences(of: "\u{0}\(token)\u{0}", with: type.spelling) }
            return line
        }
        return (lines, function.result)
    }

    /// A whole number a local function's body is checked for when its first call passes a smaller one: later calls may
    /// pass up to this (2^26, whose products of two stay below 2^53).
    static let helperIntegerBound: Double = 67_108_864

    /// The helper's signature once known: translated at its first call, with that call's argument types.
    func helper(_ name: String, arguments: [SwiftType], bounds: [Double?] = [], at node: SyntaxNode) throws(ExportRefusal) -> Helper {
        guard var helper = helpers[name] else { throw refuse(node, "a call of '\(name)'", "no such function") }
        if let known = helper.parameters {
            let accepted = known.count == arguments.count && zip(known, arguments).allSatisfy { $0 == $1 || $0 == .optional($1) }
            guard accepted else {
                throw refuse(node, "a call of '\(name)' with \(arguments.map(\.described).joined(separator: ", "))",
                             "it was first called with \(known.map(\.described).joined(separator: ", ")); a Swift function has one type")
            }
            // Its body's integer arithmetic was checked with the first call's whole numbers (at least 2^26 each): a larger
            // one may pass 2^53 there.
            for (index, bound) in bounds.enumerated() {
                let first = index < helper.integerBounds.count ? helper.integerBounds[index] : nil
                if let bound, bound > (first ?? Self.helperIntegerBound) {
                    throw refuse(node, "a call of '\(name)' with a whole number larger than its first call's",
                                 "its integer arithmetic was checked for at most \(Int(first ?? Self.helperIntegerBound)); write the number with a decimal point, or call it with the larger one first")
                }
            }
            return helper
        }
        helper.integerBounds = bounds.map { $0.map { Swift.max($0, Self.helperIntegerBound) } }
        guard !helper.translating else {
            throw refuse(node, "'\(name)' calling itself", "recursion is not exported; write the steps out")
        }
        let parameterNodes = helper.node.parts[0].parts
        guard parameterNodes.count == arguments.count, !parameterNodes.contains(where: { $0.tag == "Dots" }) else {
            throw refuse(node, "a call of '\(name)' with \(arguments.count) argument(s) for its \(parameterNodes.count) parameter(s)",
                         "pass each parameter")
        }
        helper.translating = true
        helper.parameters = arguments
        helpers[name] = helper
        let outerName = functionName
        functionName = name
        defer { functionName = outerName }
        var bound: [(String, Variable)] = []
        for (index, (parameter, type)) in zip(parameterNodes, arguments).enumerated() {
            guard case .text(let lua)? = parameter.parts.first else { continue }
            try checkName(lua, at: node)
            let integer = index < helper.integerBounds.count ? helper.integerBounds[index] : nil
            bound.append((lua, Variable(swift: type == .context ? "transitionContext" : SwiftWriter.identifier(lua), type: type, mutable: false,
                                        integerBound: integer)))
        }
        // Translated (at its first call) as if from the top of the file, whatever loop or closure that call sits in.
        let outerReads = moduleReadsParameters
        moduleReadsParameters = false
        let (translated, readsAnimator) = try fresh(declaredAt: helper.line) { () throws(ExportRefusal) in
            try body(of: helper.node, parameters: bound)
        }
        if isModule && moduleReadsParameters {
            throw refuse(helper.node, "params read by the module's local function '\(name)'",
                         "read them in one of the module's functions (function m.name) and pass the values on")
        }
        moduleReadsParameters = outerReads
        helper.readsAnimator = readsAnimator
        helper.readsInstance = lastReadsInstance
        helper.lines = translated.lines
        helper.result = translated.result ?? .void
        helper.translating = false
        helpers[name] = helper
        return helper
    }
}

extension Translator {
    /// One of the interaction's functions (`distance(size)`, `shouldFinish(g, percent)`): a private method of the
    /// interaction controller, its parameters `types` in order (Lua may name fewer), its body translated as a
    /// helper's is, with the chunk's constants only in sight. The Lua names of the parameters, "_" for those left out.
    func interactionFunction(_ node: SyntaxNode, types: [SwiftType], result: SwiftType, what: String) throws(ExportRefusal) -> InteractionFunction {
        let (names, bound) = try interactionParameters(node, types, what: what, given: "\(types.count)")
        guard Self.alwaysReturns(node.parts[1].parts) else {
            throw refuse(node, "\(what) with a way through that returns nothing", "return \(result.described) on every path (Lua's nil is an error there)")
        }
        inInteraction = true
        defer { inInteraction = false }
        let (body, readsParameters) = try fresh(declaredAt: Int.max) { () throws(ExportRefusal) in
            try self.body(of: node, parameters: bound, result: result)
        }
        guard body.result == result else {
            throw refuse(node, "\(what) returning \(body.result?.described ?? "nothing")", "return \(result.described)")
        }
        return InteractionFunction(lines: body.lines, names: names + Array(repeating: "_", count: types.count - names.count),
                                   readsParameters: readsParameters)
    }

    /// A handler of the entry's drag of the presented screen, `function(g, controller)`: a method that returns nothing,
    /// given the recognizer, the presented controller and the container the recognizer's view is in.
    func dragHandler(_ node: SyntaxNode, what: String) throws(ExportRefusal) -> InteractionFunction {
        let types: [SwiftType] = [.panGesture, .viewController]
        let (names, bound) = try interactionParameters(node, types, what: what, given: "the gesture and the presented controller")
        inInteraction = true
        defer { inInteraction = false }
        let (body, readsParameters) = try fresh(declaredAt: Int.max) { () throws(ExportRefusal) in
            try self.body(of: node, parameters: bound, result: nil)
        }
        return InteractionFunction(lines: body.lines, names: names + Array(repeating: "_", count: types.count - names.count),
                                   readsParameters: readsParameters)
    }

    /// The Lua names of an interaction function's parameters, bound to the Swift method's of `types`: at most as many as
    /// it is given, none of them `container` (the name the method gives the container it reads the gesture in) where
    /// `reservesContainer`.
    func interactionParameters(_ node: SyntaxNode, _ types: [SwiftType], what: String, given: String, reservesContainer: Bool = true,
                               selfFirst: Bool = false) throws(ExportRefusal) -> (names: [String], bound: [(lua: String, variable: Variable)]) {
        let nodes = node.parts[0].parts
        guard nodes.count <= types.count, !nodes.contains(where: { $0.tag == "Dots" }) else {
            throw refuse(node, "\(what) with \(nodes.count) parameter(s)", "it is given \(given)")
        }
        var names: [String] = []
        for parameter in nodes {
            guard case .text(let lua)? = parameter.parts.first else { continue }
            // The first of a method's own (`self`) is Swift's self whatever its name.
            if !(selfFirst && names.isEmpty) { try checkName(lua, at: node) }
            names.append(lua)
        }
        // The gesture's fields are read in the container's points: the method's own parameter of that name.
        if reservesContainer, names.contains("container") || Self.mentions("container", node.parts[1]) {
            throw refuse(node, "the name 'container' in \(what)", "the exported method is given the container by that name; rename it")
        }
        return (names, zip(names, types).map { ($0, Variable(swift: SwiftWriter.identifier($0), type: $1, mutable: false)) })
    }

    /// One of the interaction's functions translated: its lines, its parameters' Lua names, and whether it reads `params`
    /// (all of the animator's it may read: the controller then keeps them).
    struct InteractionFunction {
        let lines: [String]
        let names: [String]
        let readsParameters: Bool
        /// The entry's comments on the lines right above the field: they go above the method.
        var comments: [SyntaxTree.Comment] = []
    }

    /// `body` outside every other function's scope and state, seeing the chunk's constants only, as a function declared
    /// at `declaredAt`; with whether it read anything of the animator's (`usesSelf`).
    func fresh<T>(declaredAt line: Int, _ body: () throws(ExportRefusal) -> T) throws(ExportRefusal) -> (T, readsAnimator: Bool) {
        let saved = (scopes, closureDepth, loopDepth, conditional, hoisted, closureUsesSelf, literalTyped, readingFieldBase)
        let savedInstance = readsInstanceSeen
        readsInstanceSeen = false
        defer { (lastReadsInstance, readsInstanceSeen) = (readsInstanceSeen, savedInstance) }
        let savedState = (animationDepth, declaredAt, readsAnimator)
        (scopes, closureDepth, loopDepth, conditional, hoisted, closureUsesSelf, literalTyped, readingFieldBase)
            = ([scopes[0]], 0, 0, 0, [], false, false, false)
        (animationDepth, declaredAt, readsAnimator) = (0, line, false)
        defer {
            (scopes, closureDepth, loopDepth, conditional, hoisted, closureUsesSelf, literalTyped, readingFieldBase) = saved
            (animationDepth, declaredAt, readsAnimator) = savedState
        }
        let result = try body()
        return (result, readsAnimator)
    }

    /// Whether every way through a block ends in a return: its last statement is one, or an if whose every branch
    /// (an else among them) always returns.
    static func alwaysReturns(_ statements: [SyntaxNode]) -> Bool {
        guard let last = statements.last else { return false }
        if last.tag == "Return" { return true }
        if last.tag == "Do" { return alwaysReturns(last.parts) }
        guard last.tag == "If" else { return false }
        // If's parts: condition, block, condition, block, …, and a last block for the else.
        let parts = last.parts
        guard parts.count % 2 == 1 else { return false }
        let blocks = stride(from: 1, to: parts.count, by: 2).map { parts[$0] } + [parts[parts.count - 1]]
        return blocks.allSatisfy { alwaysReturns($0.parts) }
    }

    /// Whether a name appears anywhere in the node (declared, read or assigned).
    static func mentions(_ name: String, _ node: SyntaxNode) -> Bool {
        if node.tag == "Id", node.parts.first == .text(name) { return true }
        return node.parts.contains { mentions(name, $0) }
    }
}

/// How often a function's body assigns and reads each name (closures included): `let` or `var`, used or not.
enum Usage {
    static func count(_ nodes: [SyntaxNode], into assigned: inout [String: Int], uses: inout [String: Int]) {
        for node in nodes { visit(node, &assigned, &uses) }
    }

    /// The name at the root of `a.b.c`.
    private static func root(of node: SyntaxNode) -> String? {
        if node.tag == "Id", case .text(let name)? = node.parts.first { return name }
        return node.tag == "Index" ? root(of: node.parts[0]) : nil
    }

    private static func visit(_ node: SyntaxNode, _ assigned: inout [String: Int], _ uses: inout [String: Int]) {
        switch node.tag {
        case "Set":
            for target in node.parts[0].parts {
                if target.tag == "Id", case .text(let name)? = target.parts.first {
                    assigned[name, default: 0] += 1
                } else if target.tag == "Index", let name = root(of: target) {
                    // `t.m34 = …`, `r.origin.x = …`: a struct's local must be a var (a view's need not: counted apart).
                    assigned["\u{0}." + name, default: 0] += 1
                    visit(target, &assigned, &uses)
                } else {
                    visit(target, &assigned, &uses)
                }
            }
            for value in node.parts[1].parts { visit(value, &assigned, &uses) }
        case "Id":
            if case .text(let name)? = node.parts.first { uses[name, default: 0] += 1 }
        case "Local":
            if node.parts.count > 1 { for value in node.parts[1].parts { visit(value, &assigned, &uses) } }
        // The names these declare are not uses of them.
        case "Fornum", "Forin", "Function", "Localrec":
            for part in node.parts.dropFirst() { visit(part, &assigned, &uses) }
        default:
            for part in node.parts { visit(part, &assigned, &uses) }
        }
    }
}

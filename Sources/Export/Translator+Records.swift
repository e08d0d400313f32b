import LuaSyntax
import TextSafety

/// Tables the entry builds as data: a list of values of one type (`{from, to}`, or `{}` filled by
/// `list[#list + 1] = v`) becomes a Swift array; a table of named fields becomes a small private struct,
/// named after where it is made (the local it goes in, the function returning it, or the list it is added
/// to). A record is never changed after it is made: Lua shares one table between all who hold it, a Swift
/// struct is copied, so the same only while its fields stay as they were made.
extension Translator {
    /// A record's struct: its fields in the order the first constructor wrote them.
    struct Record {
        /// As spelled anywhere: `Piece`, or a module's `HeroModule.Look`.
        let name: String
        let fields: [(name: String, type: SwiftType)]
        let line: Int
        /// A module's `---@class` text after the name: the struct's comment.
        var doc: String?

        /// As declared: a module's record is nested in its enum.
        var shortName: String { String(name.split(separator: ".").last ?? Substring(name)) }
    }

    /// `{…}` as a value: a list, or a record.
    func table(_ node: SyntaxNode, expecting expected: SwiftType?) throws(ExportRefusal) -> Expression {
        let hint = recordHint
        recordHint = nil
        if expected == .cornerMask { return try corners(node) }
        if expected == .autoresizingMask { return try autoresizingFlags(node) }
        if expected == .list(.detent) { return try detents(node) }
        guard !node.parts.isEmpty else {
            throw refuse(node, "an empty table here", "start a list in a local of its own (local items = {}) and add to it with items[#items + 1] = v")
        }
        let pairs = node.parts.filter { $0.tag == "Pair" }
        if pairs.isEmpty { return try list(node, expecting: expected) }
        guard pairs.count == node.parts.count else {
            throw refuse(node, "a table used as more than one kind of record (listed values and named fields)",
                         "make a list of values of one type, or a record of named fields, not both")
        }
        var known: Record?
        if case .record(let name)? = expected?.unwrapped { known = records.first { $0.name == name } }
        var fields: [(name: String, type: SwiftType)] = [], texts: [String] = []
        for pair in pairs {
            guard let key = ExportedEntry.string(pair.parts[0]) else {
                throw refuse(pair, "a record's field named by a value computed when the entry runs", "name each field in place: {name = value}")
            }
            guard ExportedEntry.isSwiftIdentifier(key, keywordsAllowed: true) else {
                let reserved = ["init", "self", "Self", "Type", "Protocol", "rawValue", "_"].contains(key)
                throw refuse(pair, "the field name '\(key.escapingControlCharacters)'",
                             reserved ? "Swift keeps that name for a struct's own use; rename the field" : "name each field with ASCII letters, digits and _")
            }
            guard !fields.contains(where: { $0.name == key }) else { throw refuse(pair, "the field '\(key)' given twice", "give each field once") }
            let wanted = known?.fields.first { $0.name == key }?.type
            literalTyped = wanted != nil
            var value = try expression(pair.parts[1], expecting: wanted)
            // A field may hold nil as Lua's table may lack it: optional in the struct unless a record made before says not.
            if let wanted, !wanted.isOptional { value = try unwrap(value, at: pair.parts[1]) }
            guard value.type != .void else { throw refuse(pair.parts[1], "a field given nothing", "give it a value") }
            if let wanted { try require(value, is: wanted, at: pair.parts[1]) }
            fields.append((key, value.type))
            // An argument label may be any keyword but these three (a field is declared with backticks, labelled without).
            texts.append("\(["inout", "var", "let"].contains(key) ? "`\(key)`" : key): \(value.text)")
        }
        let record = try record(fields, known: known, hint: hint, at: node)
        return Expression(text: "\(record.name)(\(texts.joined(separator: ", ")))", type: .record(record.name))
    }

    /// `{a, b, c}`: an array of one type.
    private func list(_ node: SyntaxNode, expecting expected: SwiftType?) throws(ExportRefusal) -> Expression {
        var element: SwiftType?
        if case .list(let known)? = expected?.unwrapped, known != .void { element = known }
        var texts: [String] = []
        for item in node.parts {
            literalTyped = element != nil
            let value = try expression(item, expecting: element)
            guard !value.type.isOptional else {
                throw refuse(item, "a list item that may be nil", "Lua's ipairs stops at the first nil and a Swift array holds every item; check the value first (if v then … end) and list values only")
            }
            guard value.type != .void else { throw refuse(item, "a list item that is nothing", "list values only") }
            if let element { try require(value, is: element, at: item) } else { element = value.type }
            texts.append(value.text)
        }
        return Expression(text: "[\(texts.joined(separator: ", "))]", type: .list(element ?? .void))
    }

    /// The struct for these fields: the expected one, one made before with the same fields, or a new one named by `hint`.
    private func record(_ fields: [(name: String, type: SwiftType)], known: Record?, hint: String?,
                        at node: SyntaxNode) throws(ExportRefusal) -> Record {
        func same(_ record: Record) -> Bool {
            record.fields.map(\.name) == fields.map(\.name)
                && zip(record.fields, fields).allSatisfy { $0.type == $1.type || $0.type == .optional($1.type) }
        }
        let shape = fields.map(\.name).joined(separator: ", ")
        if let known {
            guard same(known) else {
                throw refuse(node, "a record with the fields \(shape) where \(known.name) (\(known.fields.map(\.name).joined(separator: ", "))) is made",
                             "give the same fields, in the same order (Swift evaluates them in the order of its declaration)")
            }
            return known
        }
        let matches = records.filter(same)
        if matches.count > 1 {
            // Two records with these fields: which one the table is depends on where it goes, which Swift must know here.
            throw refuse(node, "a table with the fields \(shape), which are both \(matches[0].shortName)'s and \(matches[1].shortName)'s",
                         "make it where one of them is expected (an argument, a return), or give the classes different fields")
        }
        if let match = matches.first { return match }
        guard let hint, !hint.isEmpty else {
            throw refuse(node, "a record made where it has no name",
                         "keep it in a local, return it from a function, or add it to a list: its struct is named after that")
        }
        let short = ExportWriter.typeName(hint, suffix: "")
        // A module's records are nested in its enum: HeroModule.Look.
        let name = moduleTypeName.map { "\($0).\(short)" } ?? short
        if let other = records.first(where: { $0.name == name }) {
            throw refuse(node, "a table used as more than one kind of record: \(name) with the fields \(shape), and with \(other.fields.map(\.name).joined(separator: ", ")) at line \(other.line)",
                         "give both the same fields, or name the locals, functions or lists they go in differently")
        }
        let taken = Set(["Parameters", "DismissalInteraction", "Animator", "Transition", typeName])
            .union(entry.parameters.map { ExportWriter.enumName($0.name) }).union(Self.standardTypes)
            .union(helpers.keys).union(scopes[0].keys).union(moduleTranslations.values.map(\.typeName))
        let apiPrefix = ["UI", "CG", "CA", "NS"].contains { short.hasPrefix($0) && short.dropFirst(2).first?.isUppercase == true }
        guard !taken.contains(short), !Self.reserved.contains(short), !apiPrefix, short.first?.isUppercase == true else {
            throw refuse(node, "a record named \(short), a name the exported Swift, UIKit or Swift's library uses already",
                         "rename the local, function or list it goes in")
        }
        let record = Record(name: name, fields: fields, line: node.line ?? 0)
        records.append(record)
        return record
    }

    /// A record's field read: `piece.view`.
    func recordField(_ base: Expression, _ key: String, at node: SyntaxNode, forWriting: Bool) throws(ExportRefusal) -> Expression? {
        if case .list = base.type {
            throw refuse(node, "a list's item read by its position", "loop over the list with ipairs")
        }
        guard case .record(let name) = base.type, let record = knownRecord(name) else { return nil }
        guard !forWriting else {
            throw refuse(node, "a change to the field '\(key)' of a \(name)",
                         "Lua changes the one table all who hold it see, Swift a copy of a struct; make a new record with the value instead")
        }
        guard let field = record.fields.first(where: { $0.name == key }) else {
            throw refuse(node, "the field '\(key)' of a \(name)", "a \(name) has \(record.fields.map(\.name).joined(separator: ", "))")
        }
        return Expression(text: "\(base.text).\(SwiftWriter.identifier(key))", type: field.type)
    }

    /// `local items = {}`: an array whose element type is that of the first value added.
    func emptyList(_ lua: String, at node: SyntaxNode, into writer: inout SwiftWriter) {
        let swift = SwiftWriter.identifier(lua)
        let token = nextToken
        nextToken += 1
        listTokens[token] = node
        writer.line("var \(swift): \u{0}\(token)\u{0} = []")
        declare(lua, Variable(swift: swift, type: .list(.void), mutable: false, depth: loopDepth + closureDepth, listToken: token))
    }

    /// `items[#items + 1] = value`: an append, when `target` is that form on a list local; nil otherwise.
    func append(_ target: SyntaxNode, _ value: SyntaxNode, into writer: inout SwiftWriter) throws(ExportRefusal) -> Bool {
        guard target.tag == "Index", target.parts[0].tag == "Id", case .text(let lua)? = target.parts[0].parts.first,
              let variable = lookup(lua), case .list(let element) = variable.type else { return false }
        let key = target.parts[1]
        guard key.tag == "Op", key.parts.count == 3, key.parts[0] == .text("add"), key.parts[1].tag == "Op",
              key.parts[1].parts.count == 2, key.parts[1].parts[0] == .text("len"), key.parts[1].parts[1].tag == "Id",
              key.parts[1].parts[1].parts.first == .text(lua), ExportedEntry.number(key.parts[2]) == "1" else {
            throw refuse(target, "an item of a list set by its position", "add to the end with \(lua)[#\(lua) + 1] = value, and read with ipairs")
        }
        // Lua changes the one list every holder sees, Swift's array is copied when passed on: an append is the same only
        // to a list of this function's own, not yet passed, stored or assigned anywhere, nor being looped over.
        guard variable.listToken != nil else {
            throw refuse(target, "an append to \(lua), a list not made here by local \(lua) = {}",
                         "Lua would change the caller's list too, Swift a copy; build the list where it is made, or return a new one")
        }
        guard !variable.escaped else {
            throw refuse(target, "an append to \(lua) after it was passed on, stored or assigned",
                         "Lua changes the one list every holder sees, Swift a copy; add everything before passing the list on")
        }
        guard !iteratedLists.contains(lua) else {
            throw refuse(target, "an append to \(lua) inside an ipairs loop over it",
                         "Lua's loop sees the new items (and may never end), Swift's loops over the list as it was; collect them in another list")
        }
        recordHint = Self.singular(lua)
        literalTyped = element != .void
        let expression = try unwrap(try self.expression(value, expecting: element == .void ? nil : element), at: value)
        recordHint = nil
        guard expression.type != .void, !expression.type.isOptional else { throw refuse(value, "nothing added to a list", "add a value") }
        if element == .void {
            guard let token = variable.listToken else { throw refuse(target, "an append to a list not made by local \(lua) = {}", "start it so") }
            declarationTypes[token] = .list(expression.type)
            typeDeclared(lua, .list(expression.type))
        } else {
            try require(expression, is: element, at: value)
        }
        writer.line("\(variable.swift).append(\(expression.text))")
        return true
    }

    /// Swift's and Foundation's types an app's file sees: a record of that name would hide them.
    static let standardTypes: Set<String> = ["Array", "Optional", "Data", "Date", "URL", "String", "Substring", "Character", "Int",
                                             "Double", "Float", "Bool", "Set", "Dictionary", "Range", "Error", "Result", "Never", "Any",
                                             "AnyObject", "Void", "Sequence", "Collection", "Equatable", "Hashable", "Sendable", "Codable",
                                             "Task", "Selector", "Timer", "Notification", "Bundle", "Locale", "Measurement", "Decimal"]

    /// A list's name made the name of one of its items: pieces → piece, strips → strip, bodies → body, boxes → box;
    /// a name that is not an English plural gets Item (status → statusItem).
    static func singular(_ name: String) -> String {
        let plain = name.count > 2 && name.hasSuffix("s") && !["ss", "us", "is"].contains(where: name.hasSuffix)
        guard plain else { return name + "Item" }
        if name.hasSuffix("ies") { return name.dropLast(3) + "y" }
        if ["ches", "shes", "xes", "sses"].contains(where: name.hasSuffix) { return String(name.dropLast(2)) }
        return String(name.dropLast())
    }

    /// The struct declarations of the records made, in the order they were first made.
    func recordDeclarations(access: String = "private ") -> [String] {
        records.sorted { $0.line < $1.line }.map { record in
            let doc = record.doc.map { ["/// " + $0] } ?? []
            return (doc + ["\(access)struct \(record.shortName) {"]
                    + record.fields.map { "    let \(SwiftWriter.identifier($0.name)): \($0.type.spelling)" } + ["}"])
                .joined(separator: "\n")
        }
    }

    /// A record by its spelled name: the entry's own, or one of a module it requires.
    func knownRecord(_ name: String) -> Record? {
        records.first { $0.name == name } ?? moduleTranslations.values.lazy.compactMap { $0.translator.records.first { $0.name == name } }.first
    }

    /// UIView.AutoresizingMask's flags, as the scripting API names them (ExportTests hold them to the engine's).
    static let autoresizingNames = ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin", "flexibleTopMargin", "flexibleHeight",
                                    "flexibleBottomMargin"]

    /// `view.autoresizingMask = {"flexibleWidth", …}`: UIKit's option set, written in place.
    private func autoresizingFlags(_ node: SyntaxNode) throws(ExportRefusal) -> Expression {
        let known = Self.autoresizingNames
        var names: [String] = []
        for item in node.parts {
            guard item.tag == "String", case .text(let name)? = item.parts.first, known.contains(name) else {
                throw refuse(item, "autoresizingMask given something other than a flag's name",
                             "list the flags in place: \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            if !names.contains(name) { names.append(name) }
        }
        return Expression(text: "[\(names.map { "." + $0 }.joined(separator: ", "))]", type: .autoresizingMask)
    }

    /// `layer.maskedCorners = {"layerMinXMinYCorner", …}`: Core Animation's option set, written in place.
    private func corners(_ node: SyntaxNode) throws(ExportRefusal) -> Expression {
        var names: [String] = []
        for item in node.parts {
            guard item.tag == "String", case .text(let name)? = item.parts.first, Self.cornerNames.contains(name) else {
                throw refuse(item, "maskedCorners given something other than a corner's name",
                             "list the corners in place: \(Self.cornerNames.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            // Lua's list may name a corner twice; the set holds it once, as the engine's does.
            if !names.contains(name) { names.append(name) }
        }
        return Expression(text: "[\(names.map { "." + $0 }.joined(separator: ", "))]", type: .cornerMask)
    }

    /// A sheet's `detents = {"medium", "large", {identifier = "peek", height = 120}}`: UIKit's detents, written in place;
    /// one of the entry's own is iOS 16's custom detent, made by the delegate's `customDetent(_:height:)`.
    private func detents(_ node: SyntaxNode) throws(ExportRefusal) -> Expression {
        var items: [String] = [], names: [String] = []
        // Each name once in a list (UIKit would keep two detents of one name, the engine refuses them).
        func named(_ name: String, at item: SyntaxNode) throws(ExportRefusal) {
            guard !names.contains(name) else { throw refuse(item, "two detents called \"\(name.escapingControlCharacters)\"", "give each detent its own identifier") }
            names.append(name)
            sheetDetentNames.insert(name)
        }
        for item in node.parts {
            if item.tag == "String" {
                items.append(try expression(item, expecting: .detent).text)
                if let name = ExportedEntry.string(item) { try named(name, at: item) }
                continue
            }
            guard item.tag == "Table", item.parts.allSatisfy({ $0.tag == "Pair" }) else {
                throw refuse(item, "a detent that is not written in place",
                             "list \"medium\", \"large\" or {identifier = \"name\", height = points} in the sheet's table")
            }
            var identifier: String?, height: SyntaxNode?
            for pair in item.parts {
                switch ExportedEntry.string(pair.parts[0]) {
                case "identifier":
                    guard let name = ExportedEntry.string(pair.parts[1]) else {
                        throw refuse(pair, "a detent's identifier computed when the entry runs", "write it as a string")
                    }
                    identifier = name
                case "height": height = pair.parts[1]
                case "resolver":
                    throw refuse(pair, "a detent's resolver", "it is not exported yet; give the detent a height")
                default:
                    throw refuse(pair, "the detent field '\(ExportedEntry.string(pair.parts[0])?.escapingControlCharacters ?? "?")'", "a detent has an identifier and a height")
                }
            }
            guard let identifier, let height else {
                throw refuse(item, "a detent without an identifier and a height", "write {identifier = \"name\", height = points}")
            }
            // As check reads it: a name of 1 to 64 characters, neither of UIKit's own (nor their raw values).
            guard !identifier.isEmpty, identifier.unicodeScalars.count <= 64, !["medium", "large"].contains(identifier),
                  !identifier.hasPrefix("com.apple.UIKit.") else {
                throw refuse(item, "the custom detent identifier \"\(String(identifier.prefix(64)).escapingControlCharacters)\"",
                             "name it with 1 to 64 characters, and not as UIKit's own (medium, large, com.apple.UIKit.…)")
            }
            if let figure = ExportedEntry.number(height), let points = Double(figure), points < 0 {
                throw refuse(height, "a detent height below 0", "give a height of 0 points or more")
            }
            try named(identifier, at: item)
            // The height is asked on each layout, in a closure the sheet keeps: it holds a copy of the parameters it reads.
            let (value, readsParameters) = try fresh(declaredAt: Int.max) { () throws(ExportRefusal) in
                try self.expression(height, expecting: .number)
            }
            try require(value, is: .number, at: height)
            usesCustomDetents = true
            // Through the file's helper, which stops on iOS 15 (no custom detents) rather than show another sheet.
            // A height that is not a literal is converted in place: Swift's implicit Double to CGFloat in a closure inside a
            // conditional list is more than its type checker solves.
            let points = ExportedEntry.number(height) != nil ? value.text : "CGFloat(\(value.text))"
            items.append("Self.customDetent(\(Self.detentIdentifier(identifier))) { \(readsParameters ? "[params] in " : "")\(points) }")
        }
        guard !items.isEmpty else { throw refuse(node, "a sheet without detents", "UIKit needs at least one: list them, smallest first") }
        return Expression(text: "[\(items.joined(separator: ", "))]", type: .list(.detent))
    }

    /// A detent's identifier as Swift names it: UIKit's own two by their names (their raw values are UIKit's, not
    /// "medium"), the entry's by its string.
    static func detentIdentifier(_ name: String) -> String {
        ["medium", "large"].contains(name) ? ".\(name)" : ".init(\(SwiftWriter.stringLiteral(name)))"
    }

    static let cornerNames = ["layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"]
}

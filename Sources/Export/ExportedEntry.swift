import LuaSyntax
import TextSafety

/// What an entry's returned table says, read from its syntax (never by
/// running it): metadata, parameters, the presentation style and which
/// functions serve as the animator's hooks.
struct ExportedEntry {
    struct Parameter {
        enum Kind: Equatable { case number, integer, boolean, choice([String]) }
        let name: String
        let kind: Kind
        let defaultValue: String
        let range: (min: String, max: String)?
        let description: String?
        let line: Int
    }

    var dismissal: Interaction?
    /// `interaction.presented`: the entry's own drag of the presented screen.
    var presented: PresentedDrag?
    /// `interaction.pop`, for an entry made for navigation.
    var pop: Interaction?
    /// `interaction.presentation`: the app says what a gesture on its screen presents.
    var presentation: Interaction?
    /// The line of `interaction = {`: the comments from there to the dismissal's table are about it.
    var interactionLine = 0
    /// The last line a node of the interaction table is on.
    var interactionEnd = 0
    var title = ""
    var summary = ""
    /// The presenting screen's control the entry grows from in previews and checks (`sourceView = "composeButton"`):
    /// the app gives its own view, so the Swift does not carry it; the verification taps the same control.
    var sourceControl: String?
    /// What the presented screen looks like (`screen`): the app's screen is its own content in the Swift, but the
    /// verification gives its presented view the same content, which a dialog's size is measured from.
    var screenLook: String?
    /// What the presented screen asks of the status bar (`statusBarStyle`, `prefersStatusBarHidden`,
    /// `preferredStatusBarUpdateAnimation`): the app's controller overrides them, so the Swift says so in its
    /// documentation and the verification's presented controller answers them.
    var statusBarStyle: String?
    var prefersStatusBarHidden: Bool?
    var statusBarAnimation: String?
    /// `modalPresentationCapturesStatusBarAppearance = true`: the app sets it on its controller before presenting.
    var capturesStatusBar = false
    var parameters: [Parameter] = []
    var presentationStyle = "custom"
    /// UIKit's own animation (`modalTransitionStyle`), for an entry with no animator of its own.
    var transitionStyle: String?
    var transitionStyleLine = 0
    var navigation = false
    /// The animator's hooks: a chunk-level function's name or an inline function.
    var transitionDuration: SyntaxNode?
    var animateTransition: SyntaxNode?
    /// The line of the table the entry returns.
    var line = 1
    /// `presentationController = {…}`: its hooks in the order written, and the lines the table spans.
    var presentationController: [(name: String, node: SyntaxNode)] = []
    var presentationControllerLines = 0...0
    /// `presentedViewController = {viewWillTransition = …, viewWillLayoutSubviews = …}`: the presented controller's own
    /// overrides, which the app's controller calls (UIKit has no delegate for them).
    var presentedLayout: [(name: String, node: SyntaxNode)] = []
    /// `sheet = {…}` or `sheet = function() return {…} end`: the table UIKit's sheet is set up with.
    var sheet: SyntaxNode?
    /// Where the comments above a field of the entry's table begin (the line after the field before it), by the field's
    /// name; an animator hook's under "animator.name".
    var commentStarts: [String: Int] = [:]

    /// What to say of a field not exported yet: UIKit's own way where the app has one.
    static func notYetAdvice(_ key: String) -> String {
        switch key {
        default: "it is not exported yet"
        }
    }

    /// Fields whose translation is still to come, refused with their line and what they do.
    static let notYetExported: [String: String] = [
        "presentationControllerDelegate": "an adaptive presentation delegate",
        "presentationAnimator": "separate presentation and dismissal animators",
        "dismissalAnimator": "separate presentation and dismissal animators",
        "preferredContentSize": "a preferred content size",
        "isModalInPresentation": "isModalInPresentation",
    ]

    static let interactionsExported = "it is not exported yet (an interactive presentation or dismissal by a pan or a pinch, a navigation pop by "
        + "the edge swipe, and a drag of the presented screen, are)"

    static let transitionStyles = ["coverVertical", "crossDissolve", "flipHorizontal", "partialCurl"]

    /// The looks and controls check knows (RenderTree's ScreenLook and ListLayout.Control; held to them by a test).
    static let screenLooks = ["page", "menu", "dialog", "photo", "clear", "list"]
    static let sourceControls = ["composeButton", "editButton"]

    static let styles = ["custom", "fullScreen", "overFullScreen", "pageSheet", "formSheet", "currentContext", "overCurrentContext", "popover"]

    /// Reads the table `node` (the chunk's `return {…}`).
    init(table node: SyntaxNode, file: String) throws(ExportRefusal) {
        line = node.line ?? 1
        // What is not exported yet is said first: no other change to the entry would make it export.
        for pair in node.parts where pair.tag == "Pair" {
            guard let key = Self.string(pair.parts[0]) else { continue }
            let at = pair.line ?? line
            if let what = Self.notYetExported[key] {
                throw ExportRefusal(file: file, line: at, construct: what, instead: Self.notYetAdvice(key))
            }
            if key == "interaction", pair.parts[1].tag == "Table" {
                for kind in pair.parts[1].parts where kind.tag == "Pair" {
                    if let name = Self.string(kind.parts[0]), !["dismissal", "pop", "presentation", "presented"].contains(name) {
                        throw ExportRefusal(file: file, line: kind.line ?? at, construct: "interaction.\(name)", instead: Self.interactionsExported)
                    }
                }
            }
        }
        var previousEnd = line
        for pair in node.parts {
            defer { previousEnd = Translator.lastLine(pair) }
            if let key = pair.tag == "Pair" ? Self.string(pair.parts[0]) : nil { commentStarts[key] = previousEnd + 1 }
            guard pair.tag == "Pair", let key = Self.string(pair.parts[0]) else {
                throw ExportRefusal(file: file, line: pair.line ?? line, construct: "an entry table with positional values",
                                    instead: "give each field a name")
            }
            let value = pair.parts[1]
            let at = pair.line ?? line
            func text() throws(ExportRefusal) -> String {
                guard let text = Self.string(value) else {
                    throw ExportRefusal(file: file, line: at, construct: "'\(key)' computed when the entry runs", instead: "write '\(key)' as a string")
                }
                return text
            }
            switch key {
            case "title": title = try text()
            case "summary": summary = try text()
            // Metadata the Swift does not carry: whatever it is, it changes nothing in the code.
            case "source", "name", "author", "tags": break
            // What the presented screen looks like in a preview: the app's own screen is its content in the Swift.
            case "screen":
                guard let look = Self.string(pair.parts[1]), Self.screenLooks.contains(look) else {
                    throw ExportRefusal(file: file, line: at, construct: "a screen other than one of \(Self.screenLooks.joined(separator: ", "))",
                                        instead: "write one of them in place, as check requires")
                }
                screenLook = look
            // A picture for previews (the app's screen is its own content in the Swift): nothing to translate.
            case "picture":
                guard Self.string(pair.parts[1]) != nil else {
                    throw ExportRefusal(file: file, line: at, construct: "a picture other than a file name in place",
                                        instead: "write the name of the PNG file in assets, as check requires")
                }
            case "statusBarStyle", "preferredStatusBarUpdateAnimation":
                let choices = key == "statusBarStyle" ? ["default", "lightContent", "darkContent"] : ["none", "fade", "slide"]
                guard let choice = Self.string(pair.parts[1]), choices.contains(choice) else {
                    throw ExportRefusal(file: file, line: at, construct: "a \(key) other than one of \(choices.joined(separator: ", "))",
                                        instead: "write one of them in place, as check requires")
                }
                if key == "statusBarStyle" { statusBarStyle = choice } else { statusBarAnimation = choice }
            case "prefersStatusBarHidden", "modalPresentationCapturesStatusBarAppearance":
                let value = pair.parts[1]
                guard value.tag == "True" || value.tag == "False" else {
                    throw ExportRefusal(file: file, line: at, construct: "a \(key) other than true or false",
                                        instead: "write true or false in place")
                }
                if key == "prefersStatusBarHidden" { prefersStatusBarHidden = value.tag == "True" } else { capturesStatusBar = value.tag == "True" }
            case "sourceView":
                guard let control = Self.string(pair.parts[1]), Self.sourceControls.contains(control) else {
                    throw ExportRefusal(file: file, line: at, construct: "a sourceView other than one of \(Self.sourceControls.joined(separator: ", "))",
                                        instead: "write one of them in place, as check requires")
                }
                sourceControl = control
            // The author's own fields (check leaves `_note` and the like alone): nothing to translate.
            case let own where own.hasPrefix("_"): break
            case "presentationStyle":
                presentationStyle = try text()
                guard Self.styles.contains(presentationStyle) else {
                    throw ExportRefusal(file: file, line: at, construct: "presentationStyle \"\(presentationStyle)\"",
                                        instead: "use one of \(Self.styles.joined(separator: ", "))")
                }
            case "transitionStyle":
                let style = try text()
                guard Self.transitionStyles.contains(style) else {
                    throw ExportRefusal(file: file, line: at, construct: "transitionStyle \"\(style.escapingControlCharacters)\"",
                                        instead: "use one of \(Self.transitionStyles.joined(separator: ", "))")
                }
                (transitionStyle, transitionStyleLine) = (style, at)
            case "navigation":
                guard value.tag == "True" || value.tag == "False" else {
                    throw ExportRefusal(file: file, line: at, construct: "'navigation' computed when the entry runs", instead: "write true or false")
                }
                navigation = value.tag == "True"
            case "parameters":
                parameters = try Self.parameters(value, file: file)
            case "interaction":
                interactionLine = at
                interactionEnd = Translator.lastLine(value)
                (dismissal, pop, presentation, presented) = try Self.interaction(value, file: file, line: at)
            case "sheet":
                // A function only so that it reads params once they are bound: its table is what is exported.
                var table = value
                if value.tag == "Function" {
                    let body = value.parts[1].parts
                    guard value.parts[0].parts.isEmpty, body.count == 1, body[0].tag == "Return", body[0].parts.count == 1 else {
                        throw ExportRefusal(file: file, line: at, construct: "a sheet function that does more than return its table",
                                            instead: "write sheet = function() return {detents = …, …} end, each field in place")
                    }
                    table = body[0].parts[0]
                }
                guard table.tag == "Table" else {
                    throw ExportRefusal(file: file, line: at, construct: "a sheet table that is not written in place",
                                        instead: "write sheet = {detents = …, …} (or a function returning it) in the entry's table")
                }
                sheet = table
            case "presentationController":
                presentationControllerLines = at...Translator.lastLine(value)
                presentationController = try Self.hookTable(
                    value, "presentationController", noun: "presentation controller", file: file, line: at, commentStarts: &commentStarts,
                    example: "presentationController = {presentationTransitionWillBegin = function(self) … end, …}",
                    known: { Translator.controllerHooks[$0] != nil },
                    unknown: "it is not exported yet (segue export translates \(Translator.controllerHooks.keys.sorted().joined(separator: ", ")))")
            case "presentedViewController":
                presentedLayout = try Self.hookTable(
                    value, "presentedViewController", noun: "presentedViewController", file: file, line: at, commentStarts: &commentStarts,
                    example: "presentedViewController = {viewWillLayoutSubviews = function(controller) … end, …}",
                    known: { Translator.presentedLayoutHooks[$0] != nil },
                    unknown: "the presented controller has viewWillTransition and viewWillLayoutSubviews")
            case "animator":
                guard value.tag == "Table" else {
                    throw ExportRefusal(file: file, line: at, construct: "an animator that is not written as a table",
                                        instead: "write animator = {transitionDuration = …, animateTransition = …}")
                }
                var hookEnd = at
                for hook in value.parts {
                    defer { hookEnd = Translator.lastLine(hook) }
                    guard hook.tag == "Pair", let name = Self.string(hook.parts[0]) else { continue }
                    commentStarts["animator." + name] = hookEnd + 1
                    switch name {
                    case "transitionDuration": transitionDuration = hook.parts[1]
                    case "animateTransition": animateTransition = hook.parts[1]
                    default:
                        throw ExportRefusal(file: file, line: hook.line ?? at, construct: "animator.\(name)",
                                            instead: "it is not exported yet; an entry with transitionDuration and animateTransition only exports")
                    }
                }
            default:
                let what = Self.notYetExported[key] ?? "the field '\(key)'"
                throw ExportRefusal(file: file, line: at, construct: what, instead: Self.notYetAdvice(key))
            }
        }
        // UIKit's sheet is a page or form sheet's only: any other style has no sheetPresentationController.
        if let sheet, !["pageSheet", "formSheet"].contains(presentationStyle) {
            throw ExportRefusal(file: file, line: sheet.line ?? line, construct: "a sheet for presentationStyle \"\(presentationStyle)\"",
                                instead: "UIKit's sheet is a page or form sheet's: set presentationStyle = \"pageSheet\"")
        }
        // Two pans on one view: UIKit lets one of them recognize, the engine drives each in a scenario of its own.
        if let presented, let dismissal {
            throw ExportRefusal(file: file, line: max(presented.line, dismissal.line),
                                construct: "interaction.presented beside interaction.dismissal",
                                instead: "two pans on the presented screen: UIKit recognizes one; keep the one the entry means (the "
                                    + "drag that moves the screen can dismiss it when let go: controller:dismiss(true))")
        }
        if let pop, !navigation {
            throw ExportRefusal(file: file, line: pop.line, construct: "interaction.pop in an entry not made for navigation",
                                instead: "say navigation = true, or leave the pop out: only a navigation controller pops")
        }
        // UIKit's page and form sheets drag themselves down (the engine's check says so too): a pan of the entry's own would
        // fight the sheet's, on a view inside the sheet's own wrapper.
        if let dismissal, ["pageSheet", "formSheet"].contains(presentationStyle) {
            throw ExportRefusal(file: file, line: dismissal.line, construct: "an interactive dismissal of a \(presentationStyle)",
                                instead: "UIKit's sheet is dragged down by itself; present as \"custom\" or \"fullScreen\" to drive it yourself")
        }
        // UIKit plays a transition style only when no delegate gives an animator: an entry has one or the other.
        if animateTransition != nil, transitionStyle != nil {
            throw ExportRefusal(file: file, line: transitionStyleLine, construct: "a transitionStyle beside an animator of the entry's own",
                                instead: "UIKit ignores the style when a transitioning delegate gives an animator: drop one")
        }
        // UIKit's own animation alone is the styles to set; with a controller, an interaction or a sheet it needs a delegate.
        if animateTransition == nil,
           dismissal != nil || pop != nil || presentation != nil || !presentationController.isEmpty || sheet != nil || navigation {
            throw ExportRefusal(file: file, line: line, construct: "an entry without animator.animateTransition that needs a delegate",
                                instead: "give it an animator: UIKit's own animation is exported only as the styles to set")
        }
    }

    /// A table of named hooks written in place (`presentationController = {…}`, `presentedViewController = {…}`): each
    /// name and value in the entry's order, the author's own `_` keys left out, where the comments above each begin
    /// (under "SECTION.name"); a name given twice, or one not exported, refused at its line.
    private static func hookTable(_ value: SyntaxNode, _ section: String, noun: String, file: String, line at: Int,
                                  commentStarts: inout [String: Int], example: String, known: (String) -> Bool,
                                  unknown: String) throws(ExportRefusal) -> [(name: String, node: SyntaxNode)] {
        guard value.tag == "Table" else {
            throw ExportRefusal(file: file, line: at, construct: "a \(noun) that is not written in place", instead: "write \(example) in the entry's table")
        }
        var hooks: [(name: String, node: SyntaxNode)] = []
        var hookEnd = at
        for hook in value.parts {
            defer { hookEnd = Translator.lastLine(hook) }
            guard hook.tag == "Pair", let name = string(hook.parts[0]) else {
                throw ExportRefusal(file: file, line: hook.line ?? at, construct: "a \(noun) with positional values",
                                    instead: "name each of its functions")
            }
            // The author's own keys (`_note`), which check leaves alone: nothing to translate.
            if name.hasPrefix("_") { continue }
            commentStarts["\(section).\(name)"] = hookEnd + 1
            guard !hooks.contains(where: { $0.name == name }) else {
                throw ExportRefusal(file: file, line: hook.line ?? at, construct: "\(section).\(name) given twice",
                                    instead: "give each hook once (Lua keeps the last)")
            }
            guard known(name) else {
                throw ExportRefusal(file: file, line: hook.line ?? at, construct: "\(section).\(name)", instead: unknown)
            }
            hooks.append((name, hook.parts[1]))
        }
        return hooks
    }

    static func string(_ node: SyntaxNode) -> String? {
        guard node.tag == "String", case .text(let text)? = node.parts.first else { return nil }
        return text
    }

    /// A number written in the entry, as a Swift literal: decimal as written, else
    /// (hexadecimal, past Double's range, 1e-400) the value Lua reads, or nil when it is not finite.
    static func number(_ node: SyntaxNode) -> String? {
        if node.tag == "Number", case .text(let text)? = node.parts.first {
            // Swift's Double reads Lua's hexadecimal forms (0x10, 0x1p4) as Lua does. An integer past 2^53 is one Lua
            // computes with exactly (and wraps), which a Double cannot hold: refused rather than rounded.
            guard let value = Double(text), value.isFinite else { return nil }
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" || $0 == "p" || $0 == "P" }) {
                let integer = text.lowercased().hasPrefix("0x") ? Int64(text.dropFirst(2), radix: 16) : Int64(text)
                guard let integer, integer.magnitude <= 1 << 53 else { return nil }
            }
            if text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) && text.first != "." && text.last != "." { return text }
            return "\(value)"
        }
        if node.tag == "Op", node.parts.count == 2, case .text("unm") = node.parts[0], let inner = number(node.parts[1]), !inner.hasPrefix("-") {
            return "-" + inner
        }
        return nil
    }

    private static func parameters(_ node: SyntaxNode, file: String) throws(ExportRefusal) -> [Parameter] {
        guard node.tag == "Table" else {
            throw ExportRefusal(file: file, line: node.line ?? 1, construct: "parameters computed when the entry runs", instead: "write them as a table")
        }
        var result: [Parameter] = []
        for pair in node.parts {
            let at = pair.line ?? 1
            guard pair.tag == "Pair", let name = string(pair.parts[0]), pair.parts[1].tag == "Table" else {
                throw ExportRefusal(file: file, line: at, construct: "a parameter not written as name = {type = …}", instead: "declare it as a table")
            }
            guard isSwiftIdentifier(name), !Translator.reserved.contains(name) else {
                throw ExportRefusal(file: file, line: at, construct: "the parameter name \"\(name.escapingControlCharacters)\"",
                                    instead: "name parameters with ASCII letters, digits and _, not a Swift keyword or one of \(Translator.reserved.sorted().joined(separator: ", "))")
            }
            var fields: [String: SyntaxNode] = [:]
            for field in pair.parts[1].parts where field.tag == "Pair" {
                if let key = string(field.parts[0]) { fields[key] = field.parts[1] }
            }
            let description = fields["description"].flatMap(string)
            let type = fields["type"].flatMap(string) ?? ""
            func refuse(_ construct: String, _ instead: String) -> ExportRefusal {
                ExportRefusal(file: file, line: at, construct: "parameter '\(name)': \(construct)", instead: instead)
            }
            switch type {
            case "number":
                guard let value = fields["default"].flatMap(number) else { throw refuse("a default that is not a number", "write the number") }
                let min = fields["min"].flatMap(number), max = fields["max"].flatMap(number)
                if (min == nil) != (max == nil) || (fields["min"] != nil && min == nil) || (fields["max"] != nil && max == nil) {
                    throw refuse("a range that is not two finite numbers", "give min and max as numbers, or neither")
                }
                if let min, let max, let low = Double(min), let high = Double(max), let at = Double(value) {
                    guard low <= high else { throw refuse("min \(min) above max \(max)", "swap them") }
                    guard (low...high).contains(at) else { throw refuse("the default \(value) outside \(min)…\(max)", "give a default in the range") }
                }
                result.append(Parameter(name: name, kind: .number, defaultValue: value,
                                        range: min.flatMap { min in max.map { (min, $0) } }, description: description, line: at))
            case "integer":
                // An Int in Swift, read as a Double where the entry computes with it: exact while the range keeps it within
                // 2^53, and Lua's integer arithmetic on it stays in that range by the translator's bounds.
                func integer(_ node: SyntaxNode?, _ what: String) throws(ExportRefusal) -> Int? {
                    guard let node else { return nil }
                    // number() leaves out integers a Double cannot hold; the literal says which it was.
                    var literal = node
                    var sign = ""
                    if node.tag == "Op", node.parts.count == 2, case .text("unm") = node.parts[0] { (literal, sign) = (node.parts[1], "-") }
                    if literal.tag == "Number", case .text(let text)? = literal.parts.first, let whole = Int64(sign + text), whole.magnitude > 1 << 53 {
                        throw refuse("\(what) \(sign)\(text), past 2^53", "keep an integer parameter within ±2^53 (9007199254740992), which a Double holds exactly")
                    }
                    guard let text = number(node), !text.contains("."), !text.contains("e"), let value = Int(text) else {
                        throw refuse("\(what) that is not a whole number", "write a whole number")
                    }
                    return value
                }
                guard let value = try integer(fields["default"], "a default") else { throw refuse("no default", "give a whole number") }
                guard let min = try integer(fields["min"], "a min"), let max = try integer(fields["max"], "a max") else {
                    throw refuse("an integer without a range of whole numbers", "give min and max, so the Swift Int is checked as Lua checks it")
                }
                guard min <= max else { throw refuse("min \(min) above max \(max)", "swap them") }
                guard (min...max).contains(value) else { throw refuse("the default \(value) outside \(min)…\(max)", "give a default in the range") }
                result.append(Parameter(name: name, kind: .integer, defaultValue: String(value), range: (String(min), String(max)),
                                        description: description, line: at))
            case "boolean":
                guard let value = fields["default"], value.tag == "True" || value.tag == "False" else {
                    throw refuse("a default that is not true or false", "write true or false")
                }
                result.append(Parameter(name: name, kind: .boolean, defaultValue: value.tag == "True" ? "true" : "false",
                                        range: nil, description: description, line: at))
            case "string":
                if let given = fields["choices"], given.tag != "Table" {
                    throw refuse("choices computed when the entry runs (from a module or a local)",
                                 "list the choices in place: choices = {\"a\", \"b\"}")
                }
                guard let choices = fields["choices"]?.parts.compactMap(string), !choices.isEmpty,
                      let value = fields["default"].flatMap(string), choices.contains(value) else {
                    throw refuse("a string without choices", "a free string has no Swift type to check; give its choices")
                }
                // A keyword is a fine case name in backticks (`case \`in\``, used as `.in`), but for the few Swift keeps.
                if let bad = choices.first(where: { !isSwiftIdentifier($0, keywordsAllowed: true) }) {
                    throw refuse("the choice \"\(bad.escapingControlCharacters)\"", "name the choices with ASCII letters, digits and _")
                }
                guard Set(choices).count == choices.count else { throw refuse("a choice given twice", "list each once") }
                result.append(Parameter(name: name, kind: .choice(choices), defaultValue: value, range: nil, description: description, line: at))
            default:
                throw refuse("type \"\(type.escapingControlCharacters)\"", "declare a number, an integer, a boolean or a string with choices")
            }
        }
        return result.sorted { $0.line < $1.line }
    }

    static func isSwiftIdentifier(_ name: String, keywordsAllowed: Bool = false) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        guard name.unicodeScalars.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }) else {
            return false
        }
        if keywordsAllowed { return name != "_" && !["init", "self", "Self", "Type", "Protocol", "rawValue"].contains(name) }
        return !SwiftWriter.keywords.contains(name)
    }
}

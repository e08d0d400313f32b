import LuaSyntax

/// One Swift file written for an entry.
public struct ExportedFile: Sendable, Equatable {
    /// `FadeTransition.swift`.
    public let name: String
    /// `FadeTransition`: the transitioning delegate's class.
    public let typeName: String
    public var text: String
    /// The presentation style it is made for (`custom`), for the code that presents with it.
    public let presentationStyle: String
    /// The Lua line each statement's first Swift line came from (Swift line → Lua line), and the Lua file's name.
    public var luaLines: [Int: Int] = [:]
    public var luaFile = ""
    /// Made for a navigation controller's push and pop too (`navigation = true`): its delegate is one.
    public var navigation = false
    /// Its animator reads the view the transition grows from (`ctx.sourceView`), which the app sets on it.
    public var readsSourceView = false
    /// The presenting screen's control its entry grows from (`sourceView`), which the verification makes the source view.
    public var sourceControl: String?
    /// What its presented screen shows (`screen`), which the verification gives its presented view.
    public var screenLook: String?
    /// What its presented screen asks of the status bar, as `statusBarStyle,hidden,animation,captures` (the verification's
    /// presented controller answers so); nil when the entry says nothing of it.
    public var statusBar: String?
    /// It sets up UIKit's sheet (`configure(_:)`), which the app gives it before presenting.
    public var configuresSheet = false
    /// A gesture on the presenting screen presents (`attachPresentation(to:makeViewController:)`).
    public var presentsInteractively = false
    /// Whether the entry drags its presented screen itself (interaction.presented): --verify drags it as check does.
    public var dragsPresented = false
    /// Whether its dismissal, or its own drag of the presented screen, shares a drag with a scroll view (recognizes with
    /// its pan, or makes it wait): --verify runs check's interactive-scrolled.
    public var sharesDragWithScrollView = false
    /// The presented controller's own hooks the entry has (`viewWillTransition`, `viewWillLayoutSubviews`): the
    /// verification's presented controller calls the Swift's, as the app's overrides would.
    public var presentedLayout: [String] = []
    /// UIKit plays its own animation (`transitionStyle`): the file gives the styles to set, no transitioning delegate.
    public var transitionStyle: String?
    /// The files of the modules the entry requires (`CrossFade.swift`), which it needs beside it.
    public var modules: [ExportedFile] = []
    /// The entry's other parameter values worth running (each choice's and boolean's non-default values, and each
    /// choice's with every boolean turned the other way), and the Swift that makes the delegate with each: `direction=up`,
    /// `TurnTransition(params: .init(direction: .up))`.
    public var variants: [Variant] = []

    public struct Variant: Sendable, Equatable {
        /// The parameters set, in the order the entry declares them: (name, value as Lua reads it).
        public let settings: [Setting]
        public let swift: String
        /// `direction=up`, `blurBackground=true, blurStyle=light`.
        public var label: String { settings.map { "\($0.name)=\($0.value)" }.joined(separator: ", ") }
        public var parameters: [String: String] { Dictionary(settings.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }) }

        public struct Setting: Sendable, Equatable {
            public let name: String
            public let value: String
        }
    }

    /// For a module's file: the module's name and its Lua file as shown (`Catalogue/_cross-fade.lua`).
    public var luaModule = ""
    public var luaPath = ""

    /// The Lua line the Swift line `line` was translated from: its statement's.
    public func luaLine(of line: Int) -> Int? {
        luaLines.keys.filter { $0 <= line }.max().flatMap { luaLines[$0] }
    }
}

/// `segue export`: an entry's Lua, parsed (never run) and translated into UIKit Swift.
public enum Exporter {
    /// What the header of the file says about where it came from.
    public struct Origin: Sendable {
        public var entry: String
        /// As shown to the user: `Catalogue/fade.lua`.
        public var file: String
        public var catalogue: String
        public var version: String?
        public var sha256: String
        public var command: String
        /// Declarations `public`, for a Swift package's library (`--package`).
        public var isPublic = false
        /// The command a module's file names (several entries may share it): the whole command; nil: `command`.
        public var moduleCommand: String?

        public init(entry: String, file: String, catalogue: String, version: String?, sha256: String, command: String) {
            self.entry = entry
            self.file = file
            self.catalogue = catalogue
            self.version = version
            self.sha256 = sha256
            self.command = command
        }
    }

    /// The Swift type an entry exports as (`HalfSheetTransition` for `half-sheet`).
    public static func typeName(of entry: String) -> String { ExportWriter.typeName(entry) }

    /// Parses an entry's text ahead of its export, keeping the tree for it (LuaParser keeps what it parsed): several at
    /// once on threads of their own put every core to the parsing, which is most of an export's time. A text that does
    /// not parse is said when it is exported.
    public static func parseAhead(_ source: String) {
        _ = try? LuaParser.parse(source)
    }

    /// How many texts to parse ahead: three quarters of what the parser keeps, the rest left for the modules they require.
    public static var parsedAheadAtMost: Int { LuaParser.parsedLimit * 3 / 4 }

    /// - Parameter modules: the source of `require("name")` beside the entry, nil when there is none.
    public static func export(source: String, origin: Origin,
                              modules: ((String) throws(ExportRefusal) -> ModuleSource?)? = nil) throws(ExportRefusal) -> ExportedFile {
        do {
            return try translate(source: source, origin: origin, modules: modules)
        } catch {
            var refusal = error
            // A module's refusal names the module's file.
            if refusal.file.isEmpty { refusal.file = origin.file }
            throw refusal
        }
    }

    private static func translate(source: String, origin: Origin,
                                  modules: ((String) throws(ExportRefusal) -> ModuleSource?)?) throws(ExportRefusal) -> ExportedFile {
        let tree: SyntaxTree
        do {
            tree = try LuaParser.parse(source)
        } catch {
            throw ExportRefusal(line: error.line ?? 1, construct: "text Lua cannot read (\(error.message))", instead: "fix the syntax first (segue check says where)")
        }
        let statements = tree.block.parts
        guard let last = statements.last, last.tag == "Return", last.parts.count == 1, last.parts[0].tag == "Table" else {
            throw ExportRefusal(line: statements.last?.line ?? 1, construct: "an entry that does not end by returning its table",
                                instead: "end the file with return {title = …, animator = …}")
        }
        let entry = try ExportedEntry(table: last.parts[0], file: origin.file)
        let translator = Translator(file: origin.file, entry: entry, comments: tree.comments, source: source)
        translator.modules = modules
        translator.typeName = ExportWriter.typeName(origin.entry)
        let chunkComment = translator.chunkComment(firstStatement: statements.first?.line ?? 1)
        try translator.readChunk(Array(statements.dropLast()))
        // UIKit's own animation: the styles to set, nothing to translate.
        if entry.animateTransition == nil {
            let header = ExportWriter.Header(entry: origin.entry, catalogue: origin.catalogue, version: origin.version, file: origin.file,
                                             sha256: origin.sha256, command: origin.command, access: origin.isPublic ? "public " : "")
            let style = entry.transitionStyle ?? "coverVertical"
            let type = ExportWriter.typeName(origin.entry)
            var file = ExportedFile(name: type + ".swift", typeName: type,
                                    text: ExportWriter.stylesFile(header: header, entry: entry, transitionStyle: style, chunkComment: chunkComment),
                                    presentationStyle: entry.presentationStyle, luaFile: translator.fileName)
            file.transitionStyle = style
            return file
        }
        // The interaction's functions first: the entry's helpers they call become static methods of the delegate's class,
        // which the animator then calls through it too (no `self`).
        func translate(_ rule: ExportedEntry.Interaction, _ kind: String, commentsFrom: Int, insideBefore: Int) throws(ExportRefusal) -> ExportWriter.Interaction {
            let comments = translator.takeComments(from: commentsFrom, before: rule.line)
            let gesture: SwiftType = rule.isPinch ? .pinchGesture : .panGesture
            func function(_ node: SyntaxNode?, _ types: [SwiftType], _ result: SwiftType,
                          _ name: String) throws(ExportRefusal) -> Translator.InteractionFunction? {
                guard let node else { return nil }
                // What the entry says right above the field is said above its method.
                let above = node.line.map { translator.takeComments(directlyAbove: $0) } ?? []
                var function = try translator.interactionFunction(node, types: types, result: result, what: "interaction.\(kind).\(name)")
                function.comments = above
                return function
            }
            let distance = try function(rule.distanceFunction, [.size], .number, "distance")
            let progress = try function(rule.progressFunction, [gesture, .size], .number, "progress")
            let shouldFinish = try function(rule.shouldFinish, [gesture, .number], .bool, "shouldFinish")
            let finishesWhileDragging = try function(rule.finishesWhileDragging, [gesture, .number], .bool, "finishesWhileDragging")
            let speed = try function(rule.completionSpeedFunction, [gesture, .number, .bool], .number, "completionSpeed")
            let shouldBegin = try function(rule.shouldBegin, [gesture, .size], .bool, "shouldBegin")
            // An interaction controller of the entry's own: startInteractiveTransition first, which sets what the others read.
            var own: [(name: String, function: Translator.InteractionFunction)]?
            if let functions = rule.ownController {
                var translated: [String: Translator.InteractionFunction] = [:]
                for (name, node) in functions.sorted(by: { ($0.name == "startInteractiveTransition" ? 0 : 1) < ($1.name == "startInteractiveTransition" ? 0 : 1) }) {
                    var method = try translator.ownInteractionFunction(name, node, gesture: gesture)
                    method.comments = node.line.map { translator.takeComments(directlyAbove: $0) } ?? []
                    translated[name] = method
                }
                own = functions.compactMap { name, _ in translated[name].map { (name, $0) } }
            }
            let reads = ([distance, progress, shouldFinish, finishesWhileDragging, speed, shouldBegin] + (own ?? []).map(\.function))
                .contains { $0?.readsParameters == true }
            var interaction = ExportWriter.Interaction(rule: rule, comments: comments, distance: distance, progress: progress,
                                                       shouldFinish: shouldFinish, finishesWhileDragging: finishesWhileDragging,
                                                       shouldBegin: shouldBegin, completionSpeed: speed, readsParameters: reads)
            interaction.own = own
            interaction.ownFields = translator.ownInteractionFields
            // What the entry says inside the table, between its fields, goes with the class too.
            interaction.inside = translator.takeComments(from: rule.line, before: insideBefore)
            return interaction
        }
        // The dismissal and the pop in the order written, each with the comments above it and inside it; the drag of the
        // presented screen takes its comments in its turn, and is translated after the presentation controller, whose
        // fields its handlers may read.
        let rules = [entry.dismissal.map { ($0, "dismissal") }, entry.pop.map { ($0, "pop") }, entry.presentation.map { ($0, "presentation") }]
            .compactMap { $0 }.sorted { $0.0.line < $1.0.line }
        let starts = (rules.map(\.0.line) + [entry.presented?.line].compactMap { $0 }).sorted()
        var interaction: ExportWriter.Interaction?, pop: ExportWriter.Interaction?, presentation: ExportWriter.Interaction?
        var commentsFrom = entry.interactionLine
        var dragComments: (above: [SyntaxTree.Comment], handlers: [String: [SyntaxTree.Comment]])?
        for start in starts {
            let next = starts.first { $0 > start } ?? entry.interactionEnd + 1
            if let drag = entry.presented, drag.line == start {
                let above = translator.takeComments(from: commentsFrom, before: drag.line)
                var handlers: [String: [SyntaxTree.Comment]] = [:]
                var from = drag.line
                for (name, node) in [("began", drag.began), ("changed", drag.changed), ("ended", drag.ended)].sorted(by: { ($0.1?.line ?? 0) < ($1.1?.line ?? 0) }) {
                    guard let node else { continue }
                    handlers[name] = translator.takeComments(from: from, before: node.line ?? from)
                    from = Translator.lastLine(node) + 1
                }
                dragComments = (above, handlers)
                commentsFrom = drag.end + 1
                continue
            }
            guard let (rule, kind) = rules.first(where: { $0.0.line == start }) else { continue }
            let translated = try translate(rule, kind, commentsFrom: commentsFrom, insideBefore: next == entry.interactionEnd + 1 ? next : rule.end + 1)
            switch kind {
            case "pop": pop = translated
            case "presentation": presentation = translated
            default: interaction = translated
            }
            commentsFrom = rule.end + 1
        }
        // The presentation controller's hooks, presentationTransitionWillBegin first: UIKit calls it before the others that
        // read what it keeps on self. Each takes the comments above it in the table.
        var controller: [Translator.ControllerMethod] = []
        let controllerComments = entry.presentationController.isEmpty ? []
            : translator.takeComments(from: entry.commentStarts["presentationController"] ?? 0, before: entry.presentationControllerLines.lowerBound)
        var leading: [[SyntaxTree.Comment]] = []
        var from = entry.presentationControllerLines.lowerBound
        for (_, node) in entry.presentationController {
            leading.append(translator.takeComments(from: from, before: node.line ?? from))
            from = Translator.lastLine(node) + 1
        }
        let order = entry.presentationController.indices.sorted { a, b in
            (entry.presentationController[a].name == "presentationTransitionWillBegin" ? 0 : 1, a)
                < (entry.presentationController[b].name == "presentationTransitionWillBegin" ? 0 : 1, b)
        }
        var translated: [Int: Translator.ControllerMethod] = [:]
        for index in order {
            let (name, node) = entry.presentationController[index]
            translated[index] = try translator.controllerMethod(name, node, comments: leading[index])
        }
        // The tap recognizers' actions the hooks made, after the hooks.
        controller = entry.presentationController.indices.compactMap { translated[$0] } + translator.tapActions
        // The drag of the presented screen: each handler a method, after the controller whose fields it may read.
        var drag: ExportWriter.PresentedDrag?
        if let presented = entry.presented {
            var handlers: [(name: String, function: Translator.InteractionFunction, comments: [SyntaxTree.Comment])] = []
            for (name, node) in [("began", presented.began), ("changed", presented.changed), ("ended", presented.ended)] {
                guard let node else { continue }
                handlers.append((name, try translator.dragHandler(node, what: "interaction.presented.\(name)"),
                                 dragComments?.handlers[name] ?? []))
            }
            drag = ExportWriter.PresentedDrag(handlers: handlers, comments: dragComments?.above ?? [],
                                              readsParameters: handlers.contains { $0.function.readsParameters },
                                              scrollViewSharing: presented.scrollViewSharing)
        }
        // The presented controller's own layout: methods of the delegate the app's controller calls, with their comments.
        var presentedLayout: [(name: String, function: Translator.InteractionFunction)] = []
        for (name, node) in entry.presentedLayout {
            var function = try translator.presentedLayoutMethod(name, node)
            if let start = entry.commentStarts["presentedViewController." + name] {
                function.comments = translator.takeComments(from: start, before: node.line ?? start)
            }
            presentedLayout.append((name, function))
        }
        // What the entry says above an inline hook in its animator table is about the method.
        func above(_ hook: String, _ node: SyntaxNode?) -> [SyntaxTree.Comment] {
            guard let node, node.tag == "Function", let start = entry.commentStarts["animator." + hook] else { return [] }
            return translator.takeComments(from: start, before: node.line ?? start)
        }
        let hookComments = (duration: above("transitionDuration", entry.transitionDuration),
                            animate: above("animateTransition", entry.animateTransition))
        // The sheet's set-up, with the comments above it.
        var sheet: ExportWriter.Sheet?
        if let table = entry.sheet {
            let comments = translator.takeComments(from: entry.commentStarts["sheet"] ?? table.line ?? 1, before: table.line ?? 1)
            sheet = ExportWriter.Sheet(lines: try translator.sheetConfiguration(table), comments: comments)
        }
        let duration = try translator.hook(entry.transitionDuration, parameter: .optional(.context), result: .number)
        let animate = try translator.hook(entry.animateTransition, parameter: .context, result: .void)
        let header = ExportWriter.Header(entry: origin.entry, catalogue: origin.catalogue, version: origin.version, file: origin.file,
                                         sha256: origin.sha256, command: origin.command, access: origin.isPublic ? "public " : "")
        let (text, origins) = ExportWriter.file(header: header, entry: entry, chunkComment: chunkComment, translator: translator,
                                                transitionDuration: duration, animateTransition: animate, interaction: interaction, pop: pop,
                                                presentation: presentation, drag: drag, presentedLayout: presentedLayout,
                                                controller: controller, controllerComments: controllerComments, sheet: sheet,
                                                hookComments: hookComments)
        let type = ExportWriter.typeName(origin.entry)
        var file = ExportedFile(name: type + ".swift", typeName: type, text: text, presentationStyle: entry.presentationStyle, luaLines: origins,
                                luaFile: translator.fileName)
        file.navigation = entry.navigation
        file.readsSourceView = translator.readsSourceView
        file.sourceControl = entry.sourceControl
        file.screenLook = entry.screenLook
        if entry.statusBarStyle != nil || entry.prefersStatusBarHidden != nil || entry.statusBarAnimation != nil || entry.capturesStatusBar {
            file.statusBar = [entry.statusBarStyle ?? "default", String(entry.prefersStatusBarHidden ?? false),
                              entry.statusBarAnimation ?? "fade", String(entry.capturesStatusBar)].joined(separator: ",")
        }
        file.configuresSheet = sheet != nil
        file.presentsInteractively = presentation != nil
        file.dragsPresented = drag != nil
        file.sharesDragWithScrollView = [.simultaneous, .scrollViewWaits].contains(entry.dismissal?.scrollViewSharing)
            || [.simultaneous, .scrollViewWaits].contains(entry.presented?.scrollViewSharing)
        file.presentedLayout = presentedLayout.map(\.name)
        var others: [String: [(lua: String, swift: String)]] = [:]
        for parameter in entry.parameters {
            let values: [(lua: String, swift: String)] = switch parameter.kind {
            case .choice(let cases): cases.filter { $0 != parameter.defaultValue }.map { ($0, ".\(SwiftWriter.identifier($0))") }
            case .boolean: parameter.defaultValue == "true" ? [("false", "false")] : [("true", "true")]
            // A whole number changes how many views or strips the entry makes: the fewest and one more than the default run
            // too (not the most, which may be more work than the entry's limits allow in a preview).
            case .integer:
                if let value = Int(parameter.defaultValue), let min = (parameter.range?.min).flatMap({ Int($0) }),
                   let max = (parameter.range?.max).flatMap({ Int($0) }) {
                    Set([min, Swift.min(value + 1, max)]).subtracting([value]).sorted().map { (String($0), String($0)) }
                } else {
                    []
                }
            // A number at one end of its range is often "none" (0 points of peek, no dimming): the other end runs too,
            // where the code for "some" is.
            case .number:
                if let range = parameter.range, let value = Double(parameter.defaultValue), let min = Double(range.min),
                   let max = Double(range.max), min < max, value == min || value == max {
                    value == min ? [(range.max, range.max)] : [(range.min, range.min)]
                } else {
                    []
                }
            }
            others[parameter.name] = values
        }
        // Each value alone; then each choice's other values with every boolean turned the other way, where code behind a
        // flag reads the choice (a blur's style is drawn only with the blur on).
        let flipped = entry.parameters.filter { $0.kind == .boolean }.compactMap { parameter in others[parameter.name]?.first.map { (parameter, $0) } }
        var combinations: [[(ExportedEntry.Parameter, (lua: String, swift: String))]] = []
        for parameter in entry.parameters {
            for value in others[parameter.name] ?? [] { combinations.append([(parameter, value)]) }
        }
        if !flipped.isEmpty {
            for parameter in entry.parameters {
                guard case .choice = parameter.kind else { continue }
                for value in others[parameter.name] ?? [] { combinations.append(flipped + [(parameter, value)]) }
            }
        }
        for combination in combinations {
            // Swift's memberwise arguments in the order Parameters declares them, which is the entry's.
            let ordered = entry.parameters.compactMap { parameter in combination.first { $0.0.name == parameter.name } }
            let arguments = ordered.map { "\(SwiftWriter.identifier($0.0.name)): \($0.1.swift)" }.joined(separator: ", ")
            file.variants.append(.init(settings: ordered.map { .init(name: $0.0.name, value: $0.1.lua) },
                                       swift: "\(type)(params: .init(\(arguments)))"))
        }
        file.modules = translator.moduleTranslations.values.sorted { $0.source.name < $1.source.name }.map { module in
            // Internal even in a package: the entries use it, the app need not see it.
            let (text, origins) = ExportWriter.moduleFile(module, command: origin.moduleCommand ?? origin.command, catalogue: origin.catalogue,
                                                          access: "")
            var file = ExportedFile(name: module.typeName + ".swift", typeName: module.typeName, text: text, presentationStyle: "",
                                    luaLines: origins, luaFile: module.translator.fileName)
            file.luaModule = module.source.name
            file.luaPath = module.source.file
            return file
        }
        return file
    }
}

extension Translator {
    /// A hook's body: an inline function, or a chunk-level one named (which then is the UIKit method, not a helper beside it).
    func hook(_ node: SyntaxNode?, parameter: SwiftType, result: SwiftType) throws(ExportRefusal) -> [String] {
        guard let node else {
            // UIKit requires transitionDuration(using:); the engine's default when an entry has none.
            return ["0.35"]
        }
        var function = node
        if node.tag == "Id", case .text(let name)? = node.parts.first, let helper = helpers[name] {
            function = helper.node
            hookNames.insert(name)
            if parameter.isOptional { durationHook = name }
        }
        guard function.tag == "Function" else {
            throw refuse(node, "a hook that is not a function written in the entry", "give the hook a function")
        }
        let parameters = function.parts[0].parts.compactMap { node -> String? in
            guard case .text(let lua)? = node.parts.first else { return nil }
            return lua
        }
        guard parameters.count <= 1 else { throw refuse(function, "a hook with \(parameters.count) parameters", "UIKit passes the context only") }
        let bound = parameters.map { ($0, Variable(swift: "transitionContext", type: parameter, mutable: false)) }
        let saved = scopes
        scopes = [scopes[0]]
        defer { scopes = saved }
        let body = try self.body(of: function, parameters: bound, result: result == .void ? nil : result)
        if result != .void, body.result != result { throw refuse(function, "a hook that returns \(body.result?.described ?? "nothing")", "return \(result.described)") }
        if let name = hookNames.first(where: { helpers[$0]?.node == function }) {
            helpers[name]?.parameters = [parameter]
            helpers[name]?.result = result
            helpers[name]?.lines = body.lines
        }
        return body.lines
    }
}

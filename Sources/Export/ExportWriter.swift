import LuaSyntax

/// Lays out an entry's Swift file: the header, the transitioning delegate
/// with its Parameters, and the animator the translation wrote.
enum ExportWriter {
    /// `CubeTransition` for `cube`, `HalfSheetTransition` for `half-sheet`.
    static func typeName(_ entry: String, suffix: String = "Transition") -> String {
        let words = entry.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return (name.first?.isNumber ?? true ? "Entry" + name : name) + suffix
    }

    /// `Direction` for the parameter `direction`.
    static func enumName(_ parameter: String) -> String { parameter.prefix(1).uppercased() + parameter.dropFirst() }

    struct Header {
        let entry: String
        let catalogue: String
        let version: String?
        let file: String
        let sha256: String
        let command: String
        /// `public` for a package's library, empty for a file added to the app's own target.
        let access: String
    }

    /// The interactive dismissal's translated parts: the entry's comments on it, and its functions (lines, parameter names).
    struct Interaction {
        let rule: ExportedEntry.Interaction
        let comments: [SyntaxTree.Comment]
        let distance: Translator.InteractionFunction?
        let progress: Translator.InteractionFunction?
        let shouldFinish: Translator.InteractionFunction?
        let finishesWhileDragging: Translator.InteractionFunction?
        let shouldBegin: Translator.InteractionFunction?
        let completionSpeed: Translator.InteractionFunction?
        /// Whether its functions read `params` (the controller keeps them only then).
        let readsParameters: Bool
        /// The entry's comments inside its interaction table, outside its functions.
        var inside: [SyntaxTree.Comment] = []
        /// An interaction controller of the entry's own (`controller`): its functions in the entry's order, and the
        /// fields they keep on `self`.
        var own: [(name: String, function: Translator.InteractionFunction)]?
        var ownFields: [(name: String, type: SwiftType)] = []
    }

    /// The entry's `sheet`: configure(_:)'s lines, and the comments above the field.
    struct Sheet {
        let lines: [String]
        let comments: [SyntaxTree.Comment]
    }

    static func file(header: Header, entry: ExportedEntry, chunkComment: [SyntaxTree.Comment], translator: Translator,
                     transitionDuration: [String], animateTransition: [String],
                     interaction: Interaction? = nil, pop: Interaction? = nil, presentation: Interaction? = nil,
                     drag: PresentedDrag? = nil, presentedLayout: [(name: String, function: Translator.InteractionFunction)] = [],
                     controller: [Translator.ControllerMethod] = [], controllerComments: [SyntaxTree.Comment] = [], sheet: Sheet? = nil,
                     hookComments: (duration: [SyntaxTree.Comment], animate: [SyntaxTree.Comment]) = ([], [])) -> (text: String, origins: [Int: Int]) {
        var out = SwiftWriter()
        let type = typeName(header.entry)
        entryOpening(header, chunkComment: chunkComment, modules: modulesNeeded(translator), into: &out)
        // A timing function read only for its control points (a keyframe animation's curve) is not written.
        let unread = Set(translator.constantNodes.filter { !translator.constantsRead.contains($0.key) }.map(\.value.line))
        for constant in translator.constants.sorted(by: { $0.line < $1.line }) where !unread.contains(constant.line) {
            out.line()
            out.line(constant.text)
        }
        for record in translator.recordDeclarations() {
            out.line()
            for line in record.split(separator: "\n") { out.line(String(line)) }
        }
        if translator.readsStatusBar {
            out.line()
            out.line("/// The status bar's frame, as `UIApplication.shared.statusBarFrame` gave it before iOS 13 deprecated it: the")
            out.line("/// foreground window scene's.")
            out.open("@MainActor private var statusBarFrame: CGRect {")
            out.line("let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }")
            out.line("let scene = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first")
            out.line("return scene?.statusBarManager?.statusBarFrame ?? .zero")
            out.close()
        }
        out.line()
        out.comment(entry.summary.isEmpty ? entry.title : entry.summary, doc: true)
        out.line("///")
        out.line("/// Keep it in a property: UIKit holds a transitioning delegate weakly, and")
        out.line("/// the dismissal needs it as much as the presentation.")
        out.line("///")
        out.line("///     private let transition = \(type)()")
        out.line("///")
        out.line("///     func show(_ viewController: UIViewController) {")
        out.line("///         viewController.modalPresentationStyle = \(type).presentationStyle")
        out.line("///         viewController.transitioningDelegate = transition")
        if entry.capturesStatusBar {
            out.line("///         viewController.modalPresentationCapturesStatusBarAppearance = true")
        }
        if sheet != nil {
            out.line("///         if let sheet = viewController.sheetPresentationController {")
            out.line("///             transition.configure(sheet)")
            out.line("///         }")
        }
        out.line("///         present(viewController, animated: true)")
        out.line("///     }")
        if entry.statusBarStyle != nil || entry.prefersStatusBarHidden != nil || entry.statusBarAnimation != nil {
            out.line("///")
            out.line("/// The controller it presents asks for its own status bar, as the entry's screen does (with UIKit's")
            out.line("/// view-controller-based status bar appearance; a container such as a navigation controller")
            out.line("/// forwards them with childForStatusBarStyle and childForStatusBarHidden):")
            out.line("///")
            if let style = entry.statusBarStyle { out.line("///     override var preferredStatusBarStyle: UIStatusBarStyle { .\(style) }") }
            if let hidden = entry.prefersStatusBarHidden { out.line("///     override var prefersStatusBarHidden: Bool { \(hidden) }") }
            if let animation = entry.statusBarAnimation {
                out.line("///     override var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .\(animation) }")
            }
        }
        if translator.usesCustomDetents {
            out.line("///")
            out.line("/// Its sheet may rest at a detent of its own (UISheetPresentationController.Detent.custom), which")
            out.line("/// UIKit has since iOS 16: on iOS 15 only parameters that need none may be used.")
        }
        if translator.readsSourceView {
            out.line("///")
            out.line("/// It grows from the view the app gives it (the tapped row or cell), read at each presentation and")
            out.line("/// dismissal; without one, or with none of it on screen, it does what the entry does then:")
            out.line("///")
            out.line("///     transition.sourceView = tableView.cellForRow(at: indexPath)")
        }
        if let presentation {
            let rule = presentation.rule
            let gesture = rule.isPinch ? (rule.direction == "in" ? "closing pinch" : "opening pinch") : "pan \(rule.direction)"
            out.line("///")
            out.line("/// A\(rule.isPinch ? "n" : "") \(gesture) on the presenting screen presents too, following the fingers: give it the")
            out.line("/// screen and what to present (once; hold the screen weakly in the closure, which the transition keeps):")
            out.line("///")
            out.line("///     transition.attachPresentation(to: self) { [weak self] in")
            out.line("///         self?.makeDetailViewController()")
            out.line("///     }")
        }
        if drag != nil {
            out.line("///")
            out.line("/// A presented screen gets a pan of its own, which moves it as the finger goes and may dismiss it")
            out.line("/// when let go: nothing to attach (a pushed screen gets none). It is on the presented controller's")
            out.line("/// root view: a scroll view inside has a pan of its own, and UIKit lets only one of the two recognize.")
        }
        presentedLayoutUsage(presentedLayout, typeName: type, into: &out)
        if entry.navigation {
            out.line("///")
            out.line("/// It pushes and pops too, as the navigation controller's delegate: for every later push and pop,")
            out.line("/// in place of any delegate set before, and held weakly, so keep the transition as long as the")
            if pop != nil {
                out.line("/// navigation controller. Its edge swipe pops, put on the navigation controller's view at the first")
                out.line("/// animated push; UIKit's own back swipe waits for it:")
            } else {
                out.line("/// navigation controller. It has no edge swipe of its own (the entry has no interactive pop), and")
                out.line("/// UIKit's back swipe does not drive a delegate's animator: the back button pops, animated.")
            }
            out.line("///")
            out.line("///     func open(_ viewController: UIViewController) {")
            out.line("///         navigationController?.delegate = transition")
            out.line("///         navigationController?.pushViewController(viewController, animated: true)")
            out.line("///     }")
        }
        out.line("@MainActor")
        let access = header.access
        let conformances = "UIViewControllerTransitioningDelegate" + (entry.navigation ? ", UINavigationControllerDelegate" : "")
        out.open("\(access)final class \(type): NSObject, \(conformances) {")
        parameters(entry, type: type, access: access, blurStyles: translator.blurStyleChoices, detentChoices: translator.detentIdentifierChoices,
                   into: &out)
        out.line()
        out.line("/// The modalPresentationStyle to give the presented controller: the one the entry is made for.")
        out.line("\(access)static let presentationStyle = UIModalPresentationStyle.\(entry.presentationStyle)")
        out.line()
        out.line("\(access)let params: Parameters")
        // Each animator made the same way (ctx.sourceView: the view the app says the transition grows from, handed on).
        func animator(_ presenting: String) -> String {
            "Animator(params: params, isPresenting: \(presenting)\(translator.readsSourceView ? ", sourceView: sourceView" : ""))"
        }
        if translator.readsSourceView {
            out.line()
            out.line("/// The view the transition grows from and shrinks back into (the tapped row or cell): set it before")
            out.line("/// presenting, and again if the list changes before the dismissal; held weakly.")
            out.line("\(access)weak var sourceView: UIView?")
        }
        if interaction != nil {
            out.line("private let dismissal: DismissalInteraction")
        }
        if pop != nil {
            out.line("private let pop: PopInteraction")
        }
        if presentation != nil {
            out.line("private let presentation: PresentationInteraction")
        }
        if drag != nil {
            out.line("private let presentedDrag: PresentedDrag")
        }
        out.line()
        out.open("\(access)init(params: Parameters = Parameters()) {")
        out.line("self.params = params")
        if let interaction { out.line("dismissal = DismissalInteraction(\(interaction.readsParameters ? "params: params" : ""))") }
        if let pop { out.line("pop = PopInteraction(\(pop.readsParameters ? "params: params" : ""))") }
        if let presentation { out.line("presentation = PresentationInteraction(\(presentation.readsParameters ? "params: params" : ""))") }
        if let drag { out.line("presentedDrag = PresentedDrag(\(drag.readsParameters ? "params: params" : ""))") }
        out.close()
        out.line()
        out.line("\(access)func animationController(")
        out.line("    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController")
        out.open(") -> (any UIViewControllerAnimatedTransitioning)? {")
        if interaction != nil || drag != nil {
            out.line(interaction != nil ? "dismissal.attach(to: presented)" : "presentedDrag.attach(to: presented)")
            out.line("return " + animator("true"))
        } else {
            out.line(animator("true"))
        }
        out.close()
        out.line()
        out.open("\(access)func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {")
        out.line(animator("false"))
        out.close()
        out.line()
        let controllerReads = controller.contains { $0.readsParameters }
        if !controller.isEmpty {
            out.line("\(access)func presentationController(")
            out.line("    forPresented presented: UIViewController, presenting: UIViewController?, source: UIViewController")
            out.open(") -> UIPresentationController? {")
            out.line("PresentationController(presentedViewController: presented, presenting: presenting\(controllerReads ? ", params: params" : ""))")
            out.close()
            out.line()
        }
        if let sheet {
            if translator.usesCustomDetents {
                out.line("/// A detent of the entry's own: iOS 16's custom detent, its height asked on each layout. iOS 15 has none,")
                out.line("/// and stops here rather than show a sheet the entry does not.")
                out.line("private static func customDetent(")
                out.line("    _ identifier: UISheetPresentationController.Detent.Identifier, height: @escaping () -> CGFloat")
                out.open(") -> UISheetPresentationController.Detent {")
                out.open("guard #available(iOS 16.0, *) else {")
                out.line("preconditionFailure(\"\(type): a custom sheet detent needs iOS 16\")")
                out.close()
                out.line("return .custom(identifier: identifier) { _ in height() }")
                out.close()
                out.line()
            }
            for comment in sheet.comments { out.comment(comment.text) }
            out.line("/// UIKit's sheet, set up as the entry says: give it the presented controller's")
            out.line("/// sheetPresentationController before presenting.")
            out.open("\(access)func configure(_ sheet: UISheetPresentationController) {")
            for line in sheet.lines { out.line(line) }
            out.close()
            out.line()
        }
        if let presentation {
            let fingers = presentation.rule.isPinch ? "fingers" : "finger"
            out.line("/// The entry's interactive presentation: on `presenter`'s screen, the gesture presents what")
            out.line("/// `makeViewController` gives (nil: nothing), with this transition, following the \(fingers).")
            out.line("/// Call it once the screen's view is loaded (in viewDidLoad); one screen at a time, the last one attached.")
            out.open("\(access)func attachPresentation(to presenter: UIViewController, makeViewController: @escaping @MainActor () -> UIViewController?) {")
            out.line("presentation.attach(to: presenter, transition: self, makeViewController: makeViewController)")
            out.close()
            out.line()
            out.line("/// The presentation follows the \(fingers) only while a gesture is under way; otherwise it plays as animated.")
            out.line("\(access)func interactionControllerForPresentation(")
            out.line("    using animator: any UIViewControllerAnimatedTransitioning")
            out.open(") -> (any UIViewControllerInteractiveTransitioning)? {")
            out.line("presentation.isDragging ? presentation : nil")
            out.close()
            out.line()
        }
        if interaction != nil {
            out.line("/// The dismissal follows the finger only while a drag is under way; otherwise it plays as animated.")
            out.line("\(access)func interactionControllerForDismissal(")
            out.line("    using animator: any UIViewControllerAnimatedTransitioning")
            out.open(") -> (any UIViewControllerInteractiveTransitioning)? {")
            out.line("dismissal.isDragging ? dismissal : nil")
            out.close()
            out.line()
        }
        if entry.navigation {
            out.line("/// A push or a pop by the navigation controller whose delegate this is: the same animator, presenting for the push.")
            out.line("\(access)func navigationController(")
            out.line("    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,")
            out.line("    from fromVC: UIViewController, to toVC: UIViewController")
            out.open(") -> (any UIViewControllerAnimatedTransitioning)? {")
            out.line("guard operation != .none else { return nil }")
            if pop != nil { out.line("pop.attach(to: navigationController, owner: self)") }
            out.line("return " + animator("operation == .push"))
            out.close()
            out.line()
            if pop != nil {
                out.line("/// The pop follows the finger only while an edge swipe is under way; otherwise it plays as animated.")
                out.line("\(access)func navigationController(")
                out.line("    _ navigationController: UINavigationController,")
                out.line("    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning")
                out.open(") -> (any UIViewControllerInteractiveTransitioning)? {")
                out.line("pop.isDragging ? pop : nil")
                out.close()
                out.line()
            }
        }
        presentedLayoutMethods(presentedLayout, access: access, into: &out)
        out.line("/// One animator for both ways: `isPresenting` says which.")
        out.line("@MainActor")
        out.open("private final class Animator: NSObject, UIViewControllerAnimatedTransitioning {")
        out.line("let params: Parameters")
        out.line("let isPresenting: Bool")
        if translator.readsSourceView { out.line("weak var sourceView: UIView?") }
        out.line()
        out.open("init(params: Parameters, isPresenting: Bool\(translator.readsSourceView ? ", sourceView: UIView?" : "")) {")
        out.line("self.params = params")
        out.line("self.isPresenting = isPresenting")
        if translator.readsSourceView { out.line("self.sourceView = sourceView") }
        out.close()
        out.line()
        for comment in hookComments.duration { out.comment(comment.text) }
        out.open("func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {")
        for line in singleExpression(transitionDuration) { out.line(line) }
        out.close()
        out.line()
        for comment in hookComments.animate { out.comment(comment.text) }
        out.open("func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {")
        for line in animateTransition { out.line(line) }
        out.close()
        for helper in translator.helpers.values.sorted(by: { $0.line < $1.line }) where !translator.sharedHelpers.contains(helper.name) {
            guard helper.lines != nil, !translator.hookNames.contains(helper.name) else { continue }
            out.line()
            helperFunction(helper, shared: false, into: &out)
        }
        out.close()
        if let interaction { dismissalInteraction(interaction, typeName: type, into: &out) }
        if let pop { dismissalInteraction(pop, typeName: type, into: &out) }
        if let presentation { dismissalInteraction(presentation, typeName: type, into: &out) }
        if let drag { presentedDrag(drag, into: &out) }
        if !controller.isEmpty {
            presentationController(controller, comments: controllerComments, fields: translator.controllerFields,
                                   readOutside: translator.controllerFieldsReadOutside, readsParameters: controllerReads, into: &out)
        }
        // The entry's functions the interaction calls too: the animator and the interaction controller share them.
        for helper in translator.helpers.values.sorted(by: { $0.line < $1.line }) where translator.sharedHelpers.contains(helper.name) {
            out.line()
            helperFunction(helper, shared: true, into: &out)
        }
        out.close()
        if translator.usesDisplayLink { displayLinkTarget(into: &out) }
        // Each module reads its parameters through a protocol of its own; this entry's have them.
        for module in translator.moduleTranslations.values.sorted(by: { $0.typeName < $1.typeName }) where !module.parametersRead.isEmpty {
            out.line()
            out.line("extension \(type).Parameters: \(module.protocolName) {}")
        }
        return out.textAndOrigins
    }

    /// An entry that lets UIKit play its own animation: the two styles to give the presented controller, as a caseless
    /// enum (nothing to keep, no delegate: UIKit's transition style needs none).
    static func stylesFile(header: Header, entry: ExportedEntry, transitionStyle: String, chunkComment: [SyntaxTree.Comment]) -> String {
        var out = SwiftWriter()
        let type = typeName(header.entry)
        entryOpening(header, chunkComment: chunkComment, modules: [], into: &out)
        out.line()
        out.comment(entry.summary.isEmpty ? entry.title : entry.summary, doc: true)
        out.line("///")
        out.line("/// UIKit plays it itself: give the presented controller these styles, and no transitioning delegate.")
        out.line("///")
        out.line("///     func show(_ viewController: UIViewController) {")
        out.line("///         viewController.modalPresentationStyle = \(type).presentationStyle")
        out.line("///         viewController.modalTransitionStyle = \(type).transitionStyle")
        out.line("///         present(viewController, animated: true)")
        out.line("///     }")
        out.open("\(header.access)enum \(type) {")
        out.line("/// The modalPresentationStyle to give the presented controller: the one the entry is made for.")
        out.line("\(header.access)static let presentationStyle = UIModalPresentationStyle.\(entry.presentationStyle)")
        out.line()
        out.line("/// The modalTransitionStyle: the animation UIKit plays.")
        out.line("\(header.access)static let transitionStyle = UIModalTransitionStyle.\(transitionStyle)")
        out.close()
        return out.textAndOrigins.text
    }

    /// An entry's file up to its import: the header, the note on exporting again and the modules it needs.
    private static func entryOpening(_ header: Header, chunkComment: [SyntaxTree.Comment], modules: [String], into out: inout SwiftWriter) {
        let catalogue = header.catalogue + (header.version.map { " \($0)" } ?? "")
        opening("\(typeName(header.entry)).swift: the Segue entry \"\(header.entry)\" as UIKit code.", file: header.file, catalogue: catalogue,
                sha256: header.sha256, command: header.command, comment: chunkComment, into: &out, note: [
                    "Export again after changing the entry; `segue export --verify` runs this",
                    "code through the entry's check scenarios against the entry itself.",
                ] + modules)
        out.line("import UIKit")
    }

    /// A file's header: what it is, where it came from (the Lua file by its name in its catalogue: a path on the exporting
    /// machine would change with every checkout; a file named on its own has no catalogue, "(file)"), the command that
    /// made it, a note, and the Lua file's opening comment. Every part an author or a path could have written goes
    /// through comment(): one line each, no controls.
    private static func opening(_ title: String, file: String, catalogue: String, sha256: String, command: String,
                                comment: [SyntaxTree.Comment], into out: inout SwiftWriter, note: [String]) {
        out.comment(title)
        out.line("//")
        let fileName = file.split(separator: "/").last.map(String.init) ?? file
        out.comment("Exported from \(fileName)\(catalogue.hasPrefix("(") ? "" : " (catalogue \(catalogue))"),")
        out.comment("SHA-256 \(sha256), by:")
        out.comment("     \(command)")
        for line in note { out.line("// " + line) }
        if !comment.isEmpty {
            out.line("//")
            for part in comment { out.comment(part.text) }
        }
        out.line()
    }

    /// The module files an entry's file calls, to add to the app's target with it.
    private static func modulesNeeded(_ translator: Translator) -> [String] {
        let names = translator.moduleTranslations.values.map { $0.typeName + ".swift" }.sorted()
        guard !names.isEmpty else { return [] }
        return ["It calls \(names.joined(separator: " and ")), exported beside it: add \(names.count == 1 ? "both" : "them all") to the app's target."]
    }

    /// A module's file: its header, the protocol of the parameters it reads, and its functions as static methods of an
    /// enum (a module that is one function as `run`), its local functions as private ones.
    static func moduleFile(_ module: ModuleTranslation, command: String, catalogue: String, access: String) -> (text: String, origins: [Int: Int]) {
        var out = SwiftWriter()
        opening("\(module.typeName).swift: the Segue module \"\(module.source.name)\" as UIKit code.", file: module.source.file,
                catalogue: catalogue, sha256: module.source.sha256, command: command, comment: module.chunkComment, into: &out,
                note: ["The entries that require it are exported beside it."])
        out.line("import UIKit")
        for constant in module.translator.constants.sorted(by: { $0.line < $1.line }) {
            out.line()
            out.line(constant.text)
        }
        out.line()
        if module.isFunction, let run = module.functions.first { for comment in run.comment { out.comment(comment.text) } }
        out.line("@MainActor")
        out.open("\(access)enum \(module.typeName) {")
        if !module.parametersRead.isEmpty {
            out.line("/// The entry's parameters the module reads: each entry that requires it has them.")
            out.open("\(access)protocol Parameters: Sendable {")
            for (name, type) in module.parametersRead {
                let swift = type == .bool ? "Bool" : "Double"
                out.line("var \(SwiftWriter.identifier(name)): \(swift) { get }")
            }
            out.close()
            out.line()
        }
        for record in module.translator.recordDeclarations(access: "") {
            for line in record.split(separator: "\n") { out.line(String(line)) }
            out.line()
        }
        for (index, function) in module.functions.enumerated() {
            if index > 0 { out.line() }
            if !module.isFunction { for comment in function.comment { out.comment(comment.text) } }
            var parameters = zip(function.parameterNames, function.parameters).map { lua, type in
                type == .context ? "using transitionContext: \(type.spelling)" : "_ \(SwiftWriter.identifier(lua)): \(type.spelling)"
            }
            if function.readsParameters { parameters.append("params: some Parameters") }
            let result = function.result == .void ? "" : " -> \(function.result.spelling)"
            let name = SwiftWriter.identifier(function.name)
            let signature = "\(access)static func \(name)(\(parameters.joined(separator: ", ")))\(result) {"
            if signature.count + 4 <= 120 {
                out.open(signature)
            } else {
                // A long signature as Xcode wraps one: the parameters on a line of their own.
                out.line("\(access)static func \(name)(")
                out.line("    " + parameters.joined(separator: ", "))
                out.open(")\(result) {")
            }
            for line in singleExpression(function.lines) { out.line(line) }
            out.close()
        }
        for helper in module.translator.helpers.values.sorted(by: { $0.line < $1.line }) where helper.lines != nil {
            out.line()
            helperFunction(helper, shared: true, into: &out)
        }
        out.close()
        return out.textAndOrigins
    }

    /// The entry's presentation controller: its hooks as UIKit's overrides, what they keep on `self` as stored properties.
    private static func presentationController(_ methods: [Translator.ControllerMethod], comments: [SyntaxTree.Comment],
                                               fields: [(name: String, type: SwiftType)], readOutside: Set<String>, readsParameters: Bool,
                                               into out: inout SwiftWriter) {
        out.line()
        out.line("/// The entry's presentation controller: the chrome around the presented view, and where that view sits.")
        if !comments.isEmpty { out.line("///") }
        for comment in comments { out.comment(comment.text, doc: true) }
        out.open("private final class PresentationController: UIPresentationController {")
        if readsParameters { out.line("let params: Parameters") }
        for field in fields {
            // Made by one hook and used by the others, after presentationTransitionWillBegin: UIKit's own `T!` idiom.
            // One read from outside (a drag that lifts the dimming) is read-only there.
            let access = readOutside.contains(field.name) ? "private(set) var" : "private var"
            out.line("\(access) \(SwiftWriter.identifier(field.name)): \(field.type.spelling)!")
        }
        if readsParameters {
            out.line()
            out.open("init(presentedViewController: UIViewController, presenting: UIViewController?, params: Parameters) {")
            out.line("self.params = params")
            out.line("super.init(presentedViewController: presentedViewController, presenting: presenting)")
            out.close()
        }
        for method in methods {
            out.line()
            for comment in method.comments { out.comment(comment.text) }
            // Not one of UIKit's hooks: a tap recognizer's action, which a hook made.
            let result = Translator.controllerHooks[method.name]?.result ?? .void
            if Translator.controllerHooks[method.name] == nil {
                out.line("/// A tap recognizer's action: sent once the tap is recognized, when the finger lifts.")
            }
            out.open(method.signature + " {")
            for line in result == .void ? method.lines : singleExpression(method.lines) { out.line(line) }
            out.close()
        }
        out.close()
    }

    /// One of the entry's local functions: a private method of the animator, or (called from the interaction, and
    /// reading nothing of the animator's) a static method of the delegate's class, which both nested classes call through it.
    private static func helperFunction(_ helper: Translator.Helper, shared: Bool, into out: inout SwiftWriter) {
        guard let lines = helper.lines else { return }
        for comment in helper.comments { out.comment(comment.text) }
        let parameters = zip(helper.node.parts[0].parts, helper.parameters ?? []).map { node, type -> String in
            guard case .text(let lua)? = node.parts.first else { return "" }
            return type == .context ? "using transitionContext: \(type.spelling)" : "_ \(SwiftWriter.identifier(lua)): \(type.spelling)"
        }
        let result = helper.result.flatMap { $0 == .void ? nil : " -> \($0.spelling)" } ?? ""
        // Shared, it is given the parameters it reads by the class calling it.
        let all = parameters + (shared && helper.readsAnimator ? ["params: Parameters"] : [])
        out.open("private \(shared ? "static " : "")func \(SwiftWriter.identifier(helper.name))(\(all.joined(separator: ", ")))\(result) {")
        for line in singleExpression(lines) { out.line(line) }
        out.close()
    }

    /// A body that is one `return x` is written `x`, as Swift reads a single expression.
    static func singleExpression(_ lines: [String]) -> [String] {
        guard lines.count == 1 else { return lines }
        let parts = lines[0].split(separator: "\u{1}", maxSplits: 2, omittingEmptySubsequences: false)
        let (mark, code) = parts.count == 3 ? ("\u{1}\(parts[1])\u{1}", String(parts[2])) : ("", lines[0])
        guard code.hasPrefix("return ") else { return lines }
        return [mark + code.dropFirst("return ".count)]
    }

    private static func parameters(_ entry: ExportedEntry, type: String, access: String, blurStyles: Set<String>, detentChoices: Set<String>,
                                   into out: inout SwiftWriter) {
        out.line("/// The entry's parameters: its defaults, checked against its ranges.")
        out.open("\(access)struct Parameters: Sendable {")
        for parameter in entry.parameters {
            guard case .choice(let cases) = parameter.kind else { continue }
            out.open("\(access)enum \(enumName(parameter.name)): String, Sendable, CaseIterable {")
            // The cases on lines of at most about 100 characters, as a person would wrap them.
            var line = ""
            for name in cases.map(SwiftWriter.identifier) {
                if !line.isEmpty && line.count + name.count > 96 {
                    out.line("case " + line)
                    line = ""
                }
                line += (line.isEmpty ? "" : ", ") + name
            }
            out.line("case " + line)
            // UIKit's value of each choice's name, where the entry uses the choices as UIKit's names.
            func mapping(_ doc: String, _ property: String, _ value: (String) -> String) {
                out.line()
                out.line("/// " + doc)
                out.open("\(access)var \(property) {")
                out.line("switch self {")
                for name in cases { out.line("case .\(SwiftWriter.identifier(name)): \(value(name))") }
                out.line("}")
                out.close()
            }
            if blurStyles.contains(enumName(parameter.name)) {
                mapping("UIKit's blur style of this name.", "style: UIBlurEffect.Style") { ".\($0)" }
            }
            if detentChoices.contains(enumName(parameter.name)) {
                mapping("UIKit's identifier of the sheet's detent of this name.", "detentIdentifier: UISheetPresentationController.Detent.Identifier",
                        Translator.detentIdentifier)
            }
            out.close()
            out.line()
        }
        for parameter in entry.parameters {
            if let description = parameter.description { out.comment(description, doc: true) }
            out.line("\(access)let \(SwiftWriter.identifier(parameter.name)): \(swiftType(parameter))")
        }
        if !entry.parameters.isEmpty { out.line() }
        let labels = entry.parameters.map { "\(SwiftWriter.identifier($0.name)): \(swiftType($0)) = \(defaultValue($0))" }
        out.open(labels.isEmpty ? "\(access)init() {}" : "\(access)init(\(labels.joined(separator: ", "))) {")
        if labels.isEmpty {
            out.depth -= 1
        } else {
            for parameter in entry.parameters {
                let name = SwiftWriter.identifier(parameter.name)
                if let (min, max) = parameter.range {
                    out.line("precondition((\(min)...\(max)).contains(\(name)), \"\(type): \(parameter.name) must be within \(min)…\(max), not \\(\(name))\")")
                }
                out.line("self.\(name) = \(name)")
            }
            out.close()
        }
        out.close()
    }

    private static func swiftType(_ parameter: ExportedEntry.Parameter) -> String {
        switch parameter.kind {
        case .number: "Double"
        case .integer: "Int"
        case .boolean: "Bool"
        case .choice: enumName(parameter.name)
        }
    }

    private static func defaultValue(_ parameter: ExportedEntry.Parameter) -> String {
        switch parameter.kind {
        case .number: parameter.defaultValue.contains(".") ? parameter.defaultValue : parameter.defaultValue + ".0"
        case .integer, .boolean: parameter.defaultValue
        case .choice: "." + parameter.defaultValue
        }
    }
}

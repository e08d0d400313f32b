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
        let completionSpeed: Translator.InteractionFunction?
        /// Whether its functions read `params` (the controller keeps them only then).
        let readsParameters: Bool
        /// The entry's comments inside its interaction table, outside its functions.
        var inside: [SyntaxTree.Comment] = []
    }

    /// The entry's `sheet`: configure(_:)'s lines, and the comments above the field.
    struct Sheet {
        let lines: [String]
        let comments: [SyntaxTree.Comment]
    }

    static func file(header: Header, entry: ExportedEntry, chunkComment: [SyntaxTree.Comment], translator: Translator,
                     transitionDuration: [String], animateTransition: [String],
                     interaction: Interaction? = nil, pop: Interaction? = nil, presentation: Interaction? = nil,
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
        if sheet != nil {
            out.line("///         if let sheet = viewController.sheetPresentationController {")
            out.line("///             transition.configure(sheet)")
            out.line("///         }")
        }
        out.line("///         present(viewController, animated: true)")
        out.line("///     }")
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
        if entry.navigation {
            out.line("///")
            out.line("/// It pushes and pops too, as the navigation controller's delegate: for every later push and pop,")
            out.line("/// in place of any delegate set before, and held weakly, so keep the transition as long as the")
            out.line("/// navigation controller. Its edge swipe pops, put on the navigation controller's view at the first")
            out.line("/// animated push; UIKit's own back swipe waits for it:")
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
        out.line()
        out.open("\(access)init(params: Parameters = Parameters()) {")
        out.line("self.params = params")
        if let interaction { out.line("dismissal = DismissalInteraction(\(interaction.readsParameters ? "params: params" : ""))") }
        if let pop { out.line("pop = PopInteraction(\(pop.readsParameters ? "params: params" : ""))") }
        if let presentation { out.line("presentation = PresentationInteraction(\(presentation.readsParameters ? "params: params" : ""))") }
        out.close()
        out.line()
        out.line("\(access)func animationController(")
        out.line("    forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController")
        out.open(") -> (any UIViewControllerAnimatedTransitioning)? {")
        if interaction != nil {
            out.line("dismissal.attach(to: presented)")
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
        if !controller.isEmpty {
            presentationController(controller, comments: controllerComments, fields: translator.controllerFields, readsParameters: controllerReads,
                                   into: &out)
        }
        // The entry's functions the interaction calls too: the animator and the interaction controller share them.
        for helper in translator.helpers.values.sorted(by: { $0.line < $1.line }) where translator.sharedHelpers.contains(helper.name) {
            out.line()
            helperFunction(helper, shared: true, into: &out)
        }
        out.close()
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

    /// `interaction.dismissal` as a UIPercentDrivenInteractiveTransition with the pan that drives it: the percent is
    /// the finger's travel along the direction over the distance, and letting go finishes or cancels by the entry's rule.
    ///
    /// `interaction.pop` the same way: UIKit's edge swipe from the left on the navigation controller's view pops.
    private static func dismissalInteraction(_ interaction: Interaction, typeName: String, into out: inout SwiftWriter) {
        let rule = interaction.rule
        let isPop = rule.isPop, isPresentation = rule.isPresentation
        out.line()
        for comment in interaction.comments + interaction.inside { out.comment(comment.text) }
        let recognizer = isPop ? "UIScreenEdgePanGestureRecognizer" : rule.isPinch ? "UIPinchGestureRecognizer" : "UIPanGestureRecognizer"
        let action = isPop ? "handleEdgePan" : rule.isPinch ? "handlePinch" : "handlePan"
        let gesture = switch rule.direction {
        case _ where interaction.progress != nil: rule.isPinch ? "a pinch" : "a pan"
        case "in": "a closing pinch"
        case "out": "an opening pinch"
        case "vertical", "horizontal": "a \(rule.direction) pan"
        default: "a pan \(rule.direction)"
        }
        if isPop {
            out.line("/// The entry's interactive pop: the edge swipe from the left on the navigation controller's view drives it while the finger is down.")
        } else if isPresentation {
            out.line("/// The entry's interactive presentation: \(gesture) on the presenting screen drives it while \(rule.isPinch ? "the fingers are" : "the finger is") down.")
        } else {
            out.line("/// The entry's interactive dismissal: \(gesture) on the presented screen drives it while \(rule.isPinch ? "the fingers are" : "the finger is") down.")
        }
        // The class's lines come from the entry's interaction table (a compile error in them is said at its line).
        out.line(SwiftWriter.origin(rule.line) + "@MainActor")
        let name = isPop ? "PopInteraction" : isPresentation ? "PresentationInteraction" : "DismissalInteraction"
        out.open("private final class \(name): UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate {")
        if interaction.readsParameters { out.line("let params: Parameters") }
        out.line("/// Whether a drag is under way: the delegate gives UIKit this controller only then.")
        out.line("private(set) var isDragging = false")
        if isPop {
            out.line("private weak var navigationController: UINavigationController?")
            out.line("/// The navigation delegate that attached it: the swipe pops only while that is the delegate.")
            out.line("private weak var owner: (any UINavigationControllerDelegate)?")
        } else if isPresentation {
            out.line("private weak var presenter: UIViewController?")
            out.line("/// The transition whose presentation it drives: UIKit holds a transitioning delegate weakly, and so does this.")
            out.line("private weak var transition: (any UIViewControllerTransitioningDelegate)?")
            out.line("private var makeViewController: (@MainActor () -> UIViewController?)?")
        } else {
            out.line("private weak var presented: UIViewController?")
        }
        out.line()
        var settings: [String] = []
        if let curve = rule.completionCurve, curve != "easeInOut" { settings.append("completionCurve = .\(curve)") }
        if let speed = rule.completionSpeed, Double(speed) != 1 { settings.append("completionSpeed = \(speed)") }
        if interaction.readsParameters {
            out.open("init(params: Parameters) {")
            out.line("self.params = params")
        } else if !settings.isEmpty {
            out.open("override init() {")
        }
        if interaction.readsParameters || !settings.isEmpty {
            out.line("super.init()")
            for line in settings { out.line(line) }
            out.close()
            out.line()
        }
        if isPop {
            out.line("/// The navigation controller's view gets the edge swipe once, however often it pushes; UIKit's own back")
            out.line("/// swipe waits for it, so that the two never both begin.")
            out.open("func attach(to navigationController: UINavigationController, owner: any UINavigationControllerDelegate) {")
            out.line("self.navigationController = navigationController")
            out.line("self.owner = owner")
            out.line("let attached = navigationController.view.gestureRecognizers?.contains { $0.delegate === self } ?? false")
            out.line("guard !attached else { return }")
            out.line("let recognizer = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(\(action)(_:)))")
            out.line("recognizer.edges = .left")
            out.line("recognizer.delegate = self")
            out.line("navigationController.view.addGestureRecognizer(recognizer)")
            out.line("navigationController.interactivePopGestureRecognizer?.require(toFail: recognizer)")
            out.close()
            out.line()
            out.line("/// Only while its delegate is the one that attached it, with a screen to go back to and no push or pop under way.")
            out.open("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {")
            out.line("guard let navigationController, let owner, gestureRecognizer.view === navigationController.view,")
            out.line("      navigationController.delegate === owner else { return false }")
            out.line("return navigationController.viewControllers.count > 1 && navigationController.transitionCoordinator == nil")
            out.close()
        } else if isPresentation {
            out.line("/// The presenting screen gets the \(rule.isPinch ? "pinch" : "pan") once, however often it is attached.")
            out.line("func attach(")
            out.line("    to presenter: UIViewController, transition: any UIViewControllerTransitioningDelegate,")
            out.line("    makeViewController: @escaping @MainActor () -> UIViewController?")
            out.open(") {")
            out.line("self.presenter = presenter")
            out.line("self.transition = transition")
            out.line("self.makeViewController = makeViewController")
            out.line("let attached = presenter.view.gestureRecognizers?.contains { $0.delegate === self } ?? false")
            out.line("guard !attached else { return }")
            out.line("let recognizer = \(recognizer)(target: self, action: #selector(\(action)(_:)))")
            out.line("recognizer.delegate = self")
            out.line("presenter.view.addGestureRecognizer(recognizer)")
            out.close()
            out.line()
            out.line("/// Only on the presenting screen while it presents nothing and no transition of its own is under way.")
            out.open("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {")
            out.line("guard let presenter, gestureRecognizer.view === presenter.view else { return false }")
            out.line("return presenter.presentedViewController == nil && presenter.transitionCoordinator == nil")
            out.close()
        } else {
            out.line("/// The screen being presented is the one a drag dismisses; it gets the \(rule.isPinch ? "pinch" : "pan") once, however often it is presented.")
            out.open("func attach(to presented: UIViewController) {")
            out.line("self.presented = presented")
            out.line("let attached = presented.view.gestureRecognizers?.contains { $0.delegate === self } ?? false")
            out.line("guard !attached else { return }")
            out.line("let recognizer = \(recognizer)(target: self, action: #selector(\(action)(_:)))")
            out.line("recognizer.delegate = self")
            out.line("presented.view.addGestureRecognizer(recognizer)")
            out.close()
            out.line()
            out.line("/// Only on the screen presented last, once it is at rest and has nothing presented over it.")
            out.open("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {")
            out.line("guard let presented, gestureRecognizer.view === presented.view else { return false }")
            out.line("return !presented.isBeingPresented && !presented.isBeingDismissed && presented.presentedViewController == nil")
            out.close()
        }
        out.line()
        // Travel along the direction, and the release speed that carries the dismissal on (UIKit's points a second).
        let (travel, speed): (String, String) = switch rule.direction {
        // The fingers' scale: closing from 1 towards 0, or opening past 1 (points do not count).
        case "in": ("(1 - gesture.scale)", "-gesture.velocity")
        case "out": ("(gesture.scale - 1)", "gesture.velocity")
        case "up": ("-translation.y", "-velocity.y")
        case "left": ("-translation.x", "-velocity.x")
        case "right": ("translation.x", "velocity.x")
        case "vertical": ("abs(translation.y)", "translation.y >= 0 ? velocity.y : -velocity.y")
        case "horizontal": ("abs(translation.x)", "translation.x >= 0 ? velocity.x : -velocity.x")
        default: ("translation.y", "velocity.y")
        }
        let across = ["left", "right", "horizontal"].contains(rule.direction)
        let distance = interaction.distance != nil ? "distance(for: container.bounds.size)"
            : rule.distance ?? (rule.isPinch ? "1" : "container.bounds.\(across ? "width" : "height")")
        // A pinch reads no points unless the entry's functions do: then, as a pan's, in the container's.
        let needsContainer = !rule.isPinch || interaction.distance != nil || interaction.progress != nil || interaction.shouldFinish != nil
            || interaction.completionSpeed != nil || interaction.finishesWhileDragging != nil
        out.open("@objc private func \(action)(_ gesture: \(recognizer)) {")
        if needsContainer {
            if isPop {
                out.line("// In the points of the navigation controller's view, which the screens move within.")
                out.open("guard let container = gesture.view else {")
            } else {
                out.line(isPresentation ? "// In the points of the presenting screen's superview (the window, then the transition's container): "
                         + "the screen itself may move. Off screen, a \(rule.isPinch ? "pinch" : "drag") under way is let go."
                         : rule.isPinch ? "// The container, whose points and size the entry's functions read. Off screen, a pinch under way is let go."
                         : "// In the container's points: the presented view moves within it. Off screen, a drag under way is let go.")
                out.open("guard let container = gesture.view?.superview else {")
            }
            out.line("if isDragging {")
            out.line("    isDragging = false")
            out.line("    cancel()")
            out.line("}")
            out.line("return")
            out.close()
        }
        // The travel is read for the percent unless the entry's progress says it, and for a pan's flick speed.
        let flickRule = interaction.shouldFinish == nil && rule.velocityThreshold != nil
        if !rule.isPinch && (interaction.progress == nil || (flickRule && ["vertical", "horizontal"].contains(rule.direction))) {
            out.line("let translation = gesture.translation(in: container)")
        }
        if interaction.progress != nil {
            out.line("let percent = min(max(progress(gesture, container.bounds.size, in: container), 0), 1)")
        } else {
            // A pinch over a scale of 1 needs no division.
            let fraction = distance == "1" ? (travel.hasPrefix("(") ? String(travel.dropFirst().dropLast()) : travel) : "\(travel) / \(distance)"
            out.line("let percent = min(max(\(fraction), 0), 1)")
        }
        out.open("switch gesture.state {")
        out.label("case .began:")
        if isPresentation {
            out.line("guard let presenter, let transition, let viewController = makeViewController?() else { return }")
            out.line("viewController.modalPresentationStyle = \(typeName).presentationStyle")
            out.line("viewController.transitioningDelegate = transition")
        }
        out.line("isDragging = true")
        if interaction.completionSpeed != nil {
            // The speed the last drag's release chose would otherwise roll this one back if the system takes it away.
            out.line("completionSpeed = 1")
        }
        out.line(isPop ? "navigationController?.popViewController(animated: true)"
                 : isPresentation ? "presenter.present(viewController, animated: true)" : "presented?.dismiss(animated: true)")
        out.line("update(percent)")
        // A presentation that never began (nothing to present), or a transition finished with the finger still down, has
        // nothing more to update, finish or cancel.
        let guarded = isPresentation || interaction.finishesWhileDragging != nil
        let under = guarded ? " where isDragging" : ""
        out.label("case .changed\(under):")
        out.line("update(percent)")
        if interaction.finishesWhileDragging != nil {
            out.open("if finishesWhileDragging(gesture, percent, in: container) {")
            out.line("// Finished with the finger still down, at the speed a release would have: the rest of the drag drives nothing.")
            out.line("isDragging = false")
            if interaction.completionSpeed != nil { out.line("completionSpeed = speedToComplete(gesture, percent, true, in: container)") }
            out.line("finish()")
            out.close()
        }
        out.label("case .ended\(under):")
        out.line("update(percent)")
        out.line("isDragging = false")
        // The decision, then (with the entry's function for it) the speed of the rest, which depends on it.
        let decision: String
        if interaction.shouldFinish != nil {
            decision = "shouldFinish(gesture, percent, in: container)"
        } else if let threshold = rule.velocityThreshold {
            if !rule.isPinch { out.line("let velocity = gesture.velocity(in: container)") }
            out.line("let speed = \(speed)")
            out.comment("Past \(rule.finishThreshold) of the way, or a flick faster than \(threshold) \(rule.isPinch ? "in scale" : "points") a second, finishes; a flick as fast back cancels.")
            decision = "speed > \(threshold) || (speed >= \(threshold == "0" ? "0" : "-" + threshold) && percent > \(rule.finishThreshold))"
        } else {
            out.comment("Past \(rule.finishThreshold) of the way finishes, however fast the finger went.")
            decision = "percent > \(rule.finishThreshold)"
        }
        if interaction.completionSpeed != nil {
            out.line("let finishes = \(decision)")
            out.line("completionSpeed = speedToComplete(gesture, percent, finishes, in: container)")
            out.line("if finishes { finish() } else { cancel() }")
        } else {
            out.line("if \(decision) { finish() } else { cancel() }")
        }
        out.label(guarded ? "case .cancelled where isDragging, .failed where isDragging:" : "case .cancelled, .failed:")
        out.line("isDragging = false")
        out.line("cancel()")
        out.label("default:")
        out.line("break")
        out.close()
        out.close()
        // The entry's functions, each a private method named by what UIKit code would call it, its Lua parameters' names kept.
        func method(_ function: Translator.InteractionFunction?, _ doc: String, _ signature: ([String]) -> String) {
            guard let function else { return }
            out.line()
            out.line("/// " + doc)
            out.open("private func " + signature(function.names.map(SwiftWriter.identifier)) + " {")
            for line in singleExpression(function.lines) { out.line(line) }
            out.close()
        }
        let transition = isPop ? "pop" : isPresentation ? "presentation" : "dismissal"
        method(interaction.distance, "Points of travel for the whole \(transition), given the container's size.") {
            "distance(for \($0[0]): CGSize) -> CGFloat"
        }
        method(interaction.progress, "The \(transition)'s percent at this event (the entry's), before it is kept within 0 to 1.") {
            "progress(_ \($0[0]): \(recognizer), _ \($0[1]): CGSize, in container: UIView) -> CGFloat"
        }
        method(interaction.shouldFinish, "Whether letting go here finishes the \(transition) (the entry's rule).") {
            "shouldFinish(_ \($0[0]): \(recognizer), _ \($0[1]): CGFloat, in container: UIView) -> Bool"
        }
        method(interaction.finishesWhileDragging, "Whether the \(transition) finishes now, with the finger still down (the entry's rule).") {
            "finishesWhileDragging(_ \($0[0]): \(recognizer), _ \($0[1]): CGFloat, in container: UIView) -> Bool"
        }
        method(interaction.completionSpeed, "The speed of the rest of the transition once the finger lifts, finishing or cancelling (the entry's).") {
            "speedToComplete(_ \($0[0]): \(recognizer), _ \($0[1]): CGFloat, _ \($0[2]): Bool, in container: UIView) -> CGFloat"
        }
        out.close()
    }

    /// One of the entry's local functions: a private method of the animator, or (called from the interaction, and
    /// reading nothing of the animator's) a static method of the delegate's class, which both nested classes call through it.
    /// The entry's presentation controller: its hooks as UIKit's overrides, what they keep on `self` as stored properties.
    private static func presentationController(_ methods: [Translator.ControllerMethod], comments: [SyntaxTree.Comment],
                                               fields: [(name: String, type: SwiftType)], readsParameters: Bool, into out: inout SwiftWriter) {
        out.line()
        out.line("/// The entry's presentation controller: the chrome around the presented view, and where that view sits.")
        if !comments.isEmpty { out.line("///") }
        for comment in comments { out.comment(comment.text, doc: true) }
        out.open("private final class PresentationController: UIPresentationController {")
        if readsParameters { out.line("let params: Parameters") }
        for field in fields {
            // Made by one hook and used by the others, after presentationTransitionWillBegin: UIKit's own `T!` idiom.
            out.line("private var \(SwiftWriter.identifier(field.name)): \(field.type.spelling)!")
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
            guard let hook = Translator.controllerHooks[method.name] else { continue }
            out.open(method.signature + " {")
            for line in hook.result == .void ? method.lines : singleExpression(method.lines) { out.line(line) }
            out.close()
        }
        out.close()
    }

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
    private static func singleExpression(_ lines: [String]) -> [String] {
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
            if blurStyles.contains(enumName(parameter.name)) {
                out.line()
                out.line("/// UIKit's blur style of this name.")
                out.open("\(access)var style: UIBlurEffect.Style {")
                out.line("switch self {")
                for name in cases { out.line("case .\(SwiftWriter.identifier(name)): .\(name)") }
                out.line("}")
                out.close()
            }
            if detentChoices.contains(enumName(parameter.name)) {
                out.line()
                out.line("/// UIKit's identifier of the sheet's detent of this name.")
                out.open("\(access)var detentIdentifier: UISheetPresentationController.Detent.Identifier {")
                out.line("switch self {")
                for name in cases { out.line("case .\(SwiftWriter.identifier(name)): \(Translator.detentIdentifier(name))") }
                out.line("}")
                out.close()
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

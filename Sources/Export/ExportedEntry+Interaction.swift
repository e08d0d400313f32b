import LuaSyntax

/// The entry's interaction table as the export reads it (`interaction = {dismissal = …, presentation = …, pop = …,
/// presented = …}`): what each gesture says, each value written in place.
extension ExportedEntry {
    /// `interaction.dismissal`: a pan that drives the dismissal, as UIPercentDrivenInteractiveTransition.
    struct Interaction {
        /// A pan, or two fingers closing or opening (UIPinchGestureRecognizer).
        var isPinch = false
        /// `interaction.pop`: UIKit's screen-edge pan from the left edge, which pops (its direction is right).
        var isPop = false
        /// `interaction.presentation`: a gesture on the presenting screen presents (a pan up, a pinch out by default).
        var isPresentation = false
        /// A pan's down, up, left, right, vertical or horizontal; a pinch's in or out.
        var direction = "down"
        /// Points for the whole dismissal: a number, or the entry's function of the container's size; nil: its side.
        var distance: String?
        var distanceFunction: SyntaxNode?
        var completionSpeed: String?
        /// easeInOut, easeIn, easeOut or linear: UIView.AnimationCurve's cases.
        var completionCurve: String?
        var finishThreshold = "0.5"
        /// Points a second; nil when false (only the distance decides).
        var velocityThreshold: String? = "1000"
        var shouldFinish: SyntaxNode?
        /// finishesWhileDragging = function(g, percent): true finishes with the finger still down.
        var finishesWhileDragging: SyntaxNode?
        /// shouldBegin = function(g, size): the delegate's gestureRecognizerShouldBegin, as the finger first moves.
        var shouldBegin: SyntaxNode?
        /// progress = function(g, size): the percent at each event, instead of the travel over the distance.
        var progressFunction: SyntaxNode?
        /// completionSpeed = function(g, percent, finishing): the speed for the rest, asked when the finger lifts.
        var completionSpeedFunction: SyntaxNode?
        /// controller = {startInteractiveTransition = …, changed = …, ended = …}: an interaction controller of the entry's
        /// own in place of UIKit's percent-driven one, its functions by name, in the entry's order.
        var ownController: [(name: String, node: SyntaxNode)]?
        var ownControllerLine = 0
        /// How the recognizer shares a drag with the pan of a scroll view inside its view (nil: UIKit's default).
        var scrollViewSharing: ScrollViewSharing?
        let line: Int
        /// The last line of its table.
        var end = 0
    }

    /// `shouldRecognizeSimultaneously = true`, `requireToFail = "scrollView"`, `requiredToFailBy = "scrollView"`: the
    /// delegate methods that say it, each asked of the pan of a scroll view inside the recognizer's view.
    enum ScrollViewSharing: Equatable {
        case simultaneous, waitsForScrollView, scrollViewWaits
    }

    /// `interaction.presented`: a pan on the presented screen whose action moves views itself (began, changed, ended).
    struct PresentedDrag {
        var scrollViewSharing: ScrollViewSharing?
        var began: SyntaxNode?
        var changed: SyntaxNode?
        var ended: SyntaxNode?
        let line: Int
        /// The last line of its table.
        var end = 0
    }

    /// interaction = {dismissal = {gesture = "pan", direction = …, distance = …, …}}: what UIKit's percent-driven
    /// interaction controller can say, each value written in place.
    static func interaction(_ node: SyntaxNode, file: String, line: Int) throws(ExportRefusal)
        -> (dismissal: Interaction?, pop: Interaction?, presentation: Interaction?, presented: PresentedDrag?) {
        guard node.tag == "Table" else {
            throw ExportRefusal(file: file, line: line, construct: "an interaction computed when the entry runs (from a module or a function)",
                                instead: "write interaction = {dismissal = {gesture = \"pan\", …}} in the entry")
        }
        var result: Interaction?, pop: Interaction?, presentation: Interaction?, presented: PresentedDrag?
        for pair in node.parts {
            let at = pair.line ?? line
            guard pair.tag == "Pair", let kind = string(pair.parts[0]) else {
                throw ExportRefusal(file: file, line: at, construct: "an interaction table with positional values", instead: "name each kind")
            }
            guard ["dismissal", "pop", "presentation", "presented"].contains(kind) else {
                throw ExportRefusal(file: file, line: at, construct: "interaction.\(kind)", instead: Self.interactionsExported)
            }
            let value = pair.parts[1]
            guard value.tag == "Table" else {
                throw ExportRefusal(file: file, line: at, construct: "interaction.\(kind) computed when the entry runs (from a module or a function)",
                                    instead: "write its table in the entry")
            }
            if kind == "presented" {
                presented = try presentedDrag(value, file: file, line: at)
                continue
            }
            var rule = Interaction(line: at)
            rule.end = Translator.lastLine(value)
            // UIKit's interactive pop: the edge swipe from the left, travelling right.
            if kind == "pop" { (rule.isPop, rule.direction) = (true, "right") }
            if kind == "presentation" { (rule.isPresentation, rule.direction) = (true, "up") }
            var directionLine: Int?
            var velocityGiven = false
            for field in value.parts {
                let fieldLine = field.line ?? at
                guard field.tag == "Pair", let key = string(field.parts[0]) else {
                    throw ExportRefusal(file: file, line: fieldLine, construct: "a positional value in interaction.\(kind)", instead: "name each field")
                }
                let given = field.parts[1]
                func refuse(_ construct: String, _ instead: String) -> ExportRefusal {
                    ExportRefusal(file: file, line: fieldLine, construct: "interaction.\(kind).\(key): \(construct)", instead: instead)
                }
                func figure() throws(ExportRefusal) -> String {
                    guard let text = number(given), let value = Double(text), value >= 0 else {
                        throw refuse("a value computed when the entry runs, or not a number at least 0", "write the number in place")
                    }
                    // -0 is 0 (and written `-0` it would make `--0` in `speed >= -threshold`).
                    return value == 0 ? "0" : text
                }
                /// The field's function, written in place as `function(parameters) … end`: only such a function is translated.
                func inPlace(_ parameters: String) throws(ExportRefusal) -> SyntaxNode {
                    guard given.tag == "Function" else { throw refuse("not a function written in place", "write function(\(parameters)) … end") }
                    return given
                }
                switch key {
                case "gesture" where rule.isPop:
                    guard string(given) == "screenEdgePan" else {
                        throw refuse("a gesture other than \"screenEdgePan\" written in place", "UIKit pops by the edge swipe: gesture = \"screenEdgePan\", edge = \"left\"")
                    }
                case "edge" where rule.isPop:
                    guard let edge = string(given) else {
                        throw refuse("an edge computed when the entry runs", "write edge = \"left\"")
                    }
                    guard edge == "left" else {
                        throw refuse("an edge other than \"left\" written in place", "UIKit's interactive pop is the swipe from the left edge")
                    }
                case "direction" where rule.isPop:
                    throw refuse("a direction", "the edge swipe from the left travels right; leave direction out")
                case "gesture":
                    guard let gesture = string(given), gesture == "pan" || gesture == "pinch" else {
                        throw refuse("a gesture other than \"pan\" or \"pinch\" written in place", "pans and pinches are exported so far; screen-edge pans are not yet")
                    }
                    rule.isPinch = gesture == "pinch"
                case "direction":
                    directionLine = fieldLine
                    let directions = ["down", "up", "left", "right", "vertical", "horizontal", "in", "out"]
                    guard let direction = string(given), directions.contains(direction) else {
                        throw refuse("a direction computed when the entry runs (or not one of \(directions.joined(separator: ", ")))",
                                     "write the direction in place; one that follows a parameter is not exported yet")
                    }
                    rule.direction = direction
                // A key given twice is Lua's last value: each form clears the other.
                case "distance":
                    if given.tag == "Function" {
                        (rule.distanceFunction, rule.distance) = (given, nil)
                    } else {
                        let distance = try figure()
                        guard let value = Double(distance), value > 0 else { throw refuse("a distance of 0", "give a distance above 0") }
                        (rule.distance, rule.distanceFunction) = (distance, nil)
                    }
                case "completionSpeed" where given.tag == "Function":
                    (rule.completionSpeedFunction, rule.completionSpeed) = (given, nil)
                case "completionSpeed":
                    let speed = try figure()
                    guard let value = Double(speed), value > 0 else { throw refuse("a speed of 0", "UIKit requires a speed above 0") }
                    (rule.completionSpeed, rule.completionSpeedFunction) = (speed, nil)
                case let own where own.hasPrefix("_"):
                    break
                case "completionCurve":
                    let curves = ["easeInOut", "easeIn", "easeOut", "linear"]
                    guard let curve = string(given), curves.contains(curve) else {
                        throw refuse("a curve other than one of \(curves.joined(separator: ", ")) written in place",
                                     "UIPercentDrivenInteractiveTransition's completionCurve is a UIView.AnimationCurve: one of those four")
                    }
                    rule.completionCurve = curve
                case "finishThreshold":
                    let threshold = try figure()
                    guard let value = Double(threshold), value <= 1 else { throw refuse("a threshold above 1", "give a fraction of the way, 0 to 1") }
                    rule.finishThreshold = threshold
                case "velocityThreshold":
                    velocityGiven = true
                    rule.velocityThreshold = given.tag == "False" ? nil : try figure()
                case "progress":
                    rule.progressFunction = try inPlace("g, size")
                case "shouldFinish":
                    rule.shouldFinish = try inPlace("g, percent")
                case "finishesWhileDragging":
                    rule.finishesWhileDragging = try inPlace("g, percent")
                case "shouldBegin":
                    rule.shouldBegin = try inPlace("g, size")
                case "shouldRecognizeSimultaneously":
                    guard given.tag == "True" || given.tag == "False" else {
                        throw refuse("a function", "not exported yet: write shouldRecognizeSimultaneously = true (the exported delegate "
                                     + "recognizes with the pan of any scroll view inside the recognizer's view)")
                    }
                    if given.tag == "True" { rule.scrollViewSharing = .simultaneous }
                case "requireToFail", "requiredToFailBy":
                    guard string(given) == "scrollView" else { throw refuse("a recognizer other than \"scrollView\"", "write \(key) = \"scrollView\"") }
                    rule.scrollViewSharing = key == "requireToFail" ? .waitsForScrollView : .scrollViewWaits
                case "controller":
                    guard kind != "pop" else {
                        throw refuse("an interaction controller of the entry's own for a pop", "not exported yet: a dismissal's and a presentation's are")
                    }
                    rule.ownController = try ownController(given, file: file, line: fieldLine)
                    rule.ownControllerLine = fieldLine
                default:
                    throw refuse("not exported yet", "the exported \(kind) has gesture, \(rule.isPop ? "edge" : "direction"), distance, progress, "
                                 + "completionSpeed, completionCurve, finishThreshold, velocityThreshold, shouldBegin, shouldFinish, "
                                 + "finishesWhileDragging, controller, shouldRecognizeSimultaneously, requireToFail and requiredToFailBy")
                }
            }
            // A pinch closes (in) by default and has no pan's directions; a pan has no pinch's.
            if rule.isPinch && directionLine == nil { rule.direction = rule.isPresentation ? "out" : "in" }
            if rule.isPinch != ["in", "out"].contains(rule.direction) {
                throw ExportRefusal(file: file, line: directionLine ?? at, construct: "interaction.\(kind).direction \"\(rule.direction)\" for a \(rule.isPinch ? "pinch" : "pan")",
                                    instead: rule.isPinch ? "a pinch's direction is \"in\" or \"out\"" : "a pan's direction is down, up, left, right, vertical or horizontal")
            }
            // A pinch's flick is a scale of 1 a second, a pan's 1000 points (GestureKind.defaultVelocityThreshold).
            if rule.isPinch && !velocityGiven { rule.velocityThreshold = "1" }
            if rule.isPop { pop = rule } else if rule.isPresentation { presentation = rule } else { result = rule }
        }
        return (result, pop, presentation, presented)
    }

    /// `controller = {startInteractiveTransition = function(self, ctx) … end, changed = …, ended = …}`, each function
    /// written in place (check has held it to those three, startInteractiveTransition among them).
    static func ownController(_ table: SyntaxNode, file: String, line: Int) throws(ExportRefusal) -> [(name: String, node: SyntaxNode)] {
        guard table.tag == "Table" else {
            throw ExportRefusal(file: file, line: line, construct: "an interaction controller computed when the entry runs",
                                instead: "write controller = {startInteractiveTransition = function(self, ctx) … end, …} in place")
        }
        var functions: [(name: String, node: SyntaxNode)] = []
        for field in table.parts {
            let at = field.line ?? line
            guard field.tag == "Pair", let name = string(field.parts[0]) else {
                throw ExportRefusal(file: file, line: at, construct: "an interaction controller with positional values", instead: "name each function")
            }
            if name.hasPrefix("_") { continue }
            guard ["startInteractiveTransition", "changed", "ended"].contains(name), field.parts[1].tag == "Function",
                  !functions.contains(where: { $0.name == name }) else {
                throw ExportRefusal(file: file, line: at, construct: "controller.\(name) that is not a function written in place, once",
                                    instead: "write startInteractiveTransition, changed and ended = function(self, …) … end, each once")
            }
            functions.append((name, field.parts[1]))
        }
        return functions
    }

    /// interaction.presented = {gesture = "pan", direction = …, began = function(g, controller) … end, changed = …, ended = …}:
    /// the recognizer's action, each handler a function written in place. The direction says only which way check drags.
    static func presentedDrag(_ table: SyntaxNode, file: String, line: Int) throws(ExportRefusal) -> PresentedDrag {
        var drag = PresentedDrag(line: line)
        drag.end = Translator.lastLine(table)
        for field in table.parts {
            let fieldLine = field.line ?? line
            guard field.tag == "Pair", let key = string(field.parts[0]) else {
                throw ExportRefusal(file: file, line: fieldLine, construct: "a positional value in interaction.presented", instead: "name each field")
            }
            let given = field.parts[1]
            switch key {
            case "gesture":
                guard string(given) == "pan" else {
                    throw ExportRefusal(file: file, line: fieldLine, construct: "interaction.presented.gesture: a gesture other than \"pan\" written in place",
                                        instead: "a pan of the presented screen is exported so far")
                }
            case "direction":
                guard let direction = string(given), ["down", "up", "left", "right", "vertical", "horizontal"].contains(direction) else {
                    throw ExportRefusal(file: file, line: fieldLine, construct: "interaction.presented.direction: not a pan's direction written in place",
                                        instead: "write down, up, left, right, vertical or horizontal")
                }
            case "began", "changed", "ended":
                guard given.tag == "Function" else {
                    throw ExportRefusal(file: file, line: fieldLine, construct: "interaction.presented.\(key): not a function written in place",
                                        instead: "write \(key) = function(g, controller) … end")
                }
                switch key {
                case "began": drag.began = given
                case "changed": drag.changed = given
                default: drag.ended = given
                }
            case "shouldRecognizeSimultaneously":
                guard given.tag == "True" || given.tag == "False" else {
                    throw ExportRefusal(file: file, line: fieldLine, construct: "interaction.presented.shouldRecognizeSimultaneously: a function",
                                        instead: "not exported yet: write shouldRecognizeSimultaneously = true")
                }
                if given.tag == "True" { drag.scrollViewSharing = .simultaneous }
            case let own where own.hasPrefix("_"):
                break
            default:
                throw ExportRefusal(file: file, line: fieldLine, construct: "interaction.presented.\(key): not exported yet",
                                    instead: "the exported drag of the presented screen has gesture, direction, began, changed, ended "
                                        + "and shouldRecognizeSimultaneously")
            }
        }
        return drag
    }
}

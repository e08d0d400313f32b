@testable import Export
import Testing

/// An entry's interactive dismissal as UIKit code: a UIPercentDrivenInteractiveTransition whose pan's action
/// updates, finishes and cancels it by the entry's rule, each expected file written out by hand; and what is not
/// exported yet, refused at its line.
@Suite struct InteractionExportTests {
    static func entry(_ interaction: String, parameters: String = "", above: String = "") -> String {
        """
        \(above)local function animateTransition(ctx)
          ctx:completeTransition(true)
        end

        return {
          title = "T", summary = "S.",
          parameters = {\(parameters)},
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
          interaction = {
        \(interaction)
          },
        }
        """
    }

    /// The interaction controller's class, unindented by one level.
    static func interaction(_ source: String) throws -> String {
        let text = try TranslatorTests.export(source)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("private final class DismissalInteraction") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        return lines[start...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
    }

    @Test func aFieldsCommentGoesAboveItsMethodAndShouldBeginAfterUIKitsConditions() throws {
        let source = Self.entry("""
                dismissal = {
                  gesture = "pan", direction = "right",
                  -- Half the screen's width.
                  distance = function(size) return size.width / 2 end,
                  -- Only across.
                  shouldBegin = function(g, size) return g.velocity.x > math.abs(g.velocity.y) end,
                },
            """)
        let text = try Self.interaction(source)
        #expect(text.contains("""
                // Half the screen's width.
                /// Points of travel for the whole dismissal, given the container's size.
                private func distance(for size: CGSize) -> CGFloat {
            """), "\(text)")
        #expect(text.contains("""
                // Only across.
                /// Whether the dismissal may begin, asked as the finger first moves (the entry's rule).
                private func shouldBegin(_ g: UIPanGestureRecognizer, _ size: CGSize, in container: UIView) -> Bool {
                    g.velocity(in: container).x > abs(g.velocity(in: container).y)
                }
            """), "\(text)")
        #expect(text.contains("""
                func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                    guard let presented, gestureRecognizer.view === presented.view else { return false }
                    guard !presented.isBeingPresented && !presented.isBeingDismissed && presented.presentedViewController == nil else { return false }
                    // The entry's own rule, asked once the finger has moved, in the points its other functions read.
                    guard let gesture = gestureRecognizer as? UIPanGestureRecognizer, let container = gesture.view?.superview else { return false }
                    return shouldBegin(gesture, container.bounds.size, in: container)
                }
            """), "\(text)")
    }

    @Test func aDefaultPanDownFinishesPastHalfOrOnAFlick() throws {
        let source = Self.entry("""
                -- Drag the screen down to dismiss it.
                dismissal = {gesture = "pan", direction = "down"},
            """)
        let text = try TranslatorTests.export(source)
        // The delegate puts the pan on the presented screen and offers the controller while a drag is under way.
        #expect(text.contains("""
                    dismissal.attach(to: presented)
                    return Animator(params: params, isPresenting: true)
            """))
        #expect(text.contains("""
                func interactionControllerForDismissal(
                    using animator: any UIViewControllerAnimatedTransitioning
                ) -> (any UIViewControllerInteractiveTransitioning)? {
                    dismissal.isDragging ? dismissal : nil
                }
            """))
        #expect(try Self.interaction(source) == """
            private final class DismissalInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate {
                /// Whether a drag is under way: the delegate gives UIKit this controller only then.
                private(set) var isDragging = false
                private weak var presented: UIViewController?

                /// The screen being presented is the one a drag dismisses; it gets the pan once, however often it is presented.
                func attach(to presented: UIViewController) {
                    self.presented = presented
                    let attached = presented.view.gestureRecognizers?.contains { $0.delegate === self } ?? false
                    guard !attached else { return }
                    let recognizer = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
                    recognizer.delegate = self
                    presented.view.addGestureRecognizer(recognizer)
                }

                /// Only on the screen presented last, once it is at rest and has nothing presented over it.
                func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                    guard let presented, gestureRecognizer.view === presented.view else { return false }
                    return !presented.isBeingPresented && !presented.isBeingDismissed && presented.presentedViewController == nil
                }

                @objc private func handlePan(_ gesture: UIPanGestureRecognizer) {
                    // In the container's points: the presented view moves within it. Off screen, a drag under way is let go.
                    guard let container = gesture.view?.superview else {
                        if isDragging {
                            isDragging = false
                            cancel()
                        }
                        return
                    }
                    let translation = gesture.translation(in: container)
                    let percent = min(max(translation.y / container.bounds.height, 0), 1)
                    switch gesture.state {
                    case .began:
                        guard let presented else { return }
                        isDragging = true
                        presented.dismiss(animated: true)
                        update(percent)
                    case .changed:
                        update(percent)
                    case .ended:
                        update(percent)
                        isDragging = false
                        let velocity = gesture.velocity(in: container)
                        let speed = velocity.y
                        // Past 0.5 of the way, or a flick faster than 1000 points a second, finishes; a flick as fast back cancels.
                        if speed > 1000 || (speed >= -1000 && percent > 0.5) { finish() } else { cancel() }
                    case .cancelled, .failed:
                        isDragging = false
                        cancel()
                    default:
                        break
                    }
                }
            }
            """)
        // The entry's comment on its interaction goes with the class.
        #expect(text.contains("    // Drag the screen down to dismiss it.\n    /// The entry's interactive dismissal: a pan down"))
        // Nothing of the entry's is read in its functions: the controller keeps no parameters and is made plain.
        #expect(text.contains("dismissal = DismissalInteraction()\n"))
    }

    @Test func theEntrysFiguresCurveAndSpeedAreSaid() throws {
        let source = Self.entry("""
                dismissal = {gesture = "pan", direction = "up", distance = 300, completionCurve = "easeOut", completionSpeed = 1.5,
                             finishThreshold = 0.4, velocityThreshold = false},
            """)
        let text = try Self.interaction(source)
        #expect(text.contains("""
                override init() {
                    super.init()
                    completionCurve = .easeOut
                    completionSpeed = 1.5
                }
            """))
        #expect(text.contains("let percent = min(max(-translation.y / 300, 0), 1)"))
        #expect(text.contains("""
                        // Past 0.4 of the way finishes, however fast the finger went.
                        if percent > 0.4 { finish() } else { cancel() }
            """))
        #expect(!text.contains("velocity"))
    }

    @Test func theEntrysFunctionsAreMethodsOfTheController() throws {
        let source = Self.entry("""
                dismissal = {
                  direction = "horizontal",
                  distance = function(size) return size.width / 2 end,
                  shouldFinish = function(g, percent) return percent > 0.3 or g.velocity.x > params.flick end,
                },
            """, parameters: #"flick = {type = "number", default = 800, min = 0, max = 5000},"#)
        let text = try Self.interaction(source)
        #expect(text.contains("let percent = min(max(abs(translation.x) / distance(for: container.bounds.size), 0), 1)"))
        #expect(text.contains("if shouldFinish(gesture, percent, in: container) { finish() } else { cancel() }"))
        #expect(text.contains("""
                /// Points of travel for the whole dismissal, given the container's size.
                private func distance(for size: CGSize) -> CGFloat {
                    size.width / 2.0
                }

                /// Whether letting go here finishes the dismissal (the entry's rule).
                private func shouldFinish(_ g: UIPanGestureRecognizer, _ percent: CGFloat, in container: UIView) -> Bool {
                    percent > 0.3 || g.velocity(in: container).x > params.flick
                }
            """))
    }

    /// The gesture's containerSize is the container's bounds' size, which the controller's methods are given.
    @Test func theContainersSizeIsTheContainers() throws {
        let source = Self.entry("""
                dismissal = {
                  shouldFinish = function(g, percent) return percent + g.velocity.y / g.containerSize.height > 0.3 end,
                },
            """)
        #expect(try Self.interaction(source).contains("percent + g.velocity(in: container).y / container.bounds.size.height > 0.3"))
    }

    /// Two fingers closing: the percent is how far the scale fell from 1 over the distance (a scale of 1 by
    /// default), a flick a scale of 1 a second, and no points are read unless the entry's functions read them.
    @Test func aPinchDrivesByItsScale() throws {
        let text = try Self.interaction(Self.entry("""
                dismissal = {gesture = "pinch", direction = "in"},
            """))
        #expect(text.contains("let recognizer = UIPinchGestureRecognizer(target: self, action: #selector(handlePinch(_:)))"))
        #expect(text.contains("""
                @objc private func handlePinch(_ gesture: UIPinchGestureRecognizer) {
                    let percent = min(max(1 - gesture.scale, 0), 1)
                    switch gesture.state {
            """))
        #expect(text.contains("""
                        let speed = -gesture.velocity
                        // Past 0.5 of the way, or a flick faster than 1 in scale a second, finishes; a flick as fast back cancels.
                        if speed > 1 || (speed >= -1 && percent > 0.5) { finish() } else { cancel() }
            """))
        #expect(!text.contains("container"))
        // Opening, with the entry's rule and speed: the speed asked once the decision is made, which it depends on.
        let open = try Self.interaction(Self.entry("""
                dismissal = {gesture = "pinch", direction = "out", distance = 0.5,
                             shouldFinish = function(g, percent) return g.scale > 1.2 end,
                             completionSpeed = function(g, percent, finishing) return finishing and 2 or 0.5 end},
            """))
        #expect(open.contains("let percent = min(max((gesture.scale - 1) / 0.5, 0), 1)"))
        #expect(open.contains("""
                        let finishes = shouldFinish(gesture, percent, in: container)
                        completionSpeed = speedToComplete(gesture, percent, finishes, in: container)
                        if finishes { finish() } else { cancel() }
            """))
        #expect(open.contains("""
                private func shouldFinish(_ g: UIPinchGestureRecognizer, _ percent: CGFloat, in container: UIView) -> Bool {
                    g.scale > 1.2
                }
            """))
        #expect(open.contains("""
                private func speedToComplete(_ g: UIPinchGestureRecognizer, _ percent: CGFloat, _ finishing: Bool, in container: UIView) -> CGFloat {
                    finishing ? 2.0 : 0.5
                }
            """))
        // A pan's direction is no pinch's.
        let refusal = try #require(TranslatorTests.refusal(Self.entry("    dismissal = {gesture = \"pinch\", direction = \"down\"},")))
        #expect(refusal.construct == "interaction.dismissal.direction \"down\" for a pinch" && refusal.line == 10, "\(refusal)")
    }

    /// What the reviewers broke: a constant a member of the controller would shadow, a rule with a way through that
    /// returns nothing, a dismissal UIKit's sheet drags itself, a key given twice, -0 and the author's own keys.
    @Test func namesPathsSheetsAndKeysAsLuaMeansThem() throws {
        let shadowed = "local completionSpeed = 1.5\n" + Self.entry("    dismissal = {shouldFinish = function(g, p) return p * completionSpeed > 0.5 end},")
        let constant = try #require(TranslatorTests.refusal(shadowed))
        #expect(constant.line == 1 && constant.construct == "the name 'completionSpeed' at the top of the entry", "\(constant)")
        let noReturn = try #require(TranslatorTests.refusal(Self.entry("""
                dismissal = {shouldFinish = function(g, p)
                  if p > 0.5 then return true end
                end},
            """)))
        #expect(noReturn.line == 10 && noReturn.construct == "interaction.dismissal.shouldFinish with a way through that returns nothing", "\(noReturn)")
        let sheet = try #require(TranslatorTests.refusal(Self.entry("    dismissal = {},").replacingOccurrences(of: "  interaction =", with: "  presentationStyle = \"pageSheet\",\n  interaction =")))
        #expect(sheet.construct == "an interactive dismissal of a pageSheet", "\(sheet)")
        // The last of two distances, as Lua keeps it; -0 as 0; `_note` the author's.
        let text = try Self.interaction(Self.entry("""
                dismissal = {distance = function(size) return size.height end, distance = 100, velocityThreshold = -0, _note = "mine"},
            """))
        #expect(text.contains("let percent = min(max(translation.y / 100, 0), 1)"), "\(text)")
        #expect(text.contains("if speed > 0 || (speed >= 0 && percent > 0.5) { finish() } else { cancel() }"), "\(text)")
        #expect(!text.contains("func distance"))
    }

    /// The entry's progress(g, size) instead of the travel over the distance; a function of the entry's it calls is a
    /// static method of the delegate's class (the animator and the controller both reach it), given the parameters it reads.
    @Test func progressAndTheHelpersItShares() throws {
        let source = Self.entry("    dismissal = {progress = function(g, size) return toward(g.translation) / size.height end},",
                                parameters: #"k = {type = "number", default = 2, min = 1, max = 3},"#,
                                above: "-- The entry.\n\n-- How far down a point is.\nlocal function toward(p) return p.y end\n\n")
        let text = try TranslatorTests.export(source)
        // A static method of the delegate's class, called through it (a member of the controller's could hide a plain name).
        #expect(text.contains("""
                // How far down a point is.
                private static func toward(_ p: CGPoint) -> CGFloat {
                    p.y
                }
            }
            """), "\(text)")
        let controller = try Self.interaction(source)
        #expect(controller.contains("let percent = min(max(progress(gesture, container.bounds.size, in: container), 0), 1)"))
        #expect(!controller.contains("let translation"))
        #expect(controller.contains("""
                private func progress(_ g: UIPanGestureRecognizer, _ size: CGSize, in container: UIView) -> CGFloat {
                    TTransition.toward(g.translation(in: container)) / size.height
                }
            """))
        // A function of the entry's declared below the one that calls it is a nil global to Lua there.
        let late = TranslatorTests.refusal(Self.entry("    dismissal = {},", above: "local function early(p) return later(p) end\nlocal function later(p) return p end\n")
            .replacingOccurrences(of: "ctx:completeTransition(true)", with: "ctx:completeTransition(early(true))"))
        #expect(late?.construct == "a call of 'later' from a function declared above it", "\(String(describing: late))")
        // One that reads the entry's parameters is given them by the class calling it, which keeps them.
        let reads = try TranslatorTests.export(source.replacingOccurrences(of: "return p.y end", with: "return p.y * params.k end"))
        #expect(reads.contains("private static func toward(_ p: CGPoint, params: Parameters) -> CGFloat {"), "\(reads)")
        #expect(reads.contains("TTransition.toward(g.translation(in: container), params: params) / size.height"), "\(reads)")
        #expect(reads.contains("dismissal = DismissalInteraction(params: params)"), "\(reads)")
    }

    /// `g.view` is UIKit's `view` of the recognizer: optional there, so unwrapped where the Lua would stop on nil.
    @Test func theGesturesViewIsTheRecognizers() throws {
        let source = Self.entry("    dismissal = {progress = function(g, size) return g.translation.y / g.view.bounds.height end},")
        let controller = try Self.interaction(source)
        #expect(controller.contains("""
                private func progress(_ g: UIPanGestureRecognizer, _ size: CGSize, in container: UIView) -> CGFloat {
                    guard let view = g.view else { preconditionFailure("t.lua:10: g.view is nil") }
                    return g.translation(in: container).y / view.bounds.size.height
                }
            """), "\(controller)")
        // It is read, never set.
        let set = TranslatorTests.refusal(Self.entry("    dismissal = {progress = function(g, size) g.view = nil; return 0 end},"))
        #expect(set?.line == 10 && set?.construct == "an assignment to 'view'", "\(String(describing: set))")
    }

    @Test func whatIsNotExportedYetIsRefusedAtItsLine() throws {
        // Line 10 is the first line of the interaction table's contents.
        let cases: [(lua: String, line: Int, construct: String)] = [
            ("    presented = {gesture = \"pinch\"},", 10, "interaction.presented.gesture: a gesture other than \"pan\" written in place"),
            ("    presentation = {gesture = \"pinch\", direction = \"up\"},", 10, "interaction.presentation.direction \"up\" for a pinch"),
            ("    dismissal = {gesture = \"screenEdgePan\"},", 10, "interaction.dismissal.gesture: a gesture other than \"pan\" or \"pinch\" written in place"),
            ("    dismissal = {\n      completionCurve = CAMediaTimingFunction(0.2, 0, 0, 1),\n    },", 11,
             "interaction.dismissal.completionCurve: a curve other than one of easeInOut, easeIn, easeOut, linear written in place"),
            ("    dismissal = {direction = function() return params.way end},", 10,
             "interaction.dismissal.direction: a direction computed when the entry runs (or not one of down, up, left, right, vertical, horizontal, in, out)"),
            ("    dismissal = {finishesWhileDragging = true},", 10, "interaction.dismissal.finishesWhileDragging: not a function written in place"),
            ("    dismissal = {shouldFinish = function(container, percent) return true end},", 10, "the name 'container' in interaction.dismissal.shouldFinish"),
        ]
        for (lua, line, construct) in cases {
            let refusal = try #require(TranslatorTests.refusal(Self.entry(lua)), "\(lua)")
            #expect(refusal.line == line, "\(lua): \(refusal)")
            #expect(refusal.construct == construct, "\(lua): \(refusal)")
        }
    }

    /// finishesWhileDragging: the action finishes as the finger passes the entry's mark, at the speed a release would have,
    /// and the rest of the drag (its moves, its lift, a cancel) drives nothing.
    @Test func aFinishWithTheFingerStillDown() throws {
        let source = Self.entry("""
                dismissal = {
                  gesture = "pan", distance = 400,
                  finishesWhileDragging = function(g, percent) return g.translation.y >= 240 end,
                  completionSpeed = function(g, percent, finishing) return finishing and 2 or 1 end,
                },
            """)
        let interaction = try Self.interaction(source)
        #expect(interaction.contains("""
                    case .changed where isDragging:
                        update(percent)
                        if finishesWhileDragging(gesture, percent, in: container) {
                            // Finished with the finger still down, at the speed a release would have: the rest of the drag drives nothing.
                            isDragging = false
                            completionSpeed = speedToComplete(gesture, percent, true, in: container)
                            finish()
                        }
                    case .ended where isDragging:
            """), "\(interaction)")
        #expect(interaction.contains("case .cancelled where isDragging, .failed where isDragging:"), "\(interaction)")
        #expect(interaction.contains("""
                /// Whether the dismissal finishes now, with the finger still down (the entry's rule).
                private func finishesWhileDragging(_ g: UIPanGestureRecognizer, _ percent: CGFloat, in container: UIView) -> Bool {
                    g.translation(in: container).y >= 240.0
                }
            """), "\(interaction)")
        // Without it the cases are the dismissal's as before.
        #expect(!(try Self.interaction(Self.entry("    dismissal = {gesture = \"pan\"},"))).contains("where isDragging"))
    }

    /// `interaction.presentation`: the app attaches the gesture to its screen with what to present; the action makes the
    /// controller, gives it the entry's style and the transition, and presents it, the rest as a dismissal's.
    @Test func aPresentingPinchPresentsWhatTheAppGives() throws {
        let source = Self.entry("""
                presentation = {gesture = "pinch", distance = 0.5},
            """)
        let text = try TranslatorTests.export(source)
        #expect(text.contains("""
                func attachPresentation(to presenter: UIViewController, makeViewController: @escaping @MainActor () -> UIViewController?) {
                    presentation.attach(to: presenter, transition: self, makeViewController: makeViewController)
                }

                /// The presentation follows the fingers only while a gesture is under way; otherwise it plays as animated.
                func interactionControllerForPresentation(
                    using animator: any UIViewControllerAnimatedTransitioning
                ) -> (any UIViewControllerInteractiveTransitioning)? {
                    presentation.isDragging ? presentation : nil
                }
            """), "\(text)")
        #expect(text.contains("///     transition.attachPresentation(to: self) { [weak self] in"), "\(text)")
        #expect(!text.contains("DismissalInteraction"), "\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("private final class PresentationInteraction") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        #expect(lines[start...end].map { String($0.dropFirst(4)) }.joined(separator: "\n") == """
            private final class PresentationInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate {
                /// Whether a drag is under way: the delegate gives UIKit this controller only then.
                private(set) var isDragging = false
                private weak var presenter: UIViewController?
                /// The transition whose presentation it drives: UIKit holds a transitioning delegate weakly, and so does this.
                private weak var transition: (any UIViewControllerTransitioningDelegate)?
                private var makeViewController: (@MainActor () -> UIViewController?)?

                /// The presenting screen gets the pinch once, however often it is attached.
                func attach(
                    to presenter: UIViewController, transition: any UIViewControllerTransitioningDelegate,
                    makeViewController: @escaping @MainActor () -> UIViewController?
                ) {
                    self.presenter = presenter
                    self.transition = transition
                    self.makeViewController = makeViewController
                    let attached = presenter.view.gestureRecognizers?.contains { $0.delegate === self } ?? false
                    guard !attached else { return }
                    let recognizer = UIPinchGestureRecognizer(target: self, action: #selector(handlePinch(_:)))
                    recognizer.delegate = self
                    presenter.view.addGestureRecognizer(recognizer)
                }

                /// Only on the presenting screen while it presents nothing and no transition of its own is under way.
                func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                    guard let presenter, gestureRecognizer.view === presenter.view else { return false }
                    return presenter.presentedViewController == nil && presenter.transitionCoordinator == nil
                }

                @objc private func handlePinch(_ gesture: UIPinchGestureRecognizer) {
                    let percent = min(max((gesture.scale - 1) / 0.5, 0), 1)
                    switch gesture.state {
                    case .began:
                        guard let presenter, let transition, let viewController = makeViewController?() else { return }
                        viewController.modalPresentationStyle = TTransition.presentationStyle
                        viewController.transitioningDelegate = transition
                        isDragging = true
                        presenter.present(viewController, animated: true)
                        update(percent)
                    case .changed where isDragging:
                        update(percent)
                    case .ended where isDragging:
                        update(percent)
                        isDragging = false
                        let speed = gesture.velocity
                        // Past 0.5 of the way, or a flick faster than 1 in scale a second, finishes; a flick as fast back cancels.
                        if speed > 1 || (speed >= -1 && percent > 0.5) { finish() } else { cancel() }
                    case .cancelled where isDragging, .failed where isDragging:
                        isDragging = false
                        cancel()
                    default:
                        break
                    }
                }
            }
            """)
    }

    /// An entry made for navigation is the navigation controller's delegate too, the same animator pushing and popping,
    /// and its `interaction.pop` UIKit's edge swipe from the left on the navigation controller's view.
    @Test func aNavigationEntryPushesAndPopsByTheEdgeSwipe() throws {
        let source = Self.entry("    pop = {gesture = \"screenEdgePan\", edge = \"left\", finishThreshold = 0.3},")
            .replacingOccurrences(of: "  interaction =", with: "  navigation = true,\n  interaction =")
        let text = try TranslatorTests.export(source)
        #expect(text.contains("final class TTransition: NSObject, UIViewControllerTransitioningDelegate, UINavigationControllerDelegate {"), "\(text)")
        #expect(text.contains("""
                    pop = PopInteraction()
            """), "\(text)")
        #expect(text.contains("""
                func navigationController(
                    _ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                    from fromVC: UIViewController, to toVC: UIViewController
                ) -> (any UIViewControllerAnimatedTransitioning)? {
                    guard operation != .none else { return nil }
                    pop.attach(to: navigationController, owner: self)
                    return Animator(params: params, isPresenting: operation == .push)
                }
            """), "\(text)")
        #expect(text.contains("""
                func navigationController(
                    _ navigationController: UINavigationController,
                    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
                ) -> (any UIViewControllerInteractiveTransitioning)? {
                    pop.isDragging ? pop : nil
                }
            """), "\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("private final class PopInteraction") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        let controller = lines[start...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
        #expect(controller == """
            private final class PopInteraction: UIPercentDrivenInteractiveTransition, UIGestureRecognizerDelegate {
                /// Whether a drag is under way: the delegate gives UIKit this controller only then.
                private(set) var isDragging = false
                private weak var navigationController: UINavigationController?
                /// The navigation delegate that attached it: the swipe pops only while that is the delegate.
                private weak var owner: (any UINavigationControllerDelegate)?

                /// The navigation controller's view gets the edge swipe once, however often it pushes; UIKit's own back
                /// swipe waits for it, so that the two never both begin.
                func attach(to navigationController: UINavigationController, owner: any UINavigationControllerDelegate) {
                    self.navigationController = navigationController
                    self.owner = owner
                    let attached = navigationController.view.gestureRecognizers?.contains { $0.delegate === self } ?? false
                    guard !attached else { return }
                    let recognizer = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(handleEdgePan(_:)))
                    recognizer.edges = .left
                    recognizer.delegate = self
                    navigationController.view.addGestureRecognizer(recognizer)
                    navigationController.interactivePopGestureRecognizer?.require(toFail: recognizer)
                }

                /// Only while its delegate is the one that attached it, with a screen to go back to and no push or pop under way.
                func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                    guard let navigationController, let owner, gestureRecognizer.view === navigationController.view,
                          navigationController.delegate === owner else { return false }
                    return navigationController.viewControllers.count > 1 && navigationController.transitionCoordinator == nil
                }

                @objc private func handleEdgePan(_ gesture: UIScreenEdgePanGestureRecognizer) {
                    // In the points of the navigation controller's view, which the screens move within.
                    guard let container = gesture.view else {
                        if isDragging {
                            isDragging = false
                            cancel()
                        }
                        return
                    }
                    let translation = gesture.translation(in: container)
                    let percent = min(max(translation.x / container.bounds.width, 0), 1)
                    switch gesture.state {
                    case .began:
                        guard let navigationController else { return }
                        isDragging = true
                        navigationController.popViewController(animated: true)
                        update(percent)
                    case .changed:
                        update(percent)
                    case .ended:
                        update(percent)
                        isDragging = false
                        let velocity = gesture.velocity(in: container)
                        let speed = velocity.x
                        // Past 0.3 of the way, or a flick faster than 1000 points a second, finishes; a flick as fast back cancels.
                        if speed > 1000 || (speed >= -1000 && percent > 0.3) { finish() } else { cancel() }
                    case .cancelled, .failed:
                        isDragging = false
                        cancel()
                    default:
                        break
                    }
                }
            }
            """, "\(controller)")
        // Only a navigation controller pops; UIKit's pop is the swipe from the left edge, travelling right.
        let notNavigation = try #require(TranslatorTests.refusal(Self.entry("    pop = {gesture = \"screenEdgePan\"},")))
        #expect(notNavigation.construct == "interaction.pop in an entry not made for navigation", "\(notNavigation)")
        let rightEdge = try #require(TranslatorTests.refusal(source.replacingOccurrences(of: "edge = \"left\"", with: "edge = \"right\"")))
        #expect(rightEdge.construct == "interaction.pop.edge: an edge other than \"left\" written in place", "\(rightEdge)")
        let direction = try #require(TranslatorTests.refusal(source.replacingOccurrences(of: "edge = \"left\"", with: "direction = \"down\"")))
        #expect(direction.construct == "interaction.pop.direction: a direction", "\(direction)")
    }
}

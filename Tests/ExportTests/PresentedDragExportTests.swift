@testable import Export
import Testing

/// An entry's own drag of the presented screen, a property animator on a spring, and the pieces they read (the entry's
/// presentation controller from outside its hooks, a recognizer's state, views compared by identity): each expected
/// Swift written out by hand, and what is not exported refused at its line.
@Suite struct PresentedDragExportTests {
    /// A full-screen custom presentation over a shade the controller keeps, with `interaction`.
    static func entry(_ interaction: String, animate: String = "ctx:completeTransition(true)") -> String {
        """
        local function animateTransition(ctx)
          \(animate)
        end

        return {
          title = "T", summary = "S.",
          parameters = {fraction = {type = "number", default = 0.2, min = 0, max = 1}},
          presentationStyle = "custom",
          presentationController = {
            presentationTransitionWillBegin = function(self)
              local shade = UIView.new{frame = self.containerView.bounds, backgroundColor = UIColor.black}
              self.containerView:insertSubview(shade, 0)
              self.shade = shade
            end,
          },
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
          interaction = {
        \(interaction)
          },
        }
        """
    }

    /// The lines of `class`'s declaration through its closing brace, unindented by one level.
    static func section(_ text: String, _ name: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("private final class \(name)") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        return lines[start...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
    }

    @Test func theDragIsAPanWhoseActionCallsTheHandlers() throws {
        let source = Self.entry("""
                -- The screen follows the finger.
                presented = {
                  gesture = "pan", direction = "down",
                  changed = function(g, controller)
                    controller.view.transform = CGAffineTransformMakeTranslation(0, g.translation.y)
                    local own = controller.presentationController
                    if own then own.shade.alpha = 1 - g.translation.y / g.containerSize.height end
                  end,
                  -- Let go far enough, it goes.
                  ended = function(g, controller)
                    if g.state == "ended" and g.translation.y > params.fraction * g.containerSize.height then
                      return controller:dismiss(true)
                    end
                    controller.view.transform = CGAffineTransformIdentity
                  end,
                },
            """)
        let text = try TranslatorTests.export(source)
        // The delegate keeps the drag and gives it each screen it presents.
        #expect(text.contains("""
                    presentedDrag.attach(to: presented)
                    return Animator(params: params, isPresenting: true)
            """), "\(text)")
        #expect(text.contains("presentedDrag = PresentedDrag(params: params)"))
        // The field a handler reads is the controller's to set, and readable outside it.
        #expect(text.contains("        private(set) var shade: UIView!\n"), "\(text)")
        #expect(try Self.section(text, "PresentedDrag") == """
            private final class PresentedDrag: NSObject, UIGestureRecognizerDelegate {
                let params: Parameters
                private weak var presented: UIViewController?

                init(params: Parameters) {
                    self.params = params
                }

                /// The screen being presented gets the pan once, however often it is presented.
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
                    // In the container's points: the presented view moves within it.
                    guard let presented, let container = gesture.view?.superview else { return }
                    switch gesture.state {
                    case .changed:
                        changed(gesture, presented, in: container)
                    case .ended, .cancelled, .failed:
                        ended(gesture, presented, in: container)
                    default:
                        break
                    }
                }

                /// The finger has moved (the entry's).
                private func changed(_ g: UIPanGestureRecognizer, _ controller: UIViewController, in container: UIView) {
                    controller.view.transform = CGAffineTransform(translationX: 0, y: g.translation(in: container).y)
                    let own = controller.presentationController as? PresentationController
                    if let own {
                        own.shade.alpha = 1.0 - g.translation(in: container).y / container.bounds.size.height
                    }
                }

                // Let go far enough, it goes.
                /// The finger has lifted, or the system has taken the gesture away (`g.state` says which: the entry's).
                private func ended(_ g: UIPanGestureRecognizer, _ controller: UIViewController, in container: UIView) {
                    if g.state == .ended && g.translation(in: container).y > params.fraction * container.bounds.size.height {
                        controller.dismiss(animated: true)
                        return
                    }
                    controller.view.transform = CGAffineTransform.identity
                }
            }
            """)
        // The comment above the table goes above the class.
        #expect(text.contains("    // The screen follows the finger.\n    /// The entry's own drag of the presented screen"), "\(text)")
    }

    @Test func whatTheDragCannotSayIsRefusedAtItsLine() throws {
        let cases: [(source: String, line: Int, construct: String)] = [
            (Self.entry("    presented = {ended = function(g, c) end},\n    dismissal = {},"), 19,
             "interaction.presented beside interaction.dismissal"),
            (Self.entry("    presented = {began = function(g, c) c.presentationController.shade = nil end},"), 18,
             "an assignment to the presentation controller's 'shade' from outside its hooks"),
            (Self.entry("    presented = {began = function(g, c) c.presentationController.tint.alpha = 1 end},"), 18,
             "the presentation controller's 'tint', which none of its hooks sets"),
            (Self.entry("    presented = {began = function(g, c) if g.state == \"moved\" then c:dismiss(true) end end},"), 18,
             "\"moved\" as a UIGestureRecognizer.State"),
            (Self.entry("    presented = {ended = 1},"), 18, "interaction.presented.ended: not a function written in place"),
        ]
        for (source, line, construct) in cases {
            let refusal = try #require(TranslatorTests.refusal(source), "\(source)")
            #expect(refusal.line == line && refusal.construct == construct, "\(refusal)")
        }
        // An entry of UIKit's own controller has none of its own to reach.
        let plain = TranslatorTests.entry("if ctx:viewControllerForKey(\"to\").presentationController then ctx:completeTransition(true) end")
        #expect(TranslatorTests.refusal(plain)?.construct == "presentationController in an entry with no presentation controller of its own")
    }

    /// A property animator on a spring of the entry's physics, its duration Core Animation's settling time; animations
    /// added late with a delay factor, a completion told the position; two views compared by identity.
    @Test func aSpringAnimatorAndItsSettlingTime() throws {
        let lua = """
            local view = ctx:viewForKey("to")
            if view.superview ~= ctx.containerView then ctx.containerView:addSubview(view) end
            local spring = CASpringAnimation{keyPath = "opacity", mass = 1, stiffness = 100, damping = 20}
            local animator = UIViewPropertyAnimator.new{
              duration = spring.settlingDuration,
              timingParameters = UISpringTimingParameters{mass = 1, stiffness = 100, damping = 20, initialVelocity = 0},
              animations = function() view.alpha = 1 end,
            }
            animator:addAnimations(function() view.alpha = 0.5 end, 0.4)
            animator:addCompletion(function(position)
              ctx:completeTransition(position == "end")
            end)
            animator:startAnimation()
            """
        #expect(try TranslatorTests.body(TranslatorTests.entry(lua)) == """
            let view = transitionContext.view(forKey: .to)
            guard let view else { preconditionFailure("t.lua:4: view is nil") }
            if view.superview !== transitionContext.containerView {
                transitionContext.containerView.addSubview(view)
            }
            let spring = CASpringAnimation(keyPath: "opacity")
            spring.mass = 1
            spring.stiffness = 100
            spring.damping = 20
            let animator = UIViewPropertyAnimator(duration: spring.settlingDuration, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: .zero))
            animator.addAnimations {
                view.alpha = 1
            }
            animator.addAnimations({
                view.alpha = 0.5
            }, delayFactor: 0.4)
            animator.addCompletion { position in
                transitionContext.completeTransition(position == .end)
            }
            animator.startAnimation()
            """)
        let cases: [(lua: String, construct: String)] = [
            ("local a = UIViewPropertyAnimator.new{duration = 1, timingParameters = UISpringTimingParameters{dampingRatio = 0.5}}\na:startAnimation()",
             "a spring by its damping ratio"),
            ("local a = UIViewPropertyAnimator.new{duration = 1, timingParameters = UISpringTimingParameters{mass = 1, stiffness = 1, damping = 1, initialVelocity = 2}}\na:startAnimation()",
             "a spring's initial velocity other than 0 written in place"),
            ("UIViewPropertyAnimator.new{duration = 1}:startAnimation()", "UIViewPropertyAnimator.new made in place"),
            ("ctx.containerView.alpha = CASpringAnimation{damping = 1}.settlingDuration", "CASpringAnimation made in place"),
        ]
        for (lua, construct) in cases {
            let refusal = try #require(TranslatorTests.refusal(TranslatorTests.entry(lua + "\nctx:completeTransition(true)")), "\(lua)")
            #expect(refusal.construct == construct && refusal.line == 3, "\(lua): \(refusal)")
        }
        // Beside a percent-driven dismissal, which would scrub it where the engine does not.
        let driven = InteractionExportTests.entry("    dismissal = {},").replacingOccurrences(of: "  ctx:completeTransition(true)", with: """
              local a = UIViewPropertyAnimator.new{duration = 1, timingParameters = UISpringTimingParameters{mass = 1, stiffness = 1, damping = 1}}
              a:startAnimation()
            """)
        #expect(TranslatorTests.refusal(driven)?.construct == "a property animator in an entry with an interactive transition")
    }

    /// Asked without a context, UIKit wants the animated duration.
    @Test func whetherItIsAnimatedDecidesTheDuration() throws {
        let source = TranslatorTests.entry("ctx:completeTransition(true)")
            .replacingOccurrences(of: "transitionDuration = function(ctx) return 0.3 end",
                                  with: "transitionDuration = function(ctx) return ctx.isAnimated and 0.3 or 0 end")
        #expect(try TranslatorTests.export(source).contains("""
                    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
                        (transitionContext?.isAnimated ?? true) ? 0.3 : 0.0
                    }
            """))
        let other = TranslatorTests.entry("ctx:completeTransition(true)")
            .replacingOccurrences(of: "transitionDuration = function(ctx) return 0.3 end",
                                  with: "transitionDuration = function(ctx) return ctx.isInteractive and 0.3 or 0 end")
        #expect(TranslatorTests.refusal(other)?.construct == "ctx.isInteractive in transitionDuration")
    }
}

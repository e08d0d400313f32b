@testable import Export
import Testing

/// A drag shared with a scroll view, as UIKit code: the delegate method the entry's field names, asked of the pan of a
/// scroll view inside the recognizer's view; a scroll view the entry makes and the controller's content scroll view.
/// Each expected text is written out by hand from Apple's declarations.
@Suite struct ScrollViewExportTests {
    static func sharing(_ field: String) throws -> String {
        try InteractionExportTests.interaction(InteractionExportTests.entry("""
                dismissal = {
                  gesture = "pan", direction = "down",
                  \(field)
                },
            """))
    }

    static let isScrollViewPan = """
            /// Whether `other` is the pan of a scroll view inside the view `recognizer` is on.
            private func isScrollViewPan(_ other: UIGestureRecognizer, inside recognizer: UIGestureRecognizer) -> Bool {
                guard let scrollView = other.view as? UIScrollView, let view = recognizer.view, scrollView !== view else { return false }
                return other === scrollView.panGestureRecognizer && scrollView.isDescendant(of: view)
            }
        """

    @Test func eachFieldIsTheDelegateMethodThatSaysIt() throws {
        for (field, label) in [("shouldRecognizeSimultaneously = true,", "shouldRecognizeSimultaneouslyWith"),
                               ("requireToFail = \"scrollView\",", "shouldRequireFailureOf"),
                               ("requiredToFailBy = \"scrollView\",", "shouldBeRequiredToFailBy")] {
            let text = try Self.sharing(field)
            #expect(text.contains("""
                    func gestureRecognizer(
                        _ gestureRecognizer: UIGestureRecognizer,
                        \(label) otherGestureRecognizer: UIGestureRecognizer
                    ) -> Bool {
                        isScrollViewPan(otherGestureRecognizer, inside: gestureRecognizer)
                    }
                """), "\(field)\n\(text)")
            #expect(text.contains(Self.isScrollViewPan), "\(text)")
        }
        // false is UIKit's default: nothing is written.
        #expect(!(try Self.sharing("shouldRecognizeSimultaneously = false,")).contains("isScrollViewPan"))
    }

    @Test func whatIsNotExportedIsRefusedAtItsLine() {
        let asked = InteractionExportTests.entry("""
                dismissal = {
                  gesture = "pan",
                  shouldRecognizeSimultaneously = function(g, other) return true end,
                },
            """)
        let refusal = TranslatorTests.refusal(asked)
        #expect(refusal?.line == 12, "\(String(describing: refusal))")
        #expect(refusal?.instead.contains("shouldRecognizeSimultaneously = true") == true)
        let other = TranslatorTests.refusal(InteractionExportTests.entry("""
                dismissal = {gesture = "pan", requireToFail = "tap"},
            """))
        #expect(other?.line == 10 && other?.instead.contains("\"scrollView\"") == true, "\(String(describing: other))")
    }

    @Test func aScrollViewAndTheControllersContentScrollView() throws {
        let text = try TranslatorTests.export("""
            return {
              title = "T", summary = "S.",
              animator = {
                transitionDuration = function(ctx) return 0.3 end,
                animateTransition = function(ctx)
                  local controller = ctx:viewControllerForKey("to")
                  local list = UIScrollView.new{name = "list", frame = controller.view.bounds}
                  list.contentSize = CGSize(390, 2000)
                  list.bounces = false
                  list.alwaysBounceVertical = true
                  controller.view:addSubview(list)
                  controller:setContentScrollView(list)
                  controller:setContentScrollView(list, "bottom")
                  local found = controller:contentScrollView("bottom")
                  found.contentOffset = CGPoint(0, 40)
                  ctx.containerView:addSubview(controller.view)
                  ctx:completeTransition(true)
                end,
              },
            }
            """)
        #expect(text.contains("""
                        let list = UIScrollView(frame: controller.view.bounds)
                        list.accessibilityIdentifier = "list"
                        list.contentSize = CGSize(width: 390, height: 2000)
                        list.bounces = false
                        list.alwaysBounceVertical = true
                        controller.view.addSubview(list)
                        controller.setContentScrollView(list)
                        controller.setContentScrollView(list, for: .bottom)
                        let found = controller.contentScrollView(for: .bottom)
            """), "\(text)")
        let leading = TranslatorTests.refusal("""
            return {
              title = "T", summary = "S.",
              animator = {
                transitionDuration = function(ctx) return 0.3 end,
                animateTransition = function(ctx)
                  local list = ctx:viewControllerForKey("to"):contentScrollView("leading")
                  ctx:completeTransition(true)
                end,
              },
            }
            """)
        #expect(leading?.line == 6 && leading?.instead.contains("\"top\", \"bottom\"") == true, "\(String(describing: leading))")
    }
}

extension ScrollViewExportTests {
    /// The entry's own drag of the presented screen shares with a scroll view by the same delegate method.
    @Test func aDragOfThePresentedScreenSharesByTheSameMethod() throws {
        let text = try TranslatorTests.export(PresentedDragExportTests.entry("""
                presented = {
                  gesture = "pan", direction = "down",
                  shouldRecognizeSimultaneously = true,
                  changed = function(g, controller) controller.view.transform = CGAffineTransformMakeTranslation(0, g.translation.y) end,
                  ended = function(g, controller) controller.view.transform = CGAffineTransformIdentity end,
                },
            """))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("private final class PresentedDrag") })
        let end = try #require(lines[start...].firstIndex { $0 == "    }" })
        let drag = lines[start...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
        #expect(drag.contains("""
                    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
                ) -> Bool {
                    isScrollViewPan(otherGestureRecognizer, inside: gestureRecognizer)
                }
            """), "\(drag)")
        #expect(drag.contains(Self.isScrollViewPan), "\(drag)")
    }
}

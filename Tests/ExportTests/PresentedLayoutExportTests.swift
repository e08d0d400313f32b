@testable import Export
import Testing

/// The presented controller's own `viewWillTransition` and `viewWillLayoutSubviews` as methods of the transition the
/// app's overrides call: the expected Swift written out by hand, and what cannot be said refused at its line.
@Suite struct PresentedLayoutExportTests {
    /// An over-full-screen entry whose `presentedViewController` table is `hooks`.
    static func entry(_ hooks: String) -> String {
        """
        return {
          title = "T", summary = "S.",
          parameters = {inset = {type = "number", default = 20, min = 0, max = 100}},
          presentationStyle = "overFullScreen",
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = function(ctx) ctx:completeTransition(true) end},
          presentedViewController = {
        \(hooks)
          },
        }
        """
    }

    /// The lines from `start` through the method's closing brace, unindented by one level.
    static func method(_ text: String, _ start: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.contains(start) })
        let end = try #require(lines[first...].firstIndex { $0 == "    }" })
        return lines[first...end].map { String($0.dropFirst(4)) }.joined(separator: "\n")
    }

    @Test func eachHookIsAMethodTheOverrideCalls() throws {
        let text = try TranslatorTests.export(Self.entry("""
                -- The first subview fills the view less the inset.
                viewWillLayoutSubviews = function(controller)
                  local content = controller.view.subviews[1]
                  if content then content.frame = controller.view.bounds:insetBy(params.inset, params.inset) end
                end,
                viewWillTransition = function(vc, size, coordinator)
                  coordinator:animateAlongsideTransition(function() vc.view.alpha = size.width > size.height and 0.5 or 1 end)
                end,
            """))
        #expect(try Self.method(text, "// The first subview fills") == """
            // The first subview fills the view less the inset.
            /// The presented controller's `viewWillLayoutSubviews()`: its view's size has changed.
            func presentedViewWillLayoutSubviews(_ controller: UIViewController) {
                let content = controller.view.subviews.first
                if let content {
                    content.frame = controller.view.bounds.insetBy(dx: params.inset, dy: params.inset)
                }
            }
            """)
        #expect(try Self.method(text, "/// The presented controller's `viewWillTransition") == """
            /// The presented controller's `viewWillTransition(to:with:)`: its view is about to take `size`.
            func presentedViewWillTransition(
                _ vc: UIViewController, to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator
            ) {
                coordinator.animate(alongsideTransition: { _ in
                    vc.view.alpha = size.width > size.height ? 0.5 : 1.0
                })
            }
            """)
        // The overrides to write, in the entry's order, in the type's documentation.
        #expect(text.contains("""
            ///     override func viewWillLayoutSubviews() {
            ///         super.viewWillLayoutSubviews()
            ///         (transitioningDelegate as? TTransition)?.presentedViewWillLayoutSubviews(self)
            ///     }
            ///
            ///     override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
            ///         super.viewWillTransition(to: size, with: coordinator)
            ///         (transitioningDelegate as? TTransition)?.presentedViewWillTransition(self, to: size, with: coordinator)
            ///     }
            """), "\(text)")
    }

    /// A hook that names fewer parameters still has UIKit's: the rest are `_`.
    @Test func parametersLeftOutAreUnnamed() throws {
        let text = try TranslatorTests.export(Self.entry("viewWillTransition = function(controller) controller.view.alpha = 1 end,"))
        #expect(text.contains("_ controller: UIViewController, to _: CGSize, with _: any UIViewControllerTransitionCoordinator"), "\(text)")
    }

    /// A view found by its name among the controller's (the app's own views are there too), the literal on either side.
    @Test func aSubviewIsFoundByItsName() throws {
        let text = try TranslatorTests.export(Self.entry("""
                viewWillLayoutSubviews = function(controller)
                  for _, v in ipairs(controller.view.subviews) do
                    if "card" == v.name then v.alpha = 1 end
                    if v.name == "shade" then v.alpha = 0.5 end
                  end
                end,
            """))
        #expect(text.contains("""
                    for v in controller.view.subviews {
                        if "card" == v.accessibilityIdentifier {
                            v.alpha = 1
                        }
                        if v.accessibilityIdentifier == "shade" {
                            v.alpha = 0.5
                        }
                    }
            """), "\(text)")
    }

    @Test func whatTheHooksCannotSayIsRefusedAtItsLine() {
        let cases: [(hooks: String, line: Int, construct: String)] = [
            ("viewDidLoad = function(controller) end,", 7, "presentedViewController.viewDidLoad"),
            ("viewWillLayoutSubviews = layout,", 7, "presentedViewController.viewWillLayoutSubviews that is not a function written in place"),
            ("viewWillLayoutSubviews = function(controller, extra) end,", 7, "presentedViewController.viewWillLayoutSubviews with 2 parameter(s)"),
            ("function(controller) end,", 7, "a presentedViewController with positional values"),
            ("viewWillLayoutSubviews = function(c)\n  local second = c.view.subviews[2]\nend,", 8, "subviews indexed other than by 1"),
            ("viewWillLayoutSubviews = function(c)\n  c.view.subviews[1] = c.view\nend,", 8, "an assignment to an element of subviews"),
        ]
        for (hooks, line, construct) in cases {
            let refusal = TranslatorTests.refusal(Self.entry(hooks))
            #expect(refusal?.line == line && refusal?.construct == construct, "\(hooks): \(String(describing: refusal))")
        }
    }
}

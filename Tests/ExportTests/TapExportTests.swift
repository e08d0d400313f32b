@testable import Export
import Testing

/// A tap recognizer the presentation controller puts on its dimming: UIKit's target–action form, the action a method of
/// the controller (the expected Swift written out by hand), and what cannot be a method refused at its line.
@Suite struct TapExportTests {
    static func entry(_ tap: String, action: String = "self.presentedViewController:dismiss(true)") -> String {
        """
        return {
          title = "T", summary = "S.",
          parameters = {dismissOnTap = {type = "boolean", default = true}},
          presentationStyle = "custom",
          presentationController = {
            presentationTransitionWillBegin = function(self)
              local dimming = UIView.new{frame = self.containerView.bounds, backgroundColor = UIColor.black}
              self.containerView:insertSubview(dimming, 0)
              self.dimmingView = dimming
              \(tap.replacingOccurrences(of: "ACTION", with: action))
            end,
          },
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = function(ctx) ctx:completeTransition(true) end},
        }
        """
    }

    @Test func aTapOnTheDimmingIsATargetActionPairOnTheController() throws {
        let text = try TranslatorTests.export(Self.entry("""
            self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(g)
                  if params.dismissOnTap then ACTION end
                end})
            """))
        #expect(text.contains("        self.dimmingView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap(_:))))\n"),
                "\(text)")
        #expect(text.contains("""

                    /// A tap recognizer's action: sent once the tap is recognized, when the finger lifts.
                    @objc private func handleTap(_ g: UITapGestureRecognizer) {
                        if params.dismissOnTap {
                            self.presentedViewController.dismiss(animated: true)
                        }
                    }

            """), "\(text)")
        // The action reads the parameters: the controller keeps them.
        #expect(text.contains("private final class PresentationController: UIPresentationController {\n        let params: Parameters\n"))
    }

    @Test func twoTapsAreTwoMethodsAndAnUnusedParameterIsKept() throws {
        let text = try TranslatorTests.export(Self.entry("""
            self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function() ACTION end})
                  self.containerView:addGestureRecognizer(UITapGestureRecognizer.new{action = function(tap) tap.view.alpha = 0.5 end})
            """))
        #expect(text.contains("#selector(handleTap(_:))") && text.contains("#selector(handleTap2(_:))"))
        #expect(text.contains("@objc private func handleTap(_ gesture: UITapGestureRecognizer) {\n"), "\(text)")
        // The Lua stops on a nil view, as the Swift does, at the line.
        #expect(text.contains("""
                    @objc private func handleTap2(_ tap: UITapGestureRecognizer) {
                        guard let view = tap.view else { preconditionFailure("t.lua:11: tap.view is nil") }
                        view.alpha = 0.5
                    }
            """),
                "\(text)")
    }

    @Test func whatAMethodCannotReachIsRefusedAtItsLine() throws {
        // A local of the hook: the method is outside it.
        let local = Self.entry("""
            self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function() dimming.alpha = 0 end})
            """)
        let refusal = try #require(TranslatorTests.refusal(local))
        #expect(refusal.line == 10, "\(refusal)")
        #expect(refusal.construct == "a tap's action that reads 'dimming', a local of the hook it is made in", "\(refusal)")
        // Not written in place, and outside the controller.
        let named = Self.entry("self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = print})")
        #expect(TranslatorTests.refusal(named)?.construct == "a tap's action that is not a function written in place")
        let outside = """
            return {
              title = "T", summary = "S.",
              animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = function(ctx)
                ctx.containerView:addGestureRecognizer(UITapGestureRecognizer.new{action = function() end})
                ctx:completeTransition(true)
              end},
            }
            """
        let refused = try #require(TranslatorTests.refusal(outside))
        #expect(refused.construct == "a UITapGestureRecognizer outside the presentation controller's hooks")
        #expect(refused.line == 4)
        let enabled = Self.entry("self.dimmingView:addGestureRecognizer(UITapGestureRecognizer.new{action = function() end, isEnabled = false})")
        #expect(TranslatorTests.refusal(enabled)?.construct == "a tap recognizer's isEnabled")
    }
}

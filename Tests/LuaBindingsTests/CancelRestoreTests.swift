import Foundation
import LuaBindings
import Testing
import Transitions

/// What a cancelled interactive dismissal must leave as it was, judged once
/// the code that called completeTransition has returned.
@Suite struct CancelRestoreTests {
    /// An interactive fade out whose completion is `completion`; `extra` runs at the start of the dismissal.
    static func entry(completion: String, extra: String = "") -> String {
        """
        local function animateTransition(ctx)
          local presenting = ctx.isPresenting
          local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          local behind = ctx:viewControllerForKey(presenting and "from" or "to").view
          if presenting then
            view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            view.alpha = 0
            ctx.containerView:addSubview(view)
          end
          \(extra)
          UIView.animate{
            duration = 0.3,
            animations = function() view.alpha = presenting and 1 or 0 end,
            completion = function(finished)
              local cancelled = ctx:transitionWasCancelled()
              \(completion)
            end,
          }
        end
        return {
          title = "Cancel", summary = "An interactive fade.",
          presentationStyle = "custom",
          animator = {transitionDuration = function(ctx) return 0.3 end, animateTransition = animateTransition},
          interaction = {dismissal = {gesture = "pan", direction = "down"}},
        }
        """
    }

    static func findings(_ source: String) -> [String] {
        run(source, scenario: .interactiveCancel50).problems.map(\.message)
    }

    /// The false positive: the restore came after completeTransition, in the same completion.
    @Test func aRestoreAfterCompleteTransitionIsARestore() {
        let before = Self.entry(completion: """
            if cancelled then view.alpha = presenting and 0 or 1 end
            if not presenting and not cancelled then view:removeFromSuperview() end
            ctx:completeTransition(not cancelled)
            """)
        let after = Self.entry(completion: """
            if not presenting and not cancelled then view:removeFromSuperview() end
            ctx:completeTransition(not cancelled)
            if cancelled then view.alpha = presenting and 0 or 1 end
            """)
        let forgotten = Self.entry(completion: """
            if not presenting and not cancelled then view:removeFromSuperview() end
            ctx:completeTransition(not cancelled)
            """)
        #expect(Self.findings(before).isEmpty, "\(Self.findings(before))")
        #expect(Self.findings(after).isEmpty, "\(Self.findings(after))")
        #expect(Self.findings(forgotten).contains { $0.contains("keeps the values set in the animation block") }, "\(Self.findings(forgotten))")
    }

    /// The false negative: the dismissal moved the presenting view (kept in the
    /// window by the custom style) and the cancel left it so, over the modal that stays.
    @Test func aCancelledDismissalMustPutThePresenterBack() {
        let moved = """
            if not presenting then UIView.animate{duration = 0.3, animations = function() behind.alpha = 0.4 end} end
            """
        let completion = """
            if cancelled then view.alpha = presenting and 0 or 1 end
            if not presenting and not cancelled then view:removeFromSuperview() end
            ctx:completeTransition(not cancelled)
            """
        let left = Self.findings(Self.entry(completion: completion, extra: moved))
        #expect(left.contains { $0.contains("the presenting view") && $0.contains("is left moved") }, "\(left)")
        let restored = Self.findings(Self.entry(completion: "if cancelled then behind.alpha = 1 end\n" + completion, extra: moved))
        #expect(restored.isEmpty, "\(restored)")
    }
}

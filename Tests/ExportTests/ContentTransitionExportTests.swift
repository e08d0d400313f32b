@testable import Export
import Foundation
import Testing

/// `UIView.transition{with =, animations =}` as UIKit's transition(with:duration:options:animations:completion:) (the
/// expected Swift written out by hand), proved against the Lua.
@Suite struct ContentTransitionExportTests {
    static let entry = """
        return {
          title = "Badge swap", summary = "A badge on the new screen changes colour by a cross-dissolve.",
          presentationStyle = "custom",
          animator = {
            transitionDuration = function(ctx) return 0.4 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                ctx.containerView:addSubview(view)
              end
              local badge = UIView.new{name = "badge", frame = CGRect(20, 120, 80, 80), backgroundColor = UIColor.black}
              view:addSubview(badge)
              UIView.transition{with = badge, duration = 0.4, options = {"transitionCrossDissolve", "curveEaseOut"},
                animations = function() badge.backgroundColor = UIColor.white end,
                completion = function(finished)
                  badge:removeFromSuperview()
                  ctx:completeTransition(not ctx:transitionWasCancelled())
                end}
            end,
          },
        }
        """

    @Test func aContentTransitionIsUIKitsTransitionWith() throws {
        let text = try TranslatorTests.export(Self.entry)
        #expect(text.contains("""
                        UIView.transition(
                            with: badge, duration: 0.4, options: [.transitionCrossDissolve, .curveEaseOut],
                            animations: {
                                badge.backgroundColor = UIColor.white
                            },
                            completion: { _ in
                                badge.removeFromSuperview()
                                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                            }
                        )
            """), "\(text)")
        let both = Self.entry.replacingOccurrences(of: "UIView.transition{with = badge,", with: "UIView.transition{with = badge, from = badge,")
        #expect(TranslatorTests.refusal(both)?.construct == "UIView.transition with both 'with' and 'from'/'to'")
        // The transition's kind once, as the Lua requires: the layer would stop on a call with none.
        let none = Self.entry.replacingOccurrences(of: "options = {\"transitionCrossDissolve\", \"curveEaseOut\"}", with: "options = {\"curveEaseOut\"}")
        #expect(TranslatorTests.refusal(none)?.construct == "UIView.transition with 0 transitions among its options")
    }

    @Test func theSwiftChangesTheContentAsTheLuaDoes() throws {
        let (file, swift) = try ExportVerificationTests.scratch("badge-swap", Self.entry)
        let source = try String(contentsOf: file.url, encoding: .utf8)
        let verifier = try ExportVerificationTests.verifier()
        for cell in verifier.verify(file, source: source, swift: swift) where !cell.verdict.hasPrefix("not run") {
            #expect(cell.same, "\(cell.scenario): \(cell.verdict)")
        }
        // A curl where the Lua dissolves: the copy of the old content curls instead of fading.
        let wrong = try ExportVerificationTests.altered(swift, ".transitionCrossDissolve", ".transitionCurlUp")
        let cell = try #require(verifier.verify(file, source: source, swift: wrong).first { $0.scenario == "present" })
        #expect(!cell.same, "\(cell.verdict)")
    }
}

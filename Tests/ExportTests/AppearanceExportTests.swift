@testable import Export
import Foundation
import Testing

/// beginAppearanceTransition and endAppearanceTransition made by hand, as UIKit's own calls (the expected Swift written
/// out by hand), proved by running them against the Lua: the trace's appearance lines are compared like the rest.
@Suite struct AppearanceExportTests {
    static let entry = """
        return {
          title = "Told fade", summary = "A fade that tells the presenter it disappears and reappears.",
          presentationStyle = "custom",
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then
                view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
                ctx.containerView:addSubview(view)
              end
              UIView.animate{duration = 0.3, animations = function() view.alpha = presenting and 1 or 0 end,
                completion = function(finished) ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end,
          },
          presentationController = {
            presentationTransitionWillBegin = function(self)
              self.presentingViewController:beginAppearanceTransition(false, true)
            end,
            presentationTransitionDidEnd = function(self, completed)
              if not completed then self.presentingViewController:beginAppearanceTransition(true, true) end
              self.presentingViewController:endAppearanceTransition()
            end,
          },
        }
        """

    @Test func theCallsAreUIKitsOwn() throws {
        let text = try TranslatorTests.export(Self.entry)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let willBegin = try #require(lines.firstIndex(of: "override func presentationTransitionWillBegin() {"))
        #expect(lines[willBegin + 1] == "self.presentingViewController.beginAppearanceTransition(false, animated: true)")
        let didEnd = try #require(lines.firstIndex(of: "override func presentationTransitionDidEnd(_ completed: Bool) {"))
        #expect(Array(lines[(didEnd + 1)...(didEnd + 4)]) == ["if !completed {",
                                                             "self.presentingViewController.beginAppearanceTransition(true, animated: true)",
                                                             "}", "self.presentingViewController.endAppearanceTransition()"])
    }

    @Test func theSwiftTellsThePresenterWhenTheLuaDoes() throws {
        let (file, swift) = try ExportVerificationTests.scratch("told-fade", Self.entry)
        let source = try String(contentsOf: file.url, encoding: .utf8)
        let verifier = try ExportVerificationTests.verifier()
        let cells = verifier.verify(file, source: source, swift: swift).filter { !$0.verdict.hasPrefix("not run") }
        #expect(!cells.isEmpty)
        for cell in cells { #expect(cell.same, "\(cell.scenario): \(cell.verdict)") }
        // Without the end, the presenter is never told it has disappeared, and the traces part there.
        let wrong = try ExportVerificationTests.altered(swift, "self.presentingViewController.endAppearanceTransition()", "")
        let altered = verifier.verify(file, source: source, swift: wrong)
        let cell = try #require(altered.first { $0.scenario == "present" }, "\(altered.map { "\($0.scenario): \($0.verdict)" })")
        #expect(!cell.same && cell.verdict.contains("viewDidDisappear"), "\(cell.verdict)")
    }
}

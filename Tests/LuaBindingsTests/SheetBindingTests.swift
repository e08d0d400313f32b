import Foundation
import LuaBindings
import Testing
import Transitions

/// The entry's `sheet` table: UIKit's sheetPresentationController as a
/// script sets it up, and the drag-presented scenario on UIKit's own sheet.
/// Window 390×844 with the iPhone 14's safe area: the large detent is 753
/// points (top edge at 57), medium 377 (top edge at 433).
@Suite struct SheetBindingTests {
    static func entry(sheet: String, style: String = "pageSheet", extra: String = "") -> String {
        """
        return {
          title = "t", summary = "s",
          presentationStyle = "\(style)",
          sheet = \(sheet),
          \(extra)
        }
        """
    }

    func tops(_ outcome: ScenarioOutcome) -> [Double] {
        (outcome.trace?.samples ?? []).compactMap { $0.views.first { $0.name == "presented" }?.frame.minY }
    }

    func sampled() -> ScenarioOptions {
        var options = ScenarioOptions()
        options.sampling = true
        return options
    }

    @Test func theSelectedDetentIsWhereTheSheetRests() {
        let outcome = run(Self.entry(sheet: #"{detents = {"medium", "large"}, selectedDetentIdentifier = "medium"}"#),
                          scenario: .present, options: sampled())
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(tops(outcome).last == 433)
    }

    @Test func aResolverSeesTheLargestHeight() {
        let source = Self.entry(sheet: """
            function()
              return {detents = {{identifier = "quarter", resolver = function(context) return context.maximumDetentValue / 4 end}, "large"}}
            end
            """)
        let outcome = run(source, scenario: .present, options: sampled())
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        // 753 / 4 = 188.25 above the 34-point bottom inset.
        let expected: Double = 844 - 34 - 188.25
        #expect(tops(outcome).last == expected)
    }

    @Test func mistakesAreRefusedAtTheSheetsLine() {
        let cases: [(sheet: String, style: String, message: String)] = [
            (#"{detents = {"meduim"}}"#, "pageSheet", #"did you mean "medium"?"#),
            (#"{prefersGrabberVisble = true}"#, "pageSheet", "did you mean 'prefersGrabberVisible'?"),
            (#"{detents = {"medium"}, selectedDetentIdentifier = "large"}"#, "pageSheet", "not one of the sheet's detents"),
            (#"{detents = {}}"#, "pageSheet", "at least one detent"),
            (#"{detents = {{identifier = "a", height = 100}, {identifier = "a", height = 200}}}"#, "pageSheet", "two detents are called \"a\""),
            (#"{detents = {{identifier = "a", height = 100, resolver = function() return 1 end}}}"#, "pageSheet", "exactly one of 'height'"),
            (#"{detents = {{identifier = "a", height = -5}}}"#, "pageSheet", "must be at least 0"),
            (#"{detents = {"large"}}"#, "custom", "only a page or form sheet has"),
            (#"{detents = {{identifier = "medium", height = 300}}}"#, "pageSheet", "is UIKit's own detent"),
            // UIKit's raw value for its large detent: on a device, a custom one so named would be taken for UIKit's.
            (#"{detents = {{identifier = "com.apple.UIKit.large", height = 300}}}"#, "pageSheet", "names UIKit's own detents"),
        ]
        for item in cases {
            let source = Self.entry(sheet: item.sheet, style: item.style)
            let outcome = run(source, scenario: .present)
            let error = outcome.errors.first
            #expect(error?.message.contains(item.message) == true, "\(item.sheet): \(outcome.problems)")
            #expect(error?.location?.line == line(of: "sheet =", in: source), "\(item.sheet)")
        }
    }

    @Test func tooManyDetentsAreRefused() {
        let many = "{detents = {" + (1...17).map { #"{identifier = "d\#($0)", height = \#($0 * 10)}"# }.joined(separator: ", ") + "}}"
        let outcome = run(Self.entry(sheet: many), scenario: .present)
        #expect(outcome.errors.first?.message.contains("at most 16 detents") == true, "\(outcome.problems)")
    }

    @Test func aResolverReturningNonsenseIsAnErrorAtItsLine() {
        let source = Self.entry(sheet: """
            {detents = {{identifier = "odd", resolver = function(context)
              return "tall"
            end}, "large"}}
            """)
        let outcome = run(source, scenario: .present)
        let error = outcome.errors.first { $0.message.contains("returns a height in points") }
        #expect(error?.location?.line == line(of: "resolver = function", in: source), "\(outcome.problems)")
    }

    @Test func aMisspeltContextFieldIsAnErrorAtItsLine() {
        let source = Self.entry(sheet: """
            {detents = {{identifier = "odd", resolver = function(context)
              return context.maximumDetentvalue / 2
            end}, "large"}}
            """)
        let outcome = run(source, scenario: .present)
        let error = outcome.errors.first { $0.message.contains("no field 'maximumDetentvalue': did you mean 'maximumDetentValue'?") }
        #expect(error?.location?.line == line(of: "context.maximumDetentvalue", in: source), "\(outcome.problems)")
    }

    @Test func theContextIsReadOnly() {
        let source = Self.entry(sheet: """
            {detents = {{identifier = "odd", resolver = function(context)
              context.maximumDetentValue = 10
              return context.maximumDetentValue / 2
            end}, "large"}}
            """)
        let outcome = run(source, scenario: .present)
        let error = outcome.errors.first { $0.message.contains("is read-only") }
        #expect(error?.location?.line == line(of: "context.maximumDetentValue = 10", in: source), "\(outcome.problems)")
    }

    @Test func uikitsSheetDragsItselfInTheDragPresentedScenario() {
        let source = Self.entry(sheet: #"{detents = {"medium", "large"}, largestUndimmedDetentIdentifier = "medium"}"#)
        let outcome = run(source, scenario: .dragPresented, options: sampled())
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.skipped == nil)
        // The finger lands on the sheet and pulls it 60 points past large: from 433 by 436, to −3,
        // rubber-banded to 57 − 844·(1 − 1/(60·0.55/844 + 1)); let go still, it settles at 57 on a
        // critically damped spring. Then a 60-point nudge (back to 57) and 0.9 of the way down: away.
        let tops = tops(outcome)
        let furthest: Double = 57 - 844 * (1 - 1 / (60 * 0.55 / 844 + 1))
        // Traces keep frames to 4 decimals.
        #expect(abs((tops.min() ?? 0) - furthest) < 1e-3, "\(tops.min() ?? 0) vs \(furthest)")
        #expect(tops.contains { abs($0 - 117) < 1e-9 }, "the nudge's hold at 57 + 60 is sampled")
        // The long drag at the end takes it away.
        #expect(outcome.trace?.hooks.contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" } == true)
    }

    @Test func aSheetWithItsOwnPresentedDragIsRefused() {
        let source = Self.entry(sheet: #"{detents = {"medium"}}"#, extra: """
            interaction = {presented = {gesture = "pan", direction = "vertical", began = function(g, c) end}},
            """)
        let outcome = run(source, scenario: .dragPresented)
        #expect(outcome.errors.first?.message.contains("is dragged by UIKit's sheet itself") == true, "\(outcome.problems)")
    }

    @Test func aModalSheetIsNeverDraggedAway() {
        let source = Self.entry(sheet: #"{detents = {"medium"}}"#, extra: "isModalInPresentation = true, interaction = {dismissal = {}},")
        #expect(run(source, scenario: .interactiveFinish).skipped == "isModalInPresentation: the sheet cannot be dragged away")
        let driven = run(source, scenario: .dismiss, gesture: GestureInput(.preset(.drag)))
        #expect(driven.errors.first?.message.contains("cannot be dragged away") == true, "\(driven.problems)")
        let dragged = run(source, scenario: .dragPresented)
        #expect(dragged.problems.isEmpty && dragged.trace?.hooks.contains { $0.hook == "dismissalTransitionWillBegin" } != true)
    }

    @Test func presentationControllerHooksOfASheetAreReportedAsNeverCalled() {
        let source = Self.entry(sheet: #"{detents = {"medium"}}"#, extra: """
            presentationController = {frameOfPresentedViewInContainerView = function(self) return CGRect(0, 0, 10, 10) end},
            """)
        let outcome = run(source, scenario: .present)
        let warning = outcome.problems.first { $0.message.contains("UIKit never calls these hooks for presentationStyle \"pageSheet\"") }
        #expect(warning?.severity == .warning && warning?.line == line(of: "presentationController =", in: source), "\(outcome.problems)")
    }

    @Test func thresholdsAreFiguresNotFunctions() {
        let outcome = run(GestureBindingTests().entry("{dismissal = {velocityThreshold = function() return 5000 end}}"),
                          scenario: .interactiveFinish)
        #expect(outcome.errors.contains { $0.message.contains("'velocityThreshold' must be a finite number") }, "\(outcome.problems)")
    }

    @Test func isModalInPresentationMustBeABoolean() {
        let outcome = run(Self.entry(sheet: #"{detents = {"medium"}}"#, extra: #"isModalInPresentation = "yes","#), scenario: .present)
        #expect(outcome.errors.first?.message.contains("'isModalInPresentation' must be true or false") == true, "\(outcome.problems)")
    }
}

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
        #expect(tops(outcome).last == 844 - 34 - 188.25)
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

    @Test func uikitsSheetDragsItselfInTheDragPresentedScenario() {
        let source = Self.entry(sheet: #"{detents = {"medium", "large"}, largestUndimmedDetentIdentifier = "medium"}"#)
        let outcome = run(source, scenario: .dragPresented, options: sampled())
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.skipped == nil)
        // Up 30 % of 844 (253.2) from medium's 433 to 179.8, short of large: no rubber band; held
        // there still, then let go nearer large (122.8 away) than medium (253.2): it snaps up to 57
        // on a critically damped spring, never past it.
        let tops = tops(outcome)
        #expect(tops.contains { abs($0 - (433 - 253.2)) < 1e-9 }, "\(tops)")
        #expect(abs((tops.min() ?? 0) - 57) < 1e-6, "\(tops.min() ?? 0)")
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

    @Test func isModalInPresentationMustBeABoolean() {
        let outcome = run(Self.entry(sheet: #"{detents = {"medium"}}"#, extra: #"isModalInPresentation = "yes","#), scenario: .present)
        #expect(outcome.errors.first?.message.contains("'isModalInPresentation' must be true or false") == true, "\(outcome.problems)")
    }
}

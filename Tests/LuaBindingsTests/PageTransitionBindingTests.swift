import Foundation
import LuaBindings
import Testing
import Transitions

/// `UIView.transition{from =, to =, …}` with a page curl, as a script uses it: the new view put where the old one is and
/// the old one taken out at the call, as UIKit does, the page that moves (the new view, or a copy of the old one) curling
/// on the options' curve (sampled four times a second on a linear 1 s curve: the curl is the time), the copy gone at the
/// end; and every mistake named at its line.
@Suite struct PageTransitionBindingTests {
    /// The presented screen turns in over the presenter, which fullScreen puts in the container beside it.
    static func entry(_ call: String) -> String {
        """
        local function animateTransition(ctx)
          local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
          to.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          \(call)
        end
        return {title = "Page", summary = "Page.", presentationStyle = "fullScreen",
                animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition}}
        """
    }

    static func outcome(_ source: String) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 4
        return run(source, scenario: .present, options: options)
    }

    /// Each sample's (superview of the named view, its curl).
    static func track(_ name: String, in outcome: ScenarioOutcome) -> [(time: Double, superview: Int?, curl: Double)] {
        (outcome.trace?.samples ?? []).compactMap { sample in
            sample.views.first { $0.name == name }.map { (sample.time, $0.superview, $0.curl) } ?? (sample.time, nil, .nan)
        }
    }

    @Test func curlingUpTheOldPageLeavesTheNewOneBeneath() throws {
        let result = Self.outcome(Self.entry("""
            UIView.transition{from = from, to = to, duration = 1, options = {"transitionCurlUp", "curveLinear"},
                              completion = function(finished) ctx:completeTransition(finished) end}
            """))
        #expect(result.problems.isEmpty, "\(result.problems)")
        // UIKit takes the old view out at the call: it is in no sample.
        #expect(Self.track("presenting", in: result).allSatisfy { $0.superview == nil })
        // A copy of the old page curls from flat to gone with the clock (linear, 1 s), then leaves.
        let page = Self.track("page of presenting", in: result)
        #expect(page.filter { $0.time <= 0.75 + 1e-9 }.map(\.curl) == [0, 0.25, 0.5, 0.75], "\(page)")
        #expect(page.last?.superview == nil, "\(page)")
        // The new one sits beneath it in the same superview from the start, flat throughout.
        let samples = try #require(result.trace?.samples)
        let first = try #require(samples.first)
        let from = try #require(first.views.firstIndex { $0.name == "page of presenting" })
        let to = try #require(first.views.firstIndex { $0.name == "presented" })
        #expect(to < from && first.views[to].superview == first.views[from].superview)
        #expect(Self.track("presented", in: result).allSatisfy { $0.curl == 0 && $0.superview != nil })
    }

    @Test func curlingDownTheNewPageComesOverTheOld() throws {
        let result = Self.outcome(Self.entry("""
            UIView.transition{from = from, to = to, duration = 1, options = {"transitionCurlDown", "curveLinear"},
                              completion = function(finished) ctx:completeTransition(finished) end}
            """))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let presented = Self.track("presented", in: result)
        #expect(presented.filter { $0.time <= 0.75 + 1e-9 }.map(\.curl) == [1, 0.75, 0.5, 0.25], "\(presented)")
        #expect(presented.last?.curl == 0 && presented.last?.superview != nil)
        let first = try #require(result.trace?.samples.first)
        let from = try #require(first.views.firstIndex { $0.name == "page of presenting" })
        let to = try #require(first.views.firstIndex { $0.name == "presented" })
        #expect(to > from, "the new page lies over the old one's copy")
        #expect(Self.track("presenting", in: result).allSatisfy { $0.superview == nil })
        #expect(Self.track("page of presenting", in: result).last?.superview == nil)
    }

    @Test func mistakesAreNamedAtTheirLine() {
        let cases: [(call: String, message: String)] = [
            ("UIView.transition{from = from, to = to, duration = 1}", "give the page's way once among the options"),
            ("UIView.transition{from = from, to = to, duration = 1, options = {\"transitionCurlUp\", \"transitionCurlDown\"}}",
             "give the page's way once among the options"),
            ("UIView.transition{from = from, to = to, duration = 1, options = {\"transitionFlipFromLeft\"}}",
             "the other transitions of UIKit's are not in Segue yet"),
            ("UIView.transition{from = UIView.new{}, to = to, duration = 1, options = {\"transitionCurlUp\"}}",
             "'from' is in no superview"),
            ("UIView.transition{from = from, to = 3, duration = 1, options = {\"transitionCurlUp\"}}", "'to' must be a view, not a number"),
            ("UIView.transition{from = from, to = to, options = {\"transitionCurlUp\"}}", "'duration' (a number of seconds) is required"),
            // UIKit adds the options' bits: two curves make a third.
            ("UIView.transition{from = from, to = to, duration = 1, options = {\"transitionCurlUp\", \"curveEaseIn\", \"curveEaseOut\"}}",
             "'options' names 2 curves (curveEaseIn, curveEaseOut): give one"),
            ("UIView.animate{duration = 1, options = {\"curveEaseIn\", \"curveEaseOut\"}, animations = function() end}",
             "two curves make another (curveEaseIn with curveEaseOut is curveLinear)"),
        ]
        for item in cases {
            let outcome = run(Self.entry(item.call), scenario: .present)
            let error = outcome.errors.first
            #expect(error?.message.contains(item.message) == true, "\(item.call): \(outcome.problems)")
            #expect(error?.location?.line == 4, "\(item.call): \(String(describing: error?.location))")
        }
    }
}

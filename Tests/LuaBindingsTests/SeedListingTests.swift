import Catalogue
import Foundation
import LuaBindings
import Testing
import Transitions

/// The seeds' listings, ported line by line (Seeds/*.lua), through the
/// standard scenarios. Where a listing has a known weakness, the checker
/// must name it; everywhere else it must pass clean.
@Suite struct SeedListingTests {
    static func seed(_ name: String) throws -> (EntryFile, String) {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "lua", subdirectory: "Seeds"))
        let file = EntryFile(url: url, catalogue: "seeds", workingDirectory: url.deletingLastPathComponent())
        return (file, try String(contentsOf: url, encoding: .utf8))
    }

    static func outcome(_ name: String, _ scenario: Scenario, interaction: InteractionPlan? = nil) throws -> ScenarioOutcome {
        let (file, source) = try seed(name)
        return ScenarioRunner.run(file, source: source, scenario: scenario, interaction: interaction)
    }

    @Test(arguments: [Scenario.present, .dismiss, .presentThenDismiss, .nonAnimatedPresent])
    func seed000PresentationController(scenario: Scenario) throws {
        #expect(try Self.outcome("seed000", scenario).problems.isEmpty)
    }

    /// Listings 11-1 to 11-5 never lay the views out again, so a rotation leaves the half behind.
    @Test func seed000DoesNotFollowARotation() throws {
        let problems = try Self.outcome("seed000", .rotation).problems
        // The listing writes no containerViewWillLayoutSubviews: the problem says so rather than
        // blaming a hook it did write; it points at the line the table names the controller on.
        #expect(problems.map(\.description) == ["seed000: presentationController.containerViewWillLayoutSubviews: seed000.lua:77: after the size change "
            + "the presented view is at (195, 0, 649, 390) but frameOfPresentedViewInContainerView is (422, 0, 422, 390); "
            + "set it in containerViewWillLayoutSubviews (this entry has no presentationController.containerViewWillLayoutSubviews; UIKit's default ran)"])
    }

    @Test(arguments: [Scenario.present, .dismiss, .presentThenDismiss, .nonAnimatedPresent, .rotation])
    func seed001SimpleModalAnimator(scenario: Scenario) throws {
        #expect(try Self.outcome("seed001", scenario).problems.isEmpty)
    }

    /// completeTransition(finished) is true after a cancel as well: the listing breaks interactively.
    @Test func seed001CompletesWithFinishedAfterACancel() throws {
        let problems = try Self.outcome("seed001", .present, interaction: .drag(to: 0.3, then: .cancel)).problems
        #expect(problems.first?.description == "seed001: completion: seed001.lua:25: completeTransition(true) was called after the transition "
            + "was cancelled; pass not ctx:transitionWasCancelled()")
    }

    @Test(arguments: [Scenario.present, .nonAnimatedPresent, .rotation])
    func seed003CardStack(scenario: Scenario) throws {
        #expect(try Self.outcome("seed003", scenario).problems.isEmpty)
    }

    /// Dismissing, the listing sets the frame of the presenter while it is
    /// still scaled back into a card: UIKit calls that undefined.
    @Test(arguments: [Scenario.dismiss, .presentThenDismiss])
    func seed003SetsAFrameOnATransformedView(scenario: Scenario) throws {
        let problems = try Self.outcome("seed003", scenario).problems
        #expect(problems.map(\.severity) == [.warning])
        #expect(problems.first?.description == "seed003: animateTransition: seed003.lua:39: frame was set on 'presenting' while its "
            + "transform is not the identity; UIKit leaves the result undefined: set bounds and center instead, or set the frame "
            + "before the transform")
    }

    /// Every scenario but reduce-motion (below), interactive-present and
    /// drag-presented (the seed's gesture dismisses only), tap-to-dismiss (no tap recognizer), interactive-scrolled (no
    /// scroll view) and the navigation ones (the seed is not a navigation transition).
    @Test(arguments: Scenario.allCases.filter {
        ![.reduceMotion, .interactivePresent, .dragPresented, .tapToDismiss, .interactiveScrolled].contains($0) && !$0.isNavigation
    })
    func seed004SpringAndPercentDriven(scenario: Scenario) throws {
        let outcome = try Self.outcome("seed004", scenario)
        #expect(outcome.problems.isEmpty)
        #expect(outcome.skipped == nil, "seed 004 declares its interaction")
    }

    /// The seed slides its view the whole screen's height and knows nothing
    /// of Reduce Motion: one warning each way, at each animator, and one more
    /// for the dismissal by its drag (the slide follows the finger). The
    /// presentation springs from one screen below to its place, overshooting
    /// (damping 0.5), so the view's centre travels more than the 844 pt.
    @Test func seed004IgnoresReduceMotion() throws {
        let problems = try Self.outcome("seed004", .reduceMotion).problems
        #expect(problems.map(\.severity) == [.warning, .warning, .warning])
        #expect(problems.map(\.hook) == ["presentationAnimator.animateTransition", "dismissalAnimator.animateTransition",
                                          "dismissalAnimator.animateTransition"])
        let travelled = problems.compactMap { problem in
            problem.message.split(separator: " ").firstIndex(of: "slides").flatMap { Int(problem.message.split(separator: " ")[$0 + 1]) }
        }
        #expect(travelled.count == 3)
        #expect((travelled.first ?? 0) > 844)
        #expect(travelled.dropFirst().allSatisfy { $0 > 844 / 3 })
    }
}

import Foundation
import LuaBindings
import Testing
import Transitions

/// Entries with navigation = true run as a navigation controller's animator:
/// the push, pop and interactive-pop scenarios, what the context says, and
/// the mistakes refused at their line.
@Suite struct NavigationScenarioTests {
    static func builtin(_ name: String, _ scenario: Scenario, options: ScenarioOptions = ScenarioOptions()) throws -> ScenarioOutcome {
        let file = try #require(try builtinEntries().first { $0.stem == name })
        var options = options
        options.sampling = true
        return ScenarioRunner.run(file, source: try file.source(), scenario: scenario, options: options)
    }

    static func names(_ outcome: ScenarioOutcome) -> [String] {
        outcome.trace?.samples.last?.views.map(\.name) ?? []
    }

    @Test func pushLeavesThePushedScreenAtTheContainersBoundsAndTheOldOneOut() throws {
        let outcome = try Self.builtin("push", .push)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let last = try #require(outcome.trace?.samples.last)
        #expect(last.views.map(\.name) == ["navigation", "pushed"])
        #expect(last.views.first { $0.name == "pushed" }?.frame == .init(x: 0, y: 0, width: 390, height: 844))
        #expect(last.views.first { $0.name == "pushed" }?.transform.isIdentity == true)
    }

    @Test func popPutsTheListBack() throws {
        let outcome = try Self.builtin("push", .pop)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(Self.names(outcome) == ["navigation", "presenting", "list"] + (1...7).map { "row \($0)" })
        let hooks = outcome.trace?.hooks.filter { $0.hook == "navigationController(_:didShow:animated:)" }.compactMap(\.detail)
        #expect(hooks == ["pushed", "presenting"])
    }

    @Test(arguments: ["push", "pull", "slide", "zoom-from-source"])
    func everyNavigationScenarioPassesForTheEntriesThatServeBoth(_ name: String) throws {
        for scenario in [Scenario.push, .pop, .interactivePop, .interactivePopCancel, .reduceMotion] {
            let outcome = try Self.builtin(name, scenario)
            #expect(outcome.problems.isEmpty, "\(name) \(scenario.rawValue): \(outcome.problems)")
        }
    }

    @Test func theEdgeSwipeFinishesAndACancelLeavesThePushedScreen() throws {
        let finished = try Self.builtin("push", .interactivePop)
        #expect(finished.trace?.hooks.contains { $0.hook == "completeTransition" && $0.detail == "true" && $0.time > 0.35 } == true)
        #expect(Self.names(finished).contains("presenting") && !Self.names(finished).contains("pushed"))
        let cancelled = try Self.builtin("push", .interactivePopCancel)
        #expect(cancelled.problems.isEmpty, "\(cancelled.problems)")
        #expect(cancelled.trace?.hooks.last { $0.hook == "completeTransition" }?.detail == "false")
        #expect(Self.names(cancelled) == ["navigation", "pushed"])
        let pushed = cancelled.trace?.samples.last?.views.first { $0.name == "pushed" }
        #expect(pushed?.frame == .init(x: 0, y: 0, width: 390, height: 844) && pushed?.transform.isIdentity == true)
    }

    @Test func anEntryThatDoesNotOptInIsSkipped() throws {
        let outcome = try Self.builtin("fade", .push)
        #expect(outcome.skipped == "not a navigation transition (navigation = true runs its animator for push and pop)")
        let noGesture = try Self.builtin("zoom-from-source", .interactivePop)
        #expect(noGesture.skipped == "no interactive pop (interaction.pop)")
    }

    /// What the context says in each operation, from a script.
    static let probe = """
        local function animateTransition(ctx)
          local from, to = ctx:viewForKey("from"), ctx:viewForKey("to")
          print(ctx.operation, ctx.isPresenting, ctx.presentationStyle, from ~= nil, to ~= nil,
                ctx:finalFrame(ctx:viewControllerForKey("from")).width, ctx:initialFrame(ctx:viewControllerForKey("to")).width)
          if to then
            to.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            if ctx.isPresenting then ctx.containerView:addSubview(to) else ctx.containerView:insertSubview(to, 0) end
          end
          UIView.animate{duration = 0.1, animations = function() end, completion = function()
            if not ctx.isPresenting then from:removeFromSuperview() end
            ctx:completeTransition(not ctx:transitionWasCancelled())
          end}
        end
        return {title = "t", summary = "s", presentationStyle = "fullScreen", navigation = true,
                animator = {transitionDuration = function() return 0.1 end, animateTransition = animateTransition}}
        """

    @Test func theContextSaysWhichOperation() {
        let outcome = run(Self.probe, scenario: .pop)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        // Both views always; the outgoing view's final frame and the incoming one's initial frame are unknown (zero).
        #expect(outcome.printed.map(\.text) == ["push\ttrue\tnone\ttrue\ttrue\t0.0\t0.0", "pop\tfalse\tnone\ttrue\ttrue\t0.0\t0.0"])
        let modal = run(Self.probe, scenario: .presentThenDismiss)
        #expect(modal.printed.map(\.text) == ["present\ttrue\tfullScreen\ttrue\ttrue\t0.0\t0.0",
                                              "dismiss\tfalse\tfullScreen\ttrue\ttrue\t0.0\t0.0"])
    }

    @Test func aPopThatForgetsTheScreenUnderneathIsAnErrorAtItsHook() {
        let forgets = Self.probe.replacingOccurrences(of: "if ctx.isPresenting then ctx.containerView:addSubview(to) else ctx.containerView:insertSubview(to, 0) end",
                                                      with: "if ctx.isPresenting then ctx.containerView:addSubview(to) end")
        let outcome = run(forgets, scenario: .pop)
        let error = outcome.errors.first
        #expect(error?.message.hasPrefix("after the pop 'presenting' is not in the window") == true, "\(outcome.problems)")
        #expect(error?.line == line(of: "local function animateTransition", in: forgets))
    }

    @Test func dismissingThePushedScreenIsRefusedAtItsLine() {
        let hostile = Self.probe.replacingOccurrences(of: "local from, to = ctx:viewForKey(\"from\"), ctx:viewForKey(\"to\")",
                                                      with: "local from, to = ctx:viewForKey(\"from\"), ctx:viewForKey(\"to\")\n"
                                                        + "  if ctx.operation == \"push\" then ctx:viewControllerForKey(\"to\"):dismiss(true) end")
        let outcome = run(hostile, scenario: .push)
        let error = outcome.errors.first
        #expect(error?.message.contains("dismiss is for the presented controller on top, or the one that presented it: 'pushed' is neither") == true, "\(outcome.problems)")
        #expect(error?.line == line(of: ":dismiss(true)", in: hostile))
    }

    @Test func theOptInIsChecked() {
        let word = run(Self.probe.replacingOccurrences(of: "navigation = true", with: "navigation = \"yes\""), scenario: .push)
        #expect(word.errors.first?.message.hasPrefix("'navigation' must be true or false") == true, "\(word.problems)")
        let misspelt = run(Self.probe.replacingOccurrences(of: "navigation = true", with: "navigaton = true"), scenario: .push)
        #expect(misspelt.errors.first?.message.contains("did you mean 'navigation'?") == true, "\(misspelt.problems)")
        #expect(misspelt.errors.first?.line == line(of: "navigaton = true", in: Self.probe.replacingOccurrences(of: "navigation = true", with: "navigaton = true")))
        let stray = Self.probe.replacingOccurrences(of: "navigation = true,", with: "interaction = {pop = {}},")
        #expect(run(stray, scenario: .present).errors.first?.message.hasPrefix("interaction.pop drives a navigation controller's pop, and this "
            + "entry does not run for one") == true)
        let bare = "return {title = \"t\", summary = \"s\", navigation = true}"
        #expect(run(bare, scenario: .push).errors.first?.message.hasPrefix("navigation = true runs the entry's animator for push and pop, and it has none") == true)
    }

    /// interaction.pop = {} is UIKit's own: the edge swipe from the left over the screen's width. (The probe's empty
    /// animation block completes at once, which an interactive pop must not: completed-while-interactive. Here it
    /// animates something, so its completion waits for the swipe.)
    @Test func anEmptyPopInteractionIsTheEdgeSwipe() {
        let entry = Self.probe.replacingOccurrences(of: "navigation = true,", with: "navigation = true, interaction = {pop = {}},")
            .replacingOccurrences(of: "animations = function() end", with: "animations = function() from.alpha = 0.5 end")
            .replacingOccurrences(of: "if not ctx.isPresenting then from:removeFromSuperview() end",
                                  with: "from.alpha = 1\n    if not ctx.isPresenting and not ctx:transitionWasCancelled() then from:removeFromSuperview() end")
        let outcome = run(entry, scenario: .interactivePop)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.trace?.hooks.last { $0.hook == "completeTransition" }?.detail == "true")
        let wrongEdge = run(entry, scenario: .interactivePop, gesture: GestureInput(.path(TouchPath(.one([(0, .init(x: 195, y: 400)),
                                                                                                           (0.3, .init(x: 390, y: 400))])))))
        #expect(wrongEdge.errors.first?.message.contains("a screen-edge pan begins only within 20 points of it") == true,
                "\(wrongEdge.problems)")
    }
}

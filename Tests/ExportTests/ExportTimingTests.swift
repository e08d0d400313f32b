import Catalogue
@testable import Export
import ExportVerification
import Foundation
import LuaBindings
import Testing
import Verification

/// `segue-bench check`'s baseline: the scenarios check ran for an entry, timed again by its exported Swift.
@Suite(.serialized) struct ExportTimingTests {
    /// What check ran for fade, and the Swift timing each of those scenarios, in the same order, and nothing else.
    @Test func timesEachScenarioCheckRan() throws {
        let (file, source, swift) = try ExportVerificationTests.fade()
        let outcomes = ScenarioRunner.runAll(file, source: source)
        let ran = outcomes.filter { $0.skipped == nil }.map(\.scenario.rawValue)
        #expect(ran.count >= 5 && ran.count < outcomes.count, "fade runs some scenarios and skips its drags: \(outcomes.map(\.scenario))")
        let times = try ExportVerificationTests.verifier().time(swift, outcomes: outcomes, rounds: 2)
        #expect(times.map(\.scenario) == ran)
        #expect(times.allSatisfy { $0.rounds.count == 2 && $0.rounds.allSatisfy { $0 > 0 && $0 < 1 } })
    }

    /// The time is the scenario's work: the same fade lasting ten times as long steps the engine through ten times the
    /// frames (at 60 a second, 21 against 210), so its present costs clearly more; the scenario's set-up, the same for both, keeps the
    /// ratio near 3 rather than 10, and a loaded machine nearer 2, so the test asks for 1.5.
    @Test func theTimeFollowsTheFramesTheScenarioRuns() throws {
        let (file, source, swift) = try ExportVerificationTests.fade()
        let slow = try ExportVerificationTests.altered(swift, "init(duration: Double = 0.35)", "init(duration: Double = 3.5)")
        let present = ScenarioRunner.runAll(file, source: source).filter { $0.scenario == .present }
        let verifier = try ExportVerificationTests.verifier()
        // Taken in turns, four rounds at a time, so that both see the same spells of a machine the rest of the suite
        // keeps busy (20 rounds of one and then of the other once measured 86 µs against 103).
        var quick = Double.infinity, long = Double.infinity
        for _ in 0..<5 {
            quick = min(quick, try verifier.time(swift, outcomes: present, rounds: 4).first?.rounds.min() ?? 0)
            long = min(long, try verifier.time(slow, outcomes: present, rounds: 4).first?.rounds.min() ?? 0)
        }
        #expect(quick > 0 && long > 1.5 * quick, "0.35 s: \(quick) s, 3.5 s: \(long) s")
    }

    /// No rounds is no time: the runner refuses the count rather than time nothing.
    @Test func noRoundsIsAnError() throws {
        let (file, source, swift) = try ExportVerificationTests.fade()
        let present = ScenarioRunner.runAll(file, source: source).filter { $0.scenario == .present }
        #expect {
            _ = try ExportVerificationTests.verifier().time(swift, outcomes: present, rounds: 0)
        } throws: { "\($0)".contains("--time-rounds needs a count of at least 1") }
    }

    /// Swift that stops says which file and scenario; it is not timed as if it ran.
    @Test func aRunnerThatStopsIsAnError() throws {
        let (file, source, swift) = try ExportVerificationTests.fade()
        let stopping = try ExportVerificationTests.altered(swift, "init(duration: Double = 0.35) {", "init(duration: Double = 0.35) {\n            if duration > 0 { fatalError(\"stop\") }")
        let present = ScenarioRunner.runAll(file, source: source).filter { $0.scenario == .present }
        #expect {
            _ = try ExportVerificationTests.verifier().time(stopping, outcomes: present, rounds: 1)
        } throws: { "\($0)".contains("FadeTransition.swift did not time present") && "\($0)".contains("Fatal error: stop") }
    }

    /// The one rewrite Linux needs: `@objc ` dropped and `#selector` the layer's `Selector`, which names the method
    /// without a target, in code only: a string literal or a comment compiles as written.
    @Test func selectorsRewrittenForLinux() {
        let text = ##"""
            @objc private func handlePan(_ g: UIPanGestureRecognizer) {}
            let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
            let tap = UITapGestureRecognizer(target: self, action: #selector(handle_Tap2(_:)))
            return CADisplayLink(target: target, selector: #selector(DisplayLinkTarget.step(_:)))
            let two = [#selector(self.a(_:)), #selector(Menu.close(_:))]
            let text = "@objc #selector(a(_:)) \" \(#selector(b(_:))) /* // "
            let raw = #"@objc \#(f(#selector(c(_:)), "#selector(d("))"#
            // @objc #selector(e(
            /* outer /* #selector(f( */ @objc */ let many = """
              #selector(g( \(h("#selector(i(")) @objc
              """
            """##
        let expected = ##"""
            private func handlePan(_ g: UIPanGestureRecognizer) {}
            let pan = UIPanGestureRecognizer(target: self, action: UIKit.Selector(Self.handlePan(_:)))
            let tap = UITapGestureRecognizer(target: self, action: UIKit.Selector(Self.handle_Tap2(_:)))
            return CADisplayLink(target: target, selector: UIKit.Selector(DisplayLinkTarget.step(_:)))
            let two = [UIKit.Selector(Self.a(_:)), UIKit.Selector(Menu.close(_:))]
            let text = "@objc #selector(a(_:)) \" \(UIKit.Selector(Self.b(_:))) /* // "
            let raw = #"@objc \#(f(UIKit.Selector(Self.c(_:)), "#selector(d("))"#
            // @objc #selector(e(
            /* outer /* #selector(f( */ @objc */ let many = """
              #selector(g( \(h("#selector(i(")) @objc
              """
            """##
        #expect(ExportVerifier.linuxForm(text) == (expected, true))
        // Forms the exporter never writes are left bound, to fail to compile rather than to name another method.
        #expect(ExportVerifier.linuxForm("#selector(a.b(_:))") == ("UIKit.Selector(a.b(_:))", true))
        // A carriage return ends a line comment, as for swiftc.
        #expect(ExportVerifier.linuxForm("// x\r#selector(a(_:))") == ("// x\rUIKit.Selector(Self.a(_:))", true))
        let untouched = #"let é = 1 // #selector"# + "\nlet s = \"@objc \\(\"#selector(x(\")\""
        #expect(ExportVerifier.linuxForm(untouched) == (untouched, false))
    }

    /// Rounds share a process, so each must let go of what the last one made, as UIKit would: a tap recognizer on a
    /// presentation controller's dimming view, whose target is the controller (alert), the coordinator's blocks that
    /// keep the controller, and a pan whose target keeps the view it is on (scroll-sheet). Kept, every round would
    /// time a bigger heap (scroll-sheet's drags: 24 KB more a round, measured).
    @Test func roundsLetGoOfWhatTheLastOneMade() throws {
        let verifier = try ExportVerificationTests.verifier()
        for (name, scenarios) in [("alert", [Scenario.present, .dismiss]), ("scroll-sheet", [.interactiveFinish, .interactiveScrolled])] {
            let entry = try ExportVerificationTests.builtIn(name)
            let outcomes = ScenarioRunner.runAll(entry.file, source: entry.source).filter { scenarios.contains($0.scenario) }
            #expect(outcomes.count == scenarios.count && outcomes.allSatisfy { $0.skipped == nil })
            let times = try verifier.time(entry.swift, outcomes: outcomes, rounds: 3)
            #expect(times.count == scenarios.count)
        }
    }

    /// Swift that keeps each round's presentation controller (and so its dimming view and the tap recognizer on it) is
    /// refused, not timed: the runner counts the recognizers, presentation controllers and display links alive.
    @Test func roundsThatPileUpUIKitsObjectsAreAnError() throws {
        let entry = try ExportVerificationTests.builtIn("alert")
        var keeping = try ExportVerificationTests.altered(entry.swift, "    static let presentationStyle",
                                                          "    static var keptForever: [AnyObject] = []\n    static let presentationStyle")
        keeping = try ExportVerificationTests.altered(keeping, "DimmingModule.presented(self.dimmingView, completed)",
                                                      "DimmingModule.presented(self.dimmingView, completed)\n            AlertTransition.keptForever.append(self)")
        let present = ScenarioRunner.runAll(entry.file, source: entry.source).filter { $0.scenario == .present }
        #expect {
            _ = try ExportVerificationTests.verifier().time(keeping, outcomes: present, rounds: 2)
        } throws: {
            // Three rounds untimed and two timed, each keeping its controller and the tap on its dimming view.
            "\($0)".contains("kept UIKit's objects from round to round: 10 gesture recognizers") && "\($0)".contains("after 5 rounds, 2 after one")
        }
    }

    /// A display link keeps its target until it is invalidated, as Core Animation does, and no longer: a target that
    /// keeps its own link (`self.displayLink = CADisplayLink(target: self, …)`, as apps write it) is let go with it
    /// once the link is invalidated, or every round would keep one more link (fling-sheet's finish invalidates its).
    @Test func anInvalidatedDisplayLinkLetsItsTargetGo() throws {
        let entry = try ExportVerificationTests.builtIn("fling-sheet")
        var keeping = try ExportVerificationTests.altered(entry.swift, "private let tick:", "var kept: CADisplayLink?\n    private let tick:")
        keeping = try ExportVerificationTests.altered(keeping, "return CADisplayLink(target: target, selector: #selector(DisplayLinkTarget.step(_:)))",
                                                      "let link = CADisplayLink(target: target, selector: #selector(DisplayLinkTarget.step(_:)))\n        target.kept = link\n        return link")
        let finish = ScenarioRunner.runAll(entry.file, source: entry.source).filter { $0.scenario == .interactiveFinish }
        #expect(finish.count == 1 && finish.allSatisfy { $0.skipped == nil })
        let times = try ExportVerificationTests.verifier().time(keeping, outcomes: finish, rounds: 3)
        #expect(times.count == 1)
    }

    /// A run that does less than check's did (here fade's Swift, which has no drag, given explode's) is refused, not
    /// timed as cheaper.
    @Test func aRunThatDoesLessIsAnError() throws {
        let (fadeFile, fadeSource, fade) = try ExportVerificationTests.fade()
        #expect(ScenarioRunner.runAll(fadeFile, source: fadeSource).first { $0.scenario == .interactiveFinish }?.skipped != nil,
                "fade has no drag of its own")
        let explode = try ExportVerificationTests.builtIn("explode")
        let dragged = ScenarioRunner.runAll(explode.file, source: explode.source).filter { $0.scenario == .interactiveFinish }
        #expect(dragged.first?.drives.isEmpty == false)
        #expect {
            _ = try ExportVerificationTests.verifier().time(fade, outcomes: dragged, rounds: 1)
        } throws: { "\($0)".contains("did not run as check's did") }
    }
}

/// Timed rounds share a process: each scenario lets the last one's UIKit wrappers go, or every round would keep every
/// view of the rounds before it alive (and the bench would time a growing heap). (UIKit itself cannot be imported
/// beside Swift Testing, which looks for its own UIKit overlay: the count comes through the runner.)
@MainActor @Suite struct UIKitWrapperTests {
    @Test func aScenarioLetsTheLastOnesWrappersGo() {
        // The source view, handed to the app's closure as a UIView, is one wrapper a run makes at least.
        _ = VerificationRunner.run("present", delegate: nil, style: .fullScreen, sourceView: { _ in }, sampling: false)
        let once = VerificationRunner.wrapperCount
        _ = VerificationRunner.run("present", delegate: nil, style: .fullScreen, sourceView: { _ in }, sampling: false)
        #expect(once >= 1)
        #expect(VerificationRunner.wrapperCount == once, "the second run's wrappers only, not the first's as well")
    }
}

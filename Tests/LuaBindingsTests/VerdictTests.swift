import Catalogue
import Foundation
import Geometry
import LuaBindings
import LuaRuntime
import Testing
import TestSupport
import Transitions

/// The checker says what UIKit would do: errors for what an app's user would
/// see, warnings for what UIKit tolerates, and the hook the entry wrote (or
/// that it wrote none).
@Suite struct VerdictTests {
    /// Chrome left in the container after a completed dismissal: UIKit throws
    /// the container away with it, so nobody sees it.
    @Test func chromeLeftAfterADismissalIsAWarning() {
        let outcome = run(ScriptCheckerTests.sheet(keepDimmingAfterDismissal: true), name: "sheet", scenario: .presentThenDismiss)
        #expect(outcome.problems.map(\.severity) == [.warning])
        #expect(outcome.errors.isEmpty)
    }

    /// With no frameOfPresentedViewInContainerView of its own, where the
    /// presented view ends is the animator's choice: a warning at the
    /// animator, never an error at a hook the entry did not write.
    @Test func aFrameAwayFromTheDefaultIsOnlyAWarningWithoutTheHook() throws {
        let source = MistakeTests.entry(body: "if ctx.isPresenting then view.frame = CGRect(20, 40, 300, 500) end")
        let outcome = run(source, name: "sample", scenario: .present)
        let problem = try #require(outcome.problems.first)
        #expect(outcome.problems.count == 1)
        #expect(problem.severity == .warning)
        #expect(problem.hook == "animator.animateTransition")
        #expect(problem.location == ScriptLocation(file: "sample.lua", line: line(of: "local function animateTransition", in: source)))
    }

    /// A never-completing presentation is one error, and the scenarios that
    /// go on to dismiss do not crash or pile up more.
    @Test func neverCompletingIsOneErrorInEveryScenario() {
        let source = MistakeTests.entry().replacingOccurrences(of: "ctx:completeTransition(not ctx:transitionWasCancelled())", with: "")
        for scenario in Scenario.allCases {
            let outcome = run(source, name: "sample", scenario: scenario)
            #expect(outcome.errors.map(\.message).allSatisfy { $0.hasPrefix("completeTransition is never called") }, "\(scenario)")
            #expect(outcome.errors.count == (outcome.skipped == nil ? 1 : 0), "\(scenario): \(outcome.problems)")
        }
    }

    /// A context kept past its transition: using it is a warning, and the
    /// engine object behind it may be gone without any crash.
    @Test func aContextKeptIntoTheNextTransition() throws {
        let source = """
            local saved
            return {title = "T", summary = "S", animator = {animateTransition = function(ctx)
              if saved then
                saved:completeTransition(true)
                saved:updateInteractiveTransition(0.5)
                local c = saved.containerView
              end
              saved = ctx
              local view = ctx:viewForKey("to") or ctx:viewForKey("from")
              if ctx.isPresenting then ctx.containerView:addSubview(view) else view:removeFromSuperview() end
              ctx:completeTransition(true)
            end}}
            """
        let outcome = run(source, name: "kept", scenario: .presentThenDismiss)
        #expect(outcome.errors.isEmpty, "\(outcome.problems)")
        let warning = try #require(outcome.warnings.first)
        #expect(warning.message.hasPrefix("completeTransition was called on the context of a transition that has already ended"))
        #expect(warning.location == ScriptLocation(file: "kept.lua", line: 4))
    }

    /// The scenarios of one entry share a budget of a few time limits: one
    /// that stays just under the limit in each scenario stops all the same.
    @Test func anEntrysScenariosShareABudget() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("slow.lua", MistakeTests.entry())
        let file = EntryFile(url: url, catalogue: "test", workingDirectory: folder.url)
        let outcomes = ScenarioRunner.runAll(file, source: try file.source(), entryBudget: .zero)
        #expect(outcomes.count == Scenario.allCases.count)
        #expect(outcomes[0].skipped == nil && outcomes[0].problems.isEmpty, "the first always runs")
        let stop = try #require(outcomes[1].problems.first)
        // The entry's problem, not the next scenario's (which alone would run within its limit): no scenario to rerun.
        #expect(stop.isLimit && stop.severity == .error && stop.scenario == nil)
        #expect(stop.message.hasPrefix("stopped after its scenarios together ran "))
        #expect(stop.message.contains(" of processor time, past 4 × the time limit (0.00 s); the heaviest (loading the entry included): "
            + "\(Scenario.allCases[0].rawValue) "))
        #expect(outcomes.dropFirst().allSatisfy { $0.skipped != nil })
    }

    /// A presentation that completes but shows nothing leaves the user at a
    /// screen that ignores them: an error, whichever way it happens.
    @Test(arguments: [
        ("", "is not in the window"),
        ("view.alpha = 0", "is invisible"),
        ("view.isHidden = true", "is invisible"),
        ("view.frame = CGRect(5000, 5000, 10, 10)", "is entirely off screen, at (5000, 5000, 10, 10)"),
        // w = 0 and w < 0 at every corner: the renderer draws nothing of it.
        ("local t = CATransform3DIdentity t.m44 = 0 view.layer.transform = t", "is at or behind the eye"),
        ("local t = CATransform3DIdentity t.m44 = -1 view.layer.transform = t", "is at or behind the eye"),
        ("local t = CATransform3DIdentity t.m34 = -1 / 500 view.layer.transform = CATransform3DTranslate(t, 0, 0, 500)", "is at or behind the eye"),
        ("local t = CATransform3DIdentity t.m34 = -1 / 500 view.layer.transform = CATransform3DTranslate(t, 0, 0, 600)", "is at or behind the eye"),
    ])
    func aPresentationThatShowsNothingIsAnError(body: String, message: String) throws {
        let source = """
            return {title = "T", summary = "S", animator = {animateTransition = function(ctx)
              local view = ctx:viewForKey("to")
              if ctx.isPresenting then
                \(body.isEmpty ? "" : "ctx.containerView:addSubview(view)")
                \(body)
              end
              ctx:completeTransition(true)
            end}}
            """
        let outcome = run(source, name: "blank", scenario: .present)
        let problem = try #require(outcome.errors.first { $0.message.hasPrefix("after the presentation") }, "\(outcome.problems)")
        #expect(problem.message.hasPrefix("after the presentation 'presented' \(message)"), "\(problem.message)")
        #expect(problem.hook == "animator.animateTransition")
    }

    /// Brought close to the eye (magnified five times) or turned so that
    /// part of it is behind the eye, a view still shows: no visibility error.
    @Test(arguments: ["CATransform3DTranslate(t, 0, 0, 240)", "CATransform3DRotate(CATransform3DTranslate(t, 0, 0, 200), 1.2, 0, 1, 0)"])
    func aViewInFrontOfTheEyeInPartIsVisible(transform: String) throws {
        let source = """
            return {title = "T", summary = "S", animator = {animateTransition = function(ctx)
              local view = ctx:viewForKey("to")
              if ctx.isPresenting then
                ctx.containerView:addSubview(view)
                local t = CATransform3DIdentity t.m34 = -1 / 300
                view.layer.transform = \(transform)
              end
              ctx:completeTransition(true)
            end}}
            """
        let outcome = run(source, name: "near", scenario: .present)
        #expect(!outcome.errors.contains { $0.message.hasPrefix("after the presentation") }, "\(outcome.problems)")
    }

    @Test func completingFalseWithoutACancelIsAnError() throws {
        let source = MistakeTests.entry().replacingOccurrences(of: "ctx:completeTransition(not ctx:transitionWasCancelled())",
                                                               with: "ctx:completeTransition(false)")
        let problem = try #require(run(source, name: "sample", scenario: .present).errors.first)
        #expect(problem.message.hasPrefix("completeTransition(false) was called though the transition was not cancelled"))
        #expect(problem.location == ScriptLocation(file: "sample.lua", line: 7))
    }

    /// What a script says cannot move the cursor or forge a line of output.
    @Test func controlCharactersAreWrittenOut() throws {
        let body = #"print("a\nok       fake\27[2J\tb") error("boom\nok  forged\27]0;x\7")"#
        let outcome = run(MistakeTests.entry(body: body), name: "sample", scenario: .present)
        #expect(outcome.printed.first?.text == #"a\nok       fake\u{1B}[2J"# + "\tb")
        let error = try #require(outcome.errors.first)
        #expect(error.message == #"boom\nok  forged\u{1B}]0;x\u{7}"#)
        #expect(!error.description.contains("\n") && !error.description.contains("\u{1B}"))
    }

    /// Every problem found by a scenario names it, so `check` can print how
    /// to reproduce it.
    @Test func problemsNameTheirScenario() {
        let source = MistakeTests.entry(body: "error('boom')")
        let outcome = run(source, name: "sample", scenario: .rotation)
        #expect(!outcome.problems.isEmpty)
        #expect(outcome.problems.allSatisfy { $0.scenario == "rotation-while-presented" })
    }
}

/// What the trace tells a reader and a renderer.
@Suite struct TraceContentTests {
    @Test func samplesCarryWhatARendererNeeds() throws {
        let source = """
            return {title = "T", summary = "S", animator = {animateTransition = function(ctx)
              local view = ctx:viewForKey("to")
              ctx.containerView:addSubview(view)
              view.backgroundColor = UIColor(0.25, 0.5, 0.75, 1)
              view.layer.cornerRadius = 12
              view.layer.borderWidth = 2
              view.layer.borderColor = UIColor.red
              view.clipsToBounds = true
              view.layer.zPosition = 3
              view.layer.isDoubleSided = false
              local badge = UIView.new{name = "badge", frame = CGRect(10, 10, 20, 20)}
              badge.isHidden = true
              view:addSubview(badge)
              ctx:completeTransition(true)
            end}}
            """
        var options = ScenarioOptions()
        options.sampling = true
        let outcome = run(source, name: "styled", scenario: .present, options: options)
        let last = try #require(outcome.trace?.samples.last)
        let presented = try #require(last.views.first { $0.name == "presented" })
        #expect(presented.backgroundColor == Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        #expect(presented.cornerRadius == 12 && presented.borderWidth == 2)
        #expect(presented.borderColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(presented.clipsToBounds && presented.zPosition == 3 && !presented.doubleSided)
        let container = try #require(last.views.first { $0.name == "container" })
        #expect(presented.superview == container.id)
        let badge = try #require(last.views.first { $0.name == "badge" })
        #expect(badge.hidden && badge.superview == presented.id)
    }

    /// A dismissal scenario's trace starts with its presentation.
    @Test func aDismissalTraceIncludesItsPresentation() throws {
        var options = ScenarioOptions()
        options.sampling = true
        let outcome = run(ScriptCheckerTests.sheet(), name: "sheet", scenario: .presentThenDismiss, options: options)
        let trace = try #require(outcome.trace)
        #expect(Set(trace.samples.map(\.time)).count == trace.samples.count, "one sample per instant")
        let firstDismissal = try #require(trace.hooks.first { $0.hook == "dismissalTransitionWillBegin" })
        #expect(trace.samples.first?.time == 0)
        #expect(trace.samples.contains { $0.time < firstDismissal.time && $0.time > 0 })
        #expect(trace.samples.last!.time > firstDismissal.time)
    }

    @Test func theDocumentSaysWhatItIs() throws {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 30
        options.windowSize = Size(width: 844, height: 390)
        let folder = try TemporaryFolder()
        let url = try folder.write("sample.lua", MistakeTests.entry(body: "print('hi')"))
        let file = EntryFile(url: url, catalogue: "test", workingDirectory: folder.url)
        let outcome = ScenarioRunner.run(file, source: try file.source(), scenario: .dismiss, options: options)
        let data = try TraceDocument(entry: "sample", file: file, outcome: outcome, options: options).json()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["schema"] as? String == "segue.trace/1")
        #expect(object["entry"] as? String == "sample" && object["scenario"] as? String == "dismiss")
        #expect(object["fps"] as? Double == 30)
        #expect((object["size"] as? [String: Double]) == ["width": 844, "height": 390])
        let printed = try #require(object["printed"] as? [[String: Any]])
        #expect(printed.first?["text"] as? String == "hi")
        // The same bytes on every run.
        let again = ScenarioRunner.run(file, source: try file.source(), scenario: .dismiss, options: options)
        #expect(try TraceDocument(entry: "sample", file: file, outcome: again, options: options).json() == data)
    }

    /// Finite values a script sets can overflow on the way to the trace: a
    /// frame animated from the origin to 1e308 wide at x = -1e308 passes
    /// through frames whose left edge (centre less half the width) is
    /// beyond any double. The trace is still JSON: such numbers are strings.
    @Test func overflowedGeometryStillMakesJSON() throws {
        let source = """
            return {title = "T", summary = "S", animator = {animateTransition = function(ctx)
              local view = ctx:viewForKey("to") or ctx:viewForKey("from")
              ctx.containerView:addSubview(view)
              local wide = UIView.new{name = "wide", frame = CGRect(0, 0, 100, 100)}
              view:addSubview(wide)
              UIView.animate{duration = 0.3,
                animations = function() wide.frame = CGRect(-1e308, 0, 1e308, 100) end,
                completion = function() ctx:completeTransition(true) end}
            end}}
            """
        var options = ScenarioOptions()
        options.sampling = true
        let trace = try #require(run(source, name: "wide", scenario: .present, options: options).trace)
        let overflowed = trace.samples.flatMap(\.views).filter { $0.name == "wide" && !$0.frame.minX.isFinite }
        #expect(!overflowed.isEmpty)
        let text = String(decoding: try trace.json(), as: UTF8.self)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
        #expect(text.contains("\"-inf\""))
    }

    @Test func problemsInJSONCarryFileAndLine() throws {
        let outcome = run(MistakeTests.entry(body: "error('boom')"), name: "sample", scenario: .present)
        let data = try JSONEncoder().encode(outcome.problems)
        let problems = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let first = try #require(problems.first)
        #expect(first["file"] as? String == "sample.lua" && first["line"] as? Int == 5)
        #expect(first["severity"] as? String == "error" && first["hook"] as? String == "animateTransition")
        #expect(first["message"] as? String == "boom" && first["entry"] as? String == "sample")
    }

    /// Views and tables used as table keys come back in the same order on
    /// every run, so the trace of a script that iterates them is the same.
    @Test func iteratingViewsAsKeysIsDeterministic() throws {
        let source = """
            return {title = "T", summary = "S", animator = {animateTransition = function(ctx)
              local view = ctx:viewForKey("to") or ctx:viewForKey("from")
              ctx.containerView:addSubview(view)
              local byView = {}
              for i = 1, 40 do
                local child = UIView.new{name = "c" .. i, frame = CGRect(i, i, 10, 10)}
                view:addSubview(child)
                byView[child] = i
              end
              local order = {}
              for child, i in pairs(byView) do order[#order + 1] = i end
              for n, i in ipairs(order) do view.subviews[i].frame = CGRect(n * 3, 0, 10, 10) end
              ctx:completeTransition(true)
            end}}
            """
        var options = ScenarioOptions()
        options.sampling = true
        let first = try #require(try run(source, name: "keys", scenario: .present, options: options).trace?.json())
        let second = try #require(try run(source, name: "keys", scenario: .present, options: options).trace?.json())
        #expect(first == second)
        // Made in order 1…40, visited in that order: child i ends at x = 3i.
        let last = try #require(run(source, name: "keys", scenario: .present, options: options).trace?.samples.last)
        let xs: [Double] = (1...40).compactMap { (i: Int) -> Double? in last.views.first { $0.name == "c\(i)" }?.frame.minX }
        #expect(xs == (1...40).map { (i: Int) -> Double in Double(i * 3) })
    }

    /// Nothing holds a finished scenario's sandbox: a check of thousands of
    /// entries must not keep thousands of Lua states.
    @Test func aScenarioLetsItsSandboxGo() throws {
        let folder = try TemporaryFolder()
        let url = try folder.write("sample.lua", MistakeTests.entry())
        let file = EntryFile(url: url, catalogue: "test", workingDirectory: folder.url)
        weak var state: LuaState?
        do {
            let runtime = try ScriptRuntime(file: file, source: try file.source(), simulation: Simulation(), limits: .default)
            state = runtime.state
            #expect(state != nil)
        }
        #expect(state == nil)
    }
}

import Catalogue
import Foundation
import Geometry
import LuaBindings
import Testing
import Transitions

/// UITapGestureRecognizer in scripts, and check's tap-to-dismiss scenario: an entry over the bottom half of the
/// screen with a dimming view above it that dismisses when tapped (Presentr's dismissOnTap).
@Suite struct TapBindingTests {
    static func entry(action: String = "self.presentedViewController:dismiss(true)", addTo: String = "self.dimmingView") -> String {
        """
        return {
          title = "t", summary = "s",
          presentationController = {
            frameOfPresentedViewInContainerView = function(self)
              local b = self.containerView.bounds
              return CGRect(0, b.height / 2, b.width, b.height / 2)
            end,
            presentationTransitionWillBegin = function(self)
              local container = self.containerView
              self.dimmingView = UIView.new{name = "dimming", frame = container.bounds, backgroundColor = UIColor.black:withAlphaComponent(0.5)}
              container:insertSubview(self.dimmingView, 0)
              local tap = UITapGestureRecognizer.new{action = function(g)
                \(action)
              end}
              \(addTo):addGestureRecognizer(tap)
            end,
            dismissalTransitionDidEnd = function(self, completed)
              if completed then self.dimmingView:removeFromSuperview() end
            end,
          },
          animator = {
            transitionDuration = function(ctx) return 0.25 end,
            animateTransition = function(ctx)
              local presenting = ctx.isPresenting
              local view = ctx:viewForKey(presenting and "to" or "from")
              if presenting then view.frame = ctx:finalFrame(ctx:viewControllerForKey("to")); view.alpha = 0; ctx.containerView:addSubview(view) end
              UIView.animate{duration = 0.25, animations = function() view.alpha = presenting and 1 or 0 end,
                             completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end,
          },
        }
        """
    }

    @Test func tapToDismissTapsTheDimmingAndTheDismissalIsChecked() {
        var options = ScenarioOptions()
        options.sampling = true
        let outcome = run(Self.entry(action: "print(g.state, g.view.name, g:location(nil).x, g:location(g.view).y); self.presentedViewController:dismiss(true)"),
                          scenario: .tapToDismiss, options: options)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.skipped == nil)
        // The dimming covers the window (390 × 844) under the presented view's bottom half: the grid's first cell
        // centre over the part below the 47-point status bar, (390/18, 47 + 797/18), is on the dimming.
        let point = Point(x: 390.0 / 18, y: 47 + 797.0 / 18)
        #expect(outcome.taps == [point])
        // Lua prints numbers as %.14g.
        #expect(outcome.printed.map(\.text) == ["ended\tdimming\t\(String(format: "%.14g", point.x))\t\(String(format: "%.14g", point.y))"])
        let hooks = outcome.trace?.hooks ?? []
        let tap = hooks.first { $0.hook == "tap" }
        #expect(tap?.detail == "(21.67, 91.28) on dimming, its recognizer")
        // The dismissal began as the finger lifted, and ended.
        let dismissal = hooks.first { $0.hook == "dismissalTransitionWillBegin" }
        #expect(dismissal != nil && tap != nil && abs((dismissal?.time ?? 0) - (tap?.time ?? 1)) < 1e-9)
        #expect(hooks.contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" })
    }

    @Test func aTapOnThePresentedViewDoesNotReachTheDimming() {
        // Tapped in the presented half: its view takes the touch and has no recognizer.
        let outcome = run(Self.entry(), scenario: .tapToDismiss, tap: Point(x: 200, y: 600))
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.trace?.hooks.contains { $0.hook == "dismissalTransitionWillBegin" } == false)
        #expect(outcome.trace?.hooks.first { $0.hook == "tap" }?.detail == "(200, 600) on presented: no tap recognizer")
    }

    @Test func aTapThatDoesNotDismissIsAWarning() {
        let source = Self.entry(action: "g.view.alpha = 0.5")
        let outcome = run(source, scenario: .tapToDismiss)
        #expect(outcome.errors.isEmpty, "\(outcome.problems)")
        let warning = outcome.warnings.first { $0.message.hasPrefix("a tap at (21.67, 91.28) on dimming, its recognizer did not dismiss") }
        #expect(warning != nil, "\(outcome.warnings)")
        // At the action, where the fix goes.
        #expect(warning?.location?.line == line(of: "local tap = UITapGestureRecognizer.new{action = function(g)", in: source))
    }

    /// The presented view's own recognizer does something else; the dimming's dismisses: both are tapped, front one
    /// first, and nothing is said.
    @Test func eachRecognizerIsTappedUntilOneDismisses() {
        let source = Self.entry(addTo: """
            self.presentedView:addGestureRecognizer(UITapGestureRecognizer.new{action = function() print("card") end})
                  local _ = self.dimmingView
            """).replacingOccurrences(of: "local tap = UITapGestureRecognizer.new{action = function(g)",
                                      with: "local tap = UITapGestureRecognizer.new{action = function(g) print(\"dimming\")")
        let outcome = run(source, scenario: .tapToDismiss)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        // Back to front: the dimming (the container's first subview) is found before the presented view.
        #expect(outcome.printed.map(\.text) == ["dimming"], "\(outcome.printed)")
        #expect(outcome.taps.count == 1)
        // With the dimming's doing nothing, the card's is tapped too, and the warning counts both.
        let idle = source.replacingOccurrences(of: "self.presentedViewController:dismiss(true)", with: "")
        let both = run(idle, scenario: .tapToDismiss)
        #expect(both.printed.map(\.text) == ["dimming", "card"], "\(both.printed)")
        #expect(both.taps.count == 2)
        #expect(both.warnings.first?.message.hasPrefix("2 taps (") == true, "\(both.warnings)")
    }

    @Test func aSecondDismissInTheActionIsFoundAtTheAction() {
        let source = Self.entry(action: "self.presentedViewController:dismiss(true); self.presentingViewController:dismiss(true)")
        let outcome = run(source, scenario: .tapToDismiss)
        let warning = outcome.warnings.first { $0.rule == "presented-while-transitioning" }
        #expect(warning?.hook == "tap action", "\(outcome.problems)")
        #expect(warning?.location?.line == line(of: "local tap = UITapGestureRecognizer.new{action = function(g)", in: source))
    }

    /// UIKit lets the presenting controller dismiss what it presented.
    @Test func thePresenterMayDismiss() {
        let outcome = run(Self.entry(action: "self.presentingViewController:dismiss(true)"), scenario: .tapToDismiss)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.trace?.hooks.contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" } == true)
    }

    @Test func aRecognizerNoTapReachesIsSaidSo() {
        // On a view that takes no touches.
        let outcome = run(Self.entry(addTo: "self.dimmingView.isUserInteractionEnabled = false; self.dimmingView"), scenario: .tapToDismiss)
        #expect(outcome.skipped == "no tap reaches the recognizer on 'dimming' (each covered by other views, outside the window or under "
                + "the status bar)", "\(outcome.skipped ?? "") \(outcome.problems)")
    }

    @Test func anErrorInTheActionIsReportedAtItsLine() {
        let source = Self.entry(action: "g.view.nonsense = 1")
        let outcome = run(source, scenario: .tapToDismiss)
        let error = outcome.errors.first
        #expect(error?.hook == "tap action", "\(outcome.problems)")
        #expect(error?.location?.line == line(of: "g.view.nonsense", in: source))
    }

    @Test func checkTapsOnlyEntriesThatPutARecognizerOnScreen() throws {
        func outcomes(_ source: String) throws -> [ScenarioOutcome] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-tap-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("tap.lua")
            try source.write(to: url, atomically: true, encoding: .utf8)
            return ScenarioRunner.runAll(EntryFile(url: url, catalogue: "test", workingDirectory: folder), source: source)
        }
        let tapped = try outcomes(Self.entry()).first { $0.scenario == .tapToDismiss }
        #expect(tapped?.skipped == nil && tapped?.problems.isEmpty == true && tapped?.taps.count == 1)
        // The recognizer made but never added: nothing to tap.
        let untapped = try outcomes(Self.entry(addTo: "local _ = tap; UIView.new{}")).first { $0.scenario == .tapToDismiss }
        #expect(untapped?.skipped == "no tap recognizer on screen once presented")
        #expect(untapped?.taps.isEmpty == true)
    }

    @Test func theRecognizersFieldsAndMistakes() {
        let body = """
            local tap = UITapGestureRecognizer.new{action = function() end, isEnabled = false}
            print(tap.isEnabled, tap.view, tap.state, tap:location(nil).x)
            self.dimmingView:addGestureRecognizer(tap)
            print(tap.view.name, #self.dimmingView.gestureRecognizers, self.dimmingView.gestureRecognizers[1] == tap)
            self.containerView:addGestureRecognizer(tap)
            print(#self.dimmingView.gestureRecognizers, tap.view.name)
            self.containerView:removeGestureRecognizer(tap)
            print(tap.view)
            tap.isEnabled = true
            print(tap.isEnabled)
            """
        let outcome = run(Self.entry(addTo: body + "\nlocal _ = UIView.new{}"), scenario: .present)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.printed.map(\.text) == ["false\tnil\tpossible\t0.0", "dimming\t1\ttrue", "0\tcontainer", "nil", "true"])
        for (code, message) in [
            ("UITapGestureRecognizer.new{}", "'action' (a function(g), called when a tap is recognized) is required"),
            ("UITapGestureRecognizer.new{action = function() end, target = 1}", "target"),
            ("UITapGestureRecognizer.new(function() end)", "UITapGestureRecognizer.new takes a table"),
            ("UITapGestureRecognizer.new{action = function() end}.view = nil", "UITapGestureRecognizer.view cannot be set"),
            ("self.containerView:addGestureRecognizer(self.containerView)", "UITapGestureRecognizer expected"),
        ] {
            let failing = run(Self.entry(addTo: code + "\nlocal _ = UIView.new{}"), scenario: .present)
            #expect(failing.errors.first?.message.contains(message) == true, "\(code): \(failing.problems)")
        }
    }
}

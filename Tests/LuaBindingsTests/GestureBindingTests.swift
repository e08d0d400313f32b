import Geometry
import LuaBindings
import Testing
import Transitions

/// Gestures an entry declares, driven by touches: the percent each event
/// makes, and what letting go does. Expected values are worked out by hand
/// from the touch paths.
@Suite struct GestureBindingTests {
    /// A one-second linear fade both ways, whose dismissal is driven by `interaction`.
    func entry(_ interaction: String) -> String {
        """
        return {
          title = "t", summary = "s",
          animator = {
            transitionDuration = function(ctx) return 1 end,
            animateTransition = function(ctx)
              local view = ctx:viewForKey(ctx.isPresenting and "to" or "from")
              if ctx.isPresenting then ctx.containerView:addSubview(view); view.alpha = 0 end
              local target = ctx.isPresenting and 1 or 0
              UIView.animate{duration = 1, options = {"curveLinear"}, animations = function() view.alpha = target end,
                completion = function()
                  if ctx:transitionWasCancelled() then view.alpha = 1 - target end
                  ctx:completeTransition(not ctx:transitionWasCancelled())
                end}
            end,
          },
          interaction = \(interaction),
        }
        """
    }

    func hooks(_ outcome: ScenarioOutcome) -> [HookEvent] { outcome.trace?.hooks ?? [] }

    /// The time of the first call of `hook` after `after`.
    func time(of hook: String, in outcome: ScenarioOutcome, after: Double = 0) -> Double? {
        hooks(outcome).first { $0.hook == hook && $0.time >= after }?.time
    }

    /// Fingers closing from a scale of 1 to 0.85, fast or slowly.
    func pinch(fast: Bool) -> GestureInput {
        let keys: [(time: Double, scale: Double)] = fast ? [(0, 1), (0.05, 0.85)] : [(0, 1), (0.5, 0.85), (0.6, 0.85)]
        return GestureInput(.path(TouchPath(.pinch(centre: Point(x: 195, y: 422), span: 200, scales: keys))))
    }

    @Test func aPinchFinishesByVelocityAlone() {
        let source = entry("{dismissal = {gesture = \"pinch\"}}")
        // Closing 0.15 of a scale in 50 ms is 3 a second, past the default 1: a finish at 15 %.
        let fast = run(source, scenario: .interactiveFinish, gesture: pinch(fast: true))
        #expect(fast.problems.isEmpty, "\(fast.problems)")
        #expect(hooks(fast).contains { $0.hook == "finishInteractiveTransition" })
        #expect(hooks(fast).contains { $0.hook == "completeTransition" && $0.detail == "true" && $0.time > 1 })
        // The first event, where the pinch begins (1/60 s after the touch): scale 1 − 0.15 × (1/60) / 0.05 = 0.95, so 5 %
        // (distance 1).
        let first = hooks(fast).filter { $0.hook == "updateInteractiveTransition" }.first
        #expect(first?.detail.flatMap(Double.init).map { abs($0 - 0.05) < 0.001 } == true, "\(String(describing: first))")
        // The same closing, slowly and held: 15 % with no speed cancels.
        let slow = run(source, scenario: .interactiveFinish, gesture: pinch(fast: false))
        #expect(hooks(slow).contains { $0.hook == "cancelInteractiveTransition" })
        #expect(!hooks(slow).contains { $0.hook == "finishInteractiveTransition" })
        // A threshold above 3 a second makes the fast one cancel too.
        let strict = run(entry("{dismissal = {gesture = \"pinch\", velocityThreshold = 5}}"), scenario: .interactiveFinish,
                         gesture: pinch(fast: true))
        #expect(hooks(strict).contains { $0.hook == "cancelInteractiveTransition" })
    }

    @Test func theEntrysFunctionsGiveThePercentAndTheCompletionSpeed() throws {
        let source = entry("""
            {dismissal = {
              progress = function(g, size) return g.translation.y / 400 end,
              completionSpeed = function(g, percent) return 2 end,
            }}
            """)
        // 240 points down in 0.3 s, held 0.1 s: 240 / 400 = 60 %, past half: finish.
        let path = TouchPath(.one([(0, Point(x: 195, y: 100)), (0.3, Point(x: 195, y: 340)), (0.4, Point(x: 195, y: 340))]))
        let outcome = run(source, scenario: .interactiveFinish, gesture: GestureInput(.path(path)))
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let updates = hooks(outcome).filter { $0.hook == "updateInteractiveTransition" }.compactMap { $0.detail.flatMap(Double.init) }
        #expect(abs((updates.last ?? 0) - 0.6) < 0.001)
        // The rest, 40 % of one second, at twice the speed: 0.2 s after the release.
        let finish = try #require(time(of: "finishInteractiveTransition", in: outcome))
        let complete = try #require(time(of: "completeTransition", in: outcome, after: finish))
        #expect(abs(complete - finish - 0.2) < 1e-6, "\(complete - finish)")
    }

    @Test func aDirectionFollowsAParameterAndTheCompletionHearsTheDecision() {
        // The entry pans the way its parameter says; the preset drags that way and finishes.
        var source = entry("""
            {dismissal = {
              direction = function() return params.direction end,
              completionSpeed = function(g, percent, finishing)
                print(finishing, g.containerSize.width)
                return 1
              end,
            }}
            """)
        source = source.replacingOccurrences(of: "title = \"t\",", with: """
            title = "t", parameters = {direction = {type = "string", default = "left", choices = {"left", "right"}}},
            """)
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(hooks(outcome).contains { $0.hook == "finishInteractiveTransition" })
        #expect(outcome.printed.map(\.text) == ["true\t390.0"])
        // The same drag to the right, read by a left pan, goes nowhere: cancelled.
        let right = TouchPath(.one([(0, Point(x: 50, y: 400)), (0.4, Point(x: 300, y: 400)), (0.5, Point(x: 300, y: 400))]))
        let wrongWay = run(source, scenario: .interactiveFinish, gesture: GestureInput(.path(right)))
        #expect(wrongWay.printed.map(\.text) == ["false\t390.0"])
    }

    @Test func theGesturesViewIsTheOneUIKitsRecognizerIsOn() {
        // A dismissal's pan is on the presented screen, a presentation's on the presenting one; both fill the window here.
        let rule = """
            progress = function(g, size) return g.translation.y / (2 * g.view.bounds.height) end,
            completionSpeed = function(g) print(g.view.name, g.view.bounds.height); return 1 end,
            """
        let dismissal = run(entry("{dismissal = {\(rule)}}"), scenario: .interactiveFinish)
        #expect(dismissal.problems.isEmpty, "\(dismissal.problems)")
        #expect(dismissal.printed.map(\.text) == ["presented\t844.0"])
        // The progress read the view: half the window's height dragged is a quarter.
        let half = TouchPath(.one([(0, Point(x: 195, y: 100)), (0.3, Point(x: 195, y: 522)), (0.4, Point(x: 195, y: 522))]))
        let quarter = run(entry("{dismissal = {\(rule)}}"), scenario: .interactiveFinish, gesture: GestureInput(.path(half)))
        let updates = hooks(quarter).filter { $0.hook == "updateInteractiveTransition" }.compactMap { $0.detail.flatMap(Double.init) }
        #expect(abs((updates.last ?? 0) - 0.25) < 0.001, "\(updates)")
        let presentation = run(entry("{presentation = {\(rule)}}"), scenario: .interactivePresent)
        #expect(presentation.problems.isEmpty, "\(presentation.problems)")
        #expect(presentation.printed.map(\.text) == ["presenting\t844.0"])
        // A field the recognizer has no name for is still an error.
        let misspelt = run(entry("{dismissal = {progress = function(g) return g.veiw end}}"), scenario: .interactiveFinish)
        #expect(misspelt.errors.contains { $0.message.contains("no field 'veiw': did you mean 'view'?") }, "\(misspelt.problems)")
    }

    @Test func fingersThatNeverMoveBeginNothing() {
        // A tap: the fingers lift where they landed. A pan begins only once the finger moves: nothing is driven.
        let tap = TouchPath(.one([(0, Point(x: 195, y: 300)), (0.1, Point(x: 195, y: 300))]))
        let outcome = run(entry("{dismissal = {}}"), scenario: .interactiveFinish, gesture: GestureInput(.path(tap)))
        #expect(outcome.errors.contains { $0.message.contains("the touches never move") }, "\(outcome.problems)")
        #expect(!hooks(outcome).contains { $0.hook == "startInteractiveTransition" })
        #expect(outcome.drives.isEmpty)
    }

    @Test func touchesThatCannotBeginTheGestureAreRefused() {
        let edge = entry("{dismissal = {gesture = \"screenEdgePan\", edge = \"left\"}}")
        let middle = TouchPath(.one([(0, Point(x: 195, y: 400)), (0.3, Point(x: 390, y: 400))]))
        let fromMiddle = run(edge, scenario: .interactiveFinish, gesture: GestureInput(.path(middle)))
        #expect(fromMiddle.errors.contains { $0.message.contains("start 195 points from the left edge") }, "\(fromMiddle.problems)")
        #expect(!hooks(fromMiddle).contains { $0.hook == "startInteractiveTransition" })
        let pinched = run(edge, scenario: .interactiveFinish, gesture: pinch(fast: true))
        #expect(pinched.errors.contains { $0.message.contains("two pinching fingers never begin") }, "\(pinched.problems)")
        let threshold = run(entry("{dismissal = {finishThreshold = 2}}"), scenario: .interactiveFinish)
        #expect(threshold.errors.contains { $0.message.contains("at most 1") }, "\(threshold.problems)")
    }

    @Test func shouldFinishOverridesTheThresholds() {
        // 60 % let go, but the entry only finishes past 90 %.
        let source = entry("{dismissal = {shouldFinish = function(g, percent) return percent > 0.9 end}}")
        let outcome = run(source, scenario: .interactiveFinish, gesture: GestureInput(.release(at: 0.6)))
        #expect(hooks(outcome).contains { $0.hook == "cancelInteractiveTransition" })
        #expect(outcome.errors.isEmpty, "\(outcome.problems)")
    }

    @Test func finishesWhileDraggingEndsTheTransitionWithTheFingerDown() throws {
        // SPStorkController's rule: past 240 points of a pan down it dismisses at once.
        // The drag holds at 60 % of 844 (506 points), so it passes 240 (28.4 %) on the way.
        let source = entry("{dismissal = {finishesWhileDragging = function(g, percent) return g.translation.y > 240 end}}")
        let outcome = run(source, scenario: .interactiveFinish, gesture: GestureInput(.release(at: 0.6)))
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let finish = try #require(time(of: "finishInteractiveTransition", in: outcome))
        let updates = hooks(outcome).filter { $0.hook == "updateInteractiveTransition" }
        #expect(updates.allSatisfy { $0.time <= finish + 1e-9 }, "nothing drives it once finished")
        let last = try #require(updates.last.flatMap { Double($0.detail ?? "") })
        #expect(last > 240.0 / 844 && last < 0.6, "finished at \(last), as it passed 240 points")
        #expect(hooks(outcome).last { $0.hook == "completeTransition" }?.detail == "true")
        let bad = entry("{dismissal = {finishesWhileDragging = function(g, percent) return 1 end}}")
        let refused = run(bad, scenario: .interactiveFinish)
        let error = refused.errors.first { $0.message.contains("must return true (finish now) or false (go on)") }
        #expect(error?.location?.line == line(of: "finishesWhileDragging", in: bad), "\(refused.problems)")
    }

    @Test func velocityThresholdFalseLetsOnlyTheDistanceDecide() {
        // interactive-flick: 80 points in 50 ms, 1,600 points a second but 9.5 % of the way.
        let flick = run(entry("{dismissal = {}}"), scenario: .interactiveFlick)
        #expect(hooks(flick).contains { $0.hook == "finishInteractiveTransition" }, "\(flick.problems)")
        let slow = run(entry("{dismissal = {velocityThreshold = false}}"), scenario: .interactiveFlick)
        #expect(hooks(slow).contains { $0.hook == "cancelInteractiveTransition" }, "\(slow.problems)")
        #expect(slow.problems.isEmpty, "\(slow.problems)")
    }

    @Test func badAnswersAreErrorsAtTheFunctionsLine() {
        let source = entry("""
            {dismissal = {
              progress = function(g) return 0/0 end,
              shouldFinish = function(g, p) return "yes" end,
            }}
            """)
        let outcome = run(source, scenario: .interactiveFinish)
        let progress = outcome.errors.first { $0.message.contains("must return a finite number") }
        #expect(progress?.location?.line == line(of: "progress = function", in: source), "\(outcome.problems)")
        let finish = outcome.errors.first { $0.message.contains("must return true (finish) or false (cancel); got a string") }
        #expect(finish?.location?.line == line(of: "shouldFinish = function", in: source), "\(outcome.problems)")
    }

    @Test func misspeltOrMisplacedNamesAreRefused() {
        let gesture = run(entry("{dismissal = {gesture = \"pinsh\"}}"), scenario: .interactiveFinish)
        #expect(gesture.errors.contains { $0.message.contains("got \"pinsh\"; did you mean \"pinch\"?") }, "\(gesture.problems)")
        let edge = run(entry("{dismissal = {gesture = \"pan\", edge = \"left\"}}"), scenario: .interactiveFinish)
        #expect(edge.errors.contains { $0.message.contains("'edge' is for gesture = \"screenEdgePan\"") }, "\(edge.problems)")
        let direction = run(entry("{dismissal = {direction = \"sideways\"}}"), scenario: .interactiveFinish)
        #expect(direction.errors.contains { $0.message.contains("'direction' must be one of down, up, left, right") }, "\(direction.problems)")
        let field = run(entry("{dismissal = {progres = function() return 0 end}}"), scenario: .interactiveFinish)
        #expect(field.errors.contains { $0.message.contains("did you mean 'progress'?") }, "\(field.problems)")
    }

    @Test func aMisspeltGestureFieldIsAnErrorAtItsLine() {
        let source = entry("""
            {dismissal = {progress = function(g)
              return g.translaton.y / 400
            end}}
            """)
        let outcome = run(source, scenario: .interactiveFinish)
        let error = outcome.errors.first { $0.message.contains("UIGestureRecognizer has no field 'translaton': did you mean 'translation'?") }
        #expect(error?.location?.line == line(of: "g.translaton", in: source), "\(outcome.problems)")
    }

    @Test func theGestureIsReadOnly() {
        for (write, message) in [("g.translation = CGPoint(0, 9999)", "UIGestureRecognizer is read-only"),
                                 ("g.kind = nil", "UIGestureRecognizer is read-only"),
                                 ("rawset(g, \"translation\", 5)", "rawset")] {
            let source = entry("""
                {dismissal = {progress = function(g)
                  \(write)
                  return g.translation.y / 400
                end}}
                """)
            let outcome = run(source, scenario: .interactiveFinish)
            let error = outcome.errors.first { $0.message.contains(message) }
            #expect(error?.location?.line == line(of: write, in: source), "\(write): \(outcome.problems)")
        }
    }

    @Test func aPresentationCanBeDrivenByAnEdgePan() throws {
        let source = entry("{presentation = {gesture = \"screenEdgePan\", edge = \"right\"}}")
        var options = ScenarioOptions()
        options.rendering = true
        let outcome = run(source, scenario: .interactivePresent, options: options)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.skipped == nil)
        #expect(hooks(outcome).contains { $0.hook == "startInteractiveTransition" })
        #expect(hooks(outcome).contains { $0.hook == "finishInteractiveTransition" })
        // The finger starts on the right edge's last point and moves left, 70 % of the width in 0.4 s (273 / 24 points
        // a sixtieth). The gesture begins at its first movement, 1/60 s after the touch; the first frame after that
        // (1/60 s later) has it 2/60 s along: 2 × 273 / 24 points in.
        let touched = outcome.frames.compactMap(\.touches.first)
        let first = try #require(touched.first)
        #expect(abs(first.x - (389 - 2 * 273.0 / 24)) < 1e-9, "\(first)")
        #expect(touched.allSatisfy { $0.x <= 389 && $0.x >= 389 - 0.7 * 390 - 1e-9 })
        // An entry without a presentation gesture skips the scenario.
        let none = run(entry("{dismissal = {}}"), scenario: .interactivePresent)
        #expect(none.skipped == "no interactive presentation")
    }

    @Test func theSystemCancellingTheGestureCancelsTheTransition() {
        let outcome = run(entry("{dismissal = {gesture = \"pan\", direction = \"right\"}}"), scenario: .interactiveCancel99)
        #expect(hooks(outcome).contains { $0.hook == "cancelInteractiveTransition" })
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    }
}

import Geometry
import LuaBindings
import Testing
import Transitions

/// Whether a gesture's recognizer begins at all: UIKit hit-tests the touch at touch-down (only the recognizers of the
/// view it lands on and of that view's superviews see it) and asks the delegate's gestureRecognizerShouldBegin once
/// the finger has moved. Expected points and speeds are worked out by hand from the touch paths.
@Suite struct GestureBeginTests {
    /// A menu 240 points wide at the left of a 390 × 844 window, beside a dimming view that covers the rest, dismissed
    /// by a pan left (on the menu, the presented screen) over 240 points; `extra` goes into the dismissal's table.
    func menu(_ extra: String = "", cover: Bool = false) -> String {
        """
        return {
          title = "t", summary = "s",
          presentationStyle = "custom",
          presentationController = {
            frameOfPresentedViewInContainerView = function(self) return CGRect(0, 0, 240, self.containerView.bounds.height) end,
            presentationTransitionWillBegin = function(self)
              self.dimming = UIView.new{name = "dimming", frame = self.containerView.bounds}
              self.containerView:insertSubview(self.dimming, 0)
            end,
            dismissalTransitionDidEnd = function(self, completed) if completed then self.dimming:removeFromSuperview() end end,
            presentationTransitionDidEnd = function(self, completed)
              \(cover ? "self.containerView:addSubview(UIView.new{name = \"glass\", frame = self.containerView.bounds})" : "")
            end,
          },
          animator = {
            transitionDuration = function(ctx) return 0.3 end,
            animateTransition = function(ctx)
              local menu = ctx:viewForKey(ctx.isPresenting and "to" or "from")
              local shown = ctx.isPresenting and ctx:finalFrame(ctx:viewControllerForKey("to")) or menu.frame
              local hidden = shown:offsetBy(-shown.width, 0)
              if ctx.isPresenting then menu.frame = hidden; ctx.containerView:addSubview(menu) end
              UIView.animate{duration = 0.3, options = {"curveLinear"},
                animations = function() menu.frame = ctx.isPresenting and shown or hidden end,
                completion = function()
                  if ctx:transitionWasCancelled() then menu.frame = ctx.isPresenting and hidden or shown end
                  ctx:completeTransition(not ctx:transitionWasCancelled())
                end}
            end,
          },
          interaction = {dismissal = {gesture = "pan", direction = "left", distance = 240, \(extra)}},
        }
        """
    }

    func hooks(_ outcome: ScenarioOutcome) -> [HookEvent] { outcome.trace?.hooks ?? [] }
    func began(_ outcome: ScenarioOutcome) -> Bool { hooks(outcome).contains { $0.hook == "startInteractiveTransition" } }

    /// A finger from `from` moving 150 points left in 0.3 s.
    func drag(from: Point, dy: Double = 0) -> GestureInput {
        GestureInput(.path(TouchPath(.one([(0, from), (0.3, Point(x: from.x - 150, y: from.y + dy))]))))
    }

    @Test func checksOwnDragStartsOnTheMenu() throws {
        let outcome = run(menu(), scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(hooks(outcome).contains { $0.hook == "finishInteractiveTransition" })
        // 15 % in from the menu's right side (240 × 0.85 = 204), level with its middle (422), not the window's 331.5.
        let down = try #require(outcome.drives.first?.events.first?.touchesDown.first)
        #expect(down == Point(x: 204, y: 422))
    }

    @Test func aTouchOnTheDimmingNeverBeginsTheMenusPan() {
        // x = 330 is right of the menu's 240: the dimming's.
        let beside = run(menu(), scenario: .interactiveFinish, gesture: drag(from: Point(x: 330, y: 400)))
        #expect(!began(beside))
        #expect(beside.drives.isEmpty)
        #expect(beside.errors.isEmpty, "\(beside.problems)")
        #expect(beside.warnings.contains { $0.message.contains("lands on the view 'dimming'") }, "\(beside.problems)")
        // The same drag from x = 200 is on the menu.
        let on = run(menu(), scenario: .interactiveFinish, gesture: drag(from: Point(x: 200, y: 400)))
        #expect(began(on))
        #expect(on.problems.isEmpty, "\(on.problems)")
    }

    @Test func aViewOverTheMenuIsAnErrorForChecksOwnDrag() {
        // A view the entry left over everything takes every touch: the interactive dismissal can never begin.
        let outcome = run(menu(cover: true), scenario: .interactiveFinish)
        #expect(!began(outcome))
        #expect(outcome.errors.contains { $0.message.contains("never begins") && $0.message.contains("'glass'") }, "\(outcome.problems)")
    }

    @Test func shouldBeginSeesTheFirstMovement() {
        // check's drag: 70 % of 240 points in 0.4 s, 420 points a second left; its first event at 1/60 s has gone 7.
        let source = menu("shouldBegin = function(g) print(g.state, g.translation.x, g.velocity.x, g.velocity.y) return true end")
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let printed = outcome.printed.map(\.text)
        // Asked of the drag, then (check's probes) of it mirrored and turned across.
        #expect(printed.count == 3, "\(printed)")
        let fields = printed.first?.split(separator: "\t").map(String.init) ?? []
        #expect(fields.first == "began")
        let numbers = fields.dropFirst().compactMap(Double.init)
        #expect(numbers.count == 3)
        if numbers.count == 3 {
            #expect(abs(numbers[0] + 7) < 1e-9 && abs(numbers[1] + 420) < 1e-6 && numbers[2] == 0, "\(numbers)")
        }
    }

    @Test func shouldBeginDecidesByDirection() {
        // Begin only when the drag is more across than down: a horizontal menu pan beside a vertical scroll.
        let source = menu("shouldBegin = function(g) return math.abs(g.velocity.x) > math.abs(g.velocity.y) end")
        #expect(began(run(source, scenario: .interactiveFinish)))
        // 150 left and 200 down: more down than across, so the recognizer fails and nothing is driven.
        let steep = run(source, scenario: .interactiveFinish, gesture: drag(from: Point(x: 200, y: 300), dy: 200))
        #expect(!began(steep))
        #expect(steep.drives.isEmpty)
        #expect(steep.warnings.contains { $0.hook == "interaction.dismissal.shouldBegin" && $0.message.contains("said no") }, "\(steep.problems)")
        // 150 left and 100 down: more across.
        #expect(began(run(source, scenario: .interactiveFinish, gesture: drag(from: Point(x: 200, y: 300), dy: 100))))
    }

    @Test func shouldBeginRefusingChecksOwnDragIsAnError() {
        let source = menu("shouldBegin = function(g) return g.velocity.x > 0 end")
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(!began(outcome))
        let error = outcome.errors.first { $0.hook == "interaction.dismissal.shouldBegin" }
        #expect(error?.message.contains("can never begin") == true, "\(outcome.problems)")
        #expect(error?.location?.line == line(of: "shouldBegin", in: source))
    }

    @Test func shouldBeginThatActsIsAnError() {
        // Dismissing from the question: the dismissal it began is its own, and the gesture drives nothing.
        let source = menu("shouldBegin = function(g) controllerOf.presented:dismiss(true) return true end")
            .replacingOccurrences(of: "return {", with: "controllerOf = {}\nreturn {")
            .replacingOccurrences(of: "presentationTransitionDidEnd = function(self, completed)",
                                  with: "presentationTransitionDidEnd = function(self, completed) controllerOf.presented = self.presentedViewController")
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(!began(outcome))
        #expect(outcome.errors.contains { $0.message.contains("began a transition itself") && $0.location?.line == line(of: "shouldBegin", in: source) },
                "\(outcome.problems)")
        // Taking the recognizer's view out of the window: UIKit cancels the recognizer, so nothing begins.
        let removes = run(menu("shouldBegin = function(g) g.view:removeFromSuperview() return true end"), scenario: .interactiveFinish)
        #expect(!began(removes))
        #expect(removes.errors.contains { $0.message.contains("took the recognizer's view 'presented' out of the window") }, "\(removes.problems)")
    }

    @Test func aPinchBeginsWhereBothFingersLandOnTheView() {
        // check's pinch fits the 240-point menu (fingers at most 80 % of it apart: 192, about its centre at x = 120).
        let pinch = menu("gesture = \"pinch\", direction = \"in\", distance = 0.5")
        let outcome = run(pinch, scenario: .interactiveFinish)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        let down = outcome.drives.first?.events.first?.touchesDown ?? []
        #expect(down.count == 2)
        if down.count == 2 { #expect(abs(down[0].x - 24) < 1e-9 && abs(down[1].x - 216) < 1e-9, "\(down)") }
        // Fingers landing at 20 and 220 (200 apart about 120, closing to a tenth) are both on it; at 100 and 300 one is not.
        func given(_ centre: Double) -> GestureInput {
            GestureInput(.path(TouchPath(.pinch(centre: Point(x: centre, y: 400), span: 200, scales: [(0, 1), (0.3, 0.1)]))))
        }
        #expect(began(run(pinch, scenario: .interactiveFinish, gesture: given(120))))
        let half = run(pinch, scenario: .interactiveFinish, gesture: given(200))
        #expect(!began(half))
        #expect(half.warnings.contains { $0.message.contains("(300, 400) lands on the view 'dimming'") }, "\(half.problems)")
    }

    @Test func aLongDragIsFollowedToItsEnd() {
        // Ten seconds of touches (the longest a run takes), then the rest of the dismissal: no stuck transition.
        let slow = GestureInput(.path(TouchPath(.one([(0, Point(x: 200, y: 400)), (10, Point(x: 20, y: 400))]))))
        let outcome = run(menu(), scenario: .interactiveFinish, gesture: slow)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(hooks(outcome).contains { $0.hook == "dismissalTransitionDidEnd" && $0.detail == "true" })
    }

    @Test func checkAsksShouldBeginTheOtherWaysToo() {
        // Right for check's own drag (left), nothing for one to the right: an error check finds, though it drags left only.
        let source = menu("shouldBegin = function(g) if g.velocity.x < 0 then return true end end")
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(began(outcome))
        #expect(outcome.errors.contains { $0.message.contains("got a nil") && $0.location?.line == line(of: "shouldBegin", in: source) },
                "\(outcome.problems)")
        // The mirrored and the turned first movement: 7 points right at 420 a second; 7 down at 420 (a quarter turn).
        var first = GestureSample(time: 0, state: .began, location: Point(x: 197, y: 422), touches: [Point(x: 197, y: 422)])
        (first.translation, first.velocity) = (Point(x: -7, y: 0), Point(x: -420, y: 0))
        let ways = ScenarioRunner.otherWays(first)
        #expect(ways.map(\.translation) == [Point(x: 7, y: 0), Point(x: 0, y: -7)])
        #expect(ways.map(\.velocity) == [Point(x: 420, y: 0), Point(x: 0, y: -420)])
        #expect(ways.map(\.location) == [Point(x: 211, y: 422), Point(x: 204, y: 415)])
        // A well-formed rule is asked them and still passes.
        #expect(run(menu("shouldBegin = function(g) return g.velocity.x < 0 end"), scenario: .interactiveFinish).problems.isEmpty)
    }

    @Test func aBadAnswerIsAnErrorAtItsLineAndTheGestureBegins() {
        let source = menu("shouldBegin = function(g) return 1 end")
        let outcome = run(source, scenario: .interactiveFinish)
        #expect(began(outcome))
        #expect(outcome.errors.contains { $0.message.contains("must return true (begin) or false") && $0.location?.line == line(of: "shouldBegin", in: source) },
                "\(outcome.problems)")
        let notFunction = run(menu("shouldBegin = true"), scenario: .interactiveFinish)
        #expect(notFunction.errors.contains { $0.message.contains("'shouldBegin' must be a function(gesture, containerSize)") }, "\(notFunction.problems)")
    }
}

import Geometry
import LuaBindings
import RenderTree
import Testing

/// An entry's `sourceView`: the presenting screen's control the user tapped, a view of its own at the place the
/// standard scene paints it.
@Suite struct SourceControlTests {
    func entry(_ source: String, then: String = "") -> String {
        """
        return {
          title = "t", summary = "s",
          \(source)
          animator = {
            transitionDuration = function(ctx) return 0.2 end,
            animateTransition = function(ctx)
              local view = ctx:viewForKey(ctx.isPresenting and "to" or "from")
              if ctx.isPresenting then
                local tapped = ctx.sourceView
                local f = tapped:convert(tapped.bounds, ctx.containerView)
                print(tapped.name, f.minX, f.minY, f.width, f.height)
                \(then)
                ctx.containerView:addSubview(view)
              end
              UIView.animate{duration = 0.2, animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
                completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end,
          },
        }
        """
    }

    @Test func theComposeButtonIsWhereTheInboxPaintsIt() {
        // iPhone 14 (390 × 844, insets 47 / 34): the toolbar from 844 − 34 − 49 = 761; the compose icon 19 square at
        // x = 390 − 16 − 20 = 354, y = 761 + 14 = 775, so centred at (363.5, 784.5); its 44-point target about that.
        let outcome = run(entry("sourceView = \"composeButton\","), scenario: .present)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(outcome.printed.map(\.text) == ["compose button\t341.5\t762.5\t44.0\t44.0"])
        // The Edit button: right-aligned at the 16-point margin in the bar under the safe area's top.
        let edit = run(entry("sourceView = \"editButton\","), scenario: .present)
        #expect(edit.printed.map(\.text) == ["Edit button\t330.0\t47.0\t44.0\t44.0"])
    }

    @Test func aRowGivenToTheRunWins() {
        var options = ScenarioOptions()
        options.sourceRow = 2
        let outcome = run(entry("sourceView = \"composeButton\","), scenario: .present, options: options)
        #expect(outcome.printed.first?.text.hasPrefix("row 2\t") == true, "\(outcome.printed)")
    }

    @Test func anUnknownControlIsAnErrorAtItsLine() {
        let source = entry("sourceView = \"composeButon\",")
        let outcome = run(source, scenario: .present)
        #expect(outcome.errors.contains { $0.message.contains("did you mean \"composeButton\"?") && $0.location?.line == line(of: "sourceView =", in: source) },
                "\(outcome.problems)")
    }

    @Test func aButtonOrRowLeftOutOfItsPlaceIsAnError() {
        let hidden = run(entry("sourceView = \"composeButton\",", then: "tapped.isHidden = true"), scenario: .dismiss)
        #expect(hidden.errors.contains { $0.message.contains("its place on the screen shows a gap where the tapped button was") },
                "\(hidden.problems)")
        let moved = run(entry("sourceView = \"composeButton\",", then: "tapped.frame = tapped.frame:offsetBy(0, -100)"), scenario: .dismiss)
        #expect(moved.errors.contains { $0.message.contains("instead of its place in the screen, (341.5, 762.5, 44, 44)") }, "\(moved.problems)")
        // A row taken out of its list into the screen itself, where it is drawn over another.
        let row = run(entry("", then: "ctx:viewControllerForKey(\"from\").view:addSubview(tapped)"), scenario: .dismiss)
        #expect(row.errors.contains { $0.message.contains("in 'presenting'") && $0.message.contains("instead of its place in the list") },
                "\(row.problems)")
    }

    @Test func theLayoutAgreesWithThePaintedIcon() {
        // ListLayout's frame is centred where StandardScene strokes the compose icon: (right − 20 + 9.5, toolbar + 23.5).
        let frame = ListLayout.controlFrame(.composeButton, screen: Size(width: 375, height: 667), safeArea: EdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(frame.center == Point(x: 375 - 16 - 20 + 9.5, y: 667 - 49 + 23.5))
    }
}

import Foundation
import LuaBindings
import Testing

/// ctx.sourceView: the presenting screen's tapped row, a real view a zoom
/// can convert, snapshot and hide; gone once a script takes it away.
@Suite struct SourceViewTests {
    /// A fade that prints what its hook is told about the source, both ways.
    static func entry(_ look: String) -> String {
        """
        local function animateTransition(ctx)
          local presenting = ctx.isPresenting
          local view = presenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          local source = ctx.sourceView
          \(look)
          if presenting then
            view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
            ctx.containerView:addSubview(view)
          end
          UIView.animate{duration = 0.2, animations = function() view.alpha = presenting and 1 or 0 end,
                         completion = function()
                           if not presenting then view:removeFromSuperview() end
                           ctx:completeTransition(true)
                         end}
        end
        return {title = "Source", summary = "Source.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 0.2 end, animateTransition = animateTransition}}
        """
    }

    static let showSource = """
        if source then
          local r = source:convert(source.bounds, ctx.containerView)
          print(source.name, r.minX, r.minY, r.width, r.height, source.superview.name)
        else
          print("none")
        end
        """

    @Test func theThirdRowByDefaultInTheContainersSpace() {
        let outcome = run(Self.entry(Self.showSource), scenario: .presentThenDismiss)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        // The iPhone 14's list starts at 47 + 148 = 195; the third row 2 × 88 below.
        #expect(outcome.printed.map(\.text) == ["row 3\t0.0\t371.0\t390.0\t88.0\tlist", "row 3\t0.0\t371.0\t390.0\t88.0\tlist"])
    }

    @Test func theRowAsked() {
        var options = ScenarioOptions()
        options.sourceRow = 1
        let first = run(Self.entry(Self.showSource), scenario: .present, options: options)
        #expect(first.printed.map(\.text) == ["row 1\t0.0\t195.0\t390.0\t88.0\tlist"])
        // Landscape: the list from 148 to 390 − 21 − 49 = 320 shows two rows, the second 84 high.
        options.sourceRow = 2
        options.windowSize = .init(width: 844, height: 390)
        let turned = run(Self.entry(Self.showSource), scenario: .present, options: options)
        #expect(turned.printed.map(\.text) == ["row 2\t0.0\t236.0\t844.0\t84.0\tlist"])
        options.sourceRow = 3
        let missing = run(Self.entry(Self.showSource), scenario: .present, options: options)
        #expect(missing.errors.map(\.message) == ["there is no source row 3: this screen's list shows rows 1 to 2"])
    }

    @Test func aSourceTheScriptRemovedIsNilNextTime() {
        let outcome = run(Self.entry("""
            if presenting then
              source:removeFromSuperview()
              -- A view in no window converts as if its root were in one: at its frame in the list.
              local r = source:convert(source.bounds, ctx.containerView)
              print(source.name, source.superview == nil, r.minY)
            else
              print(source == nil)
            end
            """), scenario: .presentThenDismiss)
        #expect(outcome.printed.map(\.text) == ["row 3\ttrue\t176.0", "true"])
        // Never put back: the list has a gap, which is the one error.
        #expect(outcome.errors.map(\.message).allSatisfy { $0.contains("is no longer in the presenting screen") } && outcome.errors.count == 1,
                "\(outcome.errors)")
    }

    @Test func hiddenRowsAndTheirSnapshotsStayInTheTree() {
        let outcome = run(Self.entry("""
            if presenting then
              local copy = source:snapshotView(false)
              source.isHidden = true
              print(copy.frame.width, copy.frame.height, source.isHidden, ctx.sourceView == source)
            else
              source.isHidden = false
            end
            """), scenario: .presentThenDismiss)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.printed.map(\.text) == ["390.0\t88.0\ttrue\ttrue"])
    }

    /// A row hidden for the zoom and never shown again is a gap in the list: an error once the list shows again.
    @Test func aRowLeftHiddenIsAGapInTheList() {
        let source = Self.entry("if source then source.isHidden = true end")
        let outcome = run(source, scenario: .presentThenDismiss)
        #expect(outcome.errors.map(\.message) == ["after the dismissal the source view 'row 3' is still hidden: its list shows a gap "
            + "where the tapped row was; show it again when the transition ends (isHidden = false, alpha 1)"])
        #expect(outcome.errors.first?.line == line(of: "local function animateTransition", in: source))
        // Taken away for good: a gap too.
        let taken = run(Self.entry("if source and not presenting then source:removeFromSuperview() end"), scenario: .presentThenDismiss)
        #expect(taken.errors.first?.message.hasPrefix("after the dismissal the source view 'row 3' is no longer in the presenting screen") == true,
                "\(taken.problems)")
        // Moved itself and left there: out of its place.
        let moved = run(Self.entry("if source then source.transform = CGAffineTransformMakeScale(2, 2) end"), scenario: .presentThenDismiss)
        #expect(moved.errors.first?.message.hasPrefix("after the dismissal the source view 'row 3' is left at (-195, 132, 780, 176), "
            + "transformed, instead of its place in the list, (0, 176, 390, 88)") == true, "\(moved.problems)")
        // Hidden while presented and shown again on the way back: nothing to say.
        let shown = run(Self.entry("if source then source.isHidden = presenting end"), scenario: .presentThenDismiss)
        #expect(shown.problems.isEmpty, "\(shown.problems)")
    }

    @Test func theContextCannotBeWrittenTo() {
        let source = Self.entry("ctx.sourceView = nil")
        let outcome = run(source, scenario: .present)
        #expect(outcome.errors.first?.message.contains("the transition context is read-only: 'sourceView' cannot be set") == true,
                "\(outcome.problems)")
        #expect(outcome.errors.first?.line == line(of: "ctx.sourceView = nil", in: source))
    }
}

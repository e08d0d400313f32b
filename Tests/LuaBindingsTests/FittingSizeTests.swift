import LuaBindings
import RenderTree
import Testing

/// `view:systemLayoutSizeFitting` on a dialog's root view: the height its content needs at a required width, with the
/// expected heights added up by hand from the dialog's layout (20 above, each line and 5 after it less the last 5, 8
/// and the 44-point buttons below) and the line breaks worked out from Inter's advances (the widths RasterTests hold
/// to FreeType's). And `view.window`.
@Suite struct FittingSizeTests {
    func entry(screen: String = "screen = \"dialog\",", ask: String) -> String {
        """
        return {
          title = "t", summary = "s",
          \(screen)
          animator = {
            transitionDuration = function(ctx) return 0.2 end,
            animateTransition = function(ctx)
              local view = ctx:viewForKey(ctx.isPresenting and "to" or "from")
              if ctx.isPresenting then
                ctx.containerView:addSubview(view)
                \(ask)
              end
              UIView.animate{duration = 0.2, animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
                completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
            end,
          },
        }
        """
    }

    func printed(_ source: String) -> (lines: [String], errors: [String], line: Int?) {
        let outcome = run(source, scenario: .present)
        return (outcome.printed.map(\.text), outcome.errors.map(\.message), outcome.errors.first?.location?.line)
    }

    func height(atWidth width: Double) -> (lines: [String], errors: [String], line: Int?) {
        printed(entry(ask: """
            local size = view:systemLayoutSizeFitting(CGSize(\(width), UIView.layoutFittingCompressedSize.height),
                                                      UILayoutPriority.required, UILayoutPriority.fittingSizeLevel)
            print(string.format("%.3f %.3f", size.width, size.height))
            """))
    }

    @Test func aDialogIsAsTallAsItsLines() {
        // 340 wide: 308 for text. The title, 8.34 em at 17 points (141.8), is one line. The message at 13 points: 308
        // points are 66,718 of Inter's 2816 units to the em; up to "This" it is 58,988 units, with "cannot" 68,940, so
        // two lines. 20 + (17 + 5) + 2 × (13 + 5) − 5 + 8 + 44 = 125.
        #expect(height(atWidth: 340).lines == ["340.000 125.000"])
        // 200 wide: 168 for text, 36,391 units at 13 points. "It will be removed from all" is 34,088 (with "your":
        // 40,756); "your devices. This cannot" 34,060 (with "be": 38,240); "be undone." — three lines, 143.
        #expect(height(atWidth: 200).lines == ["200.000 143.000"])
        // So wide the message is one line (391.0 points at 13): 20 + 22 + 18 − 5 + 52 = 107.
        #expect(height(atWidth: 500).lines == ["500.000 107.000"])
    }

    @Test func onlyAWidthWithAFreeHeightIsAnswered() {
        let source = entry(ask: "view:systemLayoutSizeFitting(CGSize(300, 0), UILayoutPriority.fittingSizeLevel, UILayoutPriority.fittingSizeLevel)")
        let result = printed(source)
        #expect(result.errors.contains { $0.contains("horizontal UILayoutPriority.required and vertical UILayoutPriority.fittingSizeLevel") },
                "\(result.errors)")
        #expect(result.line == line(of: "systemLayoutSizeFitting", in: source))
        let huge = printed(entry(ask: "view:systemLayoutSizeFitting(CGSize(2000000, 0), UILayoutPriority.required, UILayoutPriority.fittingSizeLevel)"))
        #expect(huge.errors.contains { $0.contains("finite number of points") }, "\(huge.errors)")
    }

    @Test func tooNarrowForAWordIsAnError() {
        // The widest word, "removed" at 13 points (11,612 units: 53.6 points) or "Delete" at 17 (8,835: 53.3), plus 32.
        #expect(DialogLayout.narrowestCard == 86)
        let narrow = printed(entry(ask: "view:systemLayoutSizeFitting(CGSize(85, 0), UILayoutPriority.required, UILayoutPriority.fittingSizeLevel)"))
        #expect(narrow.errors.contains { $0.contains("needs a card 86 points wide; at 85 UIKit would break words by character") },
                "\(narrow.errors)")
        #expect(height(atWidth: 86).errors.isEmpty)
    }

    @Test func theCompressedSizeIsAConstant() {
        // Each read is a new (0, 0): changing one read changes no other.
        let result = printed(entry(ask: """
            local s = UIView.layoutFittingCompressedSize
            s.width = 99
            print(UIView.layoutFittingCompressedSize.width, UIView.layoutFittingCompressedSize.height)
            """))
        #expect(result.lines == ["0.0\t0.0"] || result.lines == ["0\t0"], "\(result.lines) \(result.errors)")
    }

    @Test func aViewWithoutLaidOutContentIsAnError() {
        // The page look is a picture: no content Segue lays out, so no made-up size.
        let page = printed(entry(screen: "", ask: """
            view:systemLayoutSizeFitting(CGSize(300, 0), UILayoutPriority.required, UILayoutPriority.fittingSizeLevel)
            """))
        #expect(page.errors.contains { $0.contains("'presented' has no content Segue lays out") }, "\(page.errors)")
        // Nor does a view the entry made, even on a dialog.
        let made = printed(entry(ask: """
            UIView.new{name = "card"}:systemLayoutSizeFitting(CGSize(300, 0), UILayoutPriority.required, UILayoutPriority.fittingSizeLevel)
            """))
        #expect(made.errors.contains { $0.contains("'card' has no content Segue lays out") }, "\(made.errors)")
    }

    @Test func priorities() {
        let result = printed(entry(ask: """
            print(UILayoutPriority.required, UILayoutPriority.defaultHigh, UILayoutPriority.defaultLow, UILayoutPriority.fittingSizeLevel, UILayoutPriority(999))
            """))
        // Apple's published levels.
        #expect(result.lines == ["1000\t750\t250\t50\t999"], "\(result.errors)")
        let bad = printed(entry(ask: "UILayoutPriority(0)"))
        #expect(bad.errors.contains { $0.contains("UILayoutPriority takes a number from 1 to 1000") }, "\(bad.errors)")
    }

    @Test func aViewsWindow() {
        let result = printed(entry(ask: """
            print(view.window == ctx.containerView.superview, view.window.window == view.window, UIView.new{}.window)
            view:removeFromSuperview()
            print(view.window)
            ctx.containerView:addSubview(view)
            """))
        // In the window through the container; the window is in itself; a loose view and a removed one are in none.
        #expect(result.lines == ["true\ttrue\tnil", "nil"], "\(result.errors)")
    }
}

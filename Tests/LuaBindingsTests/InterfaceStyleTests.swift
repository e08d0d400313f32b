import LuaBindings
import RenderTree
import Testing

/// UIKit's dynamic colours resolve in the run's appearance (`--appearance`). The expected components are UIKit's as
/// developers print them with `resolvedColor(with:)` (for instance secondaryLabel in dark: 0.921569, 0.921569, 0.960784
/// at 0.6; secondarySystemGroupedBackground in dark: 0.109804, 0.109804, 0.117647), each checked to 1/255.
@Suite struct InterfaceStyleTests {
    func printed(_ style: InterfaceStyle) -> [String] {
        let source = """
            local function show(c) print(string.format("%d %d %d %.2f", math.floor(c.red * 255 + 0.5), math.floor(c.green * 255 + 0.5),
                                                       math.floor(c.blue * 255 + 0.5), c.alpha)) end
            for _, name in ipairs({"systemBackground", "secondaryLabel", "secondarySystemGroupedBackground", "systemBlue", "systemRed",
                                   "label", "separator"}) do show(UIColor[name]) end
            return {
              title = "t", summary = "s",
              animator = {
                transitionDuration = function(ctx) return 0.2 end,
                animateTransition = function(ctx)
                  local view = ctx:viewForKey("to")
                  ctx.containerView:addSubview(view)
                  view.backgroundColor = UIColor.systemBackground
                  show(view.backgroundColor)
                  ctx:completeTransition(true)
                end,
              },
            }
            """
        var options = ScenarioOptions()
        options.interfaceStyle = style
        return run(source, scenario: .present, options: options).printed.map(\.text)
    }

    @Test func UIKitsNamesCannotBeSet() {
        for (assignment, message) in [("UIColor.systemBackground = UIColor.red", "UIColor.systemBackground cannot be set"),
                                      ("UIView.layoutFittingCompressedSize = CGSize(5, 5)", "UIView.layoutFittingCompressedSize cannot be set"),
                                      ("UIView.foo = 1", "UIView.foo cannot be set")] {
            let source = "\(assignment)\nreturn {title = \"t\", summary = \"s\"}"
            let outcome = run(source, scenario: .present)
            let error = outcome.problems.first { $0.message.contains(message) }
            #expect(error?.location?.line == 1, "\(assignment): \(outcome.problems.map(\.message))")
        }
    }

    @Test func lightIsUIKitsLightPalette() {
        // White, #3C3C43 at 60 %, white (grouped cells), #007AFF, #FF3B30, black, #3C3C43 at 29 %; a view takes the value.
        #expect(printed(.light) == ["255 255 255 1.00", "60 60 67 0.60", "255 255 255 1.00", "0 122 255 1.00", "255 59 48 1.00",
                                    "0 0 0 1.00", "60 60 67 0.29", "255 255 255 1.00"])
    }

    @Test func darkIsUIKitsDarkPalette() {
        // Black, #EBEBF5 at 60 %, #1C1C1E, #0A84FF, #FF453A, white, #545458 at 60 %; the view's background black.
        #expect(printed(.dark) == ["0 0 0 1.00", "235 235 245 0.60", "28 28 30 1.00", "10 132 255 1.00", "255 69 58 1.00",
                                   "255 255 255 1.00", "84 84 88 0.60", "0 0 0 1.00"])
    }
}

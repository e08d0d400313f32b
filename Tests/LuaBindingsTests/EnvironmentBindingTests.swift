import LuaBindings
import Testing
import Transitions

/// What scripts read of the device: the safe area where it overlaps a view,
/// and the status bar's frame.
@Suite struct EnvironmentBindingTests {
    let source = """
        return {
          title = "t", summary = "s",
          animator = {
            transitionDuration = function(ctx) return 0 end,
            animateTransition = function(ctx)
              local screen = ctx:viewForKey("to")
              screen.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
              ctx.containerView:addSubview(screen)
              local card = UIView.new{frame = CGRect(0, 20, 100, 100)}
              screen:addSubview(card)
              local a, b = ctx.containerView.safeAreaInsets, card.safeAreaInsets
              print(a.top, a.bottom, b.top, b.bottom, UIApplication.shared.statusBarFrame.size.height)
              ctx:completeTransition(true)
            end,
          },
        }
        """

    @Test(arguments: [("iphone-15", "59.0\t34.0\t39.0\t0.0\t54.0"), ("iphone-se", "20.0\t0.0\t0.0\t0.0\t20.0"),
                      ("iphone-14", "47.0\t34.0\t27.0\t0.0\t47.0")])
    func theDevicesSafeAreaAndStatusBar(device: String, expected: String) throws {
        var options = ScenarioOptions()
        let found = try #require(Device.named(device))
        options.device = found
        options.windowSize = found.size
        let outcome = run(source, scenario: .present, options: options)
        // The card sits 20 points down: the top inset less 20 overlaps it; the bottom inset does not reach it.
        #expect(outcome.printed.map(\.text) == [expected], "\(outcome.problems)")
    }

    @Test func aMisspeltApplicationFieldIsRefused() {
        let outcome = run(source.replacingOccurrences(of: "UIApplication.shared.statusBarFrame", with: "UIApplication.shared.statusBarFrme"),
                          scenario: .present)
        #expect(outcome.errors.contains { $0.message.contains("did you mean 'statusBarFrame'?") }, "\(outcome.problems)")
    }
}

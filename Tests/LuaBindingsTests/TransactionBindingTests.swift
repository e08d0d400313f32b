import Foundation
import LuaBindings
import Testing
import TestSupport

/// CATransaction as scripts use it, and standalone layers' implicit
/// animations as the trace shows them.
@Suite struct TransactionBindingTests {
    /// The layer is made in animateTransition (t = 0) and changed in the
    /// completion of a 1 s animation (a later turn, so it animates).
    static func entry(_ change: String) -> String {
        """
        local function animateTransition(ctx)
          local view = ctx:viewForKey("to")
          view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          ctx.containerView:addSubview(view)
          local badge = CALayer{name = "badge", frame = CGRect(0, 0, 50, 50), backgroundColor = UIColor.red}
          view.layer:addSublayer(badge)
          view.alpha = 0
          UIView.animate{duration = 1, options = {"curveLinear"}, animations = function() view.alpha = 1 end,
                         completion = function()
                           \(change)
                         end}
        end
        return {title = "Badge", summary = "A badge.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition}}
        """
    }

    static func outcome(_ source: String) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 8
        return run(source, scenario: .present, options: options)
    }

    func alpha(of name: String, at time: Double, in result: ScenarioOutcome) -> Double? {
        result.trace?.samples.first { abs($0.time - time) < 1e-9 }?.views.first { $0.name == name }?.alpha
    }

    @Test func aTransactionTimesTheLayersChangeAndRunsItsBlockAtTheEnd() throws {
        let result = Self.outcome(Self.entry("""
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction("linear"))
            CATransaction.setCompletionBlock(function() ctx:completeTransition(true) end)
            print(CATransaction.animationDuration(), CATransaction.disableActions())
            badge.opacity = 0
            CATransaction.commit()
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.printed.map(\.text) == ["1.0\tfalse"])
        #expect(alpha(of: "badge", at: 1.5, in: result).map { abs($0 - 0.5) < 1e-4 } == true)
        let completed = try #require(result.trace?.hooks.first { $0.hook == "completeTransition" })
        #expect(completed.time == 2)
    }

    /// Without a transaction: 0.25 s on the default curve, although the
    /// change is made in a UIView block of 1 s.
    @Test func insideABlockTheLayerTakesAQuarterSecond() {
        let result = Self.outcome(Self.entry("""
            UIView.animate{duration = 1, options = {"curveLinear"}, animations = function() badge.opacity = 0 end,
                           completion = function() ctx:completeTransition(true) end}
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let expected = 1 - bezierY(x: 0.5, 0.25, 0.1, 0.25, 1)
        #expect(alpha(of: "badge", at: 1.125, in: result).map { abs($0 - expected) < 1e-4 } == true)
        // Gone (alpha 0 is not sampled) a quarter second after the change.
        #expect(alpha(of: "badge", at: 1.25, in: result) == nil)
    }

    @Test func disabledActionsSetAtOnce() {
        let result = Self.outcome(Self.entry("""
            CATransaction.setDisableActions(true)
            badge.opacity = 0.5
            UIView.animate{duration = 1, animations = function() view.alpha = 0.5 end,
                           completion = function() ctx:completeTransition(true) end}
            """))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(alpha(of: "badge", at: 1.125, in: result) == 0.5)
    }

    @Test func mistakesAreNamed() {
        func error(_ change: String) -> String { Self.outcome(Self.entry(change)).errors.first?.message ?? "" }
        #expect(error("CATransaction.setAnimationDuraton(1)").contains("did you mean 'setAnimationDuration'?"))
        #expect(error("CATransaction.setAnimationDuration(-1)").contains("cannot be negative"))
        #expect(error("CATransaction.setAnimationDuration(0/0)").contains("finite"))
        #expect(error("CATransaction.setCompletionBlock(3)").contains("takes a function"))
        #expect(error("CATransaction.setDisableActions('yes')").contains("true or false expected"))
        #expect(error("CATransaction.setAnimationTimingFunction(CAMediaTimingFunction('easeOot'))").contains("did you mean"))
        #expect(error("for i = 1, 65 do CATransaction.begin() end").contains("more than 64 CATransactions"))
        let unbalanced = Self.outcome(Self.entry("CATransaction.commit()\nctx:completeTransition(true)"))
        #expect(unbalanced.warnings.first?.message.contains("commit() without a begin()") == true)
    }
}

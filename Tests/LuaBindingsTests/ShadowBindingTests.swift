import Foundation
import Geometry
import LuaBindings
import Testing

/// layer.shadow…, shadowPath (UIBezierPath) and maskedCorners as scripts
/// use them: values read back as set, animated in blocks, shown in traces,
/// and mistakes named.
@Suite struct ShadowBindingTests {
    func entry(_ setUp: String, animations: String = "view.alpha = 1") -> String {
        """
        local function animateTransition(ctx)
          local view = ctx:viewForKey("to")
          view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          \(setUp)
          ctx.containerView:addSubview(view)
          UIView.animate{duration = 1, options = {"curveLinear"}, animations = function() \(animations) end,
                         completion = function() ctx:completeTransition(true) end}
        end
        return {title = "Shadow", summary = "A shadow.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition}}
        """
    }

    func outcome(_ source: String) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 10
        return run(source, scenario: .present, options: options)
    }

    @Test func valuesReadBackAsSet() {
        let result = outcome(entry("""
            local layer = view.layer
            print(layer.shadowOpacity, layer.shadowRadius, layer.shadowOffset.width, layer.shadowOffset.height)
            layer.shadowColor = UIColor.red.cgColor
            layer.shadowOpacity = 2
            layer.shadowRadius = 12
            layer.shadowOffset = CGSize(4, 6)
            layer.shadowPath = UIBezierPath{roundedRect = CGRect(0, 0, 50, 40), cornerRadius = 8}.cgPath
            layer.maskedCorners = {"layerMinXMinYCorner", "layerMaxXMinYCorner"}
            local p = layer.shadowPath
            print(layer.shadowColor.red, layer.shadowOpacity, layer.shadowRadius, layer.shadowOffset.width, p.bounds.width, p.bounds.height)
            print(table.concat(layer.maskedCorners, ","))
            """))
        #expect(outcome(entry("")).problems.isEmpty)
        #expect(result.errors.isEmpty, "\(result.errors)")
        // Core Animation's defaults (numbers are floats, printed as Lua does); opacity clamped to 1.
        #expect(result.printed.map(\.text) == ["0.0\t3.0\t0.0\t-3.0", "1.0\t1.0\t12.0\t4.0\t50.0\t40.0",
                                                  "layerMinXMinYCorner,layerMaxXMinYCorner"])
    }

    @Test func aShadowAnimatesInABlockAndShowsInTheTrace() throws {
        let result = outcome(entry("view.alpha = 0; view.layer.shadowOpacity = 0",
                                   animations: "view.alpha = 1; view.layer.shadowOpacity = 0.8; view.layer.shadowRadius = 13"))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let samples = try #require(result.trace?.samples)
        func shadow(at time: Double) -> (opacity: Double, radius: Double)? {
            guard let view = samples.first(where: { abs($0.time - time) < 1e-9 })?.views.first(where: { $0.name == "presented" }),
                  let shadow = view.shadow else { return nil }
            return (shadow.opacity, shadow.radius)
        }
        // Linear over 1 s: 0.8·t and 3 + 10·t.
        #expect(shadow(at: 0.5).map { abs($0.opacity - 0.4) < 1e-4 && abs($0.radius - 8) < 1e-4 } == true)
        #expect(shadow(at: 1).map { abs($0.opacity - 0.8) < 1e-4 } == true)
    }

    /// Core Animation keeps shadowOpacity a Float: 0.1 reads back as the Float nearest it (as an app's Swift stores it),
    /// and above 1 is 1.
    @Test func shadowOpacityIsAFloat() {
        let result = outcome(entry("view.layer.shadowOpacity = 0.1; print(view.layer.shadowOpacity); view.layer.shadowOpacity = 1.7; print(view.layer.shadowOpacity)"))
        // Lua prints a float with %.14g: 0.1 would print "0.1".
        #expect(result.printed.map(\.text) == [String(format: "%.14g", Double(Float(0.1))), "1.0"], "\(result.printed.map(\.text))")
    }

    @Test func mistakesAreNamed() {
        func error(_ setUp: String) -> String { outcome(entry(setUp)).errors.first?.message ?? "" }
        #expect(error("view.layer.maskedCorners = {\"layerMinXMinYCorne\"}").contains("did you mean 'layerMinXMinYCorner'?"))
        #expect(error("view.layer.shadowPath = CGRect(0, 0, 1, 1)").contains("UIBezierPath expected"))
        #expect(error("view.layer.shadowPath = UIBezierPath{roundRect = CGRect(0, 0, 1, 1)}").contains("did you mean 'roundedRect'?"))
        #expect(error("view.layer.shadowRadius = 0/0").contains("finite"))
        #expect(error("view.layer.shadowOfset = CGSize(1, 1)").contains("did you mean 'shadowOffset'?"))
    }
}

import Foundation
import Geometry
import LuaBindings
import RenderTree
import Testing
import TestSupport
import Transitions

/// CAGradientLayer's and CAShapeLayer's own properties animating, as Core
/// Animation animates them: implicitly when a committed standalone layer
/// changes, and through explicit animations with their key paths. Values
/// read back from the trace against the linear in-betweens worked out here.
@Suite struct LayerContentAnimationTests {
    /// The layers are made in animateTransition (t = 0, this turn, so their
    /// first values are set at once); `change` runs in the completion of a
    /// 1 s animation (t = 1, a later turn) inside a 1 s linear transaction.
    static func entry(setUp: String = "", change: String) -> String {
        """
        local function animateTransition(ctx)
          local view = ctx:viewForKey("to")
          view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          ctx.containerView:addSubview(view)
          local g = CAGradientLayer{name = "g", frame = CGRect(0, 0, 100, 100), colors = {UIColor.red, UIColor.red}}
          local s = CAShapeLayer{name = "s", frame = CGRect(0, 100, 100, 100),
                                 path = UIBezierPath{roundedRect = CGRect(0, 0, 40, 40), cornerRadius = 4},
                                 fillColor = UIColor.blue, strokeColor = UIColor.black, lineWidth = 2}
          view.layer:addSublayer(g)
          view.layer:addSublayer(s)
          \(setUp)
          view.alpha = 0
          UIView.animate{duration = 1, options = {"curveLinear"}, animations = function() view.alpha = 1 end,
                         completion = function()
                           CATransaction.begin()
                           CATransaction.setAnimationDuration(1)
                           CATransaction.setAnimationTimingFunction(CAMediaTimingFunction("linear"))
                           CATransaction.setCompletionBlock(function() ctx:completeTransition(true) end)
                           \(change)
                           CATransaction.commit()
                         end}
        end
        return {title = "Content", summary = "Layer contents.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition}}
        """
    }

    static func outcome(_ source: String) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 8
        return run(source, scenario: .present, options: options)
    }

    func sample(_ name: String, at time: Double, in result: ScenarioOutcome) -> ViewSample? {
        result.trace?.samples.first { abs($0.time - time) < 1e-9 }?.views.first { $0.name == name }
    }

    @Test func aGradientsColoursLocationsAndPointsAnimateImplicitly() throws {
        let result = Self.outcome(Self.entry(change: """
            g.colors = {UIColor.blue, UIColor{white = 1, alpha = 0.5}}
            g.locations = {0.2, 0.6}
            g.startPoint = CGPoint(0, 0)
            g.endPoint = CGPoint(1, 1)
            """))
        #expect(result.problems.isEmpty, "\(result.problems)")
        // Halfway through the transaction (t = 1.5): every part halfway from its old value.
        let middle = try #require(sample("g", at: 1.5, in: result)?.gradient)
        #expect(middle.colors == [Color(red: 0.5, green: 0, blue: 0.5), Color(red: 1, green: 0.5, blue: 0.5, alpha: 0.75)])
        // From the colours spread evenly (0, 1) to (0.2, 0.6).
        #expect(middle.locations == [0.1, 0.8])
        #expect(middle.startPoint == Point(x: 0.25, y: 0))
        #expect(middle.endPoint == Point(x: 0.75, y: 1))
        let end = try #require(sample("g", at: 2, in: result)?.gradient)
        #expect(end.colors == [.blue, Color(white: 1, alpha: 0.5)] && end.locations == [0.2, 0.6])
    }

    /// The paint and the stroke animate by themselves; the path changes at
    /// once, as every CGPath property does (Apple's CAShapeLayer.path
    /// documentation: it "does not support implicit animation").
    @Test func aShapesPaintAndStrokeAnimateImplicitlyItsPathDoesNot() throws {
        let result = Self.outcome(Self.entry(change: """
            s.path = UIBezierPath{roundedRect = CGRect(10, 20, 80, 60), cornerRadius = 30}
            s.fillColor = UIColor.red
            s.strokeColor = nil
            s.lineWidth = 6
            s.strokeStart = 0.5
            s.strokeEnd = 0.75
            """))
        #expect(result.problems.isEmpty, "\(result.problems)")
        let middle = try #require(sample("s", at: 1.5, in: result)?.shape)
        #expect(middle.path == .roundedRect(Rect(x: 10, y: 20, width: 80, height: 60), cornerRadius: 30))
        #expect(middle.fillColor == Color(red: 0.5, green: 0, blue: 0.5))
        // No stroke colour animates as transparent black: black at half its alpha.
        #expect(middle.strokeColor == Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        #expect(middle.lineWidth == 4 && middle.strokeStart == 0.25 && middle.strokeEnd == 0.875)
        let end = try #require(sample("s", at: 2, in: result)?.shape)
        #expect(end.strokeColor == nil && end.strokeEnd == 0.75)
    }

    /// The classic loading ring: strokeEnd from 0 to 1 along a linear CABasicAnimation.
    @Test func strokeEndFollowsAnExplicitAnimation() throws {
        let result = Self.outcome(Self.entry(setUp: """
            s.path = UIBezierPath{ovalIn = CGRect(0, 0, 40, 40)}
            local a = CABasicAnimation{keyPath = "strokeEnd", fromValue = 0, toValue = 1, duration = 1}
            a.timingFunction = CAMediaTimingFunction("linear")
            s:add(a, "ring")
            """, change: ""))
        #expect(result.problems.isEmpty, "\(result.problems)")
        for time in [0.25, 0.5, 0.75] {
            #expect(sample("s", at: time, in: result)?.shape?.strokeEnd == time, "t = \(time)")
        }
        // Over the model, which it never changed.
        #expect(sample("s", at: 1, in: result)?.shape?.strokeEnd == 1)
    }

    /// A keyframe animation of colours, and a path between two ovals.
    @Test func keyPathsForContentsTakeTheirKindsOfValue() throws {
        let result = Self.outcome(Self.entry(setUp: """
            local c = CAKeyframeAnimation{keyPath = "colors", duration = 1,
              values = {{UIColor.red, UIColor.red}, {UIColor.green, UIColor.blue}, {UIColor.blue, UIColor.green}}}
            c.timingFunctions = {CAMediaTimingFunction("linear"), CAMediaTimingFunction("linear")}
            g:add(c, "c")
            s.path = UIBezierPath{ovalIn = CGRect(0, 0, 40, 40)}
            s:add(CABasicAnimation{keyPath = "path", toValue = UIBezierPath{ovalIn = CGRect(0, 0, 80, 20)}, duration = 1,
                                   timingFunction = CAMediaTimingFunction("linear")}, "p")
            """, change: ""))
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(sample("g", at: 0.25, in: result)?.gradient?.colors == [Color(red: 0.5, green: 0.5, blue: 0), Color(red: 0.5, green: 0, blue: 0.5)])
        #expect(sample("g", at: 0.75, in: result)?.gradient?.colors == [Color(red: 0, green: 0.5, blue: 0.5), Color(red: 0, green: 0.5, blue: 0.5)])
        #expect(sample("s", at: 0.5, in: result)?.shape?.path == .oval(Rect(x: 0, y: 0, width: 60, height: 30)))
    }

    /// Core Animation leaves paths of different kinds (and lists of different
    /// lengths) undefined: an explicit animation between them is refused at
    /// its line; an implicit change of a list shows at once, with a warning
    /// at its line (a path never animates implicitly: nothing to warn of).
    @Test func valuesWithNoInBetweenAreNamed() throws {
        let explicit = "s:add(CABasicAnimation{keyPath = \"path\", fromValue = UIBezierPath(CGRect(0, 0, 9, 9)), toValue = UIBezierPath{ovalIn = CGRect(0, 0, 9, 9)}}, \"p\")"
        var source = Self.entry(setUp: explicit, change: "")
        var result = Self.outcome(source)
        var error = try #require(result.errors.first)
        #expect(error.message.contains("UIBezierPath{rect = …} and UIBezierPath{ovalIn = …}"), "\(error.message)")
        #expect(error.message.contains("cannot animate"))
        #expect(error.location?.line == line(of: explicit, in: source))

        let keyframes = "g:add(CAKeyframeAnimation{keyPath = \"colors\", values = {{UIColor.red}, {UIColor.red, UIColor.blue}}}, \"c\")"
        source = Self.entry(setUp: keyframes, change: "")
        result = Self.outcome(source)
        error = try #require(result.errors.first)
        #expect(error.message.contains("values[1] and values[2] go between 1 and 2 colours"), "\(error.message)")

        let implicit = "g.colors = {UIColor.red, UIColor.blue, UIColor.green}"
        source = Self.entry(change: implicit + "\ns.lineWidth = 4")
        result = Self.outcome(source)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let warning = try #require(result.problems.first { $0.severity == .warning })
        #expect(warning.message.contains("CAGradientLayer.colors goes from 2 colours to 3"), "\(warning.message)")
        #expect(warning.location?.line == line(of: implicit, in: source))
        let after = try #require(sample("g", at: 1.5, in: result))
        #expect(after.gradient?.colors.count == 3 && sample("s", at: 1.5, in: result)?.shape?.lineWidth == 3)
        // A path of another kind changes at once, with nothing to warn of.
        result = Self.outcome(Self.entry(change: "s.path = UIBezierPath{ovalIn = CGRect(0, 0, 40, 40)}"))
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.trace?.samples.last?.views.first { $0.name == "s" }?.shape?.path == .oval(Rect(x: 0, y: 0, width: 40, height: 40)))
        // Inside setDisableActions(true) nothing would animate: no warning.
        result = Self.outcome(Self.entry(change: "CATransaction.setDisableActions(true)\n" + implicit))
        #expect(result.problems.isEmpty, "\(result.problems)")
    }

    @Test func mistakesAreErrorsAtTheirLines() {
        let cases: [(String, String)] = [
            ("view.layer:add(CABasicAnimation{keyPath = \"strokeEnd\", toValue = 0.5}, \"k\")",
             "key path \"strokeEnd\" animates a CAShapeLayer's property"),
            ("g:add(CABasicAnimation{keyPath = \"path\", toValue = UIBezierPath(CGRect(0, 0, 1, 1))}, \"k\")",
             "'g', a CAGradientLayer, has none"),
            ("s:add(CABasicAnimation{keyPath = \"fillColor\", toValue = 3}, \"k\")", "toValue"),
            ("g:add(CABasicAnimation{keyPath = \"locations\", toValue = {1, 0}}, \"k\")", "toValue must not decrease"),
            ("s.strokeEnd = 0/0", "bad value for CAShapeLayer.strokeEnd"),
            ("s.strokeEdn = 1", "did you mean 'strokeEnd'?"),
            ("local a = CABasicAnimation(\"strokEnd\")", "did you mean \"strokeEnd\"?"),
        ]
        for (body, message) in cases {
            let source = Self.entry(setUp: body, change: "")
            let outcome = Self.outcome(source)
            let error = outcome.errors.first { $0.message.contains(message) }
            #expect(error != nil, "\(body): \(outcome.problems)")
            #expect(error?.location?.line == line(of: body, in: source), "\(body): \(String(describing: error))")
        }
    }
}

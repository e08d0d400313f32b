import Foundation
import Geometry
import LuaBindings
import RenderTree
import Testing
import Transitions

/// UIVisualEffectView and UIBlurEffect as scripts use them: the blur
/// animating in and out as the trace samples it, against the linear
/// in-betweens of the styles' figures worked out here, and every mistake
/// named at its line.
@Suite struct VisualEffectBindingTests {
    /// `setUp` runs in animateTransition with `view` (the presented view) in
    /// scope; `animations` in a 1 s linear block whose completion ends the transition.
    static func entry(_ setUp: String, animations: String = "view.alpha = 1") -> String {
        """
        local function animateTransition(ctx)
          local view = ctx:viewForKey("to")
          view.frame = ctx:finalFrame(ctx:viewControllerForKey("to"))
          ctx.containerView:addSubview(view)
          \(setUp)
          UIView.animate{duration = 1, options = {"curveLinear"}, animations = function() \(animations) end,
                         completion = function() ctx:completeTransition(true) end}
        end
        return {title = "Blur", summary = "Blur.", presentationStyle = "custom",
                animator = {transitionDuration = function() return 1 end, animateTransition = animateTransition}}
        """
    }

    static func outcome(_ source: String) -> ScenarioOutcome {
        var options = ScenarioOptions()
        options.sampling = true
        options.fps = 4
        return run(source, scenario: .present, options: options)
    }

    func effect(_ name: String, at time: Double, in result: ScenarioOutcome) -> EffectSample? {
        result.trace?.samples.first { abs($0.time - time) < 1e-9 }?.views.first { $0.name == name }?.effect
    }

    /// nil → dark: UIImageEffects' dark (20 pt, saturation 1.8, white 0.11 at 0.73) comes in part by part.
    @Test func anEffectAnimatesInAsItsBlurRadiusAndTint() throws {
        let result = Self.outcome(Self.entry("""
            local blur = UIVisualEffectView.new{effect = nil, frame = CGRect(0, 0, 100, 100), name = "blur"}
            view:addSubview(blur)
            print(blur.effect, blur.contentView.frame.width, #blur.subviews)
            """, animations: "blur.effect = UIBlurEffect(\"dark\")"))
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.printed.map(\.text) == ["nil\t100.0\t1"])
        let start = try #require(effect("blur", at: 0, in: result))
        #expect(start.style == "dark" && start.progress == 0 && start.material.radius == 0)
        let half = try #require(effect("blur", at: 0.5, in: result))
        #expect(half.style == "dark" && half.progress == 0.5)
        #expect(half.material == BlurMaterial(radius: 10, saturation: 1.4, tint: Color(white: 0.11, alpha: 0.365)))
        let quarter = try #require(effect("blur", at: 0.25, in: result))
        #expect(quarter.material.radius == 5 && quarter.material.tint.alpha == 0.1825)
        let end = try #require(effect("blur", at: 1, in: result))
        #expect(end.progress == 1 && end.material == BlurStyle.dark.material)
    }

    /// Away again, and from one style to another: the style it leaves is the
    /// one named while it goes; its frame, alpha and subviews are a view's.
    @Test func anEffectAnimatesOutAndBetweenStyles() throws {
        var result = Self.outcome(Self.entry("""
            local blur = UIVisualEffectView.new(UIBlurEffect{style = "light"})
            blur.name = "blur"
            blur.frame = CGRect(10, 20, 30, 40)
            view:addSubview(blur)
            print(blur.effect.style, tostring(blur.effect), blur.effect == UIBlurEffect("light"), blur.contentView.frame.height)
            """, animations: "blur.effect = nil; blur.alpha = 0.5"))
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.printed.map(\.text) == ["light\tUIBlurEffect(style: .light)\ttrue\t40.0"])
        let leaving = try #require(effect("blur", at: 0.75, in: result))
        // light is 30 pt: a quarter of it left.
        #expect(leaving.style == "light" && leaving.progress == 0.25 && leaving.material.radius == 7.5)
        let gone = try #require(effect("blur", at: 1, in: result))
        #expect(gone.style == "light" && gone.progress == 0 && gone.material == .none)

        result = Self.outcome(Self.entry("""
            local blur = UIVisualEffectView.new{effect = UIBlurEffect("extraLight"), frame = CGRect(0, 0, 10, 10), name = "blur"}
            view:addSubview(blur)
            """, animations: "blur.effect = UIBlurEffect(\"systemMaterialDark\")"))
        let between = try #require(effect("blur", at: 0.5, in: result))
        // extraLight (20 pt, white 0.97 at 0.82) halfway to systemMaterialDark (30 pt, white 0.11 at 0.70).
        #expect(between.material.radius == 25 && between.material.tint == Color(white: 0.54, alpha: 0.76))
        #expect(between.style == "systemMaterialDark" && between.progress == round(25 / 30 * 10000) / 10000)
    }

    @Test func mistakesAreErrorsAtTheirLines() {
        let cases: [(String, String)] = [
            ("local e = UIBlurEffect(\"systemMaterail\")", "did you mean \"systemMaterial\"?"),
            ("local e = UIBlurEffect{styel = \"dark\"}", "did you mean 'style'?"),
            ("local e = UIBlurEffect()", "UIBlurEffect needs a style's name"),
            ("local b = UIVisualEffectView.new{efect = UIBlurEffect(\"dark\")}", "did you mean 'effect'?"),
            ("local b = UIVisualEffectView.new{effect = \"dark\"}", "write UIBlurEffect(\"dark\")"),
            ("local b = UIVisualEffectView.new(); b.effect = 3", "an effect must be a UIBlurEffect"),
            ("local b = UIVisualEffectView.new(); b.effect = {style = \"dark\"}", "make one with UIBlurEffect{style = …}"),
            ("local b = UIVisualEffectView.new(); b.effect = view", "not a userdata"),
            ("local b = UIVisualEffectView.new(); b:addSubview(UIView.new())", "add subviews to its contentView"),
            ("local b = UIVisualEffectView.new(); b.contentView:removeFromSuperview()", "contentView belongs to it"),
            ("local b = UIVisualEffectView.new(); view:addSubview(b.contentView)", "contentView belongs to it"),
            ("local b = UIVisualEffectView.new(); b.contentView = UIView.new()", "'contentView' cannot be set"),
            ("local b = UIVisualEffectView.new(); local x = b.efect", "UIVisualEffectView has no property 'efect'; did you mean 'effect'?"),
            ("view.effect = nil", "UIView has no property 'effect'"),
            ("local e = UIBlurEffect(\"dark\"); e.style = \"light\"", "cannot be changed"),
            ("local e = UIBlurEffect(\"dark\").stlye", "did you mean 'style'?"),
        ]
        for (body, message) in cases {
            let source = Self.entry(body)
            let outcome = Self.outcome(source)
            let error = outcome.errors.first { $0.message.contains(message) }
            #expect(error != nil, "\(body): \(outcome.problems)")
            #expect(error?.location?.line == line(of: body, in: source), "\(body): \(String(describing: error))")
        }
    }

    /// Each effect view is two views (it and its contentView), charged to the
    /// entry: a loop making them runs out of the entry's limits, not the host's.
    @Test func effectViewsCountAgainstTheEntrysLimits() {
        let setUp = "for i = 1, 10000000 do UIVisualEffectView.new{effect = UIBlurEffect(\"dark\")} end"
        let result = Self.outcome(Self.entry(setUp))
        let problem = result.errors.first
        #expect(problem?.isLimit == true, "\(result.errors)")
        #expect(problem?.line == line(of: setUp, in: Self.entry(setUp)))
    }
}

import Catalogue
import Foundation
import LuaBindings
import LuaRuntime
import Testing
import TestSupport
import Transitions

/// The mistakes people make that used to pass silently: each is now an
/// error at the line that makes it, naming the right spelling.
@Suite struct MistakeTests {
    /// A minimal entry that passes every scenario, with a hole for the mistake.
    static func entry(top: String = "", animator: String = "", body: String = "", fileScope: String = "") -> String {
        """
        \(fileScope)
        local function animateTransition(ctx)
          local view = ctx.isPresenting and ctx:viewForKey("to") or ctx:viewForKey("from")
          if ctx.isPresenting then ctx.containerView:addSubview(view) end
          \(body)
          UIView.animate{duration = 0.2, animations = function() view.alpha = ctx.isPresenting and 1 or 0 end,
            completion = function() ctx:completeTransition(not ctx:transitionWasCancelled()) end}
        end
        return {
          title = "Sample", summary = "A sample.",
          parameters = {rise = {type = "number", default = 40, min = 0, max = 400}},
          \(top)
          animator = {
            \(animator)
            animateTransition = animateTransition,
          },
        }
        """
    }

    static func firstProblem(_ source: String, scenario: Scenario = .present) -> Problem? {
        run(source, name: "sample", scenario: scenario).problems.first
    }

    @Test func theEntryAsWrittenPasses() {
        for scenario in Scenario.allCases {
            #expect(run(Self.entry(), name: "sample", scenario: scenario).problems.isEmpty, "\(scenario)")
        }
    }

    /// (what is written, the line it is on, the start of the message)
    static let misspellings: [(String, String, Int, String)] = [
        ("top", "animateTransiton = animateTransition,", 12,
         "'animateTransiton' … the entry's table has no field 'animateTransiton'; did you mean 'animateTransition'?"),
        ("top", "animater = {},", 12, "the entry's table has no field 'animater'; did you mean 'animator'?"),
        ("top", "interacton = {},", 12, "the entry's table has no field 'interacton'; did you mean 'interaction'?"),
        ("top", "presentationControler = {},", 12,
         "the entry's table has no field 'presentationControler'; did you mean 'presentationController'?"),
        ("top", "tag = {\"x\"},", 12, "the entry's table has no field 'tag'; did you mean 'tags'?"),
        ("top", "transitionDuration = function() return 0.3 end,", 12,
         "'transitionDuration' is an animator hook: put it inside animator = {"),
        ("animator", "transitionDuraton = function() return 0.3 end,", 14,
         "animator has no field 'transitionDuraton'; did you mean 'transitionDuration'?"),
        ("top", "interaction = {dismisal = {distance = 300}},", 12, "interaction has no field 'dismisal'; did you mean 'dismissal'?"),
        ("top", "interaction = {dismissal = {distanse = 300}},", 12,
         "interaction.dismissal has no field 'distanse'; did you mean 'distance'?"),
        ("top", "presentationStyle = \"overFullscreen\",", 12, "unknown presentationStyle \"overFullscreen\"; did you mean \"overFullScreen\"?"),
        ("top", "transitionStyle = \"crossDisolve\",", 12, "unknown transitionStyle \"crossDisolve\"; did you mean \"crossDissolve\"?"),
    ]

    @Test(arguments: misspellings)
    func misspeltKeysAreErrorsAtTheirLine(place: String, text: String, line: Int, message: String) throws {
        let source = place == "top" ? Self.entry(top: text) : Self.entry(animator: text)
        let problem = try #require(Self.firstProblem(source))
        #expect(problem.severity == .error)
        #expect(problem.location == ScriptLocation(file: "sample.lua", line: line), "\(problem)")
        let expected = message.components(separatedBy: " … ").last!
        #expect(problem.message.hasPrefix(expected), "\(problem.message)")
    }

    /// Of several misspelt keys, the one reported is the first by its bytes, on every run: the table's own order
    /// changes with Lua's hash seed, and named them in turn.
    @Test func ofSeveralMisspeltKeysTheFirstByItsBytesIsReported() throws {
        let top = "titel = \"x\", tagz = {\"a\"}, sumary = \"y\", autor = \"z\","
        let problem = try #require(Self.firstProblem(Self.entry(top: top)))
        #expect(problem.message.hasPrefix("the entry's table has no field 'autor'; did you mean 'author'?"), "\(problem.message)")
        let labels = "UIView.animate{durration = 0.2, optionz = {}, delai = 0, animations = function() end}"
        let call = try #require(Self.firstProblem(Self.entry(body: labels)))
        #expect(call.message.hasPrefix("UIView.animate has no argument 'delai'; did you mean 'delay'?"), "\(call.message)")
    }

    @Test func keysOfOnesOwnStartWithAnUnderscore() {
        let source = Self.entry(top: "_colours = {1, 2, 3},", animator: "_helper = function() end,")
        #expect(run(source, name: "sample", scenario: .present).problems.isEmpty)
    }

    @Test func misspeltAnimationLabelIsAnErrorAtTheCall() throws {
        let body = "UIView.animate{duration = 0.2, usingSpringWithDampening = 0.5, animations = function() end}"
        let problem = try #require(Self.firstProblem(Self.entry(body: body)))
        #expect(problem.location == ScriptLocation(file: "sample.lua", line: 5))
        #expect(problem.message.hasPrefix("UIView.animate has no argument 'usingSpringWithDampening'; did you mean 'usingSpringWithDamping'?"))
    }

    @Test func readingAnUndeclaredParameterIsAnError() throws {
        let problem = try #require(Self.firstProblem(Self.entry(body: "local r = params.rize")))
        #expect(problem.location == ScriptLocation(file: "sample.lua", line: 5))
        #expect(problem.message == "no parameter 'rize'; did you mean 'rise'? (declared: rise)")
        let write = try #require(Self.firstProblem(Self.entry(body: "params.rise = 3")))
        #expect(write.message.hasPrefix("params are read-only"))
        let raw = try #require(Self.firstProblem(Self.entry(body: "rawset(params, 'rise', 3)")))
        #expect(raw.message.hasPrefix("bad argument #1 to 'rawset' (table expected"), "rawset cannot get round it")
    }

    @Test func parameterDeclarationsAreStrictToo() throws {
        let source = Self.entry().replacingOccurrences(of: "min = 0, max = 400", with: "minimum = 0, max = 400")
        let problem = try #require(Self.firstProblem(source))
        #expect(problem.message == "parameters: 'rise' has no field 'minimum'; did you mean 'min'?")
    }

    /// One view is one handle: `==`, rawequal and table keys all agree.
    @Test func theSameViewIsTheSameHandle() {
        let body = """
            assert(view.superview == ctx.containerView, "==")
            assert(rawequal(view.superview, ctx.containerView), "rawequal")
            local seen = {[ctx.containerView] = true}
            assert(seen[view.superview], "table key")
            """.replacingOccurrences(of: "\n", with: " ")
        let source = Self.entry(body: "if ctx.isPresenting then " + body + " end")
        #expect(run(source, name: "sample", scenario: .present).problems.isEmpty)
    }

    @Test func fileScopeCodeMayUseTheAPIEverywhere() throws {
        let source = Self.entry(fileScope: "local size = CGSize(320, 480)\nlocal identity = CATransform3DIdentity")
        #expect(run(source, name: "sample", scenario: .present).problems.isEmpty)
        let folder = try TemporaryFolder()
        let url = try folder.write("sample.lua", source)
        let loaded = try EntryLoader.load(EntryFile(url: url, catalogue: "test", workingDirectory: folder.url))
        #expect(loaded.metadata.title == "Sample")
    }

    @Test func printReachesTheUserWithItsLine() {
        let outcome = run(Self.entry(body: "print('drawn', ctx.isPresenting)", fileScope: "print('loaded')"), name: "sample",
                          scenario: .present)
        #expect(outcome.printed == [PrintedLine(text: "loaded", location: ScriptLocation(file: "sample.lua", line: 1)),
                                    PrintedLine(text: "drawn\ttrue", location: ScriptLocation(file: "sample.lua", line: 5))])
    }

    /// Numbers that are not finite are refused where the script assigns them.
    static let nonFinite: [(String, String)] = [
        // 0/0 is -nan on x86; the message says nan whatever its sign.
        ("view.alpha = 0/0", "bad value for UIView.alpha (a finite number expected, got nan)"),
        ("view.alpha = -(0/0)", "bad value for UIView.alpha (a finite number expected, got nan)"),
        ("view.frame = CGRect(0, 0, math.huge, 10)", "bad value for UIView.frame (CGRect's 'width' must be a finite number, got inf)"),
        ("view.center = CGPoint(-math.huge, 0)", "bad value for UIView.center (CGPoint's 'x' must be a finite number, got -inf)"),
        ("view.layer.transform = CATransform3DMakeRotation(0/0, 0, 1, 0)", "bad argument #1 to 'CATransform3DMakeRotation' (a finite number expected"),
        ("UIView.animate{duration = math.huge, animations = function() end}", "'duration' must be a finite number, got inf"),
        ("UIView.animate{duration = 0.1, delay = -1, animations = function() end}", "'delay' must be at least 0, got -1"),
        // A fraction: past it is a mistake, not clamped to 0 or 1.
        ("view.curl = 1e300", "UIView.curl is how far the page is curled, from 0 to 1; got 1e+300"),
        ("view.curl = -5", "UIView.curl is how far the page is curled, from 0 to 1; got -5"),
        ("view.curl = 0/0", "bad value for UIView.curl (a finite number expected, got nan)"),
    ]

    @Test(arguments: nonFinite)
    func nonFiniteNumbersAreRefusedWhereAssigned(body: String, message: String) throws {
        let problem = try #require(Self.firstProblem(Self.entry(body: body)))
        #expect(problem.location == ScriptLocation(file: "sample.lua", line: 5), "\(problem)")
        #expect(problem.message.contains(message), "\(problem.message)")
    }

    @Test func nonFiniteDurationAndInteractionValuesAreReported() throws {
        let duration = try #require(Self.firstProblem(Self.entry(animator: "transitionDuration = function() return 0/0 end,")))
        #expect(duration.hook == "transitionDuration")
        #expect(duration.message.hasPrefix("must return a finite number of seconds"))
        let speed = Self.entry(top: "interaction = {dismissal = {distance = 300, completionSpeed = 1/0}},")
        let problem = try #require(run(speed, name: "sample", scenario: .interactiveFinish).problems.first)
        #expect(problem.message.hasPrefix("'completionSpeed' must be a finite number above 0"))
        #expect(problem.location == ScriptLocation(file: "sample.lua", line: 12))
    }

    @Test func aNonFiniteParameterValueIsRefused() throws {
        var options = ScenarioOptions()
        options.parameters = ["rise": "nan"]
        let problem = try #require(run(Self.entry(), name: "sample", scenario: .present, options: options).problems.first)
        #expect(problem.message == "parameter 'rise': nan is not a finite number")
    }
}

import Foundation
import LuaBindings
import Testing
import Transitions

/// The metatables the host puts on the values it makes (the prelude's
/// CGRect, UIColor, CATransform3D … and the handles of views and layers)
/// are the host's: a script that reached one could give every such value a
/// finalizer, which Lua runs with hooks off and at `lua_close` with no limit
/// at all (one installed entry made every later `segue list` spin for ever).
@Suite struct HostMetatableTests {
    /// An expression for each kind of value the host or the prelude makes.
    static let values: [String] = [
        "CGPoint(1, 2)", "CGSize(3, 4)", "CGRect(0, 0, 10, 10)", "UIColor.black", "UIColor{white = 0, alpha = 0.4}",
        "CATransform3DIdentity", "CGAffineTransformIdentity", "UIBezierPath(CGRect(0, 0, 4, 4))", "CAMediaTimingFunction(0.4, 0, 0.2, 1)",
        "view", "view.layer", "ctx", "ctx.containerView", "params", "UIAccessibility", "CGRect", "UIBezierPath", "_G",
    ]

    static func entry(probing expression: String) -> String {
        MistakeTests.entry(body: """
            local value = \(expression)
            local meta = getmetatable(value)
            if type(meta) == "table" then error("reached the metatable of \(expression)") end
            -- rawset on whatever getmetatable gave must not reach the real one either.
            local ok = pcall(rawset, meta, "__gc", function() while true do end end)
            if ok then error("set a finalizer through \(expression)") end
            """)
    }

    @Test(arguments: values)
    func aValuesMetatableIsOutOfReach(expression: String) {
        let outcome = run(Self.entry(probing: expression), scenario: .present)
        #expect(outcome.errors.isEmpty, "\(expression): \(outcome.errors.map(\.message))")
    }

    /// The attack as the review built it: the finalizer put on CGRect's
    /// metatable at file scope, then rects made by the host. The entry is
    /// refused at the line that tries, and the run (and the state's close,
    /// where the finalizer would have spun) ends at once.
    @Test func aFinalizerOnAPreludeMetatableNeverRuns() {
        let source = """
            rawset(getmetatable(CGRect(0, 0, 1, 1)), "__gc", function() while true do end end)
            """ + "\n" + MistakeTests.entry()
        let start = ContinuousClock.now
        let outcome = run(source, scenario: .present)
        #expect(ContinuousClock.now - start < .seconds(10))
        let problem = outcome.errors.first
        #expect(problem?.line == 1, "\(outcome.errors.map(\.message))")
        #expect(problem?.message.contains("rawset") == true, "\(outcome.errors.map(\.message))")
    }

    /// The prelude's own code took `pairs`, `next` and `table.concat` from the
    /// globals when it ran, so a script that replaced them at file scope was
    /// handed params' private values, and could write any number past the
    /// declared range (found by a breaker).
    @Test func theHostsOwnLuaCallsNothingAScriptReplaced() {
        let source = """
            local stolen = {}
            local realPairs, realNext, realConcat, realSort = pairs, next, table.concat, table.sort
            pairs = function(t, ...) stolen[#stolen + 1] = t return realPairs(t, ...) end
            next = function(t, ...) stolen[#stolen + 1] = t return realNext(t, ...) end
            table.concat = function(t, ...) stolen[#stolen + 1] = t return realConcat(t, ...) end
            table.sort = function(t, ...) stolen[#stolen + 1] = t return realSort(t, ...) end
            string.lower = function(s) error("the host called the script's string.lower") end
            """ + "\n" + MistakeTests.entry(body: """
            local _, state = realPairs(params)
            if type(state) == "table" and rawget(state, "rise") ~= nil then error("pairs(params) handed out its values") end
            for _, t in ipairs(stolen) do
              if type(t) == "table" and rawget(t, "rise") ~= nil then error("the host handed over params' values") end
            end
            local ok, message = pcall(function() return CGRect(0, 0, 1, 1).widht end)
            if not tostring(message):find("did you mean 'width'", 1, true) then error("the prelude said: " .. tostring(message)) end
            """)
        let outcome = run(source, scenario: .present)
        #expect(outcome.errors.isEmpty, "\(outcome.errors.map(\.message))")
    }

    /// Found by the review: a negative index trapped on a force unwrap.
    @Test(arguments: ["-1", "math.mininteger", "{at = -1}"])
    func aNegativeSublayerIndexIsTheScriptsMistake(index: String) {
        let source = MistakeTests.entry(body: """
            local extra = CALayer{}
            view.layer:insertSublayer(extra, \(index))
            """)
        let outcome = run(source, scenario: .present)
        let problem = outcome.errors.first
        #expect(problem?.message.contains("insertSublayer's index must be 0 or more") == true, "\(outcome.errors.map(\.message))")
        #expect(problem?.line == line(of: "insertSublayer(extra", in: source))
    }

    @Test(arguments: ["-1", "math.mininteger", "{at = -1}"])
    func aNegativeSubviewIndexIsTheScriptsMistake(index: String) {
        let source = MistakeTests.entry(body: """
            local extra = UIView.new{name = "extra"}
            ctx.containerView:addSubview(extra)
            ctx.containerView:insertSubview(extra, \(index))
            """)
        let outcome = run(source, scenario: .present)
        let problem = outcome.errors.first
        #expect(problem?.message.contains("insertSubview's index must be 0 or more") == true, "\(outcome.errors.map(\.message))")
        #expect(problem?.line == line(of: "insertSubview(extra", in: source))
    }
}

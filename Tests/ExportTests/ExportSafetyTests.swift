@testable import Export
import Testing

/// What a hostile author writes must not become Swift code: text reaches the
/// file only inside comments and string literals, names only as Swift names;
/// and Lua's arithmetic and loops keep their meaning.
@Suite struct ExportSafetyTests {
    static let breaks = ["\r", "\r\n", "\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}", "\u{0}"]

    /// The author's text, a line break and then Swift: every line holding the payload is a comment.
    @Test(arguments: breaks)
    func textNeverLeavesItsComment(lineBreak: String) throws {
        let payload = "\(lineBreak)let pwned = 1\(lineBreak)"
        func luaString(_ text: String) -> String {
            "\"" + text.unicodeScalars.map { $0.value < 0x20 || $0.value >= 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined() + "\""
        }
        var source = TranslatorTests.entry("ctx:completeTransition(true)",
                                           parameters: "d = {type = \"number\", default = 1, min = 0, max = 2, description = \(luaString("D" + payload))},")
        source = source.replacingOccurrences(of: "title = \"T\", summary = \"S.\"",
                                             with: "title = \(luaString("T" + payload)), summary = \(luaString("S" + payload))")
        // In a Lua line comment too, where Lua itself does not end the line (\r and \n end it: the rest would be Lua).
        source = "-- header\(["\n", "\r", "\r\n"].contains(lineBreak) ? "" : payload)\n" + source
        let text = try TranslatorTests.export(source)
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        for line in lines where line.contains("pwned") {
            #expect(line.trimmingCharacters(in: .whitespaces).hasPrefix("//"), "\(line)")
        }
        #expect(!text.unicodeScalars.contains { ["\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0}", "\u{0B}", "\u{0C}"].contains($0) })
    }

    @Test func aParameterNameMustBeASwiftName() {
        let source = TranslatorTests.entry("ctx:completeTransition(true)", parameters: "[\"d\\rlet x = 1 //\"] = {type = \"boolean\", default = false},")
        let refusal = TranslatorTests.refusal(source)
        #expect(refusal?.construct.hasPrefix("the parameter name") == true, "\(String(describing: refusal))")
        #expect(refusal?.construct.contains("\\r") == true)
    }

    @Test(arguments: [
        ("min = 5, max = 1", "min 5 above max 1"),
        ("min = 0, max = 1", "the default 2 outside 0…1"),
        ("min = 0", "a range that is not two finite numbers"),
        ("min = 0, max = 1e999", "a range that is not two finite numbers"),
    ])
    func parameterRangesAreCheckedAsCheckDoes(range: String, construct: String) {
        let source = TranslatorTests.entry("ctx:completeTransition(true)", parameters: "d = {type = \"number\", default = 2, \(range)},")
        #expect(TranslatorTests.refusal(source)?.construct == "parameter 'd': \(construct)")
    }

    /// What Lua and Swift compute alike stays: integers far below 2^53, a float written with a point, a local struct's
    /// own fields changed before it is passed on.
    @Test func whatBothComputeAlikeIsTranslated() throws {
        let lua = """
            local n = 3 * 4 + 1000000
            local big = 9007199254740992.0
            local m = big + 1 - big
            local r = CGRect(0, 0, 100, 100)
            r.origin.x = n
            r.size.width = m
            ctx.containerView.frame = r
            ctx:completeTransition(true)
            """
        #expect(try TranslatorTests.body(TranslatorTests.entry(lua)) == """
            let n = 3.0 * 4.0 + 1000000.0
            let big = 9007199254740992.0
            let m = big + 1.0 - big
            var r = CGRect(x: 0, y: 0, width: 100, height: 100)
            r.origin.x = n
            r.size.width = m
            transitionContext.containerView.frame = r
            transitionContext.completeTransition(true)
            """)
    }

    /// Lua's numbers are floats where they divide (`min(1, 2) / 3` is a third), its loops from a start past the end run
    /// no times, `- -x` is x, and a comparison of comparisons needs its parentheses in Swift.
    @Test func arithmeticKeepsLuasMeaning() throws {
        let lua = """
            local x = math.min(1, 2) / 3
            for i = 3, 1 do
              ctx.containerView.alpha = x
            end
            ctx.containerView.alpha = - -x
            if x < 1 == true then
              ctx.containerView.alpha = 1
            end
            ctx:completeTransition(true)
            """
        #expect(try TranslatorTests.body(TranslatorTests.entry(lua)) == """
            let x = min(1.0, 2.0) / 3.0
            for _ in stride(from: 3.0, through: 1.0, by: 1.0) {
                transitionContext.containerView.alpha = x
            }
            transitionContext.containerView.alpha = -(-x)
            if (x < 1.0) == true {
                transitionContext.containerView.alpha = 1
            }
            transitionContext.completeTransition(true)
            """)
    }

    @Test(arguments: [
        ("local n = 9007199254740993 - 9007199254740992", "cannot hold exactly"),
        ("local x = 1\nlocal x = 2", "a second local 'x'"),
        ("local transitionContext = 1", "the name 'transitionContext'"),
        ("local params = 1", "the name 'params'"),
        ("local stride = 1", "the name 'stride'"),
        ("local UIFoo = 1", "the name 'UIFoo'"),
        ("local DisplayLinkTarget = 1", "the name 'DisplayLinkTarget'"),
        // Lua's integers are exact to 2^63 and wrap; a Double rounds past 2^53.
        ("local big = 9007199254740992\nlocal n = big + 1 - big", "integer arithmetic that may pass 2^53"),
        ("local n = 4294967296 * 4294967296", "integer arithmetic that may pass 2^53"),
        ("local n = 0\nn = n + 1", "a Lua integer that changes"),
        // A struct read out of a local's struct is that very table in Lua, a copy in Swift.
        ("local r = CGRect(0, 0, 100, 100)\nlocal p = r.origin\np.x = 50", "a field of p changed after p was passed on"),
        ("local r = CGRect(0, 0, 100, 100)\nlocal p = r.origin\nr.origin.x = 50", "a field of r changed after r was passed on"),
        // Through a view Lua changes a fresh copy, and the view not at all.
        ("ctx.containerView.frame.origin.x = 50", "a field of a value read from a view or the API"),
        ("ctx.containerView.layer.transform.m34 = 0.5", "a field of a value read from a view or the API"),
    ])
    func namesAndNumbersSwiftCannotHoldAreRefused(lua: String, construct: String) {
        let refusal = TranslatorTests.refusal(TranslatorTests.entry(lua + "\nctx:completeTransition(true)"))
        #expect(refusal?.construct.contains(construct) == true, "\(String(describing: refusal))")
    }
}

import Catalogue
import Testing

/// Names as messages quote them: short names whole, long ones cut to 64
/// Unicode scalars, whatever Characters they form.
@Suite struct SuggestionTests {
    @Test func aLongNameIsCutToSixtyFourScalars() {
        #expect(Suggestion.shortened("opacity") == "opacity")
        let ascii = String(repeating: "a", count: 100)
        #expect(Suggestion.shortened(ascii) == String(repeating: "a", count: 64) + "…")
        // 1,000 combining marks after an "e" are one Character: cut by scalars, not by Characters.
        let marks = "e" + String(repeating: "\u{301}", count: 1000)
        #expect(marks.count == 1)
        let cut = Suggestion.shortened(marks)
        #expect(cut.unicodeScalars.count == 65)
        #expect(cut == "e" + String(repeating: "\u{301}", count: 63) + "…")
        // 64 scalars of two bytes each: over 64 bytes, but no longer than the limit.
        let sixtyFour = String(repeating: "é", count: 64)
        #expect(Suggestion.shortened(sixtyFour) == sixtyFour)
    }
}

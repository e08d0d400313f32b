import Foundation
@testable import HTMLPlayer
import Testing

/// The escaper, scalar by scalar, against expectations written out by hand:
/// a markup character is escaped whatever grapheme cluster it is part of.
@Suite struct HTMLEscapingTests {
    /// The scalars of a string: `==` on strings compares them canonically, which could hide a difference.
    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    /// Each case: the input's scalars and the output's, by hand.
    static let cases: [(String, [UInt32])] = [
        // Prepend (Arabic number sign) then `<`: one Character, which the old table never matched.
        ("\u{0600}<", [0x600, 0x26, 0x6C, 0x74, 0x3B]),
        // `<` then a combining grave: one Character again.
        ("<\u{0300}", [0x26, 0x6C, 0x74, 0x3B, 0x300]),
        // A combining mark before `&` belongs to the letter before it.
        ("a\u{0300}&", [0x61, 0x300, 0x26, 0x61, 0x6D, 0x70, 0x3B]),
        // ZWJ after `"` (Extend), and after an emoji before `'`.
        ("\"\u{200D}", [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B, 0x200D]),
        ("\u{1F469}\u{200D}'", [0x1F469, 0x200D, 0x26, 0x23, 0x33, 0x39, 0x3B]),
        // A regional-indicator pair, then `>`; a variation selector after `>`.
        ("\u{1F1FA}\u{1F1F8}>", [0x1F1FA, 0x1F1F8, 0x26, 0x67, 0x74, 0x3B]),
        (">\u{FE0F}", [0x26, 0x67, 0x74, 0x3B, 0xFE0F]),
        // A spacing mark after a backquote; Hangul jamo (L V T) before `/`, which needs no escape.
        ("`\u{0903}", [0x26, 0x23, 0x39, 0x36, 0x3B, 0x903]),
        ("\u{1100}\u{1161}\u{11A8}/", [0x1100, 0x1161, 0x11A8, 0x2F]),
        // CR LF is one Character; both kept, and the `<` after them escaped.
        ("\r\n<", [0x0D, 0x0A, 0x26, 0x6C, 0x74, 0x3B]),
        // Already an entity: its `&` is escaped again, so the page shows it as typed.
        ("&lt;", [0x26, 0x61, 0x6D, 0x70, 0x3B, 0x6C, 0x74, 0x3B]),
    ]

    @Test func markupCharactersInEveryGraphemeClusterAreEscaped() {
        for (input, expected) in Self.cases {
            #expect(Self.scalars(HTMLEscaping.text(input)) == expected, "\(Self.scalars(input))")
        }
    }

    /// Every scalar of the first planes alone and after U+0600: only the six
    /// markup characters change, into the references written here.
    @Test func onlyTheSixChange() {
        let references: [UInt32: String] = [0x26: "&amp;", 0x3C: "&lt;", 0x3E: "&gt;", 0x22: "&quot;", 0x27: "&#39;", 0x60: "&#96;"]
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x3_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = references[value].map { Self.scalars($0) } ?? [value]
            if Self.scalars(HTMLEscaping.text(String(scalar))) != expected
                || Self.scalars(HTMLEscaping.text("\u{0600}" + String(scalar))) != [0x600] + expected { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
    }

    @Test func jsonForAScriptBlockHasNoMarkupAndNoLineSeparators() {
        let json = Data(#"{"a":"</script><!-- & \#u{2028}\#u{2029} \#u{2027}"}"#.utf8)
        // `‧` (U+2027, E2 80 A7) shares two bytes with the separators and stays as it is.
        #expect(HTMLEscaping.scriptJSON(json) == #"{"a":"\u003c/script\u003e\u003c!-- \u0026 \u2028\u2029 "# + "\u{2027}\"}")
        // A separator as the last bytes.
        #expect(HTMLEscaping.scriptJSON(Data([0xE2, 0x80, 0xA8])) == #"\u2028"#)
    }

    @Test func linksArePercentEncodedPathsInsideTheSite() {
        #expect(RelativeLink("built-in/fade.html")?.renderText == "built-in/fade.html")
        #expect(RelativeLink("../assets/highlight.min.js")?.renderText == "../assets/highlight.min.js")
        #expect(RelativeLink("odd <dir>/a b.html")?.renderText == "odd%20%3Cdir%3E/a%20b.html")
        // A scheme's colon, a query, a fragment, a quote, a percent: all bytes of a name.
        #expect(RelativeLink("javascript:alert(1)")?.renderText == "javascript%3Aalert%281%29")
        #expect(RelativeLink("a?b#c\"%'")?.renderText == "a%3Fb%23c%22%25%27")
        // U+0600 then `<`: D8 80, 3C.
        #expect(RelativeLink("\u{0600}<.html")?.renderText == "%D8%80%3C.html")
        for outside in ["", "/etc/passwd", "a//b", "a/../b", "./a", "..", "../", "a/", "a/."] {
            #expect(RelativeLink(outside) == nil, "\(outside)")
        }
    }

    /// SHA-256 against FIPS 180-2's vectors, as CSP writes hashes (base64).
    @Test func policyHashesAreSHA256InBase64() {
        #expect(ContentSecurityPolicy.source("") == "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='")
        #expect(ContentSecurityPolicy.source("abc") == "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='")
    }

    @Test func aPolicyAllowsNoInlineCodeButItsOwn() {
        let player = ContentSecurityPolicy(scripts: ["abc"], styles: [""]).text
        #expect(player == "default-src 'none'; img-src data:; style-src 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='; "
                + "script-src 'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='; base-uri 'none'; form-action 'none'")
        let index = ContentSecurityPolicy(styles: ["abc"], images: ["'self'", "file:", "data:"]).text
        #expect(index == "default-src 'none'; img-src 'self' file: data:; style-src 'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='; "
                + "base-uri 'none'; form-action 'none'")
        #expect(!player.contains("unsafe") && !index.contains("unsafe") && !index.contains("script-src"))
    }
}

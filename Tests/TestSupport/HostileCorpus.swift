import Foundation

/// Author strings built to get out of their place in a page: every
/// grapheme-cluster edge case joined to every markup character, and whole
/// attacks written so that an escaper matching Characters writes them raw.
///
/// An attack that ran sets the global `pwned`; one that navigated or
/// loaded something shows in the browser's requests.
public enum HostileCorpus {
    /// Scalars that make one Character with a markup character after them.
    public static let before: [String] = [
        "\u{0600}",            // Prepend: Arabic number sign
        "\u{110BD}",           // Prepend: Kaithi number sign
        "a\u{0300}",           // a letter and a combining mark (Extend) before the character
        "\u{1F469}\u{200D}",   // an emoji and a ZWJ
        "\u{1F1FA}\u{1F1F8}",  // a regional-indicator pair
        "\u{1F1EB}",           // a lone regional indicator
        "\u{1100}\u{1161}\u{11A8}",  // Hangul jamo L V T
        "\u{AC00}",            // a Hangul LV syllable
    ]

    /// Scalars that make one Character with a markup character before them.
    public static let after: [String] = [
        "\u{0300}",   // Extend: combining grave
        "\u{20DD}",   // Extend: combining enclosing circle
        "\u{200D}",   // ZWJ
        "\u{FE0F}",   // variation selector 16
        "\u{FE0E}",   // variation selector 15
        "\u{0903}",   // SpacingMark
        "\u{1F3FB}",  // emoji modifier (Extend)
    ]

    public static let markup = ["<", ">", "&", "\"", "'", "/", "`"]

    /// Each edge case with each character, as short probes.
    public static let characters: [String] = markup.flatMap { c in before.map { $0 + c } + after.map { c + $0 } }

    /// U+0600 before `<` or `>` makes it part of a Character the old escaper
    /// did not know; a space keeps it out of the tag's name.
    public static let attacks: [String] = [
        "\u{0600}<script \u{0600}>pwned=1;//\u{0600}</script \u{0600}>",
        "\u{0600}<img src=x onerror=pwned=2 \u{0600}>",
        "\u{0600}<svg onload=pwned=3 \u{0600}>",
        // Out of a double- or single-quoted attribute (`alt`, `aria-label`).
        "\"\u{0300} onload=pwned=4 onerror=pwned=4 x=\"\u{0300}",
        "'\u{0300} onload=pwned=5 onerror=pwned=5 x='\u{0300}",
        "\u{0600}<meta http-equiv=refresh content=0;url=a \u{0600}>",
        "\u{0600}</title \u{0600}>\u{0600}</style \u{0600}>\u{0600}<!--",
        "\u{0600}</script \u{0600}>\u{0600}</textarea \u{0600}>",
        "javascript:pwned=6",
        "\u{0600}<a href=javascript:pwned=7 \u{0600}>x\u{0600}</a \u{0600}>",
        "\u{0600}<base href=https://example.invalid/ \u{0600}>",
        "\u{0600}<link rel=stylesheet href=https://example.invalid/s.css \u{0600}>",
        "\u{0600}<iframe src=https://example.invalid/ \u{0600}>",
        "`\u{0300}${pwned=8}`\u{0300} &lt; &#60; &amp;",
    ]

    public static let all = characters + attacks

    /// The probes packed into pieces of at most `limit` (as `measure` counts),
    /// joined by spaces: one piece an entry, so that every probe is in the field
    /// of some entry. Probes that do not fit alone, or that `keep` refuses, are left out.
    public static func pieces(limit: Int, measure: (String) -> Int = { $0.unicodeScalars.count },
                       keep: (String) -> Bool = { _ in true }) -> [String] {
        var pieces: [String] = []
        var current = ""
        for probe in all where keep(probe) && measure(probe) <= limit {
            let joined = current.isEmpty ? probe : current + " " + probe
            if measure(joined) <= limit {
                current = joined
            } else {
                pieces.append(current)
                current = probe
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    /// A Lua string literal of the text: every scalar outside printable ASCII
    /// as `\u{…}`, so the script file says exactly this text whatever Lua does with line ends.
    public static func lua(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case " "..."~": return String(scalar)
            default: return "\\u{\(String(scalar.value, radix: 16))}"
            }
        }.joined() + "\""
    }

    /// A TOML basic string of the text, escaped in the same way.
    public static func toml(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case " "..."~": return String(scalar)
            default: return String(format: "\\U%08X", scalar.value)
            }
        }.joined() + "\""
    }
}

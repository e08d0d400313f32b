/// The scalars that must never reach a terminal or a page as themselves, and
/// the one way segue writes them out. Its own module because every layer that
/// shows an author's text needs it: the Lua host (a script's messages), the
/// terminal player (its status line), the command line (every line it prints).
/// Judged by Unicode scalar, never by `Character`: a grapheme cluster can hold
/// a control behind an ordinary letter.

extension String {
    /// The text with control characters written out (`\n`, `\u{1B}`; a tab
    /// stays, as `print` separates with it): what a
    /// script says reaches a terminal as one line that cannot move the
    /// cursor, recolour the screen or forge a line of the host's own output.
    public var escapingControlCharacters: String {
        guard containsControlCharacters else { return self }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.isControl: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// Whether the text holds a control character other than a tab.
    public var containsControlCharacters: Bool {
        !isPrintableASCII && unicodeScalars.contains { $0.isControl && $0 != "\t" }
    }

    /// Whether every byte is printable ASCII (space to `~`), so no scalar is a control of any kind or anything but
    /// itself: one pass over the bytes, where most of what segue prints needs no more (a thousand-line listing
    /// spent a fifth of its table decoding scalars to find none).
    public var isPrintableASCII: Bool {
        let printable = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F }
        return utf8.withContiguousStorageIfAvailable { $0.allSatisfy(printable) } ?? utf8.allSatisfy(printable)
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls and DEL, and the invisible controls that reorder
    /// or break text where it is shown (bidirectional overrides and
    /// isolates and marks, line and paragraph separators): an entry's title
    /// must not turn the text after it around on a gallery's page or in a
    /// terminal.
    public var isControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C || value == 0x2028 || value == 0x2029
    }
}

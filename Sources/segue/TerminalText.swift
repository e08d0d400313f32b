import TextSafety

/// The one gate between segue and a terminal: every line a command writes
/// to standard output or standard error passes `TerminalText.safe`, so a
/// catalogue author's text (an entry's title, a file name, a lock file's
/// source, a script's message) can never reach the terminal as a control:
/// no OSC 52 writing the clipboard, no window title, no cleared screen, no
/// right-to-left override turning `readme-\u{202E}gnp.exe` into
/// `readme-exe.png`.
///
/// Text is judged by Unicode scalar, never by `Character`: a grapheme
/// cluster can hold a control behind a letter. Line breaks and tabs, which
/// segue's own layout uses, pass as they are; every other C0 or C1 control,
/// DEL and bidirectional control is written as a visible `\u{…}` — the
/// escape character too, whoever wrote it.
///
/// Segue's own colour cannot be told from an author's by its bytes, so
/// `Style.paint` does not write escape characters: it writes `colourMark`,
/// a run of Unicode noncharacters holding a number drawn when the process
/// starts, which no author can know, and this gate, after escaping
/// everything else, turns each mark into the escape character. An author's
/// `\u{1B}[31m` is shown as text, with colour on or off.
enum TerminalText {
    /// U+FDD0, twelve of U+FDE0…U+FDEF (48 random bits), U+FDD1.
    static let colourMark: String = {
        var generator = SystemRandomNumberGenerator()
        let bits = generator.next() as UInt64
        var mark = String.UnicodeScalarView([Unicode.Scalar(0xFDD0)!])
        for digit in 0..<12 { mark.append(Unicode.Scalar(0xFDE0 + UInt32((bits >> (4 * UInt64(digit))) & 0xF))!) }
        mark.append(Unicode.Scalar(0xFDD1)!)
        return String(mark)
    }()

    private static let colourMarkScalars = Array(colourMark.unicodeScalars)

    static func safe(_ text: String) -> String {
        // One scan of the bytes for the common line (printable ASCII); one of the scalars for the rest.
        guard !text.isPrintableASCII, text.unicodeScalars.contains(where: { isEscaped($0) || $0.value == 0xFDD0 }) else { return text }
        return unmarked(escapingControls(text).unicodeScalars)
    }

    /// Every control written as `\u{…}`; colour marks kept (`Style.paint`
    /// cleans an author's text with this, and a painted part may hold marks).
    static func escapingControls(_ text: String) -> String {
        escaping(text) { "\\u{\(String($0.value, radix: 16, uppercase: true))}" }
    }

    /// Line breaks and tabs are segue's own layout.
    private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool { scalar.isControl && scalar != "\n" && scalar != "\t" }

    /// `text` with every escaped scalar written as `written` says.
    private static func escaping(_ text: String, _ written: (Unicode.Scalar) -> String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) { result.append(contentsOf: written(scalar).unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }

    /// `text` with each colour mark turned into the escape character.
    private static func unmarked(_ text: String.UnicodeScalarView) -> String {
        let mark = colourMarkScalars
        var result = String.UnicodeScalarView()
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == mark[0], text[index...].starts(with: mark) {
                result.append("\u{1B}")
                index = text.index(index, offsetBy: mark.count)
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return String(result)
    }

    /// JSON text with every control still in it (DEL, C1 and bidirectional
    /// controls: JSONEncoder escapes only C0) written as JSON's own `\uXXXX`,
    /// so the document stays valid and reads the same when parsed. Controls
    /// can only stand inside strings, where the escape means the same scalar.
    static func json(_ text: String) -> String {
        escaping(text) { scalar in
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.utf8.count)) + hex
        }
    }
}

/// This module's `print` writes through `TerminalText.safe`: a command that
/// prints an author's text cannot forget to clean it.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    print(items.map { "\($0)" }.joined(separator: separator), terminator: terminator)
}

/// The same for one string, as a table's every line is: without boxing it as `Any` and interpolating it back.
func print(_ text: String, terminator: String = "\n") {
    // The terminator is this module's own ("\n", or none): only the text is cleaned, so a plain line keeps to the scan
    // of its bytes.
    Swift.print(TerminalText.safe(text) + terminator, terminator: "")
}

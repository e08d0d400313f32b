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
/// cluster can hold a control behind a letter. What passes as it is: line
/// breaks and tabs, which segue's own layout uses, and the colour codes
/// `Style.paint` makes (SGR with only the parameters of its roles), which
/// change nothing but colour and weight. Every other C0 or C1 control, DEL
/// and bidirectional control is written as a visible `\u{…}`.
enum TerminalText {
    /// The SGR parameters `Style` uses (Rainbow's codes for its roles and the resets).
    static let styleParameters: Set<Substring> = ["", "0", "1", "2", "22", "31", "32", "33", "36", "39"]

    static func safe(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0.isControl && $0 != "\n" && $0 != "\t" }) else { return text }
        var result = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = styleSequenceEnd(scalars, from: index) {
                result.append(contentsOf: scalars[index..<end])
                index = end
                continue
            }
            if scalar.isControl && scalar != "\n" && scalar != "\t" {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
            index = scalars.index(after: index)
        }
        return String(result)
    }

    /// JSON text with every control still in it (DEL, C1 and bidirectional
    /// controls: JSONEncoder escapes only C0) written as JSON's own `\uXXXX`,
    /// so the document stays valid and reads the same when parsed. Controls
    /// can only stand inside strings, where the escape means the same scalar.
    static func json(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: \.isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isControl && scalar != "\n" {
                let hex = String(scalar.value, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.utf8.count)) + hex).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Where `ESC [ params m` starting at `start` ends, when every parameter
    /// is one `Style` uses; nil for anything else.
    private static func styleSequenceEnd(_ scalars: String.UnicodeScalarView, from start: String.UnicodeScalarView.Index) -> String.UnicodeScalarView.Index? {
        var index = scalars.index(after: start)
        guard index < scalars.endIndex, scalars[index] == "[" else { return nil }
        index = scalars.index(after: index)
        var parameters = ""
        while index < scalars.endIndex, parameters.utf8.count <= 16 {
            let scalar = scalars[index]
            if scalar == "m" {
                let allowed = parameters.split(separator: ";", omittingEmptySubsequences: false).allSatisfy { styleParameters.contains($0) }
                return allowed ? scalars.index(after: index) : nil
            }
            guard scalar == ";" || ("0"..."9").contains(scalar) else { return nil }
            parameters.unicodeScalars.append(scalar)
            index = scalars.index(after: index)
        }
        return nil
    }
}

/// This module's `print` writes through `TerminalText.safe`: a command that
/// prints an author's text cannot forget to clean it.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    Swift.print(TerminalText.safe(text), terminator: "")
}

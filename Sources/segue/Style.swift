import ArgumentParser
import Foundation
@preconcurrency import Rainbow
import CTerminal
import TerminalPlayer
import TextSafety

/// `--color`: whether output is coloured.
enum ColorChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never
}

/// How output looks, decided once per process: colour for each of standard
/// output and standard error (on a terminal only, unless forced), and the
/// width tables and text are fitted to (none when piped: full lines, so a
/// pipe or a file gets everything).
///
/// Colour goes through Rainbow and widths through the terminal's own report
/// (TIOCGWINSZ) and the C library's `wcwidth`, so no command writes escape
/// codes or guesses widths itself.
enum Style {
    struct Settings: Sendable {
        var colourOutput = false
        var colourErrors = false
        /// Columns of the terminal standard output is on; nil when it is not one.
        var width: Int?
        /// The same for standard error.
        var errorWidth: Int?
    }

    nonisolated(unsafe) private(set) static var settings = Settings()

    /// `auto` colours a stream that is a terminal, unless NO_COLOR is set (to
    /// anything but the empty string, as no-color.org says) or TERM is dumb;
    /// `always` and `never` win over both.
    static func configure(_ choice: ColorChoice, environment: [String: String] = ProcessInfo.processInfo.environment) {
        // wcwidth needs a UTF-8 character type; only LC_CTYPE is changed, so
        // numbers still print with a point.
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        let plain = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        func colours(_ fd: Int32) -> Bool {
            switch choice {
            case .always: true
            case .never: false
            case .auto: !plain && isatty(fd) == 1
            }
        }
        var settings = Settings(colourOutput: colours(STDOUT_FILENO), colourErrors: colours(STDERR_FILENO))
        func width(_ fd: Int32) -> Int? {
            guard isatty(fd) == 1 else { return nil }
            // COLUMNS first, as ls and git do: a user's override, and what a pty without a size says.
            return environment["COLUMNS"].flatMap(Int.init).flatMap { $0 >= 20 ? $0 : nil } ?? TerminalSize.of(fd)?.columns
        }
        settings.width = width(STDOUT_FILENO)
        settings.errorWidth = width(STDERR_FILENO)
        self.settings = settings
        // Rainbow's own checks (its output target, NO_COLOR) are done above, per stream.
        Rainbow.outputTarget = .console
        Rainbow.enabled = true
    }

    enum Stream { case output, errors }

    enum Role {
        case error, warning, ok, quiet, name, location, heading
    }

    /// `text` as `role` looks on `stream`, unchanged where that stream has no
    /// colour. The codes are written with `TerminalText.colourMark` in place
    /// of the escape character, which the output gate alone turns back:
    /// an author's escape in `text` stays text.
    static func paint(_ text: String, _ role: Role, on stream: Stream = .output) -> String {
        guard stream == .output ? settings.colourOutput : settings.colourErrors, !text.isEmpty else { return text }
        // Rainbow's codes for the role, around a stand-in: the author's text never goes through it.
        let standIn = Unicode.Scalar(0xFDD2)!
        let sample = String(standIn)
        let painted = switch role {
        case .error: sample.red.bold
        case .warning: sample.yellow.bold
        case .ok: sample.green
        case .quiet: sample.dim
        case .name: sample.bold
        case .location: sample.cyan
        case .heading: sample.bold
        }
        let mark = TerminalText.colourMark.unicodeScalars
        var result = String.UnicodeScalarView()
        for scalar in painted.unicodeScalars {
            switch scalar {
            case "\u{1B}": result.append(contentsOf: mark)
            case _ where scalar == standIn: result.append(contentsOf: TerminalText.escapingControls(text).unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: Widths

    /// Terminal cells `text` takes: 2 for wide characters, 0 for combining
    /// ones and for colour codes (what `paint` adds is not counted).
    static func cells(_ text: String) -> Int {
        // Printable ASCII, as most cells are, takes a cell a byte: a table of a thousand entries measures each cell twice.
        if text.isPrintableASCII { return text.utf8.count }
        var total = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                // An SGR sequence ends at its final byte (a letter).
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" || scalar.value == 0xFDD0 {
                // A colour code, written or still marked (TerminalText.colourMark: its scalars end at 'm').
                inEscape = true
            } else if scalar.isASCII {
                total += 1
            } else {
                let width = segue_cell_width(scalar.value)
                total += width < 0 ? 1 : Int(width)
            }
        }
        return total
    }

    /// `text` cut to at most `limit` cells, ending in "…" when cut.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard cells(text) > limit else { return text }
        guard limit > 0 else { return "" }
        var result = "", used = 0
        for character in text {
            let width = cells(String(character))
            if used + width > limit - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// `text` in lines of at most `limit` cells, broken at spaces only: a
    /// word (an identifier, a path) longer than a line keeps its own line
    /// whole. Spaces inside a line are kept as they are (columns stay lined up).
    static func wrapped(_ text: String, to limit: Int) -> [String] {
        var lines: [String] = [], line = "", used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let wordStart = text[index...].firstIndex { $0 != " " } ?? text.endIndex
            let wordEnd = text[wordStart...].firstIndex(of: " ") ?? text.endIndex
            guard wordStart < wordEnd else { break }
            let space = text.distance(from: index, to: wordStart)
            let word = text[wordStart..<wordEnd]
            index = wordEnd
            let width = cells(String(word))
            if used > 0 && used + space + width > limit {
                lines.append(line)
                line = ""
                used = 0
            }
            // A break eats its spaces; the first line keeps its indent.
            if used > 0 || lines.isEmpty {
                line += String(repeating: " ", count: space)
                used += space
            }
            line += word
            used += width
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

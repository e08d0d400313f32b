import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LuaBindings
import LuaRuntime
import TextSafety

/// Messages for people go to standard error, so standard output stays data.
enum Output {
    /// Writes to standard error, ignoring failure: a closed or full standard
    /// error must not stop the command (FileHandle's write traps on it).
    static func standardError(_ text: String) {
        write(TerminalText.safe(text))
    }

    /// Clears the terminal's current line and writes `text` on it (a progress
    /// line): the one place segue's own controls other than colour are written.
    static func replaceLine(_ text: String = "") {
        write("\r\u{1B}[2K" + TerminalText.safe(text))
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    static func error(_ message: String) {
        standardError(Style.paint("segue:", .error, on: .errors) + " " + message + "\n")
    }

    static func warning(_ message: String) {
        standardError(Style.paint("segue: warning:", .warning, on: .errors) + " " + message + "\n")
    }

    /// A column of a table: how it looks, and how it gives way when the
    /// rows are wider than the terminal: the last column gives way first.
    struct Column {
        enum Fit {
            /// Never narrower than its widest cell (what users type: names).
            case whole
            /// Cut with "…", down to `minimum` cells.
            case truncate(minimum: Int)
            /// Broken at spaces onto more lines, down to `minimum` cells.
            case wrap(minimum: Int)
        }

        var fit: Fit = .whole
        var role: Style.Role?

        var minimum: Int? {
            switch fit {
            case .whole: nil
            case .truncate(let minimum), .wrap(let minimum): minimum
            }
        }
    }

    /// Rows in columns padded to their widest cell, two spaces apart, fitted
    /// to the terminal's width: the columns that may give way do, from the
    /// last leftwards, down to their minimums. Piped, every cell is whole.
    /// The last column is not padded; a header row, when given, is bold.
    static func table(_ rows: [[String]], columns: [Column] = [], header: [String]? = nil, width: Int? = Style.settings.width) -> String {
        var lines: [String] = []
        table(rows, columns: columns, header: header, width: width) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// The same table handed over a line at a time (without its newline), so
    /// a long one is never held whole as text as well as in its rows.
    static func table(_ rows: [[String]], columns: [Column] = [], header: [String]? = nil, width: Int? = Style.settings.width,
                      line emit: (String) -> Void) {
        // Cells come from strangers (folder names, parameter descriptions): no control characters reach a terminal.
        let all = ((header.map { [$0] } ?? []) + rows).map { row in row.map { $0.escapingControlCharacters } }
        guard let count = all.map(\.count).max(), count > 0 else { return }
        let spec = (0..<count).map { $0 < columns.count ? columns[$0] : Column() }
        // Each cell measured once: a listing of a thousand entries measured every cell three times.
        let measured = all.map { row in row.map(Style.cells) }
        var widths = [Int](repeating: 0, count: count)
        for row in measured {
            for (i, cells) in row.enumerated() { widths[i] = max(widths[i], cells) }
        }
        if let width {
            // Columns give way from the last one leftwards, each down to its minimum.
            var overflow = widths.reduce(2 * (count - 1), +) - width
            for i in (0..<count).reversed() where overflow > 0 {
                guard let minimum = spec[i].minimum, widths[i] > minimum else { continue }
                let given = min(overflow, widths[i] - minimum)
                widths[i] -= given
                overflow -= given
            }
        }
        for (r, row) in all.enumerated() {
            let isHeader = header != nil && r == 0
            // Each cell as the lines it takes in its column, with their widths: a cell that fits as it was measured
            // (wrapping may still move a cell's spaces, so a wrapped column's cells always go through it).
            var cells: [[(text: String, cells: Int)]] = (0..<count).map { i in
                guard i < row.count else { return [("", 0)] }
                let text = row[i]
                if case .wrap = spec[i].fit {} else if measured[r][i] <= widths[i] { return [(text, measured[r][i])] }
                let lines: [String]
                switch spec[i].fit {
                case .whole: lines = [text]
                case .truncate: lines = [Style.truncated(text, to: widths[i])]
                case .wrap: lines = isHeader ? [Style.truncated(text, to: widths[i])] : Style.wrapped(text, to: widths[i])
                }
                return lines.map { ($0, Style.cells($0)) }
            }
            let height = cells.map(\.count).max() ?? 1
            for i in cells.indices where cells[i].count < height { cells[i] += Array(repeating: ("", 0), count: height - cells[i].count) }
            for k in 0..<height {
                var line = ""
                for i in 0..<count {
                    let (text, used) = cells[i][k]
                    let role = isHeader ? .heading : spec[i].role
                    line += role.map { Style.paint(text, $0) } ?? text
                    if i < count - 1 {
                        line += blanks(max(0, widths[i] - used) + 2)
                    }
                }
                emit(droppingTrailingSpaces(line))
            }
        }
    }

    /// The line without the spaces that pad its end. By bytes when what is
    /// left ends in ASCII, since a space after ASCII is a character of its
    /// own; otherwise (a space may join a character before it) by characters.
    /// Reversing every line character by character was a tenth of `list`.
    /// `count` spaces: made once for the usual widths (String(repeating:) at each cell was a tenth of a long table).
    private static func blanks(_ count: Int) -> String {
        count < paddings.count ? paddings[count] : String(repeating: " ", count: count)
    }
    private static let paddings = (0..<160).map { String(repeating: " ", count: $0) }

    static func droppingTrailingSpaces(_ line: String) -> String {
        let utf8 = line.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") { end = utf8.index(before: end) }
        if end == utf8.endIndex { return line }
        if end == utf8.startIndex || utf8[utf8.index(before: end)] < 0x80 { return String(line[..<end]) }
        return String(line.reversed().drop(while: { $0 == " " }).reversed())
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return TerminalText.json(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}

extension Output {
    /// "error    [scenario] entry: hook: file:line: message", the line every
    /// command prints a problem as, coloured on a terminal.
    static func line(_ problem: Problem, on stream: Style.Stream = .output, scenario: Bool = true) -> String {
        let word = Style.paint(problem.severity.column, problem.severity == .error ? .error : .warning, on: stream)
        let tag = scenario ? problem.scenario.map { "[\($0)] " } ?? "" : ""
        var parts: [String] = []
        if !problem.entry.isEmpty { parts.append(Style.paint(problem.entry, .name, on: stream)) }
        if let hook = problem.hook { parts.append(hook) }
        if let location = problem.location { parts.append(Style.paint(location.description, .location, on: stream)) }
        // The rule's id, which 'segue explain' takes.
        parts.append(problem.message + (problem.rule.map { " " + Style.paint("[\($0)]", .quiet, on: stream) } ?? ""))
        return word + " " + tag + parts.joined(separator: ": ")
    }

    /// A problem on standard error, for commands whose output is something else.
    static func report(_ problem: Problem) {
        standardError(fitted(line(problem, on: .errors), on: .errors) + "\n")
    }

    /// A line of `check`'s kind fitted to the terminal: broken at spaces,
    /// later lines indented under the text after the status word. Piped, as it is.
    static func fitted(_ line: String, on stream: Style.Stream = .output, indent: Int = 9) -> String {
        guard let width = stream == .output ? Style.settings.width : Style.settings.errorWidth, width > indent + 20,
              Style.cells(line) > width else { return line }
        let first = Style.wrapped(line, to: width)
        guard first.count > 1 else { return line }
        let rest = Style.wrapped(first.dropFirst().joined(separator: " "), to: width - indent)
        return ([first[0]] + rest.map { String(repeating: " ", count: indent) + $0 }).joined(separator: "\n")
    }
}

import Foundation
import TextSafety

/// The line under the picture: what is playing, where, how fast, and the keys —
/// or, when there is one, the problem to show instead of the keys.
///
///     fade  0.250/0.500 s  8/16  ×0.25  paused  space play · ←/→ step · q quit
///     fade  0.250/0.500 s  8/16  ×1  playing  fade.lua:12: attempt to index a nil value
struct StatusLine: Equatable {
    var title: String
    var time: Double
    var duration: Double
    var frame: Int
    var frames: Int
    var speed: Double
    var state: State
    var problem: String?

    enum State: String { case playing, paused, end }

    /// Styled parts: plain, bold, dim or red.
    enum Style: String { case plain = "", bold = "1", dim = "2", red = "31" }

    var parts: [(String, Style)] {
        var parts: [(String, Style)] = [
            (Self.oneLine(title), .bold),
            ("  " + String(format: "%.3f/%.3f s", time, duration), .plain),
            ("  \(frames == 0 ? 0 : frame + 1)/\(frames)", .plain),
            ("  ×" + Self.number(speed), .plain),
            ("  " + state.rawValue, .plain),
        ]
        if let problem {
            parts.append(("  " + Self.oneLine(problem), .red))
        } else {
            parts.append(("  space \(state == .playing ? "pause" : "play") · ←/→ step · q quit", .dim))
        }
        return parts
    }

    /// The text alone, cut to `width` characters (the last one then `…`).
    func text(width: Int) -> String {
        Self.cut(parts.map(\.0).joined(), to: width)
    }

    /// The line as the terminal gets it: styled, cut to `width` characters, each
    /// part's style ended with the part.
    func rendered(width: Int) -> String {
        var visible = Substring(text(width: width)), out = ""
        for (part, style) in parts where !visible.isEmpty {
            let shown = visible.prefix(part.count)
            visible = visible.dropFirst(shown.count)
            out += style == .plain ? String(shown) : "\u{1B}[\(style.rawValue)m\(shown)\u{1B}[0m"
        }
        return out
    }

    /// A speed as people write it: 1, 0.25, 2.5.
    static func number(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The first line of `text`, its control characters as spaces: a script's
    /// error may hold a traceback or escapes that would break the screen.
    static func oneLine(_ text: String) -> String {
        let first = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return String(first.unicodeScalars.map { $0.isControl ? " " : Character($0) })
    }

    static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 0 else { return "" }
        return String(text.prefix(width - 1)) + "…"
    }
}

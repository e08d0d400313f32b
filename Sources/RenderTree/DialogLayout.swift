import Geometry

/// The dialog card previews draw for an entry's `screen = "dialog"`, laid
/// out in points: one layout that the painter draws from and the simulation
/// sizes the card by (`systemLayoutSizeFitting`), so a card as tall as its
/// content shows all of it and nothing more.
///
///     ┌──────────────────────┐
///     │                      │  20 above the first line
///     │  Delete this draft?  │  17-point semibold lines, 5 apart
///     │  It will be removed  │  13-point regular lines, 5 apart
///     │  from all your …     │
///     │                      │  8 above the buttons
///     ├──────────┬───────────┤
///     │  Cancel  │  Delete   │  44
///     └──────────┴───────────┘
///
/// The text wraps at word boundaries to the card's width less 16 points a
/// side. It is measured here, without a font engine (the simulation has
/// none): the advance of each word of the two faces the painter draws
/// with, in their font units. Inter kerns no pair across a space, so a
/// line is its words and spaces added up; RasterTests hold these figures
/// to FreeType's measurement of the same strings.
public enum DialogLayout {
    public static let sideInset = 16.0
    public static let topInset = 20.0
    public static let lineGap = 5.0
    public static let buttonGap = 8.0
    public static let buttonHeight = 44.0

    public enum Style: Sendable, Equatable {
        case title, message

        /// The type size in points.
        public var points: Double { self == .title ? 17 : 13 }
    }

    public struct Line: Sendable, Equatable {
        public let text: String
        public let style: Style
    }

    /// Inter's units to the em: a word's advance at `points` is units × points / 2816.
    public static let unitsPerEm = 2816.0
    public static let title = "Delete this draft?"
    public static let message = "It will be removed from all your devices. This cannot be undone."

    /// Inter SemiBold's advances for the title's words and its space.
    static let titleUnits: [String: Double] = ["Delete": 8835, "this": 5108, "draft?": 8145, " ": 699]
    /// Inter Regular's advances for the message's words and its space.
    static let messageUnits: [String: Double] = [
        "It": 1768, "will": 4292, "be": 3388, "removed": 11612, "from": 6144, "all": 2924, "your": 5876,
        "devices.": 11036, "This": 5612, "cannot": 9160, "undone.": 10776, " ": 792,
    ]

    /// The advance of `text` (words of the dialog's own, joined by spaces) in `style`, in points.
    public static func width(of text: String, _ style: Style) -> Double {
        let units = style == .title ? titleUnits : messageUnits
        var total = 0.0
        for (i, word) in text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { total += units[" "] ?? 0 }
            total += units[String(word)] ?? 0
        }
        return total * style.points / unitsPerEm
    }

    /// The title's and message's lines at a text width of `width` points,
    /// each line as many whole words as fit; a word wider than the line
    /// keeps a line of its own.
    public static func lines(width: Double) -> [Line] {
        func wrap(_ text: String, _ style: Style) -> [Line] {
            var lines: [Line] = []
            var line = ""
            for word in text.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if line.isEmpty || self.width(of: candidate, style) <= width {
                    line = candidate
                } else {
                    lines.append(Line(text: line, style: style))
                    line = String(word)
                }
            }
            if !line.isEmpty { lines.append(Line(text: line, style: style)) }
            return lines
        }
        return wrap(title, .title) + wrap(message, .message)
    }

    /// The narrowest card whose every word fits a line: narrower, UIKit would break words by character, which this
    /// layout does not.
    public static let narrowestCard: Double = {
        let widest = [(title, Style.title), (message, Style.message)].flatMap { text, style in
            text.split(separator: " ").map { width(of: String($0), style) }
        }.max() ?? 0
        return (widest + 2 * sideInset).rounded(.up)
    }()

    /// The card's height that shows every line and the buttons at a card
    /// width of `cardWidth` (its text width is 32 less), with no safe area
    /// inside it: 20 above, each line and 5 after it, 8 and the buttons below.
    public static func fittingHeight(cardWidth: Double) -> Double {
        let lines = lines(width: max(0, cardWidth - 2 * sideInset))
        return topInset + lines.reduce(0) { $0 + $1.style.points + lineGap } - lineGap + buttonGap + buttonHeight
    }
}

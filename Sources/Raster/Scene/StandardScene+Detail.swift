import Geometry

/// The presented screen: a detail page in deep indigo, laid out from its top edge.
///
///     ┌──────────────────────┐  safe area top (the window's status bar over it)
///     │                 Done │  44
///     │ FEATURED             │
///     │ Weekend in Lisbon    │  large title, wrapped between words (smaller in a narrow box)
///     │ 3 nights · Alfama    │  wrapped between its parts
///     │ ┌──────────────────┐ │
///     │ │ About this trip  │ │  white card, as many body lines as fit whole
///     │ │ ──────────────── │ │
///     │ └──────────────────┘ │
///     │ [     Book Now     ] │  pinned 16 above the bottom inset
///     └──────────────────────┘
///
/// In a small box (an alert, a popover) the header comes first: its lines
/// are drawn only whole, and once one does not fit the rest of the header,
/// the card and the button are left out, so nothing overlaps or is cut
/// mid-word.
extension StandardScene {
    static let indigoTop = Color(red: 0.16, green: 0.12, blue: 0.46)
    static let indigoBottom = Color(red: 0.30, green: 0.22, blue: 0.72)
    static let accent = Color(red: 1, green: 0.62, blue: 0.04)

    private static let body = "Three slow days in the oldest quarter of the city. Wander the tiled lanes of Alfama, "
        + "ride the yellow tram up to the castle at sunset, and end each evening with fado in a family tavern. "
        + "Breakfast is on the rooftop terrace, with the river below and the bridge in the haze. "
        + "A local guide meets you on the first morning with a hand-drawn map of the viewpoints."

    private static let facts = [("Dates", "Fri 14 – Mon 17 March"), ("Stay", "Memmo Alfama"), ("Guests", "2 adults"),
                                ("Flights", "Included"), ("Cancellation", "Free until 7 March"), ("Rating", "4.8 · 1,204 reviews")]

    func paintDetail(size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        var p = Painter(size: size, scale: scale)
        p.fillVerticalGradient(Rect(x: 0, y: 0, width: size.width, height: size.height),
                               top: StandardScene.indigoTop, bottom: StandardScene.indigoBottom)
        let regular = try Font.named(.regular), semibold = try Font.named(.semibold), bold = try Font.named(.bold)
        let left = safeArea.left + 20, right = size.width - safeArea.right - 20, width = right - left
        // Nothing is drawn past this: the box's edge, or the home indicator's inset.
        let floor = size.height - max(safeArea.bottom, 4)
        let white = Color.white

        let done = try p.measure("Done", font: semibold, size: 17)
        if done <= width && safeArea.top + 28 + 5 <= floor {
            try p.text("Done", at: Point(x: right - done, y: safeArea.top + 28), font: semibold, size: 17, white)
        }

        // The header, line by line from the top: a line is drawn only whole
        // (above the floor, within the margins); the first that is not ends
        // the header, and leaves no room for the card.
        let titleSize = try StandardScene.titleSize(fitting: width, painter: p, font: bold)
        var lines: [(text: String, font: Font, size: Double, color: Color, advance: Double)] = [
            ("FEATURED", semibold, 13, white.withAlphaComponent(0.65), 0),
        ]
        for line in try bold.wordWrapped("Weekend in Lisbon", size: titleSize * scale, width: width * scale) {
            lines.append((line, bold, titleSize, white, (titleSize * 40 / 34).rounded()))
        }
        let facts = try regular.wordWrapped("3 nights · Alfama · from €420", size: 17 * scale, width: width * scale, separator: " · ")
        for (index, line) in facts.enumerated() {
            lines.append((line, regular, 17, white.withAlphaComponent(0.78), index == 0 ? 28 : 22))
        }
        var y = safeArea.top + 44 + 22, complete = true
        for line in lines {
            let baseline = y + line.advance
            guard baseline + line.size * 0.25 <= floor, try p.measure(line.text, font: line.font, size: line.size) <= width
            else { complete = false; break }
            try p.text(line.text, at: Point(x: left, y: baseline), font: line.font, size: line.size, line.color)
            y = baseline
        }

        let button = Rect(x: left, y: floor - 16 - 54, width: width, height: 54)
        let label = try p.measure("Book Now", font: semibold, size: 17)
        let showsButton = complete && button.minY > y + 8 && label + 24 <= width
        let card = Rect(x: left, y: y + 24, width: width, height: (showsButton ? button.minY : floor) - 16 - (y + 24))
        if complete && card.height >= 64 && card.width >= 80 {
            try paintCard(card, into: &p, scale: scale)
        }
        if showsButton {
            p.fill(button, cornerRadius: 14, StandardScene.accent)
            try p.text("Book Now", at: Point(x: button.midX - label / 2, y: button.midY + 6), font: semibold, size: 17, StandardScene.indigoTop)
        }

        if chromeInPicture {
            try SystemChrome.statusBar(&p, width: size.width, height: safeArea.top, color: white)
            if safeArea.bottom > 0 { SystemChrome.homeIndicator(&p, size: size, color: white.withAlphaComponent(0.85)) }
        }
        return p.image
    }

    /// The large title's size: 34 points (UIKit's large title) where its
    /// longest word fits the width, else the first smaller step that fits,
    /// so a narrow box wraps the title between words, never inside one.
    static func titleSize(fitting width: Double, painter: Painter, font: Font) throws -> Double {
        for size in [34.0, 28, 22] {
            let words = "Weekend in Lisbon".split(separator: " ")
            if try words.allSatisfy({ try painter.measure(String($0), font: font, size: size) <= width }) { return size }
        }
        return 17
    }

    /// The white card: its heading, as many lines of the description as fit
    /// whole, then the facts that fit (a row whose label and value would
    /// meet is left out). Nothing is drawn within 12 points of its bottom.
    private func paintCard(_ card: Rect, into p: inout Painter, scale: Double) throws {
        let regular = try Font.named(.regular), semibold = try Font.named(.semibold)
        p.fill(card, cornerRadius: 20, palette.elevatedBackground)
        let inner = card.insetBy(dx: 18, dy: 0)
        var lineY = card.minY + 38
        let heading = try semibold.wordWrapped("About this trip", size: 20 * scale, width: inner.width * scale)
        for (index, line) in heading.enumerated() {
            if index > 0 { lineY += 26 }
            guard lineY + 5 <= card.maxY - 12, try p.measure(line, font: semibold, size: 20) <= inner.width else { return }
            try p.text(line, at: Point(x: inner.minX, y: lineY), font: semibold, size: 20, palette.label)
        }
        lineY += 30
        // The body's grey, a little darker than secondaryLabel over white; in dark, secondaryLabel.
        let body = style == .dark ? palette.secondaryLabel : Color(red: 0.24, green: 0.24, blue: 0.27)
        for line in try regular.wordWrapped(StandardScene.body, size: 15 * scale, width: inner.width * scale) {
            guard lineY + 6 < card.maxY - 12, try p.measure(line, font: regular, size: 15) <= inner.width else { break }
            try p.text(line, at: Point(x: inner.minX, y: lineY), font: regular, size: 15, body)
            lineY += 22
        }
        // A tall card has room for the facts under the description.
        var rowY = lineY + 6
        for (label, value) in StandardScene.facts where rowY + 44 <= card.maxY - 8 {
            let labelWidth = try p.measure(label, font: regular, size: 15), valueWidth = try p.measure(value, font: semibold, size: 15)
            guard labelWidth + 12 + valueWidth <= inner.width else { continue }
            p.hairline(y: rowY, from: inner.minX, to: inner.maxX, palette.separator)
            try p.text(label, at: Point(x: inner.minX, y: rowY + 28), font: regular, size: 15, palette.secondaryLabel)
            try p.text(value, at: Point(x: inner.maxX - valueWidth, y: rowY + 28), font: semibold, size: 15, palette.label)
            rowY += 44
        }
    }
}

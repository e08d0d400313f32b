import Geometry

/// The presented screen: a detail page in deep indigo, laid out from its top edge.
///
///     ┌──────────────────────┐  safe area top (status bar in white when ≥ 20)
///     │                 Done │  44
///     │ FEATURED             │
///     │ Weekend in Lisbon    │  large title, wrapped
///     │ 3 nights · Alfama    │
///     │ ┌──────────────────┐ │
///     │ │ About this trip  │ │  white card, as many body lines as fit
///     │ │ ──────────────── │ │
///     │ └──────────────────┘ │
///     │ [     Book Now     ] │  pinned 16 above the bottom inset
///     └──────────────────────┘
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
        let left = safeArea.left + 20, right = size.width - safeArea.right - 20
        let white = Color.white

        let done = try p.measure("Done", font: semibold, size: 17)
        try p.text("Done", at: Point(x: right - done, y: safeArea.top + 28), font: semibold, size: 17, white)
        var y = safeArea.top + 44 + 22
        try p.text("FEATURED", at: Point(x: left, y: y), font: semibold, size: 13, white.withAlphaComponent(0.65))
        for line in try bold.wrapped("Weekend in Lisbon", size: 34 * scale, width: (right - left) * scale) {
            y += 40
            try p.text(line, at: Point(x: left, y: y), font: bold, size: 34, white)
        }
        y += 28
        try p.text("3 nights · Alfama · from €420", at: Point(x: left, y: y), font: regular, size: 17, white.withAlphaComponent(0.78))

        let button = Rect(x: left, y: size.height - max(safeArea.bottom, 4) - 16 - 54, width: right - left, height: 54)
        let card = Rect(x: left, y: y + 24, width: right - left, height: button.minY - 16 - (y + 24))
        if card.height >= 64 && card.width >= 80 {
            p.fill(card, cornerRadius: 20, .white)
            let inner = card.insetBy(dx: 18, dy: 0)
            try p.text("About this trip", at: Point(x: inner.minX, y: card.minY + 38), font: semibold, size: 20, .black)
            var lineY = card.minY + 38 + 30
            for line in try regular.wrapped(StandardScene.body, size: 15 * scale, width: inner.width * scale) {
                guard lineY + 6 < card.maxY - 12 else { break }
                try p.text(line, at: Point(x: inner.minX, y: lineY), font: regular, size: 15,
                           Color(red: 0.24, green: 0.24, blue: 0.27))
                lineY += 22
            }
            // A tall card has room for the facts under the description.
            var rowY = lineY + 6
            for (label, value) in StandardScene.facts where rowY + 44 <= card.maxY - 8 {
                p.hairline(y: rowY, from: inner.minX, to: inner.maxX, SystemColor.separator)
                try p.text(label, at: Point(x: inner.minX, y: rowY + 28), font: regular, size: 15, SystemColor.secondaryLabel)
                let width = try p.measure(value, font: semibold, size: 15)
                try p.text(value, at: Point(x: inner.maxX - width, y: rowY + 28), font: semibold, size: 15, .black)
                rowY += 44
            }
        }
        if button.minY > y + 8 {
            p.fill(button, cornerRadius: 14, StandardScene.accent)
            let label = try p.measure("Book Now", font: semibold, size: 17)
            try p.text("Book Now", at: Point(x: button.midX - label / 2, y: button.midY + 6), font: semibold, size: 17, StandardScene.indigoTop)
        }

        try SystemChrome.statusBar(&p, width: size.width, safeArea: safeArea, color: white)
        SystemChrome.homeIndicator(&p, size: size, safeArea: safeArea, color: white.withAlphaComponent(0.85))
        return p.image
    }
}

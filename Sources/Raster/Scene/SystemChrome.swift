import Geometry

/// The parts of a screen iOS draws itself: status bar and home indicator.
///
/// The window draws them over everything (`Renderer+Chrome`); a scene that
/// stands in for a screenshot paints them into its own picture instead.
enum SystemChrome {
    /// Points above the window's bottom edge the home indicator's band starts:
    /// the 5-point bar 8 above the edge, and room for its anti-aliased rim.
    static let homeBand = 16.0

    /// Where a status bar `height` points high and `width` wide puts its
    /// time and its icons (signal, Wi-Fi, battery), in points.
    ///
    /// Devices with a notch or island (a bar ≥ 44 high) put the time in the left "ear"
    /// and the icons in the right one; older phones centre the time in a 20-point bar, iPads lead with it.
    static func statusBarLayout(width: Double, height: Double) throws -> (time: Rect, icons: Rect) {
        let tall = height >= 44
        let k = tall ? 1.0 : 0.75
        let cy = tall ? height * 0.55 : height / 2
        let textSize = tall ? 17.0 : 12.0
        let capHalf = textSize * 0.364  // Inter's cap height is 0.727 em
        let iconsWidth = (18 + 5 + 16 + 6 + 27) * k
        let timeWidth = try Font.named(.semibold).measure("9:41", size: textSize)
        let timeX: Double, iconsX: Double
        if tall {
            let ear = (width / 2 - 63) / 2  // the island is about 126 points wide
            timeX = ear - timeWidth / 2
            iconsX = width - ear - iconsWidth / 2
        } else if width >= 600 {  // iPad: time at the leading edge
            timeX = 20
            iconsX = width - 14 - iconsWidth
        } else {
            timeX = (width - timeWidth) / 2
            iconsX = width - 6 - iconsWidth
        }
        return (Rect(x: timeX, y: cy - capHalf, width: timeWidth, height: 2 * capHalf),
                Rect(x: iconsX, y: cy - 6 * k, width: iconsWidth, height: 12 * k))
    }

    /// Draws "9:41" (with `time`), signal bars, Wi-Fi and battery (with
    /// `icons`) in a status bar `height` points high from the painter's top,
    /// when it is at least 20 (a status bar's height; less means none is
    /// shown), where `statusBarLayout` puts them.
    static func statusBar(_ painter: inout Painter, width: Double, height: Double, color: Color,
                          time: Bool = true, icons: Bool = true) throws {
        guard height >= 20 else { return }
        let layout = try statusBarLayout(width: width, height: height)
        let tall = height >= 44
        let k = tall ? 1.0 : 0.75
        let cy = layout.icons.midY
        if time {
            try painter.text("9:41", at: Point(x: layout.time.minX, y: layout.time.maxY), font: try Font.named(.semibold),
                             size: tall ? 17 : 12, color)
        }
        guard icons else { return }
        let iconsX = layout.icons.minX
        // Signal: four bars rising to the right, bottoms aligned.
        let bottom = cy + 5.5 * k
        for i in 0..<4 {
            let h = (4 + 2.5 * Double(i)) * k
            painter.fill(Rect(x: iconsX + Double(i) * 4.8 * k, y: bottom - h, width: 3.2 * k, height: h), cornerRadius: 1 * k, color)
        }
        // Wi-Fi: a dot and two arcs opening upwards.
        let wifi = Point(x: iconsX + (18 + 5 + 8) * k, y: bottom - 1 * k)
        painter.fillCircle(center: Point(x: wifi.x, y: wifi.y - 1.2 * k), radius: 1.7 * k, color)
        for radius in [5.6, 9.6] {
            painter.strokeArc(center: wifi, radius: radius * k, from: -.pi * 0.76, to: -.pi * 0.24, lineWidth: 2.1 * k, color)
        }
        // Battery: outline, charge, and the terminal nub.
        let body = Rect(x: iconsX + (18 + 5 + 16 + 6) * k, y: cy - 6 * k, width: 24.5 * k, height: 12 * k)
        painter.stroke(body, cornerRadius: 3.6 * k, lineWidth: 1 * k, color.withAlphaComponent(color.alpha * 0.4))
        painter.fill(body.insetBy(dx: 2 * k, dy: 2 * k), cornerRadius: 2 * k, color)
        painter.fill(Rect(x: body.maxX + 1 * k, y: cy - 2 * k, width: 1.5 * k, height: 4 * k), cornerRadius: 0.75 * k,
                     color.withAlphaComponent(color.alpha * 0.4))
    }

    /// The home indicator's bar, centred 8 points above the bottom of a
    /// picture `size` points: the window's width, or a band along its bottom.
    static func homeIndicator(_ painter: inout Painter, size: Size, color: Color) {
        let width = min(134, size.width * 0.36)
        painter.fill(Rect(x: (size.width - width) / 2, y: size.height - 8 - 5, width: width, height: 5), cornerRadius: 2.5, color)
    }
}

import Geometry
import RenderTree

/// The presented screen as its entry says it looks (`screen = "menu"`, `"dialog"`, `"photo"`), each laid out from
/// the top of whatever size the entry gives it and drawn only where it fits whole, as the detail page is, so that a
/// side menu's preview shows a menu and an alert's a dialog rather than the detail page.
extension StandardScene {
    public func paint(_ role: ScreenRole, look: ScreenLook, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        guard role == .presented else { return try paint(role, size: size, scale: scale, safeArea: safeArea) }
        switch look {
        case .page: return try paintDetail(size: size, scale: scale, safeArea: safeArea)
        case .menu: return try paintMenu(size: size, scale: scale, safeArea: safeArea)
        case .dialog: return try paintDialog(size: size, scale: scale, safeArea: safeArea)
        case .photo: return paintPhoto(size: size, scale: scale)
        case .clear, .list: return Painter(size: size, scale: scale).image
        }
    }

    private static let menuItems = ["Home", "Inbox", "Favourites", "Shared with me", "Archive", "Settings", "Help"]

    /// A menu: the user's avatar and name under the safe area's top, then rows of an icon and a label, each 48 points
    /// with a separator, as many as fit whole above the bottom inset.
    ///
    ///     ┌────────────────┐
    ///     │ (MC)           │  avatar, 56
    ///     │ Maya Chen      │
    ///     │ maya@segue.app │
    ///     │ ▣ Home         │  48 a row
    ///     │ ▣ Inbox        │
    ///     └────────────────┘
    func paintMenu(size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        var p = Painter(size: size, scale: scale, background: palette.elevatedGroupedBackground)
        let regular = try Font.named(.regular), semibold = try Font.named(.semibold)
        let left = safeArea.left + 20, right = size.width - safeArea.right - 20
        let floor = size.height - max(safeArea.bottom, 4)
        var y = safeArea.top + 16
        guard right - left >= 56, y + 56 <= floor else { return p.image }
        p.fillCircle(center: Point(x: left + 28, y: y + 28), radius: 28, palette.tint)
        let initials = try p.measure("MC", font: semibold, size: 20)
        try p.text("MC", at: Point(x: left + 28 - initials / 2, y: y + 35), font: semibold, size: 20, .white)
        y += 56 + 12
        for (text, font, size, color) in [("Maya Chen", semibold, 20.0, palette.label), ("maya@segue.app", regular, 15.0, palette.secondaryLabel)] {
            guard y + size + 4 <= floor, try p.measure(text, font: font, size: size) <= right - left else { return p.image }
            try p.text(text, at: Point(x: left, y: y + size), font: font, size: size, color)
            y += size + 8
        }
        y += 16
        p.hairline(y: y, from: 0, to: size.width, palette.separator)
        for item in StandardScene.menuItems {
            guard y + 48 <= floor else { break }
            p.fill(Rect(x: left, y: y + 13, width: 22, height: 22), cornerRadius: 6, palette.tint)
            if try p.measure(item, font: regular, size: 17) <= right - left - 38 {
                try p.text(item, at: Point(x: left + 38, y: y + 30), font: regular, size: 17, palette.label)
            }
            y += 48
            p.hairline(y: y, from: left + 38, to: size.width, palette.separator)
        }
        return p.image
    }

    /// A dialog card (its view is the card: its own corners and shadow are the entry's): a bold title and a message,
    /// centred and wrapped from the top as `DialogLayout` says, and two buttons along the bottom, Cancel and a red
    /// Delete, under a separator; inside the screen's safe area (none for a box in the middle of the window; the
    /// window's for one that fills it). Lines that do not fit whole above the buttons are left out.
    func paintDialog(size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        var p = Painter(size: size, scale: scale, background: palette.elevatedBackground)
        let regular = try Font.named(.regular), semibold = try Font.named(.semibold)
        let width = size.width - safeArea.left - safeArea.right - 2 * DialogLayout.sideInset
        let buttons = DialogLayout.buttonHeight
        let bottom = size.height - safeArea.bottom
        guard width > 0, bottom - safeArea.top >= buttons else { return p.image }
        let floor = bottom - buttons - DialogLayout.buttonGap
        var y = safeArea.top + DialogLayout.topInset
        for line in DialogLayout.lines(width: width) {
            let points = line.style.points, font = line.style == .title ? semibold : regular
            guard y + points <= floor else { break }
            let measured = try p.measure(line.text, font: font, size: points)
            try p.text(line.text, at: Point(x: (size.width - measured) / 2, y: y + points), font: font, size: points, palette.label)
            y += points + DialogLayout.lineGap
        }
        let top = bottom - buttons
        p.hairline(y: top, from: 0, to: size.width, palette.separator)
        p.fill(Rect(x: size.width / 2 - 0.5 / scale, y: top, width: 1 / scale, height: buttons), palette.separator)
        for (label, font, color, centre) in [("Cancel", regular, palette.tint, size.width / 4), ("Delete", semibold, palette.destructive, size.width * 3 / 4)] {
            let measured = try p.measure(label, font: font, size: 17)
            if measured <= size.width / 2 - 8 {
                try p.text(label, at: Point(x: centre - measured / 2, y: top + 28), font: font, size: 17, color)
            }
        }
        return p.image
    }

    /// A photo: a dusk sky from amber to violet, a low sun, and hills in three shades, scaled to the view.
    func paintPhoto(size: Size, scale: Double) -> Image {
        var p = Painter(size: size, scale: scale)
        p.fillVerticalGradient(Rect(x: 0, y: 0, width: size.width, height: size.height),
                               top: Color(red: 0.98, green: 0.66, blue: 0.32), bottom: Color(red: 0.42, green: 0.26, blue: 0.62))
        let unit = min(size.width, size.height)
        p.fillCircle(center: Point(x: size.width * 0.68, y: size.height * 0.52), radius: unit * 0.12, Color(red: 1, green: 0.9, blue: 0.62))
        let hills: [(x: Double, y: Double, r: Double, color: Color)] = [
            (0.2, 1.05, 0.55, Color(red: 0.33, green: 0.25, blue: 0.45)),
            (0.85, 1.1, 0.6, Color(red: 0.26, green: 0.2, blue: 0.38)),
            (0.5, 1.25, 0.6, Color(red: 0.18, green: 0.14, blue: 0.28)),
        ]
        for hill in hills {
            p.fillCircle(center: Point(x: size.width * hill.x, y: size.height * hill.y), radius: max(size.width, size.height) * hill.r, hill.color)
        }
        return p.image
    }
}

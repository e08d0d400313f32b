import Geometry
import RenderTree

/// Screens a user recognises, drawn as vector shapes and real text at any size,
/// scale and safe area.
///
/// The presenting screen is a light mail inbox (white, grey, blue tint)
/// whose messages are the list's rows, painted one by one for the row views
/// over it (`ListLayout`); the presented screen is a detail page in deep indigo with a white card and an
/// orange button, so the two tell apart at a glance even as thumbnails. The
/// detail lays out from its top edge, so a half-height sheet still shows its
/// header, the top of the card and the button. Deterministic: no clock, no
/// randomness, so equal arguments give equal bytes.
///
/// The status bar and home indicator are the window's, drawn over every
/// frame (`showsSystemChrome`); with `chromeInPicture` each screen paints
/// them into its own picture instead, as a screenshot has them.
public struct StandardScene: ScreenPainter {
    /// Whether each screen's picture holds a status bar (in a top inset of
    /// at least 20 points) and a home indicator (with a bottom inset).
    public let chromeInPicture: Bool
    /// Light or dark (`--appearance`): the screens' system colours.
    public let style: InterfaceStyle

    public init(chromeInPicture: Bool = false, style: InterfaceStyle = .light) {
        self.chromeInPicture = chromeInPicture
        self.style = style
    }

    /// UIKit's system colours in this scene's style.
    var palette: SystemPalette { .of(style) }

    public var showsSystemChrome: Bool { !chromeInPicture }

    public func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        switch role {
        case .presenting: return try paintInbox(size: size, scale: scale, safeArea: safeArea)
        case .presented: return try paintDetail(size: size, scale: scale, safeArea: safeArea)
        }
    }
}

extension StandardScene {
    private struct Message {
        let sender, time, subject, preview: String
        let unread: Bool
    }

    private static let messages = [
        Message(sender: "Apple Developer", time: "9:38", subject: "Your build is ready for testing",
                preview: "Segue 1.4 (212) has finished processing and is available to testers.", unread: true),
        Message(sender: "Maya Chen", time: "9:12", subject: "Transition review notes",
                preview: "The half sheet feels right; the zoom back is a little quick at 0.35 s.", unread: true),
        Message(sender: "Jonas Weber", time: "8:47", subject: "Lisbon trip — final plan",
                preview: "Flights are booked. I put the itinerary in the shared folder.", unread: false),
        Message(sender: "GitHub", time: "Yesterday", subject: "[segue] Pull request merged",
                preview: "Merged #184: page curl shadow follows the fold.", unread: false),
        Message(sender: "Priya Natarajan", time: "Yesterday", subject: "Lunch on Thursday?",
                preview: "There's a new ramen place near the office, want to try it?", unread: true),
        Message(sender: "TestFlight", time: "Tuesday", subject: "New build available",
                preview: "Version 1.4 (211) is now available to test on iPhone and iPad.", unread: false),
        Message(sender: "Lucas Martin", time: "Tuesday", subject: "Design system tokens",
                preview: "Attached are the updated corner radii and the new spacing scale.", unread: false),
        Message(sender: "Calendar", time: "Monday", subject: "Invitation: Sprint planning",
                preview: "Monday 10:00 – 11:00 · Conference Room B · Accepted.", unread: false),
        Message(sender: "Sofia Rossi", time: "Monday", subject: "Photos from the weekend",
                preview: "Here are the ones from the hike, the view from the top was unreal.", unread: false),
        Message(sender: "Bank", time: "Sunday", subject: "Your monthly statement",
                preview: "Your statement for October is ready to view in the app.", unread: false),
    ]

    func paintInbox(size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        var p = Painter(size: size, scale: scale, background: palette.background)
        let regular = try Font.named(.regular), bold = try Font.named(.bold)
        let left = safeArea.left + 16, right = size.width - safeArea.right - 16
        let top = safeArea.top

        // Navigation bar: back button, Edit, large title, search field.
        let barCentre = top + 22
        p.strokeLine(from: Point(x: left - 4 + 8, y: barCentre - 8), to: Point(x: left - 4, y: barCentre), lineWidth: 3, palette.tint)
        p.strokeLine(from: Point(x: left - 4, y: barCentre), to: Point(x: left - 4 + 8, y: barCentre + 8), lineWidth: 3, palette.tint)
        try p.text("Mailboxes", at: Point(x: left + 10, y: barCentre + 6), font: regular, size: 17, palette.tint)
        let edit = try p.measure("Edit", font: regular, size: 17)
        try p.text("Edit", at: Point(x: right - edit, y: barCentre + 6), font: regular, size: 17, palette.tint)
        try p.text("Inbox", at: Point(x: left, y: top + 44 + 41), font: bold, size: 34, palette.label)
        let search = Rect(x: left, y: top + 44 + 52 + 4, width: right - left, height: 36)  // 12 above the list (ListLayout)
        p.fill(search, cornerRadius: 10, palette.fill)
        p.stroke(Rect(x: search.minX + 9, y: search.midY - 7, width: 11, height: 11), cornerRadius: 5.5, lineWidth: 1.8, palette.secondaryLabel)
        p.strokeLine(from: Point(x: search.minX + 18.5, y: search.midY + 2.5), to: Point(x: search.minX + 22.5, y: search.midY + 6.5),
                     lineWidth: 2, palette.secondaryLabel)
        try p.text("Search", at: Point(x: search.minX + 30, y: search.midY + 6), font: regular, size: 17, palette.secondaryLabel)

        // The list's rows are views of their own over this picture (paintRow), down to the toolbar.
        let toolbarTop = ListLayout.toolbarTop(screen: size, safeArea: safeArea)
        // Toolbar: status text and a compose button, over the home indicator's inset.
        p.fill(Rect(x: 0, y: toolbarTop, width: size.width, height: size.height - toolbarTop), palette.chrome)
        p.hairline(y: toolbarTop, from: 0, to: size.width, palette.separator)
        let status = "Updated Just Now"
        let statusWidth = try p.measure(status, font: regular, size: 11)
        try p.text(status, at: Point(x: (size.width - statusWidth) / 2, y: toolbarTop + 28), font: regular, size: 11, palette.label)
        let compose = ListLayout.composeIcon(screen: size, safeArea: safeArea)
        p.stroke(compose, cornerRadius: 4, lineWidth: 1.8, palette.tint)
        p.strokeLine(from: Point(x: compose.midX - 1, y: compose.midY + 1), to: Point(x: compose.maxX + 2, y: compose.minY - 2),
                     lineWidth: 1.8, palette.tint)

        if chromeInPicture {
            try SystemChrome.statusBar(&p, width: size.width, height: safeArea.top, color: palette.label)
            if safeArea.bottom > 0 { SystemChrome.homeIndicator(&p, size: size, color: palette.label) }
        }
        return p.image
    }

    /// One message of the inbox, from the row's top: unread dot, sender,
    /// time and chevron, subject, preview; the separator above every row
    /// but the first (the one under the row before).
    public func paintRow(_ index: Int, size: Size, scale: Double) throws -> Image {
        var p = Painter(size: size, scale: scale)
        let regular = try Font.named(.regular), semibold = try Font.named(.semibold)
        let left = 16.0, right = size.width - 16, textLeft = left + 14
        let m = StandardScene.messages[index % StandardScene.messages.count]
        if index > 0 { p.hairline(y: 0, from: textLeft, to: size.width, palette.separator) }
        if m.unread { p.fillCircle(center: Point(x: left + 2, y: 20), radius: 5, palette.tint) }
        let timeWidth = try p.measure(m.time, font: regular, size: 15)
        let timeX = right - 14 - timeWidth
        try p.text(m.time, at: Point(x: timeX, y: 25), font: regular, size: 15, palette.secondaryLabel)
        p.strokeLine(from: Point(x: right - 6, y: 14), to: Point(x: right - 1.5, y: 19.5), lineWidth: 2, palette.chevron)
        p.strokeLine(from: Point(x: right - 1.5, y: 19.5), to: Point(x: right - 6, y: 25), lineWidth: 2, palette.chevron)
        let sender = try semibold.truncated(m.sender, size: 17 * scale, width: (timeX - 8 - textLeft) * scale)
        try p.text(sender, at: Point(x: textLeft, y: 26), font: semibold, size: 17, palette.label)
        let subject = try regular.truncated(m.subject, size: 15 * scale, width: (right - textLeft) * scale)
        try p.text(subject, at: Point(x: textLeft, y: 48), font: regular, size: 15, palette.label)
        let preview = try regular.truncated(m.preview, size: 15 * scale, width: (right - textLeft) * scale)
        try p.text(preview, at: Point(x: textLeft, y: 69), font: regular, size: 15, palette.secondaryLabel)
        return p.image
    }
}

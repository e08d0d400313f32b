import Geometry
import RenderTree

/// The user's screenshots: `from` for the presenting screen, `to` for the presented one,
/// each scaled to fill the screen (aspect fill, centred). A role without a picture
/// falls back to `StandardScene`. Over a screenshot of the presenting
/// screen the list's rows draw nothing: the picture shows its own rows.
///
/// A screenshot is drawn as given, status bar and home indicator included,
/// moving with its view: the window draws no second status bar over it (one
/// drawn by the window could not line up with the one in the picture). The
/// standard screen standing in for a missing picture carries its own status
/// bar likewise, so the two roles look alike.
public struct ImageScene: ScreenPainter {
    public let from: Image?
    public let to: Image?
    /// Light or dark, for a screen with no picture of its own.
    public let style: InterfaceStyle
    /// Whether the pictures are screenshots, with the device's status bar and home indicator in them (--from, --to);
    /// false for a picture of content (an entry's `picture`), over which the window draws them.
    public let screenshots: Bool

    public init(from: Image?, to: Image?, style: InterfaceStyle = .light, screenshots: Bool = true) {
        self.from = from
        self.to = to
        self.style = style
        self.screenshots = screenshots
    }

    public var showsSystemChrome: Bool { !screenshots }

    public func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        guard let picture = role == .presenting ? from : to else {
            return try StandardScene(chromeInPicture: screenshots, style: style).paint(role, size: size, scale: scale, safeArea: safeArea)
        }
        return picture.aspectFilled(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
    }

    /// A screenshot given is the screen whatever its entry says it looks like; a missing one is the standard screen's look.
    public func paint(_ role: ScreenRole, look: ScreenLook, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        if (role == .presenting ? from : to) == nil {
            return try StandardScene(chromeInPicture: screenshots, style: style).paint(role, look: look, size: size, scale: scale, safeArea: safeArea)
        }
        return try paint(role, size: size, scale: scale, safeArea: safeArea)
    }

    public func paintRow(_ index: Int, size: Size, scale: Double) throws -> Image {
        from == nil ? try StandardScene(style: style).paintRow(index, size: size, scale: scale) : Image(width: 0, height: 0)
    }
}

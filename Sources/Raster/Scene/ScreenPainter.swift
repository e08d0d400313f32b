import Geometry
import RenderTree

/// Paints what a controller's screen shows, for the renderer to use as that screen layer's contents.
public protocol ScreenPainter: Sendable {
    /// An image of `size` points at `scale` (so round(size × scale) pixels), its
    /// content kept inside `safeArea` (the screen's own: none for a box in the
    /// middle of the window).
    ///
    /// - Throws: `RasterError` if a font or picture cannot be used.
    func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image
    /// The same, for a screen whose entry says what it shows (`look`); a scene with nothing of its own for a look
    /// paints the screen's usual picture.
    func paint(_ role: ScreenRole, look: ScreenLook, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image

    /// Row `index` (from 0) of the presenting screen's list, `size` points
    /// (a row cut by the toolbar is shorter than the others: its top part).
    /// The presenting screen leaves the list's rows to these.
    ///
    /// - Throws: `RasterError` if a font cannot be used.
    func paintRow(_ index: Int, size: Size, scale: Double) throws -> Image

    /// Whether the window draws the device's status bar and home indicator
    /// over everything in frames of these screens, as iOS does: at fixed
    /// places, never moved, scaled or clipped with a view.
    var showsSystemChrome: Bool { get }
}

extension ScreenPainter {
    public func paint(_ role: ScreenRole, look: ScreenLook, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        try paint(role, size: size, scale: scale, safeArea: safeArea)
    }
    /// No rows of its own: the screen's own picture is all there is.
    public func paintRow(_ index: Int, size: Size, scale: Double) throws -> Image { Image(width: 0, height: 0) }

    /// None: a scene shows the system's chrome only by saying so.
    public var showsSystemChrome: Bool { false }
}

/// Each screen only as its layer's own background: a fully transparent image
/// (`--scene plain`), and no status bar or home indicator over the window:
/// the frame shows the views' geometry and nothing else.
public struct PlainScene: ScreenPainter {
    public init() {}

    public func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        Painter(size: size, scale: scale).image
    }
}

import Geometry
import RenderTree

/// Paints what a controller's screen shows, for the renderer to use as that screen layer's contents.
public protocol ScreenPainter: Sendable {
    /// An image of `size` points at `scale` (so round(size × scale) pixels), with system
    /// chrome kept inside `safeArea`.
    ///
    /// - Throws: `RasterError` if a font or picture cannot be used.
    func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image
}

/// Each screen only as its layer's own background: a fully transparent image (`--scene plain`).
public struct PlainScene: ScreenPainter {
    public init() {}

    public func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image {
        Painter(size: size, scale: scale).image
    }
}

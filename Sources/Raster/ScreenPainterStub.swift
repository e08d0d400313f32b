import Geometry
import RenderTree

// Replaced by the scene branch's definition at merge.
public protocol ScreenPainter: Sendable {
    func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image
}

struct NoScreens: ScreenPainter {
    func paint(_ role: ScreenRole, size: Size, scale: Double, safeArea: EdgeInsets) throws -> Image { Image(width: 0, height: 0) }
}

import Foundation
import Geometry
import RenderTree
@testable import Raster

/// Frames built by hand, drawn with no screens (each layer only its colour).
enum Fixture {
    static func window(_ width: Double, _ height: Double, _ sublayers: [RenderLayer]) -> RenderFrame {
        var root = RenderLayer(id: 0, name: "window", bounds: Rect(x: 0, y: 0, width: width, height: height),
                               position: Point(x: width / 2, y: height / 2))
        root.sublayers = sublayers
        return RenderFrame(time: 0, root: root)
    }

    static func layer(_ id: Int, frame: Rect, color: Color?) -> RenderLayer {
        var layer = RenderLayer(id: id, name: "layer \(id)", bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                                position: Point(x: frame.midX, y: frame.midY))
        layer.backgroundColor = color
        return layer
    }

    static func render(_ frame: RenderFrame, scale: Double = 1, painter: any ScreenPainter = PlainScene()) throws -> Image {
        let image = try Renderer(scale: scale, painter: painter).render(frame)
        look(image, "frame-\(frame.root.sublayers.first?.name ?? "empty")")
        return image
    }

    /// With SEGUE_LOOK_DIR set, keeps the raw pixels there to look at.
    static func look(_ image: Image, _ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["SEGUE_LOOK_DIR"] else { return }
        let path = "\(dir)/\(name.replacingOccurrences(of: " ", with: "-"))-\(image.width)x\(image.height).rgba"
        _ = FileManager.default.createFile(atPath: path, contents: Data(image.pixels))
    }

    /// The 4×4 matrix of a perspective rotation about y, written out by hand
    /// (not with Transform3D's own helpers): rotation, then m34 perspective.
    static func perspectiveRotationY(_ angle: Double, eye: Double) -> Transform3D {
        let c = cos(angle), s = sin(angle), p = -1 / eye
        // R_y (row vectors) · P, with P the identity but m34 = p.
        return Transform3D([[c, 0, -s, -s * p],
                            [0, 1, 0, 0],
                            [s, 0, c, c * p],
                            [0, 0, 0, 1]])
    }
}

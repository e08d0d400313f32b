import Foundation
import Geometry
import Raster

extension PlayerPayload {
    /// A `LayerScene` as the page's script builds it: nested boxes, keys of
    /// one letter (a gallery page holds hundreds of them), what is usual left out.
    struct SceneEntry: Encodable, Equatable {
        var w: Double
        var h: Double
        var layers: NodeEntry?
        /// The overlays: [x, y, width, height, picture] each, in points.
        var over: [[Double]]
        /// 1 when a layer crosses the eye plane.
        var e: Int?

        init(_ scene: LayerScene, pictures: [Int]) {
            (w, h) = (PlayerPayload.rounded(scene.size.width), PlayerPayload.rounded(scene.size.height))
            layers = scene.root.map { NodeEntry($0, pictures: pictures) }
            e = scene.crossesEyePlane ? 1 : nil
            over = scene.overlays.map { overlay in
                [overlay.frame.minX, overlay.frame.minY, overlay.frame.width, overlay.frame.height].map(PlayerPayload.rounded)
                    + [Double(pictures[overlay.picture])]
            }
        }
    }

    struct NodeEntry: Encodable, Equatable {
        var w: Double
        var h: Double
        /// The homography to the superlayer's space, h11…h33 (`matrix3d` in the page); nil for a translation.
        var m: [Double]?
        /// The translation, when that is all the placement is.
        var x: Double?
        var y: Double?
        var o: Double?
        /// The fill, CSS `rgba()`.
        var c: String?
        /// The corner radii, top-left first, clockwise; nil when square.
        var r: [Double]?
        /// 1 when the sublayers are cut to the bounds.
        var k: Int?
        var bw: Double?
        var bc: String?
        /// The shadow, a CSS `box-shadow`.
        var s: String?
        /// Index into the page's pictures.
        var p: Int?
        /// Where the picture lies, [x, y, width, height] in the layer's space, when not over its bounds.
        var pa: [Double]?
        /// The mask's picture, and where it lies: [x, y, width, height] in the layer's space.
        var mk: Int?
        var ma: [Double]?
        var n: [NodeEntry]?

        init(_ node: LayerScene.Node, pictures: [Int]) {
            (w, h) = (PlayerPayload.rounded(node.size.width), PlayerPayload.rounded(node.size.height))
            let t = node.placement
            if t.h11 == 1, t.h12 == 0, t.h13 == 0, t.h21 == 0, t.h22 == 1, t.h23 == 0, t.h33 == 1 {
                (x, y) = (PlayerPayload.rounded(t.h31), PlayerPayload.rounded(t.h32))
            } else {
                // Perspective terms are a thousandth of the others (m34 = -1/eye): kept to more places, divided by h33's
                // size first. Its sign stays: a plane whose origin is behind the eye (w < 0 there) turned by −1 would
                // have the browser keep the wrong side of the eye plane.
                let scaled = [t.h11, t.h12, t.h13, t.h21, t.h22, t.h23, t.h31, t.h32, t.h33].map { $0 / abs(t.h33) }
                // Not when the origin is at the eye plane or nearly (w about 0 there): the quotients would run to infinity.
                let s = scaled.allSatisfy({ $0.isFinite && abs($0) <= 1e9 }) ? abs(t.h33) : 1
                m = [t.h11 / s, t.h12 / s, t.h13 / s, t.h21 / s, t.h22 / s, t.h23 / s, t.h31 / s, t.h32 / s, t.h33 / s].enumerated().map { k, v in
                    k == 2 || k == 5 ? Self.decimal(v, "%.9g") : Self.decimal(v, "%.5f")
                }
            }
            o = node.opacity < 1 ? PlayerPayload.rounded(node.opacity) : nil
            c = node.background.map(Self.css)
            r = node.radii.allSatisfy { $0 == 0 } ? nil : node.radii.map(PlayerPayload.rounded)
            k = node.clips ? 1 : nil
            if let border = node.border { (bw, bc) = (PlayerPayload.rounded(border.width), Self.css(border.color)) }
            p = node.picture.map { pictures[$0] }
            let area = node.pictureArea
            if node.picture != nil, area != Rect(x: 0, y: 0, width: node.size.width, height: node.size.height) {
                pa = [area.minX, area.minY, area.width, area.height].map(PlayerPayload.rounded)
            }
            mk = node.mask.map { pictures[$0] }
            if node.mask != nil {
                ma = [node.maskArea.minX, node.maskArea.minY, node.maskArea.width, node.maskArea.height].map(PlayerPayload.rounded)
            }
            s = node.shadow.map { shadow in
                // CSS blurs by a Gaussian of deviation half the blur radius.
                "\(PlayerPayload.rounded(shadow.offset.x))px \(PlayerPayload.rounded(shadow.offset.y))px "
                    + "\(PlayerPayload.rounded(2 * shadow.sigma))px \(Self.css(shadow.color))"
            }
            n = node.sublayers.isEmpty ? nil : node.sublayers.map { NodeEntry($0, pictures: pictures) }
        }

        /// The value as `format` prints it, read back: the shortest decimal JSON then writes (a perspective term
        /// to nine significant digits, enough over a window a few thousand points wide; the rest to 1/100000).
        static func decimal(_ v: Double, _ format: String) -> Double {
            guard v.isFinite, let shortest = Double(String(format: format, v)) else { return 0 }
            return shortest == 0 ? 0 : shortest
        }

        /// `rgba()` of the colour's bytes, as the renderer rounds them.
        static func css(_ color: Color) -> String {
            func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
            let alpha = Double(byte(color.alpha)) / 255
            return "rgba(\(byte(color.red)),\(byte(color.green)),\(byte(color.blue)),\(PlayerPayload.rounded(alpha)))"
        }
    }

    /// The page's pictures, each stored once, found again by its pixels.
    struct PictureIndex {
        private(set) var images: [Image] = []
        private var indices: [Key: Int] = [:]

        typealias Key = Image

        mutating func index(of image: Image) -> Int {
            if let index = indices[image] { return index }
            images.append(image)
            indices[image] = images.count - 1
            return images.count - 1
        }
    }
}

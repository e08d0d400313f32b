import Geometry
import RenderTree

/// A frame as a browser can compose it: the layer tree, each layer a box
/// placed in its superlayer's plane by a homography (what Core Animation's
/// flattening makes of its transforms), faded, cut to its bounds, and
/// painted with a colour or with a picture Segue drew of its own content.
///
/// A page that shows frames this way ships each screen's picture once
/// instead of a picture of every frame (the gallery's pages,
/// docs/player-frames.md). What a browser cannot compose exactly as Segue
/// draws it (a curl, a backdrop blur, a shadow along a path or under a
/// see-through layer, a touch) has no scene: the frame is shown
/// as its picture.
public struct LayerScene: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        /// The bounds' size, in points.
        public var size: Size
        /// From this layer's local space ((0, 0) to its size) to its superlayer's.
        public var placement: Homography
        public var opacity: Double
        /// A plain fill (the layer draws no content of its own).
        public var background: Color?
        /// The corner radii, top-left, top-right, bottom-right, bottom-left:
        /// the fill's, the cut's (when `clips`) and the border's.
        public var radii: [Double]
        /// masksToBounds: the sublayers are cut to the rounded bounds.
        public var clips: Bool
        /// Drawn over the sublayers, inside the bounds, as Core Animation draws it.
        public var border: (width: Double, color: Color)?
        /// Cast by the layer's rounded bounds (a CSS box-shadow: blur 2σ);
        /// only under a layer whose fill covers its shape, where a box-shadow, drawn outside the box only, looks the same.
        public var shadow: (offset: Point, sigma: Double, color: Color)?
        /// Index into the scene's pictures: the layer's background and content,
        /// drawn by Segue over `pictureArea` (scale × points pixels).
        public var picture: Int?
        /// Where the picture lies in the layer's local space: its bounds, or
        /// more for a shape whose path or stroke reaches past them.
        public var pictureArea: Rect
        /// Index into the scene's pictures: the layer's mask, drawn by Segue
        /// over `maskArea`; the layer and its sublayers show where it is
        /// opaque, and nowhere outside the area.
        public var mask: Int?
        public var maskArea: Rect
        public var sublayers: [Node]

        public init(size: Size, placement: Homography, opacity: Double, background: Color?, radii: [Double], clips: Bool,
                    border: (width: Double, color: Color)?, shadow: (offset: Point, sigma: Double, color: Color)?, picture: Int?,
                    pictureArea: Rect, mask: Int?, maskArea: Rect, sublayers: [Node]) {
            (self.size, self.placement, self.opacity, self.background, self.radii, self.clips) = (size, placement, opacity, background, radii, clips)
            (self.border, self.shadow, self.picture, self.pictureArea, self.mask, self.maskArea) = (border, shadow, picture, pictureArea, mask, maskArea)
            self.sublayers = sublayers
        }

        public static func == (a: Node, b: Node) -> Bool {
            a.size == b.size && a.placement == b.placement && a.opacity == b.opacity && a.background == b.background
                && a.radii == b.radii && a.clips == b.clips && a.border?.width == b.border?.width
                && a.border?.color == b.border?.color && a.shadow?.offset == b.shadow?.offset
                && a.shadow?.sigma == b.shadow?.sigma && a.shadow?.color == b.shadow?.color && a.picture == b.picture && a.pictureArea == b.pictureArea && a.mask == b.mask && a.maskArea == b.maskArea
                && a.sublayers == b.sublayers
        }
    }

    /// A picture laid over the composed layers at a place in the window (the
    /// status bar and the home indicator, cut from the frame's own picture:
    /// their colour follows what is under them).
    public struct Overlay: Sendable, Equatable {
        public var frame: Rect
        public var picture: Int
    }

    /// The window, in points.
    public var size: Size
    /// Pixels a point, for the pictures.
    public var scale: Double
    public var root: Node?
    public var overlays: [Overlay]
    public var pictures: [Image]
    /// Whether a layer crosses the eye plane (part of it behind the eye): the
    /// browser composites such a plane with bounds it cannot judge overlap by,
    /// so the page gives every box a layer of its own to keep the order.
    public var crossesEyePlane = false
}

extension LayerScene.Node {
    /// The longest length, in points, a browser lays out as asked: Chromium's
    /// layout units end near 33 million pixels, and a page's numbers are JSON,
    /// which has no infinity. A view beyond it is drawn, not composed.
    static let lengthLimit = 1_000_000.0

    /// The widest shadow, in points on the screen, a box-shadow draws as
    /// Segue does (measured in Chromium: a deviation of 300 comes out darker,
    /// 100 with seams where it is drawn in tiles of 256 pixels).
    static let shadowDeviationLimit = 50.0

    /// Whether a browser lays out every number of its own as given (its sublayers are judged on their own).
    var isComposable: Bool {
        func color(_ color: Color?) -> Bool { color.map { [$0.red, $0.green, $0.blue, $0.alpha].allSatisfy(\.isFinite) } ?? true }
        func rect(_ rect: Rect) -> Bool {
            [rect.minX, rect.minY, rect.width, rect.height].allSatisfy { $0.isFinite && abs($0) <= Self.lengthLimit }
        }
        let t = placement
        let lengths = [size.width, size.height, t.h11, t.h12, t.h13, t.h21, t.h22, t.h23, t.h31, t.h32, t.h33]
            + radii + [border?.width ?? 0, shadow?.offset.x ?? 0, shadow?.offset.y ?? 0]
        return lengths.allSatisfy { $0.isFinite && abs($0) <= Self.lengthLimit } && opacity.isFinite
            && (shadow?.sigma ?? 0) <= Self.shadowDeviationLimit
            && color(background) && color(border?.color) && color(shadow?.color)
            && rect(pictureArea) && (mask == nil || rect(maskArea))
    }
}

import Geometry

/// One layer as Core Animation would draw it at one instant: presentation
/// values only, frozen. The engine makes these; the renderer draws them and
/// knows nothing else of the engine.
public struct RenderLayer: Sendable, Equatable {
    /// The view's id in its simulation (stable across runs).
    public var id: Int
    public var name: String
    /// The layer's own coordinate space: its sublayers' positions are in it.
    public var bounds: Rect
    /// Where the anchor point sits in the parent's bounds space (UIView.center).
    public var position: Point
    /// 0…1 in the bounds.
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    /// layer.transform, about the anchor point, row vectors (CATransform3D).
    public var transform = Transform3D.identity
    /// layer.opacity (UIView.alpha), applied to the layer and its subtree as one group.
    public var opacity = 1.0
    public var backgroundColor: Color?
    public var cornerRadius = 0.0
    /// The corners cornerRadius rounds.
    public var maskedCorners = CornerMask.all
    /// Drawn under the layer, in its plane; nil when invisible (opacity 0).
    public var shadow: Shadow?
    public var borderWidth = 0.0
    public var borderColor: Color?
    /// masksToBounds: sublayers (and content) are cut to the rounded bounds.
    public var masksToBounds = false
    public var isHidden = false
    /// false: not drawn when its back faces the viewer.
    public var isDoubleSided = true
    /// Orders siblings only, ascending, stable.
    public var zPosition = 0.0
    /// How far a page curl has turned this layer: 0 flat … 1 gone.
    public var curl = 0.0
    /// What the layer shows above its background and below its sublayers.
    public var content: LayerContent = .none
    /// A visual effect view's blur: what is behind the layer, blurred,
    /// saturated and tinted, in its rounded bounds, over its background and
    /// under its content and sublayers (UIKit's backdrop subview comes first).
    public var backdrop: BlurMaterial?
    public var sublayers: [RenderLayer] = []
    /// layer.sublayerTransform: applied to every sublayer about this layer's
    /// anchor point, before each is flattened into this layer's plane.
    public var sublayerTransform = Transform3D.identity
    /// layer.mask: its alpha cuts this layer and its whole subtree, in this
    /// layer's plane (placed in this layer's bounds space, as a sublayer is).
    public var mask: RenderLayer? {
        get { masks.first }
        set { masks = newValue.map { [$0] } ?? [] }
    }
    /// The mask's storage: a struct cannot hold itself, an array can.
    private var masks: [RenderLayer] = []

    public init(id: Int, name: String, bounds: Rect, position: Point) {
        self.id = id
        self.name = name
        self.bounds = bounds
        self.position = position
    }

    /// The map from this layer's bounds space to its parent's bounds space:
    /// about the anchor, through the transform, divided by w, to the position.
    public var placement: Homography {
        let anchor = Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        return Homography(layerTransform: transform, anchor: anchor, position: position)
    }

    /// The anchor point in the bounds space: what sublayerTransform turns about.
    public var sublayerAnchor: Point {
        Point(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// A sublayer's map into this layer's bounds space. Through a
    /// sublayerTransform the sublayer's whole 3-D transform (its zPosition
    /// too) is composed with it before flattening, so a perspective here
    /// foreshortens children turned in depth or raised towards the eye.
    public func placement(of sublayer: RenderLayer) -> Homography {
        guard !sublayerTransform.isIdentity else { return sublayer.placement }
        let anchor = Point(x: sublayer.bounds.minX + sublayer.anchorPoint.x * sublayer.bounds.width,
                           y: sublayer.bounds.minY + sublayer.anchorPoint.y * sublayer.bounds.height)
        return Homography(layerTransform: sublayer.transform, anchor: anchor, position: sublayer.position, zPosition: sublayer.zPosition,
                          parentSublayerTransform: sublayerTransform, parentAnchor: sublayerAnchor)
    }

    /// Sublayers in drawing order: array order, stable-sorted by zPosition.
    public var orderedSublayers: [RenderLayer] {
        guard sublayers.contains(where: { $0.zPosition != 0 }) else { return sublayers }
        return sublayers.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
    }
}

/// A layer's shadow: a shape of the layer's plane (its shadow path, or its
/// own rounded bounds), offset, blurred by a Gaussian whose deviation is
/// `radius` points, in `color` with `opacity` multiplying its alpha.
public struct Shadow: Sendable, Equatable, Codable {
    public var color: Color
    public var opacity: Double
    public var radius: Double
    public var offset: Point
    /// nil: the layer's own shape (its bounds, rounded as the layer is).
    public var path: PathShape?

    public init(color: Color, opacity: Double, radius: Double, offset: Point, path: PathShape? = nil) {
        (self.color, self.opacity, self.radius, self.offset, self.path) = (color, opacity, radius, offset, path)
    }
}

/// What a layer shows as its contents.
public enum LayerContent: Sendable, Equatable {
    case none
    /// A whole screen of an app: the presenting or the presented
    /// controller's view, looking as its entry says. The renderer draws the scene it was given for it.
    case screen(ScreenRole, ScreenLook = .page)
    /// Row `index` (from 0) of the presenting screen's list, a view of its
    /// own over the screen: the renderer draws the scene's row for it.
    case listRow(Int)
    /// A CAGradientLayer's gradient, over the background, in the layer's rounded shape.
    case gradient(Gradient)
    /// A CAShapeLayer's path, filled and stroked.
    case shape(ShapePaint)
    /// A resizable snapshot resized: `picture`'s `region` (in the picture's
    /// bounds space) as a bitmap over the layer's bounds, its `capInsets`
    /// (points of the region) keeping their size, the rest stretched (a
    /// resizable image's nine parts).
    indirect case stretched(picture: RenderLayer, region: Rect, capInsets: EdgeInsets)
}

/// What a presented screen shows in a preview, as its entry says (`screen = "menu"`), so that the preview looks like
/// the source it follows: an app's page (the default), a menu's list, a dialog card, a photo, or nothing of its own
/// (`clear`: the engine gives such a screen no contents, and only the entry's views and what lies behind show).
public enum ScreenLook: String, Sendable, Equatable, CaseIterable {
    case page, menu, dialog, photo, clear
    /// A list of real views (`Simulation.giveList`): nothing painted, the views draw themselves.
    case list
}

/// Which controller's screen a layer shows.
public enum ScreenRole: String, Sendable, Equatable, CaseIterable {
    case presenting
    case presented
}

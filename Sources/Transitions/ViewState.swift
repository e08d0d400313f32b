import Geometry
import RenderTree

/// Every property of a view at one moment (its model or its presentation).
public struct ViewState: Sendable, Equatable {
    public var center = Point.zero
    public var bounds = Rect.zero
    public var alpha = 1.0
    public var transform = Transform3D.identity
    public var backgroundColor: Color? = nil
    public var cornerRadius = 0.0
    public var borderWidth = 0.0
    public var borderColor: Color? = nil
    public var zPosition = 0.0
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var curl = 0.0
    public var isHidden = false
    public var clipsToBounds = false
    public var isDoubleSided = true
    /// Which corners cornerRadius rounds (layer.maskedCorners).
    public var maskedCorners = CornerMask.all
    /// The layer properties few views set (shadow, sublayerTransform,
    /// gradient, shape, blur), kept out of line: a view's state is copied
    /// for every sample, and these would more than double what is copied.
    /// nil while every one of them has Core Animation's default.
    private var rare: RareLayerState.Box? = nil

    /// layer.shadow…: Core Animation's defaults (black, invisible at opacity
    /// 0, 3 pt of blur, 3 pt up), and the path it follows if one is set.
    public var shadowColor: Color {
        get { rare?.value.shadowColor ?? RareLayerState.defaults.shadowColor }
        set { rareState.shadowColor = newValue }
    }
    public var shadowOpacity: Double {
        get { rare?.value.shadowOpacity ?? RareLayerState.defaults.shadowOpacity }
        set { rareState.shadowOpacity = newValue }
    }
    public var shadowRadius: Double {
        get { rare?.value.shadowRadius ?? RareLayerState.defaults.shadowRadius }
        set { rareState.shadowRadius = newValue }
    }
    public var shadowOffset: Point {
        get { rare?.value.shadowOffset ?? RareLayerState.defaults.shadowOffset }
        set { rareState.shadowOffset = newValue }
    }
    public var shadowPath: PathShape? {
        get { rare?.value.shadowPath ?? RareLayerState.defaults.shadowPath }
        set { rareState.shadowPath = newValue }
    }
    /// layer.sublayerTransform, about the anchor point.
    public var sublayerTransform: Transform3D {
        get { rare?.value.sublayerTransform ?? RareLayerState.defaults.sublayerTransform }
        set { rareState.sublayerTransform = newValue }
    }
    /// What a CAGradientLayer or CAShapeLayer draws (nil for other layers).
    public var gradient: Gradient? {
        get { rare?.value.gradient ?? RareLayerState.defaults.gradient }
        set { rareState.gradient = newValue }
    }
    public var shape: ShapePaint? {
        get { rare?.value.shape ?? RareLayerState.defaults.shape }
        set { rareState.shape = newValue }
    }
    /// A UIVisualEffectView's effect, by name (nil: none), and the blur it
    /// draws (animated in and out; `.none` for every other view).
    public var effect: BlurStyle? {
        get { rare?.value.effect ?? RareLayerState.defaults.effect }
        set { rareState.effect = newValue }
    }
    public var material: BlurMaterial {
        get { rare?.value.material ?? RareLayerState.defaults.material }
        set { rareState.material = newValue }
    }

    /// false while none of the rare properties has been set: they all have
    /// their defaults, and a walk down the tree need not read them.
    var hasRareLayerState: Bool { rare != nil }

    /// Copy on write: a box shared by copies is replaced before it changes.
    private var rareState: RareLayerState {
        get { rare?.value ?? RareLayerState.defaults }
        _modify {
            if rare == nil {
                rare = RareLayerState.Box(RareLayerState.defaults)
            } else if !isKnownUniquelyReferenced(&rare!) {
                rare = RareLayerState.Box(rare!.value)
            }
            yield &rare!.value
        }
    }

    public static func == (a: ViewState, b: ViewState) -> Bool {
        a.center == b.center && a.bounds == b.bounds && a.alpha == b.alpha && a.transform == b.transform
            && a.backgroundColor == b.backgroundColor && a.cornerRadius == b.cornerRadius && a.borderWidth == b.borderWidth
            && a.borderColor == b.borderColor && a.zPosition == b.zPosition && a.anchorPoint == b.anchorPoint && a.curl == b.curl
            && a.isHidden == b.isHidden && a.clipsToBounds == b.clipsToBounds && a.isDoubleSided == b.isDoubleSided
            && a.maskedCorners == b.maskedCorners && (a.rare === b.rare || a.rareState == b.rareState)
    }

    /// The bounding box of the transformed bounds in the superview (2-D part
    /// of the transform; perspective is left to the projection).
    public var frame: Rect {
        let (w, h) = (bounds.width, bounds.height)
        let (ax, ay) = (anchorPoint.x * w, anchorPoint.y * h)
        if transform.isIdentity {
            return Rect(x: center.x - ax, y: center.y - ay, width: w, height: h)
        }
        let t = transform.normalized.affine
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for (x, y) in [(0.0, 0.0), (w, 0), (w, h), (0, h)] {
            let p = Point(x: x - ax, y: y - ay).applying(t)
            (minX, maxX, minY, maxY) = (Swift.min(minX, p.x), Swift.max(maxX, p.x), Swift.min(minY, p.y), Swift.max(maxY, p.y))
        }
        return Rect(x: center.x + minX, y: center.y + minY, width: maxX - minX, height: maxY - minY)
    }

    public func value(of property: AnimatableProperty) -> AnimatedValue {
        switch property {
        case .center: .point(center)
        case .bounds: .rect(bounds)
        case .alpha: .number(alpha)
        case .transform: .transform(transform)
        case .backgroundColor: .color(backgroundColor ?? .clear)
        case .cornerRadius: .number(cornerRadius)
        case .zPosition: .number(zPosition)
        case .anchorPoint: .point(anchorPoint)
        case .borderWidth: .number(borderWidth)
        case .curl: .number(curl)
        case .shadowColor: .color(shadowColor)
        case .shadowOpacity: .number(shadowOpacity)
        case .shadowRadius: .number(shadowRadius)
        case .shadowOffset: .point(shadowOffset)
        case .shadowPath: .path(shadowPath)
        case .sublayerTransform: .transform(sublayerTransform)
        case .gradientColors: .colors(gradient?.colors ?? [])
        case .gradientLocations: .numbers(gradient?.resolvedLocations ?? [])
        case .startPoint: .point(gradient?.startPoint ?? Gradient().startPoint)
        case .endPoint: .point(gradient?.endPoint ?? Gradient().endPoint)
        // No fill or stroke colour animates as transparent black (as a nil background does).
        case .path: .path(shape?.path)
        case .fillColor: .color(shape?.fillColor ?? .clear)
        case .strokeColor: .color(shape?.strokeColor ?? .clear)
        case .lineWidth: .number(shape?.lineWidth ?? 1)
        case .strokeStart: .number(shape?.strokeStart ?? 0)
        case .strokeEnd: .number(shape?.strokeEnd ?? 1)
        case .effect: .material(material)
        }
    }

    mutating func apply(_ property: AnimatableProperty, _ value: AnimatedValue) {
        switch (property, value) {
        case (.center, .point(let p)): center = p
        case (.bounds, .rect(let r)): bounds = r
        case (.alpha, .number(let n)): alpha = n
        case (.transform, .transform(let t)): transform = t
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.cornerRadius, .number(let n)): cornerRadius = n
        case (.zPosition, .number(let n)): zPosition = n
        case (.anchorPoint, .point(let p)): anchorPoint = p
        case (.borderWidth, .number(let n)): borderWidth = n
        case (.curl, .number(let n)): curl = n
        case (.shadowColor, .color(let c)): shadowColor = c
        case (.shadowOpacity, .number(let n)): shadowOpacity = n
        case (.shadowRadius, .number(let n)): shadowRadius = n
        case (.shadowOffset, .point(let p)): shadowOffset = p
        case (.shadowPath, .path(let p)): shadowPath = p
        case (.sublayerTransform, .transform(let t)): sublayerTransform = t
        case (.gradientColors, .colors(let c)): gradient?.colors = c
        case (.gradientLocations, .numbers(let n)): gradient?.locations = n
        case (.startPoint, .point(let p)): gradient?.startPoint = p
        case (.endPoint, .point(let p)): gradient?.endPoint = p
        case (.path, .path(let p)): shape?.path = p
        case (.fillColor, .color(let c)): shape?.fillColor = c
        case (.strokeColor, .color(let c)): shape?.strokeColor = c
        case (.lineWidth, .number(let n)): shape?.lineWidth = n
        case (.strokeStart, .number(let n)): shape?.strokeStart = n
        case (.strokeEnd, .number(let n)): shape?.strokeEnd = n
        case (.effect, .material(let m)): material = m
        default: break
        }
    }
}

/// The out-of-line part of a ViewState.
struct RareLayerState: Equatable {
    var shadowColor = Color(red: 0, green: 0, blue: 0)
    var shadowOpacity = 0.0
    var shadowRadius = 3.0
    var shadowOffset = Point(x: 0, y: -3)
    var shadowPath: PathShape? = nil
    var sublayerTransform = Transform3D.identity
    var gradient: Gradient? = nil
    var shape: ShapePaint? = nil
    var effect: BlurStyle? = nil
    var material = BlurMaterial.none

    static let defaults = RareLayerState()

    /// Never changed while shared (ViewState copies it first), so it can
    /// cross threads as a value would.
    final class Box: @unchecked Sendable {
        var value: RareLayerState
        init(_ value: RareLayerState) { self.value = value }
    }
}

extension ViewState {
    /// The shadow as drawn: nil while it cannot be seen (opacity or its colour's alpha 0).
    var visibleShadow: Shadow? {
        guard shadowOpacity > 0 && shadowColor.alpha > 0 else { return nil }
        return Shadow(color: shadowColor, opacity: shadowOpacity, radius: shadowRadius, offset: shadowOffset, path: shadowPath)
    }
}

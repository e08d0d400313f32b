import Geometry
import RenderTree

/// Standalone layers (`CALayer()`, `CAGradientLayer()`, `CAShapeLayer()`),
/// their place among a view's sublayers, masks and `sublayerTransform`.
///
/// A standalone layer is a `View` with a `layerKind`: it has the same model
/// and presentation values, animates, is sampled, drawn and charged like a
/// view. What differs is how it is reached (the bindings expose only layer
/// names) and how it animates: Core Animation animates a standalone layer's
/// changes implicitly (`AnimationEngine+Transaction`).
///
/// The drawn graph has one edge into every layer: from its superlayer, or
/// from the layer it masks. Every change here keeps that graph a forest no
/// deeper than `View.depthLimit`, so every walk of it ends.
extension View {
    /// The layer that draws this one: its superlayer, or the layer it masks.
    var host: View? { superview ?? maskOwner }

    /// Whether `ancestor` is this layer or draws it, through superlayers and masks.
    func isInside(_ ancestor: View) -> Bool {
        var current: View? = self
        while let layer = current {
            if layer === ancestor { return true }
            current = layer.host
        }
        return false
    }

    /// Levels from the root of this layer's drawn tree down to it, itself included.
    var depth: Int {
        var depth = 0
        var current: View? = self
        while let layer = current { depth += 1; current = layer.host }
        return depth
    }

    public var isStandaloneLayer: Bool { layerKind != nil }

    // MARK: Sublayers

    /// `layer.addSublayer(_:)`: on top of every sublayer and subview's layer.
    /// Does nothing when `hierarchyError(adding:)` refuses it.
    public func addSublayer(_ layer: View) {
        guard hierarchyError(adding: layer) == nil else { return }
        layer.removeFromSuperview()
        attach(layer, at: sublayers.count)
    }

    /// `layer.insertSublayer(_:at:)`: at `index` of the one list that holds
    /// sublayers and subviews' layers (0 is the bottom; past the end, the top).
    public func insertSublayer(_ layer: View, at index: Int) {
        guard hierarchyError(adding: layer) == nil else { return }
        layer.removeFromSuperview()
        attach(layer, at: index)
    }

    /// `insertSublayer(_:above:)` / `(_:below:)`: beside a sibling (on top,
    /// or at the bottom, when it is not one).
    public func insertSublayer(_ layer: View, nextTo sibling: View, above: Bool) {
        guard layer !== sibling, hierarchyError(adding: layer) == nil else { return }
        layer.removeFromSuperview()
        guard let index = sublayers.firstIndex(where: { $0 === sibling }) else { return attach(layer, at: above ? sublayers.count : 0) }
        attach(layer, at: above ? index + 1 : index)
    }

    // MARK: Masks

    /// Why `mask` cannot become this layer's mask, if it cannot. Core
    /// Animation leaves these cases undefined (a mask in a tree, shared, or
    /// masked itself); a cycle would have a layer drawn inside itself.
    public func maskError(setting mask: View) -> ViewHierarchyError? {
        if mask === self { return .maskOfItself(name: name) }
        if mask.superview != nil { return .maskInTree(mask: mask.name) }
        if let owner = mask.maskOwner, owner !== self { return .maskTaken(mask: mask.name, owner: owner.name) }
        if mask.mask != nil { return .maskHasMask(mask: mask.name) }
        if maskOwner != nil { return .maskIsMask(name: name) }
        if isInside(mask) { return .cycle(child: name, parent: mask.name) }
        if depth + mask.height > Self.depthLimit { return .tooDeep(child: mask.name, parent: name, limit: Self.depthLimit) }
        return nil
    }

    /// `layer.mask = mask` (nil removes it). Does nothing when `maskError` refuses.
    public func setMask(_ newMask: View?) {
        if let newMask {
            guard maskError(setting: newMask) == nil else { return }
        }
        mask?.maskOwner = nil
        mask = newMask
        newMask?.maskOwner = self
    }

    // MARK: Layer properties

    /// layer.sublayerTransform: applied to every sublayer (and subview's
    /// layer) about the anchor point, before they are flattened into this
    /// layer's plane; animatable.
    public var sublayerTransform: Transform3D {
        get { storedModel.sublayerTransform }
        set { setRare(.sublayerTransform, .transform(newValue)) { $0.sublayerTransform = newValue } }
    }

    /// A CAGradientLayer's gradient (colours, locations, points, type), as
    /// set; nil for other layers. Its parts are set one by one below, each
    /// animating as Core Animation animates it.
    public var gradient: Gradient? { storedModel.gradient }

    /// A CAShapeLayer's path and paint, as set; nil for other layers.
    public var shape: ShapePaint? { storedModel.shape }

    /// `colors`: animates colour by colour between lists of one length.
    public var gradientColors: [Color] {
        get { storedModel.gradient?.colors ?? [] }
        set {
            guard model.gradient != nil else { return }
            setRare(.gradientColors, .colors(newValue)) { $0.gradient?.colors = newValue }
        }
    }

    /// `locations` (nil: the colours spread evenly, which is also what it
    /// animates from and to).
    public var gradientLocations: [Double]? {
        get { storedModel.gradient?.locations }
        set {
            guard var gradient = model.gradient else { return }
            gradient.locations = newValue
            setRare(.gradientLocations, .numbers(gradient.resolvedLocations)) { $0.gradient?.locations = newValue }
        }
    }

    public var startPoint: Point {
        get { storedModel.gradient?.startPoint ?? Gradient().startPoint }
        set {
            guard model.gradient != nil else { return }
            setRare(.startPoint, .point(newValue)) { $0.gradient?.startPoint = newValue }
        }
    }

    public var endPoint: Point {
        get { storedModel.gradient?.endPoint ?? Gradient().endPoint }
        set {
            guard model.gradient != nil else { return }
            setRare(.endPoint, .point(newValue)) { $0.gradient?.endPoint = newValue }
        }
    }

    /// `type` (axial, radial, conic): not animatable, as in Core Animation.
    public var gradientType: Gradient.Kind {
        get { storedModel.gradient?.type ?? .axial }
        set { model.gradient?.type = newValue }
    }

    /// `path`: changes at once ("Unlike most animatable properties, path (as
    /// with all CGPath animatable properties) does not support implicit
    /// animation", Apple's CAShapeLayer.path documentation); an explicit
    /// animation moves it between paths of one kind (`PathShape.interpolates`).
    public var path: PathShape? {
        get { storedModel.shape?.path }
        set {
            guard model.shape != nil else { return }
            model.shape?.path = newValue
        }
    }

    public var fillColor: Color? {
        get { storedModel.shape?.fillColor }
        set {
            guard model.shape != nil else { return }
            setRare(.fillColor, .color(newValue ?? .clear)) { $0.shape?.fillColor = newValue }
        }
    }

    public var strokeColor: Color? {
        get { storedModel.shape?.strokeColor }
        set {
            guard model.shape != nil else { return }
            setRare(.strokeColor, .color(newValue ?? .clear)) { $0.shape?.strokeColor = newValue }
        }
    }

    public var lineWidth: Double {
        get { storedModel.shape?.lineWidth ?? 1 }
        set {
            guard model.shape != nil else { return }
            setRare(.lineWidth, .number(newValue)) { $0.shape?.lineWidth = newValue }
        }
    }

    /// Kept as set; drawing clamps it to 0…1.
    public var strokeStart: Double {
        get { storedModel.shape?.strokeStart ?? 0 }
        set {
            guard model.shape != nil else { return }
            setRare(.strokeStart, .number(newValue)) { $0.shape?.strokeStart = newValue }
        }
    }

    public var strokeEnd: Double {
        get { storedModel.shape?.strokeEnd ?? 1 }
        set {
            guard model.shape != nil else { return }
            setRare(.strokeEnd, .number(newValue)) { $0.shape?.strokeEnd = newValue }
        }
    }
}

extension AnimationEngine {
    /// A standalone layer (`CALayer()` …) of `kind`, 0 × 0 at the origin,
    /// with Core Animation's defaults for its kind.
    public func makeLayer(_ kind: LayerKind, name: String? = nil) -> View {
        let layer = View(engine: self, name: name ?? kind.rawValue, frame: .zero, layerKind: kind)
        switch kind {
        case .layer: break
        case .gradient: layer.model.gradient = Gradient()
        case .shape: layer.model.shape = ShapePaint()
        }
        return layer
    }
}

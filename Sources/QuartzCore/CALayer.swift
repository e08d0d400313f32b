import Geometry
import Transitions

/// A view's layer: the engine's view seen through Core Animation's properties.
open class CALayer: NSObject {
    package let view: View

    package init(view: View) { self.view = view }

    /// A standalone layer, in the simulation the exported code runs in.
    public override init() {
        view = Host.simulation.engine.makeLayer(.layer)
    }

    /// The engine's name of the view or layer, which traces show.
    open var name: String? {
        get { view.name }
        set { view.name = newValue ?? "" }
    }

    open func addSublayer(_ layer: CALayer) { view.addSublayer(layer.view) }

    /// A standalone layer whose opaque parts show this one's. Core Animation leaves a mask that is in a layer tree, or
    /// another layer's mask, undefined; here that stops, as the scripting API refuses it.
    open var mask: CALayer? {
        get { view.mask.map(CALayer.init(view:)) }
        set {
            if let mask = newValue?.view, let error = view.maskError(setting: mask) { preconditionFailure("layer.mask: \(error)") }
            view.setMask(newValue?.view)
        }
    }

    open var backgroundColor: CGColor? {
        get { view.backgroundColor.map(CGColor.init) }
        set { view.backgroundColor = newValue?.color }
    }

    open var transform: CATransform3D {
        get { CATransform3D(view.layerTransform) }
        set { view.layerTransform = newValue.engine }
    }

    open var sublayerTransform: CATransform3D {
        get { CATransform3D(view.sublayerTransform) }
        set { view.sublayerTransform = newValue.engine }
    }

    open var anchorPoint: CGPoint {
        get { CGPoint(view.anchorPoint) }
        set { view.anchorPoint = newValue.engine }
    }

    open var position: CGPoint {
        get { CGPoint(view.center) }
        set { view.center = newValue.engine }
    }

    open var bounds: CGRect {
        get { CGRect(view.bounds) }
        set { view.bounds = newValue.engine }
    }

    open var frame: CGRect {
        get { CGRect(view.frame) }
        set { view.frame = newValue.engine }
    }

    open var cornerRadius: CGFloat {
        get { view.cornerRadius }
        set { view.cornerRadius = newValue }
    }

    open var maskedCorners: CACornerMask {
        get { CACornerMask(view.maskedCorners) }
        set { view.maskedCorners = newValue.engine }
    }

    open var zPosition: CGFloat {
        get { view.zPosition }
        set { view.zPosition = newValue }
    }

    open var isDoubleSided: Bool {
        get { view.isDoubleSided }
        set { view.isDoubleSided = newValue }
    }

    open var masksToBounds: Bool {
        get { view.clipsToBounds }
        set { view.clipsToBounds = newValue }
    }

    open var isHidden: Bool {
        get { view.isHidden }
        set { view.isHidden = newValue }
    }

    /// nil draws no shadow, as a clear colour does.
    open var shadowColor: CGColor? {
        get { CGColor(view.shadowColor) }
        set { view.shadowColor = newValue?.color ?? Color(white: 0, alpha: 0) }
    }

    open var shadowOpacity: Float {
        get { Float(view.shadowOpacity) }
        set { view.shadowOpacity = Double(newValue) }
    }

    open var shadowRadius: CGFloat {
        get { view.shadowRadius }
        set { view.shadowRadius = newValue }
    }

    /// Changes at once: no CGPath property animates implicitly in Core Animation.
    open var shadowPath: CGPath? {
        get { view.shadowPath.map(CGPath.init) }
        set { view.shadowPath = newValue?.shape }
    }

    open var shadowOffset: CGSize {
        get { CGSize(width: view.shadowOffset.x, height: view.shadowOffset.y) }
        set { view.shadowOffset = Point(x: Double(newValue.width), y: Double(newValue.height)) }
    }
}

extension CGPoint {
    package init(_ point: Point) { self.init(x: point.x, y: point.y) }
    package var engine: Point { Point(x: Double(x), y: Double(y)) }
}

extension CGSize {
    package init(_ size: Size) { self.init(width: size.width, height: size.height) }
    package var engine: Size { Size(width: Double(width), height: Double(height)) }
}

extension CGRect {
    package init(_ rect: Rect) { self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height) }
    package var engine: Rect { Rect(x: Double(origin.x), y: Double(origin.y), width: Double(size.width), height: Double(size.height)) }
}

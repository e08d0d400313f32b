import Geometry
import Transitions

/// A standalone shape layer: the engine's layer-only view of the shape kind, as the Lua API's `CAShapeLayer{…}` makes.
open class CAShapeLayer: CALayer {
    public override init() {
        super.init(view: Host.simulation.engine.makeLayer(.shape))
    }

    /// Changes at once: no CGPath property animates implicitly in Core Animation.
    open var path: CGPath? {
        get { view.path.map(CGPath.init) }
        set { view.path = newValue?.shape }
    }

    open var fillColor: CGColor? {
        get { view.fillColor.map(CGColor.init) }
        set { view.fillColor = newValue?.color }
    }

    open var strokeColor: CGColor? {
        get { view.strokeColor.map(CGColor.init) }
        set { view.strokeColor = newValue?.color }
    }

    open var lineWidth: CGFloat {
        get { view.lineWidth }
        set { view.lineWidth = newValue }
    }

    open var strokeStart: CGFloat {
        get { view.strokeStart }
        set { view.strokeStart = newValue }
    }

    open var strokeEnd: CGFloat {
        get { view.strokeEnd }
        set { view.strokeEnd = newValue }
    }
}

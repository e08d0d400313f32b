import Geometry
import Transitions

/// A standalone gradient layer: the engine's layer-only view of the gradient kind, as the Lua API's
/// `CAGradientLayer{…}` makes.
open class CAGradientLayer: CALayer {
    public override init() {
        super.init(view: Host.simulation.engine.makeLayer(.gradient))
    }

    /// Core Animation takes CGColors here (its type says Any, from Objective-C's NSArray); anything else is
    /// undefined there, and stops the run here rather than being dropped.
    open var colors: [Any]? {
        get { view.gradientColors.isEmpty ? nil : view.gradientColors.map(CGColor.init) }
        set {
            view.gradientColors = (newValue ?? []).map { element in
                guard let color = element as? CGColor else { preconditionFailure("CAGradientLayer.colors holds CGColors, not \(type(of: element))") }
                return color.color
            }
        }
    }

    open var startPoint: CGPoint {
        get { CGPoint(view.startPoint) }
        set { view.startPoint = newValue.engine }
    }

    open var endPoint: CGPoint {
        get { CGPoint(view.endPoint) }
        set { view.endPoint = newValue.engine }
    }
}

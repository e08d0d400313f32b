import Animation
import Foundation

/// Core Animation's spring, as far as exported code uses it: its figures, and how long it takes to settle, which the
/// engine's Spring computes as the scripting API's CASpringAnimation does. It is never added to a layer here.
open class CASpringAnimation: NSObject {
    /// The animated key path, kept as Core Animation keeps it; the settling time does not depend on it.
    private var path: String?
    /// Core Animation's defaults: mass 1, stiffness 100, damping 10, at rest.
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0

    public override init() {
        super.init()
    }

    public convenience init(keyPath path: String?) {
        self.init()
        self.path = path
    }

    open var settlingDuration: CFTimeInterval {
        Spring(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping), initialVelocity: Double(initialVelocity))
            .settlingDuration()
    }
}

import Transitions

@MainActor open class UIVisualEffect: NSObject {
    /// The engine's style, which UIBlurEffect gives.
    package var style: BlurStyle? { nil }
}

@MainActor open class UIBlurEffect: UIVisualEffect {
    public enum Style: Int, Sendable {
        case extraLight = 0
        case light = 1
        case dark = 2
        case regular = 4
        case prominent = 5
        case systemUltraThinMaterial = 6
        case systemThinMaterial = 7
        case systemMaterial = 8
        case systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11
        case systemThinMaterialLight = 12
        case systemMaterialLight = 13
        case systemThickMaterialLight = 14
        case systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16
        case systemThinMaterialDark = 17
        case systemMaterialDark = 18
        case systemThickMaterialDark = 19
        case systemChromeMaterialDark = 20
    }

    private let blurStyle: Style

    public init(style: UIBlurEffect.Style) {
        blurStyle = style
        super.init()
    }

    /// The engine's style of the same name (its cases are UIKit's names).
    package override var style: BlurStyle? { BlurStyle(rawValue: "\(blurStyle)") }
}

/// UIKit's effect view: the engine's, with its contentView; named as the Lua API's UIVisualEffectView.new names one until
/// accessibilityIdentifier says otherwise.
@MainActor open class UIVisualEffectView: UIView {
    private var current: UIVisualEffect?

    public init(effect: UIVisualEffect?) {
        current = effect
        super.init(adopting: Host.simulation.engine.makeVisualEffectView(name: "visual effect view", frame: .zero, effect: effect?.style))
    }

    /// Set inside an animation block, the blur comes in or goes with it, as UIKit's does.
    open var effect: UIVisualEffect? {
        get { current }
        set {
            current = newValue
            view.effect = newValue?.style
        }
    }
}

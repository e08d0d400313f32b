import Geometry
import RenderTree

/// UIVisualEffectView with a UIBlurEffect.
///
/// A visual effect view is a view like any other (it moves, fades and is
/// clipped as one) whose one subview, `contentView`, holds its content and
/// follows its size. Its `effect` blurs what lies behind it: the engine
/// animates the blur it draws (`ViewState.material`), so setting the
/// effect inside an animation block blurs in or out progressively, as
/// UIKit does:
///
///     effect = nil → .dark inside UIView.animate(0.3)
///     radius   0 ──────────────▶ 20 pt
///     tint     0 ──────────────▶ 0.73 alpha
extension View {
    public var isVisualEffectView: Bool { contentView != nil }

    /// `effect` (nil: none). Animates in animation blocks.
    public var effect: BlurStyle? {
        get { storedModel.effect }
        set {
            model.effect = newValue
            if let newValue { lastEffect = newValue }
            let material = newValue?.material ?? .none
            setRare(.effect, .material(material)) { $0.material = material }
        }
    }

    /// The style whose blur is on screen, or was last (while it animates
    /// away to none), and how far in it is: the drawn blur radius over the
    /// style's. For traces.
    public var shownEffect: (style: BlurStyle?, progress: Double) {
        let style = model.effect ?? lastEffect
        guard let style else { return (nil, 0) }
        let full = style.material.radius
        return (style, full > 0 ? presentation.material.radius / full : 0)
    }
}

extension AnimationEngine {
    /// `UIVisualEffectView(effect:)`: the view and its contentView, which
    /// fills it and follows its size (flexible width and height).
    public func makeVisualEffectView(name: String, frame: Rect, effect: BlurStyle?) -> View {
        let view = View(engine: self, name: name, frame: frame)
        let content = View(engine: self, name: "contentView", frame: Rect(origin: .zero, size: frame.size))
        content.autoresizingMask = .flexibleSize
        view.addSubview(content)
        view.contentView = content
        // Its first effect is set, not animated, even inside an animation block.
        view.model.effect = effect
        view.model.material = effect?.material ?? .none
        view.lastEffect = effect
        return view
    }
}

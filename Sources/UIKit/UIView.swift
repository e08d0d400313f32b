import Animation
import Geometry
import RenderTree
import Transitions

/// A view: the engine's view, one UIView object for each (so `===` and `superview` mean what they mean in UIKit).
@MainActor open class UIView: NSObject {
    package let view: View

    private static var wrappers: [ObjectIdentifier: UIView] = [:]
    /// Lets every one go (UIKitWrappers.forgetAll).
    static func forgetWrappers() { wrappers = [:] }
    static var wrapperCount: Int { wrappers.count }

    package init(view: View) {
        self.view = view
        super.init()
    }

    /// A view made by a subclass's own initializer: its wrapper is the subclass's object.
    package init(adopting view: View) {
        self.view = view
        super.init()
        UIView.wrappers[ObjectIdentifier(view)] = self
    }

    package static func wrapping(_ view: View) -> UIView {
        if let known = wrappers[ObjectIdentifier(view)] { return known }
        let wrapper = view === Host.simulation.window ? UIWindow(view: view) : view.isScrollView ? UIScrollView(view: view) : UIView(view: view)
        wrappers[ObjectIdentifier(view)] = wrapper
        return wrapper
    }

    /// A new view, named as the Lua API's UIView.new names one ("view") until accessibilityIdentifier says otherwise.
    public init(frame: CGRect) {
        view = Host.simulation.engine.makeView(name: "view", frame: .zero)
        super.init()
        view.frame = frame.engine
        UIView.wrappers[ObjectIdentifier(view)] = self
    }

    open var frame: CGRect {
        get { CGRect(view.frame) }
        set { view.frame = newValue.engine }
    }

    open var bounds: CGRect {
        get { CGRect(view.bounds) }
        set { view.bounds = newValue.engine }
    }

    open var center: CGPoint {
        get { CGPoint(view.center) }
        set { view.center = newValue.engine }
    }

    /// The device's safe area where it overlaps this view, as the scripting API measures it (its frame in the window).
    open var safeAreaInsets: UIEdgeInsets {
        let insets = Host.simulation.safeAreaInsets(of: view)
        return UIEdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
    }

    /// The window the view is in, through its superviews.
    open var window: UIWindow? {
        let window = Host.simulation.window
        return view === window || view.isDescendant(of: window) ? UIView.wrapping(window) as? UIWindow : nil
    }

    /// The smallest size: the target a content-sized view is measured at.
    public static let layoutFittingCompressedSize: CGSize = CGSize(width: 0, height: 0)

    /// The size the view's content needs, as the scripting API answers it: at a required width with a free height,
    /// the height of the content Segue lays out (a `screen = "dialog"` root view); anything else stops the run, as
    /// the Lua run stops with an error.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        // Where the Lua run stops with an error, the Swift run stops too (the verification then names the moment).
        guard horizontalFittingPriority == .required, verticalFittingPriority == .fittingSizeLevel,
              targetSize.width >= DialogLayout.narrowestCard, let height = view.viewController?.fittingHeight(width: targetSize.width) else {
            preconditionFailure("systemLayoutSizeFitting: Segue answers a required width, at least the dialog's longest word, and a free "
                                + "height of a dialog's root view only")
        }
        return CGSize(width: targetSize.width, height: height)
    }

    open var alpha: CGFloat {
        get { view.alpha }
        set { view.alpha = newValue }
    }

    open var backgroundColor: UIColor? {
        get { view.backgroundColor.map(UIColor.init) }
        set { view.backgroundColor = newValue?.color }
    }

    open var transform: CGAffineTransform {
        get { CGAffineTransform(view.transform) }
        set { view.transform = newValue.engine }
    }

    open var isHidden: Bool {
        get { view.isHidden }
        set { view.isHidden = newValue }
    }

    open var clipsToBounds: Bool {
        get { view.clipsToBounds }
        set { view.clipsToBounds = newValue }
    }

    /// How the view resizes when its superview's bounds change size: the engine's autoresizing, flag for flag.
    open var autoresizingMask: UIView.AutoresizingMask {
        get { AutoresizingMask(rawValue: UInt(view.autoresizingMask.rawValue)) }
        set { view.autoresizingMask = Transitions.AutoresizingMask(rawValue: Int(newValue.rawValue)) }
    }

    open var isUserInteractionEnabled: Bool {
        get { view.isUserInteractionEnabled }
        set { view.isUserInteractionEnabled = newValue }
    }

    open var accessibilityIdentifier: String? {
        get { view.name }
        set { view.name = newValue ?? "" }
    }

    open var layer: CALayer { CALayer(view: view) }

    open var superview: UIView? { view.superview.map(UIView.wrapping) }
    /// Back to front, as the engine keeps them.
    open var subviews: [UIView] { view.subviews.map(UIView.wrapping) }

    open func addSubview(_ view: UIView) { self.view.addSubview(view.view) }

    open func isDescendant(of view: UIView) -> Bool { self.view === view.view || self.view.isDescendant(of: view.view) }

    open func insertSubview(_ view: UIView, at index: Int) { self.view.insertSubview(view.view, at: index) }

    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        self.view.insertSubview(view.view, aboveSubview: siblingSubview.view)
    }

    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        self.view.insertSubview(view.view, belowSubview: siblingSubview.view)
    }

    open func removeFromSuperview() { view.removeFromSuperview() }

    /// Through every frame, bounds origin and transform, a turned rect's box, as the Lua API's convert; where the way
    /// squashes a view flat (no map back), the Lua entry stops with an error, and so does this.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        guard let converted = self.view.convert(rect.engine, to: view?.view) else {
            preconditionFailure("convert(_:to:): a view on the way is squashed flat, or the result is beyond any number")
        }
        return CGRect(converted)
    }

    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        UIView.wrapping(view.snapshotView(afterScreenUpdates: afterUpdates))
    }

    open func resizableSnapshotView(from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets) -> UIView? {
        let insets = EdgeInsets(top: capInsets.top, left: capInsets.left, bottom: capInsets.bottom, right: capInsets.right)
        return UIView.wrapping(view.snapshotView(afterScreenUpdates: afterUpdates, region: rect.engine.standardized, capInsets: insets))
    }

    open var gestureRecognizers: [UIGestureRecognizer]?

    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizers = (gestureRecognizers ?? []) + [gestureRecognizer]
        gestureRecognizer.attached = self
        if let tap = gestureRecognizer as? UITapGestureRecognizer { view.addGestureRecognizer(tap.engineRecognizer) }
    }
    open func bringSubviewToFront(_ view: UIView) { self.view.bringSubviewToFront(view.view) }
    open func sendSubviewToBack(_ view: UIView) { self.view.sendSubviewToBack(view.view) }

    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        Host.simulation.engine.animate(duration: duration, delay: delay, options: options.engine(in: CATransaction.timingCurve),
                                       animations: animations, completion: completion)
    }

    /// Apple: no delay and UIView.AnimationOptions' defaults (curveEaseInOut), so the same as the long form with
    /// those, and like it under a transaction's timing function.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                            initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        Host.simulation.engine.animate(duration: duration, delay: delay, dampingRatio: dampingRatio, initialVelocity: velocity,
                                       options: options.engine, animations: animations, completion: completion)
    }

    /// A page turning between two views (the engine's AnimationEngine.transition, as the Lua API's UIView.transition);
    /// options without a page curl are not in the layer, and stop.
    open class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
                               completion: ((Bool) -> Void)? = nil) {
        let curl: PageCurl
        switch options.rawValue & (15 << 20) {
        case 3 << 20: curl = .up
        case 4 << 20: curl = .down
        default: preconditionFailure("the verification layer turns pages only (.transitionCurlUp, .transitionCurlDown)")
        }
        Host.simulation.engine.transition(from: fromView.view, to: toView.view, duration: duration, curl: curl, options: options.engine,
                                          completion: completion)
    }

    /// A view's content changing under a cross-dissolve or a curl (the engine's AnimationEngine.transition(with:), as the
    /// Lua API's UIView.transition{with =}); UIKit's flips are not in the layer, and stop.
    open class func transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [], animations: (() -> Void)?,
                               completion: ((Bool) -> Void)? = nil) {
        let transition: ContentTransition
        switch options.rawValue & (15 << 20) {
        case 3 << 20: transition = .curlUp
        case 4 << 20: transition = .curlDown
        case 5 << 20: transition = .crossDissolve
        default: preconditionFailure("the verification layer changes content by .transitionCrossDissolve, .transitionCurlUp and .transitionCurlDown only")
        }
        Host.simulation.engine.transition(with: view.view, duration: duration, transition: transition, options: options.engine,
                                          animations: animations, completion: completion)
    }

    /// Apple declares the completion `@Sendable` (unlike animate's): exported code passes a main-actor closure and
    /// runs it with `MainActor.assumeIsolated`, which the engine, on the main thread, satisfies.
    open class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions = [],
                                     animations: @escaping () -> Void, completion: (@Sendable (Bool) -> Void)? = nil) {
        // Made in a property animator's animations with no duration: the animator's own keyframe animation.
        if UIViewPropertyAnimator.running && duration == 0 && delay == 0 && completion == nil {
            animations()
            return
        }
        var engineOptions = options.engine
        if let curve = CATransaction.timingCurve { engineOptions.curve = curve }
        Host.simulation.engine.animateKeyframes(duration: duration, delay: delay, options: engineOptions, animations: animations,
                                                completion: completion)
    }

    open class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                animations: @escaping () -> Void) {
        Host.simulation.engine.addKeyframe(relativeStart: frameStartTime, relativeDuration: frameDuration, animations: animations)
    }
}

extension UIView {
    /// UIKit's flags, at UIKit's bits (the engine's are the same bits).
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static var flexibleLeftMargin: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 0) }
        public static var flexibleWidth: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 1) }
        public static var flexibleRightMargin: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 2) }
        public static var flexibleTopMargin: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 3) }
        public static var flexibleHeight: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 4) }
        public static var flexibleBottomMargin: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 5) }
    }

    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static var beginFromCurrentState: UIView.AnimationOptions { AnimationOptions(rawValue: 1 << 2) }
        public static var `repeat`: UIView.AnimationOptions { AnimationOptions(rawValue: 1 << 3) }
        public static var autoreverse: UIView.AnimationOptions { AnimationOptions(rawValue: 1 << 4) }
        public static var curveEaseInOut: UIView.AnimationOptions { AnimationOptions(rawValue: 0 << 16) }
        public static var curveEaseIn: UIView.AnimationOptions { AnimationOptions(rawValue: 1 << 16) }
        public static var curveEaseOut: UIView.AnimationOptions { AnimationOptions(rawValue: 2 << 16) }
        public static var curveLinear: UIView.AnimationOptions { AnimationOptions(rawValue: 3 << 16) }
        public static var transitionCurlUp: UIView.AnimationOptions { AnimationOptions(rawValue: 3 << 20) }
        public static var transitionCurlDown: UIView.AnimationOptions { AnimationOptions(rawValue: 4 << 20) }
        public static var transitionCrossDissolve: UIView.AnimationOptions { AnimationOptions(rawValue: 5 << 20) }

        /// The engine's options with a transaction's timing function in place of the curve named, as the Lua API's
        /// `timingFunction` field replaces it.
        func engine(in transactionCurve: TimingCurve?) -> Transitions.AnimationOptions {
            var options = engine
            if let transactionCurve { options.curve = transactionCurve }
            return options
        }

        /// The engine's options, read as the Lua bindings read the same names.
        var engine: Transitions.AnimationOptions {
            var names: [String] = []
            switch rawValue & (3 << 16) {
            case 1 << 16: names.append("curveEaseIn")
            case 2 << 16: names.append("curveEaseOut")
            case 3 << 16: names.append("curveLinear")
            default: names.append("curveEaseInOut")
            }
            if contains(.beginFromCurrentState) { names.append("beginFromCurrentState") }
            if contains(.repeat) { names.append("repeat") }
            if contains(.autoreverse) { names.append("autoreverse") }
            guard case .success(let options) = Transitions.AnimationOptions.parse(names) else { return Transitions.AnimationOptions() }
            return options
        }
    }
}

extension UIView {
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static var beginFromCurrentState: UIView.KeyframeAnimationOptions { KeyframeAnimationOptions(rawValue: 1 << 2) }
        public static var `repeat`: UIView.KeyframeAnimationOptions { KeyframeAnimationOptions(rawValue: 1 << 3) }
        public static var autoreverse: UIView.KeyframeAnimationOptions { KeyframeAnimationOptions(rawValue: 1 << 4) }
        public static var calculationModeLinear: UIView.KeyframeAnimationOptions { KeyframeAnimationOptions(rawValue: 0 << 10) }
        public static var calculationModeDiscrete: UIView.KeyframeAnimationOptions { KeyframeAnimationOptions(rawValue: 1 << 10) }
        public static var calculationModePaced: UIView.KeyframeAnimationOptions { KeyframeAnimationOptions(rawValue: 2 << 10) }
        public static var calculationModeCubic: UIView.KeyframeAnimationOptions { KeyframeAnimationOptions(rawValue: 3 << 10) }
        public static var calculationModeCubicPaced: UIView.KeyframeAnimationOptions { KeyframeAnimationOptions(rawValue: 4 << 10) }

        /// The engine's options, read as the Lua bindings read the same names.
        var engine: Transitions.AnimationOptions {
            let modes = ["calculationModeLinear", "calculationModeDiscrete", "calculationModePaced", "calculationModeCubic",
                         "calculationModeCubicPaced"]
            let mode = Int((rawValue >> 10) & 7)
            var names = [mode < modes.count ? modes[mode] : modes[0]]
            if contains(.beginFromCurrentState) { names.append("beginFromCurrentState") }
            if contains(.repeat) { names.append("repeat") }
            if contains(.autoreverse) { names.append("autoreverse") }
            guard case .success(let options) = Transitions.AnimationOptions.parse(names) else { return Transitions.AnimationOptions() }
            return options
        }
    }
}

/// The simulation's one window: the root of every view on screen.
@MainActor open class UIWindow: UIView {}

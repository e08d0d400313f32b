/// The types a translated entry's values have in Swift. Lua numbers stay
/// one type here: Swift converts between Double and CGFloat implicitly
/// (SE-0307), so a number takes the type of the UIKit member it meets.
indirect enum SwiftType: Hashable, Sendable {
    case number
    case bool
    case string
    case void
    case view
    case viewController
    case context
    case layer
    /// A standalone CAGradientLayer the entry makes (a layer where one is wanted).
    case gradientLayer
    /// A standalone CAShapeLayer the entry makes (a layer where one is wanted), the UIBezierPath it draws, and the
    /// CGPath Core Animation takes.
    case shapeLayer, bezierPath, cgPath
    /// Core Animation's explicit animation of one key path, which a layer's `add(_:forKey:)` takes.
    case basicAnimation
    case rect, point, size
    /// A view's safe area (UIEdgeInsets), read-only in the scripting API.
    case edgeInsets
    case transform3D, affineTransform
    case color
    /// Core Graphics' colour, as a layer's shadow and gradient take it.
    case cgColor
    /// The corners a layer's cornerRadius rounds (CACornerMask), written as a list of their names.
    case cornerMask
    /// The flags a view resizes by (UIView.AutoresizingMask), written as a list of their names.
    case autoresizingMask
    /// A UIVisualEffectView the entry makes (a view where one is wanted), and the blur it shows.
    case effectView
    case blurEffect
    /// A UIScrollView the entry makes, or a controller's content scroll view (a view where one is wanted).
    case scrollView
    /// A height UIKit's sheet rests at (`"medium"`, `"large"`, `{identifier = …, height = …}`), and a detent's name.
    case detent
    case detentIdentifier
    case animationOptions
    /// UIKit's property animator, the spring it runs on, and Core Animation's spring read for its settling time.
    case propertyAnimator, springTiming, springAnimation
    case keyframeOptions
    case timingFunction
    /// The pan of an interactive dismissal, as its action and the entry's functions see it.
    case panGesture
    case pinchGesture
    /// A tap recognizer the presentation controller makes, its action a method of the controller.
    case tapGesture
    /// The entry's parameters (`params`).
    case parameters
    /// The entry's presentation controller (`self` in its functions), or one a module's function is given.
    case presentationController
    /// The entry's own presentation controller reached from outside its hooks (`controller.presentationController`): the
    /// subclass the delegate makes, whose fields are read there.
    case ownController
    /// The entry's own interaction controller (`self` in `interaction.dismissal.controller`'s functions).
    case ownInteraction
    /// A display link (`CADisplayLink.new(function(link) … end)`).
    case displayLink
    /// A transition's coordinator (`self.transitionCoordinator`), and the context its closures are given.
    case transitionCoordinator
    case coordinatorContext
    /// A parameter's choices: the Swift enum named.
    case choice(String)
    /// A table of named fields the entry makes: the private struct named.
    case record(String)
    /// A list of values of one type: a Swift array.
    case list(SwiftType)
    case optional(SwiftType)

    /// The type's spelling in a declaration.
    var spelling: String {
        switch self {
        case .number: "CGFloat"
        case .bool: "Bool"
        case .string: "String"
        case .void: "Void"
        case .view: "UIView"
        case .viewController: "UIViewController"
        case .context: "any UIViewControllerContextTransitioning"
        case .layer: "CALayer"
        case .gradientLayer: "CAGradientLayer"
        case .shapeLayer: "CAShapeLayer"
        case .bezierPath: "UIBezierPath"
        case .cgPath: "CGPath"
        case .basicAnimation: "CABasicAnimation"
        case .rect: "CGRect"
        case .point: "CGPoint"
        case .size: "CGSize"
        case .edgeInsets: "UIEdgeInsets"
        case .transform3D: "CATransform3D"
        case .affineTransform: "CGAffineTransform"
        case .color: "UIColor"
        case .cgColor: "CGColor"
        case .cornerMask: "CACornerMask"
        case .autoresizingMask: "UIView.AutoresizingMask"
        case .effectView: "UIVisualEffectView"
        case .scrollView: "UIScrollView"
        case .blurEffect: "UIBlurEffect"
        case .detent: "UISheetPresentationController.Detent"
        case .detentIdentifier: "UISheetPresentationController.Detent.Identifier"
        case .animationOptions: "UIView.AnimationOptions"
        case .propertyAnimator: "UIViewPropertyAnimator"
        case .springTiming: "UISpringTimingParameters"
        case .springAnimation: "CASpringAnimation"
        case .keyframeOptions: "UIView.KeyframeAnimationOptions"
        case .timingFunction: "CAMediaTimingFunction"
        case .panGesture: "UIPanGestureRecognizer"
        case .pinchGesture: "UIPinchGestureRecognizer"
        case .tapGesture: "UITapGestureRecognizer"
        case .parameters: "Parameters"
        case .presentationController: "UIPresentationController"
        case .ownController: "PresentationController"
        case .ownInteraction: "DismissalInteraction"
        case .displayLink: "CADisplayLink"
        case .transitionCoordinator: "any UIViewControllerTransitionCoordinator"
        case .coordinatorContext: "any UIViewControllerTransitionCoordinatorContext"
        // A parameter's choices are an enum inside Parameters; UIKit's keys are its own types.
        case .choice(let name): name.hasPrefix("UI") || name.hasPrefix("NS") ? name : "Parameters.\(name)"
        case .record(let name): name
        case .list(let element): "[\(element.spelling)]"
        case .optional(let wrapped): "\(wrapped.spelling)?"
        }
    }

    /// Copied where Lua shares: the geometry values.
    var isStruct: Bool { [.rect, .point, .size, .edgeInsets, .transform3D, .affineTransform].contains(self) }

    var isOptional: Bool { if case .optional = self { true } else { false } }
    var isList: Bool { if case .list = self { true } else { false } }
    var unwrapped: SwiftType { if case .optional(let wrapped) = self { wrapped } else { self } }

    /// What a value of this type is called in a message ("a view", "a number").
    var described: String {
        switch self {
        case .number: "a number"
        case .bool: "a boolean"
        case .string: "a string"
        case .void: "nothing"
        case .view: "a view"
        case .viewController: "a view controller"
        case .context: "the transition context"
        case .layer: "a layer"
        case .gradientLayer: "a gradient layer"
        case .shapeLayer: "a shape layer"
        case .bezierPath: "a UIBezierPath"
        case .cgPath: "a CGPath"
        case .basicAnimation: "a basic animation"
        case .rect: "a CGRect"
        case .point: "a CGPoint"
        case .size: "a CGSize"
        case .edgeInsets: "a UIEdgeInsets"
        case .transform3D: "a CATransform3D"
        case .affineTransform: "a CGAffineTransform"
        case .color: "a UIColor"
        case .cgColor: "a CGColor"
        case .cornerMask: "a list of corners"
        case .autoresizingMask: "a list of autoresizing flags"
        case .effectView: "a visual effect view"
        case .scrollView: "a scroll view"
        case .blurEffect: "a blur effect"
        case .detent: "a sheet's detent"
        case .detentIdentifier: "a detent's identifier"
        case .animationOptions: "animation options"
        case .propertyAnimator: "a property animator"
        case .springTiming: "a spring's timing parameters"
        case .springAnimation: "a spring animation"
        case .keyframeOptions: "keyframe animation options"
        case .timingFunction: "a CAMediaTimingFunction"
        case .panGesture, .pinchGesture: "the gesture"
        case .tapGesture: "a tap recognizer"
        case .parameters: "the parameters"
        case .presentationController: "a presentation controller"
        case .ownController: "the entry's presentation controller"
        case .ownInteraction: "the entry's interaction controller"
        case .displayLink: "a display link"
        case .transitionCoordinator: "a transition coordinator"
        case .coordinatorContext: "a transition coordinator's context"
        case .choice(let name): "a \(name)"
        case .record(let name): "a \(name)"
        case .list(let element): "a list of \(element.described.split(separator: " ", maxSplits: 1).last ?? "values")s"
        case .optional(let wrapped): "\(wrapped.described) or nil"
        }
    }
}

/// The scripting API's names in UIKit's Swift: each Lua field or method an
/// exported entry may use, its Swift spelling and its type. The Lua names
/// and types come from the API's declarations (`Catalogue/types/segue.lua`),
/// which a test holds this table to; the Swift ones are Apple's
/// (`docs/export/declarations.tsv`). A name missing here is refused, never
/// guessed.
enum UIKitVocabulary {
    /// A field read (and, when `settable`, written) as a Swift property.
    struct Field {
        let swift: String
        let type: SwiftType
        let settable: Bool
        /// Declared `T!` by UIKit (a view controller's view): a local taking it says its type, or Swift infers `T?`.
        var implicitlyUnwrapped = false
        /// A Float in Core Animation (`shadowOpacity`), a number (CGFloat) to the entry: converted each way.
        var isFloat = false
    }

    /// A method or function: its parameters' types, its result, and its Swift
    /// form given the receiver's text (empty for a function) and the arguments'.
    struct Call {
        let parameters: [SwiftType]
        let result: SwiftType
        /// How many of the last parameters a call may leave out (render is given only the arguments written).
        var optionalTrailing = 0
        let render: @Sendable (_ receiver: String, _ arguments: [String]) -> String

        init(parameters: [SwiftType], result: SwiftType, optionalTrailing: Int = 0,
             render: @escaping @Sendable (_ receiver: String, _ arguments: [String]) -> String) {
            (self.parameters, self.result, self.optionalTrailing, self.render) = (parameters, result, optionalTrailing, render)
        }

        /// The parameters a call with `count` arguments fills, if it may have that many.
        func parameters(forArguments count: Int) -> [SwiftType]? {
            count <= parameters.count && count >= parameters.count - optionalTrailing ? Array(parameters.prefix(count)) : nil
        }
    }

    static let viewKey = SwiftType.choice("UITransitionContextViewKey")
    static let viewControllerKey = SwiftType.choice("UITransitionContextViewControllerKey")
    /// An edge of `setContentScrollView(_:for:)` and `contentScrollView(for:)`.
    static let directionalEdge = SwiftType.choice("NSDirectionalRectEdge")

    /// A visual effect view is a view: its own names, then a view's.
    static func field(_ name: String, of type: SwiftType) -> Field? {
        fields[type]?[name] ?? superclass(of: type).flatMap { fields[$0]?[name] }
    }

    static func method(_ name: String, of type: SwiftType) -> Call? {
        methods[type]?[name] ?? superclass(of: type).flatMap { methods[$0]?[name] }
    }

    /// A visual effect view is a view, a shape or gradient layer a layer: their own names, then the superclass's.
    static func superclass(of type: SwiftType) -> SwiftType? {
        switch type {
        case .effectView, .scrollView: .view
        case .shapeLayer, .gradientLayer: .layer
        default: nil
        }
    }

    private static func settable(_ swift: String, _ type: SwiftType) -> Field { Field(swift: swift, type: type, settable: true) }
    private static func readOnly(_ swift: String, _ type: SwiftType) -> Field { Field(swift: swift, type: type, settable: false) }

    static let fields: [SwiftType: [String: Field]] = [
        .context: [
            "containerView": readOnly("containerView", .view),
            "isAnimated": readOnly("isAnimated", .bool),
            "isInteractive": readOnly("isInteractive", .bool),
        ],
        .view: [
            "frame": settable("frame", .rect),
            "bounds": settable("bounds", .rect),
            "center": settable("center", .point),
            "alpha": settable("alpha", .number),
            "backgroundColor": settable("backgroundColor", .optional(.color)),
            "transform": settable("transform", .affineTransform),
            "isHidden": settable("isHidden", .bool),
            "clipsToBounds": settable("clipsToBounds", .bool),
            "isUserInteractionEnabled": settable("isUserInteractionEnabled", .bool),
            "autoresizingMask": settable("autoresizingMask", .autoresizingMask),
            "layer": readOnly("layer", .layer),
            "superview": readOnly("superview", .optional(.view)),
            "subviews": readOnly("subviews", .list(.view)),
            // The device's safe area where it overlaps the view.
            "safeAreaInsets": readOnly("safeAreaInsets", .edgeInsets),
            "window": readOnly("window", .optional(.view)),
            // Shown in Segue's traces; UIKit's place for a view's name.
            "name": settable("accessibilityIdentifier", .optional(.string)),
        ],
        // UIKit's `view: UIView!`: loaded on first use, never nil when read.
        .viewController: [
            "view": Field(swift: "view", type: .view, settable: false, implicitlyUnwrapped: true),
            "modalPresentationCapturesStatusBarAppearance": settable("modalPresentationCapturesStatusBarAppearance", .bool),
        ],
        .layer: [
            "transform": settable("transform", .transform3D),
            "anchorPoint": settable("anchorPoint", .point),
            "position": settable("position", .point),
            "bounds": settable("bounds", .rect),
            "frame": settable("frame", .rect),
            "cornerRadius": settable("cornerRadius", .number),
            "zPosition": settable("zPosition", .number),
            "isDoubleSided": settable("isDoubleSided", .bool),
            "masksToBounds": settable("masksToBounds", .bool),
            "sublayerTransform": settable("sublayerTransform", .transform3D),
            "isHidden": settable("isHidden", .bool),
            "shadowColor": settable("shadowColor", .optional(.cgColor)),
            "shadowOpacity": Field(swift: "shadowOpacity", type: .number, settable: true, isFloat: true),
            "shadowRadius": settable("shadowRadius", .number),
            "shadowOffset": settable("shadowOffset", .size),
            "maskedCorners": settable("maskedCorners", .cornerMask),
            "mask": settable("mask", .optional(.layer)),
            "shadowPath": settable("shadowPath", .optional(.cgPath)),
        ],
        .shapeLayer: [
            "path": settable("path", .optional(.cgPath)),
            "fillColor": settable("fillColor", .optional(.cgColor)),
            "strokeColor": settable("strokeColor", .optional(.cgColor)),
            "lineWidth": settable("lineWidth", .number),
            "strokeStart": settable("strokeStart", .number),
            "strokeEnd": settable("strokeEnd", .number),
        ],
        .bezierPath: [
            "cgPath": readOnly("cgPath", .cgPath),
            "bounds": readOnly("bounds", .rect),
            "currentPoint": readOnly("currentPoint", .point),
            "isEmpty": readOnly("isEmpty", .bool),
        ],
        .color: ["cgColor": readOnly("cgColor", .cgColor)],
        // UIPresentationController's own: what the entry's presentation controller reads of itself, or a module of the one
        // it is given. UIKit keeps the coordinator on the presented view controller, where the scripting API has it on
        // the controller itself.
        .presentationController: [
            "containerView": readOnly("containerView", .optional(.view)),
            "presentedView": readOnly("presentedView", .optional(.view)),
            "presentedViewController": readOnly("presentedViewController", .viewController),
            "presentingViewController": readOnly("presentingViewController", .viewController),
            "frameOfPresentedViewInContainerView": readOnly("frameOfPresentedViewInContainerView", .rect),
            "transitionCoordinator": readOnly("presentedViewController.transitionCoordinator", .optional(.transitionCoordinator)),
        ],
        .transitionCoordinator: ["isCancelled": readOnly("isCancelled", .bool), "transitionDuration": readOnly("transitionDuration", .number)],
        .displayLink: [
            "timestamp": readOnly("timestamp", .number), "targetTimestamp": readOnly("targetTimestamp", .number),
            "duration": readOnly("duration", .number), "isPaused": settable("isPaused", .bool),
        ],
        // Set inside an animation block, the blur comes in or goes with it.
        .effectView: ["effect": settable("effect", .optional(.blurEffect))],
        .scrollView: [
            "contentOffset": settable("contentOffset", .point),
            "contentSize": settable("contentSize", .size),
            "bounces": settable("bounces", .bool),
            "alwaysBounceVertical": settable("alwaysBounceVertical", .bool),
            "alwaysBounceHorizontal": settable("alwaysBounceHorizontal", .bool),
        ],
        // The stored components, as Lua reads them: CGRect's width is standardized, its size's is not.
        .rect: [
            "origin": settable("origin", .point),
            "size": settable("size", .size),
            "x": settable("origin.x", .number),
            "y": settable("origin.y", .number),
            "width": settable("size.width", .number),
            "height": settable("size.height", .number),
            "minX": readOnly("minX", .number),
            "midX": readOnly("midX", .number),
            "maxX": readOnly("maxX", .number),
            "minY": readOnly("minY", .number),
            "midY": readOnly("midY", .number),
            "maxY": readOnly("maxY", .number),
            "isEmpty": readOnly("isEmpty", .bool),
        ],
        // The scripting API's gesture record, in the container's points (`container`: the view the presented one is in,
        // whose size is what `distance(size)` is given).
        .panGesture: [
            "translation": readOnly("translation(in: container)", .point),
            "velocity": readOnly("velocity(in: container)", .point),
            "location": readOnly("location(in: container)", .point),
            "view": readOnly("view", .optional(.view)),
            // Compared with the scripting API's names, which are UIGestureRecognizer.State's cases.
            "state": readOnly("state", .choice(gestureState)),
        ],
        // A pinch's velocity is its scale a second, as the scripting API's record gives it.
        .pinchGesture: [
            "scale": readOnly("scale", .number),
            "velocity": readOnly("velocity", .number),
            "location": readOnly("location(in: container)", .point),
            "view": readOnly("view", .optional(.view)),
            "state": readOnly("state", .choice(gestureState)),
        ],
        // A tap's recognizer in its action: the view it is on (`isEnabled` and `location` are not exported yet).
        .tapGesture: ["view": readOnly("view", .optional(.view))],
        .point: ["x": settable("x", .number), "y": settable("y", .number)],
        .springAnimation: ["settlingDuration": readOnly("settlingDuration", .number)],
        // Read-only, as the scripting API gives it (a copy in both languages).
        .edgeInsets: Dictionary(uniqueKeysWithValues: ["top", "left", "bottom", "right"].map { ($0, readOnly($0, .number)) }),
        .size: ["width": settable("width", .number), "height": settable("height", .number)],
        .transform3D: Dictionary(uniqueKeysWithValues: (1...4).flatMap { row in (1...4).map { column in
            ("m\(row)\(column)", settable("m\(row)\(column)", .number))
        } }),
        .affineTransform: Dictionary(uniqueKeysWithValues: ["a", "b", "c", "d", "tx", "ty"].map { ($0, settable($0, .number)) }),
    ]

    /// A recognizer's state, and the names the scripting API gives the four an action sees.
    static let gestureState = "UIGestureRecognizer.State"
    static let gestureStates = ["began", "changed", "ended", "cancelled"]
    /// Where a property animator stopped, as its completion is told.
    static let animatingPosition = "UIViewAnimatingPosition"
    static let animatingPositions = ["end", "start", "current"]

    static let methods: [SwiftType: [String: Call]] = [
        .context: [
            "viewForKey": Call(parameters: [viewKey], result: .optional(.view)) { "\($0).view(forKey: \($1[0]))" },
            "viewControllerForKey": Call(parameters: [viewControllerKey], result: .optional(.viewController)) {
                "\($0).viewController(forKey: \($1[0]))"
            },
            "initialFrame": Call(parameters: [.viewController], result: .rect) { "\($0).initialFrame(for: \($1[0]))" },
            "finalFrame": Call(parameters: [.viewController], result: .rect) { "\($0).finalFrame(for: \($1[0]))" },
            "completeTransition": Call(parameters: [.bool], result: .void) { "\($0).completeTransition(\($1[0]))" },
            "updateInteractiveTransition": Call(parameters: [.number], result: .void) { "\($0).updateInteractiveTransition(\($1[0]))" },
            "finishInteractiveTransition": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).finishInteractiveTransition()" },
            "cancelInteractiveTransition": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).cancelInteractiveTransition()" },
            // A property in UIKit's Swift, a method in the Lua API (as in Objective-C).
            "transitionWasCancelled": Call(parameters: [], result: .bool) { receiver, _ in "\(receiver).transitionWasCancelled" },
        ],
        // `link:add()`: UIKit's add(to: .main, forMode: .common), the run loop mode that keeps it running while a
        // finger drags.
        .displayLink: [
            "add": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).add(to: .main, forMode: .common)" },
            "invalidate": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).invalidate()" },
        ],
        .propertyAnimator: [
            "startAnimation": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).startAnimation()" },
        ],
        // The presented controller on top (the scripting API refuses any other, UIKit does nothing then).
        .viewController: [
            "dismiss": Call(parameters: [.bool], result: .void) { "\($0).dismiss(animated: \($1[0]))" },
            // Appearance callbacks by hand, for a presenter a custom presentation keeps on screen.
            "beginAppearanceTransition": Call(parameters: [.bool, .bool], result: .void) {
                "\($0).beginAppearanceTransition(\($1[0]), animated: \($1[1]))"
            },
            "endAppearanceTransition": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).endAppearanceTransition()" },
            "setNeedsStatusBarAppearanceUpdate": Call(parameters: [], result: .void) { receiver, _ in
                "\(receiver).setNeedsStatusBarAppearanceUpdate()"
            },
            // iOS 15's content scroll view, for every edge or for one (setContentScrollView(_:for:)).
            "setContentScrollView": Call(parameters: [.optional(.scrollView), directionalEdge], result: .void, optionalTrailing: 1) {
                $1.count == 2 ? "\($0).setContentScrollView(\($1[0]), for: \($1[1]))" : "\($0).setContentScrollView(\($1[0]))"
            },
            "contentScrollView": Call(parameters: [directionalEdge], result: .optional(.scrollView)) {
                "\($0).contentScrollView(for: \($1[0]))"
            },
        ],
        .view: [
            "addSubview": Call(parameters: [.view], result: .void) { "\($0).addSubview(\($1[0]))" },
            "addGestureRecognizer": Call(parameters: [.tapGesture], result: .void) { "\($0).addGestureRecognizer(\($1[0]))" },
            // A rect into another view's bounds (the scripting API's plain-view form, UIKit's convert(_:to:)).
            "convert": Call(parameters: [.rect, .view], result: .rect) { "\($0).convert(\($1[0]), to: \($1[1]))" },
            "removeFromSuperview": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).removeFromSuperview()" },
            "bringSubviewToFront": Call(parameters: [.view], result: .void) { "\($0).bringSubviewToFront(\($1[0]))" },
            "sendSubviewToBack": Call(parameters: [.view], result: .void) { "\($0).sendSubviewToBack(\($1[0]))" },
            "layoutIfNeeded": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).layoutIfNeeded()" },
            // The height a view's content needs at a width (the scripting API answers a required width and a free height).
            "systemLayoutSizeFitting": Call(parameters: [.size, .choice("UILayoutPriority"), .choice("UILayoutPriority")], result: .size) {
                "\($0).systemLayoutSizeFitting(\($1[0]), withHorizontalFittingPriority: \($1[1]), verticalFittingPriority: \($1[2]))"
            },
            "snapshotView": Call(parameters: [.bool], result: .optional(.view)) { "\($0).snapshotView(afterScreenUpdates: \($1[0]))" },
            // The Lua API's positional form without cap insets: UIKit's with none.
            "resizableSnapshotView": Call(parameters: [.rect, .bool], result: .optional(.view)) {
                "\($0).resizableSnapshotView(from: \($1[0]), afterScreenUpdates: \($1[1]), withCapInsets: .zero)"
            },
        ],
        .layer: [
            "addSublayer": Call(parameters: [.layer], result: .void) { "\($0).addSublayer(\($1[0]))" },
            "add": Call(parameters: [.basicAnimation, .string], result: .void) { "\($0).add(\($1[0]), forKey: \($1[1]))" },
            "removeAnimation": Call(parameters: [.string], result: .void) { "\($0).removeAnimation(forKey: \($1[0]))" },
            "removeAllAnimations": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).removeAllAnimations()" },
        ],
        .bezierPath: [
            "move": Call(parameters: [.point], result: .void) { "\($0).move(to: \($1[0]))" },
            "addLine": Call(parameters: [.point], result: .void) { "\($0).addLine(to: \($1[0]))" },
            "addQuadCurve": Call(parameters: [.point, .point], result: .void) { "\($0).addQuadCurve(to: \($1[0]), controlPoint: \($1[1]))" },
            "addCurve": Call(parameters: [.point, .point, .point], result: .void) {
                "\($0).addCurve(to: \($1[0]), controlPoint1: \($1[1]), controlPoint2: \($1[2]))"
            },
            "addArc": Call(parameters: [.point, .number, .number, .number, .bool], result: .void) {
                "\($0).addArc(withCenter: \($1[0]), radius: \($1[1]), startAngle: \($1[2]), endAngle: \($1[3]), clockwise: \($1[4]))"
            },
            "close": Call(parameters: [], result: .void) { receiver, _ in "\(receiver).close()" },
        ],
        .color: [
            "withAlphaComponent": Call(parameters: [.number], result: .color) { "\($0).withAlphaComponent(\($1[0]))" },
        ],
        .rect: [
            "offsetBy": Call(parameters: [.number, .number], result: .rect) { "\($0).offsetBy(dx: \($1[0]), dy: \($1[1]))" },
            // Foundation's CGRect: disjoint rects meet in the null rect, which is empty, as Core Graphics' do.
            "intersection": Call(parameters: [.rect], result: .rect) { "\($0).intersection(\($1[0]))" },
            "insetBy": Call(parameters: [.number, .number], result: .rect) { "\($0).insetBy(dx: \($1[0]), dy: \($1[1]))" },
        ],
    ]

    /// Global values (`CATransform3DIdentity`, `UIColor.black`, `math.pi`).
    static let values: [String: (swift: String, type: SwiftType)] = [
        "CATransform3DIdentity": ("CATransform3DIdentity", .transform3D),
        "CGAffineTransformIdentity": ("CGAffineTransform.identity", .affineTransform),
        "CGAffineTransform.identity": ("CGAffineTransform.identity", .affineTransform),
        "CGRectZero": ("CGRect.zero", .rect),
        "CGPointZero": ("CGPoint.zero", .point),
        "CGSizeZero": ("CGSize.zero", .size),
        "UIColor.black": ("UIColor.black", .color),
        "UIColor.white": ("UIColor.white", .color),
        "UIColor.clear": ("UIColor.clear", .color),
        // UIKit's pure primaries, as the scripting API's are (1, 0, 0) and so on.
        "UIColor.red": ("UIColor.red", .color),
        "UIColor.green": ("UIColor.green", .color),
        "UIColor.blue": ("UIColor.blue", .color),
        // UIKit's dynamic colours: resolved by the app's trait collection, as the scripting API resolves them by --appearance.
        "UIColor.systemBackground": ("UIColor.systemBackground", .color),
        "UIColor.secondarySystemBackground": ("UIColor.secondarySystemBackground", .color),
        "UIColor.tertiarySystemBackground": ("UIColor.tertiarySystemBackground", .color),
        "UIColor.systemGroupedBackground": ("UIColor.systemGroupedBackground", .color),
        "UIColor.secondarySystemGroupedBackground": ("UIColor.secondarySystemGroupedBackground", .color),
        "UIColor.label": ("UIColor.label", .color),
        "UIColor.secondaryLabel": ("UIColor.secondaryLabel", .color),
        "UIColor.tertiaryLabel": ("UIColor.tertiaryLabel", .color),
        "UIColor.separator": ("UIColor.separator", .color),
        "UIColor.systemBlue": ("UIColor.systemBlue", .color),
        "UIColor.systemRed": ("UIColor.systemRed", .color),
        "UIColor.systemGray": ("UIColor.systemGray", .color),
        "UIAccessibility.isReduceMotionEnabled": ("UIAccessibility.isReduceMotionEnabled", .bool),
        "math.pi": ("CGFloat.pi", .number),
        "CAMediaTimingFunction.linear": ("CAMediaTimingFunction(name: .linear)", .timingFunction),
        "CAMediaTimingFunction.easeIn": ("CAMediaTimingFunction(name: .easeIn)", .timingFunction),
        "CAMediaTimingFunction.easeOut": ("CAMediaTimingFunction(name: .easeOut)", .timingFunction),
        "CAMediaTimingFunction.easeInEaseOut": ("CAMediaTimingFunction(name: .easeInEaseOut)", .timingFunction),
        "CAMediaTimingFunction.default": ("CAMediaTimingFunction(name: .default)", .timingFunction),
        "math.huge": ("CGFloat.infinity", .number),
        "UIView.layoutFittingCompressedSize": ("UIView.layoutFittingCompressedSize", .size),
        "UILayoutPriority.required": ("UILayoutPriority.required", .choice("UILayoutPriority")),
        "UILayoutPriority.fittingSizeLevel": ("UILayoutPriority.fittingSizeLevel", .choice("UILayoutPriority")),
    ]

    /// Global functions with positional arguments.
    static let functions: [String: Call] = [
        // A priority by its number (UILayoutPriority's own initializer takes a Float).
        "UILayoutPriority": Call(parameters: [.number], result: .choice("UILayoutPriority")) { "UILayoutPriority(Float(\($1[0])))" },
        "CGRect": Call(parameters: [.number, .number, .number, .number], result: .rect) {
            "CGRect(x: \($1[0]), y: \($1[1]), width: \($1[2]), height: \($1[3]))"
        },
        "CGPoint": Call(parameters: [.number, .number], result: .point) { "CGPoint(x: \($1[0]), y: \($1[1]))" },
        // Core Graphics' C functions as Swift spells them since Swift 3: methods and properties of CGRect.
        "CGRectOffset": Call(parameters: [.rect, .number, .number], result: .rect) { "\(receiver($1[0])).offsetBy(dx: \($1[1]), dy: \($1[2]))" },
        "CGRectInset": Call(parameters: [.rect, .number, .number], result: .rect) { "\(receiver($1[0])).insetBy(dx: \($1[1]), dy: \($1[2]))" },
        "CGSize": Call(parameters: [.number, .number], result: .size) { "CGSize(width: \($1[0]), height: \($1[1]))" },
        "UIColor": Call(parameters: [.number, .number, .number, .number], result: .color) {
            "UIColor(red: \($1[0]), green: \($1[1]), blue: \($1[2]), alpha: \($1[3]))"
        },
        "CATransform3DMakeTranslation": transform3D("CATransform3DMakeTranslation", [.number, .number, .number]),
        "CATransform3DMakeScale": transform3D("CATransform3DMakeScale", [.number, .number, .number]),
        "CATransform3DMakeRotation": transform3D("CATransform3DMakeRotation", [.number, .number, .number, .number]),
        "CATransform3DTranslate": transform3D("CATransform3DTranslate", [.transform3D, .number, .number, .number]),
        "CATransform3DScale": transform3D("CATransform3DScale", [.transform3D, .number, .number, .number]),
        "CATransform3DRotate": transform3D("CATransform3DRotate", [.transform3D, .number, .number, .number, .number]),
        "CATransform3DConcat": transform3D("CATransform3DConcat", [.transform3D, .transform3D]),
        "CGAffineTransformMakeTranslation": Call(parameters: [.number, .number], result: .affineTransform) {
            "CGAffineTransform(translationX: \($1[0]), y: \($1[1]))"
        },
        "CGAffineTransformMakeScale": Call(parameters: [.number, .number], result: .affineTransform) {
            "CGAffineTransform(scaleX: \($1[0]), y: \($1[1]))"
        },
        "CGAffineTransformScale": Call(parameters: [.affineTransform, .number, .number], result: .affineTransform) {
            "\(receiver($1[0])).scaledBy(x: \($1[1]), y: \($1[2]))"
        },
        "CGAffineTransformTranslate": Call(parameters: [.affineTransform, .number, .number], result: .affineTransform) {
            "\(receiver($1[0])).translatedBy(x: \($1[1]), y: \($1[2]))"
        },
        "CGAffineTransformIsIdentity": Call(parameters: [.affineTransform], result: .bool) { "\($1[0]).isIdentity" },
        "CGAffineTransformMakeRotation": Call(parameters: [.number], result: .affineTransform) { "CGAffineTransform(rotationAngle: \($1[0]))" },
        // Core Animation's control points are Floats: a literal is one as written.
        "CAMediaTimingFunction": Call(parameters: [.number, .number, .number, .number], result: .timingFunction) {
            "CAMediaTimingFunction(controlPoints: \($1[0]), \($1[1]), \($1[2]), \($1[3]))"
        },
        "math.min": Call(parameters: [.number, .number], result: .number) { "min(\($1[0]), \($1[1]))" },
        "math.max": Call(parameters: [.number, .number], result: .number) { "max(\($1[0]), \($1[1]))" },
        "math.abs": Call(parameters: [.number], result: .number) { "abs(\($1[0]))" },
        "math.sqrt": Call(parameters: [.number], result: .number) { "(\($1[0])).squareRoot()" },
        // Lua's floor gives an integer when the value fits one: the same number as a Double's floor, and the translator
        // keeps it an integer of unknown size (Translator.call), so that arithmetic Lua would do exactly is refused.
        "math.floor": Call(parameters: [.number], result: .number) { "(\($1[0])).rounded(.down)" },
        "math.sin": Call(parameters: [.number], result: .number) { "sin(\($1[0]))" },
        "math.atan": Call(parameters: [.number], result: .number) { "atan(\($1[0]))" },
        "math.cos": Call(parameters: [.number], result: .number) { "cos(\($1[0]))" },
        "math.exp": Call(parameters: [.number], result: .number) { "exp(\($1[0]))" },
    ]

    /// An argument as the receiver of a method: a name or a chain of members as it is, anything else in parentheses.
    static func receiver(_ text: String) -> String {
        func plain(_ part: Substring) -> Bool {
            part.unicodeScalars.allSatisfy { $0 == "_" || $0 == "." || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
                && !(part.first?.isNumber ?? true)
        }
        if plain(text[...]) { return text }
        // A call of a plain name (`CGAffineTransform(rotationAngle: a)`) whose first parenthesis closes at the end binds as
        // tightly as a name; string literals are never among its arguments here, so counting parentheses is enough.
        if let open = text.firstIndex(of: "("), text.last == ")", plain(text[..<open]), !text.contains("\"") {
            var depth = 0
            for (offset, character) in text[open...].enumerated() {
                if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                if depth == 0 { return offset == text[open...].count - 1 ? text : "(\(text))" }
            }
        }
        return "(\(text))"
    }

    private static func transform3D(_ name: String, _ parameters: [SwiftType]) -> Call {
        Call(parameters: parameters, result: .transform3D) { "\(name)(\($1.joined(separator: ", ")))" }
    }

    /// `UIView.animateKeyframes`'s option names, as UIView.KeyframeAnimationOptions members (a curve is not one).
    static let keyframeOptions: Set<String> = ["calculationModeLinear", "calculationModeDiscrete", "calculationModePaced",
                                               "calculationModeCubic", "calculationModeCubicPaced", "beginFromCurrentState", "repeat",
                                               "autoreverse"]

    /// `UIView.animate`'s option names, as UIView.AnimationOptions members.
    static let animationOptions: Set<String> = ["curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "beginFromCurrentState",
                                                "repeat", "autoreverse", "transitionCurlUp", "transitionCurlDown",
                                                "transitionCrossDissolve"]
}


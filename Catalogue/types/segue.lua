---@meta
-- Segue's scripting API for Lua language servers (LuaLS, EmmyLua): completion
-- and hover for catalogue entries. Editors find it through ../.luarc.json; to
-- use it elsewhere, add this folder to "workspace.library".
--
-- Names follow UIKit, Core Graphics and Core Animation. Values (CGRect,
-- CATransform3D, UIColor …) are plain tables; views, view controllers and
-- the transition context are handles owned by the host.

---@class CGPoint
---@field x number
---@field y number
---@field offsetBy fun(self: CGPoint, dx: number, dy: number): CGPoint

---@class CGSize
---@field width number
---@field height number

---@class CGRect
---@field origin CGPoint
---@field size CGSize
---@field x number
---@field y number
---@field width number
---@field height number
---@field minX number
---@field midX number
---@field maxX number
---@field minY number
---@field midY number
---@field maxY number
---@field isEmpty boolean
---@field offsetBy fun(self: CGRect, dx: number, dy: number): CGRect
---@field insetBy fun(self: CGRect, dx: number, dy: number): CGRect
---@field intersection fun(self: CGRect, other: CGRect): CGRect
---@field union fun(self: CGRect, other: CGRect): CGRect
---@field contains fun(self: CGRect, pointOrRect: CGPoint|CGRect): boolean
---@field intersects fun(self: CGRect, other: CGRect): boolean
---@field standardized fun(self: CGRect): CGRect

---@class CGAffineTransform
---@field a number
---@field b number
---@field c number
---@field d number
---@field tx number
---@field ty number
---@field translatedBy fun(self: CGAffineTransform, x: number, y: number): CGAffineTransform
---@field scaledBy fun(self: CGAffineTransform, x: number, y: number): CGAffineTransform
---@field rotated fun(self: CGAffineTransform, angle: number): CGAffineTransform
---@field concatenating fun(self: CGAffineTransform, other: CGAffineTransform): CGAffineTransform
---@field inverted fun(self: CGAffineTransform): CGAffineTransform

---@class CATransform3D Row vectors, translation in m41…m43; set m34 = -1/d on the identity for perspective.
---@field m11 number
---@field m12 number
---@field m13 number
---@field m14 number
---@field m21 number
---@field m22 number
---@field m23 number
---@field m24 number
---@field m31 number
---@field m32 number
---@field m33 number
---@field m34 number
---@field m41 number
---@field m42 number
---@field m43 number
---@field m44 number

---@class UIColor
---@field red number
---@field green number
---@field blue number
---@field alpha number
---@field withAlphaComponent fun(self: UIColor, alpha: number): UIColor
---@field cgColor UIColor The same colour (for layer.shadowColor = UIColor.black.cgColor).

---@class CALayer
---@field transform CATransform3D
---@field anchorPoint CGPoint
---@field position CGPoint
---@field bounds CGRect
---@field cornerRadius number
---@field zPosition number
---@field borderWidth number
---@field borderColor UIColor?
---@field isDoubleSided boolean
---@field opacity number
---@field masksToBounds boolean Also cuts the shadow away, as in Core Animation.
---@field maskedCorners ("layerMinXMinYCorner"|"layerMaxXMinYCorner"|"layerMinXMaxYCorner"|"layerMaxXMaxYCorner")[] The corners cornerRadius rounds (all four by default).
---@field shadowColor UIColor Black by default; `UIColor.black.cgColor` is the same colour.
---@field shadowOpacity number 0 (no shadow) by default, 0…1.
---@field shadowRadius number Blur: a Gaussian's deviation in points (3).
---@field shadowOffset CGSize (0, -3) by default: width across, height down.
---@field shadowPath UIBezierPath? The shape the shadow follows; nil: the layer's rounded bounds. Changes at once when set; a CABasicAnimation of "shadowPath" animates it.
---@field frame CGRect
---@field backgroundColor UIColor?
---@field isHidden boolean
---@field name string Shown in traces.
---@field sublayers CALayer[] Sublayers and subviews' layers, back to front (one list, as in Core Animation); read-only.
---@field superlayer CALayer?
---@field mask CALayer? A standalone layer whose alpha cuts this layer and its subtree; in no tree itself.
---@field sublayerTransform CATransform3D Applied to every sublayer about the anchor point (m34 for one shared perspective).
local CALayerInstance = {}
---@param layer CALayer A standalone layer (CALayer(), CAGradientLayer(), CAShapeLayer()).
function CALayerInstance:addSublayer(layer) end
---@param layer CALayer
---@param where integer|{at: integer}|{above: CALayer}|{below: CALayer} 0 is the bottom of the list.
function CALayerInstance:insertSublayer(layer, where) end
--- Standalone layers only (a view leaves with removeFromSuperview).
function CALayerInstance:removeFromSuperlayer() end
--- Runs a copy of the animation on this layer (Core Animation's add(_:forKey:)); the same key replaces the running one.
---@param animation CAAnimation
---@param key? string
function CALayerInstance:add(animation, key) end
---@param key string
function CALayerInstance:removeAnimation(key) end
function CALayerInstance:removeAllAnimations() end
---@return string[] The keys of the animations running now.
function CALayerInstance:animationKeys() end

---@class CAGradientLayer: CALayer
---@field colors UIColor[] At most 64; interpolated as sRGB components with alpha (white to clear turns grey, as in Core Animation). Animates between lists of one length.
---@field locations number[]? nil: evenly spaced; else one per colour, never decreasing. Animates.
---@field startPoint CGPoint Unit coordinates of the bounds; (0.5, 0) by default. Animates.
---@field endPoint CGPoint (0.5, 1) by default. Animates.
---@field type "axial"|"radial"|"conic"

---@class CAShapeLayer: CALayer
---@field path UIBezierPath? In the layer's coordinates; may reach past the bounds. Changes at once when set (no CGPath property animates implicitly); a CABasicAnimation of "path" moves it between paths of one kind (rect, roundedRect, ovalIn), or built paths with the same elements in the same order.
---@field fillColor UIColor? Opaque black by default; nil fills nothing (set it after the constructor: a nil field in a table is no field). Animates.
---@field strokeColor UIColor? nil (no stroke) by default. Animates.
---@field lineWidth number 1 by default, centred on the outline; a rectangle's corners mitred. Animates.
---@field strokeStart number 0 by default: the part of the outline stroked starts here (a fraction of its length from where the path starts). Animates.
---@field strokeEnd number 1 by default: and ends here (0.5 of an oval: from 3 o'clock clockwise to 9). Animates.

---@alias CALayerProperties {frame?: CGRect, bounds?: CGRect, position?: CGPoint, anchorPoint?: CGPoint, transform?: CATransform3D, opacity?: number, backgroundColor?: UIColor, cornerRadius?: number, masksToBounds?: boolean, isHidden?: boolean, zPosition?: number, name?: string, sublayerTransform?: CATransform3D}

--- CALayer() or CALayer{frame = r, backgroundColor = c, …}: a standalone layer, implicitly animated (see CATransaction).
---@param properties? CALayerProperties
---@return CALayer
function CALayer(properties) end
--- CAGradientLayer() or CAGradientLayer{frame = r, colors = {…}, locations = {…}, startPoint =, endPoint =, type =}.
---@param properties? CALayerProperties|{colors?: UIColor[], locations?: number[], startPoint?: CGPoint, endPoint?: CGPoint, type?: string}
---@return CAGradientLayer
function CAGradientLayer(properties) end
--- CAShapeLayer() or CAShapeLayer{frame = r, path = UIBezierPath{ovalIn = r}, fillColor =, strokeColor =, lineWidth =, strokeStart =, strokeEnd =}.
---@param properties? CALayerProperties|{path?: UIBezierPath, fillColor?: UIColor, strokeColor?: UIColor, lineWidth?: number, strokeStart?: number, strokeEnd?: number}
---@return CAShapeLayer
function CAShapeLayer(properties) end

--- Core Animation's transactions: the settings of standalone layers' implicit animations (0.25 s on
--- CAMediaTimingFunction.default unless set, even inside UIView.animate), and a block run when every
--- animation added while the transaction was open has ended.
---@class CATransactionStatics
---@field begin fun()
---@field commit fun()
---@field setAnimationDuration fun(seconds: number)
---@field animationDuration fun(): number
---@field setAnimationTimingFunction fun(timing: CAMediaTimingFunction?)
---@field setDisableActions fun(disabled: boolean) true: changes to standalone layers are immediate.
---@field disableActions fun(): boolean
---@field setCompletionBlock fun(block: fun()?)
CATransaction = {}

---@class UIView
---@field convert fun(self: UIView, rectOrPoint: CGRect|CGPoint, other: UIView|{to: UIView}|{from: UIView}): CGRect|CGPoint UIKit's convert(_:to:) / convert(_:from:).
---@field safeAreaInsets UIEdgeInsets The device's safe area where it overlaps this view, read-only.
---@field frame CGRect
---@field bounds CGRect
---@field center CGPoint
---@field alpha number
---@field backgroundColor UIColor?
---@field transform CGAffineTransform
---@field isHidden boolean
---@field clipsToBounds boolean
---@field layer CALayer
---@field superview UIView?
---@field subviews UIView[]
---@field name string Shown in traces.
---@field isScrollView boolean Whether it is a scroll view (UIScrollView.new makes one).
---@field contentOffset CGPoint A scroll view's offset (its bounds' origin).
---@field curl number Segue: how far a page curl has turned, 0 flat to 1 gone.
---@field isUserInteractionEnabled boolean False: taps pass it and its subviews by, as hit-testing does.
---@field gestureRecognizers UITapGestureRecognizer[] Its tap recognizers, in the order they were added (read-only).
---@field window UIView? The window it is in, through its superviews (read-only).
---@field autoresizingMask ("flexibleLeftMargin"|"flexibleWidth"|"flexibleRightMargin"|"flexibleTopMargin"|"flexibleHeight"|"flexibleBottomMargin")[] How it resizes when its superview's bounds change size (UIKit's flags; the change shared among the flexible parts).
local UIViewInstance = {}
--- The size its content needs: at a required width with a free height, a `screen = "dialog"` root view's height (Segue models no Auto Layout: anything else is an error).
---@param targetSize CGSize
---@param horizontalFittingPriority number UILayoutPriority.required
---@param verticalFittingPriority number UILayoutPriority.fittingSizeLevel
---@return CGSize
function UIViewInstance:systemLayoutSizeFitting(targetSize, horizontalFittingPriority, verticalFittingPriority) end
---@param view UIView
function UIViewInstance:addSubview(view) end
---@param view UIView
---@param where integer|{at: integer}|{aboveSubview: UIView}|{belowSubview: UIView}
function UIViewInstance:insertSubview(view, where) end
function UIViewInstance:removeFromSuperview() end
---@param view UIView
function UIViewInstance:bringSubviewToFront(view) end
---@param view UIView
function UIViewInstance:sendSubviewToBack(view) end
---@param afterScreenUpdates boolean
---@return UIView
function UIViewInstance:snapshotView(afterScreenUpdates) end
--- A snapshot of part of the view's bounds, that size; when resized, the cap insets keep their size and the rest stretches (a resizable image's nine parts).
---@param rect CGRect|{from: CGRect, afterScreenUpdates?: boolean, withCapInsets?: {top?: number, left?: number, bottom?: number, right?: number}}
---@param afterScreenUpdates? boolean
---@param capInsets? {top?: number, left?: number, bottom?: number, right?: number}
---@return UIView
function UIViewInstance:resizableSnapshotView(rect, afterScreenUpdates, capInsets) end
function UIViewInstance:layoutIfNeeded() end
---@param view UIView
---@return boolean
function UIViewInstance:isDescendant(view) end
--- UIKit's convert(_:to:) (a view, {to = view}) or convert(_:from:) ({from = view}); no view: the window.
--- Through every frame, bounds origin and transform, by the values code set; a turned rect's box.
---@generic T: CGRect|CGPoint
---@param value T
---@param other? UIView|{to: UIView}|{from: UIView}
---@return T
function UIViewInstance:convert(value, other) end
--- Attaches a tap recognizer (one on another view moves here, as in UIKit).
---@param recognizer UITapGestureRecognizer
function UIViewInstance:addGestureRecognizer(recognizer) end
---@param recognizer UITapGestureRecognizer
function UIViewInstance:removeGestureRecognizer(recognizer) end

---@class UIViewController
---@field view UIView
---@field name string
---@field modalPresentationStyle string
---@field preferredContentSize CGSize
---@field presentingViewController UIViewController?
---@field presentedViewController UIViewController?
---@field transitionCoordinator TransitionCoordinator?
---@field presentationController PresentationControllerSelf? The entry's own presentation controller while it manages this screen (its self, with the fields the entry keeps on it); nil under UIKit's own.
---@field modalPresentationCapturesStatusBarAppearance boolean Presented other than full screen, it takes the status bar (settable).
---@field preferredStatusBarStyle "default"|"lightContent"|"darkContent" What it asks of the status bar (the entry's statusBarStyle for its presented screen), read-only.
---@field prefersStatusBarHidden boolean The same for hiding it (the entry's prefersStatusBarHidden), read-only.
local UIViewControllerInstance = {}
--- The status bar asks its controller in charge again; inside UIView.animate the change animates with the block.
function UIViewControllerInstance:setNeedsStatusBarAppearanceUpdate() end
--- Dismisses it (the presented controller on top); refused while a transition runs, as in UIKit.
---@param animated? boolean
function UIViewControllerInstance:dismiss(animated) end
--- UIKit's appearance callbacks by hand (viewWillAppear or viewWillDisappear), as a custom presentation that keeps
--- the presenter's view makes them for the presenter: UIKit tells it nothing. End each one
--- (unbalanced-appearance-calls).
---@param isAppearing boolean
---@param animated? boolean true when left out
function UIViewControllerInstance:beginAppearanceTransition(isAppearing, animated) end
--- viewDidAppear or viewDidDisappear: ends what beginAppearanceTransition began.
function UIViewControllerInstance:endAppearanceTransition() end
--- iOS 15's setContentScrollView(_:): the scroll view of its content, for the top and bottom edges; with an edge,
--- setContentScrollView(_:for:) for that one (nil clears them).
---@param scrollView UIScrollView?
---@param edge? "top"|"bottom"
function UIViewControllerInstance:setContentScrollView(scrollView, edge) end
--- The scroll view set for that edge, or nil (UIKit may find one by itself; Segue answers only what was set).
---@param edge "top"|"bottom"
---@return UIScrollView?
function UIViewControllerInstance:contentScrollView(edge) end

---@alias TransitionKey "from"|"to"

---@class TransitionContext UIViewControllerContextTransitioning
---@field containerView UIView
---@field isAnimated boolean
---@field isInteractive boolean
---@field isPresenting boolean Presenting or pushing (UIKit's context has none: the flag apps give their animators).
---@field operation "present"|"dismiss"|"push"|"pop"
---@field presentationStyle string "none" in a push or pop.
---@field sourceView UIView? The tapped row of the presenting screen's list (--source-row N); nil once it left every screen.
local TransitionContext = {}
--- Nil for the presenter's view when the presentation keeps it in the window
--- (custom and over-full-screen styles): "from" while presenting, "to" while dismissing.
---@param key TransitionKey
---@return UIView?
function TransitionContext:viewForKey(key) end
---@param key TransitionKey
---@return UIViewController
function TransitionContext:viewControllerForKey(key) end
---@param vc UIViewController
---@return CGRect
function TransitionContext:initialFrame(vc) end
---@param vc UIViewController
---@return CGRect
function TransitionContext:finalFrame(vc) end
--- Call exactly once when the transition ends or is cancelled; UIKit freezes otherwise.
---@param didComplete boolean
function TransitionContext:completeTransition(didComplete) end
---@return boolean
function TransitionContext:transitionWasCancelled() end
---@param percent number
function TransitionContext:updateInteractiveTransition(percent) end
function TransitionContext:finishInteractiveTransition() end
function TransitionContext:cancelInteractiveTransition() end

---@class TransitionCoordinator
---@field transitionDuration number
---@field isInteractive boolean
---@field isCancelled boolean
local TransitionCoordinator = {}
---@param animation fun()?
---@param completion fun()?
function TransitionCoordinator:animateAlongsideTransition(animation, completion) end

---@class PresentationControllerSelf A table of your own; it also answers UIKit's properties.
---@field containerView UIView
---@field presentedView UIView
---@field presentedViewController UIViewController
---@field presentingViewController UIViewController
---@field transitionCoordinator TransitionCoordinator?
---@field frameOfPresentedViewInContainerView CGRect
---@field presentationStyle string
---@field shouldPresentInFullscreen boolean
---@field shouldRemovePresentersView boolean
---@field [string] any

---@class Animator
---@field transitionDuration fun(ctx: TransitionContext): number
---@field animateTransition fun(ctx: TransitionContext)
---@field animationEnded? fun(completed: boolean)
---@field interruptibleAnimator? fun(ctx: TransitionContext): UIViewPropertyAnimator The same animator for the whole transition: an interactive one pauses, scrubs and continues it.

---@class PresentationControllerHooks
---@field frameOfPresentedViewInContainerView? fun(self: PresentationControllerSelf): CGRect
---@field presentedView? fun(self: PresentationControllerSelf): UIView
---@field shouldRemovePresentersView? boolean|fun(self: PresentationControllerSelf): boolean
---@field shouldPresentInFullscreen? boolean|fun(self: PresentationControllerSelf): boolean False: cover only the presenting controller's view.
---@field adaptivePresentationStyle? fun(self: PresentationControllerSelf, traitCollection: UITraitCollection): "fullScreen"|"overFullScreen"|"none" Asked in compact width.
---@field presentationTransitionWillBegin? fun(self: PresentationControllerSelf)
---@field presentationTransitionDidEnd? fun(self: PresentationControllerSelf, completed: boolean)
---@field dismissalTransitionWillBegin? fun(self: PresentationControllerSelf)
---@field dismissalTransitionDidEnd? fun(self: PresentationControllerSelf, completed: boolean)
---@field containerViewWillLayoutSubviews? fun(self: PresentationControllerSelf)
---@field containerViewDidLayoutSubviews? fun(self: PresentationControllerSelf)
---@field viewWillTransition? fun(self: PresentationControllerSelf, size: CGSize, coordinator: TransitionCoordinator)
---@field keyboardWillChangeFrame? fun(self: PresentationControllerSelf, frame: CGRect, duration: number)

---@class PresentedControllerHooks The presented view controller's own overrides, what the app's UIViewController subclass writes (not exported yet).
---@field viewWillTransition? fun(controller: UIViewController, size: CGSize, coordinator: TransitionCoordinator) Before a rotation, forwarded by the presentation controller.
---@field viewWillLayoutSubviews? fun(controller: UIViewController) At each layout pass that finds its view's size changed: once its view is in, after a rotation or resize.

---@class UITraitCollection Read-only.
---@field horizontalSizeClass "compact"|"regular"
---@field verticalSizeClass "compact"|"regular"

---@class AdaptingPresentationController The presentation controller a delegate is asked about; read-only.
---@field presentationStyle string
---@field presentedViewController UIViewController
---@field presentingViewController UIViewController

---@class AdaptivePresentationControllerDelegate UIAdaptivePresentationControllerDelegate.
---@field adaptivePresentationStyle? fun(controller: AdaptingPresentationController, traitCollection: UITraitCollection): "fullScreen"|"overFullScreen"|"none" Asked in compact width; serves UIKit's own styles too.

---@class ParameterDeclaration
---@field type "number"|"integer"|"boolean"|"string"
---@field default any
---@field min? number
---@field max? number
---@field choices? string[]
---@field description? string

---@class UIEdgeInsets A view's safe area (read-only): the points each edge is inset by.
---@field top number
---@field left number
---@field bottom number
---@field right number

---@class GestureRecognizer The recognizer at one touch event.
---@field translation CGPoint Since the gesture began, in the container's points.
---@field location CGPoint The (first) finger.
---@field velocity CGPoint|number Points a second; a pinch's is its scale a second.
---@field scale number The fingers' distance over their distance at the start (1 for a pan).
---@field state "began"|"changed"|"ended"|"cancelled"
---@field numberOfTouches integer
---@field kind "pan"|"screenEdgePan"|"pinch"
---@field containerSize CGSize The container's size (the window's).
---@field view UIView? The view the recognizer is on: the presented screen's (a dismissal, a drag of the presented screen), the presenting screen's (a presentation), the navigation controller's (a pop); nil once that view is gone.

---@class InteractionDeclaration
---@field gesture? "pan"|"screenEdgePan"|"pinch" The recognizer (pan).
---@field direction? "down"|"up"|"left"|"right"|"vertical"|"horizontal"|"in"|"out"|fun(): string A pan's direction or axis; a pinch's in (closing) or out; a function to follow a parameter.
---@field edge? "left"|"right"|"top"|"bottom"|fun(): string A screen-edge pan's edge, where the finger starts.
---@field distance? number|fun(containerSize: CGSize): number Points of drag (or change of scale) for the whole transition.
---@field shouldBegin? fun(g: GestureRecognizer, containerSize: CGSize): boolean The delegate's gestureRecognizerShouldBegin, asked once as the finger first moves: false and nothing begins.
---@field progress? fun(g: GestureRecognizer, containerSize: CGSize): number The percent at each touch event.
---@field shouldFinish? fun(g: GestureRecognizer, percent: number): boolean At release: finish or cancel.
---@field completionSpeed? number|fun(g: GestureRecognizer, percent: number, finishing: boolean): number
---@field completionCurve? "linear"|"easeIn"|"easeOut"|"easeInOut"|CAMediaTimingFunction|fun(g: GestureRecognizer, percent: number, finishing: boolean): any
---@field finishThreshold? number Letting go past this fraction finishes (0.5).
---@field velocityThreshold? number|false A flick faster than this along the gesture finishes, as fast back cancels (1000 points, or 1 scale, a second); false: speed never decides.
---@field finishesWhileDragging? fun(g: GestureRecognizer, percent: number): boolean Asked at each move: true finishes at once, the finger still down.
---@field shouldRecognizeSimultaneously? boolean|fun(g: GestureRecognizer, other: {view: UIScrollView, kind: string}): boolean The delegate's shouldRecognizeSimultaneouslyWith, asked of the pan of a scroll view the drag lands in: true and both follow the finger.
---@field requireToFail? "scrollView" The recognizer waits for the pan of a scroll view the drag lands in to fail (it fails only when the content cannot scroll).
---@field requiredToFailBy? "scrollView" The pan of a scroll view the drag lands in waits for this recognizer to fail: shouldBegin decides who has the drag.
---@field controller? OwnInteractionController An interaction controller of your own instead of UIKit's percent-driven one (then none of progress, shouldFinish, finishesWhileDragging, completionSpeed, completionCurve, finishThreshold, velocityThreshold).

---@class OwnInteractionController A UIViewControllerInteractiveTransitioning of your own: it drives the transition through ctx (update, then finish or cancel, then completeTransition). `self` is a table of yours, new for each transition.
---@field startInteractiveTransition fun(self: table, ctx: TransitionContext) Called instead of the animator's animateTransition, as the gesture begins.
---@field changed? fun(self: table, g: GestureRecognizer) The recognizer's action at each move (the first with g.state "began").
---@field ended? fun(self: table, g: GestureRecognizer) The fingers lifted (g.state "ended") or the system took the gesture away ("cancelled").

---@class PresentedDrag A drag on the presented screen that moves views itself (a sheet between its heights).
---@field gesture? "pan"|"screenEdgePan"|"pinch"
---@field direction? string|fun(): string
---@field edge? string|fun(): string
---@field began? fun(g: GestureRecognizer, controller: UIViewController)
---@field changed? fun(g: GestureRecognizer, controller: UIViewController)
---@field ended? fun(g: GestureRecognizer, controller: UIViewController) Animate back to the view's frame, or controller:dismiss(true).
---@field shouldRecognizeSimultaneously? boolean|fun(g: GestureRecognizer, other: {view: UIScrollView, kind: string}): boolean As a transition's interaction's: both follow the finger over a scroll view.
---@field requireToFail? "scrollView"
---@field requiredToFailBy? "scrollView"

---@class Entry What an entry script returns.
---@field name? string Defaults to the file name.
---@field title string
---@field summary string
---@field tags? string[]
---@field author? string
---@field source? string The library, guideline or article it follows, and its figures.
---@field parameters? table<string, ParameterDeclaration>
---@field presentationStyle? "custom"|"fullScreen"|"overFullScreen"|"pageSheet"|"formSheet"|"currentContext"|"overCurrentContext"|"popover"
---@field screen? "page"|"menu"|"dialog"|"photo"|"clear"|"list" What the presented screen shows in previews (a detail page by default): pictures, or for "list" real views (a scroll view named items, the controller's content scroll view).
---@field picture? string A PNG file of the assets folder beside the entry that the presented screen shows in previews (a plain name: letters, digits, ".", "_", "-").
---@field statusBarStyle? "default"|"lightContent"|"darkContent" What the presented screen's controller asks of the status bar (its preferredStatusBarStyle).
---@field prefersStatusBarHidden? boolean Whether it asks to hide the status bar.
---@field preferredStatusBarUpdateAnimation? "none"|"fade"|"slide" How hiding or showing it animates (fade by default).
---@field modalPresentationCapturesStatusBarAppearance? boolean The presented screen's controller takes the status bar although not presented full screen (the app sets it before presenting).
---@field sourceView? "composeButton"|"editButton" The presenting screen's control the user tapped: ctx.sourceView is that control (a row when unsaid).
---@field transitionStyle? "coverVertical"|"crossDissolve"|"flipHorizontal"|"partialCurl"
---@field preferredContentSize? CGSize
---@field animator? Animator
---@field presentationAnimator? Animator
---@field dismissalAnimator? Animator
---@field presentationController? PresentationControllerHooks
---@field presentationControllerDelegate? AdaptivePresentationControllerDelegate
---@field presentedViewController? PresentedControllerHooks
---@field navigation? boolean True: the animator also runs for a navigation controller's push and pop.
---@field interaction? {dismissal?: InteractionDeclaration, presentation?: InteractionDeclaration, presented?: PresentedDrag, pop?: InteractionDeclaration}
---@field sheet? SheetConfiguration|fun(): SheetConfiguration UIKit's sheetPresentationController, for presentationStyle "pageSheet" or "formSheet" (a function to read params).
---@field isModalInPresentation? boolean The sheet cannot be dragged away (it rubber-bands instead).

---@class CustomDetent A detent of your own (iOS 16): exactly one of height and resolver.
---@field identifier string
---@field height? number Points above the bottom safe area.
---@field resolver? fun(context: {maximumDetentValue: number}): number|nil A height for the largest there may be; nil: not in use now.

---@class SheetConfiguration
---@field detents? ("medium"|"large"|CustomDetent)[] Smallest first; default {"large"}. At most 16.
---@field selectedDetentIdentifier? string Where it first rests; default the smallest.
---@field largestUndimmedDetentIdentifier? string No dimming at or below this detent; default nil: dimmed at every one.
---@field prefersGrabberVisible? boolean
---@field preferredCornerRadius? number Default 10.

---@class UIAccessibilityStatics Read-only.
---@field isReduceMotionEnabled boolean On in check's reduce-motion scenario and with --reduce-motion: offer a calmer transition (a cross-fade).
UIAccessibility = {}

--- The entry's parameters, checked against their declarations.
---@type table<string, any>
params = {}

---@class UIViewAnimateArguments
---@field duration number
---@field delay? number
---@field options? string[] "curveEaseInOut", "curveEaseIn", "curveEaseOut", "curveLinear", "beginFromCurrentState", "repeat", "autoreverse", "calculationMode…"
---@field timingFunction? CAMediaTimingFunction|string A custom curve instead of a curve… option (what CATransaction.setAnimationTimingFunction gives a UIView animation).
---@field usingSpringWithDamping? number
---@field initialSpringVelocity? number
---@field animations fun()
---@field completion? fun(finished: boolean)

---@class UIBezierPath A rectangle, rounded rectangle or oval, or a path built element by element (UIBezierPath() then move, addLine, addQuadCurve, addCurve, addArc, close), in the layer's own coordinates. At most 2,000 elements.
---@field cgPath UIBezierPath The same path.
---@field bounds CGRect Every point's box, control points included (CGPath's boundingBox).
---@field currentPoint CGPoint Where the next element starts (0, 0 before a move).
---@field isEmpty boolean Whether a built path has no elements yet.
local UIBezierPathInstance = {}
--- Starts a subpath at the point.
---@param to CGPoint
function UIBezierPathInstance:move(to) end
--- A straight line from the current point.
---@param to CGPoint
function UIBezierPathInstance:addLine(to) end
--- A quadratic curve from the current point.
---@param to CGPoint
---@param controlPoint CGPoint
function UIBezierPathInstance:addQuadCurve(to, controlPoint) end
--- A cubic curve from the current point.
---@param to CGPoint
---@param controlPoint1 CGPoint
---@param controlPoint2 CGPoint
function UIBezierPathInstance:addCurve(to, controlPoint1, controlPoint2) end
--- An arc (a line to its start from the current point, if any); clockwise on screen when clockwise; at most one turn.
---@param center CGPoint
---@param radius number
---@param startAngle number radians from the x axis
---@param endAngle number
---@param clockwise boolean
function UIBezierPathInstance:addArc(center, radius, startAngle, endAngle, clockwise) end
--- Closes the subpath with a line to its start.
function UIBezierPathInstance:close() end

--- UIBezierPath() (built with its methods), UIBezierPath(rect), UIBezierPath{rect = r}, UIBezierPath{roundedRect = r, cornerRadius = 12}, UIBezierPath{ovalIn = r}, UIBezierPath{arcCenter = c, radius = 40, startAngle = 0, endAngle = math.pi, clockwise = true}.
---@overload fun(): UIBezierPath
---@overload fun(rect: CGRect): UIBezierPath
---@overload fun(t: {rect?: CGRect, roundedRect?: CGRect, cornerRadius?: number, ovalIn?: CGRect, arcCenter?: CGPoint, radius?: number, startAngle?: number, endAngle?: number, clockwise?: boolean}): UIBezierPath
UIBezierPath = {}

---@class CAMediaTimingFunction A cubic Bézier from (0, 0) to (1, 1); read-only.
---@field controlPoints number[] c1x, c1y, c2x, c2y; each x within 0…1.

---@class CAMediaTimingFunctionStatics
---@field linear CAMediaTimingFunction
---@field easeIn CAMediaTimingFunction (0.42, 0, 1, 1)
---@field easeOut CAMediaTimingFunction (0, 0, 0.58, 1)
---@field easeInEaseOut CAMediaTimingFunction (0.42, 0, 0.58, 1)
---@field default CAMediaTimingFunction (0.25, 0.1, 0.25, 1)
---@overload fun(c1x: number, c1y: number, c2x: number, c2y: number): CAMediaTimingFunction
---@overload fun(name: "linear"|"easeIn"|"easeOut"|"easeInEaseOut"|"default"): CAMediaTimingFunction
CAMediaTimingFunction = {}

--- The same value as CAMediaTimingFunction, made from two CGPoints or a UIView.AnimationCurve's name.
---@overload fun(controlPoint1: CGPoint, controlPoint2: CGPoint): CAMediaTimingFunction
---@overload fun(curve: "linear"|"easeIn"|"easeOut"|"easeInOut"): CAMediaTimingFunction
UICubicTimingParameters = {}

---@class UIViewStatics
---@field layoutFittingCompressedSize CGSize The smallest size, (0, 0).
UIView = {}

--- UIKit's published priority levels, or a number from 1 to 1000.
---@class UILayoutPriorityStatics
---@field required number 1000
---@field defaultHigh number 750
---@field defaultLow number 250
---@field fittingSizeLevel number 50
---@overload fun(value: number): number
UILayoutPriority = {}
---@param arguments UIViewAnimateArguments|number
---@param animations? fun()
---@param completion? fun(finished: boolean)
function UIView.animate(arguments, animations, completion) end
---@param arguments UIViewAnimateArguments
function UIView.animateKeyframes(arguments) end
---@param start number|{relativeStartTime: number, relativeDuration: number, animations: fun()}
---@param duration? number
---@param animations? fun()
function UIView.addKeyframe(start, duration, animations) end
---@param properties? {frame?: CGRect, backgroundColor?: UIColor, alpha?: number, name?: string}
---@return UIView
function UIView.new(properties) end
--- UIView.transition(from:to:duration:options:completion:): `to` is put where `from` is and `from` taken out as a page
--- turns; the options name the page's way ("transitionCurlUp": the old page curls off the new; "transitionCurlDown":
--- the new page comes down over the old) and a curve.
---@param arguments {from: UIView, to: UIView, duration: number, options: string[], completion?: fun(finished: boolean)}
function UIView.transition(arguments) end

---@alias UIBlurEffectStyle "extraLight"|"light"|"dark"|"regular"|"prominent"|"systemUltraThinMaterial"|"systemThinMaterial"|"systemMaterial"|"systemThickMaterial"|"systemChromeMaterial"|"systemUltraThinMaterialLight"|"systemThinMaterialLight"|"systemMaterialLight"|"systemThickMaterialLight"|"systemChromeMaterialLight"|"systemUltraThinMaterialDark"|"systemThinMaterialDark"|"systemMaterialDark"|"systemThickMaterialDark"|"systemChromeMaterialDark"

---@class UIBlurEffect A blur style, read-only; UIBlurEffect("dark") == UIBlurEffect("dark").
---@field style UIBlurEffectStyle

--- UIBlurEffect("systemMaterial") or UIBlurEffect{style = "dark"}: UIKit's UIBlurEffect(style:). The styles that adapt
--- to the interface style take their light appearance. The figures are Apple's (light, extraLight, dark) or estimates.
---@param style UIBlurEffectStyle|{style: UIBlurEffectStyle}
---@return UIBlurEffect
function UIBlurEffect(style) end

---@class UIVisualEffectView: UIView A view (it moves, fades and clips as one) that blurs what lies behind it.
---@field effect UIBlurEffect? nil: none. Set inside an animation block, the blur comes in or goes out progressively.
---@field contentView UIView Its one subview, filling it: add content here (adding to the effect view itself is an error).

---@class UIScrollView: UIView A scroll view: its own pan moves its content when a drag lands in it and the content can scroll.
---@field contentOffset CGPoint How far its content is scrolled (its bounds' origin).
---@field contentSize CGSize Its content's size (zero until set: nothing to scroll).
---@field bounces boolean Rubber-bands past its ends (true); false holds the content at them.
---@field alwaysBounceVertical boolean Its pan begins for vertical drags even when the content fits (false).
---@field alwaysBounceHorizontal boolean The same across (false).

---@class UIScrollViewStatics
UIScrollView = {}
--- UIScrollView.new{frame = r, name =, backgroundColor =, alpha =}: UIKit's UIScrollView(frame:).
---@param properties? CGRect|{frame?: CGRect, name?: string, backgroundColor?: UIColor, alpha?: number}
---@return UIScrollView
function UIScrollView.new(properties) end

---@class UIVisualEffectViewStatics
UIVisualEffectView = {}
--- UIVisualEffectView.new{effect = UIBlurEffect("systemMaterial"), frame = r, name =, alpha =} or UIVisualEffectView.new(effect).
---@param properties? UIBlurEffect|{effect?: UIBlurEffect, frame?: CGRect, name?: string, alpha?: number}
---@return UIVisualEffectView
function UIVisualEffectView.new(properties) end

---@overload fun(x: number, y: number, width: number, height: number): CGRect
---@overload fun(t: {x?: number, y?: number, width?: number, height?: number}|{origin: CGPoint, size: CGSize}|CGRect): CGRect
CGRect = {}
---@overload fun(x: number, y: number): CGPoint
CGPoint = {}
---@overload fun(width: number, height: number): CGSize
CGSize = {}
---@class UIColorStatics
---@field black UIColor
---@field white UIColor
---@field red UIColor
---@field green UIColor
---@field blue UIColor
---@field clear UIColor Black with alpha 0.
---@field systemBackground UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field secondarySystemBackground UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field tertiarySystemBackground UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field systemGroupedBackground UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field secondarySystemGroupedBackground UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field label UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field secondaryLabel UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field tertiaryLabel UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field separator UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field systemBlue UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field systemRed UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@field systemGray UIColor UIKit's dynamic colour, in the run's appearance (--appearance light or dark).
---@overload fun(red: number, green: number, blue: number, alpha?: number): UIColor
---@overload fun(t: {red?: number, green?: number, blue?: number, white?: number, alpha?: number}): UIColor
UIColor = {}
---@class CGAffineTransformStatics
---@field identity CGAffineTransform
---@overload fun(t: {translationX: number, y: number}|{scaleX: number, y: number}|{rotationAngle: number}): CGAffineTransform
CGAffineTransform = {}

---@type CATransform3D
CATransform3DIdentity = {}
---@type CGAffineTransform
CGAffineTransformIdentity = {}
---@type CGRect
CGRectZero = {}
---@type CGPoint
CGPointZero = {}
---@type CGSize
CGSizeZero = {}

---@return CGRect
function CGRectMake(x, y, width, height) end
---@return CGPoint
function CGPointMake(x, y) end
---@return CGSize
function CGSizeMake(width, height) end
function CGRectGetMinX(r) end
function CGRectGetMidX(r) end
function CGRectGetMaxX(r) end
function CGRectGetMinY(r) end
function CGRectGetMidY(r) end
function CGRectGetMaxY(r) end
function CGRectGetWidth(r) end
function CGRectGetHeight(r) end
---@return CGRect
function CGRectOffset(r, dx, dy) end
---@return CGRect
function CGRectInset(r, dx, dy) end
---@return CGRect
function CGRectIntersection(a, b) end
---@return CGRect
function CGRectUnion(a, b) end
function CGRectContainsPoint(r, p) end
function CGRectContainsRect(r, other) end
function CGRectIntersectsRect(a, b) end
function CGRectEqualToRect(a, b) end

---@return CATransform3D
function CATransform3DMakeTranslation(tx, ty, tz) end
---@return CATransform3D
function CATransform3DMakeScale(sx, sy, sz) end
---@return CATransform3D
function CATransform3DMakeRotation(angle, x, y, z) end
--- Applies the translation first, in the layer's own space, then t.
---@return CATransform3D
function CATransform3DTranslate(t, tx, ty, tz) end
---@return CATransform3D
function CATransform3DScale(t, sx, sy, sz) end
---@return CATransform3D
function CATransform3DRotate(t, angle, x, y, z) end
--- a, then b.
---@return CATransform3D
function CATransform3DConcat(a, b) end
---@return CATransform3D
function CATransform3DInvert(t) end
---@return CATransform3D
function CATransform3DMakeAffineTransform(affine) end
---@return CGAffineTransform
function CATransform3DGetAffineTransform(t) end
---@return boolean
function CATransform3DIsIdentity(t) end
---@return boolean
function CATransform3DIsAffine(t) end
---@return boolean
function CATransform3DEqualToTransform(a, b) end
---@return CGAffineTransform
function CGAffineTransformMakeTranslation(tx, ty) end
---@return CGAffineTransform
function CGAffineTransformMakeScale(sx, sy) end
---@return CGAffineTransform
function CGAffineTransformMakeRotation(angle) end
---@return CGAffineTransform
function CGAffineTransformTranslate(t, tx, ty) end
---@return CGAffineTransform
function CGAffineTransformScale(t, sx, sy) end
---@return CGAffineTransform
function CGAffineTransformRotate(t, angle) end
---@return CGAffineTransform
function CGAffineTransformConcat(a, b) end
---@return CGAffineTransform
function CGAffineTransformInvert(t) end
---@return boolean
function CGAffineTransformIsIdentity(t) end
---@return CGPoint
function CGPointApplyAffineTransform(p, t) end

---@class UISpringTimingParameters A spring for a property animator.

---@param parameters {dampingRatio?: number, initialVelocity?: number, mass?: number, stiffness?: number, damping?: number}
---@return UISpringTimingParameters
function UISpringTimingParameters(parameters) end

---@class UIViewPropertyAnimator
---@field duration number
---@field fractionComplete number Settable while paused (scrubs linearly unless scrubsLinearly is false).
---@field isReversed boolean
---@field state "inactive"|"active"|"stopped"
---@field isRunning boolean
---@field scrubsLinearly boolean
---@field isInterruptible boolean
local UIViewPropertyAnimatorInstance = {}
---@param delay? number
function UIViewPropertyAnimatorInstance:startAnimation(delay) end
function UIViewPropertyAnimatorInstance:pauseAnimation() end
---@param withoutFinishing boolean
function UIViewPropertyAnimatorInstance:stopAnimation(withoutFinishing) end
---@param position "end"|"start"|"current"
function UIViewPropertyAnimatorInstance:finishAnimation(position) end
---@param timingParameters? UISpringTimingParameters|CAMediaTimingFunction|string
---@param durationFactor? number
function UIViewPropertyAnimatorInstance:continueAnimation(timingParameters, durationFactor) end
---@param animations fun()
---@param delayFactor? number
function UIViewPropertyAnimatorInstance:addAnimations(animations, delayFactor) end
---@param completion fun(position: "end"|"start"|"current")
function UIViewPropertyAnimatorInstance:addCompletion(completion) end

UIViewPropertyAnimator = {}
---@param arguments {duration: number, curve?: string|CAMediaTimingFunction, dampingRatio?: number, timingParameters?: UISpringTimingParameters|CAMediaTimingFunction, controlPoint1?: CGPoint, controlPoint2?: CGPoint, animations?: fun()}
---@return UIViewPropertyAnimator
function UIViewPropertyAnimator.new(arguments) end
---@param arguments {withDuration: number, delay?: number, options?: string[], animations: fun(), completion?: fun(position: string)}
---@return UIViewPropertyAnimator
function UIViewPropertyAnimator.runningPropertyAnimator(arguments) end

---@class UITapGestureRecognizer One tap of one finger on its view or a subview of it (hit-tested as UIKit does); its action runs when the finger lifts.
---@field view UIView? The view it is attached to.
---@field isEnabled boolean A disabled recognizer is passed over.
---@field state "possible"|"ended" "ended" (UIKit's .recognized) while its action runs.
local UITapGestureRecognizerInstance = {}
--- Where the tap landed, in the view's bounds space (nil: the window's points); UIKit's location(in:).
---@param view UIView?
---@return CGPoint
function UITapGestureRecognizerInstance:location(view) end

UITapGestureRecognizer = {}
--- UIKit's init(target:action:), the action given as the function itself.
---@param arguments {action: fun(g: UITapGestureRecognizer), isEnabled?: boolean}
---@return UITapGestureRecognizer
function UITapGestureRecognizer.new(arguments) end

---@class DispatchQueueMain The main queue, on the simulated clock.
local DispatchQueueMain = {}
--- Runs the function that many seconds from now (0 to 3600), after the animations that end by then: UIKit's
--- DispatchQueue.main.asyncAfter(deadline: .now() + seconds).
---@param seconds number
---@param work fun()
function DispatchQueueMain:asyncAfter(seconds, work) end
--- Runs the function at once, after what runs now: DispatchQueue.main.async.
---@param work fun()
function DispatchQueueMain:async(work) end

---@class DispatchQueueStatics
---@field main DispatchQueueMain
DispatchQueue = {}

---@class CADisplayLink Runs its function at every refresh of a 60 Hz display once added, until invalidated; a transition ends the ones it leaves running (with a warning).
---@field isPaused boolean A paused link skips refreshes.
---@field timestamp number The refresh it runs for, in seconds of the simulated clock.
---@field targetTimestamp number The next refresh.
---@field duration number The time between refreshes (1/60 s).
local CADisplayLinkInstance = {}
--- UIKit's add(to: .main, forMode: .common): it runs from the next refresh on.
function CADisplayLinkInstance:add() end
function CADisplayLinkInstance:invalidate() end

CADisplayLink = {}
--- UIKit's init(target:selector:), the selector given as the function.
---@param callback fun(link: CADisplayLink)
---@return CADisplayLink
function CADisplayLink.new(callback) end

---@class CAAnimation A Core Animation animation: set its fields, then layer:add(animation, key).
---@field keyPath string "opacity", "position.y", "transform.scale", …; a gradient layer's "colors", "locations", "startPoint", "endPoint"; a shape layer's "path", "fillColor", "strokeColor", "lineWidth", "strokeStart", "strokeEnd"
---@field fromValue any
---@field toValue any
---@field byValue number
---@field values any[] A keyframe animation's values.
---@field keyTimes number[] One per value, 0…1, never going down.
---@field timingFunctions CAMediaTimingFunction[] One between each two values.
---@field calculationMode "linear"|"discrete"
---@field mass number
---@field stiffness number
---@field damping number
---@field initialVelocity number
---@field settlingDuration number A spring's, read-only.
---@field animations CAAnimation[] A group's members.
---@field duration number 0: a quarter of a second.
---@field beginTime number CACurrentMediaTime() + delay.
---@field repeatCount number
---@field autoreverses boolean
---@field fillMode "removed"|"forwards"|"backwards"|"both"
---@field isRemovedOnCompletion boolean
---@field timingFunction CAMediaTimingFunction
---@field delegate {animationDidStart?: fun(animation: CAAnimation), animationDidStop?: fun(animation: CAAnimation, finished: boolean)} animationDidStart runs when it begins (at its beginTime on the clock; at once in an interactive transition)

---@param keyPathOrFields string|table
---@return CAAnimation
function CABasicAnimation(keyPathOrFields) end
---@param keyPathOrFields string|table
---@return CAAnimation
function CAKeyframeAnimation(keyPathOrFields) end
---@param keyPathOrFields string|table
---@return CAAnimation
function CASpringAnimation(keyPathOrFields) end
---@param fields? table
---@return CAAnimation
function CAAnimationGroup(fields) end
---@return number The simulated clock, in seconds.
function CACurrentMediaTime() end

UIApplication = {}
---@class UIApplicationShared
---@field statusBarFrame CGRect The status bar's frame in the window.
UIApplication.shared = {}

-- Shared modules: `_hero.lua` beside the entry is `require("hero")`. The
-- name is the file's without `_` and `.lua` (lowercase letters, digits and
-- dashes, starting with a letter); never a path. The module runs once per
-- entry run, in the entry's sandbox and limits; what it returns (true when
-- nothing) is what every later require of that name returns.
---@param name string A module's name: "hero" for _hero.lua beside the entry.
---@return any
function require(name) end

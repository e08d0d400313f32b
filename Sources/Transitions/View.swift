import Geometry

/// A UIView and its layer, headless: every animatable property has a model
/// value (what code set) and a presentation value (what is on screen now).
public final class View {
    /// Unique within its simulation, in creation order: stable across runs.
    public let id: Int
    public var name: String {
        get { storedName }
        set { storedName = newValue }
    }
    unowned let engine: AnimationEngine

    /// Subviews' layers and standalone sublayers, back to front: Core
    /// Animation keeps both in one list (`layer.sublayers`), so a sublayer
    /// added after a subview draws over it.
    public var sublayers: [View] { storedSublayers }
    /// How many of `sublayers` are standalone layers: none in most views,
    /// whose subviews are then the list itself, with no copy.
    var standaloneSublayers = 0
    public var subviews: [View] { standaloneSublayers == 0 ? sublayers : sublayers.filter { $0.layerKind == nil } }
    /// The superview, or for a standalone layer its superlayer. Not weak:
    /// a weak reference gives every superview a side table, and each of
    /// the many retains a tree walk makes would take the slow path. Safe
    /// because a view holds its sublayers and clears this in every one of
    /// them when it goes (deinit), as removeFromSuperview does.
    public internal(set) unowned(unsafe) var superview: View?
    /// nil for a view; for a standalone CALayer (`CALayer()`,
    /// `CAGradientLayer()` …), which kind: the engine models it as a view
    /// with no UIView around it, so it shares the view's values, animations,
    /// sampling and drawing.
    public let layerKind: LayerKind?
    /// The controller whose root view this is (UIKit's `next` responder
    /// for a root view); nil for every other view.
    public internal(set) var viewController: ViewController? {
        get { controllerLink?.object }
        set { controllerLink = newValue?.link }
    }
    private var controllerLink: Link<ViewController>?
    /// layer.mask, and the layer this one is the mask of (a mask is in no
    /// other tree: `View+Layers` keeps it so).
    public internal(set) var mask: View? {
        get { storedMask }
        set { storedMask = newValue }
    }
    public internal(set) unowned(unsafe) var maskOwner: View?   // cleared as superview is
    /// The engine's turn when it was made: Core Animation animates a
    /// standalone layer's changes only once it has been committed.
    let bornInTurn: Int

    // Model values. Setting one inside an animation block animates it.
    public var center: Point {
        get { storedModel.center }
        set { set(.center, .point(newValue)) { $0.center = newValue } }
    }
    public var bounds: Rect {
        get { storedModel.bounds }
        set {
            let old = storedModel.bounds.size
            set(.bounds, .rect(newValue)) { $0.bounds = newValue }
            if old != newValue.size { resizeSubviews(from: old, to: newValue.size) }
        }
    }

    /// How the view follows its superview's size (UIView.AutoresizingMask).
    public var autoresizingMask: AutoresizingMask = []
    public var alpha: Double {
        get { storedModel.alpha }
        set { let v = min(max(newValue, 0), 1); set(.alpha, .number(v)) { $0.alpha = v } }
    }
    /// `layer.transform`. `transform` (2-D) is the same storage, as in UIKit.
    public var layerTransform: Transform3D {
        get { storedModel.transform }
        set { set(.transform, .transform(newValue)) { $0.transform = newValue } }
    }
    public var transform: AffineTransform {
        get { storedModel.transform.affine }
        set { layerTransform = Transform3D(newValue) }
    }
    public var backgroundColor: Color? {
        get { storedModel.backgroundColor }
        set { set(.backgroundColor, .color(newValue ?? .clear)) { $0.backgroundColor = newValue } }
    }
    public var cornerRadius: Double {
        get { storedModel.cornerRadius }
        set { set(.cornerRadius, .number(newValue)) { $0.cornerRadius = newValue } }
    }
    public var borderWidth: Double {
        get { storedModel.borderWidth }
        set { set(.borderWidth, .number(newValue)) { $0.borderWidth = newValue } }
    }
    public var zPosition: Double {
        get { storedModel.zPosition }
        set { set(.zPosition, .number(newValue)) { $0.zPosition = newValue } }
    }
    /// 0…1 in the bounds; the point `center` refers to and transforms turn about.
    public var anchorPoint: Point {
        get { storedModel.anchorPoint }
        set { set(.anchorPoint, .point(newValue)) { $0.anchorPoint = newValue } }
    }
    /// How far a page curl has turned this view (0 flat … 1 gone); drawn by Raster.
    public var curl: Double {
        get { storedModel.curl }
        set { set(.curl, .number(newValue)) { $0.curl = newValue } }
    }
    // The shadow's parts are read from a copy of the model: read in place, the compiler could not prove the read
    // exclusive (it reaches into the out-of-line box), and one such access costs every access a run-time check.
    public var shadowColor: Color {
        get { model.shadowColor }
        set { setRare(.shadowColor, .color(newValue)) { $0.shadowColor = newValue } }
    }
    /// 0…1, as Core Animation clamps it, and a Float there (CALayer.shadowOpacity): 0.1 is the Float nearest it, as an
    /// app's exported Swift stores it.
    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { let v = Double(Float(min(max(newValue, 0), 1))); setRare(.shadowOpacity, .number(v)) { $0.shadowOpacity = v } }
    }
    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { let v = max(newValue, 0); setRare(.shadowRadius, .number(v)) { $0.shadowRadius = v } }
    }
    /// layer.shadowOffset (a CGSize: width across, height down).
    public var shadowOffset: Point {
        get { model.shadowOffset }
        set { setRare(.shadowOffset, .point(newValue)) { $0.shadowOffset = newValue } }
    }
    /// Changes at once, in an animation block or not: Core Animation never
    /// animates a CGPath property implicitly (its documentation of
    /// CAShapeLayer.path says so of them all); a CABasicAnimation of
    /// "shadowPath" animates it.
    public var shadowPath: PathShape? {
        get { model.shadowPath }
        set { model.shadowPath = newValue }
    }
    public var maskedCorners: CornerMask {
        get { storedModel.maskedCorners }
        set { storedModel.maskedCorners = newValue }
    }
    public var borderColor: Color? {
        get { storedModel.borderColor }
        set { storedModel.borderColor = newValue }
    }
    public var isHidden: Bool {
        get { storedModel.isHidden }
        set { storedModel.isHidden = newValue }
    }
    public var clipsToBounds: Bool {
        get { storedModel.clipsToBounds }
        set { storedModel.clipsToBounds = newValue }
    }
    public var isDoubleSided: Bool {
        get { storedModel.isDoubleSided }
        set { storedModel.isDoubleSided = newValue }
    }

    /// A UIScrollView: its content offset is its bounds' origin, as in UIKit.
    public var isScrollView = false
    /// A scroll view's content size (UIKit's default: zero, nothing to scroll); with `bounces`,
    /// `alwaysBounceVertical` and `alwaysBounceHorizontal` it says how its own pan moves it (`ScrollViewPan`).
    public var contentSize = Size(width: 0, height: 0)
    public var bounces = true
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false
    /// UIView.isUserInteractionEnabled: false keeps taps from it and its
    /// subviews (`hitTest`).
    public var isUserInteractionEnabled = true
    /// Its tap recognizers, in the order they were added (`TapRecognizer`).
    public internal(set) var tapRecognizers: [TapRecognizer] = []
    public var contentOffset: Point {
        get { bounds.origin }
        set { bounds = Rect(origin: newValue, size: bounds.size) }
    }

    /// The source of a snapshot view, frozen when it was taken.
    public private(set) var snapshot: Snapshot? {
        get { storedSnapshot }
        set { storedSnapshot = newValue }
    }
    /// The id of the view this one is a snapshot of: read in place (`snapshot` copies all of the picture, a sample
    /// asks for every view).
    var snapshotSourceID: Int? { storedSnapshot?.sourceID }

    /// A UIVisualEffectView's contentView (nil for every other view): its
    /// one subview, where its content goes (`View+Effect`).
    public internal(set) var contentView: View? {
        get { storedContentView }
        set { storedContentView = newValue }
    }
    /// The effect it last had, kept while it animates away to none.
    var lastEffect: BlurStyle?

    /// What the code set (the model layer), as against `presentation`, what is on screen now.
    public internal(set) var model: ViewState {
        get { storedModel }
        // No _modify: a change is a copy put back (`model.alpha = 0` reads, changes and writes), so no access to the
        // stored model lasts through a call (a rare property's box is made) and every one is proved exclusive.
        set { storedModel = newValue }
    }
    var animations: [AnimatableProperty: [RunningAnimation]] { storedAnimations }
    /// How many running layer animations hold each key (a group's members
    /// share one): adding under a new key need not search them all.
    var layerKeys: [String: Int] = [:]

    /// Bytes a view costs its entry: the object, its two states and its
    /// bookkeeping, rounded up (what the host holds for a script is charged
    /// to the script's memory limit).
    static let cost = 640

    /// Views in the subtree, itself included.
    var subtreeCount: Int {
        var count = 0
        var stack = [self]
        while let view = stack.popLast() {
            count += 1
            stack += view.sublayers
        }
        return count
    }

    init(engine: AnimationEngine, name: String, frame: Rect, layerKind: LayerKind? = nil) {
        engine.onAllocate?(View.cost)
        self.engine = engine
        self.id = engine.nextViewID()
        self.storedName = name
        self.layerKind = layerKind
        self.bornInTurn = engine.turn
        self.frame = frame
    }

    // The storage behind the properties above: what a sample reads of every view, many times a frame. Not public, so
    // the compiler sees every access to each; where it can prove that none overlaps a conflicting one (no access lasts
    // through a call), it drops the run-time exclusivity check that a public class property pays on every read
    // (about a seventh of the engine's time). The module reads the model's parts from `storedModel` in place:
    // `model`'s getter copies all of it.
    private var storedName: String
    private var storedSnapshot: Snapshot?
    private var storedMask: View?
    private var storedContentView: View?
    private var storedSublayers: [View] = []
    private(set) var storedModel = ViewState()
    private var storedAnimations: [AnimatableProperty: [RunningAnimation]] = [:]

    deinit {
        for child in sublayers { child.superview = nil }
        mask?.maskOwner = nil
    }

    /// The frame in the superview: the transformed bounds' bounding box.
    /// Setting it sets center and bounds' size, as UIKit does with the
    /// identity transform (UIKit calls it undefined otherwise).
    public var frame: Rect {
        get { storedModel.frame }
        set {
            let center = Point(x: newValue.minX + anchorPoint.x * newValue.width, y: newValue.minY + anchorPoint.y * newValue.height)
            self.center = center
            bounds = Rect(origin: bounds.origin, size: Size(width: newValue.width, height: newValue.height))
        }
    }

    /// What is on screen at the engine's current time.
    public var presentation: ViewState {
        // Built in one place: written as a copy returned from each of two paths, the getter held six memcpy calls of
        // the model's 336 bytes in its disassembly, now three (the engine benchmark about 2 % faster, asked of every
        // view at every sample).
        var state = storedModel
        if !storedAnimations.isEmpty { applyAnimations(to: &state) }
        return state
    }

    private func applyAnimations(to state: inout ViewState) {
        for (property, running) in storedAnimations where !running.isEmpty {
            state.apply(property, onScreen(property, running))
        }
    }

    /// One property as it is on screen now: the last animation's value, or
    /// for additive ones the model value plus every running offset (§6a):
    ///
    ///     numbers, points, rects   model + Σ (from_i − to_i)·(1 − p_i)
    ///     transforms               R_1 · … · R_n · model,  R_i = lerp(from_i, to_i, p_i) · to_i⁻¹
    ///
    /// Each R_i is the identity when its animation ends, so the model shows.
    func onScreen(_ property: AnimatableProperty, _ running: [RunningAnimation]) -> AnimatedValue {
        let now = engine.now
        guard let last = running.last, last.additive else {
            return running.last?.value(atClock: now, model: storedModel.value(of: property)) ?? storedModel.value(of: property)
        }
        var value = storedModel.value(of: property)
        if case .transform(let model) = value {
            var composed = model
            for animation in running.reversed() {
                guard case .basic(.transform(let from), .transform(let to), _) = animation.curve else { continue }
                let along = from.interpolated(to: to, fraction: animation.progress(atClock: now))
                composed = along.concatenating(to.inverted()).concatenating(composed)
            }
            return .transform(composed)
        }
        for animation in running {
            guard case .basic(let from, let to, _) = animation.curve else { continue }
            value = value.adding(offsetFrom: from, to: to, remaining: 1 - animation.progress(atClock: now))
        }
        return value
    }

    /// Puts a value in the model without animating it (a property animator
    /// stopped where it was, or arrived back at its start).
    func setModel(_ property: AnimatableProperty, _ value: AnimatedValue) {
        model.apply(property, value)
    }

    /// Inlined, so that `update` (one field stored) is seen in place: the change is made to the stored model with no
    /// call inside the access, which the compiler can prove exclusive, instead of to a copy of all of it.
    @inline(__always)
    func set(_ property: AnimatableProperty, _ value: AnimatedValue, _ update: (inout ViewState) -> Void) {
        let old = storedModel.value(of: property)
        let presented = animations[property].map { onScreen(property, $0) } ?? old
        update(&storedModel)
        engine.didSet(property, of: self, from: old, presented: presented, to: value)
    }

    /// `set` for the rare layer properties (shadow, sublayerTransform, gradient, shape, blur), whose change may make
    /// their out-of-line box: that is a call, so it is made to a copy of the model, which then replaces it whole.
    func setRare(_ property: AnimatableProperty, _ value: AnimatedValue, _ update: (inout ViewState) -> Void) {
        var state = storedModel
        update(&state)
        set(property, value) { $0 = state }
    }

    /// UIKit's autoresizing: along each axis the change is shared among
    /// the flexible parts (margins, size) in proportion to their current
    /// lengths, equally when those are all zero.
    private func resizeSubviews(from old: Size, to new: Size) {
        for view in subviews where !view.autoresizingMask.isEmpty {
            let mask = view.autoresizingMask
            // UIKit resizes bounds and centre, the frame the view would have untransformed:
            // a view scaled back behind a sheet keeps its scale through a rotation.
            let bounds = view.bounds, position = view.center, anchor = view.anchorPoint
            let frame = Rect(x: position.x - anchor.x * bounds.width, y: position.y - anchor.y * bounds.height,
                             width: bounds.width, height: bounds.height)
            func share(_ delta: Double, _ parts: [(flexible: Bool, length: Double)]) -> [Double] {
                let flexible = parts.filter(\.flexible)
                guard !flexible.isEmpty else { return parts.map { _ in 0 } }
                let total = flexible.reduce(0) { $0 + max($1.length, 0) }
                return parts.map { part in
                    guard part.flexible else { return 0 }
                    return total > 0 ? delta * max(part.length, 0) / total : delta / Double(flexible.count)
                }
            }
            let x = share(new.width - old.width, [(mask.contains(.flexibleLeftMargin), frame.minX),
                                                   (mask.contains(.flexibleWidth), frame.width),
                                                   (mask.contains(.flexibleRightMargin), old.width - frame.maxX)])
            let y = share(new.height - old.height, [(mask.contains(.flexibleTopMargin), frame.minY),
                                                     (mask.contains(.flexibleHeight), frame.height),
                                                     (mask.contains(.flexibleBottomMargin), old.height - frame.maxY)])
            let size = Size(width: max(frame.width + x[1], 0), height: max(frame.height + y[1], 0))
            view.bounds = Rect(x: bounds.minX, y: bounds.minY, width: size.width, height: size.height)
            view.center = Point(x: frame.minX + x[0] + anchor.x * size.width, y: frame.minY + y[0] + anchor.y * size.height)
        }
    }

    // MARK: Hierarchy

    /// How deep a view hierarchy may go. UIKit sets no figure; real screens
    /// are a few dozen levels deep. A bound keeps every walk of the tree
    /// (sampling, snapshots, layout) short and far from the stack's end.
    public static let depthLimit = 256

    /// Every view under this one, depth first (never deeper than `depthLimit`).
    public var descendants: [View] {
        var found: [View] = []
        appendDescendants(to: &found)
        return found
    }

    /// Into one array: a list made for each view and joined to its parent's cost three arrays a view, and the whole
    /// container's views are listed at every transition's start.
    private func appendDescendants(to found: inout [View]) {
        for view in subviews {
            found.append(view)
            view.appendDescendants(to: &found)
        }
    }

    /// Why `view` cannot become a subview of this one, if it cannot: UIKit
    /// raises for a view added inside itself; a hierarchy deeper than
    /// `depthLimit` is refused here. The hierarchy methods below do nothing
    /// in those cases, so no caller can make a cycle.
    public func hierarchyError(adding view: View) -> ViewHierarchyError? {
        // Through masks too: a layer inside its own mask would be drawn inside itself.
        if isInside(view) {
            return view === self ? .addedToItself(name: name) : .cycle(child: view.name, parent: name)
        }
        if let owner = view.maskOwner { return .isMask(child: view.name, owner: owner.name) }
        var depth = 0
        var ancestor: View? = self
        while let current = ancestor { depth += 1; ancestor = current.host }
        if depth + view.height > Self.depthLimit {
            return .tooDeep(child: view.name, parent: name, limit: Self.depthLimit)
        }
        return nil
    }

    /// Levels in this view's subtree, itself included (walked without recursion).
    var height: Int {
        var deepest = 0
        var stack: [(View, Int)] = [(self, 1)]
        while let (view, level) = stack.popLast() {
            deepest = max(deepest, level)
            stack += view.sublayers.map { ($0, level + 1) }
            if let mask = view.mask { stack.append((mask, level + 1)) }
        }
        return deepest
    }

    public func addSubview(_ view: View) {
        guard hierarchyError(adding: view) == nil else { return }
        view.removeFromSuperview()
        attach(view, at: sublayers.count)
    }

    /// At `index` among the subviews: just under the subview now there, so
    /// sublayers keep their places among the subviews' layers.
    public func insertSubview(_ view: View, at index: Int) {
        guard hierarchyError(adding: view) == nil else { return }
        view.removeFromSuperview()
        // Counted after the removal, which may have shifted the subviews; an
        // index past either end goes to that end rather than out of bounds.
        let views = subviews
        let index = max(index, 0)
        let place = index < views.count ? sublayers.firstIndex { $0 === views[index] } ?? sublayers.count : sublayers.count
        attach(view, at: place)
    }

    public func insertSubview(_ view: View, aboveSubview sibling: View) {
        guard view !== sibling else { return }
        guard sublayers.contains(where: { $0 === sibling }) else { return addSubview(view) }
        guard hierarchyError(adding: view) == nil else { return }
        view.removeFromSuperview()
        // Found again after the removal, which may have shifted it.
        attach(view, at: sublayers.firstIndex(where: { $0 === sibling })! + 1)
    }

    public func insertSubview(_ view: View, belowSubview sibling: View) {
        guard view !== sibling else { return }
        guard sublayers.contains(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        guard hierarchyError(adding: view) == nil else { return }
        view.removeFromSuperview()
        attach(view, at: sublayers.firstIndex(where: { $0 === sibling })!)
    }

    /// Puts a child (view or standalone layer) at `index` of `sublayers`.
    func attach(_ child: View, at index: Int) {
        changeOutOfPlace(self, \.storedSublayers, emptied: []) { $0.insert(child, at: min(max(index, 0), $0.count)) }
        if child.layerKind != nil { standaloneSublayers += 1 }
        child.superview = self
    }

    public func removeFromSuperview() {
        guard let superview else { return }
        changeOutOfPlace(superview, \.storedSublayers, emptied: []) { $0.removeAll { $0 === self } }
        if layerKind != nil { superview.standaloneSublayers -= 1 }
        self.superview = nil
    }

    /// To the top of the layer list (over standalone sublayers too, as
    /// UIKit moves the view's layer).
    public func bringSubviewToFront(_ view: View) {
        guard sublayers.contains(where: { $0 === view }) else { return }
        changeOutOfPlace(self, \.storedSublayers, emptied: []) { list in
            list.removeAll { $0 === view }
            list.append(view)
        }
    }

    /// To the bottom of the layer list, under standalone sublayers too.
    public func sendSubviewToBack(_ view: View) {
        guard sublayers.contains(where: { $0 === view }) else { return }
        changeOutOfPlace(self, \.storedSublayers, emptied: []) { list in
            list.removeAll { $0 === view }
            list.insert(view, at: 0)
        }
    }

    /// Changes the running animations out of place (`changeOutOfPlace`).
    func changeAnimations(_ change: (inout [AnimatableProperty: [RunningAnimation]]) -> Void) {
        changeOutOfPlace(self, \View.storedAnimations, emptied: [:], change)
    }

    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// A frozen copy of what the view shows (`snapshotView(afterScreenUpdates:)`):
    /// the presentation values now, or the model values when after updates.
    ///
    /// With `region` (`resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)`),
    /// only that part of the view's bounds, the size of the region; its
    /// `capInsets` keep their size when the snapshot view is resized.
    public func snapshotView(afterScreenUpdates: Bool, region: Rect? = nil, capInsets: EdgeInsets = .zero) -> View {
        let copy = View(engine: engine, name: "snapshot of \(name)", frame: .zero)
        // The frozen copy holds a state for every view in the subtree.
        engine.onAllocate?(View.cost * subtreeCount)
        let state = afterScreenUpdates ? model : presentation
        copy.model.center = state.center
        copy.model.bounds = state.bounds
        copy.model.anchorPoint = state.anchorPoint
        copy.snapshot = Snapshot(of: self, afterScreenUpdates: afterScreenUpdates)
        if let region {
            copy.snapshot?.region = region
            copy.snapshot?.capInsets = capInsets
            copy.model.bounds = Rect(x: 0, y: 0, width: region.width, height: region.height)
            copy.model.center = Point(x: state.center.x - state.anchorPoint.x * state.bounds.width + region.midX - state.bounds.minX,
                                      y: state.center.y - state.anchorPoint.y * state.bounds.height + region.midY - state.bounds.minY)
            copy.model.anchorPoint = Point(x: 0.5, y: 0.5)
        }
        return copy
    }
}

/// UIView.AutoresizingMask.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    /// What UIKit gives a view controller's root view and its transition container.
    public static let flexibleSize: AutoresizingMask = [.flexibleWidth, .flexibleHeight]

    /// UIKit's names for each flag, in their bits' order.
    public static let names: [(String, AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth), ("flexibleRightMargin", .flexibleRightMargin),
        ("flexibleTopMargin", .flexibleTopMargin), ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]

    /// The flags set, by name, in their bits' order.
    public var flagNames: [String] { Self.names.filter { contains($0.1) }.map(\.0) }
}

/// A view subtree frozen at one moment, for drawing a snapshot view.
public struct Snapshot: Sendable {
    public let sourceID: Int
    public let state: ViewState
    public let children: [Snapshot]
    /// When the source is itself a snapshot view, the picture it shows (one
    /// element, or none): a snapshot of a snapshot shows what the first one did.
    public let picture: [Snapshot]
    /// Snapshots of snapshots inside this one, itself included.
    public let nesting: Int
    /// The part of the source's bounds it shows (a resizable snapshot), or
    /// nil for all of it.
    public var region: Rect?
    /// A resizable snapshot's cap insets: the edges of the region that keep
    /// their size when it is stretched (a resizable image's nine parts).
    public var capInsets = EdgeInsets.zero

    /// Snapshots of snapshots kept, at most: a chain of copies of copies
    /// shows the first few and no more (each level is one more layer to draw).
    public static let nestingLimit = 8

    /// The view's own transform and alpha are the snapshot view's to give, not the picture's; its subviews keep theirs
    /// (a subview turned or half transparent is pictured so).
    init(of view: View, afterScreenUpdates: Bool, isRoot: Bool = true) {
        sourceID = view.id
        var state = afterScreenUpdates ? view.storedModel : view.presentation
        if isRoot {
            state.transform = .identity
            state.alpha = 1
        }
        self.state = state
        children = view.sublayers.map { Snapshot(of: $0, afterScreenUpdates: afterScreenUpdates, isRoot: false) }
        if let copied = view.snapshot, copied.nesting < Self.nestingLimit {
            picture = [copied]
            nesting = copied.nesting + 1
        } else {
            picture = []
            nesting = 1
        }
    }
}

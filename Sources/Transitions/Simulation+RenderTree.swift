import Geometry
import RenderTree

extension Simulation {
    /// Everything on screen now, frozen for a renderer: presentation values,
    /// the window's layer at the root, the running transition's progress and
    /// the finger of an interactive one.
    public func renderFrame() -> RenderFrame {
        var contents: [Int: LayerContent] = [root.view.id: .screen(.presenting)]
        var screens = [root.view]
        for (index, row) in rows.enumerated() { contents[row.id] = .listRow(index) }
        /// A screen the app shows over the presenting one, looking as its entry says; none of its own when the entry
        /// says `clear` or made its root view clear (a background with no alpha): then only what the entry put in it
        /// and what lies behind it show.
        func show(_ controller: ViewController) {
            let view = controller.view
            if controller.screenLook == .clear || controller.screenLook == .list { return }
            if let background = view.storedModel.backgroundColor, background.alpha == 0 { return }
            contents[view.id] = .screen(.presented, controller.screenLook)
            screens.append(view)
        }
        for pushed in navigation.viewControllers.dropFirst() { show(pushed) }
        // A screen being pushed is not in the stack yet.
        if let driver, driver.operation == .push { show(driver.presented) }
        var controller = root.presentedViewController
        while let presented = controller {
            show(presented)
            controller = presented.presentedViewController
        }
        let tree = layer(for: window, state: window.presentation, contents: contents)
        var safeAreas: [Int: EdgeInsets] = [:]
        for view in screens { safeAreas[view.id] = restingSafeArea(of: view) }
        var chrome = WindowChrome(statusBarHeight: statusBarFrame.height, homeIndicator: safeAreaInsets.bottom > 0)
        let bar = statusBarForFrame()
        (chrome.statusBar, chrome.previousStatusBar, chrome.statusBarFraction, chrome.statusBarSlides) = (bar.look, bar.previous, bar.fraction, bar.slides)
        return RenderFrame(time: now, root: tree, progress: driver?.progress, touches: driver.map(\.touches) ?? fingers ?? [],
                           safeArea: safeAreaInsets, chrome: chrome, screenSafeAreas: safeAreas)
    }

    /// The safe area a screen lays its content out in: the window's insets
    /// where the view, resting at its model frame untransformed, overlaps
    /// them, each at most the window's. A view as tall as the window keeps
    /// the top and bottom insets wherever it is (a screen sliding in or out
    /// does not reflow on the way), one as wide keeps the sides; so a sheet
    /// below the status bar has no top inset and a box in the middle none.
    func restingSafeArea(of view: View) -> EdgeInsets {
        let window = self.window.bounds, insets = safeAreaInsets
        func untransformed(_ v: View) -> Rect {
            let state = v.storedModel, size = state.bounds.size
            return Rect(x: state.center.x - state.anchorPoint.x * size.width, y: state.center.y - state.anchorPoint.y * size.height,
                        width: size.width, height: size.height)
        }
        var frame = untransformed(view)
        var current = view.superview
        while let parent = current, parent !== self.window {
            let outer = untransformed(parent)
            frame = frame.offsetBy(dx: outer.minX - parent.storedModel.bounds.minX, dy: outer.minY - parent.storedModel.bounds.minY)
            current = parent.superview
        }
        let tall = frame.height >= window.height - 0.5, wide = frame.width >= window.width - 0.5
        func overlap(_ inset: Double, _ reach: Double) -> Double { min(inset, max(0, inset - reach)) }
        return EdgeInsets(top: tall ? insets.top : overlap(insets.top, frame.minY - window.minY),
                          left: wide ? insets.left : overlap(insets.left, frame.minX - window.minX),
                          bottom: tall ? insets.bottom : overlap(insets.bottom, window.maxY - frame.maxY),
                          right: wide ? insets.right : overlap(insets.right, window.maxX - frame.maxX))
    }

    /// The cost, in bytes, of a frame kept for rendering: charged to the
    /// entry that made the views, as trace samples are.
    public static let renderLayerCost = 512

    private func layer(for view: View, state: ViewState, contents: [Int: LayerContent]) -> RenderLayer {
        var layer = RenderLayer(state: state, id: view.id, name: view.name)
        if let content = contents[view.id] { layer.content = content }
        // A hidden layer draws nothing of its subtree: not even looked at.
        guard !state.isHidden else { return layer }
        if let snapshot = view.snapshot {
            layer.sublayers.append(Self.layer(for: snapshot, in: state.bounds, contents: contents))
        }
        // A fully transparent view shows nothing of its subtree: not frozen, not counted.
        for sublayer in view.sublayers {
            let state = sublayer.presentation
            if state.alpha > 0 { layer.sublayers.append(self.layer(for: sublayer, state: state, contents: contents)) }
        }
        // A mask counts even when transparent: it then hides everything.
        if let mask = view.mask { layer.mask = self.layer(for: mask, state: mask.presentation, contents: contents) }
        return layer
    }

    /// A snapshot view's picture: the source's subtree as it was, stretched
    /// to the snapshot view's bounds (a snapshot scales with its frame).
    private static func layer(for snapshot: Snapshot, in bounds: Rect, contents: [Int: LayerContent]) -> RenderLayer {
        func frozen(_ snapshot: Snapshot) -> RenderLayer {
            var layer = RenderLayer(state: snapshot.state, id: snapshot.sourceID, name: "snapshot")
            if let content = contents[snapshot.sourceID] { layer.content = content }
            guard !snapshot.state.isHidden else { return layer }
            // A snapshot view's own picture comes first, under its subviews, as for a live one.
            if let picture = snapshot.picture.first {
                layer.sublayers.append(Self.layer(for: picture, in: snapshot.state.bounds, contents: contents))
            }
            layer.sublayers += snapshot.children.map(frozen)
            return layer
        }
        var copy = frozen(snapshot)
        if let region = snapshot.region?.standardized {
            return Self.layer(showing: copy, region: region, capInsets: snapshot.capInsets, in: bounds)
        }
        let original = copy.bounds.size
        copy.anchorPoint = Point(x: 0.5, y: 0.5)
        copy.position = Point(x: bounds.midX, y: bounds.midY)
        if original.width > 0, original.height > 0 {
            copy.transform = Transform3D(scaleX: bounds.width / original.width, y: bounds.height / original.height, z: 1)
        }
        return copy
    }
}

extension Simulation {
    /// A resizable snapshot's picture: the source's `region` stretched to
    /// the snapshot view's bounds and cut to them.
    ///
    /// With cap insets, as UIKit stretches a resizable image, in nine parts
    /// (drawn by Raster from one bitmap of the region): the corners keep
    /// their size, the edges stretch along themselves only, the middle both
    /// ways.
    ///
    ///      left  middle  right       source            bounds
    ///     ┌────┬──────┬────┐ top   ┌─┬──┬─┐        ┌─┬──────┬─┐
    ///     ├────┼──────┼────┤       ├─┼──┼─┤   →    ├─┼──────┼─┤
    ///     └────┴──────┴────┘       └─┴──┴─┘        └─┴──────┴─┘
    static func layer(showing source: RenderLayer, region: Rect, capInsets: EdgeInsets = .zero, in bounds: Rect) -> RenderLayer {
        var frame = RenderLayer(id: source.id, name: "snapshot region", bounds: bounds, position: Point(x: bounds.midX, y: bounds.midY))
        let insets = [capInsets.top, capInsets.left, capInsets.bottom, capInsets.right]
        if insets.contains(where: { $0 > 0 }), insets.allSatisfy(\.isFinite) {
            frame.content = .stretched(picture: source, region: region, capInsets: capInsets)
            return frame
        }
        var picture = source
        let original = source.bounds
        let scale = (x: region.width > 0 ? bounds.width / region.width : 1, y: region.height > 0 ? bounds.height / region.height : 1)
        // The bounds' origin corner as anchor: bounds point q lands at position + scale·(q − origin).
        picture.anchorPoint = .zero
        picture.transform = Transform3D(scaleX: scale.x, y: scale.y, z: 1)
        picture.position = Point(x: bounds.minX - scale.x * (region.minX - original.minX),
                                 y: bounds.minY - scale.y * (region.minY - original.minY))
        frame.masksToBounds = true
        frame.sublayers = [picture]
        return frame
    }
}

extension RenderLayer {
    init(state: ViewState, id: Int, name: String) {
        self.init(id: id, name: name, bounds: state.bounds, position: state.center)
        anchorPoint = state.anchorPoint
        transform = state.transform
        opacity = state.alpha
        backgroundColor = state.backgroundColor
        cornerRadius = state.cornerRadius
        maskedCorners = state.maskedCorners
        shadow = state.visibleShadow
        borderWidth = state.borderWidth
        borderColor = state.borderColor
        masksToBounds = state.clipsToBounds
        isHidden = state.isHidden
        isDoubleSided = state.isDoubleSided
        zPosition = state.zPosition
        curl = state.curl
        sublayerTransform = state.sublayerTransform
        if let gradient = state.gradient { content = .gradient(gradient) }
        if let shape = state.shape { content = .shape(shape) }
        if state.material.isVisible { backdrop = state.material }
    }
}

extension TransitionDriver {
    /// How far the transition has come: elapsed over its duration, or the
    /// interactive percent while a finger drives it.
    var progress: Double? {
        guard duration > 0 else { return nil }
        let local = timeline.local(at: engine.now)
        return min(max(local / duration, 0), 1)
    }

    /// Where the fingers are while an interaction drives the transition: a
    /// gesture's own, or for a plan of bare percents one finger that starts
    /// a third of the way down the window, in the middle, and moves down
    /// with a dismissal (up with a presentation) by the percent of the
    /// window's height. None once let go.
    var touches: [Point] {
        if responder != nil { return fingers ?? [] }
        guard interaction != nil, case .scrubbed = timeline.mode else { return [] }
        let bounds = simulation.window.bounds
        let start = presenting ? bounds.height * 0.8 : bounds.height * 0.3
        let travel = bounds.height * 0.5 * percent
        return [Point(x: bounds.midX, y: presenting ? start - travel : start + travel)]
    }
}

import CRaster
import Geometry
import RenderTree

extension Renderer {
    /// What the frame needs a picture for, when a browser cannot compose it from its layers.
    struct NeedsPicture: Error {}

    /// The distinct pictures a scene may hold, in windows: two screens, a
    /// list's rows, snapshots and what else is on them come to about 3.4 in
    /// the built-in entries (fold's panels, elastic's menu and edge); a
    /// script painting many layers that change every frame is cheaper held and
    /// sent as the frame's own picture.
    static let scenePictureLimit = 6

    /// The frame as layers (`LayerScene`), or nil when a browser could not
    /// compose it as Segue draws it. Call it just after `render(frame)` drew
    /// `picture` with this renderer: the window chrome is cut from it.
    func scene(of frame: RenderFrame, picture: Image) throws -> LayerScene? {
        guard frame.touches.isEmpty else { return nil }
        var scene = LayerScene(size: frame.size, scale: scale, root: nil, overlays: [], pictures: [])
        do {
            scene.root = try sceneNode(frame.root, placement: frame.root.placement, superlayer: .identity,
                                       safeArea: frame.safeArea, into: &scene)
        } catch is NeedsPicture {
            return nil
        }
        if painter.showsSystemChrome, let chrome = frame.chrome {
            for area in try chromeAreas(chrome, window: frame.size) {
                if let overlay = cut(area, from: picture, into: &scene) { scene.overlays.append(overlay) }
            }
        }
        return scene
    }

    /// One layer and what is flattened into it, judged as `draw` judges it:
    /// nil when nothing of it shows.
    ///
    /// - Parameter superlayer: the superlayer's local space to the window's points.
    private func sceneNode(_ layer: RenderLayer, placement: Homography, superlayer: Homography, safeArea: EdgeInsets,
                           into scene: inout LayerScene) throws -> LayerScene.Node? {
        guard !layer.isHidden, layer.opacity >= 0.5 / 255 else { return nil }
        let bounds = layer.bounds.standardized
        let local = Homography(translationX: bounds.minX, y: bounds.minY).concatenating(placement)
        let toWindow = local.concatenating(superlayer)
        let corners = Quad(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height))
        let ws = corners.points.map(toWindow.w(at:))
        if ws.allSatisfy({ $0 <= 0 }) { return nil }
        if ws.contains(where: { $0 <= 0 }) { scene.crossesEyePlane = true }
        if !layer.isDoubleSided && local.turnsAway(corners) { return nil }
        if abs(corners.map(toWindow.apply).signedArea) < 1e-9 && !bounds.isEmpty { return nil }
        guard layer.curl == 0, layer.backdrop == nil else { throw NeedsPicture() }
        let radius = min(max(layer.cornerRadius, 0), min(bounds.width, bounds.height) / 2)
        // masksToBounds cuts a shadow away whole. A box-shadow is drawn outside the box only: the same only where
        // the layer's opaque fill covers what is under it, in the shape the box rounds (contents unrounded are not).
        let shadow = layer.masksToBounds ? nil : layer.shadow
        if let cast = shadow {
            let content: Bool = if case .none = layer.content { false } else { true }
            // Opaque all through: the layer's own opacity too (faded, Segue shows the shadow through it).
            guard cast.path == nil, (layer.backgroundColor?.alpha ?? 0) >= 1, !content || radius == 0,
                  layer.opacityByte == 255 else { throw NeedsPicture() }
            // The blur as it lands on the screen: a layer scaled up widens it past what a box-shadow draws as Segue does.
            let onScreen = min(max(cast.radius, 0), 1000) * enlargement(toWindow, at: Point(x: bounds.width / 2, y: bounds.height / 2))
            guard onScreen.isFinite, onScreen <= LayerScene.Node.shadowDeviationLimit else { throw NeedsPicture() }
        }
        let mask = layer.maskedCorners
        let radii = [CornerMask.minXMinY, .maxXMinY, .maxXMaxY, .minXMaxY].map { mask.contains($0) ? radius : 0 }
        // An opacity whose byte is 255 draws as 1, as `draw` draws it (a browser's group at 0.999 is not quite opaque).
        let opacity = layer.opacityByte == 255 ? 1 : layer.opacity
        var node = LayerScene.Node(size: bounds.size, placement: local, opacity: opacity, background: nil,
                                   radii: radii, clips: layer.masksToBounds, border: nil, shadow: nil, picture: nil,
                                   pictureArea: Rect(x: 0, y: 0, width: bounds.width, height: bounds.height), mask: nil,
                                   maskArea: .zero, sublayers: [])
        if let cast = shadow {
            var color = cast.color
            color.alpha = min(max(color.alpha, 0), 1) * min(max(cast.opacity, 0), 1)
            if color.alpha > 0 { node.shadow = (cast.offset, min(max(cast.radius, 0), 1000), color) }
        }
        if case .none = layer.content {
            node.background = layer.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
        } else {
            if case .shape(let shape) = layer.content {
                node.pictureArea = shapeArea(shape, bounds, clipped: layer.masksToBounds, toWindow: toWindow, window: scene.size)
            }
            node.picture = try ownPicture(of: layer, area: node.pictureArea, safeArea: safeArea, into: &scene)
        }
        if let mask = layer.mask {
            // Over all the layer draws and all the mask covers, as far as the window shows it: the page makes a box
            // of that area, the mask's picture filling it, the layer inside; nothing shows outside the box, as nothing
            // outside the mask shows in Segue.
            let toBounds = Homography(translationX: -bounds.minX, y: -bounds.minY)
            let covered = try extent(of: mask, placement: mask.placement.concatenating(toBounds))
                .union(try extent(of: layer, placement: toBounds))
            let area = wholePixels(covered.intersection(visibleArea(toWindow, window: scene.size) ?? covered))
            node.maskArea = area
            node.mask = try picture(of: area, safeArea: safeArea, into: &scene) { context, toDevice in
                try draw(mask, parent: toBounds.concatenating(toDevice), context: &context)
            }
            // A mask that shows nothing hides the layer.
            if node.mask == nil { return nil }
        }
        if layer.borderWidth > 0, let color = layer.borderColor {
            node.border = (min(layer.borderWidth, min(bounds.width, bounds.height) / 2), color)
        }
        guard node.isComposable else { throw NeedsPicture() }
        // Sublayers sit in the bounds' own space, origin included.
        let inner = Homography(translationX: -bounds.minX, y: -bounds.minY)
        for sublayer in layer.orderedSublayers {
            if let child = try sceneNode(sublayer, placement: layer.placement(of: sublayer).concatenating(inner),
                                         superlayer: toWindow, safeArea: safeArea, into: &scene) {
                node.sublayers.append(child)
            }
        }
        return node
    }

    /// The layer's background and content as `drawLayer` paints them, alone
    /// and unturned, over `area` of its local space; nil when it paints nothing.
    private func ownPicture(of layer: RenderLayer, area: Rect, safeArea: EdgeInsets, into scene: inout LayerScene) throws -> Int? {
        var alone = layer
        (alone.sublayers, alone.shadow, alone.borderWidth, alone.opacity, alone.mask) = ([], nil, 0, 1, nil)
        return try picture(of: area, safeArea: safeArea, into: &scene) { context, toDevice in
            let (width, height) = (context.target.width, context.target.height)
            try drawLayer(alone, toDevice: toDevice, box: PixelBox(x0: 0, y0: 0, x1: width, y1: height), context: &context)
        }
    }

    /// What `body` draws over `area` of a layer's local space, given the map
    /// from that space to the picture's pixels; nil when it draws nothing.
    private func picture(of area: Rect, safeArea: EdgeInsets, into scene: inout LayerScene,
                         _ body: (inout DrawContext, Homography) throws -> Void) throws -> Int? {
        guard area.width > 0, area.height > 0 else { return nil }
        let (width, height) = pixelSize(of: area.size)
        // No larger than the window: a script may make a view of any size, and the frame's picture is cheaper then.
        let (windowWidth, windowHeight) = pixelSize(of: scene.size)
        guard width * height <= windowWidth * windowHeight else { throw NeedsPicture() }
        let target = RenderTarget.reusing(pictureTarget, width: width, height: height)
        pictureTarget = target
        let image = try target.drawingImage {
            target.clear()
            var context = DrawContext(target: target, clip: nil, safeArea: safeArea)
            try body(&context, Homography(translationX: -area.minX, y: -area.minY).concatenating(Homography(scaleX: scale, y: scale)))
        }
        guard image.pixels.contains(where: { $0 != 0 }) else { return nil }
        // The same picture again (pieces of one snapshot, cut by their clips): held and sent once.
        if let index = scene.pictures.firstIndex(of: image) { return index }
        let held = scene.pictures.reduce(0) { $0 + $1.width * $1.height }
        guard held + width * height <= Self.scenePictureLimit * windowWidth * windowHeight else { throw NeedsPicture() }
        scene.pictures.append(image)
        return scene.pictures.count - 1
    }

    /// A shape layer's picture area: its bounds and what its path and stroke
    /// can cover (as `drawShape` reaches), in whole pixels; only the bounds when it clips.
    private func shapeArea(_ shape: ShapePaint, _ layerBounds: Rect, clipped: Bool, toWindow: Homography, window: Size) -> Rect {
        var area = Rect(x: 0, y: 0, width: layerBounds.width, height: layerBounds.height)
        guard !clipped, let outline = shapeOutline(shape, layerBounds) else { return area }
        area = area.union(outline)
        // Only what the window can show of it (a path may reach far past the screen).
        if let visible = visibleArea(toWindow, window: window) { area = area.intersection(visible) }
        return wholePixels(area)
    }

    /// What a shape's path and stroke can cover, in the layer's local space (as `drawShape` reaches: half the stroke,
    /// a built path's mitred joins up to the miter limit's times that, and a point); nil for no path or no finite one.
    private func shapeOutline(_ shape: ShapePaint, _ layerBounds: Rect) -> Rect? {
        guard let path = shape.path else { return nil }
        let built: Bool = if case .elements = path { true } else { false }
        let reach = (shape.strokeColor != nil ? min(max(shape.lineWidth, 0), 1e6) / 2 * (built ? PathCoverage.miterLimit : 1) : 0) + 1
        // A path is in the bounds' space, origin included.
        let outline = path.bounds.standardized.insetBy(dx: -reach, dy: -reach).offsetBy(dx: -layerBounds.minX, dy: -layerBounds.minY)
        return [outline.minX, outline.minY, outline.maxX, outline.maxY].allSatisfy(\.isFinite) ? outline : nil
    }

    /// Where the window chrome draws, in points: the status bar's time and
    /// icons (from the top, where a sliding bar moves them) and the home indicator.
    private func chromeAreas(_ chrome: WindowChrome, window: Size) throws -> [Rect] {
        var areas: [Rect] = []
        if chrome.statusBarHeight >= 20 {
            let layout = try SystemChrome.statusBarLayout(width: window.width, height: chrome.statusBarHeight)
            for area in [layout.time, layout.icons] {
                let grown = area.insetBy(dx: -3, dy: -3)
                areas.append(Rect(x: grown.minX, y: 0, width: grown.width, height: max(grown.maxY, 0)))
            }
        }
        if chrome.homeIndicator {
            let bar = min(134, window.width * 0.36)
            areas.append(Rect(x: (window.width - bar) / 2 - 4, y: window.height - SystemChrome.homeBand, width: bar + 8,
                              height: SystemChrome.homeBand))
        }
        return areas
    }

    /// The whole pixels of `area` cut from the frame's picture.
    private func cut(_ area: Rect, from picture: Image, into scene: inout LayerScene) -> LayerScene.Overlay? {
        func pixel(_ v: Double, _ round: FloatingPointRoundingRule, _ limit: Int) -> Int {
            Int(min(max((v * scale).rounded(round), 0), Double(limit)))
        }
        let x0 = pixel(area.minX, .down, picture.width), x1 = pixel(area.maxX, .up, picture.width)
        let y0 = pixel(area.minY, .down, picture.height), y1 = pixel(area.maxY, .up, picture.height)
        guard x0 < x1, y0 < y1 else { return nil }
        var pixels: [UInt8] = []
        pixels.reserveCapacity((x1 - x0) * (y1 - y0) * 4)
        for y in y0..<y1 { pixels += picture.pixels[(y * picture.width + x0) * 4..<(y * picture.width + x1) * 4] }
        scene.pictures.append(Image(width: x1 - x0, height: y1 - y0, pixels: pixels))
        let frame = Rect(x: Double(x0) / scale, y: Double(y0) / scale, width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
        return LayerScene.Overlay(frame: frame, picture: scene.pictures.count - 1)
    }

    /// The part of a layer's local space the window shows (with a point to
    /// spare), or nil when the whole plane is not in front of the eye.
    private func visibleArea(_ toWindow: Homography, window: Size) -> Rect? {
        guard let back = toWindow.inverted else { return nil }
        let corners = [Point(x: 0, y: 0), Point(x: window.width, y: 0), Point(x: 0, y: window.height), Point(x: window.width, y: window.height)]
        guard corners.allSatisfy({ back.w(at: $0) > 0 }) else { return nil }
        let local = corners.map(back.apply)
        guard let x0 = local.map(\.x).min(), let x1 = local.map(\.x).max(), let y0 = local.map(\.y).min(), let y1 = local.map(\.y).max(),
              [x0, x1, y0, y1].allSatisfy(\.isFinite) else { return nil }
        return Rect(x: x0 - 1, y: y0 - 1, width: x1 - x0 + 2, height: y1 - y0 + 2)
    }

    /// The smallest rectangle of whole pixels holding `area`; empty for none.
    private func wholePixels(_ area: Rect) -> Rect {
        guard !area.isNull, [area.minX, area.minY, area.maxX, area.maxY].allSatisfy(\.isFinite) else {
            return Rect(x: 0, y: 0, width: 0, height: 0)
        }
        func whole(_ v: Double, _ rule: FloatingPointRoundingRule) -> Double { (v * scale).rounded(rule) / scale }
        let (x0, y0) = (whole(area.minX, .down), whole(area.minY, .down))
        return Rect(x: x0, y: y0, width: whole(area.maxX, .up) - x0, height: whole(area.maxY, .up) - y0)
    }

    /// The box a layer and its sublayers cover in the space `placement` maps
    /// its bounds' space into (the part cut by masksToBounds only), judged
    /// by their corners. A layer crossing the eye plane has no such box.
    private func extent(of layer: RenderLayer, placement: Homography, depth: Int = 0) throws -> Rect {
        let bounds = layer.bounds.standardized
        let local = Homography(translationX: bounds.minX, y: bounds.minY).concatenating(placement)
        let drawn = Quad(ownArea(of: layer))
        guard depth < 64, drawn.points.allSatisfy({ local.w(at: $0) > 0 }) else { throw NeedsPicture() }
        var box = drawn.map(local.apply).boundingBox
        guard !layer.masksToBounds else { return box }
        let inner = Homography(translationX: -bounds.minX, y: -bounds.minY).concatenating(local)
        for sublayer in layer.sublayers where !sublayer.isHidden {
            let sub = try extent(of: sublayer, placement: layer.placement(of: sublayer).concatenating(inner), depth: depth + 1)
            box = box.union(sub)
        }
        return box
    }

    /// How many window points a point of the layer's local space spans at `point`, along whichever axis spans more.
    private func enlargement(_ toWindow: Homography, at point: Point) -> Double {
        let middle = toWindow.apply(point)
        let spans = [Point(x: point.x + 1, y: point.y), Point(x: point.x, y: point.y + 1)].map { moved -> Double in
            let to = toWindow.apply(moved)
            let (dx, dy) = (to.x - middle.x, to.y - middle.y)
            return (dx * dx + dy * dy).squareRoot()
        }
        return max(spans[0], spans[1])
    }

    /// What a layer itself can draw on, in its local space: its bounds, a
    /// shape's path and stroke, its shadow and the blur's reach (none of
    /// them past the bounds when it masks to them).
    private func ownArea(of layer: RenderLayer) -> Rect {
        let bounds = layer.bounds.standardized
        var area = Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        guard !layer.masksToBounds else { return area }
        if case .shape(let shape) = layer.content, let outline = shapeOutline(shape, bounds) { area = area.union(outline) }
        if let shadow = layer.shadow {
            let reach = 3 * min(max(shadow.radius, 0), 1000) + 1
            let shape = (shadow.path?.bounds.standardized ?? bounds).offsetBy(dx: shadow.offset.x - bounds.minX, dy: shadow.offset.y - bounds.minY)
            area = area.union(shape.insetBy(dx: -reach, dy: -reach))
        }
        return [area.minX, area.minY, area.maxX, area.maxY].allSatisfy(\.isFinite) ? area : Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)
    }
}

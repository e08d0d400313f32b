import CRaster
import Foundation
import Geometry
import RenderTree

/// Draws frozen render trees as Core Animation would show them
/// (shared/reference/rendering.md): presentation values, back to front,
/// every layer flattened into its parent's plane through its 3-D transform.
///
/// Each layer's plane maps to the screen by one homography (its own
/// placement composed with its ancestors'), so a layer is drawn straight
/// into the frame by walking the device pixels of its projected box and
/// mapping each back into the layer: perspective-correct by construction.
/// Offscreen passes happen only where Core Animation makes them: a group
/// with opacity < 1 and sublayers, and a page being curled.
public final class Renderer {
    public let scale: Double
    let painter: any ScreenPainter
    /// The screens drawn for a role at a size, kept for the next frame.
    private var screens: [ScreenKey: Painted] = [:]
    /// The list's rows drawn at a size, kept likewise.
    private var rows: [RowKey: Painted] = [:]
    var spareTargets: [RenderTarget] = []
    let backdropScratch = BackdropScratch()
    private var frameTarget: RenderTarget?
    /// Kept for the pictures of a scene's layers (`scene(of:picture:)`), mostly of one size.
    var pictureTarget: RenderTarget?
    /// Device pixels this renderer (and any sharing its budget) may still
    /// visit (each layer's projected box, each clip's box, each group's
    /// clip box or whole frame): a script decides how many views there
    /// are, and the drawing they cost is bounded like its time.
    let budget: WorkBudget
    public var workLeft: Int { budget.left }
    /// Groups (opacity with sublayers) and masks drawn offscreen one inside
    /// another, at most (each offscreen frame holds a whole frame's memory):
    /// deeper groups fade each of their layers alone, and a deeper mask stops
    /// the drawing with a sentence.
    static let groupDepthLimit = 8
    var groupDepth = 0
    /// The pixels of clip masks held at once (each clip's box, while its
    /// sublayers draw), at most: a script may nest clips as deep as its views
    /// go, each holding its box, so memory is bounded here rather than by
    /// depth (128 MB of masks; a 390 × 844 frame at @3× holds 21 whole).
    static let clipPixelLimit = 64_000_000
    private var clipPixelsHeld = 0

    /// The pixel visits one renderer may make: about 10 s of drawing at the
    /// slowest (perspective) rate, five times a 3-second round trip at @3×.
    public static let defaultWorkLimit = 1_500_000_000

    /// The most pixels one frame may have (8K × 4K; an iPad at @3× is 2,502 × 3,582).
    public static let framePixelLimit = 32_000_000
    private var pageTarget: RenderTarget?
    /// What `pageTarget` holds: the flat page last drawn into it, and all it was drawn with.
    private var pageDrawn: PageKey?
    /// The kept page's flat tiles (`cr_texture_tiles`).
    private var pageTiles: [UInt64] = []
    /// Curled pages being drawn, one inside another's page.
    private var curlDepth = 0
    private var currentWindow = Size(width: 390, height: 844)
    /// The frame's screens' own safe areas, by layer id.
    private var currentScreenSafeAreas: [Int: EdgeInsets] = [:]
    /// The status bar and home indicator drawn at a size, in each colour, kept for the next frame.
    var chromePictures: [ChromeKey: Image] = [:]
    /// Subtrees turned in depth, flattened into their layers' planes, most recent last (Renderer+Plane).
    var flatPlanes: [FlatPlane] = []

    struct ScreenKey: Hashable {
        let role: ScreenRole
        let look: ScreenLook
        let width: Int, height: Int
        let safeArea: EdgeInsets
    }

    /// Everything a curled layer's flat page is drawn from: a page the same
    /// as the last one drawn is the same pixels (the curl moves, the page
    /// does not).
    struct PageKey: Equatable {
        let flat: RenderLayer
        let safeArea: EdgeInsets
        let window: Size
        let screenSafeAreas: [Int: EdgeInsets]
        let groupDepth: Int
    }

    /// A layer as it lies in its own plane (not turned, curled or faded,
    /// its bounds' origin at the picture's), and all its picture is drawn
    /// from: a curled page's, a flattened plane's.
    func flatPage(of layer: RenderLayer, context: DrawContext) -> PageKey {
        var flat = layer
        flat.curl = 0
        flat.transform = .identity
        flat.opacity = 1
        flat.isDoubleSided = true
        flat.anchorPoint = Point(x: 0, y: 0)
        flat.position = Point(x: 0, y: 0)
        return PageKey(flat: flat, safeArea: context.safeArea, window: currentWindow, screenSafeAreas: currentScreenSafeAreas,
                       groupDepth: groupDepth)
    }

    struct RowKey: Hashable {
        let index: Int
        let width: Int, height: Int
    }

    /// A painted screen or row, with its flat tiles (`cr_texture_tiles`),
    /// found once when it is painted and used by every frame that draws it.
    struct Painted {
        let image: Image
        let tiles: [UInt64]

        init(_ image: Image) {
            self.image = image
            let count = cr_tile_count(Int32(image.width), Int32(image.height))
            tiles = [UInt64](unsafeUninitializedCapacity: count) { tiles, initialized in
                image.pixels.withUnsafeBufferPointer { pixels in
                    cr_texture_tiles(pixels.baseAddress, Int32(image.width), Int32(image.height), tiles.baseAddress)
                }
                initialized = count
            }
        }
    }

    /// - Parameters:
    ///   - scale: device pixels a point (1, 2 or 3).
    ///   - painter: what a presenting or presented screen shows.
    public convenience init(scale: Double, painter: any ScreenPainter, workLimit: Int = Renderer.defaultWorkLimit) {
        self.init(scale: scale, painter: painter, budget: WorkBudget(limit: workLimit))
    }

    /// A renderer drawing from a budget it shares (with the others of a `FrameBatch`).
    init(scale: Double, painter: any ScreenPainter, budget: WorkBudget) {
        self.scale = scale
        self.painter = painter
        self.budget = budget
    }

    func charge(_ pixels: Int) throws {
        try budget.charge(pixels)
    }

    /// The frame's pixels: the window's size times the scale, opaque where
    /// the window shows anything (what is behind every view is black, as
    /// under a UIWindow with no background).
    public func render(_ frame: RenderFrame, safeArea: EdgeInsets? = nil) throws -> Image {
        let (width, height) = pixelSize(of: frame.size)
        guard width * height <= Self.framePixelLimit else {
            throw RasterError.tooLarge(what: "a \(width)×\(height) frame", pixels: width * height, limit: Self.framePixelLimit)
        }
        try charge(width * height)
        currentWindow = frame.size
        currentScreenSafeAreas = frame.screenSafeAreas
        let target = RenderTarget.reusing(frameTarget, width: width, height: height)
        frameTarget = target
        return try target.drawingImage {
            target.clear(to: (0, 0, 0, 255))
            var context = DrawContext(target: target, clip: nil, safeArea: safeArea ?? frame.safeArea)
            try draw(frame.root, parent: Homography(scaleX: scale, y: scale), context: &context)
            if painter.showsSystemChrome, let chrome = frame.chrome {
                try drawChrome(chrome, window: frame.size, into: target)
            }
            for touch in frame.touches { drawTouch(at: touch, into: target) }
        }
    }

    /// Pixels for a size in points, clamped to what a frame can hold (a
    /// script may make a view of any finite size).
    public func pixelSize(of size: Size) -> (Int, Int) {
        func pixels(_ points: Double) -> Int {
            let p = (points * scale).rounded()
            return p.isFinite ? Int(min(max(p, 1), 1_000_000)) : 1
        }
        return (pixels(size.width), pixels(size.height))
    }

    struct DrawContext {
        let target: RenderTarget
        /// What the drawing is cut to (masksToBounds of an ancestor), or nil.
        var clip: ClipMask?
        let safeArea: EdgeInsets
        /// For an offscreen target aligned with the frame (a group, a mask),
        /// the targets it will be composited over, bottom first: what a
        /// backdrop blur sees behind it.
        var under: [RenderTarget] = []
    }

    /// - Parameter placement: the layer's map into its parent's bounds space
    ///   (its parent's `placement(of:)`, which applies a sublayerTransform);
    ///   nil for its own `placement`.
    func draw(_ layer: RenderLayer, placement: Homography? = nil, parent: Homography, context: inout DrawContext) throws {
        guard !layer.isHidden, layer.opacity >= 0.5 / 255 else { return }
        let bounds = layer.bounds.standardized
        // Local space: the bounds from (0, 0), so the shape is [0, w] × [0, h].
        let toDevice = Homography(translationX: bounds.minX, y: bounds.minY)
            .concatenating(placement ?? layer.placement).concatenating(parent)
        let corners = Quad(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height))
        let ws = corners.points.map(toDevice.w(at:))
        let inFront = ws.allSatisfy { $0 > 0 }
        // Wholly behind the eye: nothing of it, nor of what is flattened into it, is seen.
        if ws.allSatisfy({ $0 <= 0 }) { return }
        let projected = corners.map(toDevice.apply)
        // Single-sided: culled when it faces away from its superlayer's plane, where Core Animation judges
        // it (flattened into its superlayer, a sublayer of a mirrored or turned view is seen with it).
        if !layer.isDoubleSided && Homography(translationX: bounds.minX, y: bounds.minY)
            .concatenating(placement ?? layer.placement).turnsAway(corners) { return }
        if inFront && abs(projected.signedArea) < 1e-9 && !bounds.isEmpty { return }  // edge-on: no area to draw
        let box = pixelBox(projected, inFront: inFront, in: context.target)

        if layer.curl > 0 {
            return try drawCurled(layer, toDevice: toDevice, box: box, context: &context)
        }
        if let mask = layer.mask {
            // Drawing it unmasked would show what the mask hides: said, not guessed.
            guard groupDepth < Self.groupDepthLimit else { throw RasterError.groupsTooDeep(limit: Self.groupDepthLimit) }
            return try drawMasked(layer, by: mask, toDevice: toDevice, box: box, context: &context)
        }
        if inFront && drawsFlattened(layer, toDevice: toDevice, projected: projected, frame: context.target) {
            return try drawFlattened(layer, toDevice: toDevice, box: box, context: &context)
        }
        let alpha = layer.opacityByte
        // An opacity that rounds to 255 draws as 1: no group (its composite could only lose samples).
        if alpha < 255 && !layer.sublayers.isEmpty && groupDepth < Self.groupDepthLimit {
            // Group opacity: the subtree composited once, then faded. Nothing
            // of it can fall outside the clip's box, so only that is cleared
            // and composited (each dearer than a blend).
            let region = drawable(context)
            try charge(3 * region.area)
            let offscreen = takeTarget(like: context.target)
            groupDepth += 1
            defer { giveBack(offscreen, drawnIn: region); groupDepth -= 1 }
            var inner = DrawContext(target: offscreen, clip: context.clip, safeArea: context.safeArea, under: context.under + [context.target])
            var opaque = layer
            opaque.opacity = 1
            try drawLayer(opaque, toDevice: toDevice, box: box, context: &inner)
            cr_composite_target(&context.target.target, &offscreen.target, alpha,
                                Int32(region.x0), Int32(region.y0), Int32(region.x1), Int32(region.y1))
            return
        }
        if alpha < 255 && !layer.sublayers.isEmpty {
            // Deeper than offscreen frames may nest: each sublayer fades by this
            // layer's opacity too, as a group would show it where they do not overlap.
            var faded = layer
            faded.sublayers = layer.sublayers.map { var sublayer = $0; sublayer.opacity *= layer.opacity; return sublayer }
            return try drawLayer(faded, toDevice: toDevice, box: box, context: &context)
        }
        try drawLayer(layer, toDevice: toDevice, box: box, context: &context)
    }

    /// Background, content, sublayers (cut to the bounds when masksToBounds), border.
    func drawLayer(_ layer: RenderLayer, toDevice: Homography, box: PixelBox?, context: inout DrawContext) throws {
        let bounds = layer.bounds.standardized
        let radius = min(max(layer.cornerRadius, 0), min(bounds.width, bounds.height) / 2)
        let alpha = layer.opacityByte
        let painted = try texture(for: layer, size: bounds.size, safeArea: context.safeArea)
        let content = painted?.image
        let corners = layer.maskedCorners
        // masksToBounds cuts the shadow away with everything outside the bounds (a well-known Core Animation catch).
        if let shadow = layer.shadow, !layer.masksToBounds {
            try drawShadow(shadow, bounds: bounds, radius: radius, corners: corners, toDevice: toDevice, alpha: alpha, context: context)
        }
        // Only the pixels the clip lets through are visited (and charged): a
        // snapshot of the whole screen inside a small piece costs the piece.
        let visible = box.flatMap { $0.intersection(drawable(context)) }
        if let box = visible, !bounds.isEmpty {
            try charge(box.area)
            let background = layer.backgroundColor.map(premultiplied) ?? (0, 0, 0, 0)
            if case .gradient(let gradient) = layer.content, let picture = try gradientTexture(gradient, size: bounds.size) {
                // A gradient fills the layer's shape, rounded corners included, over its background.
                fill(toDevice, bounds.size, radius: radius, corners: corners, color: background, texture: picture, alpha: alpha,
                     box: box, context: context)
            } else if content != nil && radius > 0 && !layer.masksToBounds {
                // Core Animation rounds the background always, the contents only when masking.
                fill(toDevice, bounds.size, radius: radius, corners: corners, color: background, alpha: alpha, box: box, context: context)
                fill(toDevice, bounds.size, radius: 0, color: (0, 0, 0, 0), texture: content, tiles: painted?.tiles, alpha: alpha,
                     box: box, context: context)
            } else if content != nil || background.3 > 0 {
                fill(toDevice, bounds.size, radius: radius, corners: corners, color: background, texture: content, tiles: painted?.tiles,
                     alpha: alpha, box: box, context: context)
            }
        }
        if let material = layer.backdrop, let box, !bounds.isEmpty {
            try drawBackdrop(material, size: bounds.size, radius: radius, corners: corners, toDevice: toDevice, alpha: alpha, box: box,
                             context: context)
        }
        if case .stretched(let picture, let region, let capInsets) = layer.content, !bounds.isEmpty {
            try drawStretched(picture, region: region, capInsets: capInsets, size: bounds.size, toDevice: toDevice, alpha: alpha,
                              context: context)
        }
        if case .shape(let shape) = layer.content {
            try drawShape(shape, bounds: bounds, masksToBounds: layer.masksToBounds, toDevice: toDevice, alpha: alpha, context: context)
        }
        if !layer.sublayers.isEmpty {
            var inner = context
            var held = 0
            defer { clipPixelsHeld -= held }
            if layer.masksToBounds {
                // Nothing of the sublayers shows outside the layer's box, nor outside the clip it is in.
                guard let region = visible else { return }
                try charge(region.area)
                guard clipPixelsHeld + region.area <= Self.clipPixelLimit else { throw RasterError.clipsTooDeep(limit: Self.clipPixelLimit) }
                held = region.area
                clipPixelsHeld += held
                var quad = makeQuad(toDevice, bounds.size, radius: radius, corners: corners, box: region)
                inner.clip = ClipMask(cutting: context.clip, to: region, by: &quad)
            }
            // Sublayers are placed in the bounds' own space (origin included).
            let sublayerParent = Homography(translationX: -bounds.minX, y: -bounds.minY).concatenating(toDevice)
            for sublayer in layer.orderedSublayers {
                try draw(sublayer, placement: layer.placement(of: sublayer), parent: sublayerParent, context: &inner)
            }
        }
        if layer.borderWidth > 0, let border = layer.borderColor, let box = visible, !bounds.isEmpty {
            try charge(box.area)
            var quad = makeQuad(toDevice, bounds.size, radius: radius, corners: corners, box: box)
            quad.ring = min(layer.borderWidth, min(bounds.width, bounds.height) / 2)
            quad.color = premultiplied(border)
            quad.alpha = alpha
            draw(&quad, context: context)
        }
    }

    // MARK: Quads

    func fill(_ toDevice: Homography, _ size: Size, radius: Double, corners: CornerMask = .all, color: (UInt8, UInt8, UInt8, UInt8),
              texture: Image? = nil, tiles: [UInt64]? = nil, alpha: UInt8, box: PixelBox, context: DrawContext) {
        var quad = makeQuad(toDevice, size, radius: radius, corners: corners, box: box)
        quad.color = color
        quad.alpha = alpha
        guard let texture, texture.width > 0, texture.height > 0 else { return draw(&quad, context: context) }
        texture.pixels.withUnsafeBufferPointer { pixels in
            quad.texture = pixels.baseAddress
            quad.tex_width = Int32(texture.width)
            quad.tex_height = Int32(texture.height)
            guard let tiles else { return draw(&quad, context: context) }
            tiles.withUnsafeBufferPointer { tiles in
                quad.tiles = tiles.baseAddress
                draw(&quad, context: context)
            }
        }
    }

    func draw(_ quad: inout cr_quad, context: DrawContext) {
        clipped(&quad, context: context) { target, quad in cr_draw_quad(target, quad) }
    }

    /// Runs one of CRaster's drawing calls on the context's target with the
    /// quad cut to the context's clip, if it has one (the mask's pointer
    /// lives only for the call).
    func clipped(_ quad: inout cr_quad, context: DrawContext,
                 _ body: (UnsafeMutablePointer<cr_target>, UnsafeMutablePointer<cr_quad>) -> Void) {
        let target = context.target
        guard let clip = context.clip else { return body(&target.target, &quad) }
        clip.samples.withUnsafeBufferPointer { mask in
            quad.clip = mask.baseAddress
            (quad.clip_x0, quad.clip_y0, quad.clip_x1, quad.clip_y1) = (Int32(clip.box.x0), Int32(clip.box.y0),
                                                                        Int32(clip.box.x1), Int32(clip.box.y1))
            body(&target.target, &quad)
        }
    }

    /// The pixels of the context's target drawing can reach: its clip's box, or all of them.
    func drawable(_ context: DrawContext) -> PixelBox {
        context.clip?.box ?? PixelBox(x0: 0, y0: 0, x1: context.target.width, y1: context.target.height)
    }

    /// What a clip lets through: the samples of each pixel of a box (`cr_quad.clip`),
    /// nothing outside it. Only the box is kept, so a small clip costs its own
    /// pixels and a clip inside another no more than its part of the outer one.
    struct ClipMask {
        let box: PixelBox
        let samples: [UInt16]

        /// `outer` (everything when nil) cut to `quad`'s shape, inside `box`
        /// (which lies inside `outer`'s box).
        init(cutting outer: ClipMask?, to box: PixelBox, by quad: inout cr_quad) {
            self.box = box
            let width = box.x1 - box.x0
            var samples: [UInt16]
            if let outer {
                let outerWidth = outer.box.x1 - outer.box.x0
                samples = []
                samples.reserveCapacity(box.area)
                for y in box.y0..<box.y1 {
                    let start = (y - outer.box.y0) * outerWidth + (box.x0 - outer.box.x0)
                    samples.append(contentsOf: outer.samples[start..<start + width])
                }
            } else {
                samples = [UInt16](repeating: 0xffff, count: box.area)
            }
            samples.withUnsafeMutableBufferPointer {
                cr_clip_quad($0.baseAddress, Int32(box.x0), Int32(box.y0), Int32(box.x1), Int32(box.y1), &quad)
            }
            self.samples = samples
        }
    }

    /// A quad for the local shape [0, w] × [0, h] mapped by `toDevice`.
    func makeQuad(_ toDevice: Homography, _ size: Size, radius: Double, corners: CornerMask = .all, box: PixelBox) -> cr_quad {
        var quad = cr_quad()
        quad.square_corners = Int32(~corners.rawValue & CornerMask.all.rawValue)
        let inverse = toDevice.inverted ?? Homography(h11: 0, h12: 0, h13: 0, h21: 0, h22: 0, h23: 0, h31: 0, h32: 0, h33: 0)
        quad.m = (inverse.h11, inverse.h12, inverse.h13, inverse.h21, inverse.h22, inverse.h23, inverse.h31, inverse.h32, inverse.h33)
        quad.f = (toDevice.h13, toDevice.h23, toDevice.h33)
        quad.width = size.width
        quad.height = size.height
        quad.radius = radius
        quad.alpha = 255
        (quad.x0, quad.y0, quad.x1, quad.y1) = (Int32(box.x0), Int32(box.y0), Int32(box.x1), Int32(box.y1))
        return quad
    }

    /// A layer's shadow, under it and in its plane: its path (or its rounded
    /// bounds) offset and blurred, reaching 3 deviations past the shape.
    private func drawShadow(_ shadow: Shadow, bounds: Rect, radius: Double, corners: CornerMask, toDevice: Homography, alpha: UInt8,
                            context: DrawContext) throws {
        if case .elements(let elements) = shadow.path {
            return try drawBuiltPathShadow(elements, shadow, bounds: bounds, toDevice: toDevice, alpha: alpha, context: context)
        }
        // Local space has the bounds' origin at (0, 0); a path is in bounds space.
        let shape = (shadow.path?.bounds.standardized ?? bounds).offsetBy(dx: shadow.offset.x - bounds.minX, dy: shadow.offset.y - bounds.minY)
        let cornerRadius = shadow.path?.cornerRadius ?? radius
        let sigma = min(max(shadow.radius, 0), 1000)
        guard shape.width > 0, shape.height > 0, shape.minX.isFinite, shape.minY.isFinite, shape.width.isFinite, shape.height.isFinite
        else { return }
        let reach = shape.insetBy(dx: -3 * sigma - 1, dy: -3 * sigma - 1)
        let projected = Quad(reach).map(toDevice.apply)
        let ws = Quad(reach).points.map(toDevice.w(at:))
        guard let box = pixelBox(projected, inFront: ws.allSatisfy { $0 > 0 }, in: context.target) else { return }
        // A path has all its corners; the layer's own shape rounds only its masked ones.
        var quad = makeQuad(toDevice, bounds.size, radius: 0, corners: shadow.path == nil ? corners : .all, box: box)
        let corner = min(cornerRadius, min(shape.width, shape.height) / 2)
        // Each pixel integrates the blur: a few blends' worth of work. Near a
        // rounded corner (within its radius and 3σ of both edges) it is taken
        // row by row, 16 steps of the same: about 190 ns a pixel, 28 pixel
        // visits at the budget's rate. Those pixels are counted first (one
        // mapping each, within the four), so a map that magnifies a corner
        // over the screen is charged what it costs.
        try charge(4 * box.area)
        var cornerPixels = 0
        clipped(&quad, context: context) { _, quad in
            cornerPixels = cr_shadow_corner_pixels(quad, shape.minX, shape.minY, shape.width, shape.height, corner, sigma)
        }
        try charge(28 * cornerPixels)
        var color = shadow.color
        color.alpha = min(max(color.alpha, 0), 1) * min(max(shadow.opacity, 0), 1)
        quad.color = premultiplied(color)
        quad.alpha = alpha
        clipped(&quad, context: context) { target, quad in
            cr_draw_shadow(target, quad, shape.minX, shape.minY, shape.width, shape.height, corner, sigma)
        }
    }

    struct PixelBox {
        var x0, y0, x1, y1: Int

        var area: Int { (x1 - x0) * (y1 - y0) }

        /// The pixels in both, or nil when none are.
        func intersection(_ other: PixelBox) -> PixelBox? {
            let box = PixelBox(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
            return box.x0 < box.x1 && box.y0 < box.y1 ? box : nil
        }
    }

    /// The device pixels a projected quad can touch, inside the target; the
    /// whole target when part of the layer is behind the eye (its image
    /// then reaches the screen's edge). nil when nothing is on screen.
    func pixelBox(_ quad: Quad, inFront: Bool, in target: RenderTarget) -> PixelBox? {
        guard inFront else { return PixelBox(x0: 0, y0: 0, x1: target.width, y1: target.height) }
        let xs = quad.points.map(\.x), ys = quad.points.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        // Clamped as doubles first: a script's view may lie far beyond any Int.
        func clamp(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        let box = PixelBox(x0: clamp((minX - 1).rounded(.down), target.width), y0: clamp((minY - 1).rounded(.down), target.height),
                           x1: clamp((maxX + 1).rounded(.up), target.width), y1: clamp((maxY + 1).rounded(.up), target.height))
        return box.x0 < box.x1 && box.y0 < box.y1 ? box : nil
    }

    // MARK: Content

    /// What the layer shows in its bounds, at the device's resolution.
    func texture(for layer: RenderLayer, size: Size, safeArea: EdgeInsets) throws -> Painted? {
        let window = currentWindow
        if case .listRow(let index) = layer.content { return try rowTexture(index, size: size) }
        guard case .screen(let role, let look) = layer.content, size.width >= 1, size.height >= 1 else { return nil }
        // A screen is a controller's root view, about the window's size; one
        // made far larger by a script shows its colour only (painting it would
        // cost without bound).
        guard size.width <= 4 * max(window.width, 1), size.height <= 4 * max(window.height, 1) else { return nil }
        let (width, height) = pixelSize(of: size)
        let insets = currentScreenSafeAreas[layer.id] ?? Self.screenSafeArea(size: size, window: window, safeArea: safeArea)
        let key = ScreenKey(role: role, look: look, width: width, height: height, safeArea: insets)
        if let cached = screens[key] { return cached.image.width > 0 ? cached : nil }
        // Painting a screen (shapes and text) costs several blends a pixel.
        try charge(8 * width * height)
        let image = try painter.paint(role, look: look, size: size, scale: scale, safeArea: insets)
        let painted = image.width > 0 && image.pixels.contains(where: { $0 != 0 }) ? Painted(image) : nil
        if screens.count > 16 { screens.removeAll() }
        screens[key] = painted ?? Painted(Image(width: 0, height: 0))
        return painted
    }

    /// A screen's safe area when the frame does not give it (a frame made by
    /// hand): the window's for a screen as tall as the window; for a shorter
    /// one (a sheet, a box) none at the top, where the status bar is above
    /// it, and the bottom and sides only when it spans the window's width
    /// (a sheet risen from the bottom edge).
    static func screenSafeArea(size: Size, window: Size, safeArea: EdgeInsets) -> EdgeInsets {
        if size.height >= window.height - 0.5 { return safeArea }
        guard size.width >= window.width - 0.5 else { return EdgeInsets() }
        return EdgeInsets(left: safeArea.left, bottom: safeArea.bottom, right: safeArea.right)
    }

    /// A row of the presenting screen's list; one made far larger than the
    /// window by a script shows its colour only, as a screen does.
    private func rowTexture(_ index: Int, size: Size) throws -> Painted? {
        let window = currentWindow
        guard size.width >= 1, size.height >= 1, size.width <= 4 * max(window.width, 1), size.height <= 4 * max(window.height, 1)
        else { return nil }
        let (width, height) = pixelSize(of: size)
        let key = RowKey(index: index, width: width, height: height)
        if let cached = rows[key] { return cached.image.width > 0 ? cached : nil }
        try charge(8 * width * height)
        let image = try painter.paintRow(index, size: size, scale: scale)
        let painted = image.width > 0 && image.pixels.contains(where: { $0 != 0 }) ? Painted(image) : nil
        if rows.count > 32 { rows.removeAll() }
        rows[key] = painted ?? Painted(Image(width: 0, height: 0))
        return painted
    }

    /// A clear target the size of `target`: a spare one (`giveBack` cleared it) or a new one.
    func takeTarget(like target: RenderTarget) -> RenderTarget {
        if let index = spareTargets.firstIndex(where: { $0.width == target.width && $0.height == target.height }) {
            return spareTargets.remove(at: index)
        }
        return RenderTarget(width: target.width, height: target.height)
    }

    /// Keeps an offscreen target for the next group or mask, cleared where
    /// it was drawn (`region`, the clip's box it was drawn under): clearing
    /// a whole frame for a small clipped group would cost as much as the
    /// frame.
    func giveBack(_ target: RenderTarget, drawnIn region: PixelBox) {
        cr_clear_box(&target.target, Int32(region.x0), Int32(region.y0), Int32(region.x1), Int32(region.y1))
        spareTargets.append(target)
    }

    // MARK: Page curl

    /// The page's flat picture (background, content, sublayers) drawn into
    /// its own pixels, then wrapped round the curl's cylinder on screen.
    ///
    /// Apple publishes no geometry for partialCurl; ours (the reference's
    /// cylinder model): the curl lifts the bottom edge, tilted so the
    /// bottom-right corner leads (n at 0.3 rad from straight down), round a
    /// cylinder of radius 8 % of the page's shorter side; `curl` moves the
    /// axis from the leading corner (0, nothing lifted) across the page and
    /// one half-turn of the cylinder more (1, the page folded right over).
    private func drawCurled(_ layer: RenderLayer, toDevice: Homography, box: PixelBox?, context: inout DrawContext) throws {
        let bounds = layer.bounds.standardized
        guard !bounds.isEmpty, box != nil else { return }
        let (width, height) = pixelSize(of: bounds.size)
        // The page is drawn flat into a picture of its own first: one larger than a frame is refused, in words.
        guard width * height <= Self.framePixelLimit else {
            throw RasterError.tooLarge(what: "a curled page of \(width)×\(height)", pixels: width * height, limit: Self.framePixelLimit)
        }
        try charge(width * height + context.target.width * context.target.height)
        let key = flatPage(of: layer, context: context)
        let flat = key.flat
        // A page curled inside another's page gets a picture of its own (the
        // kept one is the outer page's, being drawn), drawn afresh each time.
        let nested = curlDepth > 0
        curlDepth += 1
        defer { curlDepth -= 1 }
        let page = nested ? RenderTarget(width: width, height: height) : RenderTarget.reusing(pageTarget, width: width, height: height)
        var tiles = pageTiles
        if nested || page !== pageTarget || pageDrawn != key {
            if !nested {
                pageTarget = page
                pageDrawn = nil
            }
            page.clear()
            var pageContext = DrawContext(target: page, clip: nil, safeArea: context.safeArea)
            try draw(flat, parent: Homography(scaleX: scale, y: scale), context: &pageContext)
            // The page's own pixels are the curl's texture, not a copy.
            tiles = [UInt64](repeating: 0, count: cr_tile_count(Int32(width), Int32(height)))
            cr_texture_tiles(page.pixels, Int32(width), Int32(height), &tiles)
            if !nested {
                pageTiles = tiles
                pageDrawn = key
            }
        }

        let angle = 0.3
        let n = Point(x: sin(angle), y: cos(angle))
        let radius = max(4, min(bounds.width, bounds.height) * 0.08)
        let corners: [Point] = Quad(Rect(x: 0, y: 0, width: bounds.width, height: bounds.height)).points
        let ds: [Double] = corners.map { (p: Point) -> Double in p.x * n.x + p.y * n.y }
        let lead = ds.max()!, extent = lead - ds.min()!
        let axis = lead - min(layer.curl, 1) * (extent + .pi * radius)
        // The curled page reaches past its flat box (the flap folds back over it): the whole frame.
        var quad = makeQuad(toDevice, bounds.size, radius: 0, box: PixelBox(x0: 0, y0: 0, x1: context.target.width, y1: context.target.height))
        quad.alpha = layer.opacityByte
        quad.texture = UnsafePointer(page.pixels)
        quad.tex_width = Int32(page.width)
        quad.tex_height = Int32(page.height)
        tiles.withUnsafeBufferPointer { tiles in
            quad.tiles = tiles.baseAddress
            clipped(&quad, context: context) { target, quad in
                cr_draw_curl(target, quad, axis * n.x, axis * n.y, n.x, n.y, radius)
            }
        }
    }

    // MARK: Touch

    /// A finger on the glass: a grey dot with a white rim, 44 pt across
    /// (Apple's minimum touch target), as the Simulator shows touches.
    private func drawTouch(at point: Point, into target: RenderTarget) {
        let diameter = 44.0
        let place = Homography(translationX: point.x - diameter / 2, y: point.y - diameter / 2)
            .concatenating(Homography(scaleX: scale, y: scale))
        let corners = Quad(Rect(x: 0, y: 0, width: diameter, height: diameter)).map(place.apply)
        guard let box = pixelBox(corners, inFront: true, in: target) else { return }
        let context = DrawContext(target: target, clip: nil, safeArea: EdgeInsets())
        var rim = makeQuad(place, Size(width: diameter, height: diameter), radius: diameter / 2, box: box)
        rim.color = premultiplied(Color(white: 1, alpha: 0.85))
        draw(&rim, context: context)
        let inset = Homography(translationX: 3, y: 3).concatenating(place)
        var dot = makeQuad(inset, Size(width: diameter - 6, height: diameter - 6), radius: (diameter - 6) / 2, box: box)
        dot.color = premultiplied(Color(white: 0.35, alpha: 0.6))
        draw(&dot, context: context)
    }
}

/// A colour as premultiplied 8-bit sRGB, rounded.
func premultiplied(_ c: Color) -> (UInt8, UInt8, UInt8, UInt8) {
    let a = min(max(c.alpha, 0), 1)
    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * a * 255).rounded()) }
    return (byte(c.red), byte(c.green), byte(c.blue), UInt8((a * 255).rounded()))
}

extension RenderLayer {
    /// The layer's opacity as the byte every path draws it with, and the page's scene judges it by: one that rounds to
    /// 255 is drawn opaque, without a group.
    var opacityByte: UInt8 { UInt8((min(opacity, 1) * 255).rounded()) }
}

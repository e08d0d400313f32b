import CRaster
import Geometry
import RenderTree

/// A layer turned in depth with its sublayers lying flat in it (a screen
/// and its list rows) is drawn as Core Animation composes it: the subtree
/// flattened into the layer's plane first, then that one picture through
/// the perspective. One textured quad a frame instead of one a sublayer
/// (each with its own edges and filter), and the flat picture is kept while
/// the subtree stays the same, as it does while its layer turns.
extension Renderer {
    /// A flattened subtree and everything it was drawn from.
    struct FlatPlane {
        let key: PageKey
        let picture: Painted
    }

    /// Frames' worth of pixels the flattened planes kept at once may hold
    /// (a flip's two screens): they are a script's to make as large as it
    /// likes, so what they hold is bounded by the frame, not by them.
    static let keptPlaneFrames = 2

    /// Whether `layer` (drawn through `toDevice`, in front of the eye) is
    /// better drawn flattened: turned in perspective, facing the viewer, and
    /// with a subtree that a picture of its bounds holds exactly.
    /// A plane larger than the frame is drawn layer by layer (its picture
    /// would cost more than the frame it is seen in), as is one wider or
    /// taller than content may be (texel positions are 16.16 fixed point).
    /// So is one seen shrunk to less than a third of its picture's size
    /// somewhere (far off, or nearly edge-on): one bilinear look a pixel
    /// at its picture would skip whole rows of texels, where each layer's
    /// own edges are still found by their samples.
    func drawsFlattened(_ layer: RenderLayer, toDevice: Homography, projected: Quad, frame: RenderTarget) -> Bool {
        guard !layer.sublayers.isEmpty, toDevice.h13 != 0 || toDevice.h23 != 0, projected.signedArea > 0,
              staysInside(layer), layer.sublayerTransform.isIdentity else { return false }
        let bounds = layer.bounds.standardized
        let (width, height) = pixelSize(of: bounds.size)
        guard isWhole(bounds.width), isWhole(bounds.height), width * height <= frame.width * frame.height,
              width <= Self.contentSideLimit, height <= Self.contentSideLimit,
              leastMagnification(toDevice, bounds.size) >= scale / 3 else { return false }
        return holdsFlat(layer.sublayers, in: bounds)
    }

    /// Whether a layer draws nothing outside its bounds: no shadow, no
    /// backdrop (it shows what is behind the plane), no shape (a path and
    /// its stroke may reach past them).
    private func staysInside(_ layer: RenderLayer) -> Bool {
        if case .shape = layer.content { return false }
        return layer.shadow == nil && layer.backdrop == nil
    }

    /// The fewest device pixels a point of the layer spans, along either
    /// side, at its corners (where a perspective shrinks it most).
    private func leastMagnification(_ toDevice: Homography, _ size: Size) -> Double {
        let corners = [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height), Point(x: size.width, y: size.height)]
        var least = Double.infinity
        for corner in corners {
            // One point inward along each side.
            let dx = corner.x > 0 ? -1.0 : 1.0, dy = corner.y > 0 ? -1.0 : 1.0
            let at = toDevice.apply(corner)
            for step in [Point(x: corner.x + dx, y: corner.y), Point(x: corner.x, y: corner.y + dy)] {
                let there = toDevice.apply(step)
                least = min(least, ((there.x - at.x) * (there.x - at.x) + (there.y - at.y) * (there.y - at.y)).squareRoot())
            }
        }
        return least.isNaN ? 0 : least
    }

    /// A length in points that is a whole number of pixels.
    private func isWhole(_ points: Double) -> Bool {
        let pixels = points * scale
        return pixels.isFinite && abs(pixels - pixels.rounded()) < 1e-9
    }

    /// Whether these sublayers (and theirs) lie flat on whole pixels inside
    /// `bounds` (their parent's bounds space), with nothing that reaches
    /// outside its own bounds or depends on what is behind the plane: what
    /// the flat picture shows is then what drawing each one turned shows.
    private func holdsFlat(_ sublayers: [RenderLayer], in bounds: Rect) -> Bool {
        sublayers.allSatisfy { sub in
            if sub.isHidden || sub.opacity < 0.5 / 255 { return true }
            let own = sub.bounds.standardized
            let frame = Rect(x: sub.position.x - sub.anchorPoint.x * own.width - bounds.minX,
                             y: sub.position.y - sub.anchorPoint.y * own.height - bounds.minY, width: own.width, height: own.height)
            guard sub.transform.isIdentity, sub.sublayerTransform.isIdentity, sub.mask == nil, staysInside(sub), sub.curl == 0, isWhole(frame.minX), isWhole(frame.minY), isWhole(frame.width), isWhole(frame.height),
                  frame.minX >= 0, frame.minY >= 0, frame.maxX <= bounds.width, frame.maxY <= bounds.height else { return false }
            return holdsFlat(sub.sublayers, in: own)
        }
    }

    /// Draws the layer's flat picture (background, content, sublayers: the
    /// layer as it is at rest, at its own place) through `toDevice`, at the
    /// layer's opacity: the group opacity Core Animation gives a subtree.
    func drawFlattened(_ layer: RenderLayer, toDevice: Homography, box: PixelBox?, context: inout DrawContext) throws {
        let bounds = layer.bounds.standardized
        guard let visible = box?.intersection(drawable(context)), !bounds.isEmpty else { return }
        let key = flatPage(of: layer, context: context)
        let plane: FlatPlane
        if let kept = flatPlanes.first(where: { $0.key == key }) {
            plane = kept
        } else {
            let (width, height) = pixelSize(of: bounds.size)
            try charge(width * height)
            let target = RenderTarget(width: width, height: height)
            let picture = try target.drawingImage {
                target.clear()
                var planeContext = DrawContext(target: target, clip: nil, safeArea: context.safeArea)
                try draw(key.flat, parent: Homography(scaleX: scale, y: scale), context: &planeContext)
            }
            plane = FlatPlane(key: key, picture: Painted(picture))
            flatPlanes.append(plane)
            // The oldest go first, down to what the frame allows (the newest always stays: it is drawn next).
            let allowed = Self.keptPlaneFrames * context.target.width * context.target.height
            while flatPlanes.count > 1, flatPlanes.reduce(0, { $0 + $1.picture.image.width * $1.picture.image.height }) > allowed {
                flatPlanes.removeFirst()
            }
        }
        try charge(visible.area)
        fill(toDevice, bounds.size, radius: 0, color: (0, 0, 0, 0), texture: plane.picture.image, tiles: plane.picture.tiles,
             alpha: layer.opacityByte, box: visible, context: context)
    }
}

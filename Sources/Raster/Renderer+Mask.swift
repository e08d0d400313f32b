import CRaster
import Geometry
import RenderTree

extension Renderer {
    /// A layer with a `mask`: the layer and its whole subtree drawn
    /// offscreen, then multiplied by the alpha of the mask (drawn in the
    /// layer's bounds space, as a sublayer would be, with its own opacity and
    /// sublayers), then faded by the layer's opacity and composited once.
    /// Masking the composite (not each sublayer) is what Core Animation
    /// does: overlapping sublayers under a half-transparent mask do not show
    /// through each other. The shadow is masked too, as there.
    func drawMasked(_ layer: RenderLayer, by mask: RenderLayer, toDevice: Homography, box: PixelBox?,
                    context: inout DrawContext) throws {
        let (width, height) = (context.target.width, context.target.height)
        // Two clears, two resolves, a mask pass and a composite of a whole frame.
        try budget.charge(6 * width * height)
        let picture = takeTarget(like: context.target)
        let stencil = takeTarget(like: context.target)
        groupDepth += 1
        defer {
            spareTargets.append(picture)
            spareTargets.append(stencil)
            groupDepth -= 1
        }
        var unmasked = layer
        unmasked.mask = nil
        unmasked.opacity = 1
        var inner = DrawContext(target: picture, clip: context.clip, safeArea: context.safeArea, under: context.under + [context.target])
        try drawLayer(unmasked, toDevice: toDevice, box: box, context: &inner)
        cr_resolve(&picture.target)
        let bounds = layer.bounds.standardized
        var maskContext = DrawContext(target: stencil, clip: nil, safeArea: context.safeArea)
        try draw(mask, parent: Homography(translationX: -bounds.minX, y: -bounds.minY).concatenating(toDevice), context: &maskContext)
        cr_resolve(&stencil.target)
        cr_apply_mask(picture.pixels, stencil.pixels, Int32(width), Int32(height), 0, 0, Int32(width), Int32(height))
        cr_composite(&context.target.target, picture.pixels, UInt8((min(layer.opacity, 1) * 255).rounded()),
                     0, 0, Int32(width), Int32(height))
    }
}

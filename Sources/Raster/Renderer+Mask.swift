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
        // Two clears, a mask pass and a composite of the clip's box (nothing
        // of the layer shows outside it, so neither picture is drawn there).
        let region = drawable(context)
        try budget.charge(4 * region.area)
        let picture = takeTarget(like: context.target)
        let stencil = takeTarget(like: context.target)
        groupDepth += 1
        defer {
            giveBack(picture, drawnIn: region)
            giveBack(stencil, drawnIn: region)
            groupDepth -= 1
        }
        var unmasked = layer
        unmasked.mask = nil
        unmasked.opacity = 1
        var inner = DrawContext(target: picture, clip: context.clip, safeArea: context.safeArea, under: context.under + [context.target])
        try drawLayer(unmasked, toDevice: toDevice, box: box, context: &inner)
        let bounds = layer.bounds.standardized
        var maskContext = DrawContext(target: stencil, clip: context.clip, safeArea: context.safeArea)
        try draw(mask, parent: Homography(translationX: -bounds.minX, y: -bounds.minY).concatenating(toDevice), context: &maskContext)
        let (x0, y0, x1, y1) = (Int32(region.x0), Int32(region.y0), Int32(region.x1), Int32(region.y1))
        cr_apply_mask(picture.pixels, stencil.pixels, Int32(context.target.width), Int32(context.target.height), x0, y0, x1, y1)
        cr_composite(&context.target.target, picture.pixels, layer.opacityByte, x0, y0, x1, y1)
    }
}

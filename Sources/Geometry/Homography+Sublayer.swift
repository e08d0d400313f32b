extension Homography {
    /// A layer placed in a parent whose `sublayerTransform` is not the
    /// identity: Core Animation applies the parent's sublayer transform about
    /// the parent's anchor point to the layer's whole 3-D transform, and only
    /// then flattens into the parent's plane, so a perspective (m34) in the
    /// parent foreshortens a child turned in depth, and one raised by its
    /// `zPosition` (the z of its position, Core Animation's third coordinate):
    ///
    ///     p · T(−anchor) · M · T(position − parentAnchor, zPosition) · S · T(parentAnchor)
    ///
    /// (row vectors; `parentAnchor` in the parent's bounds space). Without a
    /// sublayer transform the flattening drops z, and zPosition only orders
    /// the layer among its siblings.
    public init(layerTransform t: Transform3D, anchor: Point, position: Point, zPosition: Double = 0,
                parentSublayerTransform s: Transform3D, parentAnchor: Point) {
        let around = Transform3D(translationX: position.x - parentAnchor.x, y: position.y - parentAnchor.y, z: zPosition)
            .concatenating(s).concatenating(Transform3D(translationX: parentAnchor.x, y: parentAnchor.y, z: 0))
        self.init(layerTransform: t.concatenating(around), anchor: anchor, position: Point(x: 0, y: 0))
    }
}

/// A projective map of the plane, [x y 1] · H (row vectors, like CATransform3D).
///
/// Core Animation flattens every layer into its parent's plane, and that
/// flattening (transform about the anchor, divide by w, move to the
/// position) is a homography of the layer's plane. Homographies compose, so
/// a layer's corners in window coordinates are its own homography composed
/// with its ancestors', with no walk back up the tree.
public struct Homography: Sendable, Equatable {
    public var h11, h12, h13, h21, h22, h23, h31, h32, h33: Double

    public static let identity = Homography(h11: 1, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: 0, h32: 0, h33: 1)

    public init(h11: Double, h12: Double, h13: Double, h21: Double, h22: Double, h23: Double, h31: Double, h32: Double, h33: Double) {
        (self.h11, self.h12, self.h13, self.h21, self.h22, self.h23, self.h31, self.h32, self.h33) = (h11, h12, h13, h21, h22, h23, h31, h32, h33)
    }

    /// A layer whose bounds point `anchor` sits at `position` in its parent,
    /// transformed by `transform` (z = 0 points: rows 1, 2 and 4 of the
    /// matrix, columns x, y and w).
    public init(layerTransform t: Transform3D, anchor: Point, position: Point) {
        // p · T(−anchor) · M₃ · T(position)
        let (ax, ay, cx, cy) = (anchor.x, anchor.y, position.x, position.y)
        let r3x = t.m41 - ax * t.m11 - ay * t.m21
        let r3y = t.m42 - ax * t.m12 - ay * t.m22
        let r3w = t.m44 - ax * t.m14 - ay * t.m24
        self.init(h11: t.m11 + cx * t.m14, h12: t.m12 + cy * t.m14, h13: t.m14,
                  h21: t.m21 + cx * t.m24, h22: t.m22 + cy * t.m24, h23: t.m24,
                  h31: r3x + cx * r3w, h32: r3y + cy * r3w, h33: r3w)
    }

    /// self, then other.
    public func concatenating(_ o: Homography) -> Homography {
        Homography(
            h11: h11 * o.h11 + h12 * o.h21 + h13 * o.h31, h12: h11 * o.h12 + h12 * o.h22 + h13 * o.h32, h13: h11 * o.h13 + h12 * o.h23 + h13 * o.h33,
            h21: h21 * o.h11 + h22 * o.h21 + h23 * o.h31, h22: h21 * o.h12 + h22 * o.h22 + h23 * o.h32, h23: h21 * o.h13 + h22 * o.h23 + h23 * o.h33,
            h31: h31 * o.h11 + h32 * o.h21 + h33 * o.h31, h32: h31 * o.h12 + h32 * o.h22 + h33 * o.h32, h33: h31 * o.h13 + h32 * o.h23 + h33 * o.h33)
    }

    public func apply(_ p: Point) -> Point {
        var w = p.x * h13 + p.y * h23 + h33
        if w == 0 { w = 1e-9 }
        return Point(x: (p.x * h11 + p.y * h21 + h31) / w, y: (p.x * h12 + p.y * h22 + h32) / w)
    }
}

/// Four corners: top-left, top-right, bottom-right, bottom-left.
public struct Quad: Sendable, Equatable, Codable {
    public var topLeft, topRight, bottomRight, bottomLeft: Point

    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        (self.topLeft, self.topRight, self.bottomRight, self.bottomLeft) = (topLeft, topRight, bottomRight, bottomLeft)
    }

    public init(_ rect: Rect) {
        self.init(topLeft: Point(x: rect.minX, y: rect.minY), topRight: Point(x: rect.maxX, y: rect.minY),
                  bottomRight: Point(x: rect.maxX, y: rect.maxY), bottomLeft: Point(x: rect.minX, y: rect.maxY))
    }

    public var points: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The smallest rectangle holding the four corners.
    public var boundingBox: Rect {
        let xs = points.map(\.x), ys = points.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    public func map(_ transform: (Point) -> Point) -> Quad {
        Quad(topLeft: transform(topLeft), topRight: transform(topRight), bottomRight: transform(bottomRight), bottomLeft: transform(bottomLeft))
    }

    /// Positive when the corners run clockwise on screen (y down): the side facing the viewer.
    public var signedArea: Double {
        func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - b.x * a.y }
        return (cross(topLeft, topRight) + cross(topRight, bottomRight) + cross(bottomRight, bottomLeft) + cross(bottomLeft, topLeft)) / 2
    }
}

extension Homography {
    /// Whether `quad`, a layer's bounds, faces away from the viewer of the plane
    /// this map (the layer's own placement) takes it into. Core Animation judges
    /// `isDoubleSided` there: each layer is flattened into its superlayer, so what
    /// its ancestors do (a mirror, a turn of the whole card) moves the flattened
    /// picture but never culls a sublayer. A layer partly behind the eye of that
    /// plane's perspective is not said to face away.
    public func turnsAway(_ quad: Quad) -> Bool {
        guard quad.points.allSatisfy({ w(at: $0) > 0 }) else { return false }
        return quad.map(apply).signedArea <= 0
    }

    /// The map back (nil when the plane is seen edge-on and nothing maps back).
    public var inverted: Homography? {
        let c11 = h22 * h33 - h23 * h32, c12 = h13 * h32 - h12 * h33, c13 = h12 * h23 - h13 * h22
        let c21 = h23 * h31 - h21 * h33, c22 = h11 * h33 - h13 * h31, c23 = h13 * h21 - h11 * h23
        let c31 = h21 * h32 - h22 * h31, c32 = h12 * h31 - h11 * h32, c33 = h11 * h22 - h12 * h21
        let det = h11 * c11 + h12 * c21 + h13 * c31
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        return Homography(h11: c11 / det, h12: c12 / det, h13: c13 / det, h21: c21 / det, h22: c22 / det, h23: c23 / det,
                          h31: c31 / det, h32: c32 / det, h33: c33 / det)
    }

    /// A plain translation.
    public init(translationX x: Double, y: Double) {
        self.init(h11: 1, h12: 0, h13: 0, h21: 0, h22: 1, h23: 0, h31: x, h32: y, h33: 1)
    }

    /// A plain scale about the origin.
    public init(scaleX x: Double, y: Double) {
        self.init(h11: x, h12: 0, h13: 0, h21: 0, h22: y, h23: 0, h31: 0, h32: 0, h33: 1)
    }

    /// w of the image of a point: where it is ≤ 0 the point is behind the eye.
    public func w(at p: Point) -> Double { p.x * h13 + p.y * h23 + h33 }
}

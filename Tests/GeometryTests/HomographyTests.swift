import Foundation
import Geometry
import Testing
import TestSupport

@Suite struct HomographyTests {
    /// Placing a layer in its parent step by step: about the anchor, through
    /// the 3-D transform, divided by w, moved to the position.
    static func place(_ p: Point, _ t: Transform3D, anchor: Point, position: Point) -> Point {
        let h = t.apply(x: p.x - anchor.x, y: p.y - anchor.y, z: 0)
        return Point(x: h.x / h.w + position.x, y: h.y / h.w + position.y)
    }

    @Test func oneLayerMatchesTheStepByStepPlacement() {
        var t = Transform3D.identity
        t.m34 = -1 / 700
        t = t.rotated(by: 0.8, x: 0.3, y: 1, z: 0.1).scaled(x: 0.9, y: 1.1, z: 1).translated(x: 12, y: -7, z: 30)
        let anchor = Point(x: 100, y: 60), position = Point(x: 195, y: 422)
        let h = Homography(layerTransform: t, anchor: anchor, position: position)
        for p in [Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 120), Point(x: 37, y: 81)] {
            #expect(approximately(h.apply(p), Self.place(p, t, anchor: anchor, position: position)))
        }
    }

    @Test func nestedLayersCompose() {
        var child = Transform3D.identity
        child.m34 = -1 / 500
        child = child.rotated(by: .pi / 5, x: 1, y: 0, z: 0)
        let parent = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1).scaled(x: 0.8, y: 0.8, z: 1)
        let hc = Homography(layerTransform: child, anchor: Point(x: 50, y: 25), position: Point(x: 150, y: 100))
        let hp = Homography(layerTransform: parent, anchor: Point(x: 150, y: 150), position: Point(x: 195, y: 422))
        let p = Point(x: 10, y: 40)
        let stepwise = Self.place(Self.place(p, child, anchor: Point(x: 50, y: 25), position: Point(x: 150, y: 100)),
                                  parent, anchor: Point(x: 150, y: 150), position: Point(x: 195, y: 422))
        #expect(approximately(hc.concatenating(hp).apply(p), stepwise))
    }

    /// A quad turned and skewed: its box reaches its leftmost, topmost, rightmost and bottommost corners.
    @Test func quadBoundingBoxHoldsEveryCorner() {
        let quad = Quad(topLeft: Point(x: 3, y: -2), topRight: Point(x: 10, y: 1), bottomRight: Point(x: 7, y: 9),
                        bottomLeft: Point(x: -4, y: 5))
        #expect(quad.boundingBox == Rect(x: -4, y: -2, width: 14, height: 11))
    }

    @Test func quadAreaSignShowsTheFacingSide() {
        let front = Quad(Rect(x: 0, y: 0, width: 10, height: 5))
        #expect(front.signedArea == 50)
        let mirrored = front.map { Point(x: -$0.x, y: $0.y) }
        #expect(mirrored.signedArea == -50)
    }
}

import Geometry
import Testing

/// Built paths: what Core Animation can animate between, their bounds, and
/// their outline cut by strokeStart and strokeEnd.
@Suite struct PathElementTests {
    let square = PathShape.elements([.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)),
                                     .line(to: Point(x: 0, y: 10)), .close])

    @Test func pathsWithTheSameElementsInterpolate() {
        let other = PathShape.elements([.move(to: Point(x: 2, y: 2)), .line(to: Point(x: 20, y: 0)), .line(to: Point(x: 10, y: 30)),
                                        .line(to: Point(x: 0, y: 10)), .close])
        #expect(square.interpolates(to: other))
        #expect(square.interpolated(to: other, fraction: 0.5) == .elements([
            .move(to: Point(x: 1, y: 1)), .line(to: Point(x: 15, y: 0)), .line(to: Point(x: 10, y: 20)), .line(to: Point(x: 0, y: 10)), .close,
        ]))
        let curved = PathShape.elements([.move(to: Point(x: 0, y: 0)), .quadCurve(to: Point(x: 10, y: 0), control: Point(x: 5, y: 5)),
                                         .line(to: Point(x: 10, y: 10)), .line(to: Point(x: 0, y: 10)), .close])
        #expect(!square.interpolates(to: curved))
        #expect(!square.interpolates(to: .rect(Rect(x: 0, y: 0, width: 10, height: 10))))
    }

    /// CGPath's boundingBox takes control points as they are.
    @Test func boundsIncludeControlPoints() {
        let path = PathShape.elements([.move(to: Point(x: 0, y: 0)),
                                       .curve(to: Point(x: 10, y: 0), control1: Point(x: 2, y: -8), control2: Point(x: 12, y: 4))])
        #expect(path.bounds == Rect(x: 0, y: -8, width: 12, height: 12))
    }

    /// The square's outline is 40 long from its top-left corner, clockwise on
    /// screen; 0.25 to 0.75 is the right edge and the bottom: one open polyline.
    @Test func trimmingCutsTheOutlineByLength() throws {
        let lines = try #require(square.polylines(tolerance: 0.1))
        #expect(lines == [Polyline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)], closed: true)])
        #expect(lines.trimmed(from: 0.25, to: 0.75) == [Polyline(points: [Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)], closed: false)])
        #expect(lines.trimmed(from: 0.7, to: 0.95) == [Polyline(points: [Point(x: 2, y: 10), Point(x: 0, y: 10), Point(x: 0, y: 2)], closed: false)])
        #expect(lines.trimmed(from: 0, to: 1) == lines)
        #expect(lines.trimmed(from: 0.5, to: 0.5).isEmpty)
    }

    /// A quarter circle's cubic flattened to a hundredth stays within it of
    /// the circle it stands for (the cubic itself is off the circle by
    /// 2.7e-4 of the radius).
    @Test func flatteningStaysWithinTheTolerance() throws {
        let k = 4.0 / 3 * (2.0.squareRoot() - 1) * 100
        let arc = PathShape.elements([.move(to: Point(x: 100, y: 0)),
                                      .curve(to: Point(x: 0, y: 100), control1: Point(x: 100, y: k), control2: Point(x: k, y: 100))])
        let points = try #require(arc.polylines(tolerance: 0.01)?.first?.points)
        #expect(points.count > 10)
        // Each chord's midpoint is within the tolerance (and the curve's own error) of radius 100.
        for (a, b) in zip(points, points.dropFirst()) {
            let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            #expect(abs(mid.distance(to: Point(x: 0, y: 0)) - 100) < 0.01 + 0.03)
        }
    }
}

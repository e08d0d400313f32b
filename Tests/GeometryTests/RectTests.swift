import Geometry
import Testing

@Suite struct RectTests {
    @Test func edgesOfANegativeRectAreStandardised() {
        let r = Rect(x: 10, y: 20, width: -4, height: -6)
        #expect((r.minX, r.maxX, r.minY, r.maxY) == (6, 10, 14, 20))
        #expect((r.midX, r.midY, r.width, r.height) == (8, 17, 4, 6))
        #expect(r.standardized == Rect(x: 6, y: 14, width: 4, height: 6))
    }

    @Test func intersectionUnionAndNull() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        let far = Rect(x: 20, y: 20, width: 1, height: 1)
        #expect(a.intersection(far).isNull)
        #expect(!a.intersects(far))
        #expect(Rect.null.union(a) == a)
        // Touching edges meet in an empty rect, as CGRectIntersection gives.
        let touching = a.intersection(Rect(x: 10, y: 0, width: 5, height: 5))
        #expect(touching == Rect(x: 10, y: 0, width: 0, height: 5))
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
    }

    @Test func insetOffsetAndContains() {
        let r = Rect(x: 0, y: 0, width: 390, height: 844)
        #expect(r.insetBy(dx: 10, dy: 20) == Rect(x: 10, y: 20, width: 370, height: 804))
        #expect(r.insetBy(dx: -5, dy: 0) == Rect(x: -5, y: 0, width: 400, height: 844))
        #expect(r.insetBy(dx: 200, dy: 0).isNull)
        #expect(r.offsetBy(dx: 0, dy: 422) == Rect(x: 0, y: 422, width: 390, height: 844))
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(!r.contains(Point(x: 390, y: 10)))
        #expect(r.contains(Rect(x: 10, y: 10, width: 100, height: 100)))
        #expect(!r.contains(Rect(x: 300, y: 10, width: 100, height: 100)))
        #expect(Rect.zero.isEmpty && !Rect.zero.isNull)
    }
}

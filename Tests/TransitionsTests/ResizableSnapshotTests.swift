import Geometry
import RenderTree
import Testing
@testable import Transitions

/// resizableSnapshotView(from:afterScreenUpdates:withCapInsets:): a copy of
/// one part of a view, the size of that part, stretched when resized.
@Suite struct ResizableSnapshotTests {
    func find(_ name: String, in layer: RenderLayer) -> RenderLayer? {
        if layer.name == name { return layer }
        for sublayer in layer.sublayers { if let found = find(name, in: sublayer) { return found } }
        return nil
    }

    @Test func aRegionIsCutStretchedAndClipped() throws {
        let simulation = Simulation()
        let page = simulation.engine.makeView(name: "page", frame: Rect(x: 0, y: 100, width: 300, height: 200))
        simulation.root.view.addSubview(page)
        let region = Rect(x: 150, y: 50, width: 75, height: 100)
        let strip = page.snapshotView(afterScreenUpdates: false, region: region)
        // Where the region is on screen, its size.
        #expect(strip.frame == Rect(x: 150, y: 150, width: 75, height: 100))
        simulation.root.view.addSubview(strip)
        strip.frame = Rect(x: 0, y: 0, width: 150, height: 50)  // twice as wide, half as tall
        let tree = simulation.renderFrame().root
        let cut = try #require(find("snapshot region", in: tree))
        #expect(cut.masksToBounds && cut.bounds == Rect(x: 0, y: 0, width: 150, height: 50))
        let picture = try #require(cut.sublayers.first)
        // The region's corners land on the strip's bounds corners: x·2 and y·½ from the region's origin.
        let map = cut.placement(of: picture)
        let topLeft = map.apply(Point(x: region.minX, y: region.minY))
        let bottomRight = map.apply(Point(x: region.maxX, y: region.maxY))
        #expect(abs(topLeft.x) < 1e-9 && abs(topLeft.y) < 1e-9, "\(topLeft)")
        #expect(abs(bottomRight.x - 150) < 1e-9 && abs(bottomRight.y - 50) < 1e-9, "\(bottomRight)")
    }
}

import Geometry
import RenderTree
import Testing
@testable import Transitions

/// What the engine hands the renderer: presentation values, the screens'
/// roles, snapshots as their frozen pictures.
@Suite struct RenderTreeTests {
    func find(_ name: String, in layer: RenderLayer) -> RenderLayer? {
        if layer.name == name { return layer }
        for sublayer in layer.sublayers { if let found = find(name, in: sublayer) { return found } }
        return nil
    }

    @Test func presentationValuesRolesAndTransparentSubtrees() {
        let simulation = Simulation()
        let card = simulation.engine.makeView(name: "card", frame: Rect(x: 10, y: 20, width: 100, height: 50))
        let ghost = simulation.engine.makeView(name: "ghost", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        ghost.alpha = 0
        ghost.addSubview(simulation.engine.makeView(name: "inside ghost", frame: .zero))
        simulation.root.view.addSubview(card)
        simulation.root.view.addSubview(ghost)
        simulation.engine.animate(duration: 1, animations: { card.center = Point(x: 160, y: 45) })
        simulation.advance(to: 0.5)
        let frame = simulation.renderFrame()
        #expect(frame.size == Size(width: 390, height: 844))
        #expect(find("presenting", in: frame.root)?.content == .screen(.presenting))
        // Half way along easeInOut (symmetric): half way between 60 and 160.
        let position = find("card", in: frame.root)?.position
        #expect(abs((position?.x ?? 0) - 110) < 1e-9 && position?.y == 45)
        #expect(find("ghost", in: frame.root) == nil)
        #expect(find("inside ghost", in: frame.root) == nil)
    }

    /// A presented screen shows the app's page unless the entry made its root view clear: then only what it put in
    /// it, and what lies behind it, show.
    @Test func aClearPresentedRootIsNotPaintedOver() {
        for background: Color? in [nil, .blue, Color(white: 1, alpha: 0)] {
            let simulation = Simulation()
            let presented = simulation.makeViewController(name: "presented")
            presented.view.backgroundColor = background
            simulation.present(presented, animated: false)
            simulation.runUntilIdle()
            let content = find("presented", in: simulation.renderFrame().root)?.content
            #expect(content == (background?.alpha == 0 ? LayerContent.none : .screen(.presented)), "\(String(describing: background))")
        }
    }

    /// A snapshot of a snapshot shows what the first one did: the red square
    /// the first copied is inside the second's picture.
    @Test func snapshotOfASnapshotKeepsThePicture() {
        let simulation = Simulation()
        let holder = simulation.engine.makeView(name: "holder", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let red = simulation.engine.makeView(name: "red", frame: Rect(x: 20, y: 20, width: 40, height: 40))
        red.backgroundColor = .red
        holder.addSubview(red)
        simulation.root.view.addSubview(holder)
        let first = holder.snapshotView(afterScreenUpdates: false)
        let second = first.snapshotView(afterScreenUpdates: false)
        second.name = "second"
        simulation.root.view.addSubview(second)
        let frame = simulation.renderFrame()
        let copy = find("second", in: frame.root)
        var reds = 0
        func count(_ layer: RenderLayer) { if layer.backgroundColor == .red { reds += 1 }; layer.sublayers.forEach(count) }
        copy.map(count)
        #expect(reds == 1)
        // Chains of copies stop at the nesting limit instead of growing without bound.
        var chain = second
        for _ in 0..<50 { chain = chain.snapshotView(afterScreenUpdates: false) }
        chain.name = "chain"
        simulation.root.view.addSubview(chain)
        var depth = 0
        var layer = find("chain", in: simulation.renderFrame().root)
        while let current = layer, let next = current.sublayers.first { depth += 1; layer = next }
        #expect(depth <= 2 * Snapshot.nestingLimit + 4)
    }
}

import Geometry
import TestSupport
import Testing
@testable import Transitions

/// The presenting screen's list: real row views where the standard scene
/// paints its messages, laid out again when the window turns.
@Suite struct ListTests {
    /// Frames in the window, by hand: the list starts 148 below the safe
    /// area's top (bar 44, title 52, gap 4, search 36, gap 12) and stops 49
    /// above its bottom (the toolbar); rows are 88 high.
    func windowFrames(_ simulation: Simulation) -> [Rect] {
        simulation.rows.map { $0.frame.offsetBy(dx: simulation.list.frame.minX, dy: simulation.list.frame.minY) }
    }

    @Test func iPhone14PortraitHasSixWholeRowsAndOneCutByTheToolbar() {
        let simulation = Simulation()
        // 47 + 148 = 195 down to 844 − 34 − 49 = 761: six rows of 88, then 38 of a seventh.
        let expected = (0..<6).map { Rect(x: 0, y: 195 + 88 * Double($0), width: 390, height: 88) }
            + [Rect(x: 0, y: 723, width: 390, height: 38)]
        #expect(windowFrames(simulation) == expected)
        #expect(simulation.rows.map(\.name) == (1...7).map { "row \($0)" })
        #expect(simulation.rows.allSatisfy { $0.superview === simulation.list })
        #expect(simulation.list.superview === simulation.root.view)
        #expect(simulation.visibleRows.count == 6)
        #expect(simulation.sourceView === simulation.rows[2])
    }

    @Test func theDeviceSafeAreaMovesTheList() {
        let simulation = Simulation(windowSize: Size(width: 375, height: 667))
        simulation.device = Device.named("iphone-se")
        // 20 + 148 = 168 down to 667 − 0 − 49 = 618: five rows, then 10 points of a sixth.
        #expect(simulation.list.frame == Rect(x: 0, y: 168, width: 375, height: 450))
        #expect(windowFrames(simulation).last == Rect(x: 0, y: 608, width: 375, height: 10))
        #expect(simulation.visibleRows.count == 5)
    }

    @Test func turningToLandscapeLaysTheListOutAgainAndKeepsEveryRow() {
        let simulation = Simulation()
        let rows = simulation.rows
        simulation.setWindowSize(Size(width: 844, height: 390))
        simulation.runUntilIdle()
        // Landscape: no top inset, 21 at the bottom: 148 down to 390 − 21 − 49 = 320.
        #expect(simulation.list.frame == Rect(x: 0, y: 148, width: 844, height: 172))
        #expect(simulation.rows.count == 7 && zip(simulation.rows, rows).allSatisfy { $0 === $1 })
        #expect(simulation.rows[0].frame == Rect(x: 0, y: 0, width: 844, height: 88))
        #expect(simulation.rows[1].frame == Rect(x: 0, y: 88, width: 844, height: 84))
        #expect(simulation.rows[2...].allSatisfy { $0.frame.height == 0 })
        #expect(simulation.visibleRows.count == 2)
    }

    @Test func aTallerWindowAddsRows() {
        let simulation = Simulation(windowSize: Size(width: 844, height: 390))
        #expect(simulation.rows.count == 2)
        // Too short for a third row: the zoom grows from the last one there is.
        #expect(simulation.sourceView === simulation.rows[1])
        simulation.setWindowSize(Size(width: 390, height: 844))
        simulation.runUntilIdle()
        #expect(simulation.rows.count == 7)
    }

    @Test func rowsAreDrawnAsTheListsRows() {
        let simulation = Simulation()
        var found: [Int: Int] = [:]
        var stack = [simulation.renderFrame().root]
        while let layer = stack.popLast() {
            if case .listRow(let index) = layer.content { found[layer.id] = index }
            stack += layer.sublayers
        }
        #expect(found == Dictionary(uniqueKeysWithValues: simulation.rows.enumerated().map { ($1.id, $0) }))
    }
}

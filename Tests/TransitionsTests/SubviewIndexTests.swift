import Testing
import Transitions

/// `insertSubview(_:at:)` with any index: UIKit's indices count subviews
/// only (a standalone sublayer is no subview), and an index past either end
/// must put the view at that end, never index out of the list.
@Suite struct SubviewIndexTests {
    /// A superview holding two standalone layers and the given subviews, back to front.
    func parent(subviews names: [String]) -> (AnimationEngine, View) {
        let engine = AnimationEngine()
        let parent = engine.makeView(name: "parent")
        parent.addSublayer(engine.makeLayer(.layer, name: "shade"))
        for name in names { parent.addSubview(engine.makeView(name: name)) }
        parent.addSublayer(engine.makeLayer(.gradient, name: "gloss"))
        return (engine, parent)
    }

    @Test(arguments: [Int.min, -1, 0])
    func anIndexBelowZeroGoesToTheBack(index: Int) {
        for names in [[], ["a"], ["a", "b"]] {
            let (engine, parent) = parent(subviews: names)
            parent.insertSubview(engine.makeView(name: "new"), at: index)
            #expect(parent.subviews.map(\.name) == ["new"] + names)
        }
    }

    @Test(arguments: [2, 3, Int.max])
    func anIndexPastTheEndGoesToTheFront(index: Int) {
        let (engine, parent) = parent(subviews: ["a", "b"])
        parent.insertSubview(engine.makeView(name: "new"), at: index)
        #expect(parent.subviews.map(\.name) == ["a", "b", "new"])
    }

    /// The trap the review found: the only subview moved within its own
    /// superview, where after its removal there is no subview left to index.
    @Test func theOnlySubviewMovedToANegativeIndexStays() {
        let (_, parent) = parent(subviews: ["a"])
        let a = parent.subviews[0]
        parent.insertSubview(a, at: -1)
        #expect(parent.subviews.map(\.name) == ["a"])
        #expect(parent.sublayers.count == 3)
    }

    @Test func aSubviewMovedWithinItsSuperviewCountsAfterItsRemoval() {
        let (_, parent) = parent(subviews: ["a", "b", "c"])
        let a = parent.subviews[0]
        parent.insertSubview(a, at: 1)
        #expect(parent.subviews.map(\.name) == ["b", "a", "c"])
    }
}

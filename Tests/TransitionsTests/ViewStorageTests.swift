import Geometry
import RenderTree
import Testing
@testable import Transitions

/// The engine keeps a view's rare layer properties out of line and its
/// superview as an unretained reference, for speed; these check that
/// neither shows: values still behave as values, and a superview that
/// goes away leaves no dangling pointer behind.
@Suite struct ViewStorageTests {
    @Test func aCopiedStateKeepsItsOwnRareProperties() {
        var original = ViewState()
        original.shadowOpacity = 0.5
        var copy = original
        copy.shadowOpacity = 0.25
        copy.sublayerTransform = Transform3D(scaleX: 2, y: 2, z: 1)
        #expect(original.shadowOpacity == 0.5)
        #expect(original.sublayerTransform.isIdentity)
        #expect(copy.shadowOpacity == 0.25)
        #expect(copy.sublayerTransform.m11 == 2)
    }

    @Test func untouchedRarePropertiesHaveCoreAnimationsDefaults() {
        let state = ViewState()
        #expect(state.shadowOpacity == 0 && state.shadowRadius == 3)
        #expect(state.shadowOffset == Point(x: 0, y: -3))
        #expect(state.shadowColor == Color(red: 0, green: 0, blue: 0))
        #expect(state.gradient == nil && state.shape == nil && state.effect == nil && state.shadowPath == nil)
        #expect(!state.hasRareLayerState)
    }

    @Test func statesCompareByValueNotByStorage() {
        var a = ViewState(), b = ViewState()
        a.shadowRadius = 7
        b.shadowRadius = 7
        #expect(a == b)
        b.shadowRadius = 8
        #expect(a != b)
        // Set back to the default: equal to a state that never had it set.
        b.shadowRadius = 3
        #expect(b == ViewState())
    }

    @Test func aSuperviewThatGoesAwayLeavesItsSubviewsWithout() {
        let engine = AnimationEngine()
        let child = engine.makeView(name: "child")
        let mask = engine.makeView(name: "mask")
        do {
            let parent = engine.makeView(name: "parent")
            parent.addSubview(child)
            parent.setMask(mask)
            #expect(child.superview === parent)
            #expect(mask.maskOwner === parent)
        }
        #expect(child.superview == nil)
        #expect(mask.maskOwner == nil)
    }

    @Test func aRemovedSubviewForgetsItsSuperview() {
        let engine = AnimationEngine()
        let parent = engine.makeView(name: "parent"), child = engine.makeView(name: "child")
        parent.addSubview(child)
        child.removeFromSuperview()
        #expect(child.superview == nil)
        #expect(parent.sublayers.isEmpty)
    }
}

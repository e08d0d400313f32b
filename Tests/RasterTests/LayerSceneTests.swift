import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// A frame as layers a browser composes (`LayerScene`): where each layer
/// goes, worked out by hand; what only a picture can show, refused.
@Suite struct LayerSceneTests {
    static func scene(_ frame: RenderFrame) throws -> (image: Image, scene: LayerScene?) {
        try FrameBatch(scale: 1, painter: PlainScene(), workers: 1).renderScenes([frame], pictureLimit: .max)[0]
    }

    static let red = Color(red: 1, green: 0, blue: 0)

    @Test func aMovedLayerIsATranslationAndItsColour() throws {
        // 40×20 at position (100, 50), anchor in the middle: its top left at (80, 40).
        let frame = Fixture.window(200, 100, [Fixture.layer(1, frame: Rect(x: 80, y: 40, width: 40, height: 20), color: Self.red)])
        let root = try #require(try Self.scene(frame).scene?.root)
        let node = try #require(root.sublayers.first)
        #expect(node.size == Size(width: 40, height: 20))
        #expect(node.placement.apply(Point(x: 0, y: 0)) == Point(x: 80, y: 40))
        #expect(node.placement.apply(Point(x: 40, y: 20)) == Point(x: 120, y: 60))
        #expect(node.background == Self.red && node.picture == nil)
    }

    @Test func aTurnedLayersCornersGoWhereTheRotationTakesThem() throws {
        var layer = Fixture.layer(1, frame: Rect(x: 80, y: 40, width: 40, height: 20), color: Self.red)
        layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        let node = try #require(try Self.scene(Fixture.window(200, 100, [layer])).scene?.root?.sublayers.first)
        // (x, y) from the anchor turns to (−y, x): the top left corner, (−20, −10) from it, goes to (10, −20) from (100, 50).
        let corner = node.placement.apply(Point(x: 0, y: 0))
        #expect(abs(corner.x - 110) < 1e-9 && abs(corner.y - 30) < 1e-9)
        let far = node.placement.apply(Point(x: 40, y: 20))
        #expect(abs(far.x - 90) < 1e-9 && abs(far.y - 70) < 1e-9)
    }

    @Test func aLayersOwnPictureIsWhatTheFrameShowsOfIt() throws {
        // A gradient across the whole window, nothing over it: its picture is the frame's.
        var root = RenderLayer(id: 0, name: "window", bounds: Rect(x: 0, y: 0, width: 64, height: 32), position: Point(x: 32, y: 16))
        root.content = .gradient(Gradient(colors: [Self.red, Color(red: 0, green: 0, blue: 1)], startPoint: Point(x: 0, y: 0),
                                          endPoint: Point(x: 1, y: 0)))
        root.backgroundColor = .white
        let (image, scene) = try Self.scene(RenderFrame(time: 0, root: root))
        let scenery = try #require(scene)
        let picture = try #require(scenery.root?.picture)
        #expect(scenery.pictures[picture] == image)
    }

    @Test func whatABrowserCannotComposeHasNoScene() throws {
        var curled = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: Self.red)
        curled.curl = 0.5
        var blurred = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: nil)
        blurred.backdrop = BlurMaterial(radius: 10, saturation: 1.8, tint: Color(red: 1, green: 1, blue: 1, alpha: 0.3))
        // A shadow under a see-through layer: a box-shadow is drawn outside the box only.
        var shadowed = Fixture.layer(1, frame: Rect(x: 20, y: 20, width: 50, height: 50), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        shadowed.shadow = Shadow(color: Color(red: 0, green: 0, blue: 0), opacity: 0.5, radius: 4, offset: Point(x: 0, y: 3))
        // Longer than a browser lays out (Chromium's layout ends near 33 million pixels).
        let long = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 1e8, height: 50), color: Self.red)
        for layer in [curled, blurred, shadowed, long] {
            #expect(try Self.scene(Fixture.window(100, 100, [layer])).scene == nil, "\(layer)")
        }
        var touched = Fixture.window(100, 100, [Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: Self.red)])
        touched.touches = [Point(x: 10, y: 10)]
        #expect(try Self.scene(touched).scene == nil)
    }

    @Test func aShadowUnderAnOpaqueLayerIsABoxShadow() throws {
        var layer = Fixture.layer(1, frame: Rect(x: 20, y: 20, width: 50, height: 50), color: Self.red)
        layer.cornerRadius = 8
        layer.shadow = Shadow(color: Color(red: 0, green: 0, blue: 0), opacity: 0.5, radius: 4, offset: Point(x: 0, y: 3))
        let node = try #require(try Self.scene(Fixture.window(100, 100, [layer])).scene?.root?.sublayers.first)
        let shadow = try #require(node.shadow)
        #expect(shadow.offset == Point(x: 0, y: 3) && shadow.sigma == 4 && shadow.color.alpha == 0.5)
        #expect(node.radii == [8, 8, 8, 8])
        // masksToBounds cuts it away, as Core Animation does.
        layer.masksToBounds = true
        #expect(try Self.scene(Fixture.window(100, 100, [layer])).scene?.root?.sublayers.first?.shadow == nil)
    }

    @Test func aMaskCoversWhatItCoversPastTheBounds() throws {
        var layer = Fixture.layer(1, frame: Rect(x: 20, y: 20, width: 40, height: 40), color: Self.red)
        // A sublayer reaching 20 points past the right edge, and a mask over both.
        layer.sublayers = [Fixture.layer(2, frame: Rect(x: 30, y: 0, width: 30, height: 10), color: Self.red)]
        layer.mask = Fixture.layer(3, frame: Rect(x: 0, y: 0, width: 60, height: 30), color: .white)
        let node = try #require(try Self.scene(Fixture.window(100, 100, [layer])).scene?.root?.sublayers.first)
        #expect(node.mask != nil)
        // The mask and all the layer draws: the mask reaches 60 across, the layer 40 down.
        #expect(node.maskArea == Rect(x: 0, y: 0, width: 60, height: 40))
    }

    @Test func anOpacityWhoseByteIs255IsOpaqueAsTheRendererDrawsIt() throws {
        var layer = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 50, height: 50), color: Self.red)
        layer.sublayers = [Fixture.layer(2, frame: Rect(x: 0, y: 0, width: 10, height: 10), color: .white)]
        layer.opacity = 0.999   // 254.7 rounds to 255
        #expect(try Self.scene(Fixture.window(100, 100, [layer])).scene?.root?.sublayers.first?.opacity == 1)
        layer.opacity = 0.99    // 252.45: a group at 0.99
        #expect(try Self.scene(Fixture.window(100, 100, [layer])).scene?.root?.sublayers.first?.opacity == 0.99)
    }

    @Test func aMaskedLayersMaskPictureCoversAllItDraws() throws {
        // The sublayer reaches 40 points past the mask: inside the mask's picture there, transparent, so hidden.
        var layer = Fixture.layer(1, frame: Rect(x: 20, y: 20, width: 40, height: 40), color: Self.red)
        layer.sublayers = [Fixture.layer(2, frame: Rect(x: 30, y: 0, width: 50, height: 10), color: Self.red)]
        layer.mask = Fixture.layer(3, frame: Rect(x: 0, y: 0, width: 40, height: 40), color: .white)
        let node = try #require(try Self.scene(Fixture.window(200, 100, [layer])).scene?.root?.sublayers.first)
        #expect(node.maskArea == Rect(x: 0, y: 0, width: 80, height: 40))
    }

    @Test func aPlaneCrossingTheEyePlaneIsSaid() throws {
        // Turned 80° about y under an eye 100 points away: w = 1 + x·sin 80°/100 from the anchor, below 0 for x < −101.5,
        // and its left edge is 150 points from it.
        var layer = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 300, height: 100), color: Self.red)
        layer.transform = Fixture.perspectiveRotationY(80 * .pi / 180, eye: 100)
        let crossing = try #require(try Self.scene(Fixture.window(400, 200, [layer])).scene)
        #expect(crossing.crossesEyePlane)
        layer.transform = .identity
        #expect(try Self.scene(Fixture.window(400, 200, [layer])).scene?.crossesEyePlane == false)
    }

    @Test func scenesHoldNoMorePicturesThanTheyMay() throws {
        // Three frames, each a window-filling gradient of its own colour: 64 × 32 pixels of picture each.
        let frames = (0..<3).map { k -> RenderFrame in
            var root = RenderLayer(id: 0, name: "window", bounds: Rect(x: 0, y: 0, width: 64, height: 32), position: Point(x: 32, y: 16))
            root.content = .gradient(Gradient(colors: [Color(red: Double(k) / 4, green: 0, blue: 0), .white], startPoint: Point(x: 0, y: 0),
                                              endPoint: Point(x: 1, y: 0)))
            return RenderFrame(time: Double(k), root: root)
        }
        let drawn = try FrameBatch(scale: 1, painter: PlainScene(), workers: 1).renderScenes(frames, pictureLimit: 2 * 64 * 32)
        // Two pictures' worth: the third frame is its picture alone.
        #expect(drawn.map { $0.scene != nil } == [true, true, false])
        // The same picture twice costs it once.
        let twice = try FrameBatch(scale: 1, painter: PlainScene(), workers: 1).renderScenes([frames[0], frames[0], frames[1]],
                                                                                           pictureLimit: 2 * 64 * 32)
        #expect(twice.allSatisfy { $0.scene != nil })
    }

    @Test func aShapeMasksPathCoversPastItsBounds() throws {
        // A 10-point mask layer whose oval reaches 30 points past the 40-point view on every side.
        var layer = Fixture.layer(1, frame: Rect(x: 50, y: 50, width: 40, height: 40), color: Self.red)
        var mask = Fixture.layer(2, frame: Rect(x: 0, y: 0, width: 10, height: 10), color: nil)
        mask.content = .shape(ShapePaint(path: .oval(Rect(x: -30, y: -30, width: 100, height: 100)), fillColor: .white))
        layer.mask = mask
        let node = try #require(try Self.scene(Fixture.window(200, 200, [layer])).scene?.root?.sublayers.first)
        // The oval and a point of reach past it: −31 to 71 both ways.
        #expect(node.maskArea == Rect(x: -31, y: -31, width: 102, height: 102))
    }

    @Test func aShadowUnderAFadedOrEnlargedLayerIsAPicture() throws {
        var layer = Fixture.layer(1, frame: Rect(x: 20, y: 20, width: 50, height: 50), color: Self.red)
        layer.shadow = Shadow(color: Color(red: 0, green: 0, blue: 0), opacity: 0.5, radius: 20, offset: Point(x: 0, y: 3))
        #expect(try Self.scene(Fixture.window(100, 100, [layer])).scene != nil)
        var faded = layer
        faded.opacity = 0.5   // Segue shows the shadow through it; a box-shadow is drawn outside the box only
        #expect(try Self.scene(Fixture.window(100, 100, [faded])).scene == nil)
        var enlarged = layer
        enlarged.transform = Transform3D(scaleX: 3, y: 3, z: 1)   // a deviation of 60 points on the screen
        #expect(try Self.scene(Fixture.window(100, 100, [enlarged])).scene == nil)
    }

    @Test func theSamePictureTwiceInAFrameIsHeldOnce() throws {
        func piece(_ id: Int, x: Double) -> RenderLayer {
            var layer = Fixture.layer(id, frame: Rect(x: x, y: 0, width: 30, height: 30), color: nil)
            layer.content = .gradient(Gradient(colors: [Self.red, .white], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1)))
            return layer
        }
        let scene = try #require(try Self.scene(Fixture.window(100, 40, [piece(1, x: 0), piece(2, x: 50)])).scene)
        let pieces = try #require(scene.root?.sublayers)
        #expect(scene.pictures.count == 1 && pieces.count == 2 && pieces[0].picture == pieces[1].picture)
    }
}

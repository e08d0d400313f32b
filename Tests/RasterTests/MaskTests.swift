import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// layer.mask in rendered frames: the mask's alpha (its background,
/// gradient or shape, times its opacity) cuts the layer and its whole
/// subtree, in the layer's plane, composited once.
@Suite struct MaskTests {
    func render(_ layer: RenderLayer) throws -> Image {
        var window = Fixture.layer(0, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        window.sublayers = [layer]
        return try Fixture.render(Fixture.window(300, 300, [window]))
    }

    func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let p = image[x, y]
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    /// Within one level of each channel (a half is 127 or 128 by rounding).
    func near(_ got: [Int], _ expected: [Int]) -> Bool { zip(got, expected).allSatisfy { abs($0 - $1) <= 1 } }

    /// A red 200 × 200 layer at (50, 50) with a blue sublayer reaching past it.
    func masked(by mask: RenderLayer) -> RenderLayer {
        var layer = Fixture.layer(1, frame: Rect(x: 50, y: 50, width: 200, height: 200), color: .red)
        layer.sublayers = [Fixture.layer(2, frame: Rect(x: 150, y: 0, width: 120, height: 100), color: .blue)]
        layer.mask = mask
        return layer
    }

    /// An oval shape mask: inside it the layer (and its sublayer), outside
    /// nothing, not even the sublayer reaching past the layer.
    @Test func aShapeMaskCutsTheLayerAndItsSubtree() throws {
        var mask = Fixture.layer(3, frame: Rect(x: 0, y: 0, width: 200, height: 200), color: nil)
        mask.content = .shape(ShapePaint(path: .oval(Rect(x: 0, y: 0, width: 200, height: 200))))
        let image = try render(masked(by: mask))
        #expect(rgb(image, 150, 150) == [255, 0, 0])  // the centre
        #expect(rgb(image, 55, 55) == [255, 255, 255])  // the layer's corner, outside the circle
        #expect(rgb(image, 215, 80) == [0, 0, 255])  // the sublayer inside the circle (dx 65, dy −70 of 100)
        #expect(rgb(image, 260, 70) == [255, 255, 255])  // the sublayer past the layer, outside the mask
        // Coverage: the red and blue inside the circle together, π·100² (the layer's own area is all inside the mask's box).
        var covered = 0.0
        for y in 0..<300 { for x in 0..<300 { covered += 255 - Double(image[x, y].g) } }
        #expect(abs(covered / 255 - Double.pi * 10_000) / (Double.pi * 10_000) < 0.003)
    }

    /// A gradient mask fades the layer along its axis: alpha 1 − t.
    @Test func aGradientMaskFades() throws {
        var mask = Fixture.layer(3, frame: Rect(x: 0, y: 0, width: 200, height: 200), color: nil)
        mask.content = .gradient(Gradient(colors: [.black, .clear], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
        var layer = Fixture.layer(1, frame: Rect(x: 50, y: 50, width: 200, height: 200), color: .black)
        layer.mask = mask
        let image = try render(layer)
        for x in stride(from: 50, to: 250, by: 13) {
            let t = (Double(x) + 0.5 - 50) / 200
            let expected = 255 * t  // black at alpha 1 − t over white
            #expect(abs(Double(image[x, 150].r) - expected) <= 1.5, "x \(x): \(image[x, 150].r), expected \(expected)")
        }
    }

    /// The masked picture is composited once: under a mask at half opacity,
    /// where an opaque blue sublayer covers the red layer only blue shows,
    /// at half strength (masking each sublayer alone would let red through).
    @Test func theCompositeIsMaskedNotEachSublayer() throws {
        var mask = Fixture.layer(3, frame: Rect(x: 0, y: 0, width: 200, height: 200), color: .black)
        mask.opacity = 0.5
        let image = try render(masked(by: mask))
        #expect(near(rgb(image, 220, 80), [128, 128, 255]), "\(rgb(image, 220, 80))")  // blue at ½ over white
        #expect(near(rgb(image, 100, 200), [255, 128, 128]), "\(rgb(image, 100, 200))")  // red at ½ over white
        // The mask's frame is in the layer's bounds space: a mask moved right leaves the left uncovered.
        var shifted = Fixture.layer(3, frame: Rect(x: 100, y: 0, width: 100, height: 200), color: .black)
        shifted.opacity = 1
        let cut = try render(masked(by: shifted))
        #expect(rgb(cut, 100, 200) == [255, 255, 255])
        #expect(rgb(cut, 180, 200) == [255, 0, 0])
    }

    /// The mask lies in the layer's plane: through the layer's quarter turn it turns too.
    @Test func theMaskTurnsWithTheLayer() throws {
        var mask = Fixture.layer(3, frame: Rect(x: 0, y: 0, width: 200, height: 100), color: .black)
        mask.opacity = 1
        var layer = masked(by: mask)
        layer.sublayers = []
        // x → y, y → −x about the centre (150, 150): the mask's top half (local y < 0) lands on screen x > 150.
        layer.transform = Transform3D([[0, 1, 0, 0], [-1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        let image = try render(layer)
        #expect(rgb(image, 200, 150) == [255, 0, 0])
        #expect(rgb(image, 100, 150) == [255, 255, 255])
    }
}

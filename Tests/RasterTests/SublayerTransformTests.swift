import Foundation
import Geometry
import RenderTree
import Testing
@testable import Raster

/// sublayerTransform in rendered frames: a container's perspective applied
/// to a child's whole 3-D turn about the container's anchor point, then
/// flattened, against the corners projected by hand.
@Suite struct SublayerTransformTests {
    /// The child's point (x, y) (from its anchor) on screen: turned about y
    /// ([x y 0 1]·R: x·cos, y, −x·sin), moved to its position less the
    /// container's anchor, through the container's m34 (w = 1 − z/eye),
    /// divided, and moved back to the anchor (150, 150).
    static func project(_ x: Double, _ y: Double, angle: Double, eye: Double, position: Point) -> Point {
        let (c, s) = (cos(angle), sin(angle))
        let z = -x * s
        let w = 1 - z / eye
        return Point(x: (x * c + position.x - 150) / w + 150, y: (y + position.y - 150) / w + 150)
    }

    @Test func aContainersPerspectiveForeshortensItsTurnedChild() throws {
        let angle = 0.8, eye = 300.0, position = Point(x: 200, y: 150)
        var container = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / eye
        container.sublayerTransform = perspective
        var child = Fixture.layer(2, frame: Rect(x: position.x - 50, y: position.y - 50, width: 100, height: 100), color: .black)
        let (c, s) = (cos(angle), sin(angle))
        // About y, written out (no perspective of its own).
        child.transform = Transform3D([[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]])
        container.sublayers = [child]
        let image = try Fixture.render(Fixture.window(300, 300, [container]))
        let left = Self.project(-50, 0, angle: angle, eye: eye, position: position)
        let right = Self.project(50, 0, angle: angle, eye: eye, position: position)
        // Along the middle row, black exactly between the projected edges.
        #expect(image[Int(left.x) + 2, 150].r == 0 && image[Int(left.x) - 2, 150].r == 255, "left edge at \(left.x)")
        #expect(image[Int(right.x) - 2, 150].r == 0 && image[Int(right.x) + 2, 150].r == 255, "right edge at \(right.x)")
        // The far (right, z < 0) edge is shorter than the near one.
        let nearTop = Self.project(-50, -50, angle: angle, eye: eye, position: position)
        let farTop = Self.project(50, -50, angle: angle, eye: eye, position: position)
        #expect(farTop.y > nearTop.y + 5)
        let column = Int(right.x) - 3
        #expect(image[column, Int(farTop.y) + 3].r == 0 && image[column, Int(farTop.y) - 3].r == 255, "far top at \(farTop.y)")
        // Flat, without the container's perspective, the child would reach x·cos on both sides.
        #expect(abs((right.x - position.x) - (position.x - left.x)) > 5)
    }

    /// A child raised by zPosition 100 under the container's eye at 500 is
    /// drawn 500 / (500 − 100) = 1.25× larger about the container's anchor
    /// (150, 150): the 100-point square covers 87.5 … 212.5; at zPosition 0 it
    /// covers 100 … 200.
    @Test func aRaisedChildIsLargerUnderTheContainersPerspective() throws {
        var container = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / 500
        container.sublayerTransform = perspective
        var child = Fixture.layer(2, frame: Rect(x: 100, y: 100, width: 100, height: 100), color: .black)
        child.zPosition = 100
        container.sublayers = [child]
        let image = try Fixture.render(Fixture.window(300, 300, [container]))
        for (inside, outside) in [(89, 86), (211, 214)] {
            #expect(image[inside, 150].r == 0 && image[outside, 150].r == 255, "edge between \(inside) and \(outside)")
            #expect(image[150, inside].r == 0 && image[150, outside].r == 255, "edge between \(inside) and \(outside)")
        }
        // The edge pixel 87 is half covered (87.5): a grey, anti-aliased.
        #expect((96...159).contains(image[87, 150].r), "\(image[87, 150].r)")
        child.zPosition = 0
        container.sublayers = [child]
        let flat = try Fixture.render(Fixture.window(300, 300, [container]))
        #expect(flat[101, 150].r == 0 && flat[98, 150].r == 255 && flat[198, 150].r == 0 && flat[201, 150].r == 255)
    }

    /// A single-sided child of a mirrored container (scale −1 on x about its
    /// centre, 150) faces the container's plane, where Core Animation judges
    /// it: drawn, mirrored (its 100 … 140 span lands on 160 … 200), not culled.
    /// Turned away in that plane itself, it is culled.
    @Test func aSingleSidedChildOfAMirroredContainerIsDrawnMirrored() throws {
        var container = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        container.transform = Transform3D(scaleX: -1, y: 1, z: 1)
        var child = Fixture.layer(2, frame: Rect(x: 100, y: 100, width: 40, height: 40), color: .black)
        child.isDoubleSided = false
        container.sublayers = [child]
        let image = try Fixture.render(Fixture.window(300, 300, [container]))
        #expect(image[180, 120].r == 0, "drawn where the mirror puts it")
        #expect(image[120, 120].r == 255, "not where it would be unmirrored")
        child.transform = Transform3D(scaleX: -1, y: 1, z: 1)
        container.sublayers = [child]
        let turned = try Fixture.render(Fixture.window(300, 300, [container]))
        #expect(turned[180, 120].r == 255 && turned[120, 120].r == 255, "facing away from its container: culled")
    }

    /// A layer crossing the eye plane (a 1,400-point strip turned 80° about y
    /// under the container's eye at 500: its left end is behind the eye) keeps
    /// anti-aliased edges: along its top edge, computed by hand per column
    /// (x = (X − 150) / (cos a − (X − 150) sin a / 500), w = 1 + x sin a / 500,
    /// y = 150 − 50 / w), the pixel the edge cuts near its middle is a grey, as
    /// it is for a layer wholly in front.
    @Test(arguments: [1400.0, 900.0])
    func aLayerCrossingTheEyePlaneKeepsAntiAliasedEdges(width: Double) throws {
        let angle = 80.0 * .pi / 180, eye = 500.0
        var container = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        var perspective = Transform3D.identity
        perspective.m34 = -1 / eye
        container.sublayerTransform = perspective
        var strip = Fixture.layer(2, frame: Rect(x: 150 - width / 2, y: 100, width: width, height: 100), color: .black)
        let (c, s) = (cos(angle), sin(angle))
        strip.transform = Transform3D([[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]])
        container.sublayers = [strip]
        let image = try Fixture.render(Fixture.window(300, 300, [container]))
        var greys = 0, checked = 0
        for column in stride(from: 20, to: 280, by: 7) {
            let X = Double(column) + 0.5 - 150
            let x = X / (c - X * s / eye)
            guard abs(x) <= width / 2 else { continue }
            let w = 1 + x * s / eye
            guard w > 0 else { continue }
            let top = 150 - 50 / w
            guard top > 2, top < 148 else { continue }
            let cut = top - top.rounded(.down)
            guard (0.3...0.7).contains(cut) else { continue }
            checked += 1
            let value = Int(image[column, Int(top.rounded(.down))].r)
            if (24...231).contains(value) { greys += 1 }
        }
        #expect(checked >= 3, "columns whose edge pixel is cut near its middle: \(checked)")
        #expect(greys == checked, "\(greys) of \(checked) edge pixels are grey")
    }

    /// The identity costs nothing and changes nothing.
    @Test func theIdentityChangesNothing() throws {
        var container = Fixture.layer(1, frame: Rect(x: 0, y: 0, width: 300, height: 300), color: .white)
        container.sublayers = [Fixture.layer(2, frame: Rect(x: 100, y: 100, width: 50, height: 50), color: .black)]
        let plain = try Fixture.render(Fixture.window(300, 300, [container]))
        container.sublayerTransform = .identity
        #expect(try Fixture.render(Fixture.window(300, 300, [container])) == plain)
        #expect(container.placement(of: container.sublayers[0]) == container.sublayers[0].placement)
    }
}

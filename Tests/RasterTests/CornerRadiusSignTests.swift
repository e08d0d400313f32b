import Geometry
import RenderTree
import Testing
@testable import Raster

/// Apple's CALayer documentation: "Setting the radius to a value greater than 0.0 causes the layer to begin drawing
/// rounded corners on its background." Zero and below draw square corners. A script may set a negative radius (Segue
/// keeps the value, as a layer does); the picture is then the square one: background, border and the shadow of the
/// layer's shape alike.
@Suite struct CornerRadiusSignTests {
    static func frame(cornerRadius: Double) -> RenderFrame {
        var layer = Fixture.layer(1, frame: Rect(x: 20, y: 20, width: 60, height: 40), color: Color(red: 1, green: 0, blue: 0))
        layer.cornerRadius = cornerRadius
        layer.borderWidth = 3
        layer.borderColor = Color(red: 0, green: 0, blue: 1)
        layer.shadow = Shadow(color: Color(red: 0, green: 0, blue: 0), opacity: 0.5, radius: 4, offset: Point(x: 0, y: 3))
        return Fixture.window(100, 100, [layer])
    }

    @Test(arguments: [-0.5, -12.0, -1e300])
    func aRadiusBelowZeroDrawsTheSquareLayer(radius: Double) throws {
        let square = try Fixture.render(Self.frame(cornerRadius: 0))
        #expect(try Fixture.render(Self.frame(cornerRadius: radius)).pixels == square.pixels)
    }

    /// The comparison above can fail: a radius above zero rounds the same layer.
    @Test func aRadiusAboveZeroRoundsIt() throws {
        #expect(try Fixture.render(Self.frame(cornerRadius: 12)).pixels != Fixture.render(Self.frame(cornerRadius: 0)).pixels)
    }
}

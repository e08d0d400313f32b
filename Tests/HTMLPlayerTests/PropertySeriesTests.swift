import Foundation
import Geometry
import HTMLPlayer
import RenderTree
import TestSupport
import Testing

/// The screens' motion read from frames built by hand; every expected
/// value is worked out here from the layers' numbers, not by the code's helpers.
@Suite struct PropertySeriesTests {
    func window(_ time: Double, _ sublayers: [RenderLayer]) -> RenderFrame {
        var root = RenderLayer(id: 0, name: "window", bounds: Rect(x: 0, y: 0, width: 390, height: 844), position: Point(x: 195, y: 422))
        root.sublayers = sublayers
        return RenderFrame(time: time, root: root)
    }

    func layer(_ id: Int, _ frame: Rect, _ content: LayerContent = .none) -> RenderLayer {
        var layer = RenderLayer(id: id, name: "layer \(id)", bounds: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
                                position: Point(x: frame.midX, y: frame.midY))
        layer.content = content
        return layer
    }

    /// A transform with this upper 3×3 and nothing else.
    func matrix(_ upper: [[Double]]) -> Transform3D {
        Transform3D([upper[0] + [0], upper[1] + [0], upper[2] + [0], [0, 0, 0, 1]])
    }

    /// The value of one property of one view at a time.
    func value(_ series: [PropertySeries], _ name: String, _ view: String, at time: Double) -> Double? {
        series.first { $0.name == name && $0.view == view }?.samples.first { $0.time == time }?.value
    }

    @Test func positionIsTheCentreOnScreenAndOpacityAccumulates() throws {
        var container = layer(1, Rect(x: 10, y: 20, width: 200, height: 100))
        container.opacity = 0.5
        var presented = layer(2, Rect(x: 50, y: 10, width: 100, height: 40), .screen(.presented))
        presented.opacity = 0.8
        container.sublayers = [presented]
        let presenting = layer(3, Rect(x: 0, y: 0, width: 390, height: 844), .screen(.presenting))
        let series = PropertySeries.screens(in: [window(0.25, [presenting, container])])
        // The container's top-left (10, 20) plus the child's centre in it (50 + 50, 10 + 20).
        #expect(value(series, "position x", "presented", at: 0.25) == 110)
        #expect(value(series, "position y", "presented", at: 0.25) == 50)
        #expect(try #require(value(series, "opacity", "presented", at: 0.25)).isApproximately(0.4))
        #expect(value(series, "position x", "presenting", at: 0.25) == 195)
        #expect(value(series, "position y", "presenting", at: 0.25) == 422)
        #expect(value(series, "scale", "presenting", at: 0.25) == 1)
        #expect(value(series, "rotation z", "presenting", at: 0.25) == 0)
        // Each property: the presenting screen's series, then the presented one's.
        #expect(series.map(\.name) == ["position x", "position x", "position y", "position y", "opacity", "opacity",
                                       "scale", "scale", "rotation z", "rotation z", "rotation y", "rotation y", "rotation x", "rotation x"])
        #expect(series.prefix(2).map(\.view) == ["presenting", "presented"])
        #expect(series.first { $0.name == "position x" }?.unit == "pt")
        #expect(series.first { $0.name == "rotation z" }?.unit == "°")
    }

    @Test func anAncestorsScaleMovesAndScalesTheScreen() throws {
        // A 200×100 container centred at (110, 70), scaled 2× about its centre.
        var container = layer(1, Rect(x: 10, y: 20, width: 200, height: 100))
        container.transform = matrix([[2, 0, 0], [0, 2, 0], [0, 0, 1]])
        container.sublayers = [layer(2, Rect(x: 0, y: 0, width: 50, height: 50), .screen(.presented))]
        let series = PropertySeries.screens(in: [window(0, [container])])
        // The child's centre (25, 25) is (−75, −25) from the container's centre, doubled: (110 − 150, 70 − 50).
        #expect(value(series, "position x", "presented", at: 0) == -40)
        #expect(value(series, "position y", "presented", at: 0) == 20)
        #expect(value(series, "scale", "presented", at: 0) == 2)
        #expect(!series.contains { $0.view == "presenting" })
    }

    @Test func rotationAboutZWithAScale() throws {
        let (c, s) = (cos(30.0 * .pi / 180), sin(30.0 * .pi / 180))
        var presented = layer(1, Rect(x: 100, y: 200, width: 100, height: 100), .screen(.presented))
        presented.transform = matrix([[0.5 * c, 0.5 * s, 0], [-0.5 * s, 0.5 * c, 0], [0, 0, 1]])
        let series = PropertySeries.screens(in: [window(0, [presented])])
        #expect(try #require(value(series, "rotation z", "presented", at: 0)).isApproximately(30))
        #expect(try #require(value(series, "rotation y", "presented", at: 0)).isApproximately(0))
        #expect(try #require(value(series, "scale", "presented", at: 0)).isApproximately(0.5))
        // Turned and scaled about its centre, which stays put.
        #expect(try #require(value(series, "position x", "presented", at: 0)).isApproximately(150))
        #expect(try #require(value(series, "position y", "presented", at: 0)).isApproximately(250))
    }

    @Test func aPerspectiveTurnAboutY() throws {
        // R_y(40°) then m34 = −1/500, written out: the flip's kind of matrix.
        let (c, s, p) = (cos(40.0 * .pi / 180), sin(40.0 * .pi / 180), -1.0 / 500)
        var presented = layer(1, Rect(x: 0, y: 0, width: 390, height: 844), .screen(.presented))
        presented.transform = Transform3D([[c, 0, -s, -s * p], [0, 1, 0, 0], [s, 0, c, c * p], [0, 0, 0, 1]])
        let series = PropertySeries.screens(in: [window(0, [presented])])
        #expect(try #require(value(series, "rotation y", "presented", at: 0)).isApproximately(40))
        #expect(try #require(value(series, "rotation z", "presented", at: 0)).isApproximately(0))
        #expect(try #require(value(series, "rotation x", "presented", at: 0)).isApproximately(0))
        #expect(try #require(value(series, "scale", "presented", at: 0)).isApproximately(1))
        // The anchor is the centre: it maps to the position, whatever the turn.
        #expect(try #require(value(series, "position x", "presented", at: 0)).isApproximately(195))
    }

    @Test func turnsPastAQuarterReadAsOneTurn() throws {
        // 120° about y: R_y's m11 = cos, m13 = −sin, m31 = sin, m33 = cos.
        let (c, s) = (cos(120.0 * .pi / 180), sin(120.0 * .pi / 180))
        var flipped = layer(1, Rect(x: 0, y: 0, width: 100, height: 100), .screen(.presented))
        flipped.transform = matrix([[c, 0, -s], [0, 1, 0], [s, 0, c]])
        // −20° about x (a card tipping back): m22 = cos, m23 = sin, m32 = −sin, m33 = cos.
        let (cx, sx) = (cos(-20.0 * .pi / 180), sin(-20.0 * .pi / 180))
        var tipped = layer(2, Rect(x: 0, y: 0, width: 100, height: 100), .screen(.presenting))
        tipped.transform = matrix([[1, 0, 0], [0, cx, sx], [0, -sx, cx]])
        let series = PropertySeries.screens(in: [window(0, [tipped, flipped])])
        #expect(try #require(value(series, "rotation y", "presented", at: 0)).isApproximately(120))
        #expect(try #require(value(series, "rotation z", "presented", at: 0)).isApproximately(0))
        #expect(try #require(value(series, "rotation x", "presented", at: 0)).isApproximately(0))
        #expect(try #require(value(series, "rotation x", "presenting", at: 0)).isApproximately(-20))
        #expect(try #require(value(series, "rotation y", "presenting", at: 0)).isApproximately(0))
        // Edge-on at exactly 90°: all of it about y.
        var edgeOn = layer(3, Rect(x: 0, y: 0, width: 100, height: 100), .screen(.presented))
        edgeOn.transform = matrix([[0, 0, -1], [0, 1, 0], [1, 0, 0]])
        let edge = PropertySeries.screens(in: [window(0, [edgeOn])])
        #expect(try #require(value(edge, "rotation y", "presented", at: 0)).isApproximately(90))
        #expect(try #require(value(edge, "rotation z", "presented", at: 0)).isApproximately(0))
    }

    @Test func unevenScaleIsTwoSeriesAndAFlatScaleHasNoTurn() throws {
        var stretched = layer(1, Rect(x: 0, y: 0, width: 100, height: 100), .screen(.presented))
        stretched.transform = matrix([[2, 0, 0], [0, 0.5, 0], [0, 0, 1]])
        var squashed = layer(2, Rect(x: 0, y: 0, width: 100, height: 100), .screen(.presenting))
        squashed.transform = matrix([[0, 0, 0], [0, 1, 0], [0, 0, 1]])
        let series = PropertySeries.screens(in: [window(0, [squashed, stretched])])
        #expect(value(series, "scale x", "presented", at: 0) == 2)
        #expect(value(series, "scale y", "presented", at: 0) == 0.5)
        #expect(!series.contains { $0.name == "scale" && $0.view == "presented" })
        // Squashed to no width: a scale of 0, and no turn to report.
        #expect(value(series, "scale x", "presenting", at: 0) == 0)
        #expect(value(series, "scale y", "presenting", at: 0) == 1)
        #expect(series.first { $0.name == "rotation z" && $0.view == "presenting" }?.samples.isEmpty == true)
    }

    @Test func aScreenOffTheTreeLeavesAGapAndHiddenIsTransparent() {
        let presenting = layer(1, Rect(x: 0, y: 0, width: 390, height: 844), .screen(.presenting))
        var hidden = layer(2, Rect(x: 0, y: 0, width: 390, height: 844), .screen(.presented))
        hidden.isHidden = true
        let shown = layer(2, Rect(x: 0, y: 0, width: 390, height: 844), .screen(.presented))
        let frames = [window(0, [presenting]), window(0.1, [presenting, hidden]), window(0.2, [presenting]), window(0.3, [presenting, shown])]
        let series = PropertySeries.screens(in: frames)
        let opacity = series.first { $0.name == "opacity" && $0.view == "presented" }
        #expect(opacity?.samples == [.init(time: 0.1, value: 0), .init(time: 0.3, value: 1)])
        #expect(series.first { $0.name == "opacity" && $0.view == "presenting" }?.samples.count == 4)
    }

    @Test func ofSeveralLayersShowingAScreenTheVisibleOneDrawnLast() {
        let a = layer(1, Rect(x: 0, y: 0, width: 100, height: 100), .screen(.presented))
        let b = layer(2, Rect(x: 200, y: 0, width: 100, height: 100), .screen(.presented))
        var fadedB = b
        fadedB.opacity = 0
        var raisedA = a
        raisedA.zPosition = 1
        let frames = [window(0, [a, b]), window(1, [a, fadedB]), window(2, [raisedA, b])]
        let x = PropertySeries.screens(in: frames).first { $0.name == "position x" }
        // b's centre is 250, a's 50; a raised by zPosition is drawn after b.
        #expect(x?.samples.map(\.value) == [250, 50, 50])
    }

    @Test func aRunsLabelGoesBeforeTheView() {
        let series = PropertySeries.screens(in: [window(0, [layer(1, Rect(x: 0, y: 0, width: 10, height: 10), .screen(.presented))])], run: "B")
        #expect(series.allSatisfy { $0.view == "B · presented" })
    }

    @Test func changingKeepsEveryViewOfAPropertyThatMoves() {
        func line(_ name: String, _ view: String, _ values: [Double]) -> PropertySeries {
            PropertySeries(name: name, view: view, unit: "", samples: values.enumerated().map { .init(time: Double($0.offset), value: $0.element) })
        }
        let series = [line("position y", "presenting", [422, 422]), line("position y", "presented", [1266, 600]),
                      line("opacity", "presenting", [1, 1]), line("opacity", "presented", [1, 1]), line("scale", "presented", [])]
        #expect(PropertySeries.changing(series).map(\.view) == ["presenting", "presented"])
        #expect(PropertySeries.changing(series).allSatisfy { $0.name == "position y" })
    }
}

extension Double {
    func isApproximately(_ other: Double) -> Bool { approximately(self, other, tolerance: 1e-9) }
}

import Geometry
import Raster
import Testing
@testable import HTMLPlayer

/// A scene's layer as the page reads it.
@Suite struct SceneEntryTests {
    static func node(_ placement: Homography) -> LayerScene.Node {
        LayerScene.Node(size: Size(width: 10, height: 10), placement: placement, opacity: 1, background: nil, radii: [0, 0, 0, 0],
                        clips: false, border: nil, shadow: nil, picture: nil, pictureArea: Rect(x: 0, y: 0, width: 10, height: 10),
                        mask: nil, maskArea: .zero, sublayers: [])
    }

    @Test func aTranslationIsTwoNumbers() {
        let entry = PlayerPayload.NodeEntry(Self.node(Homography(translationX: 12.5, y: -3)), pictures: [])
        #expect(entry.m == nil && entry.x == 12.5 && entry.y == -3)
    }

    @Test func aPlaneWhoseOriginIsBehindTheEyeKeepsItsSign() throws {
        // w = -2 at the origin: divided by 2, not by -2, so the browser keeps the same side of the eye plane.
        let behind = Homography(h11: 1, h12: 0, h13: 0.001, h21: 0, h22: 1, h23: 0, h31: 4, h32: 6, h33: -2)
        let m = try #require(PlayerPayload.NodeEntry(Self.node(behind), pictures: []).m)
        #expect(m == [0.5, 0, 0.0005, 0, 0.5, 0, 2, 3, -1])
        // The same points as the homography maps them: (10, 0) → (14, 6) / (-1.99).
        let x = (10 * m[0] + m[6]) / (10 * m[2] + m[8]), y = (10 * m[1] + m[7]) / (10 * m[2] + m[8])
        #expect(abs(x - 14 / -1.99) < 1e-9 && abs(y - 6 / -1.99) < 1e-9)
    }

    @Test func aShadowIsABoxShadowOfTwiceTheDeviation() {
        var node = Self.node(.identity)
        node.shadow = (Point(x: 0, y: 3), 4, Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        // CSS blurs by a Gaussian of deviation half the blur radius: 4 points' deviation is an 8 px blur.
        #expect(PlayerPayload.NodeEntry(node, pictures: []).s == "0.0px 3.0px 8.0px rgba(0,0,0,0.502)")
    }

    @Test func aPictureSharedByFramesIsPaidForInShares() {
        // 10×10 shared by four frames, 4×5 by one, and the first listed twice: 100 / 4 + 20 = 45 pixels.
        let shared = Image(width: 10, height: 10), own = Image(width: 4, height: 5)
        #expect(PlayerPayload.sharedCost(of: [shared, own, shared], uses: [shared: 4, own: 1]) == 45)
    }
}

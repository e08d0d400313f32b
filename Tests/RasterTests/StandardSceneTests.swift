import Geometry
import RenderTree
import Testing
@testable import Raster

@Suite struct StandardSceneTests {
    let phone = (size: Size(width: 390, height: 844), safeArea: EdgeInsets(top: 47, bottom: 34))

    @Test(arguments: ScreenRole.allCases)
    func paintingIsDeterministic(role: ScreenRole) throws {
        let a = try StandardScene().paint(role, size: phone.size, scale: 1, safeArea: phone.safeArea)
        let b = try StandardScene().paint(role, size: phone.size, scale: 1, safeArea: phone.safeArea)
        #expect(a == b)
    }

    @Test func imageIsSizeTimesScale() throws {
        let image = try StandardScene().paint(.presenting, size: Size(width: 375, height: 667), scale: 3, safeArea: EdgeInsets(top: 20))
        #expect(image.width == 1125 && image.height == 2001)
        #expect(image[0, 1000].a == 255)
    }

    /// Mean Euclidean RGB distance per pixel, 0…441; the two screens must differ at a glance,
    /// which we take as more than a quarter of the way from black to white (≥ 110).
    @Test(arguments: [(Size(width: 390, height: 844), 2.0), (Size(width: 390, height: 422), 1.0), (Size(width: 60, height: 130), 1.0)])
    func presentingAndPresentedDifferStrongly(size: Size, scale: Double) throws {
        let a = try StandardScene().paint(.presenting, size: size, scale: scale, safeArea: .zero)
        let b = try StandardScene().paint(.presented, size: size, scale: scale, safeArea: .zero)
        var total = 0.0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let d = (0..<3).map { Double(a.pixels[i + $0]) - Double(b.pixels[i + $0]) }
            total += (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).squareRoot()
        }
        #expect(total / Double(a.width * a.height) > 110)
    }

    /// The band above the navigation bar is plain background unless the inset holds a status bar.
    @Test(arguments: [(19.0, false), (20.0, true), (47.0, true)])
    func statusBarOnlyWhenTheTopInsetFitsOne(top: Double, expected: Bool) throws {
        let image = try StandardScene().paint(.presenting, size: Size(width: 375, height: 667), scale: 2, safeArea: EdgeInsets(top: top))
        let band = Int(top * 2)
        let inked = (0..<band).contains { y in (0..<image.width).contains { x in image[x, y].r < 200 } }
        #expect(inked == expected)
    }

    @Test func homeIndicatorOnlyWithABottomInset() throws {
        let size = Size(width: 390, height: 844)
        let with = try StandardScene().paint(.presenting, size: size, scale: 1, safeArea: EdgeInsets(top: 47, bottom: 34))
        let without = try StandardScene().paint(.presenting, size: size, scale: 1, safeArea: EdgeInsets(top: 47))
        // Centre of the indicator: 8 points above the bottom edge plus half its 5-point height.
        #expect(with[195, 844 - 11].r < 50)
        #expect(without[195, 844 - 11].r > 200)
    }

    @Test(arguments: ScreenRole.allCases)
    func plainSceneIsTransparent(role: ScreenRole) throws {
        let image = try PlainScene().paint(role, size: Size(width: 20, height: 30), scale: 3, safeArea: phone.safeArea)
        #expect(image.width == 60 && image.height == 90)
        #expect(image.pixels.allSatisfy { $0 == 0 })
    }
}

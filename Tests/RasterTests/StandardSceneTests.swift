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

    /// The band above the navigation bar is plain background unless the inset holds a status bar
    /// and the scene paints one into its pictures (a stand-in for a screenshot).
    @Test(arguments: [(19.0, false), (20.0, true), (47.0, true)])
    func statusBarInThePictureOnlyWhenTheTopInsetFitsOne(top: Double, expected: Bool) throws {
        let image = try StandardScene(chromeInPicture: true).paint(.presenting, size: Size(width: 375, height: 667), scale: 2,
                                                                   safeArea: EdgeInsets(top: top))
        let band = Int(top * 2)
        let inked = (0..<band).contains { y in (0..<image.width).contains { x in image[x, y].r < 200 } }
        #expect(inked == expected)
    }

    @Test func homeIndicatorInThePictureOnlyWithABottomInset() throws {
        let size = Size(width: 390, height: 844), scene = StandardScene(chromeInPicture: true)
        let with = try scene.paint(.presenting, size: size, scale: 1, safeArea: EdgeInsets(top: 47, bottom: 34))
        let without = try scene.paint(.presenting, size: size, scale: 1, safeArea: EdgeInsets(top: 47))
        // Centre of the indicator: 8 points above the bottom edge plus half its 5-point height.
        #expect(with[195, 844 - 11].r < 50)
        #expect(without[195, 844 - 11].r > 200)
    }

    /// The standard scene leaves the status bar and home indicator to the
    /// window: each row of the top inset is one colour (the screen's
    /// background, a vertical gradient for the detail), and so is the bottom
    /// inset's band where the indicator would be.
    @Test(arguments: ScreenRole.allCases)
    func picturesHoldNoSystemChrome(role: ScreenRole) throws {
        let image = try StandardScene().paint(role, size: phone.size, scale: 2, safeArea: phone.safeArea)
        #expect(StandardScene().showsSystemChrome)
        for y in Array(0..<94) + Array((844 - 16) * 2..<844 * 2) {
            let first = image[0, y]
            let uniform = (0..<image.width).allSatisfy { x in
                let p = image[x, y]
                return abs(Int(p.r) - Int(first.r)) <= 1 && abs(Int(p.g) - Int(first.g)) <= 1 && abs(Int(p.b) - Int(first.b)) <= 1
            }
            // The inbox's toolbar has its text above the indicator's band, its hairline at its top.
            #expect(uniform, "row \(y) of the \(role) screen")
            if !uniform { break }
        }
    }

    /// The detail screen in small boxes (an alert's 270 × 180, a drop-down's
    /// narrow column, a popover): nothing is drawn in the 20-point side
    /// margins (no word sticks out, none is cut at the edge) nor in the
    /// bottom 4 points (a line is drawn whole or not at all). The gradient
    /// is vertical, so a clean row is one colour across a margin.
    @Test(arguments: [Size(width: 270, height: 180), Size(width: 195, height: 420), Size(width: 300, height: 240),
                      Size(width: 150, height: 300), Size(width: 390, height: 844)])
    func smallBoxesKeepTheirTextInside(size: Size) throws {
        let image = try StandardScene().paint(.presented, size: size, scale: 2, safeArea: .zero)
        func clean(_ xs: Range<Int>, _ y: Int) -> Bool {
            let reference = image[xs.lowerBound, y]
            return xs.allSatisfy { x in
                let p = image[x, y]
                return abs(Int(p.r) - Int(reference.r)) <= 1 && abs(Int(p.g) - Int(reference.g)) <= 1 && abs(Int(p.b) - Int(reference.b)) <= 1
            }
        }
        for y in 0..<image.height {
            #expect(clean(0..<38, y) && clean(image.width - 38..<image.width, y), "\(size): row \(y) has ink in a margin")
            if !(clean(0..<38, y) && clean(image.width - 38..<image.width, y)) { break }
        }
        for y in image.height - 8..<image.height {
            #expect(clean(0..<image.width, y), "\(size): row \(y) has ink at the bottom edge")
        }
    }

    /// The title in a narrow box wraps between words at a size where its longest word fits.
    @Test func aNarrowTitleShrinksToFitItsLongestWord() throws {
        let painter = Painter(size: Size(width: 10, height: 10), scale: 2)
        let bold = try Font.named(.bold)
        let weekend = try painter.measure("Weekend", font: bold, size: 34)
        #expect(try StandardScene.titleSize(fitting: 400, painter: painter, font: bold) == 34)
        let narrow = try StandardScene.titleSize(fitting: weekend - 1, painter: painter, font: bold)
        #expect(narrow < 34)
        #expect(try painter.measure("Weekend", font: bold, size: narrow) <= weekend - 1)
    }

    @Test(arguments: ScreenRole.allCases)
    func plainSceneIsTransparent(role: ScreenRole) throws {
        let image = try PlainScene().paint(role, size: Size(width: 20, height: 30), scale: 3, safeArea: phone.safeArea)
        #expect(image.width == 60 && image.height == 90)
        #expect(image.pixels.allSatisfy { $0 == 0 })
    }
}

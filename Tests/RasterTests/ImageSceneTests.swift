import Geometry
import RenderTree
import Testing
@testable import Raster

@Suite struct ImageSceneTests {
    private func stripes(_ colours: [(UInt8, UInt8, UInt8, UInt8)], columnsEach: Int, height: Int) -> Image {
        var image = Image(width: colours.count * columnsEach, height: height)
        for y in 0..<height {
            for x in 0..<image.width { image[x, y] = (colours[x / columnsEach].0, colours[x / columnsEach].1, colours[x / columnsEach].2, colours[x / columnsEach].3) }
        }
        return image
    }

    /// An 8 × 4 picture (2:1) of red | green green | blue quarters, filled into a 4 × 4 square:
    /// the scale is max(4/8, 4/4) = 1, so 2 columns are cropped from each side and exactly the
    /// green middle half remains.
    @Test func aWideImageFilledIntoASquareCropsTheSides() throws {
        let source = stripes([(255, 0, 0, 255), (0, 255, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255)], columnsEach: 2, height: 4)
        let filled = try ImageScene(from: source, to: nil).paint(.presenting, size: Size(width: 2, height: 2), scale: 2, safeArea: .zero)
        #expect(filled.width == 4 && filled.height == 4)
        for y in 0..<4 { for x in 0..<4 { #expect(filled[x, y] == (r: 0, g: 255, b: 0, a: 255)) } }
    }

    /// Shrinking: 200 × 100 of red 50 | green 100 | blue 50 into 60 × 60 keeps the green middle;
    /// only the outermost columns may pick up a little of the cropped colours through the filter.
    @Test func shrinkingKeepsTheCentre() {
        let source = stripes([(255, 0, 0, 255), (0, 255, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255)], columnsEach: 50, height: 100)
        let filled = source.aspectFilled(width: 60, height: 60)
        for x in 2..<58 { #expect(filled[x, 30] == (r: 0, g: 255, b: 0, a: 255)) }
        #expect(filled[0, 30].r < 80 && filled[59, 30].b < 80)
    }

    /// A 2 × 1 black | white picture doubled: output centres fall at source x = 0.25, 0.75, 1.25,
    /// 1.75; bilinear between pixel centres 0.5 and 1.5 (clamped at the ends) gives
    /// 0, 0.25, 0.75, 1 of white: 0, 63.75 → 64, 191.25 → 191, 255.
    @Test func enlargingIsBilinear() {
        let source = stripes([(0, 0, 0, 255), (255, 255, 255, 255)], columnsEach: 1, height: 1)
        let filled = source.aspectFilled(width: 4, height: 2)
        #expect((0..<4).map { filled[$0, 0].r } == [0, 64, 191, 255])
        #expect((0..<4).map { filled[$0, 1].r } == [0, 64, 191, 255])
    }

    /// Filtering premultiplied values: a transparent neighbour adds no colour, only transparency.
    @Test func transparentNeighboursDoNotTint() {
        let source = Image(width: 2, height: 1, straightAlpha: [255, 0, 0, 255, 0, 255, 0, 0])
        let filled = source.aspectFilled(width: 4, height: 2)
        #expect((0..<4).map { filled[$0, 0].g } == [0, 0, 0, 0])
        #expect((0..<4).map { filled[$0, 0].a } == [255, 191, 64, 0])
        #expect((0..<4).map { filled[$0, 0].r } == [255, 191, 64, 0])
    }

    @Test func aMissingPictureFallsBackToTheStandardScene() throws {
        let size = Size(width: 100, height: 200), safe = EdgeInsets(top: 20)
        let scene = ImageScene(from: Image(width: 1, height: 1), to: nil)
        #expect(try scene.paint(.presented, size: size, scale: 1, safeArea: safe)
                == StandardScene(chromeInPicture: true).paint(.presented, size: size, scale: 1, safeArea: safe))
        // Screenshots carry their own status bar: the window draws none over them.
        #expect(!scene.showsSystemChrome)
    }
}

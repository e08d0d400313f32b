import Geometry
import Testing
@testable import Raster

@Suite struct ContactSheetTests {
    private func solid(_ k: Int, width: Int = 30, height: Int = 20) -> Image {
        let colour: [UInt8] = [UInt8(k * 20), 100, 200, 255]
        return Image(width: width, height: height, pixels: Array((0..<width * height).map { _ in colour }.joined()))
    }

    /// At scale 1 the margins are 24, gaps 16, title 32 and labels 24 pixels, so with 3 columns of
    /// 30 × 20 frames, frame k sits at x = 24 + (k mod 3)·(30 + 16), y = 24 + 32 + (k div 3)·(20 + 24 + 16).
    @Test func framesSitWhereTheGridSays() throws {
        let frames = (0..<7).map { (image: solid($0), label: "\($0)") }
        let sheet = try ContactSheet.compose(title: "half-sheet · present · iPhone 15", frames: frames, columns: 3, scale: 1)
        #expect(sheet.width == 24 * 2 + 3 * 30 + 2 * 16)
        #expect(sheet.height == 24 * 2 + 32 + 3 * (20 + 24) + 2 * 16)
        for k in 0..<7 {
            let x = 24 + (k % 3) * 46, y = 56 + (k / 3) * 60
            #expect(sheet[x, y] == (r: UInt8(k * 20), g: 100, b: 200, a: 255))
            #expect(sheet[x + 29, y + 19] == (r: UInt8(k * 20), g: 100, b: 200, a: 255))
            #expect(sheet[x - 1, y - 1] != (r: UInt8(k * 20), g: 100, b: 200, a: 255))
        }
        #expect(sheet[sheet.width - 1, sheet.height - 1].a == 255)
    }

    /// Nine 100 × 100 frames: 3 columns make a sheet 48 + 300 + 32 = 380 wide and
    /// 48 + 32 + 3·124 + 32 = 484 tall (ratio 0.79); 4 columns make it 496 × 484 (1.02);
    /// 5 make it 612 × 344 (1.78). Four is the squarest.
    @Test func columnsKeepTheSheetNearlySquare() {
        #expect(ContactSheet.layout(frameWidth: 100, frameHeight: 100, count: 9, scale: 1).columns == 4)
        #expect(ContactSheet.layout(frameWidth: 100, frameHeight: 100, count: 9, columns: 2, scale: 1).columns == 2)
        #expect(ContactSheet.layout(frameWidth: 100, frameHeight: 200, count: 8, scale: 1).columns == 4)
    }

    @Test func framesOfDifferentSizesAreRefused() {
        #expect(throws: RasterError.self) {
            try ContactSheet.compose(title: "t", frames: [(solid(0), "a"), (solid(1, width: 31), "b")], scale: 1)
        }
    }

    @Test func anEmptySheetHasItsTitle() throws {
        let sheet = try ContactSheet.compose(title: "nothing", frames: [], scale: 2)
        #expect(sheet.width > 0 && sheet.height > 0)
    }
}

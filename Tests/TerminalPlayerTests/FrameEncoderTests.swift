import CTerminal
import Foundation
import Raster
import Testing
@testable import TerminalPlayer

/// The bytes a frame becomes, read back as a terminal would show them and
/// compared with colours worked out here from the pixels.
@Suite struct FrameEncoderTests {
    typealias RGB = CellDecoder.RGB

    /// A 2 × 2 picture from straight-alpha pixels, row by row.
    func picture(_ pixels: [(Int, Int, Int, Int)], width: Int = 2) -> Image {
        Image(width: width, height: pixels.count / width, straightAlpha: pixels.flatMap { [UInt8($0.0), UInt8($0.1), UInt8($0.2), UInt8($0.3)] })
    }

    /// A straight-alpha colour over black, as the player shows it: each channel × alpha / 255, rounded.
    func overBlack(_ pixel: (Int, Int, Int, Int)) -> RGB {
        func channel(_ c: Int) -> Int { Int((Double(c * pixel.3) / 255).rounded()) }
        return RGB(r: channel(pixel.0), g: channel(pixel.1), b: channel(pixel.2))
    }

    /// The 2 × 2 picture into 2 × 1 cells: each cell is one column of pixels, its
    /// top quarters the upper pixel, its bottom quarters the lower one.
    func checkTwoByTwo(mode: GraphicsMode, pixels: [(Int, Int, Int, Int)], expected: [RGB]) throws {
        let layout = try #require(Layout.fit(width: 2, height: 2, in: TerminalSize(columns: 2, rows: 2), mode: mode))
        #expect(layout.columns == 2 && layout.rows == 1)
        let bytes = FrameEncoder(mode: mode).encode(picture(pixels), layout: layout, row: 3, column: 5)
        let screen = CellDecoder(bytes)
        for column in 0..<2 {
            let cell = try #require(screen.cell(row: 3, column: 5 + column), "cell \(column) missing")
            let quarters = try #require(cell.quarterColours, "not a block symbol: \(cell.symbol)")
            #expect(quarters[0] == expected[column] && quarters[1] == expected[column], "top of cell \(column): \(quarters)")
            #expect(quarters[2] == expected[2 + column] && quarters[3] == expected[2 + column], "bottom of cell \(column): \(quarters)")
        }
        // Nothing else drawn, and attributes reset at the end.
        #expect(screen.cells.keys.sorted() == [3] && screen.cells[3]!.keys.sorted() == [5, 6])
        #expect(bytes.suffix(4) == Array("\u{1B}[0m".utf8))
    }

    @Test func truecolourBlocksShowEachPixelsColour() throws {
        let pixels = [(255, 0, 0, 255), (0, 128, 255, 255), (12, 200, 99, 255), (255, 0, 0, 128)]
        try checkTwoByTwo(mode: .blocks, pixels: pixels, expected: pixels.map(overBlack))
    }

    @Test func indexedBlocksUseTheFixedPaletteEntryOfEachColour() throws {
        // Colours on the palette: the cube's (5,0,0) = 196 and (0,2,5) = 33, the grey 88 = 240,
        // and the cube's (4,3,1) = 179. Chosen exactly, so the nearest entry is that entry.
        let pixels = [(255, 0, 0, 255), (0, 135, 255, 255), (88, 88, 88, 255), (215, 175, 95, 255)]
        try checkTwoByTwo(mode: .indexed, pixels: pixels, expected: pixels.map(overBlack))
        let bytes = FrameEncoder(mode: .indexed).encode(picture(pixels), layout: Layout.fit(width: 2, height: 2,
            in: TerminalSize(columns: 2, rows: 2), mode: .indexed)!)
        let screen = CellDecoder(bytes)
        let indices = [1, 2].compactMap { screen.cell(row: 1, column: $0) }.flatMap { [$0.foregroundIndex, $0.backgroundIndex] }
        #expect(Set(indices.compactMap { $0 }) == [196, 33, 240, 179])
        // Never the 16 colours the terminal's theme decides, and no 24-bit colour.
        #expect(!String(decoding: bytes, as: UTF8.self).contains("38;2;"))
    }

    /// A 4 × 4 picture in one cell: each quarter of the cell averages a 2 × 2 block.
    @Test func shrinkingAveragesThePixelsEachSampleCovers() throws {
        // Rows 0–1 alternate 10 and 30 (average 20), rows 2–3 alternate 100 and 200 (average 150).
        let rows: [[Int]] = [[10, 30, 10, 30], [30, 10, 30, 10], [100, 200, 100, 200], [200, 100, 200, 100]]
        let image = picture(rows.flatMap { $0.map { ($0, $0, $0, 255) } }, width: 4)
        let layout = try #require(Layout.fit(width: 4, height: 4, in: TerminalSize(columns: 1, rows: 2), mode: .blocks))
        #expect(layout.columns == 1 && layout.rows == 1 && layout.sampleWidth == 2 && layout.sampleHeight == 2)
        let cell = try #require(CellDecoder(FrameEncoder(mode: .blocks).encode(image, layout: layout)).cell(row: 1, column: 1))
        let quarters = try #require(cell.quarterColours)
        #expect(quarters == [RGB(r: 20, g: 20, b: 20), RGB(r: 20, g: 20, b: 20), RGB(r: 150, g: 150, b: 150), RGB(r: 150, g: 150, b: 150)])
    }

    /// Three pixels into two samples: the first covers pixel 0 and half of pixel 1
    /// (weights 2/3, 1/3), the second the other half of pixel 1 and pixel 2.
    @Test func fractionalCoverageIsWeightedByArea() {
        let source: [UInt8] = [30, 0, 0, 255, 90, 0, 0, 255, 240, 0, 0, 255]
        var out = [UInt8](repeating: 0, count: 2 * 4)
        segue_box_resample(source, 3, 1, &out, 2, 1, 2, 1, 1)
        let first: Double = 2.0 / 3 * 30 + 1.0 / 3 * 90, second: Double = 1.0 / 3 * 90 + 2.0 / 3 * 240
        #expect(Int(out[0]) == Int(first.rounded()))    // 50
        #expect(Int(out[4]) == Int(second.rounded()))   // 190
        #expect(out[3] == 255 && out[7] == 255)
    }

    @Test func sameFrameSameBytes() throws {
        let image = Image(width: 390, height: 844, pixels: (0..<(390 * 844 * 4)).map { UInt8(truncatingIfNeeded: $0 % 4 == 3 ? 255 : $0 * 7 / 13) })
        for mode in GraphicsMode.allCases {
            let layout = try #require(Layout.fit(width: 390, height: 844, in: TerminalSize(columns: 80, rows: 24), mode: mode))
            #expect(FrameEncoder(mode: mode).encode(image, layout: layout) == FrameEncoder(mode: mode).encode(image, layout: layout))
        }
    }

    @Test func kittyAndSixelSequences() throws {
        let image = picture([(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)])
        let size = TerminalSize(columns: 10, rows: 5, cellWidth: 10, cellHeight: 20)
        let kitty = String(decoding: FrameEncoder(mode: .kitty).encode(image, layout: try #require(Layout.fit(
            width: 2, height: 2, in: size, mode: .kitty)), row: 1, column: 1), as: UTF8.self)
        // The screen's images deleted first, then a new one placed at the top left.
        #expect(kitty.hasPrefix("\u{1B}_Ga=d,d=A,q=2\u{1B}\\\u{1B}[1;1H\u{1B}_Ga=T,"))
        let sixel = String(decoding: FrameEncoder(mode: .sixel).encode(image, layout: try #require(Layout.fit(
            width: 2, height: 2, in: size, mode: .sixel)), row: 2, column: 3), as: UTF8.self)
        #expect(sixel.hasPrefix("\u{1B}[2;3H\u{1B}P"))
        #expect(sixel.contains("\u{1B}\\"))
    }

    /// Kitty gets the picture's own pixels: its commands' data, joined and decoded,
    /// is the canvas, each of the 2 × 2 pixels enlarged to a 4 × 4 block.
    @Test func kittyCarriesThePixels() throws {
        let pixels = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)]
        // 10 × 4 cells of 10 × 20 above the status line: 2 × 2 pixels would be 80 × 80,
        // 40 times the frame; kitty scales, so the cells are 1 × 2 and the picture 8 × 8.
        let size = TerminalSize(columns: 10, rows: 5, cellWidth: 10, cellHeight: 20)
        let layout = try #require(Layout.fit(width: 2, height: 2, in: size, mode: .kitty))
        #expect(layout.columns == 8 && layout.rows == 4 && layout.sampleWidth == 8 && layout.sampleHeight == 8)
        let text = String(decoding: FrameEncoder(mode: .kitty).encode(picture(pixels), layout: layout), as: UTF8.self)
        var controls: [String] = [], data = ""
        for command in text.matches(of: /\u{1B}_G([^;\u{1B}]*)(?:;([^\u{1B}]*))?\u{1B}\\/) {
            controls.append(String(command.1))
            data += command.2.map(String.init) ?? ""
        }
        #expect(controls.contains { $0.hasPrefix("a=T,f=32,s=8,v=8,c=8,r=4") })
        let bytes = try #require(Data(base64Encoded: data))
        #expect(bytes.count == 8 * 8 * 4)
        for y in 0..<8 {
            for x in 0..<8 {
                let i = (y * 8 + x) * 4
                let expected = pixels[(y / 4) * 2 + x / 4]
                #expect([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]] == [UInt8(expected.0), UInt8(expected.1), UInt8(expected.2), 255],
                        "pixel \(x), \(y)")
            }
        }
    }
}

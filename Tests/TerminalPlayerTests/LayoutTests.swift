import Testing
@testable import TerminalPlayer

/// Fitting a frame to the window: the largest picture with the frame's aspect,
/// one cell being one square pixel across and two down in the block modes.
@Suite struct LayoutTests {
    @Test func iPhoneFrameInAnEightyByTwentyFourTerminal() throws {
        // 23 rows are left above the status line: 46 square pixels down.
        // 390 × 844 scaled by 46/844 is 21.26 pixels (cells) across.
        let layout = try #require(Layout.fit(width: 390, height: 844, in: TerminalSize(columns: 80, rows: 24), mode: .blocks))
        #expect(layout.columns == 21 && layout.rows == 23)
        // Two samples a cell each way (quarter blocks), 8 × 8 chafa pixels a cell.
        #expect(layout.sampleWidth == 42 && layout.sampleHeight == 46)
        #expect(layout.canvasWidth == 168 && layout.canvasHeight == 184)
    }

    @Test func iPhoneFrameInABigTerminal() throws {
        // 59 rows: 118 pixels down; 390 × 118/844 = 54.53 across.
        let layout = try #require(Layout.fit(width: 390, height: 844, in: TerminalSize(columns: 200, rows: 60), mode: .blocks))
        #expect(layout.columns == 55 && layout.rows == 59)
    }

    @Test func landscapeFrameIsLimitedByTheWidth() throws {
        // 80 across for 844: scale 80/844, so 390 × 80/844 = 36.97 pixels down, 18.48 rows.
        let layout = try #require(Layout.fit(width: 844, height: 390, in: TerminalSize(columns: 80, rows: 24), mode: .indexed))
        #expect(layout.columns == 80 && layout.rows == 18)
    }

    /// For many frames and windows: inside the window above the status line,
    /// touching it on one side, and the aspect kept to within the half cell
    /// that rounding to whole cells costs.
    @Test func everyFitKeepsTheAspectAndFillsOneSide() throws {
        for (width, height) in [(390, 844), (844, 390), (100, 100), (375, 667), (1, 1000), (1000, 1)] {
            for (columns, rows) in [(80, 24), (200, 60), (40, 50), (13, 7), (300, 100)] {
                let layout = try #require(Layout.fit(width: width, height: height, in: TerminalSize(columns: columns, rows: rows),
                                                     mode: .blocks))
                #expect(layout.columns >= 1 && layout.columns <= columns && layout.rows >= 1 && layout.rows <= rows - 1)
                let scale = min(Double(columns) / Double(width), Double(2 * (rows - 1)) / Double(height))
                #expect(abs(Double(layout.columns) - Double(width) * scale) <= 0.5 || layout.columns == 1)
                #expect(abs(Double(2 * layout.rows) - Double(height) * scale) <= 1 || layout.rows == 1)
            }
        }
    }

    @Test func pixelsAtTheCellSizeTheTerminalReports() throws {
        // 100 × 40 cells of 10 × 20 pixels; 39 rows = 780 pixels down.
        // 390 × 844 scaled by 780/844: 360.4 → 360 × 780, in 36 × 39 cells.
        let size = TerminalSize(columns: 100, rows: 40, cellWidth: 10, cellHeight: 20)
        let layout = try #require(Layout.fit(width: 390, height: 844, in: size, mode: .sixel))
        #expect(layout.columns == 36 && layout.rows == 39)
        #expect(layout.sampleWidth == 360 && layout.sampleHeight == 780)
        #expect(layout.canvasWidth == 360 && layout.canvasHeight == 780)
        // No pixel size reported: 10 × 20 assumed, the same answer.
        #expect(Layout.fit(width: 390, height: 844, in: TerminalSize(columns: 100, rows: 40), mode: .sixel) == layout)
    }

    @Test func kittyIsSentAboutTheFramesOwnPixelsNotAnEnlargement() throws {
        // 200 × 50 cells of 10 × 20: 49 rows are 980 pixels, 980/844 = 1.161 times the frame:
        // 452.8 → 453 × 980 pixels in 46 × 49 cells. Kitty scales, so cells of the same
        // shape about 1.161 times smaller: 10/1.161 = 8.6 → 9 × 18, a factor of 0.9, and
        // the picture 0.9 × (453 × 980) = 407.7 × 882 → 408 × 882.
        let size = TerminalSize(columns: 200, rows: 50, cellWidth: 10, cellHeight: 20)
        let layout = try #require(Layout.fit(width: 390, height: 844, in: size, mode: .kitty))
        #expect(layout.columns == 46 && layout.rows == 49)
        #expect(layout.cellWidth == 9 && layout.cellHeight == 18)
        #expect(layout.sampleWidth == 408 && layout.sampleHeight == 882)
    }

    @Test func noRoomNoLayout() {
        #expect(Layout.fit(width: 390, height: 844, in: TerminalSize(columns: 80, rows: 1), mode: .blocks) == nil)
        #expect(Layout.fit(width: 390, height: 844, in: TerminalSize(columns: 0, rows: 24), mode: .blocks) == nil)
        #expect(Layout.fit(width: 0, height: 844, in: TerminalSize(columns: 80, rows: 24), mode: .kitty) == nil)
    }
}

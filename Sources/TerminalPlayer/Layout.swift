/// Where a frame goes on the screen, and what it is shrunk to on the way.
///
/// A cell is about twice as tall as it is wide. In the block modes a cell
/// shows two square pixels, one above the other (`▀`: foreground above,
/// background below), and quarter blocks split each of those across, so a
/// frame is shrunk to 2 × 2 samples a cell, each sample half a square pixel
/// wide:
///
///     one cell   ┌───┬───┐
///                │ s │ s │  ← one square pixel
///                ├───┼───┤
///                │ s │ s │  ← one square pixel
///                └───┴───┘
///
/// chafa then sees every cell as 8 × 8 pixels, each sample a 4 × 4 block, and
/// picks the block symbol and two colours that match the cell best.
///
/// In the pixel modes the frame is shrunk to real pixels at the cell size the
/// terminal reports (10 × 20 when it does not), placed at the top left of the
/// cells it covers; the rest of the last row and column of cells is black.
public struct Layout: Equatable, Sendable {
    /// Cells the picture covers, from the top-left corner of the screen.
    public let columns: Int
    public let rows: Int
    /// The frame shrunk to this many samples.
    public let sampleWidth: Int
    public let sampleHeight: Int
    /// A sample's size in chafa's pixels (the blocks' 4, or 1).
    let block: Int
    /// A cell's size in chafa's pixels.
    let cellWidth: Int
    let cellHeight: Int

    var canvasWidth: Int { columns * cellWidth }
    var canvasHeight: Int { rows * cellHeight }

    /// A cell's pixels when the terminal does not say: a common 10 × 20.
    static let assumedCell = (width: 10, height: 20)

    /// The largest picture of a `width` × `height` frame, its aspect kept, that fits
    /// the window above its bottom `reserving` rows (the status line), or nil
    /// when no cell is left.
    public static func fit(width: Int, height: Int, in size: TerminalSize, mode: GraphicsMode, reserving: Int = 1) -> Layout? {
        let columns = size.columns, rows = size.rows - reserving
        guard width > 0, height > 0, columns > 0, rows > 0 else { return nil }
        let (w, h) = (Double(width), Double(height))
        guard mode.drawsPixels else {
            // Square pixels: one a cell across, two down.
            let scale = min(Double(columns) / w, Double(2 * rows) / h)
            let across = min(columns, max(1, Int((w * scale).rounded())))
            let down = min(rows, max(1, Int((h * scale / 2).rounded())))
            return Layout(columns: across, rows: down, sampleWidth: 2 * across, sampleHeight: 2 * down,
                          block: 4, cellWidth: 8, cellHeight: 8)
        }
        var cellWidth = size.cellWidth > 0 ? size.cellWidth : assumedCell.width
        var cellHeight = size.cellHeight > 0 ? size.cellHeight : assumedCell.height
        let scale = min(Double(columns * cellWidth) / w, Double(rows * cellHeight) / h)
        var pictureWidth = min(columns * cellWidth, max(1, Int((w * scale).rounded())))
        var pictureHeight = min(rows * cellHeight, max(1, Int((h * scale).rounded())))
        let across = (pictureWidth + cellWidth - 1) / cellWidth, down = (pictureHeight + cellHeight - 1) / cellHeight
        if mode == .kitty && scale > 1 {
            // Kitty scales a picture to the cells it is placed on: send about the frame's
            // own pixels, not an enlargement (a big window would take megabytes a frame),
            // on smaller cells of the same shape.
            let smaller = max(1, Int((Double(cellWidth) / scale).rounded()))
            let factor = Double(smaller) / Double(cellWidth)
            cellWidth = smaller
            cellHeight = max(1, Int((Double(cellHeight) * factor).rounded()))
            pictureWidth = min(across * cellWidth, max(1, Int((Double(pictureWidth) * factor).rounded())))
            pictureHeight = min(down * cellHeight, max(1, Int((Double(pictureHeight) * factor).rounded())))
        }
        return Layout(columns: across, rows: down, sampleWidth: pictureWidth, sampleHeight: pictureHeight,
                      block: 1, cellWidth: cellWidth, cellHeight: cellHeight)
    }
}

import CTerminal

/// A terminal window: cells, and the size of a cell in pixels when the terminal says.
public struct TerminalSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    /// A cell's pixels, 0 where the terminal does not report them.
    public var cellWidth: Int
    public var cellHeight: Int

    public init(columns: Int, rows: Int, cellWidth: Int = 0, cellHeight: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }

    /// The window of the terminal on `fd` (TIOCGWINSZ), nil when it is not a terminal.
    public static func of(_ fd: Int32) -> TerminalSize? {
        var columns: Int32 = 0, rows: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        guard segue_terminal_size(fd, &columns, &rows, &width, &height) == 0, columns > 0, rows > 0 else { return nil }
        return TerminalSize(columns: Int(columns), rows: Int(rows),
                            cellWidth: Int(width) / Int(columns), cellHeight: Int(height) / Int(rows))
    }
}

/// The escape sequences the player writes itself (chafa writes the pictures').
enum Escape {
    static func moveTo(row: Int, column: Int) -> [UInt8] { Array("\u{1B}[\(row);\(column)H".utf8) }

    static let reset = Array("\u{1B}[0m".utf8)
    static let clearScreen = Array("\u{1B}[0m\u{1B}[2J".utf8)
    static let clearLine = Array("\u{1B}[0m\u{1B}[2K".utf8)
    /// Kitty: every image on the screen deleted, its data freed, no reply (`q=2`).
    static let deleteKittyImages = Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)
    /// Synchronised output (mode 2026): the terminal shows a frame only when it is
    /// all there, so a frame never tears. Terminals without it ignore both.
    static let beginFrame = Array("\u{1B}[?2026h".utf8)
    static let endFrame = Array("\u{1B}[?2026l".utf8)

    /// Taking the terminal over: the alternate screen (the shell's screen comes back
    /// untouched at the end, whatever happened on this one), no cursor, no wrapping
    /// at the right edge (a line that fills it must not push the rest down).
    static let enter = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J".utf8)

    /// Everything `enter` and drawing changed, undone. It may arrive in the middle
    /// of a frame (a signal while writing), so it starts by ending whatever was cut
    /// short: CAN aborts an escape sequence, ST ends a kitty or sixel string.
    static func leave(mode: GraphicsMode) -> [UInt8] {
        var bytes = Array("\u{18}\u{1B}\\".utf8)
        if mode == .kitty { bytes += deleteKittyImages }
        bytes += endFrame
        bytes += Array("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)
        return bytes
    }

    /// What is left to undo once the shell's screen is back and the last frame is
    /// being printed on it: not the alternate screen again (leaving it twice would
    /// put the cursor back where playing began, over the picture).
    static let leaveAfterFinal = Array("\u{18}\u{1B}\\\u{1B}[0m\u{1B}[?7h\u{1B}[?25h".utf8)
}

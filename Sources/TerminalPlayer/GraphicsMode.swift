import CChafa
import Foundation

/// How pictures reach the terminal, best first.
public enum GraphicsMode: String, Sendable, CaseIterable {
    /// Kitty's graphics protocol: real pixels, scaled by the terminal (kitty, Ghostty).
    case kitty
    /// DEC sixels: real pixels (foot, WezTerm, mlterm, xterm as a VT340).
    case sixel
    /// Half and quarter blocks (`▀`, `▚`, …), two 24-bit colours a cell.
    case blocks
    /// The same blocks in the 256-colour palette's 240 fixed colours: its first 16
    /// follow the terminal's theme, so a picture drawn with them would too.
    case indexed = "256"

    /// Whether the mode draws pixels rather than cells.
    public var drawsPixels: Bool { self == .kitty || self == .sixel }

    /// The best mode for the terminal that `environment` describes.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> GraphicsMode {
        choose(environment: environment, database: ChafaTerminal.protocols(environment: environment))
    }

    /// The rules, given what chafa's terminal database knows of the terminal.
    ///
    /// Inside tmux or screen no pixel protocol is chosen: they reach the outer
    /// terminal only wrapped for passthrough, which chafa 1.12 cannot do. Colour
    /// depth follows `COLORTERM` alone, the variable terminals set for it
    /// (TERM=xterm-256color is claimed by terminals of every depth).
    static func choose(environment: [String: String], database: (kitty: Bool, sixel: Bool)) -> GraphicsMode {
        let term = environment["TERM"] ?? ""
        let multiplexed = environment["TMUX"] != nil || environment["STY"] != nil
            || term.hasPrefix("screen") || term.hasPrefix("tmux")
        if !multiplexed {
            if database.kitty || environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty" {
                return .kitty
            }
            if database.sixel { return .sixel }
        }
        let depth = environment["COLORTERM"]?.lowercased()
        return depth == "truecolor" || depth == "24bit" ? .blocks : .indexed
    }
}

/// What chafa's terminal database says of a terminal.
enum ChafaTerminal {
    /// The image protocols chafa knows the terminal in `environment` to support.
    static func protocols(environment: [String: String]) -> (kitty: Bool, sixel: Bool) {
        let entries = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { entries.forEach { free($0) } }
        var pointers = entries + [nil]
        return pointers.withUnsafeMutableBufferPointer { envp in
            guard let info = chafa_term_db_detect(chafa_term_db_get_default(), envp.baseAddress) else { return (false, false) }
            defer { chafa_term_info_unref(info) }
            return (chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1) != 0,
                    chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_SIXELS) != 0)
        }
    }
}

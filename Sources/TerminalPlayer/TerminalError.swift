import Foundation

/// Why a player cannot play, or stopped playing.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard output is a file or a pipe: there is nowhere to play.
    case notATerminal
    /// `NO_COLOR` is set: the user asked for no colour, and a picture is nothing but colour.
    case noColor
    /// `TERM` is `dumb` or unset: the terminal cannot move its cursor.
    case dumbTerminal
    /// The terminal could not be set up (its settings, or a player already playing).
    case cannotTakeOver(errno: Int32)
    /// Writing to the terminal failed (it went away).
    case writeFailed(errno: Int32)

    public var description: String {
        switch self {
        case .notATerminal: "standard output is not a terminal"
        case .noColor: "NO_COLOR is set"
        case .dumbTerminal: "the terminal cannot move its cursor (TERM is dumb or unset)"
        case .cannotTakeOver(let code): "cannot set up the terminal: \(String(cString: strerror(code)))"
        case .writeFailed(let code): "cannot write to the terminal: \(String(cString: strerror(code)))"
        }
    }
}

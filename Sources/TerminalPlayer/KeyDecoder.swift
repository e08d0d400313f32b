/// What a key asks the player to do.
public enum Command: Equatable, Sendable {
    /// Space.
    case togglePause
    /// ←: one frame back, paused.
    case back
    /// →: one frame on, paused.
    case forward
    /// q, Esc, or Ctrl-C arriving as a key.
    case quit
}

/// Keys from a terminal in raw mode, as bytes arrive (a sequence may come in
/// pieces).
///
/// Arrows come as `ESC [ C` / `ESC [ D`, or `ESC O C` / `ESC O D` in the
/// cursor-key mode some shells leave on, with modifiers as `ESC [ 1 ; 5 C`.
/// Esc alone is the same byte that starts them, so it is only taken as a key
/// when nothing follows it for a moment (`flush`), as every full-screen program
/// does. Replies a terminal sends unasked (a kitty graphics answer, `ESC _ … ESC \`)
/// and other keys are skipped.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Whether a sequence has begun and not ended: the caller should `flush` if
    /// nothing more arrives soon.
    var isWaiting: Bool { !pending.isEmpty }

    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Command] {
        pending.append(contentsOf: bytes)
        var commands: [Command] = []
        var start = 0
        while start < pending.count {
            guard let (length, command) = Self.next(in: pending[start...]) else { break }
            if let command { commands.append(command) }
            start += length
        }
        pending.removeFirst(start)
        // A reply that never ends must not grow without bound.
        if pending.count > 4096 { pending.removeAll() }
        return commands
    }

    /// What a pause says about the bytes still waiting: a lone Esc was the Esc key;
    /// anything else was a sequence cut short, dropped.
    mutating func flush() -> [Command] {
        defer { pending.removeAll() }
        return pending == [Self.escape] ? [.quit] : []
    }

    private static let escape: UInt8 = 0x1B

    /// The first key in `bytes`: how many bytes it takes and what it asks, or
    /// nil when it has not all arrived.
    private static func next(in bytes: ArraySlice<UInt8>) -> (Int, Command?)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case UInt8(ascii: " "): return (1, .togglePause)
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03: return (1, .quit)
        case escape: return sequence(in: bytes)
        default: return (1, nil)
        }
    }

    private static func sequence(in bytes: ArraySlice<UInt8>) -> (Int, Command?)? {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // CSI: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E.
            var i = start + 2
            while i < bytes.endIndex, (0x20...0x3F).contains(bytes[i]) { i += 1 }
            guard i < bytes.endIndex else { return nil }
            guard (0x40...0x7E).contains(bytes[i]) else { return (i - start, nil) }  // broken: drop what came before
            return (i - start + 1, arrow(bytes[i]))
        case UInt8(ascii: "O"):
            guard bytes.count > 2 else { return nil }
            return (3, arrow(bytes[start + 2]))
        case UInt8(ascii: "_"), UInt8(ascii: "P"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            // A string (APC, DCS, OSC, PM, SOS) up to ST (ESC \) or, for OSC, BEL.
            var i = start + 2
            while i < bytes.endIndex {
                if bytes[i] == 0x07 { return (i - start + 1, nil) }
                if bytes[i] == escape {
                    guard i + 1 < bytes.endIndex else { return nil }
                    if bytes[i + 1] == UInt8(ascii: "\\") { return (i - start + 2, nil) }
                }
                i += 1
            }
            return nil
        default:
            // Esc, then a key typed quickly (or Alt with a key): Esc was meant.
            return (1, .quit)
        }
    }

    private static func arrow(_ final: UInt8) -> Command? {
        switch final {
        case UInt8(ascii: "C"): .forward
        case UInt8(ascii: "D"): .back
        default: nil
        }
    }
}

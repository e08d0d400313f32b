import CTerminal
import Foundation

/// The terminal a player draws on: standard output, with keys from standard
/// input, or from /dev/tty when standard input is not the terminal (a pipe),
/// or from nowhere when there is no terminal to read.
final class Terminal {
    let output: Int32
    let input: Int32
    private let ownsInput: Bool

    /// The terminal on `output` with keys from `input` (tests give a pseudo-terminal's).
    init(output: Int32, input: Int32) {
        (self.output, self.input, ownsInput) = (output, input, false)
    }

    init() {
        output = STDOUT_FILENO
        if isatty(STDIN_FILENO) == 1 {
            (input, ownsInput) = (STDIN_FILENO, false)
        } else {
            let tty = open("/dev/tty", O_RDONLY | O_CLOEXEC | O_NOCTTY)
            (input, ownsInput) = (tty, tty >= 0)
        }
    }

    deinit {
        if ownsInput { close(input) }
    }

    var size: TerminalSize? { TerminalSize.of(output) }

    /// Takes the terminal over (see segue_terminal.h) and writes `enter`.
    ///
    /// - Throws: `TerminalError.cannotTakeOver` or `.writeFailed`, with the terminal as it was.
    func begin(enter: [UInt8], leave: [UInt8], wake: Int32) throws {
        let status = enter.withUnsafeBufferPointer { enterBytes in
            leave.withUnsafeBufferPointer { leaveBytes in
                enterBytes.withMemoryRebound(to: CChar.self) { enterChars in
                    leaveBytes.withMemoryRebound(to: CChar.self) { leaveChars in
                        segue_terminal_begin(input, output, enterChars.baseAddress, enterChars.count,
                                             leaveChars.baseAddress, leaveChars.count, wake)
                    }
                }
            }
        }
        guard status == 0 else { throw TerminalError.cannotTakeOver(errno: errno) }
        do {
            _ = try write(enter)
        } catch {
            end()
            throw error
        }
    }

    /// Puts the terminal back as it was; safe to call again.
    func end() {
        segue_terminal_end()
    }

    /// The signal that asked the player to quit, if one did.
    var quitSignal: Int32? {
        let signal = segue_terminal_quit_signal()
        return signal == 0 ? nil : signal
    }

    func takeResize() -> Bool { segue_terminal_take_resize() != 0 }
    func takeResume() -> Bool { segue_terminal_take_resume() != 0 }

    /// Writes all of `bytes`, or stops early when a signal asks the player to quit
    /// (unless `evenWhenQuitting`: the last words after the terminal is put back).
    ///
    /// - Returns: false when it stopped early.
    /// - Throws: `TerminalError.writeFailed` when the terminal has gone.
    func write(_ bytes: [UInt8], evenWhenQuitting: Bool = false) throws -> Bool {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                if quitSignal != nil && !evenWhenQuitting { return false }
                let written = Foundation.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else if written < 0 && errno == EAGAIN {
                    // Someone left the terminal non-blocking: wait until it takes more.
                    var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, 100)
                } else {
                    throw TerminalError.writeFailed(errno: written < 0 ? errno : EIO)
                }
            }
            return true
        }
    }

    /// Keys waiting to be read, without blocking; nil when the keyboard's
    /// terminal has hung up or failed (it would then wake every poll at once).
    func readAvailable() -> [UInt8]? {
        guard input >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 1024)
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else { return [] }
        guard descriptor.revents & Int16(POLLIN) != 0 else {
            return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 ? nil : []
        }
        let count = read(input, &buffer, buffer.count)
        if count > 0 { return Array(buffer[..<count]) }
        return count < 0 && (errno == EINTR || errno == EAGAIN) ? [] : nil
    }
}

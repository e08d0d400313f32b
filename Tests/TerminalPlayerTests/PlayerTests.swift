import Foundation
import Raster
import Synchronization
import Testing
@testable import TerminalPlayer

/// A player on a pseudo-terminal, driven as `--watch` will drive it: new frames
/// and problems from another thread, keys, stop. The terminal's side is read
/// all the time, as a terminal would (a full pty would block the player).
@Suite(.serialized) struct PlayerTests {
    /// The two ends of a pseudo-terminal of 100 × 12 cells and what arrives at the
    /// terminal's end.
    final class PseudoTerminal: @unchecked Sendable {
        let main: Int32, secondary: Int32
        let received = Mutex([UInt8]())
        private var reader: Thread?

        init() throws {
            // posix_openpt and friends are not in Swift's Glibc: the same through /dev/ptmx,
            // with Linux's TIOCSPTLCK (unlock) and TIOCGPTN (its number), macros Swift cannot import.
            let unlockRequest: UInt = 0x4004_5431, numberRequest: UInt = 0x8004_5430
            main = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0, number: UInt32 = 0
            guard main >= 0, ioctl(main, unlockRequest, &unlock) == 0, ioctl(main, numberRequest, &number) == 0 else {
                throw POSIXError(.ENODEV)
            }
            secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard secondary >= 0 else { throw POSIXError(.ENODEV) }
            var size = winsize(ws_row: 12, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(secondary, UInt(TIOCSWINSZ), &size)
            let reader = Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(main, &buffer, buffer.count)
                    if count <= 0 { break }
                    received.withLock { $0 += buffer[..<count] }
                }
            }
            reader.start()
            self.reader = reader
        }

        deinit {
            close(secondary)
            close(main)
        }

        var text: String { received.withLock { String(decoding: $0, as: UTF8.self) } }

        /// The text with its SGR sequences (colours, bold) taken out.
        var plain: String { text.replacing(/\u{1B}\[[0-9;]*m/, with: "") }

        func type(_ keys: String) { _ = keys.utf8CString.withUnsafeBufferPointer { write(main, $0.baseAddress, $0.count - 1) } }

        /// Waits for `condition` to hold of what arrived (without SGR sequences when `plain`).
        func wait(seconds: Double = 10, plain: Bool = false, until condition: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if condition(plain ? self.plain : text) { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return condition(plain ? self.plain : text)
        }
    }

    /// Frames of one colour, 0.1 s apart.
    func frames(_ rgb: (UInt8, UInt8, UInt8), count: Int = 3) -> [Player.Frame] {
        let pixels = (0..<(20 * 40)).flatMap { _ -> [UInt8] in [rgb.0, rgb.1, rgb.2, 255] }
        return (0..<count).map { Player.Frame(time: Double($0) / 10, image: Image(width: 20, height: 40, pixels: pixels)) }
    }

    /// How a play on another thread ended, once it has.
    final class Playing: @unchecked Sendable {
        let outcome = Mutex<Result<Player.Outcome, any Error>?>(nil)
        let terminal: Terminal

        init(_ player: Player, on pty: PseudoTerminal) {
            terminal = Terminal(output: pty.secondary, input: pty.secondary)
            Thread { [self] in
                let result = Result { try player.play(on: terminal) }
                outcome.withLock { $0 = result }
            }.start()
        }

        func ended(seconds: Double = 10) -> Player.Outcome? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if let result = outcome.withLock({ $0 }) { return try? result.get() }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return nil
        }
    }

    @Test func newFramesAndProblemsFromAnotherThreadShowAtOnce() throws {
        let pty = try PseudoTerminal()
        let player = Player(title: "watch", frames: frames((255, 0, 0)), options: Player.Options(ending: .hold, graphics: .blocks))
        let playing = Playing(player, on: pty)
        #expect(pty.wait { $0.contains("\u{1B}[?1049h") && $0.contains("38;2;255;0;0") })
        #expect(pty.wait(plain: true) { $0.contains("watch  0.200/0.200 s  3/3  ×1  end  space play") })

        // A script error while watching: on the status line, in the keys' place.
        player.show(problem: "fade.lua:12: attempt to index a nil value")
        #expect(pty.wait(plain: true) { $0.contains("watch  0.200/0.200 s  3/3  ×1  end  fade.lua:12: attempt to index a nil value") })
        // Fixed: new frames, played from their start, and the keys back.
        player.show(problem: nil)
        player.replace(frames: frames((0, 0, 255), count: 5))
        #expect(pty.wait { $0.contains("38;2;0;0;255") })
        #expect(pty.wait(plain: true) { $0.contains("0.400/0.400 s  5/5  ×1  end  space play") })

        // Frames of another shape: the old picture is cleared away, not drawn over.
        pty.received.withLock { $0.removeAll() }
        let wide = Image(width: 40, height: 20, pixels: (0..<(40 * 20)).flatMap { _ -> [UInt8] in [0, 200, 0, 255] })
        player.replace(frames: [Player.Frame(time: 0, image: wide)])
        #expect(pty.wait { $0.contains("\u{1B}[2J") && $0.contains("38;2;0;200;0") })
        // And none at all: a blank screen and the status line.
        pty.received.withLock { $0.removeAll() }
        player.replace(frames: [])
        #expect(pty.wait(plain: true) { $0.contains("\u{1B}[2J") && $0.contains("watch  0.000/0.000 s  0/0") })

        player.stop()
        #expect(playing.ended() == .quit)
        // Everything undone, the alternate screen left last.
        #expect(pty.wait { $0.hasSuffix("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l") })
    }

    @Test func keysPauseStepAndQuit() throws {
        let pty = try PseudoTerminal()
        let player = Player(title: "keys", frames: frames((0, 255, 0), count: 4), options: Player.Options(speed: 0.5, ending: .loop, graphics: .indexed))
        let playing = Playing(player, on: pty)
        #expect(pty.wait(plain: true) { $0.contains("keys  ") })
        pty.type(" ")
        #expect(pty.wait(plain: true) { $0.contains("  paused  space play") })
        pty.received.withLock { $0.removeAll() }
        pty.type("\u{1B}[C")
        // One frame on from wherever it paused (round the loop from the last).
        #expect(pty.wait(plain: true) { $0.contains(/keys  0\.[0-3]00\/0\.300 s  [1-4]\/4  ×0\.5  paused/) })
        pty.type("q")
        #expect(playing.ended() == .quit)
    }

    @Test func endsByItselfWhenTheFramesAreOver() throws {
        let pty = try PseudoTerminal()
        let player = Player(title: "once", frames: frames((9, 9, 9), count: 3), options: Player.Options(speed: 4, graphics: .blocks))
        let started = ContinuousClock.now
        let playing = Playing(player, on: pty)
        #expect(playing.ended() == .finished)
        // 0.2 s of frames at 4 times the speed: about 0.05 s, plus starting.
        #expect(ContinuousClock.now - started < .seconds(3))
        // The last frame, printed after the alternate screen was left (read
        // as it arrives: the pty's reader may not have it all yet).
        #expect(pty.wait { text in
            text.range(of: "\u{1B}[?1049l", options: .backwards).map { text[$0.upperBound...].contains("38;2;9;9;9") } ?? false
        })
    }
}

import Foundation
import Raster
import Synchronization

/// Plays frames in the terminal on standard output, in place and in real time.
///
/// `play()` takes the terminal over (the alternate screen, keys in raw mode,
/// no cursor), shows each frame when its time comes on the monotonic clock
/// (frames that would be late are skipped, never queued), and gives the
/// terminal back as it was however it ends: the end, q or Esc, Ctrl-C,
/// SIGTERM, an error, a crash. Only SIGKILL leaves it raw (then `reset`).
///
/// Keys: Space pauses and resumes, ← and → step a frame (pausing), q or Esc quits.
///
/// While it plays, other threads may hand it new frames (`replace(frames:)`),
/// a problem to show on the status line (`show(problem:)`), or ask it to stop
/// (`stop()`); it acts on them at once.
public final class Player: Sendable {
    /// A picture and the time it is shown, in seconds on any clock (only
    /// differences count).
    public struct Frame: Sendable {
        public var time: Double
        public var image: Image

        public init(time: Double, image: Image) {
            self.time = time
            self.image = image
        }
    }

    /// What happens when the last frame's time comes.
    public enum Ending: Sendable {
        /// `play()` returns, leaving the last frame above the shell's prompt.
        case stop
        /// The last frame stays for `Options.hold`, then the frames play again.
        case loop
        /// The last frame stays, paused, until a key or new frames (for watching a file).
        case hold
    }

    public struct Options: Sendable {
        /// Animation seconds a second: 0.25 is four times slower. Anything but a
        /// positive finite number plays at 1.
        public var speed: Double
        public var ending: Ending
        /// How pictures reach the terminal; nil: the best it supports (`GraphicsMode.detect`).
        public var graphics: GraphicsMode?
        /// Seconds the last frame stays before a loop starts again.
        public var hold: Double

        public init(speed: Double = 1, ending: Ending = .stop, graphics: GraphicsMode? = nil, hold: Double = 0.6) {
            self.speed = speed.isFinite && speed > 0 ? speed : 1
            self.ending = ending
            self.graphics = graphics
            self.hold = hold
        }
    }

    /// How playing ended.
    public enum Outcome: Equatable, Sendable {
        /// The last frame came (`Ending.stop`) and stays on the screen.
        case finished
        /// q or Esc, or `stop()`.
        case quit
        /// A signal asked the process to end (SIGINT from Ctrl-C, SIGTERM, SIGHUP,
        /// SIGQUIT). The terminal is back as it was; the caller should end the way
        /// the signal would have (restore its default action and raise it again).
        case interrupted(signal: Int32)
    }

    let title: String
    let options: Options
    let wake = WakePipe()
    let shared: Mutex<Shared>

    /// What other threads hand the player, each with a count of changes so the
    /// player sees what is new.
    struct Shared {
        var frames: [Frame]
        var framesVersion = 0
        var problem: String?
        var problemVersion = 0
        var stopped = false
    }

    /// - Parameters:
    ///   - title: the entry's name, first on the status line.
    public init(title: String, frames: [Frame], options: Options = Options()) {
        self.title = title
        self.options = options
        shared = Mutex(Shared(frames: frames))
    }

    /// Plays until the end, a key or a signal, on the calling thread; one player
    /// at a time in a process.
    ///
    /// - Throws: `TerminalError` when the terminal cannot be taken over or written
    ///   (the terminal is put back first).
    public func play() throws -> Outcome {
        try Check.terminal()
        return try play(on: Terminal())
    }

    func play(on terminal: Terminal) throws -> Outcome {
        try Session(player: self, terminal: terminal).run()
    }

    /// Shows these frames from now on: from their start when playing, at the
    /// same moment when paused by the user. Safe from any thread.
    public func replace(frames: [Frame]) {
        shared.withLock {
            $0.frames = frames
            $0.framesVersion += 1
        }
        wake.wake()
    }

    /// Shows `problem` (its first line) on the status line instead of the keys,
    /// or the keys again when nil: "fade.lua:12: attempt to index a nil value". Safe from any thread.
    public func show(problem: String?) {
        shared.withLock {
            $0.problem = problem
            $0.problemVersion += 1
        }
        wake.wake()
    }

    /// Ends `play()` as q does. Safe from any thread.
    public func stop() {
        shared.withLock { $0.stopped = true }
        wake.wake()
    }

    /// Why frames cannot be played here, if they cannot: standard output is not a
    /// terminal, `NO_COLOR` is set, or the terminal cannot move its cursor.
    ///
    /// - Throws: `TerminalError.notATerminal`, `.noColor` or `.dumbTerminal`.
    public static func check(environment: [String: String] = ProcessInfo.processInfo.environment,
                             outputIsTerminal: Bool = isatty(STDOUT_FILENO) == 1) throws {
        try Check.playable(environment: environment, outputIsTerminal: outputIsTerminal)
    }
}

enum Check {
    static func playable(environment: [String: String], outputIsTerminal: Bool) throws {
        guard outputIsTerminal else { throw TerminalError.notATerminal }
        // no-color.org: set and not empty.
        if let value = environment["NO_COLOR"], !value.isEmpty { throw TerminalError.noColor }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { throw TerminalError.dumbTerminal }
    }

    static func terminal() throws {
        try playable(environment: ProcessInfo.processInfo.environment, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
    }
}

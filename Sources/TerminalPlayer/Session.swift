import CTerminal
import Foundation
import Raster

/// One `Player.play()`: the loop that draws, waits and listens.
///
/// Each turn reads the clock, takes what other threads and signals sent,
/// draws what changed, then sleeps until the next frame is due, a key, or a
/// wake-up. The frame drawn is always the one due now, so a slow turn skips
/// frames instead of falling behind.
final class Session {
    typealias Instant = ContinuousClock.Instant

    private let player: Player
    private let options: Player.Options
    private let mode: GraphicsMode
    private let terminal: Terminal
    private let encoder: FrameEncoder

    private var frames: [Player.Frame] = []
    private var timeline = Timeline(times: [], hold: 0)
    private var framesVersion = -1, problemVersion = -1
    private var problem: String?
    private var playhead: Playhead
    /// Paused at the end by `Ending.hold`, not by a key.
    private var held = false
    private var keys = KeyDecoder()
    private var lastInput = ContinuousClock.now

    private var size: TerminalSize?
    private var layouts: [Int: Layout?] = [:]
    private var pictures = PictureCache()
    /// What is on the screen: a frame, the layout of the picture there, the status line.
    private var shownFrame: Int?
    private var shownLayout: Layout?
    private var shownStatus: String?
    /// False once the keyboard's terminal has gone (hung up): it is not polled again.
    private var listening = true
    private var needsClear = true

    init(player: Player, terminal: Terminal) {
        self.player = player
        self.terminal = terminal
        options = player.options
        mode = player.options.graphics ?? GraphicsMode.detect()
        encoder = FrameEncoder(mode: mode)
        playhead = Playhead(speed: player.options.speed, at: .now)
    }

    func run() throws -> Player.Outcome {
        guard player.wake.readEnd >= 0 else { throw TerminalError.cannotTakeOver(errno: EMFILE) }
        try terminal.begin(enter: Escape.enter, leave: Escape.leave(mode: mode), wake: player.wake.writeEnd)
        defer { terminal.end() }
        size = terminal.size
        playhead = Playhead(speed: options.speed, at: .now)
        while true {
            if let signal = terminal.quitSignal { return .interrupted(signal: signal) }
            let now = ContinuousClock.now
            if terminal.takeResize() {
                size = terminal.size
                layouts.removeAll()
                pictures.removeAll()
                needsClear = true
            }
            if terminal.takeResume() {
                // Stopped with Ctrl-Z: the screen is blank again, and playback goes on
                // from where it was, not from where the clock got to meanwhile.
                needsClear = true
                if !playhead.isPaused {
                    playhead.pause(at: now)
                    playhead.resume(at: now)
                }
            }
            if takeShared(now: now) { return .quit }
            guard let position = advance(now: now) else { return try finish() }
            guard try draw(timeline.index(at: position)) else { continue }
            wait(position: position)
            if handleInput(now: ContinuousClock.now) { return .quit }
        }
    }

    // MARK: - Time

    /// The position to show now, after the ending's rules; nil when playing is over.
    private func advance(now: Instant) -> Double? {
        var position = playhead.position(at: now)
        guard !frames.isEmpty, !playhead.isPaused, position >= timeline.duration else { return position }
        switch options.ending {
        case .stop:
            return nil
        case .hold:
            playhead.seek(to: timeline.duration, at: now)
            playhead.pause(at: now)
            held = true
            position = timeline.duration
        case .loop:
            // Kept inside one loop, so that a pause and a step work on frame indices.
            if position >= timeline.period {
                position = timeline.looped(position)
                playhead.seek(to: position, at: now)
            }
        }
        return position
    }

    /// Sleeps until the frame after the one at `position` is due (counted from
    /// now, after drawing), a key, a signal or a wake-up.
    private func wait(position: Double) {
        var timeout: Int32 = -1
        if !frames.isEmpty, !playhead.isPaused {
            let next = timeline.nextChange(after: position) ?? (options.ending == .loop ? timeline.period : timeline.duration)
            let due = playhead.wait(until: next, from: .now) ?? .zero
            let milliseconds = (Double(due.components.seconds) * 1000 + Double(due.components.attoseconds) * 1e-15).rounded(.up)
            timeout = Int32(min(max(milliseconds, 1), 1000))
        }
        // A lone Esc waits a moment for the rest of a sequence.
        if keys.isWaiting { timeout = timeout < 0 ? 40 : min(timeout, 40) }
        var descriptors = [pollfd(fd: player.wake.readEnd, events: Int16(POLLIN), revents: 0)]
        if terminal.input >= 0 && listening { descriptors.append(pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)  // EINTR: a signal, seen at the loop's top
        player.wake.drain()
    }

    // MARK: - What other threads sent

    /// Takes new frames and problems; true when `stop()` was called.
    private func takeShared(now: Instant) -> Bool {
        let (update, problemUpdate, stopped) = player.shared.withLock { shared in
            (shared.framesVersion != framesVersion ? (shared.frames, shared.framesVersion) : nil,
             shared.problemVersion != problemVersion ? (shared.problem, shared.problemVersion) : nil,
             shared.stopped)
        }
        if let (newFrames, version) = update {
            let first = framesVersion < 0
            frames = newFrames
            framesVersion = version
            timeline = Timeline(times: frames.map(\.time), hold: options.hold)
            layouts.removeAll()
            pictures.removeAll()
            shownFrame = nil
            if !first {
                // Paused by a key: the same moment of the new frames; otherwise from their start.
                if playhead.isPaused && !held {
                    playhead.seek(to: min(playhead.position(at: now), timeline.duration), at: now)
                } else {
                    held = false
                    playhead.seek(to: 0, at: now)
                    playhead.resume(at: now)
                }
            }
        }
        if let (newProblem, version) = problemUpdate {
            problem = newProblem
            problemVersion = version
        }
        return stopped
    }

    // MARK: - Keys

    /// Acts on the keys that arrived; true when one says quit.
    private func handleInput(now: Instant) -> Bool {
        guard listening else { return false }
        guard let bytes = terminal.readAvailable() else {
            listening = false
            return false
        }
        var commands = keys.feed(bytes)
        if !bytes.isEmpty { lastInput = now }
        if bytes.isEmpty, keys.isWaiting, now - lastInput >= .milliseconds(30) { commands += keys.flush() }
        for command in commands {
            switch command {
            case .quit:
                return true
            case .togglePause:
                if playhead.isPaused {
                    // At the end, play means from the start.
                    if held || (options.ending == .hold && playhead.position(at: now) >= timeline.duration) {
                        playhead.seek(to: 0, at: now)
                    }
                    playhead.resume(at: now)
                } else {
                    playhead.pause(at: now)
                }
                held = false
            case .back, .forward:
                step(command == .forward ? 1 : -1, now: now)
            }
        }
        return false
    }

    /// One frame on or back, paused; round the loop when looping.
    private func step(_ by: Int, now: Instant) {
        let position = playhead.position(at: now)
        playhead.pause(at: now)
        held = false
        guard let current = timeline.index(at: position) else { return }
        var target = current + by
        if options.ending == .loop {
            target = (target + timeline.count) % timeline.count
        } else {
            target = min(max(target, 0), timeline.count - 1)
        }
        playhead.seek(to: timeline.times[target], at: now)
    }

    // MARK: - Drawing

    private func fittedLayout(for frame: Int) -> Layout? {
        let image = frames[frame].image
        let key = image.width << 32 | image.height
        if let known = layouts[key] { return known }
        let fitted = size.flatMap { Layout.fit(width: image.width, height: image.height, in: $0, mode: mode) }
        layouts[key] = .some(fitted)
        return fitted
    }

    /// Draws what changed since the last call: the picture when another frame is
    /// due, the status line when its text changed; all in one write.
    ///
    /// - Returns: false when a quitting signal cut the write short.
    private func draw(_ index: Int?) throws -> Bool {
        var out: [UInt8] = []
        let layout = index.flatMap { fittedLayout(for: $0) }
        // A picture of another size (or none) leaves nothing of the old one.
        if shownLayout != nil && layout != shownLayout { needsClear = true }
        if needsClear {
            out += Escape.clearScreen
            if mode == .kitty { out += Escape.deleteKittyImages }
            (shownFrame, shownLayout, shownStatus) = (nil, nil, nil)
            needsClear = false
        }
        if let index, let layout, shownFrame != index {
            out += pictures.bytes(for: index) {
                encoder.encode(frames[index].image, layout: layout)
            }
            (shownFrame, shownLayout) = (index, layout)
        }
        let status = statusLine(index).rendered(width: size?.columns ?? 80)
        if status != shownStatus {
            out += Escape.moveTo(row: (layout?.rows ?? 0) + 1, column: 1) + Escape.clearLine + Array(status.utf8)
            shownStatus = status
        }
        guard !out.isEmpty else { return true }
        return try terminal.write(Escape.beginFrame + out + Escape.endFrame)
    }

    private func statusLine(_ index: Int?) -> StatusLine {
        StatusLine(title: player.title, time: index.map { timeline.times[$0] } ?? 0, duration: timeline.duration,
                   frame: index ?? 0, frames: timeline.count, speed: options.speed,
                   state: held ? .end : playhead.isPaused ? .paused : .playing,
                   problem: problem ?? (size.map { $0.rows < 2 } == true ? "the window is too small" : nil))
    }

    /// The end of `Ending.stop`: back to the shell's screen, and the last frame
    /// printed there above the prompt. The handlers stay until it is all written,
    /// now undoing only attributes and the cursor: the shell's screen is back.
    private func finish() throws -> Player.Outcome {
        guard try terminal.write(Escape.leave(mode: mode)) else {
            return .interrupted(signal: terminal.quitSignal ?? SIGINT)
        }
        let afterwards = Escape.leaveAfterFinal
        afterwards.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { segue_terminal_set_leave($0.baseAddress, $0.count) }
        }
        guard let last = frames.last, let size,
              let layout = Layout.fit(width: last.image.width, height: last.image.height, in: size, mode: mode) else {
            return .finished
        }
        let whole = try terminal.write(encoder.encodeInline(last.image, layout: layout))
        terminal.end()
        if let signal = terminal.quitSignal {
            // Cut short: the prompt goes on a line of its own.
            if !whole { _ = try? terminal.write(Array("\r\n".utf8), evenWhenQuitting: true) }
            return .interrupted(signal: signal)
        }
        return .finished
    }
}

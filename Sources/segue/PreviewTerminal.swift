import ArgumentParser
import Foundation
import LuaBindings
import LuaRuntime
import Raster
import TerminalPlayer
import TextSafety

/// `preview`'s options for playing in the terminal, which it does when there is no --out.
struct TerminalOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("With no --out: play at this speed (0.25 is four times slower).", valueName: "FACTOR"),
            transform: DecimalOption.parse)
    var speed = 1.0

    @Flag(help: "With no --out: play again and again until q.")
    var loop = false

    @Option(name: .customLong("terminal-graphics"),
            help: ArgumentHelp("With no --out: how pictures reach the terminal: auto (what it supports), kitty, sixel, "
                               + "blocks (24-bit colour) or 256.", valueName: "MODE"))
    var graphics = GraphicsChoice.auto

    enum GraphicsChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, kitty, sixel, blocks, indexed = "256"

        var mode: GraphicsMode? { self == .auto ? nil : GraphicsMode(rawValue: rawValue) }
    }

    func validate() throws {
        guard speed.isFinite, speed >= 0.01, speed <= 100 else {
            throw ValidationError("--speed takes a number from 0.01 to 100, like 0.25 or 2; got \(speed)")
        }
    }

    var changed: Bool { speed != 1 || loop || graphics != .auto }
}

extension Preview {
    func validateTerminal(_ format: Format) throws {
        if format == .terminal {
            if at != nil { throw ValidationError("--at picks one frame for --out x.png; playing in the terminal shows them all") }
            if frames != nil { throw ValidationError("--frames is for a contact sheet (--out x.png)") }
        } else if terminal.changed {
            throw ValidationError("--speed, --loop and --terminal-graphics are for playing in the terminal: leave out --out")
        }
    }

    /// Plays the runs in the terminal (side by side when comparing): the
    /// frames are all drawn first (a progress bar on standard error), then
    /// played. Exits as `--out` does (1 for a script's errors, shown on the
    /// status line too), or as the signal that stopped it. With --watch, an
    /// edit replaces the frames in place and a broken one shows on the status line.
    func playInTerminal() throws {
        // Where it goes is checked before any work goes into it.
        do {
            try Player.check()
        } catch let error as TerminalError {
            Output.error("cannot play here: \(error); write a file instead: --out x.gif, --out x.png or --out x.html")
            throw ExitCode(64)
        }
        let painter = try screensOrUsageError()
        let (runs, problems) = try runEntries()
        guard runs.contains(where: { !$0.frames.isEmpty }) else { throw ExitCode(1) }
        let title = runs.map(\.label).joined(separator: " · ")
        let frames: [Player.Frame]
        do {
            frames = try playerFrames(runs, painter: painter, progress: ProgressBar(label: "rendering \(title)"))
        } catch let error as RasterError {
            Output.error("\(title): \(error); use a smaller --scale or --size, or a lower --fps")
            throw ExitCode(1)
        }
        let player = Player(title: title, frames: frames,
                            options: Player.Options(speed: terminal.speed, ending: terminal.loop ? .loop : (watch ? .hold : .stop),
                                                    graphics: terminal.graphics.mode))
        player.show(problem: problems.first)
        if watch { watchWhilePlaying(runs, painter: painter, player: player) }
        let ending: Player.Outcome
        do {
            ending = try player.play()
        } catch let error as TerminalError {
            Output.error("\(error)")
            throw ExitCode(1)
        }
        if case .interrupted(let signal) = ending {
            // Ended as the signal would have ended it, so that a shell or a script
            // running this knows it was interrupted.
            Foundation.signal(signal, SIG_DFL)
            raise(signal)
        }
        if runs.contains(where: \.failed) { throw ExitCode(1) }
    }

    /// The moments up to when the runs settle (the player holds the last one), drawn.
    func playerFrames(_ runs: [PreviewMovie.Run], painter: any ScreenPainter, progress: ProgressBar?) throws -> [Player.Frame] {
        let movie = PreviewMovie(runs: runs, renderer: FrameBatch(scale: Double(scale), painter: painter),
                                 runRenderers: try screens(for: runs, base: painter).mapValues { FrameBatch(scale: Double(scale), painter: $0) })
        let shown = movie.times.indices.filter { movie.times[$0] <= movie.settled + 1e-9 }
        let (width, height) = movie.size
        try Self.checkHeld(shown.count, width: width, height: height, limit: Self.heldPixelLimit)
        defer { progress?.finish() }
        let images = try movie.pictures(shown) { progress?.update(done: $0, of: $1) }
        return zip(shown, images).map { Player.Frame(time: movie.times[$0], image: $1) }
    }

    /// Watches the entries' folders on a thread of its own while the player
    /// plays: nothing may be printed over the picture, so each run's problem
    /// goes to the status line, and a good edit's frames replace the old.
    func watchWhilePlaying(_ runs: [PreviewMovie.Run], painter: any ScreenPainter, player: Player) {
        let watch = Watch(files: runs.map(\.file), writing: [], quiet: true)
        let preview = self
        let thread = Thread {
            watch.forEachChange {
                let result = Result { try preview.runEntries(quiet: true) }
                guard case .success(let (runs, problems)) = result else {
                    // A file gone or unreadable: said on the status line, not over the picture.
                    if case .failure(let error) = result {
                        player.show(problem: ((error as? ValidationError)?.message ?? "\(error)").escapingControlCharacters)
                    }
                    return
                }
                if runs.contains(where: { !$0.frames.isEmpty }),
                   let frames = try? preview.playerFrames(runs, painter: painter, progress: nil) {
                    player.replace(frames: frames)
                }
                player.show(problem: problems.first)
            }
        }
        thread.start()
    }
}

import ArgumentParser
import Foundation
import LuaBindings
import Raster
import TerminalPlayer

/// `preview`'s options for playing in the terminal, which it does when there is no --out.
struct TerminalOptions: ParsableArguments {
    @Option(help: ArgumentHelp("With no --out: play at this speed (0.25 is four times slower).", valueName: "FACTOR"))
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
        guard speed.isFinite, speed > 0 else { throw ValidationError("--speed takes a positive number, like 0.25 or 2; got \(speed)") }
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

    /// Plays the run in the terminal: the frames are all drawn first (a progress bar
    /// on standard error), then played. Exits as `--out` does (1 for a script's
    /// errors, shown on the status line too), or as the signal that stopped it.
    func playInTerminal() throws {
        // Where it goes is checked before any work goes into it.
        do {
            try Player.check()
        } catch let error as TerminalError {
            Output.error("cannot play here: \(error); write a file instead: --out x.gif, --out x.png or --out x.html")
            throw ExitCode(64)
        }
        let painter: any ScreenPainter
        do {
            painter = try screens()
        } catch let error as ValidationError {
            Output.error("\(error.message)")
            throw ExitCode(64)
        }
        let (file, outcome, _) = try scenarioArguments.run(entry, catalogue: options, fps: fps, sampling: false, rendering: true)
        ScenarioArguments.report(outcome, entry: file.stem)
        let frames = Self.shown(outcome)
        guard !frames.isEmpty else {
            if outcome.errors.isEmpty { Output.error("\(file.stem): nothing to preview: no frame was drawn") }
            throw ExitCode(1)
        }
        let renderer = FrameBatch(scale: Double(scale), painter: painter)
        let (width, height) = Self.canvas(of: frames, renderer: renderer)
        let images: [Image]
        do {
            try Self.checkHeld(frames.count, width: width, height: height, limit: Self.heldPixelLimit)
            let progress = ProgressBar(label: "rendering \(file.stem)")
            defer { progress.finish() }
            images = try renderer.render(frames) { progress.update(done: $0, of: frames.count) }
                .map { Self.padded($0, width: width, height: height) }
        } catch let error as RasterError {
            Output.error("\(file.stem): \(error); use a smaller --scale or --size, or a lower --fps")
            throw ExitCode(1)
        }
        let player = Player(title: file.stem, frames: zip(frames, images).map { Player.Frame(time: $0.time, image: $1) },
                            options: Player.Options(speed: terminal.speed, ending: terminal.loop ? .loop : .stop,
                                                    graphics: terminal.graphics.mode))
        if let error = outcome.errors.first {
            player.show(problem: ([error.location?.description].compactMap { $0 } + [error.message]).joined(separator: ": "))
        }
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
        if !outcome.errors.isEmpty { throw ExitCode(1) }
    }
}

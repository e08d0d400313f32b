import ArgumentParser
import Encoders
import Foundation
import Geometry
import HTMLPlayer
import LuaBindings
import LuaRuntime
import Raster
import RenderTree
import TextSafety
import Transitions

struct Preview: ParsableCommand, Displayed {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "See a transition: play it in the terminal, or render its frames to a GIF, a PNG contact sheet or an HTML player.",
        discussion: """
            Runs the same scenario as `segue run` with the same options, keeps what is on screen at \
            every frame, and draws it as Core Animation would. --out x.gif writes a looping GIF in \
            real time; --out x.png a contact sheet of --frames frames, each labelled with its time \
            and the transition's progress; --at T --out x.png the one frame nearest T seconds; \
            --out x.html a self-contained player page: play, scrub, step frames, the hooks on a timeline \
            and the screens' position, opacity, scale and rotation plotted over time. \
            The presenting and presented screens are drawn as an app's list and detail screens \
            (--scene plain: each view only its own colour; --from A.png --to B.png: your screenshots). \
            Errors in the script are reported as `check` reports them and the exit status is 1. \
            With no --out it plays in the terminal: Space pauses, ←/→ step a frame, q quits.

            Examples:
              segue preview flip
              segue preview flip --out flip.gif
              segue preview half-sheet --out sheet.png --frames 8
              segue preview page-curl --at 0.3 --out curl.png --device iphone-15 --scale 3
              segue preview fade flip --out both.gif
              segue preview push --pop --out push.gif
              segue preview my-entry.lua --watch --out my.html
            """
    )

    @Argument(help: ArgumentHelp("An entry name or a .lua file; several to compare them side by side, or one entry with "
                                 + "different parameters: 'half-sheet(dimming: 0.2)' 'half-sheet(dimming: 0.7)'.",
                                 valueName: "ENTRY"), completion: .custom(Completion.entries))
    var entries: [String] = []

    @Option(help: ArgumentHelp("The file to write: .gif (an animation), .png (a contact sheet, or one frame with --at) or "
                               + ".html (a player page); none: play in the terminal.",
                               valueName: "FILE"), completion: .file(extensions: ["gif", "png", "html"]))
    var out: String?

    @OptionGroup var scenarioArguments: ScenarioArguments

    @Option(parsing: .unconditional, help: "Frames a second (a GIF shows at most 50: its delays are whole hundredths, at least 2).",
            transform: DecimalOption.parse)
    var fps = 30.0

    @Option(parsing: .unconditional, help: ArgumentHelp("Device pixels a point: 1, 2 or 3.", valueName: "N"))
    var scale = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("With a .png: the one frame nearest this many seconds into the run.", valueName: "SECONDS"),
            transform: DecimalOption.parse)
    var at: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames on a contact sheet, evenly spaced, the first and the last included (default: 12).", valueName: "N"))
    var frames: Int?

    @Option(help: ArgumentHelp("What the screens show: standard (an app's list and detail screens) or plain (each view only its colour).",
                               valueName: "SCENE"))
    var scene = SceneChoice.standard

    @Option(help: ArgumentHelp("A PNG screenshot to show as the presenting screen.", valueName: "FILE"), completion: .file(extensions: ["png"]))
    var from: String?

    @Option(help: ArgumentHelp("A PNG screenshot to show as the presented screen.", valueName: "FILE"), completion: .file(extensions: ["png"]))
    var to: String?

    @Flag(help: "Keep running: draw again whenever the entry's file, or a file beside it, changes (Ctrl-C stops).")
    var watch = false

    @OptionGroup var options: CatalogueOptions
    @OptionGroup var display: DisplayOptions

    @OptionGroup var terminal: TerminalOptions

    enum SceneChoice: String, ExpressibleByArgument, CaseIterable {
        case standard, plain
    }

    enum Format { case gif, sheet, frame, html, terminal }

    /// Panels side by side, at most: more are too narrow to tell apart.
    static let comparedLimit = 4

    func validate() throws {
        guard !entries.isEmpty else { throw ValidationError("give an entry to preview (a name, or a .lua file)") }
        guard entries.count <= Self.comparedLimit else {
            throw ValidationError("compare at most \(Self.comparedLimit) entries side by side, not \(entries.count)")
        }
        // Written name(key: value, …) wrong: said here, with preview's usage.
        for entry in entries { _ = try Target.parse(entry) }
        guard fps.isFinite, fps >= 1, fps <= Self.fpsLimit else { throw ValidationError("--fps must be between 1 and \(Int(Self.fpsLimit)), got \(fps)") }
        guard [1, 2, 3].contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3, got \(scale)") }
        if let frames, !(1...200).contains(frames) { throw ValidationError("--frames must be between 1 and 200, got \(frames)") }
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at takes seconds from 0, got \(at)") }
        if scene == .plain && (from != nil || to != nil) {
            throw ValidationError("--scene plain draws no screens: leave out --from and --to")
        }
        try validateTerminal(try format())
    }

    func format() throws -> Format {
        guard let out else { return .terminal }
        switch URL(fileURLWithPath: out).pathExtension.lowercased() {
        case "gif":
            if at != nil { throw ValidationError("--at picks one frame for a .png; a .gif shows them all") }
            if frames != nil { throw ValidationError("--frames is for a contact sheet (.png); a .gif shows every frame at --fps") }
            return .gif
        case "png":
            if at != nil && frames != nil { throw ValidationError("--at writes one frame: leave out --frames") }
            return at == nil ? .sheet : .frame
        case "html":
            if at != nil { throw ValidationError("--at picks one frame for a .png; the player shows them all (open it at a time with #t=SECONDS)") }
            if frames != nil { throw ValidationError("--frames is for a contact sheet (.png); the player shows every frame at --fps") }
            return .html
        default: throw ValidationError("--out must end in .gif, .png or .html, got '\(out)'")
        }
    }

    func run() throws {
        let format = try format()
        if format == .terminal { return try playInTerminal() }
        // Where it goes and what it shows are checked before any work goes into it.
        // A place it cannot write to is the command line's mistake, as gallery's --out is (64).
        if let out, let problem = OutputFile.problem(writing: out) {
            Output.error("\(problem)")
            throw ExitStatus.usage
        }
        let painter = try screensOrUsageError()
        let runs = try runEntries().runs
        let failed = try write(runs, painter: painter, painters: try screens(for: runs, base: painter), format: format)
        if watch {
            Watch(files: runs.map(\.file), writing: (out.map { [$0] } ?? []) + (sidecar.map { [$0] } ?? [])).forEachChange {
                // A broken edit is reported (file:line) and the watch goes on to the next one.
                do {
                    let runs = try runEntries().runs
                    _ = try write(runs, painter: painter, painters: try screens(for: runs, base: painter), format: format)
                } catch is ExitCode {
                    // Already said.
                } catch {
                    Output.error("\(error)")
                }
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// Each entry run once with the scenario options; its problems printed as
    /// `check` prints them, or (quiet, while a picture is on the terminal)
    /// returned, the first of each run's, as "file:line: message".
    func runEntries(quiet: Bool = false) throws -> (runs: [PreviewMovie.Run], problems: [String]) {
        var runs: [PreviewMovie.Run] = [], problems: [String] = []
        for entry in entries {
            let (file, outcome, _, loadProblem) = try scenarioArguments.attempt(entry, catalogue: options, fps: fps, sampling: false,
                                                                              rendering: true, quiet: quiet)
            if let outcome, !quiet { ScenarioArguments.report(outcome, entry: file.stem) }
            let frames = outcome.map(Self.shown) ?? []
            if let problem = loadProblem ?? outcome?.errors.first {
                problems.append(([problem.location?.description].compactMap { $0 } + [problem.message]).joined(separator: ": "))
            } else if frames.isEmpty {
                // Problems already said why; otherwise say it here.
                let nothing = "\(file.stem): nothing to preview: no frame was drawn"
                problems.append(nothing)
                if !quiet { Output.error(nothing) }
            }
            // A file's name is the catalogue author's: no terminal escapes from it on the status line or a picture.
            let label = (entries.count > 1 ? entry : file.stem).escapingControlCharacters
            runs.append(PreviewMovie.Run(label: label, file: file, outcome: outcome, frames: frames))
        }
        return (runs, problems)
    }

    /// The frames worth showing: all of them, but when the transition never
    /// ends (or the script failed) only up to a second past the last thing
    /// that happened, not the ten seconds the engine waits before giving up.
    static func shown(_ outcome: ScenarioOutcome) -> [RenderFrame] {
        guard !outcome.errors.isEmpty, let lastHook = outcome.trace?.hooks.last?.time else { return outcome.frames }
        return outcome.frames.filter { $0.time <= lastHook + 1 }
    }

    /// Frames held at once for a GIF, a page or the terminal: 256 MB of
    /// pixels (four entries compared over a second at 30 fps take 43
    /// million); with the panels they are composed from and the encoder's
    /// copies (straight alpha, indexed), a preview stays under 1 GiB.
    static let heldPixelLimit = 64_000_000

    /// The most frames a second a preview draws.
    static let fpsLimit = 240.0

    /// A contact sheet's frames, and so about the sheet's own size: a PNG
    /// of 24 million pixels is already more than anyone opens.
    static let sheetPixelLimit = 24_000_000

    static func checkHeld(_ count: Int, width: Int, height: Int, limit: Int) throws {
        let pixels = count * width * height
        guard pixels <= limit else {
            throw RasterError.tooLarge(what: "\(count) frames of \(width)×\(height)", pixels: pixels, limit: limit)
        }
    }

    /// The scale a contact sheet's frames are drawn at: the one asked for,
    /// or the largest smaller one whose frames fit the sheet's limit.
    static func sheetScale(for frames: [RenderFrame], count: Int, asked: Int) -> Int {
        let largest = frames.reduce(Size.zero) { Size(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height)) }
        var scale = asked
        while scale > 1 && Double(count) * largest.width * largest.height * Double(scale * scale) > Double(sheetPixelLimit) { scale -= 1 }
        return scale
    }

    static func padded(_ image: Image, width: Int, height: Int) -> Image {
        guard image.width != width || image.height != height else { return image }
        var canvas = Image(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4))
        for i in stride(from: 3, to: canvas.pixels.count, by: 4) { canvas.pixels[i] = 255 }
        let (dx, dy) = ((width - image.width) / 2, (height - image.height) / 2)
        for y in 0..<min(image.height, height) {
            let from = y * image.width * 4, to = ((y + dy) * width + dx) * 4
            canvas.pixels.replaceSubrange(to..<to + min(image.width, width) * 4, with: image.pixels[from..<from + min(image.width, width) * 4])
        }
        return canvas
    }

    /// What the screens show, or exit 64 saying why (a --from/--to picture that cannot be used).
    func screensOrUsageError() throws -> any ScreenPainter {
        do {
            return try screens()
        } catch let error as ValidationError {
            Output.error("\(error.message)")
            throw ExitCode(64)
        }
    }

    /// The runs whose entry names its own picture (`picture`) and the painter that shows it as their presented screen,
    /// by index; none when --to gives the presented screen or the scene is plain. A picture that cannot be drawn stops
    /// the preview (exit 1), saying which.
    /// `base` is the preview's own painter, whose --from screenshot (already read) the pictures' painters share.
    func screens(for runs: [PreviewMovie.Run], base: any ScreenPainter) throws -> [Int: any ScreenPainter] {
        guard to == nil, scene == .standard else { return [:] }
        let fromImage = (base as? ImageScene)?.from
        var painters: [Int: any ScreenPainter] = [:]
        for (index, run) in runs.enumerated() {
            do {
                painters[index] = try EntryPicture.painter(run.file, run.outcome, from: fromImage, style: scenarioArguments.appearance ?? .light)
            } catch let error as ValidationError {
                Output.error("\(error.message)")
                throw ExitCode(1)
            }
        }
        return painters
    }

    /// What the screens show.
    func screens() throws -> any ScreenPainter {
        switch scene {
        case .plain: return PlainScene()
        case .standard:
            let style = scenarioArguments.appearance ?? .light
            guard from != nil || to != nil else { return StandardScene(style: style) }
            return ImageScene(from: try from.map(Self.screenshot), to: try to.map(Self.screenshot), style: style)
        }
    }

    static func screenshot(_ path: String) throws -> Image {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw ValidationError("\(path): no such file")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw ValidationError("\(path): is a folder, not a PNG file")
        default: throw ValidationError("\(path): is not a regular file (a device, a pipe or a socket); give a PNG file")
        }
        do {
            return try PNGDecoder.decode(contentsOf: path)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// `count` frames spread evenly over the run, the first and the last among them.
    static func evenlySpaced<T>(_ frames: [T], count: Int) -> [T] {
        guard frames.count > count, count > 1 else { return count == 1 ? [frames[frames.count - 1]] : frames }
        // Typed step by step: as one expression it took swiftc over a second to type-check (twice a build).
        let (last, gaps) = (Double(frames.count - 1), Double(count - 1))
        return (0..<count).map { (index: Int) -> T in frames[Int((Double(index) * last / gaps).rounded())] }
    }
}

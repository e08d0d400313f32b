import ArgumentParser
import Encoders
import Foundation
import Geometry
import LuaBindings
import Transitions
import Raster
import RenderTree

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "See a transition: play it in the terminal, or render its frames to a GIF or a PNG contact sheet.",
        discussion: """
            Runs the same scenario as `segue run` with the same options, keeps what is on screen at \
            every frame, and draws it as Core Animation would. --out x.gif writes a looping GIF in \
            real time; --out x.png a contact sheet of --frames frames, each labelled with its time \
            and the transition's progress; --at T --out x.png the one frame nearest T seconds. \
            The presenting and presented screens are drawn as an app's list and detail screens \
            (--scene plain: each view only its own colour; --from A.png --to B.png: your screenshots). \
            Errors in the script are reported as `check` reports them and the exit status is 1. \
            With no --out it plays in the terminal: Space pauses, ←/→ step a frame, q quits.
            """
    )

    @Argument(help: ArgumentHelp("An entry name or a .lua file.", valueName: "ENTRY"))
    var entry: String

    @Option(help: ArgumentHelp("The file to write: .gif (an animation) or .png (a contact sheet, or one frame with --at); "
                               + "none: play in the terminal.",
                               valueName: "FILE"))
    var out: String?

    @OptionGroup var scenarioArguments: ScenarioArguments

    @Option(help: "Frames a second (a GIF shows at most 50: its delays are whole hundredths, at least 2).")
    var fps = 30.0

    @Option(help: ArgumentHelp("Device pixels a point: 1, 2 or 3.", valueName: "N"))
    var scale = 1

    @Option(help: ArgumentHelp("With a .png: the one frame nearest this many seconds into the run.", valueName: "SECONDS"))
    var at: Double?

    @Option(help: ArgumentHelp("Frames on a contact sheet, evenly spaced, the first and the last included (default: 12).", valueName: "N"))
    var frames: Int?

    @Option(help: ArgumentHelp("What the screens show: standard (an app's list and detail screens) or plain (each view only its colour).",
                               valueName: "SCENE"))
    var scene = SceneChoice.standard

    @Option(help: ArgumentHelp("A PNG screenshot to show as the presenting screen.", valueName: "FILE"))
    var from: String?

    @Option(help: ArgumentHelp("A PNG screenshot to show as the presented screen.", valueName: "FILE"))
    var to: String?

    @OptionGroup var options: CatalogueOptions

    @OptionGroup var terminal: TerminalOptions

    enum SceneChoice: String, ExpressibleByArgument, CaseIterable {
        case standard, plain
    }

    enum Format { case gif, sheet, frame, terminal }

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240, got \(fps)") }
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
        default: throw ValidationError("--out must end in .gif or .png, got '\(out)'")
        }
    }

    func run() throws {
        let format = try format()
        if format == .terminal { return try playInTerminal() }
        // Where it goes and what it shows are checked before any work goes into it.
        if let out, let problem = OutputFile.problem(writing: out) {
            Output.error("\(problem)")
            throw ExitCode(1)
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
        guard let last = frames.last, let out else {
            // Problems already said why; otherwise say it here.
            if outcome.errors.isEmpty { Output.error("\(file.stem): nothing to preview: no frame was drawn") }
            throw ExitCode(1)
        }
        let sheetCount = format == .sheet ? min(self.frames ?? 12, frames.count) : 1
        let drawingScale = Self.sheetScale(for: frames, count: sheetCount, asked: scale)
        if drawingScale < scale {
            FileHandle.standardError.write(Data(("note: the sheet's \(sheetCount) frames are drawn at @\(drawingScale)×, not @\(scale)×, "
                + "to keep it under \(Self.sheetPixelLimit / 1_000_000) million pixels; give fewer --frames for more detail\n").utf8))
        }
        let renderer = FrameBatch(scale: Double(drawingScale), painter: painter)
        let (width, height) = Self.canvas(of: frames, renderer: renderer)
        let progress = ProgressBar(label: "rendering \(file.stem)")
        defer { progress.finish() }
        /// The frames drawn on every core, each centred on the largest frame's canvas.
        func pictures(_ chosen: [RenderFrame]) throws -> [Image] {
            try renderer.render(chosen) { progress.update(done: $0, of: chosen.count) }
                .map { Self.padded($0, width: width, height: height) }
        }
        let data: Data
        do {
            switch format {
            case .terminal:
                return  // played by playInTerminal, above
            case .frame:
                let target = at ?? 0
                // The frame nearest the time asked for; past the last frame by more than a frame is a mistake.
                guard target <= last.time + 1 / fps else {
                    Output.error("\(file.stem): --at \(target): the run's last frame is at \(String(format: "%.4f", last.time)) s")
                    throw ExitCode(64)
                }
                let frame = frames.min { abs($0.time - target) < abs($1.time - target) } ?? last
                data = try PNGEncoder.encode(try pictures([frame])[0])
            case .sheet:
                let count = self.frames ?? 12
                let chosen = Self.evenlySpaced(frames, count: count)
                // Fewer frames than asked for says something about --fps only when the run was not cut short.
                if chosen.count < count && outcome.errors.isEmpty {
                    FileHandle.standardError.write(Data("note: the run has \(chosen.count) frames at --fps \(Int(fps)); raise --fps for more\n".utf8))
                }
                try Self.checkHeld(chosen.count, width: width, height: height, limit: Self.sheetPixelLimit)
                let rendered = zip(try pictures(chosen), chosen).map { (image: $0, label: Self.label($1)) }
                let device = scenarioArguments.size == nil ? " · \(try scenarioArguments.namedDevice().title)" : ""
                let title = "\(file.stem) · \(scenarioArguments.title)\(device)"
                data = try PNGEncoder.encode(try ContactSheet.compose(title: title, frames: rendered, columns: nil, scale: Double(scale)))
            case .gif:
                let start = frames[0].time
                // The animation lasts as long as the run showed something
                // changing (its last hook), then holds the last picture a moment.
                var settled = min(last.time, outcome.trace?.hooks.last?.time ?? last.time)
                if settled < frames.dropLast().last?.time ?? 0 { settled = last.time }  // animations ran on past the last hook
                let end = settled + Self.endPause
                let timing = GIFTiming.frames(times: frames.map { $0.time - start }, end: end - start)
                try Self.checkHeld(timing.count, width: width, height: height, limit: Self.heldPixelLimit)
                let images = try pictures(timing.map { frames[$0.index] })
                data = try GIFEncoder.encode(zip(images, timing).map { GIFFrame(image: $0, delay: $1.delay) })
            }
        } catch let error as RasterError {
            progress.finish()
            var advice = ""
            if case .tooLarge = error {
                advice = format == .gif ? "; use a smaller --scale or --size, or a lower --fps" : "; use a smaller --scale or --size"
            }
            Output.error("\(file.stem): \(error)\(advice)")
            throw ExitCode(1)
        }
        progress.finish()
        try OutputFile.write(data, to: out)
        FileHandle.standardError.write(Data("wrote \(out) (\(ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file)))\n".utf8))
        if !outcome.errors.isEmpty { throw ExitCode(1) }
    }

    /// The frames worth showing: all of them, but when the transition never
    /// ends (or the script failed) only up to a second past the last thing
    /// that happened, not the ten seconds the engine waits before giving up.
    static func shown(_ outcome: ScenarioOutcome) -> [RenderFrame] {
        guard !outcome.errors.isEmpty, let lastHook = outcome.trace?.hooks.last?.time else { return outcome.frames }
        return outcome.frames.filter { $0.time <= lastHook + 1 }
    }

    /// A GIF's frames held at once: 160 MB of pixels; the encoder's copies
    /// (straight alpha, indexed) keep a whole preview well under 1 GiB.
    static let heldPixelLimit = 40_000_000

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

    /// Every frame on one canvas: the largest window of the run (a rotation
    /// turns the window, and a GIF or a sheet has one size), each frame centred on black.
    static func canvas(of frames: [RenderFrame], renderer: FrameBatch) -> (Int, Int) {
        frames.reduce((1, 1)) { size, frame in
            let (w, h) = renderer.pixelSize(of: frame.size)
            return (max(size.0, w), max(size.1, h))
        }
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

    /// Seconds a GIF holds its last frame before it loops.
    static let endPause = 0.6

    /// What the screens show.
    func screens() throws -> any ScreenPainter {
        switch scene {
        case .plain: return PlainScene()
        case .standard:
            guard from != nil || to != nil else { return StandardScene() }
            return ImageScene(from: try from.map(Self.screenshot), to: try to.map(Self.screenshot))
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
    static func evenlySpaced(_ frames: [RenderFrame], count: Int) -> [RenderFrame] {
        guard frames.count > count, count > 1 else { return count == 1 ? [frames[frames.count - 1]] : frames }
        return (0..<count).map { frames[Int((Double($0) * Double(frames.count - 1) / Double(count - 1)).rounded())] }
    }

    /// "0.250 s · 42 %", or the time alone when no transition is running.
    static func label(_ frame: RenderFrame) -> String {
        let time = String(format: "%.3f s", frame.time)
        guard let progress = frame.progress else { return time }
        return "\(time) · \(Int((progress * 100).rounded())) %"
    }
}

import ArgumentParser
import Encoders
import Foundation
import Geometry
import LuaBindings
import Raster
import RenderTree

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "See a transition: render its frames to a GIF or a PNG contact sheet.",
        discussion: """
            Runs the same scenario as `segue run` with the same options, keeps what is on screen at \
            every frame, and draws it as Core Animation would. --out x.gif writes a looping GIF in \
            real time; --out x.png a contact sheet of --frames frames, each labelled with its time \
            and the transition's progress; --at T --out x.png the one frame nearest T seconds. \
            The presenting and presented screens are drawn as an app's list and detail screens \
            (--scene plain: each view only its own colour; --from A.png --to B.png: your screenshots). \
            Errors in the script are reported as `check` reports them and the exit status is 1.
            """
    )

    @Argument(help: ArgumentHelp("An entry name or a .lua file.", valueName: "ENTRY"))
    var entry: String

    @Option(help: ArgumentHelp("The file to write: .gif (an animation) or .png (a contact sheet, or one frame with --at).",
                               valueName: "FILE"))
    var out: String?

    @OptionGroup var scenarioArguments: ScenarioArguments

    @Option(help: "Frames a second (a GIF shows at most 50: its delays are whole hundredths, at least 2).")
    var fps = 30.0

    @Option(help: ArgumentHelp("Device pixels a point: 1, 2 or 3.", valueName: "N"))
    var scale = 1

    @Option(help: ArgumentHelp("With a .png: the one frame nearest this many seconds into the run.", valueName: "SECONDS"))
    var at: Double?

    @Option(help: ArgumentHelp("Frames on a contact sheet, evenly spaced, the first and the last included.", valueName: "N"))
    var frames = 12

    @Option(help: ArgumentHelp("What the screens show: standard (an app's list and detail screens) or plain (each view only its colour).",
                               valueName: "SCENE"))
    var scene = SceneChoice.standard

    @Option(help: ArgumentHelp("A PNG screenshot to show as the presenting screen.", valueName: "FILE"))
    var from: String?

    @Option(help: ArgumentHelp("A PNG screenshot to show as the presented screen.", valueName: "FILE"))
    var to: String?

    @OptionGroup var options: CatalogueOptions

    enum SceneChoice: String, ExpressibleByArgument, CaseIterable {
        case standard, plain
    }

    enum Format { case gif, sheet, frame }

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be between 1 and 240, got \(fps)") }
        guard [1, 2, 3].contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3, got \(scale)") }
        guard (1...200).contains(frames) else { throw ValidationError("--frames must be between 1 and 200, got \(frames)") }
        if let at, !(at.isFinite && at >= 0) { throw ValidationError("--at takes seconds from 0, got \(at)") }
        if scene == .plain && (from != nil || to != nil) {
            throw ValidationError("--scene plain draws no screens: leave out --from and --to")
        }
        _ = try format()
    }

    func format() throws -> Format {
        guard let out else {
            throw ValidationError("give --out FILE.gif or --out FILE.png (the player in the terminal is not there yet)")
        }
        switch URL(fileURLWithPath: out).pathExtension.lowercased() {
        case "gif":
            if at != nil { throw ValidationError("--at picks one frame for a .png; a .gif shows them all") }
            return .gif
        case "png": return at == nil ? .sheet : .frame
        default: throw ValidationError("--out must end in .gif or .png, got '\(out)'")
        }
    }

    func run() throws {
        let format = try format()
        let painter = try screens()
        let (file, outcome, _) = try scenarioArguments.run(entry, catalogue: options, fps: fps, sampling: false, rendering: true)
        ScenarioArguments.report(outcome, entry: file.stem)
        guard let last = outcome.frames.last, let out else {
            Output.error("\(file.stem): nothing to preview: the run ended before its first frame")
            throw ExitCode(1)
        }
        let renderer = Renderer(scale: Double(scale), painter: painter)
        let progress = ProgressBar(label: "rendering \(file.stem)")
        defer { progress.finish() }
        let data: Data
        switch format {
        case .frame:
            let target = at ?? 0
            let frame = outcome.frames.min { abs($0.time - target) < abs($1.time - target) } ?? last
            data = try PNGEncoder.encode(try renderer.render(frame))
        case .sheet:
            let chosen = Self.evenlySpaced(outcome.frames, count: frames)
            var rendered: [(image: Image, label: String)] = []
            for (i, frame) in chosen.enumerated() {
                rendered.append((try renderer.render(frame), Self.label(frame)))
                progress.update(done: i + 1, of: chosen.count)
            }
            let device = scenarioArguments.size == nil ? " · \(try scenarioArguments.namedDevice().title)" : ""
            let title = "\(file.stem) · \(scenarioArguments.title)\(device)"
            data = try PNGEncoder.encode(try ContactSheet.compose(title: title, frames: rendered, columns: nil, scale: Double(scale)))
        case .gif:
            let start = outcome.frames[0].time
            // The last picture stays up a moment before the loop starts again.
            let timing = GIFTiming.frames(times: outcome.frames.map { $0.time - start }, end: last.time - start + Self.endPause)
            var gifFrames: [GIFFrame] = []
            for (i, step) in timing.enumerated() {
                gifFrames.append(GIFFrame(image: try renderer.render(outcome.frames[step.index]), delay: step.delay))
                progress.update(done: i + 1, of: timing.count)
            }
            data = try GIFEncoder.encode(gifFrames)
        }
        progress.finish()
        try OutputFile.write(data, to: out)
        FileHandle.standardError.write(Data("wrote \(out) (\(ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file)))\n".utf8))
        if !outcome.errors.isEmpty { throw ExitCode(1) }
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
        let url = URL(fileURLWithPath: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size else { throw ValidationError("\(path): no such file") }
        guard size <= PNGDecoder.maximumFileBytes else {
            throw ValidationError("\(path): \(size) bytes is larger than a screenshot can be (\(PNGDecoder.maximumFileBytes) bytes at most)")
        }
        do {
            return try PNGDecoder.decode(try Data(contentsOf: url))
        } catch {
            throw ValidationError("\(path): \(error)")
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

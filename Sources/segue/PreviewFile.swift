import ArgumentParser
import Encoders
import Foundation
import HTMLPlayer
import LuaRuntime
import Raster
import TextSafety

/// `segue preview … --out FILE`: the runs drawn and written as a GIF, a
/// contact sheet, one frame or a player page.
extension Preview {
    /// Draws the runs and writes the file. Returns whether a run failed (its
    /// problems were printed; what it drew before is still shown).
    /// - Parameter painters: runs whose screens a painter of their own shows (an entry's picture), by index.
    func write(_ runs: [PreviewMovie.Run], painter: any ScreenPainter, painters: [Int: any ScreenPainter] = [:], format: Format) throws -> Bool {
        let failed = runs.contains(where: \.failed)
        guard runs.contains(where: { !$0.frames.isEmpty }), let out else { throw ExitCode(1) }

        // Only a contact sheet is drawn smaller to fit: one frame is drawn as asked (up to a frame's
        // limit), and a GIF's or page's frames too, or refused by the limit on frames held.
        let sheetCount = min(self.frames ?? 12, runs.map(\.frames.count).max() ?? 1)
        let drawingScale = format == .sheet ? Self.sheetScale(for: runs.flatMap(\.frames), count: sheetCount * runs.count, asked: scale) : scale
        if drawingScale < scale {
            Output.standardError("note: the sheet's \(sheetCount) frames are drawn at @\(drawingScale)×, not @\(scale)×, "
                + "to keep it under \(Self.sheetPixelLimit / 1_000_000) million pixels; give fewer --frames for more detail\n")
        }
        let movie = PreviewMovie(runs: runs, renderer: FrameBatch(scale: Double(drawingScale), painter: painter),
                                 runRenderers: painters.mapValues { FrameBatch(scale: Double(drawingScale), painter: $0) })
        let name = runs.map(\.file.stem).joined(separator: " vs ")
        let progress = ProgressBar(label: "rendering \(name)")
        defer { progress.finish() }
        let (width, height) = movie.size
        let data: Data
        do {
            switch format {
            case .terminal:
                return false  // played by playInTerminal, never written
            case .frame:
                let target = at ?? 0
                let last = movie.times.last ?? 0
                // The frame nearest the time asked for; past the last frame by more than a frame is a mistake.
                guard target <= last + 1 / fps else {
                    // A run its problems cut short (printed above) is the entry's failure, not the flag's.
                    let why = failed ? "the run was cut short: its last frame drawn" : "the run's last frame"
                    Output.error("\(name): --at \(target): \(why) is at \(String(format: "%.4f", last)) s")
                    throw ExitCode(failed ? 1 : 64)
                }
                let nearest = movie.times.indices.min { abs(movie.times[$0] - target) < abs(movie.times[$1] - target) } ?? 0
                data = try PNGEncoder.encode(try movie.pictures([nearest])[0])
            case .sheet:
                let count = self.frames ?? 12
                let chosen = Self.evenlySpaced(Array(movie.times.indices), count: count)
                // Fewer frames than asked for says something about --fps only when the run was not cut short.
                if chosen.count < count && !failed {
                    // Raising --fps helps only where the highest rate gives the run more frames than it has.
                    let lasts = movie.times.last ?? 0
                    let advice = (lasts * Self.fpsLimit).rounded(.down) + 1 > Double(chosen.count) ? "; raise --fps for more" : ""
                    Output.standardError("note: the run has \(chosen.count) frame\(chosen.count == 1 ? "" : "s") at --fps \(String(format: "%g", fps)) "
                        + "(it lasts \(String(format: "%.3f", lasts)) s)\(advice)\n")
                }
                try Self.checkHeld(chosen.count, width: width, height: height, limit: Self.sheetPixelLimit)
                let pictures = try movie.pictures(chosen) { progress.update(done: $0, of: $1) }
                let rendered = zip(pictures, chosen).map { (image: $0, label: movie.label($1)) }
                let device = scenarioArguments.size == nil ? " · \(try scenarioArguments.namedDevice().title)" : ""
                let title = "\(runs.map(\.label).joined(separator: " · ")) · \(scenarioArguments.title)\(device)"
                data = try PNGEncoder.encode(try ContactSheet.compose(title: title, frames: rendered, columns: runs.count > 1 ? 2 : nil,
                                                                      scale: Double(scale)))
            case .gif:
                let timing = movie.gifTiming
                try Self.checkHeld(timing.count, width: width, height: height, limit: Self.heldPixelLimit)
                let images = try movie.pictures(timing.map(\.index)) { progress.update(done: $0, of: $1) }
                progress.finish()
                progress.label = "encoding \(name)"
                data = try GIFEncoder.encode(zip(images, timing).map { GIFFrame(image: $0, delay: $1.delay) }) {
                    progress.update(done: $0, of: timing.count)
                }
            case .html:
                data = try playerPage(movie, watch: sidecar.map { URL(fileURLWithPath: $0).lastPathComponent })
            }
        } catch let error as RasterError {
            progress.finish()
            var advice = ""
            if case .tooLarge = error {
                advice = format == .sheet || format == .frame ? "; use a smaller --scale or --size"
                    : "; use a lower --fps, a smaller --scale or --size, or fewer entries"
            }
            Output.error("\(name): \(error)\(advice)")
            throw ExitCode(1)
        }
        progress.finish()
        try OutputFile.write(data, to: out)
        // Written after the page, so a watching page that sees the new version loads the new page.
        if let sidecar { try OutputFile.write(WatchSidecar.script(version: Self.version(of: data)), to: sidecar) }
        Output.standardError("wrote \(out.escapingControlCharacters) (\(ByteCountFormatter.string(fromByteCount: Int64(data.count), countStyle: .file)))\n")
        return failed
    }

    /// A watched page's sidecar script beside it (`x.html` → `x.html.watch.js`): the open page
    /// polls it and reloads when the version it names changes. No server, no network request.
    var sidecar: String? {
        guard watch, let out, (try? format()) == .html else { return nil }
        return out + ".watch.js"
    }

    /// The page's version for its sidecar: a hash of its bytes (FNV-1a), so an
    /// edit that changes nothing drawn does not reload the page.
    static func version(of data: Data) -> String {
        String(data.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }, radix: 16)
    }
}
